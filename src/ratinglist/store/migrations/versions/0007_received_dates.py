"""Received dates: the day the federation received a results file (issue 14).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add nullable ``tournaments.received_on`` (None: the day the file was imported)."""
    op.add_column("tournaments", sa.Column("received_on", sa.Date, nullable=True))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("received_on")
