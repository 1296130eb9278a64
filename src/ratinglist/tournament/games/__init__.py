"""The game-specific parts of the tournament engine (Othello is the engine's default)."""
