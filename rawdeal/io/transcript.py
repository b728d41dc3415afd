"""Transcripts: one line per event (and per move), in English text or JSON Lines.

The text form is what graders diff; the JSONL form (validated by `schemas/transcript.schema.json`)
is for programs. Both are deterministic: same game, same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import orjson
from orjson import dumps

from rawdeal.engine import events as ev


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


_ZONE = {"hand": "hand", "ring": "Ring area", "ringside": "Ringside pile", "arsenal": "Arsenal",
         "removed": "cards removed from the game", "backlash": "Backlash deck", "under": "cards held under a card",
         "backstage": "Backstage area"}


def _move(e: ev.Moved) -> str:
    if e.dest == "arsenal" and e.position == "shuffle":
        return f"{e.player} shuffles {e.card} from the {_ZONE[e.source]} into the Arsenal"
    where = f"{e.position} of the Arsenal" if e.dest == "arsenal" and e.position else _ZONE[e.dest]
    return f"{e.player} moves {e.card} from the {_ZONE[e.source]} to the {where}"


def _whose(e: ev.NothingToPick) -> str:
    return "his" if e.owner == e.player else f"{e.owner}'s"


# One line maker per event class, typed by its class (compiled, each reads its fields directly).
def _game_started(e: ev.GameStarted) -> str:
    return f"game: {e.first} vs {e.second}, {e.first} starts"


def _turn_started(e: ev.TurnStarted) -> str:
    return f"turn {e.number}: {e.player}"


def _turn_skipped(e: ev.TurnSkipped) -> str:
    return f"{e.player} skips the turn"


def _ability_used(e: ev.AbilityUsed) -> str:
    return f"{e.player} uses the Superstar ability"


def _drew(e: ev.Drew) -> str:
    return f"{e.player} draws {_cards(e.count)} ({e.reason})"


def _played(e: ev.Played) -> str:
    return f"{e.player} plays {e.card} as {e.as_type}"


def _hold_applied(e: ev.HoldApplied) -> str:
    return f"{e.player} maintains the hold: {e.card} is applied again"


def _effect_used(e: ev.EffectUsed) -> str:
    return f"{e.player} uses the effect of {e.card}"


def _succeeded(e: ev.Succeeded) -> str:
    return f"{e.card} is successfully played"


def _reversed(e: ev.Reversed) -> str:
    return f"{e.player} reverses {e.target} with {e.card} from the {_ZONE[e.source]}"


def _damage(e: ev.Damage) -> str:
    return f"{e.player} takes {e.amount} {'collateral ' if e.collateral else ''}damage"


def _overturned(e: ev.Overturned) -> str:
    return f"  {e.index}/{e.total} {e.player} overturns {e.card}"


def _discarded(e: ev.Discarded) -> str:
    return f"{e.player} discards {e.card}"


def _hand_discarded(e: ev.HandDiscarded) -> str:
    return f"{e.player} discards the whole hand: {', '.join(e.cards) or 'no cards'}"


def _nothing_to_pick(e: ev.NothingToPick) -> str:
    return f"{e.player} has no card to pick from {_whose(e)} {_ZONE[e.zone]}"


def _searched(e: ev.Searched) -> str:
    return f"{e.player} searches {_ZONE[e.zone]} for {e.title}: {'found' if e.found else 'not found'}"


def _revealed(e: ev.Revealed) -> str:
    return f"{e.viewer} sees {e.owner}'s {_ZONE[e.zone]}: {', '.join(e.cards) or 'no cards'}"


def _chose(e: ev.Chose) -> str:
    return f"{e.player} chooses: {e.option}"


def _shuffled(e: ev.Shuffled) -> str:
    return f"{e.player} shuffles the Arsenal"


def _modified(e: ev.Modified) -> str:
    return f"{e.player}: {e.text}"


def _status(e: ev.Status) -> str:
    return f"status {e.player}: {e.fortitude}F, {e.hand} in hand, {e.arsenal} in Arsenal"


def _turn_ended(e: ev.TurnEnded) -> str:
    return f"{e.player} ends the turn"


def _won(e: ev.Won) -> str:
    return f"{e.player} wins by {e.how}"


# The table pairs each class with its line maker, so its values are loosely typed.
_TEXT: dict[type[ev.Event], Callable[[Any], str]] = {
    ev.GameStarted: _game_started,
    ev.TurnStarted: _turn_started,
    ev.TurnSkipped: _turn_skipped,
    ev.AbilityUsed: _ability_used,
    ev.Drew: _drew,
    ev.Played: _played,
    ev.HoldApplied: _hold_applied,
    ev.EffectUsed: _effect_used,
    ev.Succeeded: _succeeded,
    ev.Reversed: _reversed,
    ev.Damage: _damage,
    ev.Overturned: _overturned,
    ev.Discarded: _discarded,
    ev.HandDiscarded: _hand_discarded,
    ev.Moved: _move,
    ev.NothingToPick: _nothing_to_pick,
    ev.Searched: _searched,
    ev.Revealed: _revealed,
    ev.Chose: _chose,
    ev.Shuffled: _shuffled,
    ev.Modified: _modified,
    ev.Status: _status,
    ev.TurnEnded: _turn_ended,
    ev.Won: _won,
}


def event_line(event: ev.Event) -> str:
    return _TEXT[type(event)](event)


def move_line(player: str, move: str) -> str:
    return f"> {player}: {move}"


class Transcript:
    """Collects moves and events as they happen and renders them; with a `sink`, writes each line
    as it happens instead (text lines, or JSON lines with `jsonl=True`) and keeps nothing, so a
    game of any length streams in constant memory."""

    def __init__(self, sink: Callable[[str], object] | None = None, jsonl: bool = False) -> None:
        self.items: list[tuple[str, str, ev.Event | None]] = []
        self.sink, self.as_jsonl = sink, jsonl

    def move(self, player: str, move: str, events: Iterable[ev.Event] = ()) -> None:
        """A move and the events it caused (streamed: one write)."""
        if self.sink is None:
            self._add([(player, move, None), *[("", "", e) for e in events]])
        elif self.as_jsonl:  # the streamed cases: lines made directly, one write
            self.sink(_json_lines(_input(player, move), events))
        else:
            self.sink(_text_lines(move_line(player, move), events))

    def events(self, events: Iterable[ev.Event]) -> None:
        if self.sink is None:
            self._add([("", "", e) for e in events])
        elif self.as_jsonl:
            self.sink(_json_lines(None, events))
        else:
            self.sink(_text_lines(None, events))

    def _add(self, items: list[tuple[str, str, ev.Event | None]]) -> None:
        self.items.extend(items)

    def text(self) -> str:
        return _text(self.items)

    def jsonl(self) -> bytes:
        return _jsonl(self.items)


def _text_lines(first: str | None, events: Iterable[ev.Event]) -> str:
    """The text lines of `first` and of the events, each ended by a newline: one join (no string
    per line made only to add its newline)."""
    text = _TEXT  # a local: one look-up of the module's table, not one per event
    lines = [] if first is None else [first]
    for e in events:
        lines.append(text[type(e)](e))
    lines.append("")
    return "\n".join(lines)


def _json_lines(first: dict[str, str] | None, events: Iterable[ev.Event]) -> str:
    """The JSON Lines of `first` and of the events, as text: decoded once, not once a line."""
    lines = [] if first is None else [dumps(first, option=_SORTED)]
    for e in events:
        lines.append(dumps(e.to_dict(), option=_SORTED))
    return b"".join(lines).decode()


def _text(items: Iterable[tuple[str, str, ev.Event | None]]) -> str:
    return "".join((event_line(e) if e is not None else move_line(p, m)) + "\n" for p, m, e in items)


_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE  # a JSON Lines line: keys sorted, newline ended


def _jsonl(items: Iterable[tuple[str, str, ev.Event | None]]) -> bytes:
    return b"".join([dumps(e.to_dict() if e is not None else _input(p, m), option=_SORTED)
                     for p, m, e in items])


def _input(player: str, move: str) -> dict[str, str]:
    return {"event": "input", "player": player, "move": move}
