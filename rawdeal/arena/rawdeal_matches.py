"""Raw Deal's side of the generic tournaments (`rawdeal.games.matches`): its own players
(`rawdeal.bots`), decks as sides, random legal decks as random deals, and a game started as
`rawdeal new --seed` starts it. The only module of `rawdeal.arena` that tournaments reach Raw Deal by."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawdeal.arena.selfplay import Lineup, game_decks, start_game
from rawdeal.bots.base import play_match
from rawdeal.bots.registry import check_player, make_player, player_cost
from rawdeal.errors import UsageError
from rawdeal.games.matches import Ending


class RawDealMatches:
    def check_player(self, name: str) -> str:
        return check_player(name)

    def player_cost(self, name: str) -> float:
        return player_cost(name)

    def random_deal(self, seed: int) -> tuple[Lineup, Lineup]:
        return game_decks(seed, None)

    def sides(self, given: Sequence[str], options: Sequence[str]) -> list[tuple[str, Any]]:
        """Deck files, or folders of *.txt decks; every deck must be legal (the first broken rule is
        reported with its file and line). A deck's name is its file name without .txt (its path when
        two share a name)."""
        from pathlib import PurePath

        from rawdeal.cards import load_db
        from rawdeal.decks import check_file, deck_paths as expand, read_deck
        from rawdeal.errors import DeckError
        from rawdeal.inputs import utf8

        db = load_db()
        paths = expand(given)
        if len(set(paths)) < len(paths):
            raise UsageError("a deck is named twice; name each deck once")
        stems = [PurePath(p).stem for p in paths]
        names = [utf8(n) for n in (stems if len(set(stems)) == len(stems) else paths)]  # any report can hold them
        out: list[tuple[str, Any]] = []
        for path, name in zip(paths, names):
            report = check_file(path, db)
            if not report.valid:
                v = report.errors[0]
                more = f" (and {len(report.errors) - 1} more; run `rawdeal check {path}`)" if len(report.errors) > 1 else ""
                raise DeckError(f"{path}:{v.line}: {v.rule}: {v.message}{more}")
            deck = read_deck(path)
            out.append((name, Lineup(deck.superstar, deck.titles)))
        return out

    def meets(self, a: Any, b: Any) -> bool:
        return True

    def play(self, setups: tuple[Any, Any], options: tuple[str, ...], seed: int, players: tuple[str, str],
             max_moves: int) -> Ending:
        game = start_game(setups, "course" if "unshuffled" in options else "standard", seed)
        out = play_match(game, (make_player(players[0], seed * 2), make_player(players[1], seed * 2 + 1)), max_moves)
        return out.winner, out.how, out.first, out.moves

    def prepare(self) -> None:
        from rawdeal.engine.cardinfo import catalog

        catalog()  # compiled once here: forked workers inherit it instead of compiling it each


MATCHES = RawDealMatches()
