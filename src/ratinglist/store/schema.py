"""The database schema as SQLAlchemy Core tables (the migrations create exactly these).

Portable SQL only (SQLite by default, PostgreSQL for a shared server): no SQLite-only types
or tricks. Dates are `Date`, flags `Boolean`, times `DateTime(timezone=True)`.

Tables:
- ``source_files``: every version of every imported file (name, sha256, version number,
  status, `is_current`); a changed file adds a version and the previous one stays.
- ``diagnostics``: the reader's diagnostics of each file version.
- ``tournaments``: one per file name, pointing at the file version it was read from;
  `duplicate_of` / `include_duplicate` / `excluded_from_ratings` decide what is rated.
- ``games``: the games of a tournament in file order, with the reader's `excluded` code.
- ``players``: the registry (`merged_into` is set while a merge is in force).
- ``id_history``: ID events (assigned, merged, unmerged, split) with dates and reasons.
- ``temp_id_mappings``: temporary 4-character IDs replaced at import, per file version.
- ``rating_lists`` / ``rating_entries``: stored rating lists (see the block at the end).
- ``rating_list_publications``: every publish and unpublish of a list, with its actor.
- ``intake_items``: the rating officer's queue of submitted results files (see the end).
- ``site_pages``: the public site's pages rendered in advance, per data version (the end).
- ``tournament_snapshots``: a directed tournament's folded state after one event (the end).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING_CONVENTION)

source_files = Table(
    "source_files",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("path", Text, nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("encoding", String(32), nullable=False),
    Column("size", Integer, nullable=False),
    Column("imported_at", DateTime(timezone=True), nullable=False),
    Column("is_current", Boolean, nullable=False),
    UniqueConstraint("name", "version"),
    Index(None, "name", "is_current"),
)

diagnostics = Table(
    "diagnostics",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("source_file_id", ForeignKey("source_files.id"), nullable=False, index=True),
    Column("code", String(16), nullable=False),
    Column("severity", String(8), nullable=False),
    Column("line", Integer, nullable=False),
    Column("column", Integer, nullable=False),
    Column("message", Text, nullable=False),
    Column("text", Text, nullable=False),
)

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("file_name", String(200), nullable=False, unique=True),
    Column("source_file_id", ForeignKey("source_files.id"), nullable=False),
    Column("name", Text, nullable=False),
    Column("country", String(100), nullable=False),
    Column("start_date", Date, nullable=False, index=True),
    Column("end_date", Date, nullable=True),
    Column("order_letter", String(1), nullable=True),
    Column("sender", Text, nullable=False),
    Column("creator", Text, nullable=True),
    Column("game_count", Integer, nullable=False),
    Column("games_hash", String(64), nullable=False, index=True),
    Column("duplicate_of", ForeignKey("tournaments.id"), nullable=True, index=True),
    Column("include_duplicate", Boolean, nullable=False),
    Column("excluded_from_ratings", Boolean, nullable=False),
    Column("excluded_reason", Text, nullable=True),
    Column("received_on", Date, nullable=True),
)

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", ForeignKey("tournaments.id"), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("first_id", Integer, nullable=True, index=True),  # index: migration 0005
    Column("second_id", Integer, nullable=True, index=True),
    Column("first_token", String(32), nullable=True),
    Column("second_token", String(32), nullable=True),
    Column("outcome", String(1), nullable=False),
    Column("first_discs", Integer, nullable=True),
    Column("second_discs", Integer, nullable=True),
    Column("first_colour", String(1), nullable=True),
    Column("round", Integer, nullable=True),
    Column("added", Boolean, nullable=False),
    Column("excluded", String(16), nullable=True),
    Column("line", Integer, nullable=False),
    Column("column", Integer, nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("surname", Text, nullable=False),
    Column("firstname", Text, nullable=False),
    Column("country", String(100), nullable=False),
    Column("rating", Integer, nullable=True),
    Column("origin", Text, nullable=False),
    Column("merged_into", Integer, nullable=True),
)

id_history = Table(
    "id_history",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", Integer, nullable=False, index=True),
    Column("event", String(16), nullable=False),
    Column("other_id", Integer, nullable=True),
    Column("date", Date, nullable=False),
    Column("reason", Text, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
)

temp_id_mappings = Table(
    "temp_id_mappings",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("source_file_id", ForeignKey("source_files.id"), nullable=False, index=True),
    Column("token", String(32), nullable=False),
    Column("player_id", Integer, nullable=False),
    UniqueConstraint("source_file_id", "token"),
)

# --- Tournament director (migration 0002): directed tournaments and their event logs. ---
# ``td_tournaments``: one row per tournament run with `ratinglist tournament` (settings as
# JSON, status ``running`` or ``submitted``); ``tournament_events``: its append-only log,
# numbered 1, 2, ... per tournament (the state is the fold of the log); ``actor`` (migration
# 0006) is who appended the event, as ``kind:name`` (`service.actor.Actor.label`).

td_tournaments = Table(
    "td_tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("country", String(100), nullable=False),
    Column("start_date", Date, nullable=False),
    Column("end_date", Date, nullable=True),
    Column("system", String(40), nullable=True),
    Column("preset", String(16), nullable=False),
    Column("seed", Integer, nullable=False),
    Column("settings", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

tournament_events = Table(
    "tournament_events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", ForeignKey("td_tournaments.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("payload", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("actor", Text, nullable=False, server_default="system:unknown"),
    UniqueConstraint("tournament_id", "seq"),
)

# --- Rating lists (migration 0003): computed WOF rating lists, one row per player per list. ---
# ``rating_lists``: one computed list (as-of date, parameters as JSON, the sender pattern
# whose files were left out, counts, fit statistics, an optional label);
# ``rating_entries``: every rated player of a list with unrounded rating and margin.

rating_lists = Table(
    "rating_lists",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("as_of", Date, nullable=False, index=True),
    Column("computed_at", DateTime(timezone=True), nullable=False),
    Column("label", Text, nullable=True),
    Column("parameters", Text, nullable=False),
    Column("exclude_sender", Text, nullable=True),
    Column("game_count", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("listed", Integer, nullable=False),
    Column("official", Integer, nullable=False),
    Column("unrated", Integer, nullable=False),
    Column("iterations", Integer, nullable=False),
    Column("max_residual", Float, nullable=False),
)

rating_entries = Table(
    "rating_entries",
    metadata,
    Column("list_id", ForeignKey("rating_lists.id"), primary_key=True),
    Column("player_id", Integer, primary_key=True, autoincrement=False, index=True),
    Column("rating", Float, nullable=False),
    Column("margin", Float, nullable=False),
    Column("official", Boolean, nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("games", Integer, nullable=False),
    Column("last_played", Date, nullable=False),
)

# --- ID history names (migration 0004): the person an ID event records. ---
# ``assigned``, ``split`` and ``renamed`` rows carry the surname, first name and country the
# ID denotes from the row's date. Null on rows of the results-file import and on rows older
# than 0004: the ``players`` row holds that person while the row is the ID's latest record,
# and the store writes the names into it before a later split or rename supersedes it.

for _name in ("surname", "firstname", "country"):
    id_history.append_column(Column(_name, Text, nullable=True))

# --- Registry actors, list imports, list filters (migration 0008). ---
# ``id_history.actor``: who recorded the event (``kind:name``); ``list_imports``: each
# players-list import with the players rows it changed (JSON), so it can be undone as one
# step while it is the registry's latest change; ``registry_revision``: one row whose
# counter every registry write increases (new-ID allocation reads one range through the
# ``games`` ID indexes of 0005); ``rating_entries.country``/``continent``: the player's
# country code and continent when the list was computed, indexed with the rating for
# filtered pages.

id_history.append_column(Column("actor", Text, nullable=True))

list_imports = Table(
    "list_imports",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("source", Text, nullable=False),
    Column("list_date", Date, nullable=False),
    Column("actor", Text, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("history_before", Integer, nullable=False),
    Column("history_after", Integer, nullable=False),
    Column("revision_after", Integer, nullable=False),
    Column("snapshot", Text, nullable=False),
    Column("undone_at", DateTime(timezone=True), nullable=True),
    Column("undone_by", Text, nullable=True),
)

registry_revision = Table(
    "registry_revision",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("revision", Integer, nullable=False),
)

rating_lists.append_column(Column("computed_by", Text, nullable=True))
rating_entries.append_column(Column("country", String(100), nullable=True))
rating_entries.append_column(Column("continent", String(20), nullable=True))
_E = rating_entries.c
Index("ix_rating_entries_list_id_listed_rating", _E.list_id, _E.listed, _E.rating)
Index(
    "ix_rating_entries_list_id_listed_official_rating",
    _E.list_id,
    _E.listed,
    _E.official,
    _E.rating,
)
Index(
    "ix_rating_entries_list_id_country_listed_official_rating",
    _E.list_id,
    _E.country,
    _E.listed,
    _E.official,
    _E.rating,
)
Index(
    "ix_rating_entries_list_id_continent_listed_official_rating",
    _E.list_id,
    _E.continent,
    _E.listed,
    _E.official,
    _E.rating,
)

# --- Rating history and publication (migration 0009). ---
# ``rating_lists.inputs``: a digest of the parameters, the sender exclusion and the rated games
# up to the list's date (set by `ratinglist rate --history`, which skips a month whose newest
# list has the same digest; ``computed_by`` comes from 0008). ``published``
# with ``published_at``/``published_by``: the list is public (the website shows published
# lists only). ``rating_list_publications``: every publish and unpublish with its actor.

rating_lists.append_column(Column("inputs", String(64), nullable=True, index=True))
rating_lists.append_column(Column("published", Boolean, nullable=False, server_default=false()))
rating_lists.append_column(Column("published_at", DateTime(timezone=True), nullable=True))
rating_lists.append_column(Column("published_by", Text, nullable=True))

rating_list_publications = Table(
    "rating_list_publications",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("list_id", ForeignKey("rating_lists.id"), nullable=False, index=True),
    Column("action", String(16), nullable=False),
    Column("actor", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# --- Go rating lists (migration 0010): EGF, FFG and AGA lists as imported. ---
# One ``go_rating_lists`` row per imported list file; its players keyed by the file line.
# Ratings are on the internal EGF scale; ``raw_rating`` is the list's own text.

go_rating_lists = Table(
    "go_rating_lists",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("origin", String(3), nullable=False, index=True),
    Column("published", Date, nullable=True),
    Column("source", Text, nullable=False),
    Column("imported_at", DateTime(timezone=True), nullable=False),
    Column("imported_by", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("diagnostics", Integer, nullable=False),
)

go_list_players = Table(
    "go_list_players",
    metadata,
    Column("list_id", ForeignKey("go_rating_lists.id"), primary_key=True),
    Column("line", Integer, primary_key=True, autoincrement=False),
    Column("number", Text, nullable=False),
    Column("surname", Text, nullable=False),
    Column("first_name", Text, nullable=False),
    Column("country", Text, nullable=False),
    Column("club", Text, nullable=False),
    Column("rating", Integer, nullable=False),
    Column("raw_rating", Text, nullable=False),
    Column("grade", Text, nullable=False),
    Column("licence_status", Text, nullable=False),
    Column("expiry", Text, nullable=False),
)

# --- Rating systems (migration 0011): lists of Elo, Glicko-2, WHR and EGF beside the WOF's. ---
# ``rating_lists.system`` names the system (``wof`` by default and for older lists);
# ``rating_entries.title`` holds the Elo rank title; other systems' deviations go in `margin`.

rating_lists.append_column(Column("system", String(16), nullable=False, server_default="wof"))
Index("ix_rating_lists_system_id", rating_lists.c.system, rating_lists.c.id)
rating_entries.append_column(Column("title", Text, nullable=True))

# --- Accounts (migration 0012): users of a served app, their roles, sessions, failed sign-ins.
# ``accounts``: one row per user (argon2 password hash, never the password);
# ``account_grants``: a role with its scope ('' none, a country code, a tournament id);
# ``web_sessions``: signed-in browsers and API clients (the sha256 of the cookie's token and
# the session's CSRF token), shared by every worker process; ``login_failures``: failed
# sign-ins by name and address, for the rate limit.

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(64), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("created_by", Text, nullable=False),
    Column("email", String(254), nullable=True),  # migration 0016: notices, password reset
    Column("reset_mailed_at", DateTime(timezone=True), nullable=True),
    Column("language", String(8), nullable=True),  # migration 0020: the mails' language
)

account_grants = Table(
    "account_grants",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("account_id", ForeignKey("accounts.id"), nullable=False),
    Column("role", String(32), nullable=False),
    Column("scope", String(40), nullable=False, server_default=""),
    Column("granted_at", DateTime(timezone=True), nullable=False),
    Column("granted_by", Text, nullable=False),
    UniqueConstraint("account_id", "role", "scope"),
)

web_sessions = Table(
    "web_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", ForeignKey("accounts.id"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

login_failures = Table(
    "login_failures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("address", String(64), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_login_failures_name_at", "name", "at"),
)

# --- Results intake (migration 0013): the rating officer's queue of results files. ---
# One ``intake_items`` row per file submitted by a TD (`origin` ``tournament``, with the
# directed tournament) or uploaded (``upload``): the bytes as submitted (`original`) and as
# they stand after the ID fixes (`data`), the header's country code, who sent it when, the
# status (``queued``, ``accepted``, ``rejected``), the decision (by, at, message), the
# diagnostics read at submission (JSON), the error and warning counts of `data`, the ID fixes
# applied (JSON ``[[old, new], ...]``) and, once accepted, the import's status and tournament.

intake_items = Table(
    "intake_items",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("origin", String(16), nullable=False),
    Column("td_tournament_id", ForeignKey("td_tournaments.id"), nullable=True, index=True),
    Column("file_name", String(200), nullable=False),
    Column("original", LargeBinary, nullable=False),
    Column("data", LargeBinary, nullable=False),
    Column("country", String(100), nullable=False),
    Column("submitted_by", Text, nullable=False),
    Column("submitted_at", DateTime(timezone=True), nullable=False),
    Column("status", String(16), nullable=False),
    Column("decided_by", Text, nullable=True),
    Column("decided_at", DateTime(timezone=True), nullable=True),
    Column("message", Text, nullable=True),
    Column("diagnostics", Text, nullable=False),
    Column("errors", Integer, nullable=False),
    Column("warnings", Integer, nullable=False),
    Column("fixes", Text, nullable=False),
    Column("import_status", String(16), nullable=True),
    Column("tournament_id", ForeignKey("tournaments.id"), nullable=True),
    Index(None, "status", "country"),
)

# --- Site pages (migration 0014): the public site's pages as served, made in advance. ---
# The same migration indexes ``players.merged_into`` and ``id_history.other_id`` (a player
# page looks up the IDs merged into its player and the ID events naming it on either side).

Index("ix_players_merged_into", players.c.merged_into)
Index("ix_id_history_other_id", id_history.c.other_id)

# One row per page (`key`: path and query string, e.g. ``/players/4012``): the data version
# it was rendered at (`service.site.data_version`; a row of another version is stale and
# never served), its response headers (JSON ``[[name, value], ...]``) and its gzip body.

site_pages = Table(
    "site_pages",
    metadata,
    Column("key", String(300), primary_key=True),
    Column("version", String(200), nullable=False),
    Column("headers", Text, nullable=False),
    Column("body", LargeBinary, nullable=False),
)

# --- File bytes (migration 0015): each results file version's bytes, zlib-compressed, so a
# download works wherever the server runs (NULL: a version imported before 0015 whose file
# was no longer found). Never shown: ``path`` stays for the import's own records only.

source_files.append_column(Column("content", LargeBinary, nullable=True))

# --- E-mail (migration 0016): ``server_secrets`` holds values every host must share, such as
# the key that signs password-reset links (made once, at the first use).

server_secrets = Table(
    "server_secrets",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(128), nullable=False),
)

# --- Tournament snapshots (migration 0017): the folded state of a directed tournament after
# event `seq` of its log, so that a command starts from it instead of replaying the whole
# log (`store.tournament_snapshots`). `code` names the snapshot's format and the code that
# folded it: a snapshot of another code is never used. One row per tournament, the newest.

tournament_snapshots = Table(
    "tournament_snapshots",
    metadata,
    Column("tournament_id", ForeignKey("td_tournaments.id"), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("code", String(80), nullable=False),
    Column("state", LargeBinary, nullable=False),
)

# --- Stored evaluations (migration 0018): the JSON report of an evaluation of the rating
# systems (`ratinglist evaluate --store`), one row per stored run; the site's evidence page
# shows the newest (issue 23, item 4).

evaluations = Table(
    "evaluations",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("stored_at", DateTime(timezone=True), nullable=False),
    Column("stored_by", Text, nullable=False),
    Column("report", Text, nullable=False),
    Column("game", String(16), nullable=False, server_default="othello"),  # migration 0023
)

# --- Rating jobs (migration 0019): a rating list the rating officer asked the web to compute
# (`service.rating_jobs`). The computation runs in the background of the server process that
# took the request; every process reads its state here, so the page that polls it may be
# answered by any worker. `phase` is queued, loading, rating, saving, done or failed;
# `list_id` the list stored when done, `message` why it failed.

rating_jobs = Table(
    "rating_jobs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("as_of", Date, nullable=False),
    Column("requested_by", Text, nullable=False),
    Column("requested_at", DateTime(timezone=True), nullable=False),
    Column("phase", String(16), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("list_id", ForeignKey("rating_lists.id"), nullable=True),
    Column("message", Text, nullable=True),
)

# --- The players' side (migration 0020, issue 35): what players send before the director
# (or the other player) makes it part of the tournament's log. `player_side` holds a
# tournament's settings of it (registration open, closing time, cap, player reporting,
# check-in deadline); `player_registrations` the entries sent online (`fields` JSON as the
# game's form asked them; `address_hash` a keyed hash of the sender's address, for the
# throttle only); `player_codes` each entrant's personal code; `player_checkins` who is at
# the venue; `player_reports` the results players reported, kept until both agree (then one
# ordinary result event is written and the reports are removed).

player_side = Table(
    "player_side",
    metadata,
    Column("tournament_id", ForeignKey("td_tournaments.id"), primary_key=True),
    Column("registration_open", Boolean, nullable=False),
    Column("closes_at", DateTime(timezone=True), nullable=True),
    Column("cap", Integer, nullable=True),
    Column("reporting", Boolean, nullable=False),
    Column("checkin_until", DateTime(timezone=True), nullable=True),
)

player_registrations = Table(
    "player_registrations",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", ForeignKey("td_tournaments.id"), nullable=False, index=True),
    Column("fields", Text, nullable=False),
    Column("email", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("address_hash", String(64), nullable=False),
    Column("player_id", Integer, nullable=True),
    Column("decided_by", Text, nullable=True),
)

player_codes = Table(
    "player_codes",
    metadata,
    Column("tournament_id", ForeignKey("td_tournaments.id"), primary_key=True),
    Column("player_id", Integer, primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

player_checkins = Table(
    "player_checkins",
    metadata,
    Column("tournament_id", ForeignKey("td_tournaments.id"), primary_key=True),
    Column("player_id", Integer, primary_key=True),
    Column("checked_at", DateTime(timezone=True), nullable=False),
    Column("checked_by", Text, nullable=False),
)

player_reports = Table(
    "player_reports",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", ForeignKey("td_tournaments.id"), nullable=False, index=True),
    Column("round", Integer, nullable=False),
    Column("table_number", Integer, nullable=False),
    Column("player_id", Integer, nullable=False),
    Column("score", String(32), nullable=False),
    Column("result", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# --- The Go rating archive (migration 0021, issue 37): Go's rated tournaments, players and
# games beside Othello's, which keep their tables (docs/decisions.md, "Issue 37: the game
# axis"). ``go_archive_tournaments``: one per tournament (the file kept among the uploads of
# one tournament), with its board size, komi and EGF class; ``go_archive_players``: one per
# identity (``pin:<EGD PIN>`` or ``name:<SURNAME>|<First>|<CC>|<club>``);
# ``go_archive_entries``: each player of a tournament with the rank they declared and the
# rating the file carries (``origin`` EGF, FFG, AGA, INI, MAN: the rating body);
# ``go_archive_games``: the decided games (White, Black, handicap, komi, ``W``/``B``/``J``);
# ``go_archive_candidates``: players without a PIN who may be another player (never merged
# silently: the rating officer decides).

go_archive_tournaments = Table(
    "go_archive_tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("source", Text, nullable=False),
    Column("short_name", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("location", Text, nullable=False),
    Column("begin_date", Date, nullable=False, index=True),
    Column("end_date", Date, nullable=False),
    Column("size", Integer, nullable=False),
    Column("komi", Float, nullable=False),
    Column("egf_class", String(1), nullable=False),
    Column("games_hash", String(64), nullable=False, unique=True),
    Column("imported_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("short_name", "begin_date"),
)

go_archive_players = Table(
    "go_archive_players",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("identity", Text, nullable=False, unique=True),
    Column("egf_pin", String(16), nullable=True),
    Column("surname", Text, nullable=False),
    Column("first_name", Text, nullable=False),
    Column("country", String(2), nullable=False),
    Column("club", Text, nullable=False),
)

go_archive_entries = Table(
    "go_archive_entries",
    metadata,
    Column("tournament_id", ForeignKey("go_archive_tournaments.id"), primary_key=True),
    Column("player_id", ForeignKey("go_archive_players.id"), primary_key=True, index=True),
    Column("rank", String(4), nullable=False),
    Column("rating", Integer, nullable=False),
    Column("origin", String(3), nullable=False),
)

go_archive_games = Table(
    "go_archive_games",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", ForeignKey("go_archive_tournaments.id"), nullable=False, index=True),
    Column("round", Integer, nullable=False),
    Column("white_id", ForeignKey("go_archive_players.id"), nullable=False, index=True),
    Column("black_id", ForeignKey("go_archive_players.id"), nullable=False, index=True),
    Column("handicap", Integer, nullable=False),
    Column("komi", Float, nullable=False),
    Column("outcome", String(1), nullable=False),
)

go_archive_candidates = Table(
    "go_archive_candidates",
    metadata,
    Column("player_id", ForeignKey("go_archive_players.id"), primary_key=True),
    Column("other_id", ForeignKey("go_archive_players.id"), primary_key=True),
    Column("reason", Text, nullable=False),
)
