"""ID history names: the person an ``assigned``, ``split`` or ``renamed`` event records.

Revision ID: 0004
Revises: 0003
Create Date: 2026-07-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

COLUMNS = ("surname", "firstname", "country")


def upgrade() -> None:
    """Add nullable ``surname``, ``firstname``, ``country`` to ``id_history``."""
    for name in COLUMNS:
        op.add_column("id_history", sa.Column(name, sa.Text, nullable=True))


def downgrade() -> None:
    """Drop the three columns."""
    with op.batch_alter_table("id_history") as batch:
        for name in COLUMNS:
            batch.drop_column(name)
