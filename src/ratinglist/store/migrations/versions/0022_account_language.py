"""The language of an account's mails (issue 36): ``accounts.language`` (``en``, ``fr``,
``ja``; NULL: English).

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision: str | None = "0021"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``accounts.language``."""
    op.add_column("accounts", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    """Drop ``accounts.language``."""
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("language")
