"""E-mail: an address on accounts and the time of the last password-reset mail; the
server's secrets (the key that signs password-reset links, shared by every host).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``accounts.email`` and ``accounts.reset_mailed_at``; create ``server_secrets``."""
    op.add_column("accounts", sa.Column("email", sa.String(254), nullable=True))
    op.add_column(
        "accounts", sa.Column("reset_mailed_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    """Drop ``server_secrets`` and the two columns."""
    op.drop_table("server_secrets")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("reset_mailed_at")
        batch.drop_column("email")
