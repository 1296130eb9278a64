"""Accounts, grants, web sessions and failed sign-ins (issue 10: the tournament server).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.Text(), nullable=False),
        sa.UniqueConstraint("name", name="uq_accounts_name"),
    )
    op.create_table(
        "account_grants",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", name="fk_account_grants_account_id_accounts"),
            nullable=False,
        ),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("scope", sa.String(40), nullable=False, server_default=""),
        sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("granted_by", sa.Text(), nullable=False),
        sa.UniqueConstraint(
            "account_id", "role", "scope", name="uq_account_grants_account_id_role_scope"
        ),
    )
    op.create_table(
        "web_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", name="fk_web_sessions_account_id_accounts"),
            nullable=False,
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_sessions_account_id", "web_sessions", ["account_id"])
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_login_failures_name_at", "login_failures", ["name", "at"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_login_failures_name_at", table_name="login_failures")
    op.drop_table("login_failures")
    op.drop_index("ix_web_sessions_account_id", table_name="web_sessions")
    op.drop_table("web_sessions")
    op.drop_table("account_grants")
    op.drop_table("accounts")
