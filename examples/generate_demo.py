"""Generate the synthetic demo archive: about 40 tournaments, 300 players, 3.5 years.

Usage: python examples/generate_demo.py OUT_DIR [--seed N]

Everything is drawn from one seeded `random.Random`, so the same seed gives the same bytes.
Files are written with `ratinglist.formats.elo.format_elo` in the archive's layout
(``OUT_DIR/YYYY/YYYYMMDD_NAME.ELO``) plus ``OUT_DIR/players.txt``, the players list as it
stood before the first tournament. Real-looking on purpose: six countries with IDs from their
real WOF ranges, Swiss-like rounds with round markers, disc scores, new players marked ``+``
with the lowest unused ID of the host country, one temporary ID (``NEW1``), one file with a
disc score that contradicts its result sign (a warning), and one tournament sent twice under
two names (a duplicate). All names are invented.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from ratinglist.formats.elo import format_elo
from ratinglist.formats.playerlist import PlayersList, format_players_list
from ratinglist.formats.results_file import GameLine, Header, PlayerLine, ResultsFile, RoundMarker
from ratinglist.model import Colour, DateRange, Outcome, Player, PlayerId

DEFAULT_SEED = 2024
START = dt.date(2022, 1, 8)
TOURNAMENTS = 40
PLAYERS = 300
NEW_PLAYERS = 24


@dataclass(frozen=True, slots=True)
class Federation:
    """A country of the demo: code, name in headers, first ID of its WOF range, city names."""

    code: str
    name: str
    first_id: int
    cities: tuple[str, ...]
    surnames: tuple[str, ...]
    firstnames: tuple[str, ...]


FEDERATIONS = (
    Federation(
        "FRA",
        "France",
        50000,
        ("Paris", "Lyon", "Nantes", "Lille"),
        (
            "MARTEL",
            "BERNIER",
            "DUROC",
            "LEMOINE",
            "FAURE",
            "GIRAUD",
            "ROUSSEL",
            "BLANCHET",
            "CARON",
            "PERRIN",
            "MOREL",
            "VIDAL",
            "LAMBERT",
            "FONTAINE",
        ),
        ("Luc", "Claire", "Julien", "Amandine", "Pierre", "Sophie", "Marc", "Elise", "Hugo"),
    ),
    Federation(
        "NLD",
        "Netherlands",
        120000,
        ("Utrecht", "Haarlem", "Delft", "Zwolle"),
        (
            "VAN DIJKMAN",
            "DE BOERSMA",
            "VERHOEF",
            "SMEETS",
            "KUIPERS",
            "VAN VLIET",
            "BRINKMAN",
            "DE LANGE",
            "VOS",
            "HOEKSTRA",
            "MEIJERINK",
        ),
        ("Jan", "Anouk", "Sander", "Femke", "Ruud", "Linda", "Bram", "Eline", "Joost"),
    ),
    Federation(
        "GBR",
        "Great-Britain",
        100000,
        ("Cambridge", "Leeds", "Bristol", "York"),
        (
            "ASHWORTH",
            "PEMBERTON",
            "HOLLOWAY",
            "FAIRCLOUGH",
            "TREMAYNE",
            "WHITCOMBE",
            "BRADSHAW",
            "KENDRICK",
            "MARSDEN",
            "OAKLEY",
        ),
        ("Oliver", "Harriet", "George", "Imogen", "Thomas", "Alice", "Edward", "Lucy"),
    ),
    Federation(
        "DEU",
        "Germany",
        70000,
        ("Dresden", "Bremen", "Kassel", "Ulm"),
        (
            "BRANDT",
            "KESSLER",
            "HOFFMEIER",
            "WAGNERT",
            "LINDNER",
            "SCHOLZER",
            "ZIMMERLE",
            "KRAUSE",
            "VOGELSANG",
            "HARTUNG",
        ),
        ("Matthias", "Jana", "Stefan", "Katrin", "Lukas", "Miriam", "Tobias", "Greta"),
    ),
    Federation(
        "BEL",
        "Belgium",
        270000,
        ("Gent", "Leuven", "Namur", "Brugge"),
        (
            "PEETERSMA",
            "JANSSENS",
            "MAES",
            "WILLEMS",
            "DUPONTEL",
            "CLAESSENS",
            "GOOSSENS",
            "WOUTERS",
            "DE SMEDT",
        ),
        ("Tom", "Mieke", "Bart", "Lien", "Pieter", "Ann", "Wout", "Ilse"),
    ),
    Federation(
        "ITA",
        "Italy",
        40000,
        ("Milano", "Torino", "Bologna", "Verona"),
        (
            "BARNABINI",
            "ROSSETTI",
            "FERRANTE",
            "GALLONE",
            "MANCINELLI",
            "COLOMBARI",
            "RICCIUTI",
            "SANTORO",
            "VITALE",
        ),
        ("Donato", "Giulia", "Marco", "Chiara", "Luca", "Elena", "Paolo", "Sara"),
    ),
)
WEIGHTS = (0.26, 0.22, 0.16, 0.14, 0.12, 0.10)


@dataclass(frozen=True, slots=True)
class DemoPlayer:
    """A player with a hidden strength (an Elo-like number) that decides the results."""

    player: Player
    strength: float
    debut: int | None = None


def _make_players(rng: random.Random) -> list[DemoPlayer]:
    players: list[DemoPlayer] = []
    next_id = {f.code: f.first_id for f in FEDERATIONS}
    names: set[tuple[str, str]] = set()
    while len(players) < PLAYERS - NEW_PLAYERS:
        fed = rng.choices(FEDERATIONS, WEIGHTS)[0]
        name = (rng.choice(fed.surnames), rng.choice(fed.firstnames))
        if name in names:
            continue
        names.add(name)
        pid = next_id[fed.code]
        next_id[fed.code] += rng.choice((1, 1, 1, 2, 3))
        player = Player(PlayerId(pid), name[0], name[1], fed.code)
        players.append(DemoPlayer(player, rng.gauss(1500, 250)))
    return players


def _new_players(rng: random.Random, existing: list[DemoPlayer]) -> list[DemoPlayer]:
    """Players who debut during the archive; their IDs are chosen when they first play."""
    names = {(p.player.surname, p.player.firstname) for p in existing}
    fresh: list[DemoPlayer] = []
    while len(fresh) < NEW_PLAYERS:
        fed = rng.choices(FEDERATIONS, WEIGHTS)[0]
        name = (rng.choice(fed.surnames), rng.choice(fed.firstnames))
        if name in names:
            continue
        names.add(name)
        debut = rng.randrange(2, TOURNAMENTS)
        fresh.append(
            DemoPlayer(Player(PlayerId(0), name[0], name[1], fed.code), rng.gauss(1300, 200), debut)
        )
    return fresh


def _result(rng: random.Random, a: DemoPlayer, b: DemoPlayer) -> tuple[Outcome, int, int]:
    expected = 1 / (1 + 10 ** ((b.strength - a.strength) / 400))
    roll = rng.random()
    if abs(roll - expected) < 0.03:
        return Outcome.DRAW, 32, 32
    winner = rng.randint(33, 64)
    loser = rng.randint(0, 64 - winner)
    if roll < expected:
        return Outcome.WIN, winner, loser
    return Outcome.LOSS, loser, winner


def _swiss_rounds(
    rng: random.Random, field: list[DemoPlayer], rounds: int
) -> list[list[tuple[DemoPlayer, DemoPlayer, Outcome, int, int]]]:
    """Pair by score groups (best first), avoiding rematches greedily; the odd one out rests."""
    points = {id(p): 0.0 for p in field}
    met: set[frozenset[int]] = set()
    played = []
    for _ in range(rounds):
        order = sorted(field, key=lambda p: (-points[id(p)], rng.random()))
        pairs = []
        waiting = list(order)
        while len(waiting) > 1:
            a = waiting.pop(0)
            partner = next((b for b in waiting if frozenset((id(a), id(b))) not in met), waiting[0])
            waiting.remove(partner)
            pairs.append((a, partner))
        games = []
        for a, b in pairs:
            met.add(frozenset((id(a), id(b))))
            outcome, da, db = _result(rng, a, b)
            points[id(a)] += outcome.score
            points[id(b)] += 1 - outcome.score
            games.append((a, b, outcome, da, db))
        played.append(games)
    return played


def _tournament_dates(rng: random.Random) -> list[dt.date]:
    day = START
    dates = []
    for _ in range(TOURNAMENTS):
        dates.append(day)
        day += dt.timedelta(days=rng.randint(21, 42))
        while day.weekday() != 5:
            day += dt.timedelta(days=1)
    return dates


def generate(seed: int = DEFAULT_SEED) -> tuple[dict[str, str], str]:
    """The archive as ``{relative path: file text}`` and the players list text."""
    rng = random.Random(seed)
    registered = _make_players(rng)
    debuting = _new_players(rng, registered)
    players_list = format_players_list(PlayersList.from_players(p.player for p in registered))
    used = {int(p.player.id) for p in registered}
    active = list(registered)
    files: dict[str, str] = {}
    dates = _tournament_dates(rng)
    temporary_at = TOURNAMENTS // 2
    quirk_at = TOURNAMENTS // 3
    duplicate_of = TOURNAMENTS - 5
    for number, start in enumerate(dates):
        fed = rng.choices(FEDERATIONS, WEIGHTS)[0]
        city = rng.choice(fed.cities)
        debut_here = [p for p in debuting if p.debut == number]
        new_ids: dict[int, str] = {}
        for p in debut_here:
            pid = fed.first_id
            while pid in used:
                pid += 1
            used.add(pid)
            placed = replace(p, player=replace(p.player, id=PlayerId(pid)))
            active.append(placed)
            new_ids[pid] = "+"
        home = [p for p in active if p.player.country == fed.code and p.debut is None]
        guests = [p for p in active if p.player.country != fed.code and p.debut is None]
        size = rng.randint(22, 40)
        field = rng.sample(home, min(len(home), size * 2 // 3))
        field += rng.sample(guests, min(len(guests), size - len(field)))
        field += [p for p in active if p.player.id in new_ids]
        temp_token = None
        if number == temporary_at:
            newcomer = DemoPlayer(Player(PlayerId(0), "NOVAK", "Ilja", fed.code), 1250.0)
            field.append(newcomer)
            temp_token = "NEW1"
        rounds = 7 if len(field) < 28 else 9
        played = _swiss_rounds(rng, field, rounds)

        def token(p: DemoPlayer, temp: str | None = temp_token) -> str:
            return temp if (temp and p.player.id == 0) else str(int(p.player.id))

        score = {id(p): 0.0 for p in field}
        discs = {id(p): 0 for p in field}
        game_lines: list[GameLine] = []
        markers: list[RoundMarker] = []
        for r, games in enumerate(played, start=1):
            markers.append(RoundMarker(r, f"%Round {r}", 0))
            for a, b, outcome, da, db in games:
                score[id(a)] += outcome.score
                score[id(b)] += 1 - outcome.score
                discs[id(a)] += da
                discs[id(b)] += db
                colour = rng.choice((Colour.BLACK, Colour.WHITE))
                game_lines.append(GameLine(token(a), token(b), outcome, da, db, colour, r))
        if number == quirk_at:
            g = game_lines[3]
            game_lines[3] = replace(g, first_discs=g.second_discs, second_discs=g.first_discs)
        standings = sorted(field, key=lambda p: (-score[id(p)], -discs[id(p)], token(p)))
        player_lines = tuple(
            PlayerLine(
                token(p),
                p.player.surname,
                p.player.firstname,
                p.player.country,
                new=int(p.player.id) in new_ids or p.player.id == 0,
                score=score[id(p)],
                discs=float(discs[id(p)]),
            )
            for p in standings
        )
        title = f"{city} Open {start.year}"
        header = Header(
            tournament=title,
            country=fed.name,
            dates=DateRange(start, start + dt.timedelta(days=1) if rounds == 9 else None),
            sender=f"{rng.choice(fed.firstnames)} {rng.choice(fed.surnames).title()}",
        )
        name = f"{start:%Y%m%d}_{city}_Open.ELO"
        results = ResultsFile(name, header, player_lines, tuple(game_lines), tuple(markers))
        files[f"{start.year}/{name}"] = format_elo(results)
        if number == duplicate_of:
            resent = replace(header, dates=DateRange(start + dt.timedelta(days=1)))
            copy = replace(results, header=resent)
            later = start + dt.timedelta(days=1)
            files[f"{later.year}/{later:%Y%m%d}_{city}_Open_resent.ELO"] = format_elo(copy)
        active = [replace(p, debut=None) if p.player.id in new_ids else p for p in active]
    return files, players_list


def write_demo(out_dir: Path, seed: int = DEFAULT_SEED) -> int:
    """Write the archive under `out_dir` (replacing its year folders); return the file count."""
    files, players_list = generate(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    for child in out_dir.iterdir():
        if child.is_dir() and child.name.isdigit():
            shutil.rmtree(child)
    for relative, text in files.items():
        target = out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("ascii"))
    (out_dir / "players.txt").write_bytes(players_list.encode("ascii"))
    return len(files)


def main() -> None:
    """Command-line entry: ``generate_demo.py OUT_DIR [--seed N]``."""
    parser = argparse.ArgumentParser(description="Generate the synthetic demo archive.")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args()
    count = write_demo(args.out_dir, args.seed)
    print(f"wrote {count} results files and players.txt to {args.out_dir}")


if __name__ == "__main__":
    main()
