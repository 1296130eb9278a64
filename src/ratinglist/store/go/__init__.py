"""Go's own tables: the national rating lists (EGF, FFG, AGA) read into the database."""
