"""Go's rating systems, as entries of the one registry (`rating.registry` finds this module
by listing the folders of `rating`): the EGF GoR (the contest's baseline), Elo and Glicko on
Go games, each with its handicap- and komi-aware forecaster (`systems.GoSystem`), its search
space (six candidates each: the same budget) and its cost. A new Go system: its rate and
predict functions in `systems` (or a module beside it) and one entry here."""

from __future__ import annotations

from ratinglist.errors import NotFoundError
from ratinglist.rating.declared import DeclaredSystem
from ratinglist.rating.go.gor import GorParams
from ratinglist.rating.go.systems import (
    EloGoParams,
    GlickoGoParams,
    GoSystem,
    predict_elo,
    predict_glicko,
    predict_gor,
    rate_egf,
    rate_elo,
    rate_glicko,
)

GO = "go"

COSTS = {"egf": 0.54, "elo": 0.35, "glicko": 2.35}
"""Seconds of each system's search (six replays and their temperature fits) in `evaluate
--game go` over the real Go archive (`import --game go ../shared/data/real/go`: 13,327
games; `contest.fit` timed per system, load 7)."""

DECLARED: tuple[DeclaredSystem, ...] = (
    DeclaredSystem(
        "egf",
        "the EGF GoR as the EGD computes it, handicap and komi included",
        COSTS["egf"],
        game=GO,
        on_game=GoSystem(
            "egf",
            GorParams(),
            rate_egf,
            predict_gor,
            tuple(GorParams(grade=g) for g in (80.0, 90.0, 100.0, 110.0, 120.0, 130.0)),
        ),
    ),
    DeclaredSystem(
        "elo",
        "Elo on Go games, handicap-aware",
        COSTS["elo"],
        game=GO,
        on_game=GoSystem(
            "elo",
            EloGoParams(),
            rate_elo,
            predict_elo,
            tuple(EloGoParams(k=k, scale=s) for k in (16.0, 32.0, 48.0) for s in (300.0, 400.0)),
        ),
    ),
    DeclaredSystem(
        "glicko",
        "Glicko on Go games, handicap-aware",
        COSTS["glicko"],
        game=GO,
        on_game=GoSystem(
            "glicko",
            GlickoGoParams(),
            rate_glicko,
            predict_glicko,
            tuple(
                GlickoGoParams(start_deviation=d, c=c)
                for d in (100.0, 200.0, 300.0)
                for c in (15.0, 45.0)
            ),
        ),
    ),
)
"""Go's systems, the GoR first."""


def go_systems() -> tuple[GoSystem, ...]:
    """Go's systems as the Go contest and `rate --game go` run them (default parameters)."""
    return tuple(s.on_game for s in DECLARED if isinstance(s.on_game, GoSystem))


def go_system(name: str) -> GoSystem:
    """The Go system `name` with its default parameters and its candidates.

    Raises:
        NotFoundError: no such Go system.
    """
    found = {s.name: s for s in go_systems()}.get(name)
    if found is None:
        known = ", ".join(s.name for s in go_systems())
        raise NotFoundError(f"expected a Go rating system among {known}, got {name!r}")
    return found
