"""Draughts-lite: a small third game living in the tests (win, loss, draw; Swiss)."""
