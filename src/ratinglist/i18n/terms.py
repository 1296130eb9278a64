"""Words the templates translate from values (``{{ _(ct.name) }}``): listed here so that the
extraction finds them (`catalogues.extract`). Each group names where its values come from."""

from __future__ import annotations

from ratinglist.i18n import N_

CONTINENTS = (
    N_("Africa"),
    N_("Asia"),
    N_("Europe"),
    N_("North America"),
    N_("Oceania"),
    N_("South America"),
)
"""The continents of ``registry/countries.csv``."""

RESULTS = (N_("win"), N_("loss"), N_("draw"))
"""A game's result for one player (`service.site_players.RESULT_WORDS`)."""

ID_EVENTS = (N_("assigned"), N_("merged"), N_("unmerged"), N_("split"), N_("renamed"))
"""What happened to an ID (`store.id_history.IdEventKind`)."""

SEVERITIES = (N_("error"), N_("warning"), N_("note"))
"""A diagnostic's severity (`formats.diagnostics`)."""

DIFF_GROUPS = (
    N_("Biggest moves"),
    N_("Newcomers"),
    N_("Left the list"),
    N_("New official ratings"),
    N_("Official no more"),
)
"""The groups of the changes between two lists (`service.site_diff.GROUPS`)."""

SYSTEMS = (
    N_("Swiss"),
    N_("Round robin"),
    N_("Double round robin"),
    N_("Triple round robin"),
    N_("McMahon"),
    N_("Swiss by category"),
    N_("Cup"),
)
"""The pairing systems as `tournament.game.Game.system_label` names them."""

GAMES = (N_("Othello"), N_("Go"))
"""The games' labels (`Game.label`)."""

COLUMNS = (
    N_("Table"),
    N_("Tables"),
    N_("Result"),
    N_("Black"),
    N_("White"),
    N_("Player"),
    N_("Country"),
    N_("Points"),
    N_("Discs"),
    N_("Rank"),
    N_("Club"),
    N_("Handicap"),
    N_("Result (W-B)"),
    N_("Team"),
    N_("Team (board 1 White)"),
    N_("Match"),
    N_("Opponent"),
    N_("Colour"),
    N_("bye"),
)
"""Column titles and cells of the tables the games draw (`ShownTable`, printed sheets)."""

SHEETS = (
    N_("Pairings by table"),
    N_("Pairings by name"),
    N_("Result slips"),
    N_("Standings"),
    N_("Cross table"),
    N_("Welcome sheets"),
)
"""The printed sheets' titles (`service.tournaments.printing.SHEETS`)."""

GAME_TEXTS = (
    N_("the result as typed, e.g. 1-0"),
    N_("Black's discs - White's discs, e.g. 40-24"),
    N_("for White - Black: 1-0, 0-1, = (jigo), 0-0, 1-1; ! by default (1-0!)"),
    N_("Submit to the rating officer"),
    N_("Close the tournament and send it to the rating officer?"),
    N_("Close the tournament (then send the .h9 to the EGF)"),
    N_("Close the tournament? Its .h9 is then the file to send to the EGF."),
    N_("Close the tournament"),
    N_("Close the tournament? Its results file is then final."),
    N_("White wins"),
    N_("Black wins"),
    N_("Jigo"),
    N_("Both lose"),
    N_("Both win"),
    N_("black"),
    N_("white"),
)
"""What the games say of their results and submission (`tournament.game.Game`)."""

PAIRING_COSTS = (
    N_("rematch"),
    N_("score"),
    N_("colour-balance"),
    N_("float"),
    N_("alternation"),
)
"""The parts of a pairing's cost (`pairing.costs.EOC_CRITERIA`), on the pairing report."""

OTHELLO_TEXTS = (
    N_("time-default"),
    N_("flag"),
    N_("resign"),
    N_("forfeit"),
    N_("50+"),
    N_("60+"),
    N_("debutants"),
    N_("WOF results file (.ELO)"),
    N_("results page (HTML)"),
    N_("standings (CSV)"),
)
"""Othello's special results, classes and export labels (`tournament/games/othello`)."""

SYSTEM_NAMES = (
    N_("mcmahon"),
    N_("swiss"),
    N_("swisscat"),
    N_("cup"),
    N_("round-robin"),
    N_("double-round-robin"),
    N_("triple-round-robin"),
    N_("round-robin-then-swiss"),
    N_("round-robin-then-semifinals"),
)
"""The systems a new tournament offers, by their stored names (`Game.systems`)."""

GO_SETTINGS = (
    N_("McMahon bar (rank)"),
    N_("McMahon floor (rank)"),
    N_("Placement criteria"),
    N_("Time system"),
    N_("Komi"),
    N_("Location"),
    N_("EGF class (blank: from the time system)"),
    N_("Handicap from (mms, rank, none)"),
    N_("No handicap above (rank)"),
    N_("Handicap correction (-1 to 3)"),
    N_("Handicap ceiling (0-9)"),
    N_("Pair as OpenGotha 3.52 (opengotha)"),
    N_("More OpenGotha parameters (name=value; ...)"),
)
"""Go's settings on the new-tournament form (`Go.settings_fields`)."""

REGISTRATION_STATUSES = (N_("pending"), N_("accepted"), N_("refused"))
"""An online registration's state (`store.player_side`), on the director's players page."""
