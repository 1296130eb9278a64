"""Go use cases outside a directed tournament: rating lists (EGF, FFG, AGA) and Go
tournament files."""
