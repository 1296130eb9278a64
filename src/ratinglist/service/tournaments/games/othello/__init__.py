"""Othello's own use cases: the set-up page's flags and pair rules, new players' temporary IDs,
the intake's check of the finals, the replay of a results file."""
