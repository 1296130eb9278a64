"""othello."""
