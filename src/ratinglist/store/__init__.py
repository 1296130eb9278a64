"""The database store: schema, migrations, archive import, registry and rating queries.

Public API (everything a CLI command or a later phase needs):
- `open_store(url) -> Store`, `Store.begin()`, `Store.connect()`, `Store.close()`
- `import_paths(store, paths, ...) -> ImportSummary`, `import_file(store, path, ...)`
- `load_rating_games(store_or_engine_or_connection_or_session, as_of=, include_excluded=)`
- player registry: `get_player`, `all_players`, `add_player`, `merge_players`,
  `unmerge_players`, `id_events`, `import_players_list`, `export_players_list`,
  `search_players`
- tournaments: `list_tournaments`, `set_include_duplicate`, `set_excluded_from_ratings`
"""

from ratinglist.store.database import Store, current_revision, head_revision, open_store
from ratinglist.store.importer import (
    SUMMARY_KEYS,
    FileResult,
    FileStatus,
    ImportPathError,
    ImportSummary,
    collect_elo_files,
    import_file,
    import_paths,
)
from ratinglist.store.players import (
    IdEvent,
    IdHistoryEntry,
    ListImport,
    add_player,
    all_players,
    export_players_list,
    get_player,
    id_events,
    import_players_list,
    merge_players,
    search_players,
    unmerge_players,
)
from ratinglist.store.rating_games import RatingGames, load_rating_games
from ratinglist.store.tournaments import (
    TournamentRow,
    count_tournaments,
    duplicate_groups,
    list_tournaments,
    set_excluded_from_ratings,
    set_include_duplicate,
)

__all__ = [
    "SUMMARY_KEYS",
    "FileResult",
    "FileStatus",
    "IdEvent",
    "IdHistoryEntry",
    "ImportPathError",
    "ImportSummary",
    "ListImport",
    "RatingGames",
    "Store",
    "TournamentRow",
    "add_player",
    "all_players",
    "collect_elo_files",
    "count_tournaments",
    "current_revision",
    "duplicate_groups",
    "export_players_list",
    "get_player",
    "head_revision",
    "id_events",
    "import_file",
    "import_paths",
    "import_players_list",
    "list_tournaments",
    "load_rating_games",
    "merge_players",
    "open_store",
    "search_players",
    "set_excluded_from_ratings",
    "set_include_duplicate",
    "unmerge_players",
]
