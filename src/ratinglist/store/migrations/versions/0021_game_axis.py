"""The game axis: Go's rating archive (tournaments, players, their entries, games and
identity candidates) beside Othello's tables, which stay as they are (issue 37, item 1).

Revision ID: 0021
Revises: 0019 (the lead re-chains it after 0020)
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision: str | None = "0020"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the ``go_archive_*`` tables."""
    op.create_table(
        "go_archive_tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("short_name", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("location", sa.Text, nullable=False),
        sa.Column("begin_date", sa.Date, nullable=False),
        sa.Column("end_date", sa.Date, nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("komi", sa.Float, nullable=False),
        sa.Column("egf_class", sa.String(1), nullable=False),
        sa.Column("games_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("short_name", "begin_date"),
    )
    op.create_index(
        "ix_go_archive_tournaments_begin_date", "go_archive_tournaments", ["begin_date"]
    )
    op.create_table(
        "go_archive_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("identity", sa.Text, nullable=False, unique=True),
        sa.Column("egf_pin", sa.String(16), nullable=True),
        sa.Column("surname", sa.Text, nullable=False),
        sa.Column("first_name", sa.Text, nullable=False),
        sa.Column("country", sa.String(2), nullable=False),
        sa.Column("club", sa.Text, nullable=False),
    )
    op.create_table(
        "go_archive_entries",
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("go_archive_tournaments.id"),
            primary_key=True,
        ),
        sa.Column(
            "player_id", sa.Integer, sa.ForeignKey("go_archive_players.id"), primary_key=True
        ),
        sa.Column("rank", sa.String(4), nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("origin", sa.String(3), nullable=False),
    )
    op.create_index("ix_go_archive_entries_player_id", "go_archive_entries", ["player_id"])
    op.create_table(
        "go_archive_games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("go_archive_tournaments.id"),
            nullable=False,
        ),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("white_id", sa.Integer, sa.ForeignKey("go_archive_players.id"), nullable=False),
        sa.Column("black_id", sa.Integer, sa.ForeignKey("go_archive_players.id"), nullable=False),
        sa.Column("handicap", sa.Integer, nullable=False),
        sa.Column("komi", sa.Float, nullable=False),
        sa.Column("outcome", sa.String(1), nullable=False),
    )
    for column in ("tournament_id", "white_id", "black_id"):
        op.create_index(f"ix_go_archive_games_{column}", "go_archive_games", [column])
    op.create_table(
        "go_archive_candidates",
        sa.Column(
            "player_id", sa.Integer, sa.ForeignKey("go_archive_players.id"), primary_key=True
        ),
        sa.Column("other_id", sa.Integer, sa.ForeignKey("go_archive_players.id"), primary_key=True),
        sa.Column("reason", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop the ``go_archive_*`` tables."""
    for table in (
        "go_archive_candidates",
        "go_archive_games",
        "go_archive_entries",
        "go_archive_players",
        "go_archive_tournaments",
    ):
        op.drop_table(table)
