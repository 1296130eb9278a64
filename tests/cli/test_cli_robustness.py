"""No command shows a traceback to bad input: every command of docs/cli.md run against
databases of the wrong kind, files that are not what it reads, and numbers, dates and names
out of range. Each refusal exits 1 (2: a usage error, as Typer answers), says what was
expected, names the file (and line) where there is one, and writes nothing.

In-process (Typer's runner), on small files and one seeded database copied per test."""

from __future__ import annotations

import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.cli.reference import walk_commands
from ratinglist.service.databases import forget_database
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed, load_log
from tests.cli.test_tournament import NAMES, PLAYERS
from tests.conftest import handle
from tests.published import store_ratings

runner = CliRunner()

NOT_PROBED = {
    "ratinglist serve": "keeps running (its refusals of a bad database: tests/cli/test_serve_*)",
    "ratinglist demo": "makes its own database (--force replaces it)",
}
"""Commands left out of the sweep over every command, with the reason."""

CREATES = {
    "ratinglist evaluate",
    "ratinglist import",
    "ratinglist rate",
    "ratinglist restore",
    "ratinglist tournament import",
    "ratinglist tournament new",
    "ratinglist users add",
    "ratinglist go-list import",
}
"""The commands that make a missing database (the others refuse it)."""

READS_FOLDERS = {"ratinglist check", "ratinglist import"}
"""The commands that take a folder of results files as well as a file."""

READS_PLAYERS = {"ratinglist players import-list", "ratinglist archive not-in-list"}
"""The commands that read a players list."""

READS_OPENGOTHA = {
    "ratinglist go-file check",
    "ratinglist go-file export",
    "ratinglist go-file pair-teams",
    "ratinglist go-file team-standings",
    "ratinglist tournament costs",
    "ratinglist tournament import",
}
"""The commands that read an OpenGotha file (by its content, whatever its name)."""

FILE_ARGUMENTS = {"path", "paths", "file", "files", "players_list", "report", "src", "rating_list"}
"""The arguments that name a file to read."""


def no_traceback(result: Result) -> None:
    """Our error or Typer's usage error, never a Python exception reaching the user."""
    shown = "" if result.exc_info is None else repr(result.exc_info[1])
    assert result.exception is None or isinstance(result.exception, SystemExit), shown
    assert "Traceback" not in result.output, result.output


def refused(args: list[str], *expected: str, code: int = 1) -> str:
    """Run `args`, which must be refused with exit `code` and a message holding `expected`."""
    result = runner.invoke(app, args)
    no_traceback(result)
    assert result.exit_code == code, result.output
    for text in expected:
        assert text in result.output, result.output
    return result.output


REQUIRED_OPTIONS = {
    "ratinglist archive not-in-list": ["--as-of", "2026-01-01"],
    "ratinglist go-file export": ["--to", "h9"],
    "ratinglist go-file pair-teams": ["--round", "1", "--output", "teams.xml"],
    "ratinglist tournament costs": ["--round", "1"],
}
"""Valid values of the options a command requires, so that it reaches the file."""


def _argument_values(name: str, command: object, path: Path) -> list[str]:
    """The options command `name` requires (`REQUIRED_OPTIONS`), then a value for each of
    its arguments: `path` for a file, else ``1``."""
    values: list[str] = list(REQUIRED_OPTIONS.get(name, ()))
    for param in command.params:  # type: ignore[attr-defined]
        if param.param_type_name == "argument":
            value = str(path) if param.name in FILE_ARGUMENTS else "1"
            values += [value] * max(param.nargs, 1)
    return values


def _probed() -> list[tuple[str, object]]:
    return [(p, c) for p, c in walk_commands() if p not in NOT_PROBED]


def _has_db(command: object) -> bool:
    return any("--db" in p.opts for p in command.params)  # type: ignore[attr-defined]


# --- Databases of the wrong kind, for every command that takes --db.


def _database_kinds(folder: Path) -> dict[str, Path]:
    """A text file, and another program's SQLite database (a table, no migrations)."""
    text = folder / "notes.db"
    text.write_text("minutes of the club meeting\n", encoding="utf-8")
    foreign = folder / "other-program.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE members (name TEXT)")
    return {"text": text, "foreign": foreign}


