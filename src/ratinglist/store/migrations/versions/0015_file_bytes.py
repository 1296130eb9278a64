"""File bytes: each results file version keeps its bytes, zlib-compressed, in
``source_files.content`` (issue 19): downloads no longer depend on where the importer ran.

Backfilled from the stored path (as the importer's working directory saw it, tried from the
migration's working directory) when a file there still has the recorded SHA-256, else from
the rating officer's queue (``intake_items.data``) for the tournaments imported from it.
A version whose bytes are found nowhere keeps NULL. The pages rendered in advance
(``site_pages``) are dropped: they were made by the code before this change (tournament
standings without finals) and the data version does not tell.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26
"""

from __future__ import annotations

import hashlib
import zlib
from pathlib import Path

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None


def _read(path: str, sha256: str) -> bytes | None:
    try:
        data = Path(path).read_bytes()
    except (OSError, ValueError):
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def upgrade() -> None:
    """Add ``source_files.content`` and fill it where the bytes can be found."""
    op.add_column("source_files", sa.Column("content", sa.LargeBinary, nullable=True))
    conn = op.get_bind()
    files = sa.table(
        "source_files",
        sa.column("id", sa.Integer),
        sa.column("path", sa.Text),
        sa.column("sha256", sa.String),
        sa.column("content", sa.LargeBinary),
    )
    queued: dict[str, bytes] = {}
    if sa.inspect(conn).has_table("intake_items"):
        for (data,) in conn.execute(sa.text("SELECT data FROM intake_items")):
            raw = bytes(data)
            queued[hashlib.sha256(raw).hexdigest()] = raw
    conn.execute(sa.text("DELETE FROM site_pages"))
    rows = conn.execute(sa.select(files.c.id, files.c.path, files.c.sha256)).all()
    for file_id, path, sha256 in rows:
        data = _read(str(path), str(sha256)) or queued.get(str(sha256))
        if data is not None:
            conn.execute(
                files.update().where(files.c.id == file_id),
                {"content": zlib.compress(data, 9)},
            )


def downgrade() -> None:
    """Drop the column (``ALTER TABLE ... DROP COLUMN``: SQLite 3.35 or later; a batch copy
    of the table would break the foreign keys that point at it)."""
    op.drop_column("source_files", "content")
