"""WOF results files (.ELO): the public entry point (read, parse, format, write, convert).

The work is split by concern: `elo_decode` (bytes to text), `elo_lexer` (game lines),
`elo_players` (``%_%`` lines), `elo_comments` (header, round markers), `elo_reader`,
`elo_writer`.
"""

from ratinglist.formats.elo_decode import decode_elo
from ratinglist.formats.elo_reader import parse_elo, read_elo
from ratinglist.formats.elo_writer import format_elo, from_tournament, write_elo

__all__ = ["decode_elo", "format_elo", "from_tournament", "parse_elo", "read_elo", "write_elo"]
