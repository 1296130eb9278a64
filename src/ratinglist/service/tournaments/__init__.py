"""The tournament use cases of every game: create, register, pair, results, undo, views,
files, submit (one function per use case; what differs between games is asked of the
tournament's `Game`)."""
