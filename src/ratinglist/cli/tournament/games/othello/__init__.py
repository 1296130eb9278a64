"""Othello's commands: replaying a WOF results file (``tournament replay``; a file of any name
but an other game's is read as .ELO)."""

REPLAY_SUFFIXES = ("*",)
