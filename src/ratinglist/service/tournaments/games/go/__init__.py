"""Go's own use cases: settings, edits after the fact, teams, entries from a federation list,
OpenGotha files and pairing costs."""
