"""Alembic migrations shipped in the package; `ratinglist.store.database` runs them."""
