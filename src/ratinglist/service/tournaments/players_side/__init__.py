"""The players' side of a tournament (issue 35): online registration, personal codes,
check-in, results reported by players, and a player's own page.

What players send is kept apart from the tournament's log (tables of `store.player_side`)
until the director (registrations) or both players (results) make it part of it; it then
enters the log through the director's own service calls, so every rule of the log holds.
"""
