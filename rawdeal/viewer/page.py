"""The pages: `render_replay` (a game, step by step) and `render_divergence` (a failing transcript
beside the reference, opened at the first line where they part). Each is one self-contained HTML
string (inline CSS, script and data; no network, no external font), the same bytes for the same input:
`rawdeal view` and `grade --html` write it, a web service can serve it as it is.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from rawdeal.inputs import utf8_tree
from rawdeal.viewer.encode import encode
from rawdeal.viewer.game_encode import encode_game
from rawdeal.viewer.game_record import GameReplay
from rawdeal.viewer.record import Replay

_STATIC = Path(__file__).resolve().parent / "static"
_MARKER = re.compile(r"@(TITLE|KIND|CSS|JS|DATA)@")


@cache
def _static(name: str) -> str:
    return (_STATIC / name).read_text(encoding="utf-8")


def render_replay(replay: Replay | GameReplay) -> str:
    """The replay page of a recorded game (Raw Deal's `rawdeal.viewer.record`, or any game's `game_record`)."""
    if isinstance(replay, GameReplay):
        return _page(replay.title, "replay", encode_game(replay), game=True)
    return _page(replay.title, "replay", encode(replay))


def render_divergence(replay: Replay | GameReplay | None, expected: tuple[str, ...], got: tuple[str, ...], at: int,
                      names: tuple[str, str] = ("expected", "got"), title: str = "", note: str = "",
                      numbers: tuple[int, ...] | None = None) -> str:
    """The divergence page: `expected` and `got` aligned line by line (line i beside line i), their
    differing characters marked, opening on the board at the step that printed line `at` (0-based)
    of the reference. `replay` is the reference game (None: no board, only the lines; `note` says why).
    `numbers`: each expected line's number in its file, when they are not 1, 2, 3... (an official
    transcript's `INPUT:` lines set aside); the page numbers the lines as the file does."""
    data: dict[str, Any]
    if isinstance(replay, GameReplay):
        data = encode_game(replay)
    else:
        data = encode(replay) if replay is not None else {"title": title, "names": [], "stars": [], "cards": [],
                                                          "words": [], "lines": [], "steps": []}
    data["lines"] = []  # the reference's lines are `expected`: not stored twice
    data["diff"] = {"expected": list(expected), "got": list(got), "at": at, "names": list(names),
                    "numbers": None if numbers is None else list(numbers)}
    if note:
        data["note"] = note
    return _page(title or str(data["title"]), "divergence", data, game=isinstance(replay, GameReplay))


def _page(title: str, kind: str, data: dict[str, Any], game: bool = False) -> str:
    """The template filled in: Raw Deal's board script (`viewer.js`), or for any other game the
    generic one (`game.js`, with its few styles after Raw Deal's)."""
    # "<" only occurs inside JSON strings, where its escape means the same: the data never closes its script
    try:
        blob = orjson.dumps(data).decode("utf-8")
    except orjson.JSONEncodeError:  # a file name that is not UTF-8 in the title or a name: shown as \\xff
        blob = orjson.dumps(utf8_tree(data)).decode("utf-8")
    blob = blob.replace("<", "\\u003c")
    css, js = (_static("viewer.css") + _static("game.css"), _static("game.js")) if game else (_static("viewer.css"), _static("viewer.js"))
    parts = {"TITLE": html.escape(title), "KIND": kind, "CSS": css, "JS": js, "DATA": blob}
    return _MARKER.sub(lambda m: parts[m[1]], _static("page.html"))
