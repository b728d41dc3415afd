"""What one seat may see of a game, and the bots' moves. Pure functions of a board or a save.

A seat's view holds its own hand, the opponent's hand only as a count, each Arsenal only as a count,
and the legal moves only when the decision is the seat's; a spectator (seat None) sees no hand. The
prompt of a decision is shown only to its decider (a prompt may name cards in their hand).
"""

from __future__ import annotations

from typing import Any

from rawdeal.viewer.board import Board


def view_of(b: Board, seat: int | None, decision: int, last: str) -> dict[str, Any]:
    sides = [{"name": s.name, "superstar": s.superstar, "fortitude": s.fortitude, "arsenal": s.arsenal,
              "hand": list(s.hand) if p == seat else None, "hand_size": len(s.hand), "ring": list(s.ring),
              "ringside": len(s.ringside), "ringside_top": s.ringside[-1] if s.ringside else None}
             for p, s in enumerate(b.sides)]
    asked = b.asked
    mine = asked is not None and asked.player == seat
    return {
        "decision": decision, "seat": seat, "turn": b.turn, "current": b.current, "sides": sides, "last": last,
        "playing": None if b.playing is None else {"player": b.playing.player, "title": b.playing.title,
                                                   "as": b.playing.as_type},
        "modifiers": list(b.modifiers),
        "asked": None if asked is None else {"player": asked.player, "kind": asked.kind,
                                             "prompt": asked.prompt if mine else ""},
        "moves": list(asked.moves) if mine and asked is not None else [],
        "over": asked is None, "winner": b.winner, "how": b.how,
    }


def bot_move(save: bytes, bot: str, seed: int) -> tuple[str, int]:
    """The move of bot `bot` (rawdeal.bots.registry's names) for the pending decision, in move-file
    words. The bot is made afresh, seeded by the game's seed and the decision number, so a game
    resumed after a restart gets the same moves."""
    from rawdeal.bots.registry import make_player
    from rawdeal.io.save import loads

    game = loads(save, "save.json", written=True)
    game.resume()
    d = game.decision()
    assert d is not None, "a bot is asked only for a pending decision"
    return str(make_player(bot, seed).choose(game)), d.player
