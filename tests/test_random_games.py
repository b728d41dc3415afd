"""Random legal-move games: random legal decks, every game ends, the card invariant holds, same seed
same game, and a broken engine is reported with the move file that reproduces it."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cards import load_db
from rawdeal.cli import app
from rawdeal.decks import check_deck, parse_deck
from rawdeal.arena import selfplay as sp
from rawdeal.replay.movefile import parse_moves, play_moves
from rawdeal.arena.random_decks import random_deck
from rawdeal.bots.base import MAX_MOVES
from rawdeal.arena.random_game import InvariantError, move_file, play_random
from rawdeal.engine.game import Game
from rawdeal.engine.setup import new_game
from rawdeal.io.save import dumps
from rawdeal.io.transcript import Transcript
from rawdeal.purepython import compiled

runner = CliRunner()


def test_random_decks_are_legal_and_reach_every_card() -> None:
    db = load_db()
    seen: Counter[str] = Counter()
    superstars = set()
    for seed in range(400):
        deck = random_deck(seed, db)
        assert check_deck(deck, db) == (), seed
        seen.update(set(deck.titles))
        superstars.add(deck.superstar)
    assert set(seen) == {c.title for c in db.cards}
    assert superstars == set(db.by_name)
    assert random_deck(7, db) == random_deck(7, db) != random_deck(8, db)


@pytest.mark.parametrize("profile", ["course", "standard"])
def test_random_games_end_without_error_and_keep_every_card(profile: str) -> None:
    summary = sp.selfplay(150, seed=100, profile=profile, check=True)
    assert summary.failure is None, summary.failure and summary.failure.report()
    assert summary.games == 150
    assert summary.ended["unfinished"] == 0  # every game has a winner within the move cap
    assert sum(summary.ended.values()) == 150 and set(summary.ended) <= set(sp.WINS)


def _game(seed: int, profile: str = "course") -> Game:
    a, b = sp.game_decks(seed, None)
    game, _ = new_game(parse_deck(a.text(), "a.txt"), parse_deck(b.text(), "b.txt"), profile, seed)
    return game


def test_same_seed_same_game() -> None:
    first = play_random(_game(3, "standard"), 3)
    again = play_random(_game(3, "standard"), 3)
    other = play_random(_game(4, "standard"), 4)
    assert first == again and first.moves != other.moves
    assert first.winner and len(first.moves) < MAX_MOVES
    assert sp.selfplay(20, 9).lines() == sp.selfplay(20, 9).lines()


def test_the_move_file_replays_the_game() -> None:
    record = play_random(_game(11), 11)
    game = _game(11)
    play_moves(game, parse_moves(move_file(record.moves)), Transcript())
    assert game.over and game.name(game.s.winner or 0) == record.winner and game.s.how == record.how


# A compiled `Game` calls its own methods directly: patching them changes nothing (the tests below run
# against the sources, as `python -m pytest` in a checkout does, or with RAWDEAL_PURE=1).
patchable_engine = pytest.mark.skipif(compiled(), reason="the compiled engine cannot be monkeypatched: "
                                      "run with RAWDEAL_PURE=1 to break it on purpose")


def _drop_a_drawn_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deliberately broken engine: the sixth draw of a game (the start makes three) loses a card."""
    real = Game._draw_cards
    calls = Counter[int]()

    def broken(self: Game, p: int, n: int) -> int:
        calls[id(self)] += 1
        if calls[id(self)] == 6 and self.s.players[p].arsenal:
            self.s.players[p].arsenal.pop()
        return real(self, p, n)

    monkeypatch.setattr(Game, "_draw_cards", broken)


@patchable_engine
def test_a_broken_invariant_is_reported_with_its_move_file(monkeypatch: pytest.MonkeyPatch) -> None:
    _drop_a_drawn_card(monkeypatch)
    with pytest.raises(InvariantError) as caught:
        play_random(_game(5), 5, check=True)
    err = caught.value
    assert err.seed == 5 and "missing: 1 x" in err.problem
    assert "move file to reproduce:\n" + move_file(err.moves) in str(err)


