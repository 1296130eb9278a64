"""Tournament snapshots: a directed tournament's folded state after an event of its log.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision: str | None = "0016"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``tournament_snapshots`` (one row per tournament)."""
    op.create_table(
        "tournament_snapshots",
        sa.Column(
            "tournament_id", sa.Integer, sa.ForeignKey("td_tournaments.id"), primary_key=True
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("code", sa.String(80), nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    """Drop ``tournament_snapshots``."""
    op.drop_table("tournament_snapshots")
