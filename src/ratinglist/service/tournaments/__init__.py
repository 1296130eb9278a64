"""tournaments."""
