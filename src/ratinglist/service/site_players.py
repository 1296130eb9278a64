"""The public site's player pages: rating, places, history, games, head-to-head, explain.

A player's games include those played under IDs merged into theirs. An opponent's "rating at
the time" is their rating in the last published list dated before the tournament's first day.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from sqlalchemy.engine import Connection

from ratinglist.errors import N_, NotFoundError
from ratinglist.model import Player, PlayerId
from ratinglist.rating.explain import ChangeFits, change_fits, explain_with
from ratinglist.registry.history import BEGINNING
from ratinglist.service.rating_lists import rated_games, stored_list
from ratinglist.service.site import (
    PublishedList,
    Site,
    continent_of,
    country_code,
    find_list,
    find_list_by_id,
    lists,
)
from ratinglist.store import get_player
from ratinglist.store.id_history import load_registry
from ratinglist.store.site_lists import ListRef
from ratinglist.store.site_players import (
    IdHistoryRow,
    PlayerGameRow,
    id_history_rows,
    listed_ratings,
    merged_ids,
    player_entries,
    player_games,
    ratings_at,
    split_ids,
)
from ratinglist.store.site_tournaments import TournamentSummary, names_of

RESULT_WORDS = {">": "win", "<": "loss", "=": "draw"}
"""The first player's result by sign."""


@dataclass(frozen=True, slots=True)
class Places:
    """A listed player's place in the world, their continent and their country (1 = best)."""

    world: int
    world_of: int
    continent: int | None
    continent_of: int
    country: int
    country_of: int


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's entry in one published list."""

    list_id: int
    as_of: dt.date
    rating: int
    margin: float
    official: bool
    listed: bool
    games: int


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """A game seen from the player: opponent (with rating at the time), colour, discs;
    `result` "win", "loss", "draw", or None when the game was not played."""

    round: int | None
    opponent_id: int
    opponent_name: str
    opponent_rating: int | None
    colour: str | None
    own_discs: int | None
    opponent_discs: int | None
    result: str | None
    opponent_owner: int | None = None
    """Which person of the opponent's ID played (1: the first), when the ID changed hands;
    None: its latest person."""

    @property
    def bye(self) -> bool:
        """A game against ID 0, the files' "no opponent": a bye, not a player."""
        return self.opponent_id == BYE_ID


BYE_ID = 0
"""The ID results files write for "no opponent" (a bye)."""


@dataclass(frozen=True, slots=True)
class PlayerTournament:
    """A tournament the player played, with their games in it."""

    id: int
    name: str
    country: str
    start_date: dt.date
    games: tuple[PlayerGame, ...]

    @property
    def score(self) -> float:
        """Points: 1 a win, 1/2 a draw."""
        return sum({"win": 1.0, "draw": 0.5}.get(g.result or "", 0.0) for g in self.games)


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """The player's record against one opponent."""

    opponent_id: int
    name: str
    country: str
    wins: int
    draws: int
    losses: int
    owner: int | None = None
    """The opponent's person of a split ID (1: the first); None: the person now."""

    @property
    def games(self) -> int:
        """Games played against this opponent."""
        return self.wins + self.draws + self.losses


@dataclass(frozen=True, slots=True)
class IdEvent:
    """An ID history event as the page shows it: `date` None when the day is unknown (an ID
    first known from a players list), `reason` without any server path, and for what a
    players-list import wrote, "from the players list of DATE"."""

    kind: str
    player_id: int
    other_id: int | None
    date: dt.date | None
    reason: str


_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[^\s:/\\()]*[/\\])+([^\s/\\()]+)")
_LIST_REASON = re.compile(r"\blist:\S+")
_QUEUE_ITEM = re.compile(r"\s*\(intake item \d+\)")
"""The intake queue's number in a reason: the rating officer's, not the public's."""


