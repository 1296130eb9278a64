"""Go settings by OpenGotha's names: the time syntax, the EGF class, the checks, the log.

Expected values come from the sources, never from the code under test: the EGF's class
definition and its worked examples in the OpenGotha user's guide (seed 003, "EGF classes":
adjusted time = basic + 45 byo-yomi periods, + 60 moves of Canadian time, + 120 Fischer
increments; class A basic >= 60 (Fischer 45) and adjusted >= 75, B 40 (30) / 50, C 25 (20)
/ 30; GO.md section g: internet D basic >= 40 (Fischer 30) and adjusted >= 50), and the XML
attribute spellings of OpenGotha's files (GO.md section g).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ratinglist.errors import TournamentError
from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.directed import GoOptions
from ratinglist.model.go import parse_rank
from ratinglist.model.go.results import TimeSystem
from ratinglist.model.go.tournament import (
    Criterion,
    DuddMode,
    GoParameters,
    GoSystem,
    SeedSystem,
    default_parameters,
)
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.pair import split_groups
from ratinglist.tournament import codec
from ratinglist.tournament import events as ev
from ratinglist.tournament.fold import fold
from ratinglist.tournament.game import game_of
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.director import go_created_settings
from ratinglist.tournament.games.go.exports import results_header
from ratinglist.tournament.games.go.log import opengotha_log
from ratinglist.tournament.games.go.options import option_pairs, parse_time, with_options
from ratinglist.tournament.games.go.pairing import gotha_round
from ratinglist.tournament.games.go.state import go_play


def _with(**typed: object) -> GoParameters:
    return with_options(GoParameters(), option_pairs(GoOptions(**typed)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("90m", {"basicTime": "90", "complementaryTimeSystem": "SUDDENDEATH"}),
        ("1h30m", {"basicTime": "90", "complementaryTimeSystem": "SUDDENDEATH"}),
        (
            "60m+3x30s",
            {"basicTime": "60", "complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": "30"},
        ),
        (
            "60m+15/5m",
            {
                "basicTime": "60",
                "complementaryTimeSystem": "CANBYOYOMI",
                "nbMovesCanTime": "15",
                "canByoYomiTime": "300",
            },
        ),
        ("60m+10s", {"basicTime": "60", "complementaryTimeSystem": "FISCHER", "fischerTime": "10"}),
        (
            "45+25/10m",
            {
                "basicTime": "45",
                "complementaryTimeSystem": "CANBYOYOMI",
                "nbMovesCanTime": "25",
                "canByoYomiTime": "600",
            },
        ),
    ],
)
def test_the_time_syntax_gives_opengotha_s_time_parameters(
    typed: str, expected: dict[str, str]
) -> None:
    assert dict(parse_time(typed)) == expected


@pytest.mark.parametrize("typed", ["", "m", "60m+", "60m+0x30s", "60m+0/5m", "90.5m", "30s+10s"])
def test_a_bad_time_is_refused_with_the_syntax(typed: str) -> None:
    with pytest.raises(TournamentError, match="expected"):
        parse_time(typed)


@pytest.mark.parametrize(
    ("time", "internet", "adjusted", "egf_class"),
    [
        # the guide's three worked examples: 82.5, 100 and 75 minutes
        ("60m+3x30s", False, 82, "A"),
        ("75m+12/5m", False, 100, "A"),
        ("45m+15s", False, 75, "A"),
        # just below class A: basic 59 min; Fischer basic 44
        ("59m+3x30s", False, 81, "B"),
        ("44m+20s", False, 84, "B"),
        # B needs basic 40 and 50 adjusted; sudden death counts its basic time only
        ("40m+1x20s", False, 55, "B"),
        ("50m", False, 50, "B"),
        ("45m", False, 45, "C"),
        ("39m+1x30s", False, 61, "C"),
        ("30m+10s", False, 50, "B"),
        # C: basic 25 (Fischer 20) and 30 adjusted
        ("25m+1x10s", False, 32, "C"),
        ("25m", False, 25, "X"),
        ("20m+5s", False, 30, "C"),
        ("19m+30s", False, 79, "X"),
        # on the internet: D from basic 40 (Fischer 30) and 50 adjusted, else nothing
        ("60m+3x30s", True, 82, "D"),
        ("39m+1x30s", True, 61, "X"),
        ("30m+10s", True, 50, "D"),
    ],
)
def test_the_egf_class_as_the_egd_defines_it(
    time: str, internet: bool, adjusted: int, egf_class: str
) -> None:
    header = results_header(_tournament(_with(time=time, internet=internet)))
    assert header.tournament_class == egf_class
    from ratinglist.model.go.results import adjusted_time

    assert adjusted_time(header.time) == adjusted


def _tournament(parameters: GoParameters):  # type: ignore[no-untyped-def]
    from ratinglist.model.go.tournament import GoTournament

    return GoTournament(parameters)


def test_the_director_s_class_overrides_the_computed_one() -> None:
    chosen = _with(time="60m+3x30s", egf_class="b")
    assert results_header(_tournament(chosen)).tournament_class == "B"
    back = with_options(chosen, (("egfClass", ""),))
    assert results_header(_tournament(back)).tournament_class == "A"


def test_short_options_and_opengotha_names_set_the_parameters() -> None:
    p = _with(
        komi="6.5",
        location="Paris",
        director="Jean Dupont",
        handicap="rank",
        handicap_threshold="3d",
        handicap_correction="2",
        handicap_ceiling="5",
        compat="opengotha",
        parameters=(
            "paiMaSeedSystem1=SPLITANDFOLD",
            "paiMaSeedSystem2=splitandrandom",
            "paiMaLastRoundForSeedSystem1=3",
            "paiMaDUDDUpperMode=TOP",
            "paiMaDUDDLowerMode=BOT",
            "paiMaCompensateDUDD=false",
            "paiBaRandom=1000",
            "paiBaDeterministic=false",
            "paiSeAvoidSameGeo=0",
            "paiSePreferMMSDiffRatherThanSameClub=2",
            "paiSeRankThreshold=2D",
            "paiSeNbWinsThresholdActive=true",
            "paiSeBarThresholdActive=false",
            "paiMaAdditionalPlacementCritSystem2=Rating",
            "genMMS2ValueAbsent=0",
            "HDCEILING=4",
        ),
    )
    g, h, pa = p.general, p.handicap, p.pairing
    assert (g.komi, g.location, g.director) == ("6.5", "Paris", "Jean Dupont")
    assert not h.based_on_mms
    assert (h.no_handicap_threshold, h.correction, h.ceiling) == (parse_rank("3d"), 2, 4)
    assert pa.compat == "opengotha"
    assert pa.seed_system1 is SeedSystem.SPLIT_AND_FOLD
    assert pa.seed_system2 is SeedSystem.SPLIT_AND_RANDOM
    assert pa.last_round_seed_system1 == 2  # 1-based 3 in the XML, 0-based here
    assert (pa.dudd_upper_mode, pa.dudd_lower_mode) == (DuddMode.TOP, DuddMode.BOT)
    assert not pa.compensate_dudd and not pa.deterministic and pa.random == 1000
    assert (pa.avoid_same_geo, pa.prefer_mms_diff_rather_than_same_club) == (0, 2)
    assert pa.rank_threshold == parse_rank("2d")
    assert pa.nb_wins_threshold_active and not pa.bar_threshold_active
    assert pa.additional_criterion2 is Criterion.RATING
    assert g.mms2_absent == 0


def test_handicap_none_is_a_ceiling_of_zero() -> None:
    assert _with(handicap="none").handicap.ceiling == 0
    with pytest.raises(TournamentError, match="no handicap ceiling with no handicap"):
        _with(handicap="none", handicap_ceiling="4")


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ({"komi": "7.3"}, "komi in half points"),
        ({"komi": "NaN"}, "komi in half points"),  # once: float NaN to int raised
        ({"komi": "1e309"}, "komi in half points"),  # infinity
        ({"handicap_ceiling": "10"}, "hdCeiling 0 to 9"),
        ({"handicap_correction": "4"}, "hdCorrection -1 to 3"),
        ({"handicap": "stones"}, "mms, rank or none"),
        ({"egf_class": "E"}, "EGF class"),
        ({"compat": "pairgoth"}, "opengotha"),
        ({"bar": "20k", "floor": "10k"}, "floor at or below the bar"),
        ({"parameters": ("paiMaSeedSystem1=SPLITANDJUMP",)}, "SPLITANDFOLD"),
        ({"parameters": ("paiBaDeterministic=yes",)}, "true or false"),
        ({"parameters": ("noSuchParameter=1",)}, "OpenGotha parameter name"),
        ({"parameters": ("paiBaRandom",)}, "name=value"),
        ({"parameters": ("paiBaRandom=-5",)}, "paiBaRandom 0 to"),
        ({"parameters": ("genMMS2ValueBye=3",)}, "genMMS2ValueBye 0, 1 or 2"),
        ({"parameters": ("complementaryTimeSystem=HOURGLASS",)}, "complementaryTimeSystem"),
        ({"parameters": ("name=Other",)}, "only when the tournament is made"),
        ({"parameters": ("numberOfRounds=7",)}, "only when the tournament is made"),
    ],
)
def test_a_bad_setting_is_refused_with_the_reason(typed: dict[str, object], reason: str) -> None:
    with pytest.raises(TournamentError, match=reason):
        _with(**typed)


def _created(**typed: object) -> ev.Created:
    return ev.Created(
        go_created_settings(
            name="Paris Go",
            country="FR",
            start="2026-04-04",
            end=None,
            system="mcmahon",
            rounds=3,
            bar=None,
            floor=None,
            criteria=None,
            sender="td",
            seed=1,
            options=GoOptions(**typed),  # type: ignore[arg-type]
        )
    )


def _registered(n: int) -> list[ev.Event]:
    from ratinglist.model import PlayerId

    return [
        go_events.GoRegistered(PlayerId(i), f"PLAYER{i}", "Anna", f"{i}k", 2100 - 100 * i)
        for i in range(1, n + 1)
    ]


def test_a_settings_change_is_folded_and_undone() -> None:
    log: list[ev.Event] = [_created(time="60m+3x30s"), *_registered(4)]
    changed = [*log, go_events.GoSettingsChanged((("komi", "6.5"), ("hdCeiling", "3")))]
    s = go_play(fold(changed))
    assert (s.parameters.general.komi, s.parameters.handicap.ceiling) == ("6.5", 3)
    undone = go_play(fold([*changed, ev.Undone()]))
    assert undone.parameters == go_play(fold(log)).parameters
    assert undone.parameters.general.komi == "7.5"
    stored = codec.from_json(*codec.to_json(changed[-1]))
    assert stored == changed[-1]


def test_once_round_1_is_paired_the_groups_settings_are_fixed() -> None:
    from ratinglist.model import PlayerId

    one, two, three, four = (PlayerId(i) for i in range(1, 5))
    paired = go_events.GoPaired(1, ((one, two, 0, 1), (three, four, 0, 2)))
    log: list[ev.Event] = [_created(), *_registered(4), paired]
    d = fold(log)
    for pairs, reason in (
        ((("genMMBar", "3D"),), "genMMBar unchanged once round 1 is paired"),
        ((("genMMFloor", "15K"),), "genMMFloor unchanged"),
        ((("genMMS2ValueBye", "1"),), "genMMS2ValueBye unchanged"),
        ((("placement", "NBW,SOSW"),), "main placement criterion MMS unchanged"),
    ):
        with pytest.raises(TournamentError, match=reason):
            fold([*log, go_events.GoSettingsChanged(pairs)])
    # what applies to the next rounds, the standings and the files may change
    later = go_play(
        fold(
            [
                *log,
                go_events.GoSettingsChanged(
                    (
                        ("placement", "MMS,SOSOSM,SOSM"),
                        ("hdCorrection", "0"),
                        ("komi", "0.5"),
                        ("genMMBar", "4D"),  # the same value is not a change
                        ("paiMaSeedSystem2", "SPLITANDFOLD"),
                    )
                ),
            ]
        )
    )
    assert later.parameters.criteria == (Criterion.MMS, Criterion.SOSOSM, Criterion.SOSM)
    assert later.parameters.handicap.correction == 0
    assert go_play(d).paired == later.paired == 1


def test_a_new_tournament_takes_opengotha_s_defaults_for_what_is_not_typed() -> None:
    s = go_play(fold([_created(komi="6.5")]))
    expected = default_parameters(GoSystem.MCMAHON)
    assert s.parameters.pairing == expected.pairing
    assert s.parameters.handicap == expected.handicap
    assert s.parameters.general.time_system == TimeSystem.SUDDEN_DEATH.value
    assert s.parameters.general.komi == "6.5"


@pytest.mark.realdata
@pytest.mark.slow
def test_compat_opengotha_pairs_a_large_field_in_opengotha_s_groups(real_data: Path) -> None:
    """EGC 2011 before round 2 (658 players to pair): with ``compat=opengotha`` the next
    round is paired in OpenGotha's groups of at most 600 (GO.md d, "Flow"): every game
    inside one group, as ``tournament pair --group-max 600`` pairs it."""
    t = read_opengotha(real_data / "go" / "opengotha-rgf" / "egc2011.xml")
    past = replace(t, games=tuple(g for g in t.games if g.round < 1))
    log = opengotha_log(past, name="EGC 2011", start="2011-07-24", end=None)
    compat = fold([*log, go_events.GoSettingsChanged((("compat", "opengotha"),))])
    game = game_of(compat)
    s = go_play(compat)
    assert s.paired == 1
    model = CostModel(gotha_round(s.tournament(), 1))
    free = model.pairable()
    number = {k: int(model.groups.group_number[model.index[k]]) for k in free}
    groups = split_groups(free, number, 600)
    assert len(free) == 658 and len(groups) == 2
    side = {k: n for n, group in enumerate(groups) for k in group}
    paired = game.next_round(compat, None)
    assert isinstance(paired, go_events.GoPaired)
    key = s.key
    assert len(paired.games) == 329
    assert all(side[key(w)] == side[key(b)] for w, b, _, _ in paired.games)
    assert paired == game.next_round(fold(log), 600)


def test_compat_opengotha_asks_for_opengotha_s_group_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """The split of EGC 2011 above happens to give the pairs of one matching, so the wiring
    is checked too: with compat the game asks for groups of 600 unless told otherwise."""
    import ratinglist.tournament.games.go.play as go_play

    asked: list[int | None] = []

    def record(s: object, group_max: int | None = None) -> ev.Event:
        asked.append(group_max)
        return ev.Undone()

    monkeypatch.setattr(go_play, "next_go_pairing", record)  # imported when a round is paired
    plain = fold([_created(), *_registered(4)])
    compat = fold([_created(compat="opengotha"), *_registered(4)])
    for d, given in ((plain, None), (compat, None), (compat, 40), (plain, 40)):
        game_of(d).next_round(d, given)
    assert asked == [None, 600, 40, 40]
