"""The game of a stored evaluation (issue 37, item 3): ``evaluations.game`` (``othello``,
``go``; the rows stored before are Othello's), so `/evidence` and `/go/evidence` each show
their game's newest.

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision: str | None = "0022"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``evaluations.game`` (existing rows: ``othello``)."""
    op.add_column(
        "evaluations",
        sa.Column("game", sa.String(16), nullable=False, server_default="othello"),
    )


def downgrade() -> None:
    """Drop ``evaluations.game``."""
    with op.batch_alter_table("evaluations") as batch:
        batch.drop_column("game")
