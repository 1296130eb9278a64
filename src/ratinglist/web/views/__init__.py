"""Routes by page family: each parses its parameters, calls one service function, renders."""