@pytest.fixture(scope="module")
def any_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small .ELO file, given to commands that read one (they meet the database too)."""
    path = tmp_path_factory.mktemp("any") / "20260101_Any.ELO"
    path.write_text("%%Tournament: Any\n", encoding="ascii")
    return path


def test_every_command_refuses_a_database_of_another_kind_and_leaves_it_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, any_file: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # a command that writes where it runs writes here
    probed = [(p, c) for p, c in _probed() if _has_db(c)]
    assert len(probed) > 100  # the sweep does cover the commands
    kinds = _database_kinds(tmp_path)
    before = {k: p.read_bytes() for k, p in kinds.items()}
    for path, command in probed:
        for kind, db in kinds.items():
            args = [*path.split()[1:], *_argument_values(path, command, any_file), "--db", str(db)]
            result = runner.invoke(app, args)
            no_traceback(result)
            assert result.exit_code in (1, 2), (path, kind, result.output)
            assert db.read_bytes() == before[kind], (path, kind)
            forget_database(f"sqlite:///{db}")


def test_every_command_refuses_a_missing_or_empty_database_unless_it_creates_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, any_file: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # a command that writes where it runs writes here
    for path, command in _probed():
        if not _has_db(command):
            continue
        for kind in ("missing", "empty"):
            db = tmp_path / f"{kind}.db"
            db.unlink(missing_ok=True)
            if kind == "empty":
                db.touch()
            args = [*path.split()[1:], *_argument_values(path, command, any_file), "--db", str(db)]
            result = runner.invoke(app, args)
            no_traceback(result)
            forget_database(f"sqlite:///{db}")
            if path in CREATES:
                assert result.exit_code in (0, 1, 2), (path, kind, result.output)
                continue
            assert result.exit_code in (1, 2), (path, kind, result.output)
            if result.exit_code == 1 and "expected an existing database file" in result.output:
                assert str(db) in result.output
            assert not db.exists() or db.stat().st_size == 0, (path, kind)  # nothing created


def test_the_refusals_of_a_database_name_it_and_say_what_was_expected(tmp_path: Path) -> None:
    kinds = _database_kinds(tmp_path)
    out = refused(["players", "show", "2", "--db", str(kinds["foreign"])])
    assert "expected a ratinglist database or an empty one" in out
    assert str(kinds["foreign"]) in out and "members" in out
    assert str(kinds["text"]) in refused(["archive", "list", "--db", str(kinds["text"])])
    empty = tmp_path / "empty.db"
    empty.touch()
    out = refused(["tournament", "show", "--db", str(empty)])
    assert f"expected an existing database file '{empty}', found an empty file" in out
    out = refused(["tournament", "list", "--db", str(tmp_path / "none.db")])
    assert "found none" in out and not (tmp_path / "none.db").exists()


# --- Files that are not what the command reads.


def _bad_files(folder: Path) -> dict[str, Path]:
    """Files a director might give by mistake, each a quirk of its own."""
    folder.mkdir(exist_ok=True)
    made = {
        "empty.ELO": b"",
        "binary.ELO": bytes(range(256)) * 8,
        "huge-line.ELO": b"%%Tournament: " + b"x" * 1_000_000 + b"\n",
        "latin1.ELO": "%%Tournament: Caf\xe9 de la Gare\n12 34 +\n".encode("latin-1"),
        "opengotha.ELO": b'<?xml version="1.0"?>\n<Tournament><Players/></Tournament>\n',
        "players.xml": PLAYERS.encode("utf-8"),
        "not-xml.xml": b"this is not XML\n",
    }
    paths = {}
    for name, data in made.items():
        paths[name] = folder / name
        paths[name].write_bytes(data)
    paths["missing.ELO"] = folder / "missing.ELO"
    paths["folder.ELO"] = folder / "folder.ELO"  # a folder where a file is expected
    paths["folder.ELO"].mkdir(exist_ok=True)
    return paths


def _file_commands() -> list[tuple[str, object]]:
    """Every command that reads a file named by an argument."""
    return [
        (p, c)
        for p, c in _probed()
        if p not in ("ratinglist players export", "ratinglist tournament export")  # they write
        and any(
            q.param_type_name == "argument" and q.name in FILE_ARGUMENTS
            for q in c.params  # type: ignore[attr-defined]
        )
    ]


def test_every_command_that_reads_a_file_refuses_one_it_cannot_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a command that writes where it runs writes here
    commands = _file_commands()
    assert len(commands) >= 15
    files = _bad_files(tmp_path / "files")
    db = tmp_path / "td.db"
    handle(f"sqlite:///{db}", create=True)
    unclear: list[str] = []
    for path, command in commands:
        for name, bad in files.items():
            before = bad.read_bytes() if bad.is_file() else None
            args = [*path.split()[1:], *_argument_values(path, command, bad)]
            result = runner.invoke(app, [*args, "--db", str(db)] if _has_db(command) else args)
            no_traceback(result)
            forget_database(f"sqlite:///{db}")
            assert before is None or bad.read_bytes() == before, (path, name)
            if result.exit_code == 0 and (
                (name == "players.xml" and path in READS_PLAYERS)
                or (name == "opengotha.ELO" and path in READS_OPENGOTHA)
            ):
                continue  # their own format, whatever the file's name
            if result.exit_code == 0 and path in READS_FOLDERS and bad.is_dir():
                assert re.search(r"\b0 files|files\W+0\b", result.output), result.output
                continue
            if result.exit_code == 0:  # a batch command: the file is reported as rejected
                if f"{bad.name}:" not in result.output:
                    unclear.append(f"{path} [{name}] exit 0: {result.output[-300:]}")
                continue
            said = result.output
            clear = bad.name in said and re.search(
                r"expected|could not read|cannot read|refused", said
            )
            if result.exit_code not in (1, 2) or (result.exit_code == 1 and not clear):
                unclear.append(f"{path} [{name}] exit {result.exit_code}: {said[-300:]}")
    assert not unclear, "\n".join(unclear)


# --- Numbers, dates and names out of range, on a tournament with round 1 paired.


BIG = str(10**12)
NEW = ["--country", "NLD", "--date", "2026-04-01", "--system", "swiss"]
LATE = ["--first-round", BIG]


@pytest.fixture(scope="module")
def _paired_seed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Rated players (PLAYERS, with their published ratings) and a 3-round Swiss of 12 of
    them with round 1 paired, built once for the module."""
    path = tmp_path_factory.mktemp("robust") / "td.db"
    players = path.parent / "joueurs.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    steps = [
        ["players", "import-list", str(players), "--apply"],
        ["tournament", "new", "Robust Open", *NEW, "--rounds", "3", "--seed", "11"],
        ["tournament", "register", *NAMES[:12]],
        ["tournament", "pair"],
    ]
    for step in steps:
        done = runner.invoke(app, [*step, "--db", str(path)])
        assert done.exit_code == 0, done.output
    store_ratings(f"sqlite:///{path}", "2026-01-01", {2: 2200.0, 5105: 1900.0})
    forget_database(f"sqlite:///{path}")
    return path


