"""Go files: rating lists (EGF, FFG, AGA) and results imports."""
