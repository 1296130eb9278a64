"""The database store: schema, migrations, archive import, registry and rating queries.

Public API (everything a CLI command or a later phase needs):
- `open_store(url) -> Store`, `Store.begin()`, `Store.connect()`, `Store.close()`
- `import_paths(store, paths, ...) -> ImportSummary`, `import_file(store, path, ...)`
- `load_rating_games(store_or_engine_or_connection_or_session, as_of=, include_excluded=)`
- player registry: `get_player`, `all_players`, `add_player`, `merge_players`,
  `unmerge_players`, `split_player`, `rename_player`, `player_registry`, `id_events`,
  `import_players_list`, `export_players_list`, `search_players`
- tournaments: `list_tournaments`, `set_include_duplicate`, `set_excluded_from_ratings`
- rating lists: `save_rating_list`, `rating_list_infos`, `get_rating_list`,
  `latest_rating_list`, `find_rating_list`, `load_rating_entries`, `tournaments_by_sender`,
  `compute_rating_list`, `load_game_arrays`, `players_with_list_ratings`
"""

from ratinglist.store.database import Store, current_revision, head_revision, open_store
from ratinglist.store.id_history import IdEventKind
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
    IdChange,
    IdHistoryEntry,
    ListImport,
    add_player,
    all_players,
    export_players_list,
    get_player,
    id_events,
    import_players_list,
    merge_players,
    player_registry,
    rename_player,
    search_players,
    split_player,
    unmerge_players,
)
from ratinglist.store.rating_games import RatingGames, load_rating_games
from ratinglist.store.rating_lists import (
    ComputedList,
    RatingListInfo,
    SenderMatch,
    compute_rating_list,
    find_rating_list,
    get_rating_list,
    latest_rating_list,
    load_game_arrays,
    load_rating_entries,
    players_with_list_ratings,
    rating_list_infos,
    save_rating_list,
    tournaments_by_sender,
)
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
    "ComputedList",
    "FileResult",
    "FileStatus",
    "IdChange",
    "IdEventKind",
    "IdHistoryEntry",
    "ImportPathError",
    "ImportSummary",
    "ListImport",
    "RatingGames",
    "RatingListInfo",
    "SenderMatch",
    "Store",
    "TournamentRow",
    "add_player",
    "all_players",
    "collect_elo_files",
    "compute_rating_list",
    "count_tournaments",
    "current_revision",
    "duplicate_groups",
    "export_players_list",
    "find_rating_list",
    "get_player",
    "get_rating_list",
    "head_revision",
    "id_events",
    "import_file",
    "import_paths",
    "import_players_list",
    "latest_rating_list",
    "list_tournaments",
    "load_game_arrays",
    "load_rating_entries",
    "load_rating_games",
    "merge_players",
    "open_store",
    "player_registry",
    "players_with_list_ratings",
    "rating_list_infos",
    "rename_player",
    "save_rating_list",
    "search_players",
    "set_excluded_from_ratings",
    "set_include_duplicate",
    "split_player",
    "tournaments_by_sender",
    "unmerge_players",
]
