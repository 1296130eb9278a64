"""OpenGotha's pairing for Go: score groups, the cost function, matching, colours, tables."""
