"""Transcripts of any game: a line per move (`> Player: move`) and per event, in text (in one of the
ruleset's languages) or JSON Lines; written as they happen, so a game of any length streams."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import orjson

from rawdeal.games.protocol import Ruleset

_LINE = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE


class Transcript:
    def __init__(self, rules: Ruleset, sink: Callable[[str], object], lang: str = "", jsonl: bool = False) -> None:
        self.rules, self.sink, self.jsonl = rules, sink, jsonl
        self.lang = lang or rules.languages[0]

    def move(self, player: str, move: Any, events: Iterable[Any] = ()) -> None:
        text = self.rules.move_text(move, self.lang)
        if self.jsonl:
            self.sink(orjson.dumps({"event": "input", "player": player, "move": text}, option=_LINE).decode())
        else:
            self.sink(f"> {player}: {text}\n")
        self.events(events)

    def events(self, events: Iterable[Any]) -> None:
        if self.jsonl:
            self.sink(b"".join(orjson.dumps(self.rules.event_dict(e), option=_LINE) for e in events).decode())
        else:
            self.sink("".join(f"{self.rules.render(e, self.lang)}\n" for e in events))


def collect(rules: Ruleset, lang: str = "", jsonl: bool = False) -> tuple[Transcript, list[str]]:
    """A transcript that keeps its text in a list (tests, and whatever builds a file whole)."""
    parts: list[str] = []
    return Transcript(rules, parts.append, lang, jsonl), parts
