"""The XML readers refuse entity declarations and DTD subsets (the "billion laughs" bomb,
external entities) with a diagnostic naming the file; a bare external DOCTYPE line, as
OpenGotha writes it, is still read."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.errors import NotFoundError, OpenGothaError
from ratinglist.formats.go.opengotha_document import read_opengotha_document
from ratinglist.formats.go.opengotha_xml import parse_opengotha
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed

# Nine levels of ten references: expanded, 10**9 copies of "lol" (about 3 GB).
BOMB = (
    '<?xml version="1.0"?>\n'
    '<!DOCTYPE Tournament [\n <!ENTITY lol0 "lol">\n'
    + "".join(f' <!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">\n' for i in range(1, 10))
    + ']>\n<Tournament dataVersion="201"><Players/><Games/>&lol9;</Tournament>\n'
).encode()

EXTERNAL = (
    b'<?xml version="1.0"?>\n<!DOCTYPE Tournament [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    b'<Tournament dataVersion="201">&secret;</Tournament>\n'
)

SMALL = (
    '<Tournament dataVersion="201"><Players>'
    '<Player name="Dupont" firstName="Jean" rank="3K" rating="1800" club="75Pa" country="FR"/>'
    "</Players><Games/>"
    '<TournamentParameterSet><GeneralParameterSet name="T" numberOfRounds="3"/>'
    "</TournamentParameterSet></Tournament>"
)


@pytest.mark.parametrize("data", [BOMB, EXTERNAL], ids=["entity bomb", "external entity"])
def test_entity_declarations_are_refused_naming_the_file(data: bytes) -> None:
    for read in (read_opengotha_document, parse_opengotha):
        with pytest.raises(OpenGothaError, match=r"^bomb\.xml:2:\d+: expected an XML file without"):
            read(data, "bomb.xml")


def test_a_subset_without_entities_is_refused() -> None:
    data = b'<!DOCTYPE Tournament [<!ELEMENT Tournament ANY>]><Tournament dataVersion="201"/>'
    with pytest.raises(OpenGothaError, match=r"x\.xml:1:\d+: .* found a <!DOCTYPE Tournament"):
        read_opengotha_document(data, "x.xml")


def test_a_bare_external_doctype_is_read_without_fetching_it() -> None:
    data = '<?xml version="1.0"?>\n<!DOCTYPE Tournament SYSTEM "tournament.dtd">\n' + SMALL
    read = read_opengotha_document(data.encode(), "t.xml")
    assert [p.name for p in read.document.tournament.players] == ["Dupont"]


def test_undeclared_entity_is_not_well_formed() -> None:
    data = SMALL.replace("<Games/>", "<Games>&lol;</Games>").encode()
    with pytest.raises(OpenGothaError, match=r"t\.xml:1:\d+: expected well-formed XML"):
        read_opengotha_document(data, "t.xml")


def test_import_of_an_entity_bomb_fails_cleanly_and_stores_nothing(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.xml"
    bomb.write_bytes(BOMB)
    db = tmp_path / "t.db"
    result = CliRunner().invoke(app, ["tournament", "import", str(bomb), "--db", str(db)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert "bomb.xml:2:" in result.output
    assert "expected an XML file without a document type definition" in result.output
    if db.exists():
        with open_store(f"sqlite:///{db}") as store, pytest.raises(NotFoundError):
            find_directed(store, None)
