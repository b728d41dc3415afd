"""`rawdeal play`: rawdeal's own console for people, in English.

At each decision of a human player it shows both players' Fortitude, hand and Arsenal sizes, Ring
area and the top of the Ringside pile, the decider's hand, and the legal moves numbered. The player
types a number or a move in move-file words; `help` lists the moves again, `card NAME` shows a card's
text and compiled meaning, `show N` the card of move N and `show` those of the hand, `quit` stops (the
caller saves). Every move is recorded in move-file words, so a game can be replayed with `rawdeal run`.
A computer player (`bot`) answers the other side's decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from rawdeal.engine import events as ev
from rawdeal.engine.decision import Decision
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, parse_move
from rawdeal.errors import RawdealError
from rawdeal.io.transcript import event_line

Bot = Callable[[Game], Move]
HELP = ("Type a number or a move (as in a move file); help lists the moves; card NAME shows a card; "
        "show N the card of move N, show those of your hand; quit saves and stops.")
COMMANDS = ("help", "quit", "show", "card ")


class Terminal(Protocol):
    """Where the session writes (each line with its kind: see `screen.STYLES`) and reads."""

    def write(self, text: str, kind: str = "") -> None: ...

    def read(self, prompt: str) -> str | None: ...

    def complete_with(self, words: Callable[[], Iterable[str]]) -> None: ...


@dataclass
class Session:
    """One console session: the terminal's `read` gives a typed line, or None at the end of input."""

    game: Game
    terminal: Terminal
    record: Callable[[Move], None]
    bots: dict[int, Bot]
    moves: tuple[Move, ...] = field(default=(), init=False)  # the legal moves now listed (for Tab)

    def write(self, text: str, kind: str = "") -> None:
        self.terminal.write(text, kind)

    def words(self) -> list[str]:
        """What Tab may complete now: the commands, the legal moves, `card` and each card's title."""
        from rawdeal.cards import load_db

        return [*COMMANDS, *map(str, self.moves), *(f"card {c.title}" for c in load_db().cards)]

    def run(self) -> str:
        """Play until the game ends ("over"), the player quits ("quit") or the input ends ("eof")."""
        self.terminal.complete_with(self.words)
        while not self.game.over:
            d = self.game.decision()
            assert d is not None
            if d.player in self.bots:
                move = self.bots[d.player](self.game)
                self.write(f"> {self.game.name(d.player)} (computer): {move}", "computer")
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
                self.write(event_line(e), "winner" if isinstance(e, ev.Won) else "")

    def show(self, d: Decision) -> None:
        g = self.game
        self.write("")
        for p in (d.player, 1 - d.player):
            pl = g.s.players[p]
            top = g.title(pl.ringside[-1]) if pl.ringside else "-"
            ring = ", ".join(g.titles(pl.ring)) or "-"
            self.write(f"  {g.name(p)}: {g.status(p).fortitude}F, {len(pl.hand)} in hand, {len(pl.arsenal)} in Arsenal,"
                       f" Ringside top: {top}; Ring area: {ring}", "board")
        self.write(f"  your hand: {', '.join(g.titles(g.s.players[d.player].hand)) or '-'}")
        self.list_moves(d)

    def list_moves(self, d: Decision) -> None:
        self.moves = tuple(d.moves)
        self.write(f"{d.prompt}:", "prompt")
        for i, m in enumerate(d.moves, start=1):
            self.write(f"  {i}. {m}")

    def ask(self, d: Decision) -> Move | str:
        """A legal move typed by the player, or "quit" / "eof"."""
        while True:
            text = self.terminal.read(f"{self.game.name(d.player)}> ")
            if text is None:
                return "eof"
            text = text.strip()
            if text in ("quit", "exit"):
                return "quit"
            if text in ("help", "?", ""):
                self.write(HELP, "note")
                self.list_moves(d)
                continue
            if self.look(text, d):
                continue
            move = self.understand(text, d)
            if move is not None:
                return move

    def understand(self, text: str, d: Decision) -> Move | None:
        if text.isascii() and text.isdigit() and len(text) < 10:
            n = int(text)
            if 1 <= n <= len(d.moves):
                return d.moves[n - 1]
            self.write(f"no move {n}: type 1 to {len(d.moves)}", "error")
            return None
        try:
            move = parse_move(text)
            self.game.copy().apply(move)  # legal here? (the copy keeps the real game untouched)
        except RawdealError as exc:
            self.write(f"{exc.brief} (type help for the legal moves)", "error")
            return None
        return move

    def look(self, text: str, d: Decision) -> bool:
        """`card NAME`, `show N` or `show`: print card texts and meanings; False for any other line."""
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        if word == "card" and rest:
            self.card(rest)
        elif word == "show" and not rest:
            for held in dict.fromkeys(self.game.titles(self.game.s.players[d.player].hand)):
                self.card(held, brief=True)
        elif word == "show" and rest.isascii() and rest.isdigit() and 1 <= int(rest) <= len(d.moves):
            named = getattr(d.moves[int(rest) - 1], "title", None)
            if isinstance(named, str):
                self.card(named)
            else:
                self.write(f"move {rest} names no card", "error")
        elif word == "show":
            self.write(f"show N shows the card of move N (1 to {len(d.moves)}); show alone, your hand's", "error")
        else:
            return False
        return True

    def card(self, title: str, brief: bool = False) -> None:
        """A card's text and compiled meaning (`brief`: the title and meaning only)."""
        from rawdeal.cards import load_db
        from rawdeal.cards.query import find_card
        from rawdeal.effects.render import render_effect
        from rawdeal.effects.sheet import card_sheet
        from rawdeal.effects.store import shipped

        try:
            found = find_card(load_db(), title)
        except RawdealError as exc:
            self.write(exc.brief, "error")
            return
        if brief:
            self.write(f"{found.title}: {render_effect(shipped().cards[found.title])}".replace("\n", "; "), "card")
            return
        sheet = card_sheet(found, tree=False).split("\n")
        self.write(sheet[0], "card")
        for line in sheet[1:]:
            self.write(line)