@pytest.fixture()
def paired(_paired_seed: Path, tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "td.db"
    shutil.copyfile(_paired_seed, path)
    yield path
    forget_database(f"sqlite:///{path}")


def _log_length(db: Path) -> int:
    with open_store(f"sqlite:///{db}") as store:
        return len(load_log(store, find_directed(store, None).id))


OUT_OF_RANGE: list[tuple[list[str], str]] = [
    # Rounds: one is paired (of 3), so a stored round is 1 and a future one 2-3.
    (["tournament", "show", "0"], "expected a paired round (1-1), got 0"),
    (["tournament", "slips", BIG], f"expected a paired round (1-1), got {BIG}"),
    (["tournament", "result", "0", "2", "5105", "40-24"], "expected a paired round (1-1)"),
    (["tournament", "correct", BIG, "2", "5105", "40-24"], "expected a paired round (1-1)"),
    (["tournament", "swap", BIG, "2", "5105"], "expected a swap in a stored round (1-1)"),
    (["tournament", "colours", "0", "2", "5105"], "in a stored round (1-1), got round 0"),
    (["tournament", "absent", "2", "--round", "1"], "for a round not yet paired (> 1)"),
    (["tournament", "absent", "2", "--round", "4"], "in a round of the tournament (<= 3)"),
    (["tournament", "absent", "2", "--round", BIG], f"(<= 3), got round {BIG}"),
    (["tournament", "withdraw", "2", "--from-round", BIG], "a round of the tournament (<= 3)"),
    (["tournament", "print", "pairings", "--round", "-1"], "expected a paired round (1-1)"),
    (["tournament", "report", "--round", BIG], "expected a paired round (1-1)"),
    (
        ["tournament", "register", "--new", "PIETERS,Joost", "--country", "NLD", *LATE],
        f"a late entry in a round of the tournament (<= 3), got round {BIG}",
    ),
    (["tournament", "result", "1", "2", "5105", "0"], "expected a disc score such as 40-24"),
    (["tournament", "flags", "2", "--birth-year", "-1"], "expected a birth year from 1900 to 2026"),
    (["tournament", "show", "--tournament", "99"], "expected a tournament name or id, got unknown"),
    (["tournament", "pair", "--tournament", BIG], "expected a tournament name or id, got unknown"),
    (
        ["tournament", "new", "Big", "--country", "NLD", "--date", "2026-05-01", "--rounds", BIG],
        f"expected --rounds from 1 to 1000, got {BIG}",
    ),
    (["players", "show", BIG], f"expected a known player ID, got {BIG}"),
    (["intake", "show", "0"], "expected the number of a queue item, got 0"),
    (["publish", "0"], "expected the id of a stored rating list, got '0'"),
    # Dates and months.
    (
        ["tournament", "new", "X", "--country", "NLD", "--date", "2026-02-30"],
        "expected a date as YYYY-MM-DD, got '2026-02-30'",
    ),
    (["tournament", "end-date", "2026-13"], "expected a last day as YYYY-MM-DD, got '2026-13'"),
    (["tournament", "checkin", "--until", "yesterday"], "expected a date YYYY-MM-DD or a time"),
    (["tournament", "registration", "--closes", "2026-13"], "expected a date YYYY-MM-DD or a"),
    (["tournament", "registration", "--closes", "2026-12-01"], "expected --open with --closes"),
    (["rate", "--as-of", "2026-02-30"], "expected a date YYYY-MM-DD, got '2026-02-30'"),
    (["rate", "--history", "--from", "2026-13", "--to", "2026-12"], "as a month YYYY-MM"),
    (["evaluate", "--from", "yesterday", "--to", "2026-12"], "expected a month as YYYY-MM"),
    (["players", "rename", "2", "--surname", "X", "--from", "2026-13"], "expected a date"),
    (["players", "import-list", "x", "--on", "2026-02-30"], "expected a list date YYYY-MM-DD"),
    # Names of games, systems, kinds, countries.
    (
        ["tournament", "new", "X", "--country", "NLD", "--date", "2026-05-01", "--game", "chess"],
        "expected a game among go, othello, got 'chess'",
    ),
    (
        ["tournament", "new", "X", "--country", "NLD", "--date", "2026-05-01", "--system", "x"],
        "expected a system among",
    ),
    (
        ["tournament", "new", "X", "--country", "Atlantis", "--date", "2026-05-01"],
        "expected a country code or name such as 'FRA' or 'France', got 'Atlantis'",
    ),
    (
        ["tournament", "new", "X", "--country", "NLD", "--date", "2026-05-01", "--class", "A"],
        "expected a Go setting only with --game go, got '--class'",
    ),
    (
        ["tournament", "new", "X", "--country", "NLD", "--date", "2026-05-01", "--bye-discs", "-5"],
        "expected --bye-discs from 0 to 64, got -5.0",
    ),
    (["import", "x", "--game", "chess"], "expected --game among othello, go; got 'chess'"),
    (["rate", "--game", "chess"], "expected --game among othello, go; got 'chess'"),
    (["tournament", "print", "menu"], "expected a sheet among pairings"),
    (["intake", "list", "--status", "lost"], "expected a status among queued, accepted"),
    (["list", "--continent", "Atlantis"], "expected a continent (Europe, Asia"),
]
"""Each bad value with the message that must answer it (the range from the tournament's
state: 12 players, 3 rounds, round 1 paired)."""


def test_out_of_range_numbers_dates_and_names_are_refused_and_write_nothing(
    paired: Path,
) -> None:
    before = _log_length(paired)
    wrong: list[str] = []
    for args, expected in OUT_OF_RANGE:
        result = runner.invoke(app, [*args, "--db", str(paired)])
        no_traceback(result)
        if result.exit_code != 1 or expected not in result.output:
            wrong.append(f"{' '.join(args)} -> exit {result.exit_code}: {result.output[-300:]}")
    assert not wrong, "\n".join(wrong)
    assert _log_length(paired) == before  # nothing written
    listed = runner.invoke(app, ["tournament", "list", "--db", str(paired)])
    assert "Robust Open" in listed.output and "Big" not in listed.output


def test_usage_errors_exit_2_with_what_was_expected(paired: Path) -> None:
    for args in (
        ["tournament", "new", "X", "--country", "NLD", "--date", "2026-05-01", "--rounds", "0"],
        ["tournament", "show", "one"],
        ["tournament", "show", "-1"],  # Click takes it for an option
        ["tournament", "forecast", "--runs", "-1"],
        ["evaluate", "--from", "2020-01", "--to", "2020-02", "--fit-months", "-3"],
        ["players", "show"],
        ["tournament", "nonsense"],
    ):
        result = runner.invoke(app, [*args, "--db", str(paired)])
        no_traceback(result)
        assert result.exit_code == 2, (args, result.output)
        assert re.search(
            r"Invalid value|Missing argument|No such command|No such option", result.output
        )


# --- The exact cases the probe found (each was a traceback, a silent success or a change).


def test_another_programs_sqlite_database_is_refused_untouched(tmp_path: Path) -> None:
    """Was: migrated (37 tables added to it) and switched to WAL, then read as empty."""
    foreign = _database_kinds(tmp_path)["foreign"]
    before = foreign.read_bytes()
    for args in (
        ["archive", "list"],
        ["db", "status"],
        ["db", "upgrade"],
        ["backup", str(tmp_path / "b.zip")],
    ):
        out = refused([*args, "--db", str(foreign)])
        assert f"at '{foreign}', found a database with other tables (members)" in out
    assert foreign.read_bytes() == before
    with sqlite3.connect(foreign) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert tables == ["members"]


def test_a_text_file_given_as_the_database_is_named(tmp_path: Path) -> None:
    """Was: 'could not migrate the database: file is not a database' (which file?)."""
    text = _database_kinds(tmp_path)["text"]
    out = refused(["players", "show", "2", "--db", str(text)])
    assert f"expected an SQLite database at '{text}', found a file that is not one" in out


def test_reads_refuse_a_missing_or_empty_database_instead_of_making_one(tmp_path: Path) -> None:
    """Was: `tournament list`, `tournament show`, `go-list lists`, `db status` made an empty
    database where the director mistyped --db, and answered as if it were theirs."""
    empty = tmp_path / "empty.db"
    empty.touch()
    for args in (
        ["tournament", "list"],
        ["tournament", "show"],
        ["go-list", "lists"],
        ["go-list", "search", "x", "--origin", "egf"],
        ["db", "status"],
        ["backup", str(tmp_path / "b.zip")],
    ):
        missing = tmp_path / "typo.db"
        out = refused([*args, "--db", str(missing)])
        assert f"expected an existing database file '{missing}', found none" in out
        assert not missing.exists()
        out = refused([*args, "--db", str(empty)])
        assert "found an empty file" in out and empty.stat().st_size == 0


def test_replay_of_a_file_that_is_not_a_results_file_is_refused(tmp_path: Path) -> None:
    """Was: empty standings and exit 0 for an empty, binary or unrelated file."""
    for name, data in (("empty.ELO", b""), ("binary.ELO", bytes(range(256)) * 8)):
        path = tmp_path / name
        path.write_bytes(data)
        out = refused(["tournament", "replay", str(path)])
        assert f"{name}:1:1: error[E001]: expected a header line '%%Tournament:'" in out
        assert "no game to replay); nothing replayed" in out


def test_a_go_list_with_no_player_is_not_stored(tmp_path: Path) -> None:
    """Was: a binary file read as an AGA list of 0 players, stored as the latest AGA list."""
    path = tmp_path / "binary.txt"
    path.write_bytes(bytes(range(256)) * 4)
    db = tmp_path / "go.db"
    out = refused(["go-list", "import", str(path), "--db", str(db)])
    assert "binary.txt: expected a rating list with at least one player, found none" in out
    assert "(first problem: binary.txt:1:1: error[E401]" in out and "nothing stored" in out
    listed = runner.invoke(app, ["go-list", "lists", "--db", str(db), "--json"])
    assert listed.exit_code == 0 and "AGA" not in listed.output


def test_an_absence_far_in_the_future_is_refused_without_exhausting_memory(paired: Path) -> None:
    """Was: `absent ID --round 1000000000000` made a round for every number up to it until
    the machine ran out of memory (24 GB)."""
    out = refused(["tournament", "absent", "2", "--round", BIG, "--db", str(paired)])
    assert f"expected an absence in a round of the tournament (<= 3), got round {BIG}" in out
    done = runner.invoke(app, ["tournament", "absent", "2", "--round", "3", "--db", str(paired)])
    assert done.exit_code == 0 and "absent in round 3" in done.output


def test_publish_evidence_names_the_file_and_line(tmp_path: Path, paired: Path) -> None:
    """Was: 'expected the JSON of `ratinglist evaluate --json`, line 1 column 1' (no file)."""
    report = tmp_path / "report.json"
    report.write_text('{"systems": [}\n', encoding="utf-8")
    out = refused(["publish-evidence", str(report), "--db", str(paired)])
    assert f"{report}:1:14: expected the JSON of `ratinglist evaluate --json`, got" in out


def test_a_crlf_or_bom_results_file_reads_as_the_plain_one(tmp_path: Path) -> None:
    """A .ELO saved on Windows (CRLF, a UTF-8 BOM) says the same as the plain file."""
    plain = "%%Tournament: Robust\n%%Country: NLD\n%%Date: 01/04/2026\n%%Sender: x\n"
    plain += "     2 TASTET, Marc\n  5105 VAN DEN BIGGELAAR, Nicky\n     2   5105 > 40 24\n"
    outputs = []
    for name, data in (
        ("20260401_Plain.ELO", plain.encode("ascii")),
        ("20260401_Windows.ELO", b"\xef\xbb\xbf" + plain.replace("\n", "\r\n").encode("ascii")),
    ):
        path = tmp_path / name
        path.write_bytes(data)
        result = runner.invoke(app, ["check", str(path)])
        no_traceback(result)
        outputs.append((result.exit_code, result.output.replace(name, "FILE")))
    assert outputs[0] == outputs[1]


@pytest.mark.real_migrations
def test_a_database_one_migration_behind_is_named_then_brought_forward(tmp_path: Path) -> None:
    """`db status` says which revision it is at (exit 1); a command brings it to this
    release's schema on opening, as a served database is with `serve --upgrade`."""
    from ratinglist.store.database import make_engine, migrate, shipped_head

    head = shipped_head()
    behind = f"{int(head) - 1:04d}"
    db = tmp_path / "old.db"
    engine = make_engine(f"sqlite:///{db}")
    migrate(engine, behind)
    engine.dispose()
    out = refused(["db", "status", "--db", str(db)])
    assert f"database schema {behind}, this release {head}" in out
    listed = runner.invoke(app, ["tournament", "list", "--db", str(db)])
    no_traceback(listed)
    assert listed.exit_code == 0, listed.output
    forget_database(f"sqlite:///{db}")
    now = runner.invoke(app, ["db", "status", "--db", str(db)])
    assert now.exit_code == 0 and f"database schema {head}, this release {head}" in now.output


def test_scoring_numbers_that_cannot_score_are_refused(paired: Path, tmp_path: Path) -> None:
    """Was: `--bye-discs nan` or `--bq-constant inf` made a tournament (or a replay) whose
    standings sort on nan; a bye is 0-64 discs (the board's squares)."""
    new = ["tournament", "new", "X", "--country", "NLD", "--date", "2026-05-01"]
    out = refused([*new, "--bye-discs", "nan", "--db", str(paired)])
    assert "expected --bye-discs from 0 to 64, got nan" in out
    out = refused([*new, "--bq-constant", "inf", "--db", str(paired)])
    assert "expected --bq-constant a number of 0 or more, got inf" in out
    out = refused(["tournament", "replay", str(tmp_path / "x.ELO"), "--bye-discs", "65"])
    assert "expected --bye-discs from 0 to 64, got 65.0" in out


def test_an_othello_tournament_needs_a_known_host_country(paired: Path) -> None:
    """Was: `--country chess` made a tournament whose new players have no ID range."""
    new = ["tournament", "new", "X", "--date", "2026-05-01", "--db", str(paired)]
    out = refused([*new, "--country", "chess"])
    assert "expected a country code or name such as 'FRA' or 'France', got 'chess'" in out
    done = runner.invoke(app, [*new, "--country", "Netherlands"])
    assert done.exit_code == 0, done.output


def test_users_add_without_a_terminal_says_how_to_give_the_password(tmp_path: Path) -> None:
    """Was: 'Aborted.' (the password prompt met the end of standard input)."""
    out = refused(["users", "add", "bob", "--db", str(tmp_path / "u.db")])
    assert "expected a password typed twice (or --password-stdin), got none" in out


def test_a_go_komi_that_is_not_a_number_is_refused(tmp_path: Path) -> None:
    """Was: a traceback (`float('nan')` then `int()`: ValueError; `1e308` * 2: OverflowError)."""
    db = str(tmp_path / "go.db")
    new = ["tournament", "new", "Paris Go", "--game", "go", "--country", "FR"]
    done = runner.invoke(app, [*new, "--date", "2026-04-04", "--db", db])
    assert done.exit_code == 0, done.output
    for komi in ("nan", "1e308", "-inf"):
        out = refused(["tournament", "settings", "--komi", komi, "--db", db])
        assert f"expected a komi in half points such as 7.5 or 0.5, got '{komi}'" in out
    out = refused(["tournament", "settings", "--set", "komi=nan", "--db", db])
    assert "expected a komi in half points" in out


def test_an_output_file_that_cannot_be_written_is_named(tmp_path: Path, paired: Path) -> None:
    """Was: a traceback (FileNotFoundError, IsADirectoryError) from `go-file export -o`; and
    `rate --csv` into no folder stored the list, then failed on the CSV."""
    game = tmp_path / "t.xml"  # an OpenGotha file, from a new Go tournament
    db = str(tmp_path / "go.db")
    new = ["tournament", "new", "Go", "--game", "go", "--country", "FR", "--date", "2026-04-04"]
    assert runner.invoke(app, [*new, "--db", db]).exit_code == 0
    done = runner.invoke(app, ["tournament", "export", "xml", str(game), "--db", db])
    assert done.exit_code == 0, done.output
    nowhere = tmp_path / "no-such-folder" / "out.h9"
    out = refused(["go-file", "export", str(game), "--to", "h9", "-o", str(nowhere)])
    assert f"expected a file that can be written at '{nowhere}', got" in out
    out = refused(["go-file", "export", str(game), "--to", "h9", "-o", str(tmp_path)])
    assert f"expected a file that can be written at '{tmp_path}', got" in out
    before = runner.invoke(app, ["list", "--db", str(paired), "--json"]).output
    out = refused(["rate", "--as-of", "2026-06-01", "--csv", str(nowhere), "--db", str(paired)])
    assert f"expected a file that can be written at '{nowhere}', got no such folder" in out
    assert runner.invoke(app, ["list", "--db", str(paired), "--json"]).output == before


def test_a_command_line_that_is_not_utf8_is_refused_before_any_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Was: a traceback (UnicodeEncodeError on storing `Caf\\xe9` typed on a Latin-1 terminal,
    which Python keeps as a surrogate). A file of that name is still given as it is."""
    from ratinglist.cli.app import main, undecodable_argument

    typed = b"Caf\xe9".decode("utf-8", "surrogateescape")
    db = tmp_path / "td.db"
    argv = ["ratinglist", "tournament", "new", typed, "--country", "NLD", "--date", "2026-05-01"]
    monkeypatch.setattr("sys.argv", [*argv, "--db", str(db)])
    with pytest.raises(SystemExit) as ended:
        main()
    assert ended.value.code == 1 and not db.exists()
    said = capsys.readouterr().err
    assert "expected UTF-8 text on the command line, got byte 0xe9 in 'Caf\\xe9'" in said
    named = tmp_path / typed
    named.write_text("", encoding="ascii")
    assert undecodable_argument(["check", str(named)]) is None
    assert undecodable_argument(["check", "plain", "Café"]) is None
