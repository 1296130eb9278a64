"""Go's role ``archive``: a submitted Go tournament feeds the Go rating archive
(`service.go.archive.archive_exports_on`, inside the submission's transaction)."""

from __future__ import annotations

from ratinglist.service.go.archive import archive_exports_on

__all__ = ["archive_exports_on"]
