"""Rating lists: computed WOF rating lists and their entries (one row per player per list).

Revision ID: 0003
Revises: 0002
Create Date: 2026-07-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``rating_lists`` and ``rating_entries``."""
    op.create_table(
        "rating_lists",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("as_of", sa.Date, nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("label", sa.Text, nullable=True),
        sa.Column("parameters", sa.Text, nullable=False),
        sa.Column("exclude_sender", sa.Text, nullable=True),
        sa.Column("game_count", sa.Integer, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("listed", sa.Integer, nullable=False),
        sa.Column("official", sa.Integer, nullable=False),
        sa.Column("unrated", sa.Integer, nullable=False),
        sa.Column("iterations", sa.Integer, nullable=False),
        sa.Column("max_residual", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rating_lists"),
    )
    op.create_index("ix_rating_lists_as_of", "rating_lists", ["as_of"])
    op.create_table(
        "rating_entries",
        sa.Column("list_id", sa.Integer, nullable=False),
        sa.Column("player_id", sa.Integer, nullable=False, autoincrement=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("margin", sa.Float, nullable=False),
        sa.Column("official", sa.Boolean, nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("last_played", sa.Date, nullable=False),
        sa.PrimaryKeyConstraint("list_id", "player_id", name="pk_rating_entries"),
        sa.ForeignKeyConstraint(
            ["list_id"], ["rating_lists.id"], name="fk_rating_entries_list_id_rating_lists"
        ),
    )


def downgrade() -> None:
    """Drop the rating list tables."""
    op.drop_table("rating_entries")
    op.drop_index("ix_rating_lists_as_of", table_name="rating_lists")
    op.drop_table("rating_lists")