def _event(row: IdHistoryRow) -> IdEvent:
    """The shown form of an ID event (see `IdEvent`)."""
    reason = row.reason
    if row.list_date is not None or _LIST_REASON.search(reason):
        source = (
            f"the players list of {row.list_date.isoformat()}"
            if row.list_date is not None
            else "a players list"
        )
        reason = _LIST_REASON.sub(source, reason)
        reason = re.sub(r"^in the players list", "from the players list", reason)
        reason = re.sub(r"^in a players list", "from a players list", reason)
    reason = _PATH.sub(lambda m: m.group(1), reason)
    reason = _QUEUE_ITEM.sub("", reason)
    day = None if row.date == BEGINNING else row.date
    if day is None and row.list_date is not None:
        day = row.list_date
    return IdEvent(row.kind, row.player_id, row.other_id, day, reason)


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """Everything the player page shows.

    `current` is the entry in the latest published list (None when not rated there);
    `explain` names the last two published lists when the player is listed in both.
    """

    id: int
    name: str
    country: str
    country_name: str
    latest: PublishedList | None
    current: HistoryPoint | None
    places: Places | None
    history: tuple[HistoryPoint, ...]
    tournaments: tuple[PlayerTournament, ...]
    head_to_head: tuple[HeadToHead, ...]
    id_events: tuple[IdEvent, ...]
    merged: tuple[int, ...]
    explain: tuple[ListRef, ListRef] | None
    owner: int | None = None
    """Which person of the ID the page shows (1: the first) when the ID changed hands (a
    split); None: the ID always denoted one person."""
    owners: tuple[Owner, ...] = ()
    """Every person the ID denoted, oldest first (empty: only one)."""


@dataclass(frozen=True, slots=True)
class Owner:
    """One person an ID denoted: the number of the person (1: the first), their name and
    country, the first day (None: unknown) and the day before the next person (None: now)."""

    number: int
    name: str
    country: str
    since: dt.date | None
    until: dt.date | None

    @property
    def latest(self) -> bool:
        """Whether this is the ID's person now."""
        return self.until is None


def owners_of(spans: Sequence[tuple[dt.date, Player]]) -> tuple[Owner, ...]:
    """The people of an ID from its registry spans (start, person), oldest first."""
    return tuple(
        Owner(
            k + 1,
            person.name,
            country_code(person.country),
            None if start == BEGINNING else start,
            spans[k + 1][0] - dt.timedelta(days=1) if k + 1 < len(spans) else None,
        )
        for k, (start, person) in enumerate(spans)
    )


def _spans(conn: Connection, ids: Collection[int]) -> dict[int, tuple[tuple[dt.date, Player], ...]]:
    """ID -> its people (start, person), for the registered IDs among `ids` that denoted more
    than one person."""
    split = split_ids(conn, ids)
    if not split:
        return {}
    registry = load_registry(conn, ids=split).registry
    found = {}
    for pid in split:
        if pid in registry:
            spans = registry.owners(pid)
            if len(spans) > 1:
                found[pid] = spans
    return found


def _owner_on(spans: Sequence[tuple[dt.date, Player]], day: dt.date) -> int:
    """The number (1: the first) of the person of an ID on `day`."""
    k = bisect.bisect_right([start for start, _ in spans], day)
    return max(k, 1)


def _name(row: tuple[str, str, str] | None, pid: int) -> tuple[str, str]:
    if row is None:
        return f"#{pid}", ""
    surname, firstname, country = row
    return (f"{surname}, {firstname}" if firstname else surname), country_code(country)


def _places(site: Site, list_id: int) -> dict[int, Places]:
    def build() -> dict[int, Places]:
        with site.store.connect() as conn:
            rows = listed_ratings(conn, list_id)
        codes = [country_code(r.country) for r in rows]
        conts = [continent_of(c) for c in codes]
        country_total: dict[str, int] = {}
        continent_total: dict[object, int] = {}
        for code, cont in zip(codes, conts, strict=True):
            country_total[code] = country_total.get(code, 0) + 1
            if cont is not None:
                continent_total[cont] = continent_total.get(cont, 0) + 1
        seen_country: dict[str, int] = {}
        seen_continent: dict[object, int] = {}
        places: dict[int, Places] = {}
        for k, (row, code, cont) in enumerate(zip(rows, codes, conts, strict=True)):
            seen_country[code] = seen_country.get(code, 0) + 1
            cont_place = None
            if cont is not None:
                seen_continent[cont] = seen_continent.get(cont, 0) + 1
                cont_place = seen_continent[cont]
            places[row.player_id] = Places(
                world=k + 1,
                world_of=len(rows),
                continent=cont_place,
                continent_of=continent_total.get(cont, 0) if cont is not None else 0,
                country=seen_country[code],
                country_of=country_total[code],
            )
        return places

    return site.cached(("places", list_id), build)


