"""Issue 19 item 3: the public tournament page places players by the file's finals, the
games after its last round or the scores it declares, and says which rule placed them.

Every file below is a six-player round robin in which the lower number always wins
(P1 5 points, P2 4, ... P6 0), with something after it that changes the order. The expected
orders are worked out by hand from the rules of the finals, not from the code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from ratinglist.service.archive import import_archive
from ratinglist.web.app import create_app
from tests.conftest import handle

P = {k: 50100 + k for k in range(1, 7)}
"""Player number -> ID."""

NAMES = {k: f"PLAYER{k}" for k in P}


def _round_robin(markers: bool, skip: frozenset[tuple[int, int]] = frozenset()) -> list[str]:
    """The five rounds of the round robin (circle method), lower number winning 40-24."""
    lines: list[str] = []
    others = [2, 3, 4, 5, 6]
    for k in range(5):
        pairs = [(1, others[0])] + [(others[i], others[-i]) for i in range(1, 3)]
        if markers:
            lines.append(f"%Round {k + 1}")
        for a, b in pairs:
            hi, lo = min(a, b), max(a, b)
            if (hi, lo) not in skip:
                lines.append(f"{P[hi]} (40)>(24) {P[lo]} B")
        others = others[-1:] + others[:-1]
    return lines


def _file(name: str, body: list[str], declared: dict[int, float] | None = None) -> str:
    scores = declared or {k: float(6 - k) for k in P}
    head = [
        f"%%Tournament: {name}",
        "%%Country: France",
        "%%Date: 14/03/2026",
        "%%Sender: Placing Tester",
    ]
    players = [f"%_% {P[k]}, {NAMES[k]}, Test, FRA, {scores[k]:g}" for k in P]
    return "\n".join(head + players + body) + "\n"


FINALS_MARKED = _file(
    "Finals Marked",
    [
        *_round_robin(markers=False),
        "%Semi-finals",
        f"{P[4]} (36)>(28) {P[1]} B",  # P4 knocks out P1
        f"{P[2]} (34)>(30) {P[3]} B",
        "%3/4 Playoff",
        f"{P[3]} (33)>(31) {P[1]} W",  # P3 third, P1 fourth
        "%Women final",
        f"{P[6]} (40)>(24) {P[5]} B",  # a side event: P5 stays above P6
        "%Final",
        f"{P[2]} (40)>(24) {P[4]} B",
        f"{P[4]} (33)>(31) {P[2]} B",  # 1-1; P2 +16 discs against -2 wins the final
    ],
)
"""Expected: P2 (won the final), P4, P3 (won the 3/4 game), P1, then P5, P6 by points."""

AFTER_LAST_ROUND = _file(
    "After Last Round",
    [*_round_robin(markers=True), f"{P[2]} (35)>(29) {P[1]} W"],  # under %Round 5: a final
)
"""Expected: P2 (beat P1 after the last round, both having played round 5), P1, P3-P6."""

ADDED_RESULTS = _file(
    "Added Results",
    [
        *_round_robin(markers=True),
        "%%Added results",
        f"{P[1]} (30)<(34) {P[4]} B",  # semi-final: P4 knocks out P1
        f"{P[2]} (36)>(28) {P[3]} B",  # semi-final: P2 knocks out P3
        f"{P[6]} (40)>(24) {P[5]} B",  # not connected to the finals: places nobody
        f"{P[4]} (35)>(29) {P[2]} B",  # final: P4
        f"{P[1]} (37)>(27) {P[3]} B",  # third place: P1
    ],
)
"""Expected: P4, P2, P1, P3, then P5 (1 point) above P6 (0): the P6-P5 game does not count."""

DECLARED = _file(
    "Declared Scores",
    _round_robin(markers=True, skip=frozenset({(3, 4)})),
    declared={1: 5, 2: 4, 3: 2, 4: 3, 5: 1, 6: 0},  # P3 forfeited to P4
)
"""Expected: P1, P2, P4 (3 declared: the forfeit), P3 (2), P5, P6."""

PLAIN = _file("Plain Points", _round_robin(markers=True))
"""Expected: P1 to P6: the declared scores are the points of the games."""

EXPECTED = {
    "Finals Marked": ([2, 4, 3, 1, 5, 6], "finals"),
    "After Last Round": ([2, 1, 3, 4, 5, 6], "after-last-round"),
    "Added Results": ([4, 2, 1, 3, 5, 6], "after-last-round"),
    "Declared Scores": ([1, 2, 4, 3, 5, 6], "declared"),
    "Plain Points": ([1, 2, 3, 4, 5, 6], "points"),
}


@pytest.fixture(scope="module")
def placing_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("placing")
    archive = folder / "archive"
    archive.mkdir()
    for text in (FINALS_MARKED, AFTER_LAST_ROUND, ADDED_RESULTS, DECLARED, PLAIN):
        name = text.splitlines()[0].split(": ", 1)[1].replace(" ", "_")
        (archive / f"20260314_{name}.ELO").write_text(text, encoding="utf-8")
    url = f"sqlite:///{folder / 'placing.db'}"
    import_archive(handle(url, create=True), [archive])
    with TestClient(create_app(url)) as client:
        yield client


def _tournament_id(client: TestClient, name: str) -> int:
    found = client.get("/api/v1/tournaments", params={"name": name}).json()["tournaments"]
    assert len(found) == 1
    return int(found[0]["id"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_api_standings_follow_the_rule_of_the_file(placing_client: TestClient, name: str) -> None:
    order, rule = EXPECTED[name]
    tid = _tournament_id(placing_client, name)
    api = placing_client.get(f"/api/v1/tournaments/{tid}/games").json()
    assert [s["player_id"] for s in api["standings"]] == [P[k] for k in order]
    assert [s["place"] for s in api["standings"]] == [1, 2, 3, 4, 5, 6]
    assert api["placed_by"] == rule


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_page_standings_and_rule_sentence(placing_client: TestClient, name: str) -> None:
    order, rule = EXPECTED[name]
    tid = _tournament_id(placing_client, name)
    text = placing_client.get(f"/tournaments/{tid}").text
    table = text.split('id="standings"', 1)[1].split("</table>", 1)[0]
    shown = [int(m) for m in re.findall(r'href="/players/(\d+)"', table)]
    assert shown == [P[k] for k in order]
    sentence = re.search(r'data-rule="([a-z-]+)">([^<]+)<', text)
    assert sentence is not None and sentence.group(1) == rule
    words = {
        "finals": "the finals the file marks (%Semi-finals, %3/4 Playoff, %Final)",
        "after-last-round": "the games after the last round",
        "declared": "the scores the file declares",
        "points": "the points of the games",
    }
    assert words[rule] in sentence.group(2)


def test_finals_column_names_the_stage_each_finalist_reached(placing_client: TestClient) -> None:
    tid = _tournament_id(placing_client, "Finals Marked")
    api = placing_client.get(f"/api/v1/tournaments/{tid}/games").json()
    reached = {s["player_id"]: s["reached"] for s in api["standings"]}
    assert reached[P[2]] == "winner" and reached[P[4]] == "final"
    assert reached[P[1]] == reached[P[3]] == "semi-final"
    assert reached[P[5]] is None and reached[P[6]] is None


def test_declared_scores_are_shown_when_they_placed_the_players(
    placing_client: TestClient,
) -> None:
    tid = _tournament_id(placing_client, "Declared Scores")
    api = placing_client.get(f"/api/v1/tournaments/{tid}/games").json()
    by_id = {s["player_id"]: s for s in api["standings"]}
    assert by_id[P[4]]["declared"] == 3 and by_id[P[4]]["score"] == 2
    plain = _tournament_id(placing_client, "Plain Points")
    api = placing_client.get(f"/api/v1/tournaments/{plain}/games").json()
    assert all(s["declared"] is None for s in api["standings"])


def test_the_round_robin_meets_every_pair_once() -> None:
    # The round robin helper itself: 15 games, each pair once, in five rounds of three.
    lines = [x for x in _round_robin(markers=True) if not x.startswith("%")]
    pairs = {tuple(sorted((int(x.split()[0]), int(x.split()[2])))) for x in lines}
    assert len(lines) == 15 and len(pairs) == 15
