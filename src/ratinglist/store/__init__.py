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

Names are imported on first use (PEP 562), so importing one submodule does not
load every other one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from ratinglist.store.rating_games import (
        RatingGames,
        load_rating_games,
        load_tournament_games,
        results_files,
    )
    from ratinglist.store.rating_lists import (
        ComputedList,
        RatingListInfo,
        SelectedGames,
        SenderMatch,
        compute_rating_list,
        find_rating_list,
        get_rating_list,
        latest_rating_list,
        load_game_arrays,
        load_rating_entries,
        load_selected_games,
        players_with_list_ratings,
        rating_list_infos,
        save_rating_list,
        select_game_arrays,
        tournaments_by_sender,
    )
    from ratinglist.store.tournaments import (
        TournamentRow,
        count_tournaments,
        duplicate_groups,
        list_tournaments,
        received_by_lag,
        set_excluded_from_ratings,
        set_include_duplicate,
        set_received_date,
        set_received_dates,
    )

_WHERE = {
    "Store": "ratinglist.store.database",
    "current_revision": "ratinglist.store.database",
    "head_revision": "ratinglist.store.database",
    "open_store": "ratinglist.store.database",
    "IdEventKind": "ratinglist.store.id_history",
    "SUMMARY_KEYS": "ratinglist.store.importer",
    "FileResult": "ratinglist.store.importer",
    "FileStatus": "ratinglist.store.importer",
    "ImportPathError": "ratinglist.store.importer",
    "ImportSummary": "ratinglist.store.importer",
    "collect_elo_files": "ratinglist.store.importer",
    "import_file": "ratinglist.store.importer",
    "import_paths": "ratinglist.store.importer",
    "IdChange": "ratinglist.store.players",
    "IdHistoryEntry": "ratinglist.store.players",
    "ListImport": "ratinglist.store.players",
    "add_player": "ratinglist.store.players",
    "all_players": "ratinglist.store.players",
    "export_players_list": "ratinglist.store.players",
    "get_player": "ratinglist.store.players",
    "id_events": "ratinglist.store.players",
    "import_players_list": "ratinglist.store.players",
    "merge_players": "ratinglist.store.players",
    "player_registry": "ratinglist.store.players",
    "rename_player": "ratinglist.store.players",
    "search_players": "ratinglist.store.players",
    "split_player": "ratinglist.store.players",
    "unmerge_players": "ratinglist.store.players",
    "RatingGames": "ratinglist.store.rating_games",
    "load_rating_games": "ratinglist.store.rating_games",
    "load_tournament_games": "ratinglist.store.rating_games",
    "results_files": "ratinglist.store.rating_games",
    "SelectedGames": "ratinglist.store.rating_lists",
    "load_selected_games": "ratinglist.store.rating_lists",
    "select_game_arrays": "ratinglist.store.rating_lists",
    "received_by_lag": "ratinglist.store.tournaments",
    "set_received_date": "ratinglist.store.tournaments",
    "set_received_dates": "ratinglist.store.tournaments",
    "ComputedList": "ratinglist.store.rating_lists",
    "RatingListInfo": "ratinglist.store.rating_lists",
    "SenderMatch": "ratinglist.store.rating_lists",
    "compute_rating_list": "ratinglist.store.rating_lists",
    "find_rating_list": "ratinglist.store.rating_lists",
    "get_rating_list": "ratinglist.store.rating_lists",
    "latest_rating_list": "ratinglist.store.rating_lists",
    "load_game_arrays": "ratinglist.store.rating_lists",
    "load_rating_entries": "ratinglist.store.rating_lists",
    "players_with_list_ratings": "ratinglist.store.rating_lists",
    "rating_list_infos": "ratinglist.store.rating_lists",
    "save_rating_list": "ratinglist.store.rating_lists",
    "tournaments_by_sender": "ratinglist.store.rating_lists",
    "TournamentRow": "ratinglist.store.tournaments",
    "count_tournaments": "ratinglist.store.tournaments",
    "duplicate_groups": "ratinglist.store.tournaments",
    "list_tournaments": "ratinglist.store.tournaments",
    "set_excluded_from_ratings": "ratinglist.store.tournaments",
    "set_include_duplicate": "ratinglist.store.tournaments",
}


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
    "SelectedGames",
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
    "load_selected_games",
    "load_tournament_games",
    "merge_players",
    "open_store",
    "player_registry",
    "players_with_list_ratings",
    "rating_list_infos",
    "received_by_lag",
    "rename_player",
    "results_files",
    "save_rating_list",
    "search_players",
    "select_game_arrays",
    "set_excluded_from_ratings",
    "set_include_duplicate",
    "set_received_date",
    "set_received_dates",
    "split_player",
    "tournaments_by_sender",
    "unmerge_players",
]
