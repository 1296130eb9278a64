"""Alembic environment: runs migrations on the connection `open_store` hands over.

The connection arrives in ``config.attributes["connection"]``; there is no ini file and no
offline (SQL script) mode.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from ratinglist.errors import StoreError
from ratinglist.store.schema import metadata


def run_migrations_online() -> None:
    """Apply the pending migrations on the connection given by the caller."""
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise StoreError("migrations need an open connection in config.attributes")
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
