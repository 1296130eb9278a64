"""Site pages: the public site's rendered pages, gzip-compressed, per data version; indexes
on ``players.merged_into`` and ``id_history.other_id``.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``site_pages`` and the two indexes."""
    op.create_index("ix_players_merged_into", "players", ["merged_into"])
    op.create_index("ix_id_history_other_id", "id_history", ["other_id"])
    op.create_table(
        "site_pages",
        sa.Column("key", sa.String(300), primary_key=True),
        sa.Column("version", sa.String(200), nullable=False),
        sa.Column("headers", sa.Text, nullable=False),
        sa.Column("body", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    """Drop ``site_pages`` and the two indexes."""
    op.drop_table("site_pages")
    op.drop_index("ix_id_history_other_id", table_name="id_history")
    op.drop_index("ix_players_merged_into", table_name="players")
