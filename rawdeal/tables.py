"""Plain-text tables for the terminal and for files, laid out by rich (one well-kept layout engine
instead of hand-counted widths): aligned columns two spaces apart, no borders and no colour, so the
same rows give the same bytes on any terminal, piped or not. Every layer may use this module."""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence


def columns(rows: Sequence[Sequence[str]], indent: str = "", right: Collection[int] = ()) -> str:
    """`rows` (the first is the header) as aligned columns; columns numbered in `right` are
    right-aligned (numbers). Lines carry no trailing spaces."""
    from rich.cells import cell_len
    from rich.console import Console
    from rich.table import Table

    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 0, 0, 2), collapse_padding=True)
    for i in range(len(rows[0])):
        table.add_column(justify="right" if i in right else "left", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    width = sum(max(cell_len(r[i]) for r in rows) + 2 for i in range(len(rows[0])))
    Console(file=out, width=width + 1, color_system=None, highlight=False, markup=False, emoji=False,
            force_terminal=False, legacy_windows=False).print(table, markup=False, highlight=False)
    return "\n".join(indent + line.rstrip() for line in out.getvalue().rstrip("\n").split("\n"))
