"""The terminal `rawdeal play` talks to: colour when it is a terminal, line editing and history.

Colour (through rich) only when standard output is a terminal and neither `NO_COLOR` is set nor
`TERM=dumb`, so piped output and logs stay plain text. Line editing, history (the arrow keys) and
Tab completion of the legal moves and card titles come from readline, loaded only when standard input
is a terminal: piped answers are read as they are.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TextIO

# The looks of each kind of line (rich styles); "" is plain.
STYLES = {"computer": "cyan", "board": "dim", "prompt": "bold", "error": "red", "winner": "bold green",
          "card": "yellow", "note": "magenta"}


def wants_colour(stream: TextIO, environ: Mapping[str, str] = os.environ) -> bool:
    """Colour for a terminal, unless NO_COLOR (any value, https://no-color.org) or TERM=dumb says no."""
    return stream.isatty() and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"


class Screen:
    """Writes lines (each with a kind, coloured on a terminal) and reads typed ones."""

    def __init__(self, colour: bool | None = None) -> None:
        self.colour = wants_colour(sys.stdout) if colour is None else colour
        self._console: Any = None
        if self.colour:
            from rich.console import Console

            self._console = Console(highlight=False, markup=False, emoji=False, soft_wrap=True)
        self._words: Callable[[], Iterable[str]] = lambda: ()
        if sys.stdin.isatty():
            _readline(self._complete)

    def write(self, text: str, kind: str = "") -> None:
        if self._console is None or not STYLES.get(kind):
            print(text, flush=True)
        else:
            from rich.text import Text

            self._console.print(Text(text, style=STYLES[kind]))

    def read(self, prompt: str) -> str | None:
        """A typed line, or None at the end of input (Ctrl-D). Ctrl-C raises KeyboardInterrupt."""
        try:
            return input(prompt)
        except EOFError:
            return None

    def complete_with(self, words: Callable[[], Iterable[str]]) -> None:
        """What Tab completes: the texts `words()` gives at that moment (legal moves, commands)."""
        self._words = words

    def _complete(self, text: str, state: int) -> str | None:
        found = [w for w in self._words() if w.startswith(text)]
        return found[state] if state < len(found) else None


def _readline(complete: Callable[[str, int], str | None]) -> None:
    """Line editing and history for `input`, with Tab completing whole lines (where Python has readline)."""
    try:
        import readline
    except ImportError:  # not every Python has it (Windows)
        return
    readline.set_completer_delims("")  # the whole line is completed: moves hold spaces and quotes
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
