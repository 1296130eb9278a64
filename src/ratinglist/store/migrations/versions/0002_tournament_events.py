"""Tournament director: directed tournaments and their event logs.

Revision ID: 0002
Revises: 0001
Create Date: 2026-07-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``td_tournaments`` and ``tournament_events``."""
    op.create_table(
        "td_tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("country", sa.String(100), nullable=False),
        sa.Column("start_date", sa.Date, nullable=False),
        sa.Column("end_date", sa.Date, nullable=True),
        sa.Column("system", sa.String(40), nullable=True),
        sa.Column("preset", sa.String(16), nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_td_tournaments"),
    )
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tournament_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tournament_events"),
        sa.UniqueConstraint("tournament_id", "seq", name="uq_tournament_events_tournament_id_seq"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["td_tournaments.id"],
            name="fk_tournament_events_tournament_id_td_tournaments",
        ),
    )


def downgrade() -> None:
    """Drop the tournament director tables."""
    op.drop_table("tournament_events")
    op.drop_table("td_tournaments")
