"""Who did it: the actor every service call takes and every write records."""

from __future__ import annotations

import getpass
import os
from dataclasses import dataclass
from enum import StrEnum


class ActorKind(StrEnum):
    """Where a write came from."""

    CLI = "cli"
    WEB = "web"
    IMPORT = "import"
    SYSTEM = "system"


@dataclass(frozen=True, slots=True)
class Actor:
    """The person or process behind a service call, recorded as ``kind:name``.

    `Actor.parse(actor.label)` gives the same actor back.
    """

    kind: ActorKind
    name: str

    @property
    def label(self) -> str:
        """The stored form, e.g. ``cli:alice`` or ``web:td-paris``."""
        return f"{self.kind.value}:{self.name}"

    @classmethod
    def parse(cls, label: str) -> Actor:
        """The actor stored as `label` (``kind:name``); a bare name is a CLI user."""
        kind, sep, name = label.partition(":")
        if sep and kind in {k.value for k in ActorKind}:
            return cls(ActorKind(kind), name)
        return cls(ActorKind.CLI, label)

    @classmethod
    def cli_user(cls) -> Actor:
        """The person at this terminal (``$RATINGLIST_USER``, else the login name)."""
        name = os.environ.get("RATINGLIST_USER")
        if not name:
            try:
                name = getpass.getuser()
            except (OSError, KeyError):
                name = "unknown"
        return cls(ActorKind.CLI, name)


SYSTEM = Actor(ActorKind.SYSTEM, "ratinglist")
