"""Games played over HTTP: the state is a save plus the moves applied, one decision at a time.

Each request loads the save, applies at most one move and writes the new save, so a game survives
any restart and several server processes can serve it. The decision number is the count of moves
applied: a move sent for an older number is stale (two clients raced for one decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.errors import RawdealError


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


def view(save: bytes) -> dict[str, Any]:
    """Whose decision it is and its legal moves (as `rawdeal moves --format json`), or who won."""
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
