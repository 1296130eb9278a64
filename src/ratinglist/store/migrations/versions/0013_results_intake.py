"""Results intake: the rating officer's queue of submitted and uploaded results files.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``intake_items`` and its indexes."""
    op.create_table(
        "intake_items",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("td_tournament_id", sa.Integer, nullable=True),
        sa.Column("file_name", sa.String(200), nullable=False),
        sa.Column("original", sa.LargeBinary, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("country", sa.String(100), nullable=False),
        sa.Column("submitted_by", sa.Text, nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("decided_by", sa.Text, nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("message", sa.Text, nullable=True),
        sa.Column("diagnostics", sa.Text, nullable=False),
        sa.Column("errors", sa.Integer, nullable=False),
        sa.Column("warnings", sa.Integer, nullable=False),
        sa.Column("fixes", sa.Text, nullable=False),
        sa.Column("import_status", sa.String(16), nullable=True),
        sa.Column("tournament_id", sa.Integer, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_intake_items"),
        sa.ForeignKeyConstraint(
            ["td_tournament_id"],
            ["td_tournaments.id"],
            name="fk_intake_items_td_tournament_id_td_tournaments",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name="fk_intake_items_tournament_id_tournaments",
        ),
    )
    op.create_index("ix_intake_items_td_tournament_id", "intake_items", ["td_tournament_id"])
    op.create_index("ix_intake_items_status_country", "intake_items", ["status", "country"])


def downgrade() -> None:
    """Drop the queue."""
    op.drop_index("ix_intake_items_status_country", table_name="intake_items")
    op.drop_index("ix_intake_items_td_tournament_id", table_name="intake_items")
    op.drop_table("intake_items")
