"""Files a director uploads on the web: an OpenGotha XML stored as a new tournament, and an
EGF, FFG or AGA rating list stored for the registration search. The same use cases as
``tournament import FILE`` and ``tournament list import FILE``, on the bytes received: the
file is read under its own name (so its problems read ``name.xml:12: ...``), bounded in size.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from ratinglist.errors import N_, FormatError
from ratinglist.model.directed import GoImported
from ratinglist.model.go.lists import ListOrigin
from ratinglist.service.actor import Actor
from ratinglist.service.go.lists import ListImport, import_list
from ratinglist.service.tournaments.games.go.files import import_opengotha
from ratinglist.store import Store

MAX_UPLOAD_BYTES = 1_000_000
"""The largest file uploaded on the web (the app's request bound, `web.limits`); a larger
list goes through the command line."""
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _checked(file_name: str, data: bytes, what: str, suffixes: tuple[str, ...]) -> str:
    name = _SAFE.sub("_", Path(file_name).name).strip("._") or "upload"
    if not data:
        raise FormatError(
            N_("%(name)s: expected %(what)s, got an empty file"), name=name, what=what
        )
    if len(data) > MAX_UPLOAD_BYTES:
        raise FormatError(
            N_(
                "%(name)s: expected %(what)s of at most %(max_upload_bytes)s bytes, got"
                " more (import a larger file on the command line)"
            ),
            name=name,
            what=what,
            max_upload_bytes=format(MAX_UPLOAD_BYTES, ","),
        )
    if suffixes and not name.lower().endswith(suffixes):
        raise FormatError(
            N_("%(name)s: expected %(what)s (%(suffixes)s), got %(name)r"),
            name=name,
            what=what,
            suffixes=", ".join(suffixes),
        )
    return name


def import_opengotha_upload(
    db: Store, file_name: str, data: bytes, actor: Actor, *, director: str | None = None
) -> GoImported:
    """Store the OpenGotha file received as `data` as a new directed tournament, directed
    by the account `director`.

    Raises:
        FormatError: empty, too large, not ``.xml``, or not an OpenGotha file (the
            problem with its file name and line).
        TournamentError: its tournament does not fit the engine; nothing stored.
    """
    name = _checked(file_name, data, "an OpenGotha tournament file", (".xml",))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        return import_opengotha(db, path, actor, director=director)


def import_list_upload(
    db: Store, file_name: str, data: bytes, actor: Actor, origin: ListOrigin | None = None
) -> ListImport:
    """Store the EGF, FFG or AGA rating list received as `data` (its federation from
    `origin`, else from its layout) as the latest list of its federation.

    Raises:
        FormatError: empty, too large, or not a rating list (with its file name and line).
    """
    name = _checked(file_name, data, "a rating list", ())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        return import_list(db, path, actor, origin)
