"""Sections of a results file (`formats.elo_stages`): the comment spellings of the real
archive that start a finals stage, a side competition, or the rounds again, and the notes
that start nothing."""

from __future__ import annotations

import pytest

from ratinglist.formats.elo_stages import Stage, file_sections, section_at, stage_of


@pytest.mark.parametrize(
    ("comment", "stage"),
    [
        ("%Final", Stage.FINAL),
        ("%Finale", Stage.FINAL),
        ("% The Finals", Stage.FINAL),
        ("%Round: Finals", Stage.FINAL),
        ("%Finals - Best of 3", Stage.FINAL),
        ("%Semi-finals", Stage.SEMI),
        ("%1/2 playoff", Stage.SEMI),
        ("%DIV I SEMIS", Stage.SEMI),
        ("% Quarter-finals", Stage.QUARTER),
        ("%3/4 Playoff", Stage.THIRD),
        ("%3rd place playoff", Stage.THIRD),
        ("% Finale III e IV posto", Stage.THIRD),
        ("% 4/5 playoff", Stage.PLACES),
        ("%Playoff", Stage.PLAYOFF),
        ("%Women final", Stage.SIDE),
        ("%Meijin Final", Stage.FINAL),
        ("%Qualifications", Stage.ROUNDS),
        ("%Group B", Stage.ROUNDS),
        ("%%Team competition", Stage.SIDE),
        ("%Day 2 - division 2 - Semi-final 1", Stage.SIDE),
        ("%%Added results", Stage.ADDED),
        ("%Added results: Finals", Stage.FINAL),
        ("%Other games", Stage.ADDED),
        ("%Round 3", Stage.ROUNDS),
        ("%Round SF1", Stage.SEMI),  # the WOC 1988-1990 files: SF1, SF2, 3P, F after round 13
        ("%Round 3P", Stage.THIRD),
        ("%Round F", Stage.FINAL),
        ("%% Match 3/4 debutants", Stage.SIDE),  # 20030830_PARIS.ELO: the beginners' games
        ("%Round QF", Stage.QUARTER),
        ("%%Rounds", Stage.ROUNDS),
        ("%%Tournament: Final Cup", None),
        ("%% 13 rounds", None),
        ("%Players (before semi finals)", None),
        ("% By a vote before the tournament, it was decided not to play any finals.", None),
        ("%5589 to final", None),
        ("%_% 5538, ITO, Junya, JPN, 11", None),
    ],
)
def test_stage_of_real_spellings(comment: str, stage: Stage | None) -> None:
    assert stage_of(comment) is stage


def test_sections_number_lines_as_the_reader_does() -> None:
    data = b"%%Tournament: T\r\n%%Country: France\r\n1 > 2\r\n%Final\r\n2 > 1\r\n"
    sections = file_sections(data)
    assert [(s.line, s.stage) for s in sections] == [(0, Stage.ROUNDS), (4, Stage.FINAL)]
    assert sections[section_at(sections, 3)].stage is Stage.ROUNDS
    assert sections[section_at(sections, 5)].stage is Stage.FINAL
