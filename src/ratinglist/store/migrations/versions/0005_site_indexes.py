"""Site indexes: a player's games and a player's entries across lists, without a full scan.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

INDEXES = (
    ("ix_games_first_id", "games", "first_id"),
    ("ix_games_second_id", "games", "second_id"),
    ("ix_rating_entries_player_id", "rating_entries", "player_id"),
)


def upgrade() -> None:
    """Index ``games.first_id``, ``games.second_id`` and ``rating_entries.player_id``."""
    for name, table, column in INDEXES:
        op.create_index(name, table, [column])


def downgrade() -> None:
    """Drop the three indexes."""
    for name, table, _ in INDEXES:
        op.drop_index(name, table_name=table)
