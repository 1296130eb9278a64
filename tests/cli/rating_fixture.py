"""A small store for the rating commands: four hand-made results files over six months."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app

PLAYERS = {
    120005: ("VOS", "Bram", "NLD"),
    120007: ("SMEETS", "Linda", "NLD"),
    50003: ("MARTEL", "Luc", "FRA"),
    50004: ("ROUX", "Anne", "FRA"),
    100001: ("ASHWORTH", "Tom", "GBR"),
}

# (file name, sender, games "first sign second")
FILES = (
    (
        "2025/20250111_UTRECHT.ELO",
        "Jan Tester",
        [
            "120005>120007",
            "50003<120005",
            "50004=120007",
            "50003>50004",
            "120007>50003",
            "50004<120005",
        ],
    ),
    (
        "2025/20250315_PARIS.ELO",
        "Luc Martel",
        [
            "120005>50003",
            "120007<50004",
            "100001>50003",
            "100001<120005",
            "50004>100001",
            "120007=100001",
            "50003>120007",
        ],
    ),
    (
        "2025/20250614_SCRAPED.ELO",
        "WOF rating committee (scraped)",
        ["50003>100001", "50003>100001", "100001<50004"],
    ),
    (
        "2025/20250705_LONDON.ELO",
        "Tom Ashworth",
        [
            "100001>120007",
            "120005>100001",
            "50003=120005",
            "120007>50003",
            "100001>50003",
            "120005>120007",
        ],
    ),
)


def elo_text(name: str, sender: str, games: list[str]) -> str:
    """A results file with a player line for everyone who plays in `games`."""
    stem = name.split("/")[-1]
    date = f"{stem[6:8]}/{stem[4:6]}/{stem[0:4]}"
    ids = sorted(
        {
            int(p)
            for g in games
            for p in g.replace(">", " ").replace("<", " ").replace("=", " ").split()
        }
    )
    lines = [
        f"%%Tournament: {stem[9:-4].title()}",
        "%%Country: Netherlands",
        f"%%Date: {date}",
        f"%%Sender: {sender}",
        "",
    ]
    for pid in ids:
        surname, first, country = PLAYERS[pid]
        lines.append(f"%_% {pid}, {surname}, {first}, {country}, 0, 0")
    lines.append("")
    lines.extend(g.replace(">", " > ").replace("<", " < ").replace("=", " = ") for g in games)
    return "\n".join(lines) + "\n"


def build_store(folder: Path, db: str | None = None, received: str = "file-date") -> str:
    """Write the files under `folder`, import them into `db` (a path or URL; default
    `folder/r.db`) with `import --received received`; return `db`."""
    archive = folder / "archive"
    for name, sender, games in FILES:
        path = archive / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(elo_text(name, sender, games), encoding="ascii")
    db = db or str(folder / "r.db")
    result = CliRunner().invoke(
        app, ["import", str(archive), "--db", db, "--json", "--received", received]
    )
    assert result.exit_code == 0, result.output
    return db
