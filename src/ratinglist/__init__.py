"""Ratinglist: Othello tournaments, WOF results files and the world rating list."""

__version__ = "0.1.0"