def player_history(
    site: Site, player_id: int, owner: int | None = None
) -> tuple[HistoryPoint, ...]:
    """The player's entries in every published list, oldest first (empty when never rated);
    of the ID's person `owner` (1: the first; default the latest) when the ID changed hands.

    Raises:
        NotFoundError: no player has this ID, or it had no person `owner`.
    """
    if get_player(site.store, player_id) is None:
        raise NotFoundError(
            N_("expected the ID of a registered player, got '%(player_id)s'"), player_id=player_id
        )
    shown = _person(_people(site, player_id), player_id, owner)
    history = _history(site, player_id)
    return history if shown is None else tuple(p for p in history if _within(shown, p.as_of))


def _people(site: Site, player_id: int) -> tuple[Owner, ...]:
    """Every person of the ID, oldest first (empty: it denoted only one)."""
    with site.store.connect() as conn:
        return owners_of(_spans(conn, [player_id]).get(player_id, ()))


def _person(people: tuple[Owner, ...], player_id: int, owner: int | None) -> Owner | None:
    """Person `owner` of the ID (default: the latest), None when it denoted only one.

    Raises:
        NotFoundError: the ID had no person `owner`.
    """
    if owner is not None and not 1 <= owner <= max(len(people), 1):
        raise NotFoundError(
            N_("expected a person of ID %(player_id)s numbered 1 to %(count)s, got %(owner)s"),
            player_id=player_id,
            count=max(len(people), 1),
            owner=owner,
        )
    return None if not people else people[(owner or len(people)) - 1]


def _history(site: Site, player_id: int) -> tuple[HistoryPoint, ...]:
    refs = {r.id: r for r in lists(site)}
    if not refs:
        return ()
    with site.store.connect() as conn:
        found = player_entries(conn, [player_id], refs.keys())
    points = [
        HistoryPoint(
            list_id=e.list_id,
            as_of=refs[e.list_id].as_of,
            rating=round(e.rating),
            margin=e.margin,
            official=e.official,
            listed=e.listed,
            games=e.games,
        )
        for _, e in found
    ]
    return tuple(sorted(points, key=lambda p: p.as_of))


def player_page(site: Site, player_id: int, owner: int | None = None) -> PlayerPage:
    """The player page of `player_id`: of its person `owner` (1: the first) when the ID
    changed hands (a split), by default its latest person.

    Each person shows only the games played while the ID was theirs (by the tournament's
    first day), and the published lists of that time; an opponent is named as the person
    their ID denoted then.

    Raises:
        NotFoundError: no registered player has this ID, or it had no person `owner`.
    """
    player = get_player(site.store, player_id)
    if player is None:
        raise NotFoundError(
            N_("expected the ID of a registered player, got '%(player_id)s'"), player_id=player_id
        )
    people = _people(site, player_id)
    shown = _person(people, player_id, owner)
    history = _history(site, player_id)
    if shown is not None:
        history = tuple(p for p in history if _within(shown, p.as_of))
    refs = lists(site)
    latest = find_list(site, None) if refs else None
    current = next((p for p in history if latest and p.list_id == latest.id), None)
    places = None
    if latest is not None and current is not None and current.listed:
        places = _places(site, latest.id).get(player_id)
    with site.store.connect() as conn:
        merged = merged_ids(conn, player_id) if shown is None or shown.latest else ()
        own = {player_id, *merged}
        rows = tuple(
            r
            for r in player_games(conn, own)
            if shown is None
            or not _played_by(r, player_id)
            or _within(shown, r.tournament.start_date)
        )
        opponents = {_opponent(r, own)[1] for r in rows}
        names = names_of(conn, opponents)
        changed_hands = _spans(conn, opponents)
        dates = [r.as_of for r in refs]
        before: dict[int, ListRef | None] = {}
        for r in rows:
            if r.tournament.id not in before:
                before[r.tournament.id] = _list_before(refs, dates, r.tournament.start_date)
        pairs = set()
        for r in rows:
            ref = before[r.tournament.id]
            if ref is not None:
                pairs.add((ref.id, _opponent(r, own)[1]))
        at_time = ratings_at(conn, pairs)
    tournaments = _tournaments(rows, own, names, before, at_time, changed_hands)
    with site.store.connect() as conn:
        events = tuple(_event(row) for row in id_history_rows(conn, player_id))
    explain = None
    if len(refs) >= 2 and latest is not None and latest.previous is not None:
        listed_in = {p.list_id for p in history if p.listed}
        if latest.id in listed_in and latest.previous.id in listed_in:
            explain = (latest.previous, ListRef(latest.id, latest.as_of))
    code = country_code(player.country) if shown is None else shown.country
    return PlayerPage(
        id=player_id,
        name=player.name if shown is None else shown.name,
        country=code,
        country_name=_country_name(code),
        latest=latest,
        current=current,
        places=places,
        history=history,
        tournaments=tournaments,
        head_to_head=_head_to_head(tournaments, names),
        id_events=events,
        merged=merged,
        explain=explain if shown is None or shown.latest else None,
        owner=None if shown is None else shown.number,
        owners=people,
    )


