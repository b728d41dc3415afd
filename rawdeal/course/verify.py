"""Replay a scenario and compare it with what is expected: imported checkpoints or a stored transcript.

Imported course scenarios carry `checks.jsonl`: at each step (number of moves applied) the expected
status lines, offered lists, zone contents and events. The game is replayed move by move and the
first divergence is described in words, with the step and the course transcript's line.
Hand-written scenarios carry `expected.txt`, compared event for event with rawdeal's transcript.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from rawdeal.engine import events as ev
from rawdeal.engine.game import Game
from rawdeal.errors import RawdealError, ScenarioError
from rawdeal.scenarios.model import Scenario, load_scenario

# Engine events the course's console prints (it is silent about the rest).
_SHOWN = {"turn", "skip", "hold", "ability", "draw", "play", "success", "reverse", "damage", "overturn", "discard", "discard-hand", "move",
          "search", "reveal", "choose", "win"}
_NOT_COMPARED = {"step", "line", "check", "event"}


@dataclass(frozen=True)
class Result:
    name: str
    passed: bool
    checkpoints: int
    first_divergence: str | None = None


class Divergence(Exception):
    """The replay left the transcript: `what` says how ("expected ...; got ..."), `at` is the checkpoint
    it was found at (None: the step's first)."""

    def __init__(self, what: str, at: dict[str, Any] | None = None) -> None:
        super().__init__(what)
        self.what, self.at = what, at


def _say(d: dict[str, Any]) -> str:
    """An expected or actual event in words."""
    kind = d.get("event")
    cls = next((c for c in vars(ev).values() if isinstance(c, type) and getattr(c, "kind", None) == kind
                and issubclass(c, ev.Event)), None)
    if cls is not None:
        try:
            from rawdeal.io.transcript import event_line

            return event_line(cls(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items()
                                     if k not in _NOT_COMPARED}))
        except TypeError:
            pass
    return f"{kind} " + ", ".join(f"{k}={v}" for k, v in d.items() if k not in _NOT_COMPARED)


def _status_words(d: dict[str, Any]) -> str:
    return f"{d['player']} {d['fortitude']}F, {d['hand']} in hand, {d['arsenal']} in Arsenal"


class _Replay:
    def __init__(self, game: Game) -> None:
        self.game = game

    def statuses(self) -> list[dict[str, Any]]:
        return [{**self.game.status(p).to_dict(), "player": self.game.s.players[p].superstar} for p in (0, 1)]

    def check_state(self, c: dict[str, Any]) -> None:
        g, kind = self.game, c["check"]
        d = g.decision()
        if kind == "status":
            got = [s for s in self.statuses() if s["player"] == c["player"]]
            if not any(all(s[k] == c[k] for k in ("fortitude", "hand", "arsenal")) for s in got):
                raise Divergence(f"expected {_status_words(c)}; got " + (" / ".join(_status_words(s) for s in got) or "no such player"))
        elif kind == "playable":
            want = [tuple(x) for x in c["cards"]]
            have = g.playable() if d and d.kind == "main" else []
            if want != have:
                raise Divergence(f"expected playable {_cards(want)}; got {_cards(have)}")
        elif kind == "reversals":
            offered = list(d.cards) if d and d.kind == "reverse" else []
            if c["cards"] != offered:
                raise Divergence(f"expected {c['player']} to be offered reversals {c['cards']}; got {offered}")
        elif kind == "options":
            options = list(d.cards) if d and d.kind in ("discard", "take") else []
            if c["cards"] != options:
                raise Divergence(f"expected {c['player']} to pick from {c['cards']}; got {options}")
        elif kind == "zone":
            owners = [p for p in (0, 1) if g.s.players[p].superstar == c["player"]]
            views = [list(g.titles(g.s.players[p].zone(c["zone"]))) for p in owners]
            if c["cards"] not in views:
                raise Divergence(f"expected {c['player']}'s {c['zone']} {c['cards']}; got {views[0] if views else 'no such player'}")
        elif kind == "invalid_deck":
            raise Divergence(f"expected deck {c['deck']} to be invalid, but the game started")
        else:
            raise ScenarioError(f"unknown checkpoint kind {kind!r}")


def _cards(pairs: Iterable[tuple[str, str]]) -> str:
    return "[" + ", ".join(f"{t} ({a})" for t, a in pairs) + "]"


def _project(events: list[ev.Event], plain: dict[str, str]) -> list[dict[str, Any]]:
    """The events the course prints, naming players as it does (`plain`: seat name -> Superstar)."""
    out = []
    for e in events:
        if e.kind not in _SHOWN or (isinstance(e, ev.Drew) and e.reason == "draw segment"):
            continue
        d = e.to_dict()
        out.append({k: plain.get(v, v) if k in ev.PLAYER_FIELDS else v for k, v in d.items()} if plain else d)
    return out



