"""Stored evaluations: the JSON report of `ratinglist evaluate --store`, shown by the site's
evidence page (issue 23, item 4).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision: str | None = "0017"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``evaluations``."""
    op.create_table(
        "evaluations",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("stored_by", sa.Text, nullable=False),
        sa.Column("report", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop ``evaluations``."""
    op.drop_table("evaluations")
