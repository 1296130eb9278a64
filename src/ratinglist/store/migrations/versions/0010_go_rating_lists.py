"""Go rating lists: imported EGF, FFG and AGA lists and their players.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None

TEXT_COLUMNS = (
    "number",
    "surname",
    "first_name",
    "country",
    "club",
)


def upgrade() -> None:
    """Create ``go_rating_lists`` and ``go_list_players``."""
    op.create_table(
        "go_rating_lists",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("origin", sa.String(3), nullable=False),
        sa.Column("published", sa.Date, nullable=True),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("imported_by", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("diagnostics", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_go_rating_lists"),
    )
    op.create_index("ix_go_rating_lists_origin", "go_rating_lists", ["origin"])
    op.create_table(
        "go_list_players",
        sa.Column("list_id", sa.Integer, nullable=False),
        sa.Column("line", sa.Integer, nullable=False, autoincrement=False),
        *(sa.Column(name, sa.Text, nullable=False) for name in TEXT_COLUMNS),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("raw_rating", sa.Text, nullable=False),
        sa.Column("grade", sa.Text, nullable=False),
        sa.Column("licence_status", sa.Text, nullable=False),
        sa.Column("expiry", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("list_id", "line", name="pk_go_list_players"),
        sa.ForeignKeyConstraint(
            ["list_id"], ["go_rating_lists.id"], name="fk_go_list_players_list_id_go_rating_lists"
        ),
    )


def downgrade() -> None:
    """Drop the Go rating list tables."""
    op.drop_table("go_list_players")
    op.drop_index("ix_go_rating_lists_origin", table_name="go_rating_lists")
    op.drop_table("go_rating_lists")
