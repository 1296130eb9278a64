"""The JSON shapes of the use cases' values: built here once, for the CLI's ``--json`` and
the web's API alike (commands never build JSON by hand)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ratinglist.model import Player
from ratinglist.registry.history import BEGINNING, IdEvent, Merged, Unmerged
from ratinglist.registry.search import Match
from ratinglist.service.archive import TournamentListing, tournament_status
from ratinglist.service.intake import CheckedPlayer, FixedId, IntakeSummary, ItemView
from ratinglist.service.player_lists import ListImportResult
from ratinglist.service.rating_lists import (
    DIFF_GROUPS,
    ComputedList,
    Explanation,
    ListComparison,
    ListPage,
    NamedChange,
    ProfileComparison,
)
from ratinglist.service.registry import PlayerHistory
from ratinglist.store.id_history import event_kind

JSON = dict[str, Any]


def day(value: dt.date | None) -> str | None:
    """An ISO date, None for an unknown day (`BEGINNING`) or no day."""
    return None if value is None or value == BEGINNING else value.isoformat()


def match(m: Match) -> JSON:
    """A search hit."""
    p = m.player
    return {
        "id": int(p.id),
        "surname": p.surname,
        "firstname": p.firstname,
        "country": p.country,
        "rating": p.rating,
        "score": round(m.score, 1),
    }


def person(p: Player) -> JSON:
    """Surname, first name, country."""
    return {"surname": p.surname, "firstname": p.firstname, "country": p.country}


def id_event(event: IdEvent) -> JSON:
    """One ID event."""
    record: JSON = {
        "event": event_kind(event).value,
        "date": day(event.when),
        "reason": event.reason,
    }
    if isinstance(event, Merged | Unmerged):
        return record | {"kept": int(event.kept), "removed": int(event.removed)}
    return record | {"player": person(event.player)}


def history(h: PlayerHistory) -> JSON:
    """`players history --json`: who the ID denoted when, and its events by date."""
    return {
        "id": int(h.id),
        "timeline": [
            {
                "from": day(t.start),
                "until": None if t.end is None else (t.end - dt.timedelta(days=1)).isoformat(),
                "person": t.person + 1,
            }
            | person(t.player)
            for t in h.timeline
        ],
        "events": [id_event(e) for e in h.events],
    }


def list_import(result: ListImportResult) -> JSON:
    """`players import-list --json`: the plan's counts and IDs, and whether it was applied."""
    plan = result.plan
    return {
        "source": plan.source,
        "date": plan.on.isoformat(),
        "applied": result.applied is not None,
        "import_id": None if result.applied is None else result.applied.import_id,
        "added": len(plan.added),
        "updated": len(plan.updates),
        "renamed": [
            {"id": int(c.after.id), "before": person(c.before), "after": person(c.after)}
            for c in plan.renamed
            if c.before is not None
        ],
        "split": [
            {"id": int(c.after.id), "before": person(c.before), "after": person(c.after)}
            for c in plan.split
            if c.before is not None
        ],
        "unchanged": plan.unchanged,
    }


def rate_summary(done: ComputedList) -> JSON:
    """`rate --json`: the stored list's counts and timing."""
    info = done.info
    return {
        "list_id": info.id,
        "as_of": info.as_of.isoformat(),
        "games": info.game_count,
        "rated": info.rated,
        "listed": info.listed,
        "official": info.official,
        "excluded_files": done.excluded_files,
        "profile": done.profile,
        "self_games": len(done.self_games),
        "iterations": info.iterations,
        "seconds": round(done.seconds, 3),
    }


def list_page(page: ListPage) -> JSON:
    """`list --json`: the list and the shown rows (``place`` within the selection)."""
    info = page.info
    return {
        "list": {"id": info.id, "as_of": info.as_of.isoformat(), "selected": page.selected},
        "players": [
            {
                "place": r.place,
                "id": int(r.entry.player),
                "name": r.name,
                "country": r.country,
                "rating": r.entry.published,
                "margin": round(r.entry.margin, 1),
                "official": r.entry.official,
                "games": r.entry.games,
                "last_played": r.entry.last_played.isoformat(),
            }
            for r in page.rows
        ],
    }


