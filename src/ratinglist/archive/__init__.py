"""Pure rules about the archive of imported results files (no database, no I/O).

`archive.duplicates`: the same games sent twice under two file names.
`archive.plausibility`: warnings on a results file whose games the rounds cannot hold.
`archive.selfgames`: games that a merge turned into a player against himself.
"""
