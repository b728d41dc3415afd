"""The generic modules (`rawdeal.games`) with each game: the registry, saves, move files, transcripts,
random play and hidden-information views work the same on Raw Deal and Fightdrome; and the commands
that take `--game`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.errors import IllegalMoveError, MoveSyntaxError, SaveError, UsageError
from rawdeal.games.randomplay import selfplay
from rawdeal.games.registry import names, ruleset
from rawdeal.games.replay import play_file
from rawdeal.games.saves import dumps, loads, read
from rawdeal.games.transcript import Transcript, collect

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "decks"
runner = CliRunner()
SETUPS = {"rawdeal": (str(DECKS / "the-rock.txt"), str(DECKS / "hhh.txt")), "fightdrome": ("Brawler/S1", "Wrestler/S5")}


def test_the_registry_lists_both_games_and_names_the_others_on_a_typo() -> None:
    assert names() == ("rawdeal", "fightdrome")
    assert ruleset("Fightdrome").title == "Altered Carbon: Fightdrome"
    with pytest.raises(UsageError, match="unknown game 'uno': use one of rawdeal, fightdrome"):
        ruleset("uno")


@pytest.mark.parametrize("game", ["rawdeal", "fightdrome"])
def test_a_save_reloads_to_the_same_bytes(game: str) -> None:
    rules = ruleset(game)
    state, _ = rules.start(SETUPS[game], 7)
    data = dumps(state)
    again_rules, again = loads(data, "save.json")
    assert again_rules is rules and dumps(again) == data


def test_raw_deal_saves_keep_their_bytes_and_old_saves_load() -> None:
    from rawdeal.io.save import dumps as raw_deal_dumps

    saved = (ROOT / "saves" / "midgame.json").read_bytes()  # written before the seam: no "game"
    rules, state = read(ROOT / "saves" / "midgame.json")
    assert rules.name == "rawdeal" and b'"game"' not in saved
    assert dumps(state) == saved == raw_deal_dumps(state.game)  # type: ignore[attr-defined]
    named = saved.replace(b"{", b'{"game": "rawdeal",', 1)
    assert dumps(loads(named, "named.json")[1]) == saved


def test_a_save_of_another_game_is_refused_when_one_is_expected() -> None:
    state, _ = ruleset("fightdrome").start((), 1)
    with pytest.raises(SaveError) as bad:
        loads(dumps(state), "f.json", expected="rawdeal")
    assert bad.value.path == "$.game" and "a save of fightdrome, not of rawdeal" in bad.value.reason
    with pytest.raises(SaveError, match="unknown game 'uno'"):
        loads(b'{"game": "uno"}', "u.json")


@pytest.mark.parametrize(("game", "games"), [("rawdeal", 4), ("fightdrome", 200)])
def test_random_play_keeps_each_games_invariants(game: str, games: int) -> None:
    summary = selfplay(ruleset(game), games, 50, check=True)
    assert summary.failure is None and summary.games == games and "unfinished" not in summary.ended


def test_generic_replay_of_a_raw_deal_move_file_matches_rawdeal_run() -> None:
    from rawdeal.io.save import read_save
    from rawdeal.replay.movefile import replay

    expected = io.StringIO()
    replay(read_save(ROOT / "saves" / "midgame.json"), ROOT / "saves" / "midgame-moves.txt", expected.write)
    rules, state = read(ROOT / "saves" / "midgame.json")
    transcript, parts = collect(rules)
    transcript.events(state.resume())
    play_file(rules, state, ROOT / "saves" / "midgame-moves.txt", transcript)
    assert "".join(parts) == expected.getvalue()


def test_move_file_errors_name_file_line_and_column(tmp_path: Path) -> None:
    rules = ruleset("fightdrome")
    state, _ = rules.start(("Brawler/S1", "Wrestler/S5"), 3)
    path = tmp_path / "moves.txt"
    path.write_text("# opening\n   play Kick 65\n")
    with pytest.raises(MoveSyntaxError) as bad:
        play_file(rules, state, path, Transcript(rules, lambda s: None))
    assert str(bad.value.where) == f"{path}:2:9"
    path.write_text("rest  # not now\n")
    with pytest.raises(IllegalMoveError) as illegal:
        play_file(rules, state, path, Transcript(rules, lambda s: None))
    assert str(illegal.value.where) == f"{path}:1:1" and illegal.value.legal


@pytest.mark.parametrize("game", ["rawdeal", "fightdrome"])
def test_a_view_keeps_the_game_whole(game: str) -> None:
    rules = ruleset(game)
    state, _ = rules.start(SETUPS[game], 5)
    view = state.view(0, 99)
    view.check()
    turn, seen = state.turn(), view.turn()
    assert turn is not None and seen is not None and turn.player == seen.player


# --- the commands ---------------------------------------------------------------------------------

def test_games_and_rules_commands() -> None:
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and "fightdrome   Altered Carbon: Fightdrome (transcripts: en, es)" in listed.output
    table = runner.invoke(app, ["rules", "fightdrome", "--assumptions"])
    assert table.exit_code == 0
    assert "TORNEO ÉPICO" in table.output and "test_torneo_epico_ends_when_sleeves_run_out" in table.output
    assert "[strengths]" in table.output
    assert runner.invoke(app, ["rules", "uno"]).exit_code == 2


def test_new_run_and_moves_with_game_fightdrome(tmp_path: Path) -> None:
    save, after = tmp_path / "g.json", tmp_path / "after.json"
    made = runner.invoke(app, ["new", "--game", "fightdrome", "Brawler/S1", "Wrestler/S5", "--seed", "4", "-o", str(save)])
    assert made.exit_code == 0, made.output
    listed = runner.invoke(app, ["moves", str(save)])
    assert listed.exit_code == 0, listed.output
    first = listed.output.splitlines()[1].strip()
    assert first.startswith("play ")
    (tmp_path / "m.txt").write_text(first + "\n")
    ran = runner.invoke(app, ["run", str(save), str(tmp_path / "m.txt"), "--lang", "es", "-o", str(after)])
    assert ran.exit_code == 0, ran.output
    assert "ataca con" in ran.output and "> Jugador" in ran.output
    jsonl = runner.invoke(app, ["run", str(save), str(tmp_path / "m.txt"), "--format", "jsonl"])
    assert jsonl.exit_code == 0 and '"event":"played"' in jsonl.output
    assert runner.invoke(app, ["moves", str(after), "--format", "json"]).exit_code == 0


def test_bad_game_options_and_moves_exit_with_their_codes(tmp_path: Path) -> None:
    assert runner.invoke(app, ["new", "--game", "uno"]).exit_code == 2
    bad = runner.invoke(app, ["new", "--game", "fightdrome", "--option", "sudden-death"])
    assert bad.exit_code == 2 and "unknown Fightdrome option 'sudden-death'" in bad.output
    save = tmp_path / "g.json"
    runner.invoke(app, ["new", "--game", "fightdrome", "--seed", "2", "-o", str(save)])
    (tmp_path / "m.txt").write_text("rest\n")
    illegal = runner.invoke(app, ["run", str(save), str(tmp_path / "m.txt")])
    assert illegal.exit_code == 1 and "m.txt:1:1" in illegal.output
    assert runner.invoke(app, ["new", "--game", "fightdrome", "--unshuffled"]).exit_code == 2
    midgame = str(ROOT / "saves" / "midgame.json")
    assert "Raw Deal's transcripts are in en" in runner.invoke(app, ["moves", midgame, "--lang", "es"]).output
    wrong = runner.invoke(app, ["moves", "--game", "rawdeal", str(save)])
    assert wrong.exit_code == 1 and "a save of fightdrome, not of rawdeal" in wrong.output


def test_selfplay_with_game_fightdrome() -> None:
    result = runner.invoke(app, ["selfplay", "--game", "fightdrome", "--games", "50", "--seed", "3", "--check",
                                 "--option", "match"])
    assert result.exit_code == 0, result.output
    assert "games: 50" in result.output and "ended: fame 50" in result.output
    two = runner.invoke(app, ["selfplay", "--game", "fightdrome", "--games", "50", "--seed", "3", "--check",
                              "--option", "match", "--jobs", "2"])
    assert two.exit_code == 0 and two.stdout == result.stdout  # the same tally in two processes


# --- players and tournaments ----------------------------------------------------------------------

def test_greedy_beats_random_at_fightdrome() -> None:
    from rawdeal.games import tournament as tm

    results = tm.run(tm.schedule("fightdrome", ["greedy", "random"], 20, 5))
    greedy = next(row for row in tm.tally(results, lambda r, s: r.spec.players[s]) if row.name == "greedy")
    assert greedy.games == 20 and greedy.wins >= 15


def test_generic_players_finish_a_raw_deal_game() -> None:
    from rawdeal.games import tournament as tm

    spec = tm.Spec("rawdeal", ("greedy", "search:2"), 3, SETUPS["rawdeal"], ())
    result = tm.play(spec)
    assert result.winner in (0, 1) and result.labels == ("THE ROCK", "HHH")


def test_tournament_with_game_fightdrome_reports_players_sleeves_and_stacks(tmp_path: Path) -> None:
    args = ["tournament", "--game", "fightdrome", "--players", "greedy,search:4", "--games", "4", "--seed", "9"]
    first = runner.invoke(app, [*args, "--json", str(tmp_path / "t.json")])
    assert first.exit_code == 0, first.output
    assert first.output == runner.invoke(app, args).output  # the same seed, the same tables
    for title in ("player", "pairing (first player's view)", "side", "Sleeve", "Stack"):
        assert any(line.startswith(title + " ") for line in first.output.splitlines()), title
    assert '"players"' in (tmp_path / "t.json").read_text()
    bad = runner.invoke(app, ["tournament", "--game", "fightdrome", "--players", "greedy,wizard"])
    assert bad.exit_code == 2 and "unknown player 'wizard'" in bad.output


def test_play_with_game_fightdrome_records_saves_and_resumes(tmp_path: Path) -> None:
    record, save = tmp_path / "rec.txt", tmp_path / "s.json"
    args = ["play", "--game", "fightdrome", "--vs", "greedy", "--seed", "3", "--record", str(record), "--save", str(save)]
    first = runner.invoke(app, [*args, "--lang", "es"], input="1\nplay Kick 99\n2\nquit\n")
    assert first.exit_code == 0, first.output
    assert "tu mano:" in first.output and "(computer): juega" in first.output and "cannot read move 'play Kick 99'" in first.output
    assert f"game saved to {save}" in first.output
    moves = [line for line in record.read_text().splitlines() if not line.startswith("#")]
    assert len(moves) == 4 and moves[0].startswith("play ")  # two of mine, two of the computer's
    replayed = runner.invoke(app, ["run", str(tmp_path / "rec.txt.start.json"), str(record), "-o", str(tmp_path / "r.json")])
    assert replayed.exit_code == 0 and (tmp_path / "r.json").read_bytes() == save.read_bytes()
    resumed = runner.invoke(app, ["play", "--resume", str(save), "--vs", "random"], input="1\n" * 400)
    assert resumed.exit_code == 0 and resumed.output.rstrip().endswith("(bout)")


def test_a_fightdrome_scenario_verifies_and_grades(tmp_path: Path) -> None:
    """A scenario folder whose start.json is a Fightdrome save: `rawdeal verify` replays it against its
    expected transcript, and `rawdeal grade` passes the right transcript and fails a wrong one."""
    folder = tmp_path / "bank" / "fightdrome-bout"
    folder.mkdir(parents=True)
    rules = ruleset("fightdrome")
    state, _ = rules.start(("Brawler/S1", "Wrestler/S5"), 21)
    (folder / "start.json").write_bytes(dumps(state))
    from rawdeal.games.randomplay import play_random

    played = play_random(rules, loads(dumps(state))[1], 21)
    (folder / "moves.txt").write_text("".join(f"{m}\n" for m in played[:12]))
    made = runner.invoke(app, ["run", str(folder / "start.json"), str(folder / "moves.txt")])
    (folder / "expected.txt").write_text(made.stdout)
    (folder / "scenario.toml").write_text('name = "fightdrome-bout"\n')
    verified = runner.invoke(app, ["verify", str(tmp_path / "bank")])
    assert verified.exit_code == 0 and "1/1 scenarios passed" in verified.output, verified.output
    student = tmp_path / "student"
    student.mkdir()
    (student / "fightdrome-bout.txt").write_text(made.stdout)
    assert runner.invoke(app, ["grade", str(tmp_path / "bank"), "--submission", str(student)]).exit_code == 0
    (student / "fightdrome-bout.txt").write_text(made.stdout.replace("attacks with", "hits with", 1))
    failed = runner.invoke(app, ["grade", str(tmp_path / "bank"), "--submission", str(student)])
    assert failed.exit_code == 1 and "hits with" in failed.output


def test_selfplay_in_processes_hands_them_a_window_of_games_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool queues every task it is given at once: `--games 10^9 --jobs 2` must not hold two million
    chunks. The stand-in pool plays in this process and records how many chunks each call was given."""
    import multiprocessing
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    from rawdeal.games import randomplay

    handed: list[int] = []

    class InProcess:
        def __init__(self, jobs: int) -> None:
            pass

        def __enter__(self) -> InProcess:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def imap(self, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
            given = list(tasks)
            handed.append(len(given))
            return map(fn, given)

    class Context:
        Pool = InProcess

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: Context)
    monkeypatch.setattr(randomplay, "WINDOW", 2)
    rules = ruleset("fightdrome")
    summary = randomplay.selfplay_jobs(rules, 40, 9, jobs=2)  # 20 chunks of 2 games, 4 chunks a window
    assert handed == [4] * 5
    alone = selfplay(rules, 40, 9)
    assert (summary.games, summary.moves, summary.ended, summary.wins) == (alone.games, alone.moves, alone.ended, alone.wins)