def _within(owner: Owner, day: dt.date) -> bool:
    """Whether the ID was `owner`'s on `day`."""
    return (owner.since is None or owner.since <= day) and (
        owner.until is None or day <= owner.until
    )


def _played_by(row: PlayerGameRow, player_id: int) -> bool:
    """Whether ID `player_id` itself (not an ID merged into it) played the game."""
    return player_id in (row.game.first_id, row.game.second_id)


def _country_name(code: str) -> str:
    from ratinglist.registry.countries import find_country

    found = find_country(code) if code else None
    return found.name if found is not None else code


def _list_before(refs: Sequence[ListRef], dates: Sequence[dt.date], day: dt.date) -> ListRef | None:
    k = bisect.bisect_left(dates, day)
    return refs[k - 1] if k > 0 else None


def _opponent(row: PlayerGameRow, own: set[int]) -> tuple[bool, int]:
    """(whether the player is the first side, the opponent's ID) of a game of theirs."""
    first = row.game.first_id in own
    opponent = row.game.second_id if first else row.game.first_id
    assert opponent is not None  # `player_games` keeps games whose both IDs are known
    return first, opponent


def _tournaments(
    rows: Sequence[PlayerGameRow],
    own: set[int],
    names: dict[int, tuple[str, str, str]],
    before: dict[int, ListRef | None],
    at_time: dict[tuple[int, int], float],
    changed_hands: dict[int, tuple[tuple[dt.date, Player], ...]] | None = None,
) -> tuple[PlayerTournament, ...]:
    changed_hands = changed_hands or {}
    grouped: dict[int, list[PlayerGame]] = {}
    info: dict[int, TournamentSummary] = {}
    labels: dict[int, str] = {}
    for r in rows:
        g = r.game
        first, opponent = _opponent(r, own)
        result = RESULT_WORDS.get(g.outcome)
        if not first and result is not None:
            result = {"win": "loss", "loss": "win"}.get(result, result)
        colour = g.first_colour
        if colour is not None and not first:
            colour = {"B": "W", "W": "B"}.get(colour, colour)
        ref = before[r.tournament.id]
        rating = None if ref is None else at_time.get((ref.id, opponent))
        if opponent not in labels:
            labels[opponent] = _name(names.get(opponent), opponent)[0]
        label, person = labels[opponent], None
        spans = changed_hands.get(opponent)
        if spans is not None:
            person = _owner_on(spans, r.tournament.start_date)
            label = spans[person - 1][1].name
            person = None if person == len(spans) else person
        grouped.setdefault(r.tournament.id, []).append(
            PlayerGame(
                round=g.round,
                opponent_id=opponent,
                opponent_name=label,
                opponent_owner=person,
                opponent_rating=None if rating is None else round(rating),
                colour=colour,
                own_discs=g.first_discs if first else g.second_discs,
                opponent_discs=g.second_discs if first else g.first_discs,
                result=result,
            )
        )
        info.setdefault(r.tournament.id, r.tournament)
    result_list = [
        PlayerTournament(
            id=tid,
            name=info[tid].name,
            country=country_code(info[tid].country),
            start_date=info[tid].start_date,
            games=tuple(grouped[tid]),
        )
        for tid in grouped
    ]
    result_list.sort(key=lambda t: (t.start_date, t.id), reverse=True)
    return tuple(result_list)


