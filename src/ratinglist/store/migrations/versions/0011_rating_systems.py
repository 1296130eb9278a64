"""Lists of other rating systems: ``rating_lists.system`` and ``rating_entries.title``.

- ``rating_lists.system``: the system that computed the list (``wof`` for every older list;
  ``elo``, ``glicko2``, ``whr``, ``egf``), indexed with the list id so the newest list of a
  system is found without a scan.
- ``rating_entries.title``: the Elo rank title (null for the other systems). An entry's
  ``margin`` holds the system's deviation (Glicko-2's RD, WHR's), 0 when it has none.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the two columns and the index."""
    with op.batch_alter_table("rating_lists") as batch:
        batch.add_column(sa.Column("system", sa.String(16), nullable=False, server_default="wof"))
    op.create_index("ix_rating_lists_system_id", "rating_lists", ["system", "id"])
    with op.batch_alter_table("rating_entries") as batch:
        batch.add_column(sa.Column("title", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_rating_lists_system_id", table_name="rating_lists")
    with op.batch_alter_table("rating_entries") as batch:
        batch.drop_column("title")
    with op.batch_alter_table("rating_lists") as batch:
        batch.drop_column("system")
