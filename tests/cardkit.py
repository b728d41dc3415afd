"""Positions for card tests, built from minimal save dicts, and a few helpers to play them.

`position(me, opp)` loads a save through `rawdeal.io.save.loads` (the same path a user's save takes).
Zones not given are filled with plain cards (no text, not reversals) so that damage overturns
nothing surprising. By default the game waits at player 0's main decision (no turn start, no draw); player 0 is HHH and player 1 CHRIS JERICHO unless a spec says otherwise;
`start_turn=True` starts the turn of `to_move` instead (abilities, start-of-turn effects, the draw).

`covers(*titles)` marks a test as showing those cards' effects; the registry `COVERED` lets one
parametrized test fail for any card without a test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import orjson

from rawdeal.engine import events as ev
from rawdeal.engine.cardinfo import catalog
from rawdeal.engine.decision import Decision
from rawdeal.effects.model import Zone
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.io.save import loads
from rawdeal.io.transcript import event_line

# No text, not reversals, no logo: safe to overturn and to hold.
PLAIN = ("Punch", "Hip Toss", "Wrist Lock", "Roundhouse Punch", "Russian Leg Sweep", "Chin Lock", "Big Boot",
         "Gut Buster", "Bow & Arrow", "Hurricanrana", "Body Slam", "Step Over Toe Hold", "Back Breaker",
         "Atomic Facebuster", "Inverse Atomic Drop", "Sit Out Powerbomb")

COVERED: set[str] = set()
COVERED_ABILITIES: set[str] = set()


def covers(*titles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the cards whose printed effect a test shows."""
    COVERED.update(titles)
    return lambda f: f


def covers_ability(*superstars: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    COVERED_ABILITIES.update(superstars)
    return lambda f: f


def fillers(n: int, avoid: Iterable[str] = ()) -> list[str]:
    """`n` plain cards, at most 3 copies of a title, none of the titles in `avoid`."""
    used = Counter(avoid)
    out: list[str] = []
    for title in PLAIN * 3:
        if len(out) == n:
            break
        if used[title] < 3:
            used[title] += 1
            out.append(title)
    assert len(out) == n, "not enough plain cards"
    return out


def _player(spec: dict[str, Any], default_superstar: str) -> dict[str, Any]:
    p = {"superstar": spec.get("superstar", default_superstar)}
    for zone in ("hand", "ring", "ringside"):
        p[zone] = list(spec.get(zone, []))
    named = Counter(t for z in ("hand", "ring", "ringside") for t in p[z]) + Counter(spec.get("arsenal") or [])
    if "arsenal" in spec:
        p["arsenal"] = list(spec["arsenal"])
    else:  # plain cards below whatever `top` asks for (top listed top first)
        top = list(spec.get("top", []))
        p["arsenal"] = fillers(spec.get("arsenal_size", 12), avoid=named + Counter(top)) + top[::-1]
    return p


def position(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None, *, to_move: int = 0,
             start_turn: bool = False, **extra: Any) -> Game:
    """A game from two player specs: `superstar`, `hand`, `ring`, `ringside` and either `arsenal`
    (bottom..top) or `top` (the top cards, top first, over `arsenal_size` plain cards).
    `extra` goes into the save as is (e.g. `last`, `modifiers`, `skip`)."""
    players = [_player(me or {}, "HHH"), _player(opp or {}, "CHRIS JERICHO")]
    save: dict[str, Any] = {"players": players, "to_move": to_move, **extra}
    if not start_turn:
        save.setdefault("tasks", [])
    game = loads(orjson.dumps({"constructed": True, **save}), "test position")
    if start_turn:
        game.resume()
    return game


def ring_of(f: int) -> list[str]:
    """Plain cards whose printed D add up to exactly `f` (a Ring area with Fortitude f)."""
    out: list[str] = []
    by_damage = sorted(((catalog().infos[catalog().id(t)].card.printed_damage, t) for t in PLAIN), reverse=True)
    for d, title in by_damage:
        while f - d >= 0 and out.count(title) < 3 and (f - d == 0 or f - d >= 2):
            out.append(title)
            f -= d
    assert f == 0, "no exact Ring area for that Fortitude"
    return out


def last(title: str, as_type: str = "maneuver", dealt: int | None = None) -> dict[str, Any]:
    """A `last` record: the previous card a player played."""
    rec: dict[str, Any] = {"type": "LastPlay", "card": title, "as_type": as_type}
    if dealt is not None:
        rec["dealt"] = dealt
    return rec


def do(game: Game, *moves: str) -> list[ev.Event]:
    """Apply moves (move-file syntax); all the events they caused."""
    out: list[ev.Event] = []
    for text in moves:
        out += game.apply(parse_move(text))
    return out


def lines(events: Iterable[ev.Event]) -> list[str]:
    return [event_line(e) for e in events]


def text(events: Iterable[ev.Event]) -> str:
    return "\n".join(lines(events))


def pending(game: Game) -> Decision:
    """The pending decision of a game that is not over (a test fails here if it is)."""
    d = game.decision()
    assert d is not None, f"the game is over: {game.s.how}"
    return d


def moves(game: Game) -> list[str]:
    """The legal moves of the pending decision, as text."""
    d = game.decision()
    return [str(m) for m in d.moves] if d else []


def kind(game: Game) -> str | None:
    d = game.decision()
    return d.kind if d else None


def zone(game: Game, p: int, name: str) -> list[str]:
    """A zone's titles (an Arsenal bottom to top)."""
    return list(game.titles(game.s.players[p].zone(Zone(name))))


def top(game: Game, p: int, n: int = 1) -> list[str]:
    """The top `n` cards of an Arsenal, top first."""
    return zone(game, p, "arsenal")[::-1][:n]


def playable(game: Game) -> list[str]:
    return [f"{t} as {k}" for t, k in game.playable()]


def fortitude(game: Game, p: int) -> int:
    return game.status(p).fortitude


def damage(events: Iterable[ev.Event], player: str | None = None) -> list[int]:
    """The non-collateral damage amounts in the events (to `player`, if given)."""
    return [e.amount for e in events if isinstance(e, ev.Damage) and not e.collateral
            and (player is None or e.player == player)]