def named_change(c: NamedChange) -> JSON:
    """One row of a list comparison."""
    before, after = c.change.before, c.change.after
    return {
        "id": int(c.change.player),
        "name": c.name,
        "country": c.country,
        "before": None if before is None else before.published,
        "after": None if after is None else after.published,
        "change": c.change.published_change,
        "official": None if after is None else after.official,
    }


def comparison(cmp: ListComparison) -> JSON:
    """`diff --json`."""
    payload: JSON = {
        "from": {"id": cmp.before.id, "as_of": cmp.before.as_of.isoformat()},
        "to": {"id": cmp.after.id, "as_of": cmp.after.as_of.isoformat()},
        "counts": dict(cmp.counts),
    }
    for name in DIFF_GROUPS:
        payload[name] = [named_change(c) for c in cmp.groups[name]]
    return payload


def explanation(e: Explanation) -> JSON:
    """`explain --json`."""
    r = e.result
    return {
        "player": int(r.player),
        "name": e.name,
        "from": {"id": e.before.id, "as_of": e.before.as_of.isoformat(), "rating": r.before},
        "to": {"id": e.after.id, "as_of": e.after.as_of.isoformat(), "rating": r.after},
        "total": r.total,
        "new_games": r.new_games,
        "aging": r.aging,
        "others": r.others,
        "own_games": r.own_games,
        "other_games": r.other_games,
    }


def tournaments(listing: TournamentListing) -> list[JSON]:
    """`archive list --json`."""
    return [
        {
            "id": r.id,
            "file_name": r.file_name,
            "name": r.name,
            "start_date": r.start_date.isoformat(),
            "games": r.game_count,
            "status": tournament_status(r),
        }
        for r in listing.rows
    ]


def profile_comparison(player: int, found: ProfileComparison) -> JSON:
    """`explain --profiles --json`."""
    result = found.result
    return {
        "player": player,
        "name": found.name,
        "as_of": found.as_of.isoformat(),
        "exact": result.start,
        "wof": result.end,
        "total": result.total,
        "parts": [
            {"choice": step.choice, "rating": step.rating, "part": step.part}
            for step in result.steps
        ],
    }


def when(value: dt.datetime | None) -> str | None:
    """An ISO time in UTC, None for none."""
    return None if value is None else value.astimezone(dt.UTC).isoformat()


def intake_item(item: IntakeSummary) -> JSON:
    """One queue item (`intake list --json`, `intake upload --json`)."""
    return {
        "id": item.id,
        "origin": item.origin,
        "td_tournament": item.td_tournament_id,
        "file_name": item.file_name,
        "country": item.country,
        "submitted_by": item.submitted_by,
        "submitted_at": when(item.submitted_at),
        "status": item.status,
        "decided_by": item.decided_by,
        "decided_at": when(item.decided_at),
        "message": item.message,
        "errors": item.errors,
        "warnings": item.warnings,
        "import_status": item.import_status,
        "tournament": item.tournament_id,
    }


def checked_player(p: CheckedPlayer) -> JSON:
    """A player of a queued file to look at, and the registry's player of that ID."""
    return {
        "token": p.token,
        "surname": p.surname,
        "firstname": p.firstname,
        "country": p.country,
        "line": p.line,
        "problem": p.problem,
        "registered": None if p.registered is None else person(p.registered),
    }


def intake_view(view: ItemView) -> JSON:
    """`intake show --json`: the item, its diagnostics (at submission and now), the players
    to look at and the ID fixes applied."""
    return intake_item(view.item) | {
        "submitted_diagnostics": [d.to_dict() for d in view.submitted_diagnostics],
        "diagnostics": [d.to_dict() for d in view.diagnostics],
        "players": [checked_player(p) for p in view.players],
        "fixes": [{"old": old, "new": new} for old, new in view.fixes],
    }


def fixed_id(done: FixedId) -> JSON:
    """`intake fix-id --json`."""
    return {
        "item": intake_item(done.item),
        "old": done.old,
        "new": done.new,
        "replaced": done.replaced,
        "added": None if done.added is None else {"id": int(done.added.id)} | person(done.added),
    }
