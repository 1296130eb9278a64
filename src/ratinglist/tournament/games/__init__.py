"""The games of the tournament engine, one folder each (`tournament.game` finds them)."""