@patchable_engine
def test_selfplay_command_writes_a_folder_that_reproduces_the_failure(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _drop_a_drawn_card(monkeypatch)
    out = tmp_path / "fail"
    result = runner.invoke(app, ["selfplay", "--games", "5", "--seed", "40", "--profile", "course", "--check",
                                 "--failures", str(out)])
    assert result.exit_code == 1
    assert "FAILED seed 40 (course profile): AssertionError: player" in result.stdout
    assert "rawdeal new deck-a.txt deck-b.txt --seed 40 --unshuffled" in result.stdout
    assert sorted(p.name for p in out.iterdir()) == ["README.txt", "deck-a.txt", "deck-b.txt", "moves.txt", "start.json"]
    monkeypatch.undo()  # replay with the real engine: the moves are legal and reach the same point
    new = runner.invoke(app, ["new", str(out / "deck-a.txt"), str(out / "deck-b.txt"), "--seed", "40",
                              "--unshuffled", "-o", str(tmp_path / "start.json")])
    assert new.exit_code == 0, new.output
    assert (tmp_path / "start.json").read_bytes() == (out / "start.json").read_bytes()
    run = runner.invoke(app, ["run", str(out / "start.json"), str(out / "moves.txt")])
    assert run.exit_code == 0, run.output


def test_selfplay_command_summary_is_deterministic() -> None:
    runs = [runner.invoke(app, ["selfplay", "--games", "30", "--seed", "2", "--random-decks"]) for _ in range(2)]
    assert all(r.exit_code == 0 for r in runs)
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].stdout.startswith("games: 30\nended: ")
    assert "games per second" not in runs[0].stdout  # speed goes to stderr only


def test_selfplay_with_course_decks(tmp_path: Path) -> None:
    db = load_db()
    rnd = random.Random(1)
    for name in ("x.txt", "y.txt"):
        deck = random_deck(rnd, db)
        (tmp_path / name).write_text(sp.Lineup(deck.superstar, deck.titles).text(), encoding="utf-8")
    (tmp_path / "bad.txt").write_text("KANE (Superstar Card)\nPunch\n", encoding="utf-8")  # illegal: skipped
    result = runner.invoke(app, ["selfplay", "--games", "10", "--decks", str(tmp_path), "--check"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("games: 10\n")


def test_game_copy_is_independent() -> None:
    game = _game(21)
    rnd = random.Random(0)
    from rawdeal.bots.random import pick

    for _ in range(15):
        game.apply(pick(game, rnd))
    before = dumps(game)
    twin = game.copy()
    assert dumps(twin) == before and twin.decision() == game.decision()
    play_random(twin, 1)
    assert twin.over and dumps(game) == before


def test_jobs_play_the_same_games_as_one_process() -> None:
    one = sp.selfplay(40, 3, check=True)
    two = sp.selfplay(40, 3, check=True, jobs=2)
    assert two.lines() == one.lines() and two.failure is None


def test_with_jobs_the_first_failure_in_seed_order_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games past the failing seed are played by other workers but dropped, as one process never plays them."""
    real = sp.play_one

    def breaks_on_two_seeds(seed: int, *args: object) -> object:
        if seed in (13, 21):
            raise InvariantError(seed, "broken on purpose", ())
        return real(seed, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sp, "play_one", breaks_on_two_seeds)
    one, two = sp.selfplay(30, 0), sp.selfplay(30, 0, jobs=2)
    assert two.games == one.games == 13
    assert two.lines() == one.lines()
    assert two.failure is not None and two.failure.seed == 13 and two.failure == one.failure


def test_selfplay_command_with_jobs_prints_the_same_tally() -> None:
    runs = [runner.invoke(app, ["selfplay", "--games", "24", "--seed", "5", "--jobs", j]) for j in ("1", "2")]
    assert all(r.exit_code == 0 for r in runs)
    assert runs[0].stdout == runs[1].stdout
