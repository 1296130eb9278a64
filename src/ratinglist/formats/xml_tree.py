"""Safe XML parsing for the tournament readers: no entity declarations, no internal DTD.

`parse_xml` builds an element tree with expat and refuses what makes XML dangerous to read
(as defusedxml does): a ``<!DOCTYPE ... [ ... ]>`` internal subset, any ``<!ENTITY>``
declaration (the "billion laughs" entity bomb), external entities. A bare
``<!DOCTYPE Tournament SYSTEM "tournament.dtd">``, as OpenGotha writes it, is allowed: the DTD
it names is never read. Expat is linear in its input, and the tree is built without recursion.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from xml.parsers import expat

from ratinglist.errors import OpenGothaError

REFUSED = "expected an XML file without a document type definition or entity declarations"


def parse_xml(data: bytes, source: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The element tree of `data` and the line of each element's start tag.

    Raises:
        OpenGothaError: `data` is not well-formed XML, or declares entities or a DTD subset
            (``source:line:column: expected ...``).
    """
    parser = expat.ParserCreate()
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}

    def where() -> str:
        return f"{source}:{parser.CurrentLineNumber}:{parser.CurrentColumnNumber + 1}"

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[builder.start(tag, attrs)] = parser.CurrentLineNumber

    def doctype(name: str, system: str | None, public: str | None, subset: bool) -> None:
        if subset:
            raise OpenGothaError(f"{where()}: {REFUSED}, found a <!DOCTYPE {name} [...]> subset")

    def entity(name: str, *_: object) -> None:
        raise OpenGothaError(f"{where()}: {REFUSED}, found <!ENTITY {name} ...>")

    def external(*_: object) -> int:
        raise OpenGothaError(f"{where()}: {REFUSED}, found an external entity")

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise OpenGothaError(
            f"{source}:{exc.lineno}:{exc.offset + 1}: expected well-formed XML: "
            f"{expat.errors.messages[exc.code]}"
        ) from exc
    return builder.close(), lines
