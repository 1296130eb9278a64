"""Go behind the `Game` seam (`game.py`): its state and actions, OpenGotha pairing,
results, standings views and files."""