def _compare_events(want: list[dict[str, Any]], have: list[dict[str, Any]]) -> None:
    for i, w in enumerate(want):
        if i >= len(have):
            raise Divergence(f"expected {_say(w)}; got nothing more", w)
        h = have[i]
        keys = [k for k in w if k not in _NOT_COMPARED and not (w.get("event") == "choose" and k == "option")]
        if w.get("event") != h.get("event") or any(_norm(w[k]) != _norm(h.get(k)) for k in keys):
            raise Divergence(f"expected {_say(w)}; got {_say(h)}", w)
    if len(have) > len(want):
        raise Divergence(f"expected nothing more; got {_say(have[len(want)])}")


def _norm(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


def read_checks(path: Path) -> list[dict[str, Any]]:
    """The checkpoints, one JSON object a line: each names its `check`; all but `invalid_deck` give
    the `step` (moves made before it) as a whole number, `invalid_deck` the `deck` file."""
    out = []
    from rawdeal.inputs import TEXT_CAP, parse_json, read_input

    for no, line in enumerate(read_input(path, TEXT_CAP, "checkpoint file").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            c = parse_json(line)
        except ValueError as exc:  # orjson.JSONDecodeError is one
            raise ScenarioError(f"{path}:{no}: not a JSON object: {exc}") from None
        if not isinstance(c, dict) or not isinstance(c.get("check"), str):
            raise ScenarioError(f"{path}:{no}: a checkpoint is a JSON object naming its \"check\"")
        if c["check"] == "invalid_deck":
            if not isinstance(c.get("deck"), str):
                raise ScenarioError(f"{path}:{no}: an invalid_deck checkpoint names its \"deck\" file")
        elif isinstance(c.get("step"), bool) or not isinstance(c.get("step"), int) or c["step"] < 0:
            raise ScenarioError(f"{path}:{no}: \"step\" must be a whole number of moves, 0 or more")
        out.append(c)
    return out


def verify_checks(sc: Scenario) -> Result:
    from rawdeal.decks import check_deck, read_deck
    from rawdeal.replay.movefile import read_moves
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.scenarios.play import new_game

    name = sc.name
    checks = read_checks(sc.checks)
    invalid = [c for c in checks if c["check"] == "invalid_deck"]
    decks = [d for d in sc.decks if d.is_file()]
    if invalid:
        bad = {c["deck"] for c in invalid}
        for d in decks:
            problems = check_deck(read_deck(d), catalog().db)
            if bool(problems) != (d.name in bad):
                verdict = "valid" if not problems else f"invalid ({problems[0].rule}: {problems[0].message})"
                return Result(name, False, len(checks), f"deck {d.name}: expected {'invalid' if d.name in bad else 'valid'}; got {verdict}")
        return Result(name, True, len(checks))
    game, start_events = new_game(sc)
    plain = game.renamed()
    moves = read_moves(sc.moves)
    by_step: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for c in checks:
        by_step[c["step"]].append(c)
    replay = _Replay(game)
    events = start_events
    for step in range(len(moves) + 1):
        todo = by_step.get(step, [])
        want = [c for c in todo if c["check"] == "event"]
        try:
            _compare_events(want, _project(events, plain))
            for c in todo:
                if c["check"] != "event":
                    try:
                        replay.check_state(c)
                    except Divergence as d:
                        raise Divergence(d.what, c) from None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ScenarioError(f"{sc.checks}: a checkpoint of step {step} lacks or garbles a field"
                                f" ({type(exc).__name__}: {exc})") from None
        except Divergence as d:
            at = d.at if d.at is not None else (todo[0] if todo else {})
            line = f" (transcript line {at['line']})" if at.get("line") else ""
            return Result(name, False, len(checks), f"step {step}{line}: {d.what}")
        if step < len(moves):
            m = moves[step]
            try:
                events = game.apply(m.move)
            except RawdealError as exc:
                return Result(name, False, len(checks), f"step {step + 1} (moves.txt line {m.line}): {exc.brief}")
    return Result(name, True, len(checks))


def verify_expected(sc: Scenario) -> Result:
    from rawdeal.io.diff import compare, events, read_transcript
    from rawdeal.scenarios.play import reference_transcript

    name = sc.name
    expected = events(read_transcript(sc.expected, ScenarioError))
    c = compare(expected, events(reference_transcript(sc)))
    if c.at is None:
        return Result(name, True, len(expected))
    want = expected[c.at] if c.at < len(expected) else "the end"
    got = c.actual[c.at] if c.at < len(c.actual) else "nothing more"
    return Result(name, False, len(expected), f"event {c.at + 1}: expected {want!r}; got {got!r}")


def verify(path: str | Path) -> Result:
    sc = load_scenario(path)
    try:
        if sc.checks.is_file():
            return verify_checks(sc)
        if sc.expected.is_file():
            return verify_expected(sc)
    except RawdealError as exc:
        return Result(sc.name, False, 0, exc.brief)
    raise ScenarioError(f"{sc.path}: nothing to verify (no checks.jsonl or expected.txt)")
