"""Migration scripts, one per schema version, applied in order."""
