"""Othello behind the `Game` seam (`game.py`): its state and actions, WOF systems and
pairing, Brightwell standings, finals, temporary IDs and the .ELO results file."""
