"""The player registry: countries and ID ranges, new IDs, fuzzy search, ID history. Pure values."""
