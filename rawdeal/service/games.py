"""Games played over HTTP: the state is a save plus the moves applied, one decision at a time.

Each request loads the save, applies at most one move and writes the new save, so a game survives
any restart and several server processes can serve it. The decision number is the count of moves
applied: a move sent for an older number is stale (two clients raced for one decision).

Raw Deal's games go through its own engine, as before the seam (same requests, same answers); a save
that names another game (`rawdeal games`) goes through that game's ruleset (`rawdeal.games`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.errors import RawdealError
from rawdeal.games.registry import DEFAULT

_GAME_KEY = b'\n  "game": "'


@dataclass(frozen=True)
class Turn:
    """A move applied: its canonical text, the transcript lines it caused and the new save."""

    move: str
    transcript: str
    save: bytes


def start(decks: list[tuple[str, str]], seed: int, profile: str) -> tuple[bytes, str]:
    """The opening save of a game between two decks (name, text), and the opening transcript."""
    from rawdeal.decks import parse_deck
    from rawdeal.engine.setup import new_game
    from rawdeal.io.save import dumps, loads
    from rawdeal.io.transcript import Transcript

    (name_a, text_a), (name_b, text_b) = decks
    game, _ = new_game(parse_deck(text_a, name_a), parse_deck(text_b, name_b), profile, seed)
    save = dumps(game)
    out: list[str] = []
    Transcript(out.append).events(loads(save, "save.json").resume())
    return save, "".join(out)


def game_of(save: bytes) -> str:
    """The game of a save the service wrote (`start`, `apply`): sorted keys, indented by two, so a
    top-level "game" is the only line that starts `  "game": ` (a string never holds a newline).
    None there: Raw Deal, whose saves never name their game. No JSON parse: Raw Deal's moves pay nothing."""
    at = save.find(_GAME_KEY)
    if at < 0:
        return DEFAULT
    begin = at + len(_GAME_KEY)
    return save[begin:save.find(b'"', begin)].decode("utf-8", "replace")


def start_game(game: str, setup: list[str], seed: int, options: list[str]) -> tuple[bytes, str]:
    """The opening save and transcript of a game of another ruleset (Fightdrome: its characters as
    SLEEVE/STACK, none to deal them, and its options), as `rawdeal new --game` and `rawdeal run` give."""
    from rawdeal.games.registry import ruleset
    from rawdeal.games.saves import dumps, loads

    state, _ = ruleset(game).start(tuple(setup), seed, tuple(options))
    save = dumps(state)
    rules, loaded = loads(save, "save.json")
    return save, _lines(rules, loaded.resume())


def load_other(save: bytes) -> tuple[Any, Any]:
    """The ruleset and state of a save of another game, its position resumed."""
    from rawdeal.games.saves import loads

    rules, state = loads(save, "save.json")
    state.resume()
    return rules, state


def _lines(rules: Any, events: list[Any]) -> str:
    from rawdeal.games.transcript import collect

    transcript, out = collect(rules)
    transcript.events(events)
    return "".join(out)


def _view_other(save: bytes) -> dict[str, Any]:
    _, state = load_other(save)
    turn = state.turn()
    if turn is None:
        winner = None if state.winner is None else state.seat(state.winner)
        return {"over": True, "player": None, "kind": "over", "prompt": f"{winner or 'nobody'} won ({state.how})",
                "cards": [], "moves": [], "winner": winner}
    return {"over": False, "player": state.seat(turn.player), "kind": turn.kind, "prompt": turn.prompt, "cards": [],
            "moves": [str(m) for m in turn.moves], "winner": None}


def apply_other(rules: Any, state: Any, move: str) -> Turn:
    """Apply one move to a loaded game of another ruleset: the move's text, the lines it printed (as
    `rawdeal run` prints them) and the new save; the move-file errors at "move", line 1."""
    from rawdeal.games.replay import play_lines
    from rawdeal.games.saves import dumps
    from rawdeal.games.transcript import collect

    transcript, out = collect(rules)
    played: list[Any] = []
    if not play_lines(rules, state, [move], "move", transcript, played.append):
        raise RawdealError(f"{move!r} holds no move (a comment only)")
    return Turn(str(played[0]), "".join(out), dumps(state))


def view(save: bytes) -> dict[str, Any]:
    """Whose decision it is and its legal moves (as `rawdeal moves --format json`), or who won."""
    if game_of(save) != DEFAULT:
        return _view_other(save)
    from rawdeal.io.save import loads

    game = loads(save, "save.json")
    game.resume()
    d = game.decision()
    if d is None:
        return {"over": True, "player": None, "kind": "over", "prompt": f"{game.name(game.s.winner or 0)} won by {game.s.how}",
                "cards": [], "moves": [], "winner": game.name(game.s.winner or 0)}
    return {"over": False, "player": game.name(d.player), "kind": d.kind, "prompt": d.prompt, "cards": list(d.cards),
            "moves": [str(m) for m in d.moves], "winner": None}


def apply(save: bytes, move: str) -> Turn:
    """Apply one move (move-file words); raises the rawdeal error (syntax, illegal: with the legal moves)."""
    from rawdeal.replay.movefile import iter_moves, play_moves
    from rawdeal.io.save import dumps, loads
    from rawdeal.io.transcript import Transcript

    if "\n" in move or not move.strip():
        raise RawdealError("a move is one line of move-file words, e.g. 'end' or 'play \"Irish Whip\"'")
    if game_of(save) != DEFAULT:
        return apply_other(*load_other(save), move)
    game = loads(save, "save.json")
    out: list[str] = []
    transcript = Transcript(out.append)
    transcript.events(game.resume())
    out.clear()  # the resumed position's pending events were shown with the move before
    moves = list(iter_moves([move], "move"))
    if not moves:
        raise RawdealError(f"{move!r} holds no move (a comment only)")
    play_moves(game, moves, transcript, source="move")
    return Turn(moves[0].text if moves else move, "".join(out), dumps(game))
