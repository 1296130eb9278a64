"""Rating history and publication: list input digests, actors, the published flag and log.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the history and publication columns to ``rating_lists`` and the publication log."""
    op.add_column("rating_lists", sa.Column("inputs", sa.String(64), nullable=True))
    op.create_index("ix_rating_lists_inputs", "rating_lists", ["inputs"])
    op.add_column("rating_lists", sa.Column("computed_by", sa.Text, nullable=True))
    op.add_column(
        "rating_lists",
        sa.Column("published", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "rating_lists", sa.Column("published_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column("rating_lists", sa.Column("published_by", sa.Text, nullable=True))
    op.create_table(
        "rating_list_publications",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("list_id", sa.Integer, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rating_list_publications"),
        sa.ForeignKeyConstraint(
            ["list_id"],
            ["rating_lists.id"],
            name="fk_rating_list_publications_list_id_rating_lists",
        ),
    )
    op.create_index("ix_rating_list_publications_list_id", "rating_list_publications", ["list_id"])


def downgrade() -> None:
    """Drop the publication log and the added columns."""
    op.drop_index("ix_rating_list_publications_list_id", table_name="rating_list_publications")
    op.drop_table("rating_list_publications")
    op.drop_index("ix_rating_lists_inputs", table_name="rating_lists")
    with op.batch_alter_table("rating_lists") as batch:
        for name in ("published_by", "published_at", "published", "computed_by", "inputs"):
            batch.drop_column(name)
