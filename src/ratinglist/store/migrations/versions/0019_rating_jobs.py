"""Rating jobs: a rating list the rating officer asked the web to compute, with its phase,
so that any server process can show its progress (issue 32, item 5).

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision: str | None = "0018"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``rating_jobs``."""
    op.create_table(
        "rating_jobs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("as_of", sa.Date, nullable=False),
        sa.Column("requested_by", sa.Text, nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("list_id", sa.Integer, sa.ForeignKey("rating_lists.id"), nullable=True),
        sa.Column("message", sa.Text, nullable=True),
    )


def downgrade() -> None:
    """Drop ``rating_jobs``."""
    op.drop_table("rating_jobs")
