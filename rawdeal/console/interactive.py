"""`rawdeal play`: rawdeal's own console for people, in English.

At each decision of a human player it shows both players' Fortitude, hand and Arsenal sizes, Ring
area and the top of the Ringside pile, the decider's hand, and the legal moves numbered. The player
types a number or a move in move-file words; `help` lists the moves again, `quit` stops (the caller
saves). Every move is recorded in move-file words, so a game can be replayed with `rawdeal run`. A
computer player (`bot`) answers the other side's decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rawdeal.engine import events as ev
from rawdeal.engine.decision import Decision
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, parse_move
from rawdeal.errors import RawdealError
from rawdeal.io.transcript import event_line

Bot = Callable[[Game], Move]
HELP = "Type a number or a move (as in a move file); help lists the moves; quit saves and stops."


@dataclass
class Session:
    """One console session. `read` returns a typed line, or None at end of input."""

    game: Game
    read: Callable[[str], str | None]
    write: Callable[[str], None]
    record: Callable[[Move], None]
    bots: dict[int, Bot]

    def run(self) -> str:
        """Play until the game ends ("over"), the player quits ("quit") or the input ends ("eof")."""
        while not self.game.over:
            d = self.game.decision()
            assert d is not None
            if d.player in self.bots:
                move = self.bots[d.player](self.game)
                self.write(f"> {self.game.name(d.player)} (computer): {move}")
            else:
                self.show(d)
                answer = self.ask(d)
                if isinstance(answer, str):
                    return answer  # quit or eof
                move = answer
            self.apply(move)
        return "over"

    def apply(self, move: Move) -> None:
        self.events(self.game.apply(move))
        self.record(move)

    def events(self, events: list[ev.Event]) -> None:
        for e in events:
            if not isinstance(e, ev.Status):
                self.write(event_line(e))

    def show(self, d: Decision) -> None:
        g = self.game
        self.write("")
        for p in (d.player, 1 - d.player):
            pl = g.s.players[p]
            top = g.title(pl.ringside[-1]) if pl.ringside else "-"
            ring = ", ".join(g.titles(pl.ring)) or "-"
            self.write(f"  {g.name(p)}: {g.status(p).fortitude}F, {len(pl.hand)} in hand, {len(pl.arsenal)} in Arsenal,"
                       f" Ringside top: {top}; Ring area: {ring}")
        self.write(f"  your hand: {', '.join(g.titles(g.s.players[d.player].hand)) or '-'}")
        self.list_moves(d)

    def list_moves(self, d: Decision) -> None:
        self.write(f"{d.prompt}:")
        for i, m in enumerate(d.moves, start=1):
            self.write(f"  {i}. {m}")

    def ask(self, d: Decision) -> Move | str:
        """A legal move typed by the player, or "quit" / "eof"."""
        while True:
            text = self.read(f"{self.game.name(d.player)}> ")
            if text is None:
                return "eof"
            text = text.strip()
            if text in ("quit", "exit"):
                return "quit"
            if text in ("help", "?", ""):
                self.write(HELP)
                self.list_moves(d)
                continue
            move = self.understand(text, d)
            if move is not None:
                return move

    def understand(self, text: str, d: Decision) -> Move | None:
        if text.isascii() and text.isdigit() and len(text) < 10:
            n = int(text)
            if 1 <= n <= len(d.moves):
                return d.moves[n - 1]
            self.write(f"no move {n}: type 1 to {len(d.moves)}")
            return None
        try:
            move = parse_move(text)
            self.game.copy().apply(move)  # legal here? (the copy keeps the real game untouched)
        except RawdealError as exc:
            self.write(f"{exc.brief} (type help for the legal moves)")
            return None
        return move
