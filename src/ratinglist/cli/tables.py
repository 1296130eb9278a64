"""Printing a long table fast: a terminal gets the rows that fit its screen (every row with
``--all``); a file or a pipe gets every row at the table's own width (not cut to 80 columns
with an ellipsis in every cell), drawn line by line as rich draws it when each cell is one
line of plain text (rich's own layout otherwise).

Rich measures and wraps every cell: for the 760 lines of a congress's standings that is
most of the command's time, for lines nobody sees on a screen.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

SCREEN_MARGIN = 8
"""Screen lines a cropped table leaves for its title, header, borders, caption and prompt."""


def print_table(table: Table, out: Console, *, all_rows: bool = False) -> None:
    """Print `table` on `out`: on a terminal the rows that fit the screen unless `all_rows`,
    then a line saying how many were shown; elsewhere every row."""
    total = table.row_count
    if out.is_terminal and not all_rows:
        table = screenful(table, max(1, out.height - SCREEN_MARGIN))
    # rich draws in ASCII for an output that cannot encode the box characters
    unicode = out.encoding.lower().startswith("utf")
    text = None if out.is_terminal or not unicode else plain_table(table)
    if text is None:
        out.print(table)
    else:
        out.file.write(text)
        out.file.flush()
    if table.row_count < total:
        out.print(f"first {table.row_count} of {total} rows (--all: every row)", highlight=False)


def screenful(table: Table, rows: int) -> Table:
    """`table` cut to its first `rows` rows (itself when it has no more)."""
    if table.row_count <= rows:
        return table
    cut = Table(title=table.title, caption=table.caption)
    for column in table.columns:
        cut.add_column(column.header, justify=column.justify)
    cells = [list(column.cells)[:rows] for column in table.columns]
    for row in zip(*cells, strict=True):
        cut.add_row(*row)
    return cut


def plain_table(table: Table, width: int | None = None) -> str | None:
    """The text rich prints for `table` (its default look, no colour) at `width` columns
    (None: as wide as the table), drawn without rich's layout; None when rich must lay it out
    (a cell that is not one line of plain text, a style of box or padding other than the
    default, a table wider than `width`)."""
    if table.box is None or table.box.top_left != "┏" or not table.show_header:
        return None
    if table.padding != (0, 1, 0, 1) or table.show_footer or table.show_lines or table.expand:
        return None
    texts = [title for title in (table.title, table.caption) if title is not None]
    columns = [[column.header, *column.cells] for column in table.columns]
    if not columns or not all(_plain(t) for t in texts):
        return None
    if not all(_plain(cell) for column in columns for cell in column):
        return None
    if any(c.width is not None or c.no_wrap or c.min_width or c.max_width for c in table.columns):
        return None
    widths = [max(cell_len(str(cell)) for cell in column) for column in columns]
    total = sum(widths) + 3 * len(widths) + 1
    if (width is not None and total > width) or any(cell_len(str(t)) > total for t in texts):
        return None
    justify = [column.justify for column in table.columns]

    def line(cells: list[str], left: str, mid: str, right: str) -> str:
        parts = [_justified(c, w, j) for c, w, j in zip(cells, widths, justify, strict=True)]
        return left + " " + f" {mid} ".join(parts) + " " + right

    def rule(left: str, mid: str, right: str, fill: str) -> str:
        return left + mid.join(fill * (w + 2) for w in widths) + right

    out = []
    if table.title is not None:
        out.append(_justified(str(table.title), total, "center"))
    out.append(rule("┏", "┳", "┓", "━"))
    out.append(line([str(c[0]) for c in columns], "┃", "┃", "┃"))
    out.append(rule("┡", "╇", "┩", "━"))
    out.extend(line([str(c[k]) for c in columns], "│", "│", "│") for k in range(1, len(columns[0])))
    out.append(rule("└", "┴", "┘", "─"))
    if table.caption is not None:
        out.append(_justified(str(table.caption), total, "center"))
    return "\n".join(out) + "\n"


def _plain(cell: object) -> bool:
    """One line of text that rich prints as it is (no markup, no control character)."""
    return isinstance(cell, str) and cell.isprintable() and "[" not in cell


def _justified(text: str, width: int, justify: str) -> str:
    pad = width - cell_len(text)
    if justify == "right":
        return " " * pad + text
    if justify == "center":
        return " " * (pad // 2) + text + " " * (pad - pad // 2)
    return text + " " * pad
