"""`rawdeal play --game NAME`: the console for any game, in any of its languages.

At each decision of a person it shows what that player sees (the ruleset's `show`) and the legal moves
numbered; the player types a number or a move in move-file words (`help` lists them again, `quit`
stops and the caller saves). Every move is recorded in move-file words, for `rawdeal run`. A computer
player answers the other side's decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rawdeal.errors import RawdealError
from rawdeal.games.players import Player
from rawdeal.games.protocol import Ruleset, State, Turn

HELP = "Type a number or a move (as in a move file); help lists the moves; quit saves and stops."


@dataclass
class Console:
    rules: Ruleset
    state: State
    read: Callable[[str], str | None]
    write: Callable[[str], None]
    record: Callable[[Any], None]
    bots: dict[int, Player]
    lang: str = "en"

    def run(self) -> str:
        """Play until the game ends ("over"), the player quits ("quit") or the input ends ("eof")."""
        while not self.state.over:
            turn = self.state.turn()
            assert turn is not None
            if turn.player in self.bots:
                move = self.bots[turn.player].choose(self.state, turn)
                self.write(f"> {self.state.seat(turn.player, self.lang)} (computer): {self.rules.move_text(move, self.lang)}")
            else:
                for line in ["", *self.rules.show(self.state, turn.player, self.lang)]:
                    self.write(line)
                self.list_moves(turn)
                answer = self.ask(turn)
                if isinstance(answer, str):
                    return answer
                move = answer
            self.events(self.state.apply(move))
            self.record(move)
        return "over"

    def events(self, events: list[Any]) -> None:
        for e in events:
            self.write(self.rules.render(e, self.lang))

    def list_moves(self, turn: Turn) -> None:
        self.write(f"{self.state.seat(turn.player, self.lang)}: {self.rules.prompt(turn, self.lang)}")
        for i, m in enumerate(turn.moves, start=1):
            self.write(f"  {i}. {self.rules.move_text(m, self.lang)}")

    def ask(self, turn: Turn) -> Any:
        while True:
            text = self.read(f"{self.state.seat(turn.player, self.lang)}> ")
            if text is None:
                return "eof"
            text = text.strip()
            if text in ("quit", "exit", "salir"):
                return "quit"
            if text in ("help", "?", "", "ayuda"):
                self.write(HELP)
                self.list_moves(turn)
                continue
            move = self.understand(text, turn)
            if move is not None:
                return move

    def understand(self, text: str, turn: Turn) -> Any:
        if text.isascii() and text.isdigit() and len(text) < 10:
            n = int(text)
            if 1 <= n <= len(turn.moves):
                return turn.moves[n - 1]
            self.write(f"no move {n}: type 1 to {len(turn.moves)}")
            return None
        try:
            move = self.rules.read_move(text)
        except RawdealError as exc:
            self.write(f"{exc.brief} (type help for the legal moves)")
            return None
        found = next((m for m in turn.moves if str(m) == str(move)), None)
        if found is None:
            self.write(f"{move} is not legal now (type help for the legal moves)")
        return found
