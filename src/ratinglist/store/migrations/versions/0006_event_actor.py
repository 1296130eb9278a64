"""Tournament event actors: who appended each event of a directed tournament's log.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

UNKNOWN = "system:unknown"
"""The actor of events stored before this migration (nobody recorded it)."""


def upgrade() -> None:
    """Add ``actor`` (``kind:name``, not null) to ``tournament_events``."""
    with op.batch_alter_table("tournament_events") as batch:
        batch.add_column(
            sa.Column("actor", sa.Text, nullable=False, server_default=UNKNOWN),
        )


def downgrade() -> None:
    """Drop ``actor``."""
    with op.batch_alter_table("tournament_events") as batch:
        batch.drop_column("actor")
