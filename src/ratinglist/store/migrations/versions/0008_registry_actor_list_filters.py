"""Registry actors, undoable players-list imports, fast ID allocation and list pages.

- ``id_history.actor``, ``rating_lists.computed_by``: who recorded the event or computed
  the list (``kind:name``, `service.actor.Actor`).
- ``list_imports``: each players-list import, with what undoing it restores.
- ``registry_revision``: a counter every registry write increases (search indexes built
  once per process compare it to know when to rebuild).
- ``rating_entries.country`` / ``continent``: the player's country code and continent when
  the list was computed (filled from ``players`` for older lists), indexed with the flags
  and the rating so a filtered page and its count are read from one index (`INDEXES`).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ratinglist.registry.countries import find_country

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None

INDEXES = (
    ("ix_rating_entries_list_id_listed_rating", ("list_id", "listed", "rating")),
    (
        "ix_rating_entries_list_id_listed_official_rating",
        ("list_id", "listed", "official", "rating"),
    ),
    (
        "ix_rating_entries_list_id_country_listed_official_rating",
        ("list_id", "country", "listed", "official", "rating"),
    ),
    (
        "ix_rating_entries_list_id_continent_listed_official_rating",
        ("list_id", "continent", "listed", "official", "rating"),
    ),
)
"""Each filter of a list page (none, official, country, continent) reads one index range;
counting the selection reads the index only."""


def upgrade() -> None:
    """Add the columns, tables and indexes, and fill the list entries' countries."""
    op.add_column("id_history", sa.Column("actor", sa.Text, nullable=True))
    op.create_table(
        "list_imports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("list_date", sa.Date, nullable=False),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("history_before", sa.Integer, nullable=False),
        sa.Column("history_after", sa.Integer, nullable=False),
        sa.Column("revision_after", sa.Integer, nullable=False),
        sa.Column("snapshot", sa.Text, nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("undone_by", sa.Text, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_list_imports"),
    )
    op.create_table(
        "registry_revision",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_registry_revision"),
    )
    op.execute("INSERT INTO registry_revision (id, revision) VALUES (1, 0)")
    op.add_column("rating_lists", sa.Column("computed_by", sa.Text, nullable=True))
    op.add_column("rating_entries", sa.Column("country", sa.String(100), nullable=True))
    op.add_column("rating_entries", sa.Column("continent", sa.String(20), nullable=True))
    _fill_countries()
    for name, columns in INDEXES:
        op.create_index(name, "rating_entries", list(columns))


def _fill_countries() -> None:
    """Each stored entry gets its player's country code and continent from ``players``."""
    conn = op.get_bind()
    spellings = conn.execute(sa.text("SELECT DISTINCT country FROM players")).scalars()
    for spelling in list(spellings):
        found = find_country(spelling) if spelling else None
        code = spelling if found is None else found.code
        continent = None if found is None or found.continent is None else found.continent.value
        conn.execute(
            sa.text(
                "UPDATE rating_entries SET country = :code, continent = :continent "
                "WHERE player_id IN (SELECT id FROM players WHERE country = :spelling)"
            ),
            {"code": code, "continent": continent, "spelling": spelling},
        )


def downgrade() -> None:
    """Drop what `upgrade` added."""
    for name, _ in INDEXES:
        op.drop_index(name, table_name="rating_entries")
    with op.batch_alter_table("rating_lists") as batch:
        batch.drop_column("computed_by")
    op.drop_table("registry_revision")
    op.drop_table("list_imports")
    with op.batch_alter_table("id_history") as batch:
        batch.drop_column("actor")
