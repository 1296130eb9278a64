"""The players' side: online registrations, players' codes, check-in, results reported by
players until both agree, and each tournament's settings of them (issue 35).

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision: str | None = "0019"
branch_labels: str | None = None
depends_on: str | None = None

_TID = "td_tournaments.id"


def upgrade() -> None:
    """Create ``player_side``, ``player_registrations``, ``player_codes``,
    ``player_checkins`` and ``player_reports``."""
    op.create_table(
        "player_side",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(_TID), primary_key=True),
        sa.Column("registration_open", sa.Boolean, nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cap", sa.Integer, nullable=True),
        sa.Column("reporting", sa.Boolean, nullable=False),
        sa.Column("checkin_until", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "player_registrations",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(_TID), nullable=False),
        sa.Column("fields", sa.Text, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.Integer, nullable=True),
        sa.Column("decided_by", sa.Text, nullable=True),
    )
    op.create_index(
        "ix_player_registrations_tournament_id", "player_registrations", ["tournament_id"]
    )
    op.create_table(
        "player_codes",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(_TID), primary_key=True),
        sa.Column("player_id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "player_checkins",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(_TID), primary_key=True),
        sa.Column("player_id", sa.Integer, primary_key=True),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("checked_by", sa.Text, nullable=False),
    )
    op.create_table(
        "player_reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(_TID), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=False),
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.Column("score", sa.String(32), nullable=False),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_player_reports_tournament_id", "player_reports", ["tournament_id"])


def downgrade() -> None:
    """Drop the players' side tables."""
    for name in (
        "player_reports",
        "player_checkins",
        "player_codes",
        "player_registrations",
        "player_side",
    ):
        op.drop_table(name)