def _head_to_head(
    tournaments: Sequence[PlayerTournament], names: dict[int, tuple[str, str, str]]
) -> tuple[HeadToHead, ...]:
    counts: dict[tuple[int, int | None], list[int]] = {}
    earlier: dict[tuple[int, int | None], str] = {}
    for t in tournaments:
        for g in t.games:
            if g.result is None or g.bye:
                continue
            key = (g.opponent_id, g.opponent_owner)  # each person of a split ID apart
            tally = counts.setdefault(key, [0, 0, 0])
            tally[{"win": 0, "draw": 1, "loss": 2}[g.result]] += 1
            if g.opponent_owner is not None:
                earlier[key] = g.opponent_name
    records = []
    for (pid, owner), (w, d, lo) in counts.items():
        name, code = _name(names.get(pid), pid)
        records.append(HeadToHead(pid, earlier.get((pid, owner), name), code, w, d, lo, owner))
    records.sort(key=lambda h: (-h.games, h.name, h.opponent_id))
    return tuple(records)


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a player's rating changed between two published lists (see `rating.explain`)."""

    player_id: int
    name: str
    before_list: ListRef
    after_list: ListRef
    before: float
    after: float
    new_games: float
    aging: float
    others: float
    own_games: int
    other_games: int

    @property
    def total(self) -> float:
        """``after - before``."""
        return self.after - self.before


_FITS_LOCK = threading.Lock()


def explain_player(
    site: Site, player_id: int, before_id: int | None = None, after_id: int | None = None
) -> Explanation:
    """Split the player's change between two published lists (default: the last two).

    Four fits of the stored games with the later list's parameters, three of them shared by
    every player (`rating.explain.change_fits`, made once per pair of lists and data version,
    one thread at a time): a player's explanation costs one fit. Cached per data version.

    Raises:
        NotFoundError: unknown player or list, or fewer than two published lists.
        RatingError: the player is not rated in one of the fits.
    """
    player = get_player(site.store, player_id)
    if player is None:
        raise NotFoundError(
            N_("expected the ID of a registered player, got '%(player_id)s'"), player_id=player_id
        )
    after = find_list(site, None) if after_id is None else find_list_by_id(site, after_id)
    if before_id is None:
        if after.previous is None:
            raise NotFoundError(N_("expected two published lists to explain a change, got one"))
        before = find_list_by_id(site, after.previous.id)
    else:
        before = find_list_by_id(site, before_id)
    if before.as_of > after.as_of:
        before, after = after, before

    def build_fits() -> ChangeFits:
        info = stored_list(site.store, after.id)
        games = rated_games(site.store, after.as_of, exclude_sender=info.exclude_sender)
        return change_fits(games, before.as_of, after.as_of, info.params)

    def build() -> Explanation:
        with _FITS_LOCK:  # one thread makes the shared fits; the others then find them
            fits = site.cached(("explain-fits", before.id, after.id), build_fits)
        result = explain_with(fits, PlayerId(player_id))
        return Explanation(
            player_id=player_id,
            name=player.name,
            before_list=ListRef(before.id, before.as_of),
            after_list=ListRef(after.id, after.as_of),
            before=result.before,
            after=result.after,
            new_games=result.new_games,
            aging=result.aging,
            others=result.others,
            own_games=result.own_games,
            other_games=result.other_games,
        )

    return site.cached(("explain", player_id, before.id, after.id), build)
