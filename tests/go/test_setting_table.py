"""The Go settings table (issue 33, item 3): the CLI options, the form fields, the API model
and the OpenGotha names are generated from `GO_SETTINGS`, with every name kept as it was
(interfaces: scripts, forms and API clients use them)."""

from __future__ import annotations

import dataclasses
import inspect
import json
from pathlib import Path

import typer.main

from ratinglist.cli.app import command_line_app
from ratinglist.formats.go.opengotha_xml import PARAMETER_SETS
from ratinglist.model.directed import GoOptions
from ratinglist.tournament.games.go.options import option_pairs
from ratinglist.tournament.games.go.setting_table import GO_SETTINGS
from ratinglist.web.views.games.go.forms import GoSettingsBody, go_form
from tests.cli.tournament_cli import run

CLI = {
    "time": "--time", "komi": "--komi", "location": "--location", "director": "--director",
    "egf_class": "--class", "internet": "--internet", "handicap": "--handicap",
    "handicap_threshold": "--handicap-threshold", "handicap_correction": "--handicap-correction",
    "handicap_ceiling": "--handicap-ceiling", "bar": "--bar", "floor": "--floor",
    "criteria": "--criteria", "compat": "--compat",
}  # fmt: skip
"""Each short setting's CLI option as released (docs/cli.md before the table)."""

XML = {
    "komi": "komi", "location": "location", "director": "director", "bar": "genMMBar",
    "floor": "genMMFloor", "criteria": "placement", "egf_class": "egfClass",
    "compat": "compat", "handicap_threshold": "hdNoHdRankThreshold",
    "handicap_correction": "hdCorrection", "handicap_ceiling": "hdCeiling",
    "internet": "bInternet",
}  # fmt: skip
"""OpenGotha's XML attribute of each setting typed as is (its GeneralParameterSet and
HandicapParameterSet; ``placement``, ``egfClass``, ``compat`` are ours)."""


def _options(*argv: str) -> set[str]:
    group = typer.main.get_group(command_line_app(["tournament", *argv]))
    command = group.commands["tournament"].commands[argv[0]]  # type: ignore[attr-defined]
    return {name for p in command.params for name in (*p.opts, *p.secondary_opts)}


def test_one_entry_per_go_options_field() -> None:
    short = [f.name for f in dataclasses.fields(GoOptions) if f.name not in ("parameters", "smms")]
    assert sorted(s.field for s in GO_SETTINGS) == sorted(short)


def test_the_cli_options_keep_their_names() -> None:
    assert set(CLI.values()) | {"--on-site"} <= _options("settings")
    assert set(CLI.values()) | {"--on-site"} <= _options("new")
    assert {s.cli_names[0].split("/")[0] for s in GO_SETTINGS} == set(CLI.values())


def test_the_form_fields_and_api_keys_keep_their_names() -> None:
    form = set(inspect.signature(go_form).parameters)
    assert form == {
        "time", "komi", "location", "director", "egf_class", "handicap", "handicap_threshold",
        "handicap_correction", "handicap_ceiling", "compat", "parameters",
    }  # fmt: skip
    assert set(GoSettingsBody.model_fields) == {*CLI, "parameters"}
    schema = GoSettingsBody.model_json_schema()
    longest = {
        k: v["anyOf"][0].get("maxLength") for k, v in schema["properties"].items() if "anyOf" in v
    }
    assert longest["komi"] == 40 and longest["location"] == 200 and longest["criteria"] == 100
    assert schema["properties"]["internet"]["anyOf"][0] == {"type": "boolean"}
    body = GoSettingsBody.model_validate({"komi": "6.5", "internet": True, "bar": "4d"})
    assert body.options() == GoOptions(komi="6.5", internet=True, bar="4d")


def test_a_typed_setting_sets_its_opengotha_attribute() -> None:
    for field, attribute in XML.items():
        value: object = True if field == "internet" else " 3 "
        expected = "true" if field == "internet" else "3"
        assert option_pairs(GoOptions(**{field: value})) == ((attribute, expected),)  # type: ignore[arg-type]
    # the time system: OpenGotha's basic time in minutes and byo-yomi in seconds
    assert option_pairs(GoOptions(time="60m+3x30s")) == (
        ("basicTime", "60"),
        ("complementaryTimeSystem", "STDBYOYOMI"),
        ("stdByoYomiTime", "30"),
    )
    # the handicap mode last: "none" sets the ceiling to 0 after a ceiling of 0 typed
    assert option_pairs(GoOptions(handicap="none", handicap_ceiling="0")) == (
        ("hdCeiling", "0"),
        ("hdCeiling", "0"),
    )


def test_each_attribute_is_one_opengotha_reads() -> None:
    """The table's XML names are those of the OpenGotha reader's parameter sets (the one
    mapping of attributes to `GoParameters` fields), but our three."""
    known = {name for names in PARAMETER_SETS.values() for name in names}
    ours = {"placement", "egfClass", "compat"}
    assert {s.xml for s in GO_SETTINGS} - ours <= known


def test_every_generated_option_reaches_its_parameter(tmp_path: Path) -> None:
    """`tournament settings` with every short option: each OpenGotha parameter as its XML
    spells it (ranks upper case, booleans true/false; byo-yomi: basic minutes, seconds)."""
    db = tmp_path / "go.db"
    run(db, "new", "Club", "--game", "go", "--country", "FRA", "--date", "2026-04-04")
    typed = (
        "--time", "60m+3x30s", "--komi", "6.5", "--location", "Paris", "--director", "J. Dupont",
        "--bar", "4d", "--floor", "20k", "--criteria", "MMS,SOSM", "--class", "B",
        "--compat", "opengotha", "--handicap-threshold", "1d", "--handicap-correction", "0",
        "--handicap-ceiling", "5", "--internet", "--handicap", "rank",
    )  # fmt: skip
    found = json.loads(run(db, "settings", *typed, "--json"))["settings"]
    assert {k: found[k] for k in EXPECTED} == EXPECTED
    off = json.loads(run(db, "settings", "--on-site", "--json"))["settings"]
    assert off["bInternet"] == "false"


EXPECTED = {
    "basicTime": "60", "complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": "30",
    "komi": "6.5", "location": "Paris", "director": "J. Dupont", "genMMBar": "4D",
    "genMMFloor": "20K", "placement": "MMS,SOSM", "egfClass": "B", "compat": "opengotha",
    "hdNoHdRankThreshold": "1D", "hdCorrection": "0", "hdCeiling": "5", "bInternet": "true",
    "hdBasedOnMMS": "false",
}  # fmt: skip
