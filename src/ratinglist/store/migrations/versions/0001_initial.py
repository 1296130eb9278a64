"""Initial schema: source files, diagnostics, tournaments, games, players, ID history.

Revision ID: 0001
Revises:
Create Date: 2026-07-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create every table and index of the first schema."""
    op.create_table(
        "source_files",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("path", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("encoding", sa.String(32), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("is_current", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_source_files"),
        sa.UniqueConstraint("name", "version", name="uq_source_files_name_version"),
    )
    op.create_index("ix_source_files_name_is_current", "source_files", ["name", "is_current"])

    op.create_table(
        "diagnostics",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("source_file_id", sa.Integer, nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("severity", sa.String(8), nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("column", sa.Integer, nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_diagnostics"),
        sa.ForeignKeyConstraint(
            ["source_file_id"],
            ["source_files.id"],
            name="fk_diagnostics_source_file_id_source_files",
        ),
    )
    op.create_index("ix_diagnostics_source_file_id", "diagnostics", ["source_file_id"])

    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("file_name", sa.String(200), nullable=False),
        sa.Column("source_file_id", sa.Integer, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("country", sa.String(100), nullable=False),
        sa.Column("start_date", sa.Date, nullable=False),
        sa.Column("end_date", sa.Date, nullable=True),
        sa.Column("order_letter", sa.String(1), nullable=True),
        sa.Column("sender", sa.Text, nullable=False),
        sa.Column("creator", sa.Text, nullable=True),
        sa.Column("game_count", sa.Integer, nullable=False),
        sa.Column("games_hash", sa.String(64), nullable=False),
        sa.Column("duplicate_of", sa.Integer, nullable=True),
        sa.Column("include_duplicate", sa.Boolean, nullable=False),
        sa.Column("excluded_from_ratings", sa.Boolean, nullable=False),
        sa.Column("excluded_reason", sa.Text, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
        sa.UniqueConstraint("file_name", name="uq_tournaments_file_name"),
        sa.ForeignKeyConstraint(
            ["source_file_id"],
            ["source_files.id"],
            name="fk_tournaments_source_file_id_source_files",
        ),
        sa.ForeignKeyConstraint(
            ["duplicate_of"], ["tournaments.id"], name="fk_tournaments_duplicate_of_tournaments"
        ),
    )
    op.create_index("ix_tournaments_start_date", "tournaments", ["start_date"])
    op.create_index("ix_tournaments_games_hash", "tournaments", ["games_hash"])
    op.create_index("ix_tournaments_duplicate_of", "tournaments", ["duplicate_of"])

    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tournament_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("first_id", sa.Integer, nullable=True),
        sa.Column("second_id", sa.Integer, nullable=True),
        sa.Column("first_token", sa.String(32), nullable=True),
        sa.Column("second_token", sa.String(32), nullable=True),
        sa.Column("outcome", sa.String(1), nullable=False),
        sa.Column("first_discs", sa.Integer, nullable=True),
        sa.Column("second_discs", sa.Integer, nullable=True),
        sa.Column("first_colour", sa.String(1), nullable=True),
        sa.Column("round", sa.Integer, nullable=True),
        sa.Column("added", sa.Boolean, nullable=False),
        sa.Column("excluded", sa.String(16), nullable=True),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("column", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], name="fk_games_tournament_id_tournaments"
        ),
    )
    op.create_index("ix_games_tournament_id", "games", ["tournament_id"])

    op.create_table(
        "players",
        sa.Column("id", sa.Integer, autoincrement=False),
        sa.Column("surname", sa.Text, nullable=False),
        sa.Column("firstname", sa.Text, nullable=False),
        sa.Column("country", sa.String(100), nullable=False),
        sa.Column("rating", sa.Integer, nullable=True),
        sa.Column("origin", sa.Text, nullable=False),
        sa.Column("merged_into", sa.Integer, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
    )

    op.create_table(
        "id_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.Column("event", sa.String(16), nullable=False),
        sa.Column("other_id", sa.Integer, nullable=True),
        sa.Column("date", sa.Date, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_id_history"),
    )
    op.create_index("ix_id_history_player_id", "id_history", ["player_id"])

    op.create_table(
        "temp_id_mappings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("source_file_id", sa.Integer, nullable=False),
        sa.Column("token", sa.String(32), nullable=False),
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_temp_id_mappings"),
        sa.UniqueConstraint(
            "source_file_id", "token", name="uq_temp_id_mappings_source_file_id_token"
        ),
        sa.ForeignKeyConstraint(
            ["source_file_id"],
            ["source_files.id"],
            name="fk_temp_id_mappings_source_file_id_source_files",
        ),
    )
    op.create_index("ix_temp_id_mappings_source_file_id", "temp_id_mappings", ["source_file_id"])


def downgrade() -> None:
    """Drop every table of the first schema."""
    for table in (
        "temp_id_mappings",
        "id_history",
        "players",
        "games",
        "tournaments",
        "diagnostics",
        "source_files",
    ):
        op.drop_table(table)
