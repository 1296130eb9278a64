"""The database store: schema, migrations, archive import, registry and rating queries.

Public API (everything a CLI command or a later phase needs):
- `open_store(url) -> Store`, `Store.begin()`, `Store.connect()`, `Store.close()`
- `import_paths(store, paths, ...) -> ImportSummary`, `import_file(store, path, ...)`
- `load_rating_games(store_or_engine_or_connection_or_session, as_of=, include_excluded=)`
- player registry: `get_player`, `all_players`, `add_player`, `merge_players`,
  `unmerge_players`, `split_player`, `rename_player`, `player_registry`, `id_events`,
  `import_players_list`, `apply_list_plan`, `undo_list_import`, `export_players_list`,
  `players_named`, `registry_revision`
- tournaments: `list_tournaments`, `set_include_duplicate`, `set_excluded_from_ratings`,
  `set_received_date`, `set_received_dates`, `received_by_lag`, `results_files`,
  `load_tournament_games`
- rating lists (rows only; computing is `service.rating_lists`): `save_list`, `list_rows`,
  `list_row`, `newest_list_id`, `entry_rows`, `entry_page`, `entries_of`,
  `tournaments_by_sender`

Names are imported on first use (PEP 562), so importing one submodule does not
load every other one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratinglist import lazy_exports

if TYPE_CHECKING:
    from ratinglist.store.database import (
        Store,
        current_revision,
        head_revision,
        open_store,
    )
    from ratinglist.store.id_history import (
        IdEventKind,
    )
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
        IdHistoryEntry,
        IdTransition,
        ListImport,
        UndoneImport,
        add_player,
        all_players,
        apply_list_plan,
        export_players_list,
        get_player,
        id_events,
        import_players_list,
        merge_players,
        player_registry,
        players_by_id,
        players_named,
        registry_revision,
        rename_player,
        split_player,
        undo_list_import,
        unmerge_players,
    )
    from ratinglist.store.rating_games import (
        RatingGames,
        SelfGame,
        load_rating_games,
        load_tournament_games,
        results_files,
    )
    from ratinglist.store.rating_lists import (
        EntryRow,
        ListRow,
        SenderMatch,
        entries_of,
        entry_page,
        entry_rows,
        list_row,
        list_rows,
        newest_list_id,
        save_list,
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
    "FileResult": "ratinglist.store.importer",
    "FileStatus": "ratinglist.store.importer",
    "ImportPathError": "ratinglist.store.importer",
    "ImportSummary": "ratinglist.store.importer",
    "SUMMARY_KEYS": "ratinglist.store.importer",
    "collect_elo_files": "ratinglist.store.importer",
    "import_file": "ratinglist.store.importer",
    "import_paths": "ratinglist.store.importer",
    "IdHistoryEntry": "ratinglist.store.players",
    "IdTransition": "ratinglist.store.players",
    "ListImport": "ratinglist.store.players",
    "UndoneImport": "ratinglist.store.players",
    "add_player": "ratinglist.store.players",
    "all_players": "ratinglist.store.players",
    "apply_list_plan": "ratinglist.store.players",
    "export_players_list": "ratinglist.store.players",
    "get_player": "ratinglist.store.players",
    "id_events": "ratinglist.store.players",
    "import_players_list": "ratinglist.store.players",
    "merge_players": "ratinglist.store.players",
    "player_registry": "ratinglist.store.players",
    "players_by_id": "ratinglist.store.players",
    "players_named": "ratinglist.store.players",
    "registry_revision": "ratinglist.store.players",
    "rename_player": "ratinglist.store.players",
    "split_player": "ratinglist.store.players",
    "undo_list_import": "ratinglist.store.players",
    "unmerge_players": "ratinglist.store.players",
    "RatingGames": "ratinglist.store.rating_games",
    "SelfGame": "ratinglist.store.rating_games",
    "load_rating_games": "ratinglist.store.rating_games",
    "load_tournament_games": "ratinglist.store.rating_games",
    "results_files": "ratinglist.store.rating_games",
    "EntryRow": "ratinglist.store.rating_lists",
    "ListRow": "ratinglist.store.rating_lists",
    "SenderMatch": "ratinglist.store.rating_lists",
    "entries_of": "ratinglist.store.rating_lists",
    "entry_page": "ratinglist.store.rating_lists",
    "entry_rows": "ratinglist.store.rating_lists",
    "list_row": "ratinglist.store.rating_lists",
    "list_rows": "ratinglist.store.rating_lists",
    "newest_list_id": "ratinglist.store.rating_lists",
    "save_list": "ratinglist.store.rating_lists",
    "tournaments_by_sender": "ratinglist.store.rating_lists",
    "TournamentRow": "ratinglist.store.tournaments",
    "count_tournaments": "ratinglist.store.tournaments",
    "duplicate_groups": "ratinglist.store.tournaments",
    "list_tournaments": "ratinglist.store.tournaments",
    "received_by_lag": "ratinglist.store.tournaments",
    "set_excluded_from_ratings": "ratinglist.store.tournaments",
    "set_include_duplicate": "ratinglist.store.tournaments",
    "set_received_date": "ratinglist.store.tournaments",
    "set_received_dates": "ratinglist.store.tournaments",
}


__getattr__ = lazy_exports(globals(), _WHERE)


__all__ = [
    "SUMMARY_KEYS",
    "EntryRow",
    "FileResult",
    "FileStatus",
    "IdEventKind",
    "IdHistoryEntry",
    "IdTransition",
    "ImportPathError",
    "ImportSummary",
    "ListImport",
    "ListRow",
    "RatingGames",
    "SelfGame",
    "SenderMatch",
    "Store",
    "TournamentRow",
    "UndoneImport",
    "add_player",
    "all_players",
    "apply_list_plan",
    "collect_elo_files",
    "count_tournaments",
    "current_revision",
    "duplicate_groups",
    "entries_of",
    "entry_page",
    "entry_rows",
    "export_players_list",
    "get_player",
    "head_revision",
    "id_events",
    "import_file",
    "import_paths",
    "import_players_list",
    "list_row",
    "list_rows",
    "list_tournaments",
    "load_rating_games",
    "load_tournament_games",
    "merge_players",
    "newest_list_id",
    "open_store",
    "player_registry",
    "players_by_id",
    "players_named",
    "received_by_lag",
    "registry_revision",
    "rename_player",
    "results_files",
    "save_list",
    "set_excluded_from_ratings",
    "set_include_duplicate",
    "set_received_date",
    "set_received_dates",
    "split_player",
    "tournaments_by_sender",
    "undo_list_import",
    "unmerge_players",
]
