"""`rawdeal view` of Fightdrome through the generic board (`rawdeal.games.board`): the board at every step is
the game's own save there, the page data decodes to those boards, Spanish too, the same bytes under any
hash seed, and `grade --html` / `diff --html` write divergence pages for Fightdrome scenarios."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.games.saves import loads
from rawdeal.viewer.game_record import GameReplay, record_game_save
from rawdeal.viewer.page import render_replay
from fdviewkit import RULES, fightdrome_game, filled, saves_at_every_step
from viewerkit import page_data

runner = CliRunner()


def _moves_of(save: dict[str, Any], lang: str = "en") -> list[str]:
    """The legal moves of a save loaded afresh (what `rawdeal moves` lists)."""
    _, state = loads(orjson.dumps(save), "save.json")
    state.resume()
    turn = state.turn()
    return [] if turn is None else [RULES.move_text(m, lang) for m in turn.moves]


@pytest.mark.parametrize("options", [("match",), ("torneo-epico",), ()])
def test_the_board_at_every_step_is_the_save_the_game_writes_there(tmp_path: Path, options: tuple[str, ...]) -> None:
    save, moves = fightdrome_game(tmp_path, options)
    replay = record_game_save(save, moves)
    saves = saves_at_every_step(save, moves)
    assert len(replay.steps) == len(saves) > 20
    for step, saved in zip(replay.steps, saves, strict=True):
        b = step.board
        assert (b.stage, b.current, step.winner) == (f"Round {saved['round']}", saved["to_move"], saved["winner"])
        assert b.table == ((("to answer", saved["previous"]),) if saved["previous"] else ())
        for side, player in zip(b.sides, saved["players"], strict=True):
            assert side.character == f"{player['sleeve']} + {player['stack']}"
            zones = {z.label: (list(z.cards), z.private) for z in side.zones}
            assert zones == {"Hand": (player["hand"], True), "Discard pile": (player["discard"], False),
                             "Face down": (player["face_down"], True)}
            values = dict(side.values)
            assert (values["in hand"], values["to draw"]) == (len(player["hand"]), len(player["draw"]))
            assert values["discarded"] == len(player["discard"]) + len(player["face_down"])
            assert values.get("Fame", 0) == player["fame"] and ("Fame" in values) == (options == ("match",))
            assert values.get("Sleeves left", 0) == len(player["reserve"])
        assert (step.decision.moves if step.decision else ()) == tuple(_moves_of(saved))
    assert replay.steps[-1].winner is not None and replay.steps[-1].board.result.endswith(")")


def test_each_step_holds_its_moves_lines_and_the_move_played_is_among_the_legal_ones(tmp_path: Path) -> None:
    save, moves = fightdrome_game(tmp_path)
    replay = record_game_save(save, moves)
    ran = runner.invoke(app, ["run", str(save), str(moves)])
    assert ran.exit_code == 0 and list(replay.lines) == ran.output.splitlines()  # the transcript `rawdeal run` prints
    written = moves.read_text(encoding="utf-8").splitlines()
    for k, (before, after) in enumerate(zip(replay.steps, replay.steps[1:]), start=1):
        assert after.move == written[k - 1] and before.decision is not None and after.move in before.decision.moves
        assert replay.lines[after.first] == f"> {replay.names[before.decision.player]}: {after.move}"
        assert replay.step_of(after.first) == k


def _decoded(replay: GameReplay, data: dict[str, Any]) -> None:
    """Filled forward, the page's steps are the recorded boards again."""
    cards, words = [c[0] for c in data["cards"]], data["words"]
    for step, whole in zip(replay.steps, filled(data), strict=True):
        b = step.board
        assert whole["l"] == step.first and (words[whole["g"]], whole["c"]) == (b.stage, b.current)
        for p, side in enumerate(b.sides):
            assert [words[c] for c in whole["ch"][p]] == [side.character, side.about]
            assert [(words[label], n) for label, n in whole["v"][p]] == list(side.values)
            assert [[cards[i] for i in whole[f"z{p}_{z}"]] for z in range(len(side.zones))] == [list(z.cards) for z in side.zones]
        assert [(words[label], cards[c]) for label, c in whole["tb"]] == list(b.table)
        if step.decision is None:
            assert whole["d"] is None and whole["w"] == [step.winner, words.index(b.result)]
        else:
            assert [words[m] for m in whole["d"][3]] == list(step.decision.moves) and whole["w"] is None
    assert data["zones"] == [[[z.label, z.private] for z in s.zones] for s in replay.steps[0].board.sides]


def test_the_page_data_decodes_to_the_same_boards(tmp_path: Path) -> None:
    replay = record_game_save(*fightdrome_game(tmp_path, ("torneo-epico",)))
    data = page_data(render_replay(replay))
    _decoded(replay, data)
    assert data["game"] == "fightdrome" and data["lines"] == list(replay.lines)
    kick = next(c for c in data["cards"] if c[0] == "Kick 60")
    assert kick[1] == "attack" and "strength 60" in kick[2] and kick[3].startswith("Attack. Answers a Kick or a Hold")


def test_view_in_spanish_writes_the_rulebooks_words(tmp_path: Path) -> None:
    save, moves = fightdrome_game(tmp_path)
    out = tmp_path / "juego.html"
    result = runner.invoke(app, ["view", str(save), str(moves), "--lang", "es", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = page_data(out.read_text(encoding="utf-8"))
    ran = runner.invoke(app, ["run", str(save), str(moves), "--lang", "es"])
    assert data["lines"] == ran.output.splitlines() and data["lang"] == "es" and data["names"] == ["Jugador 1", "Jugador 2"]
    steps, words = filled(data), data["words"]
    assert [z[0] for z in data["zones"][0]] == ["Mano", "Pila de descarte", "Boca abajo"]
    assert all(words[m].split()[0] in ("juega", "descarta", "descansa") for s in steps if s["d"] for m in s["d"][3])
    assert words[steps[0]["d"][2]] in ("ataca", "responde") and {c[0] for c in data["cards"]} & {"Patada 60", "Esquiva"}
    saves = saves_at_every_step(save, moves)
    assert all([words[m] for m in s["d"][3]] == _moves_of(saved, "es") for s, saved in zip(steps, saves) if s["d"])


def test_view_names_a_wrong_language_or_move_and_writes_nothing(tmp_path: Path) -> None:
    save, moves = fightdrome_game(tmp_path)
    out = tmp_path / "game.html"
    french = runner.invoke(app, ["view", str(save), str(moves), "--lang", "fr", "-o", str(out)])
    assert french.exit_code == 2 and "are in en, es" in french.output
    bad = tmp_path / "bad.txt"
    bad.write_text("rest\n", encoding="utf-8")  # nobody may rest before the fight starts
    illegal = runner.invoke(app, ["view", str(save), str(bad), "-o", str(out)])
    assert illegal.exit_code == 1 and f"{bad}:1:1" in illegal.output and "play" in illegal.output
    assert not out.exists()
    midgame = Path(__file__).resolve().parents[1] / "saves" / "midgame.json"
    assert runner.invoke(app, ["view", str(midgame), str(bad), "--lang", "es"]).exit_code == 2  # Raw Deal: en only
    course = runner.invoke(app, ["view", "--course", str(tmp_path), "data/08-Reversals-Tests/1.txt", "--lang", "es"])
    assert course.exit_code == 2 and "shown as the course wrote it" in course.output


def test_view_writes_the_same_bytes_under_any_hash_seed(tmp_path: Path) -> None:
    save, moves = fightdrome_game(tmp_path)
    pages = []
    for seed in ("1", "2"):
        out = tmp_path / f"game-{seed}.html"
        subprocess.run([sys.executable, "-m", "rawdeal", "view", str(save), str(moves), "--lang", "es", "-o", str(out)],
                       check=True, env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, cwd=tmp_path)
        pages.append(out.read_bytes())
    assert pages[0] == pages[1] and str(tmp_path) not in pages[0].decode()
    for outside in ("http://", "https://", "src=", "href=", "@import", "url(", "@font-face"):
        assert outside not in pages[0].decode()


def _scenario(tmp_path: Path) -> tuple[Path, list[str]]:
    """A Fightdrome scenario folder (start.json, moves.txt, expected.txt) in a suite of its own."""
    folder = tmp_path / "suite" / "fd-match"
    folder.mkdir(parents=True)
    save, moves = fightdrome_game(folder)
    save.rename(folder / "start.json")
    expected = runner.invoke(app, ["run", str(folder / "start.json"), str(moves)]).output
    (folder / "expected.txt").write_text(expected, encoding="utf-8")
    return folder, expected.splitlines()


def test_grade_html_writes_a_divergence_page_for_a_fightdrome_scenario(tmp_path: Path) -> None:
    folder, lines = _scenario(tmp_path)
    viewed = runner.invoke(app, ["view", str(folder), "-o", str(tmp_path / "scenario.html")])
    assert viewed.exit_code == 0, viewed.output
    scenario_page = page_data((tmp_path / "scenario.html").read_text(encoding="utf-8"))
    assert scenario_page["title"] == "fd-match" and scenario_page["lines"] == lines  # the reference `grade` uses
    at = next(i for i, x in enumerate(lines) if i > 40 and " draws a card" in x)
    wrong = list(lines)
    wrong[at] = wrong[at].replace("draws a card", "draws 2 cards")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "fd-match.txt").write_text("\n".join(wrong) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["grade", str(folder.parent), "--submission", str(sub), "--html", str(tmp_path / "pages")])
    assert result.exit_code == 1, result.output
    data = page_data((tmp_path / "pages" / "fd-match.html").read_text(encoding="utf-8"))
    assert data["game"] == "fightdrome" and data["diff"]["at"] == at and data["diff"]["got"][at] == wrong[at]
    # the board there is the game's after the move that printed the line
    steps = filled(data)
    shown = max(k for k, s in enumerate(steps) if s["l"] <= at)
    saved = saves_at_every_step(folder / "start.json", folder / "moves.txt")[shown]
    cards = [c[0] for c in data["cards"]]
    assert [[cards[i] for i in steps[shown][f"z{p}_0"]] for p in (0, 1)] == [p["hand"] for p in saved["players"]]


def test_diff_html_with_a_fightdrome_save_and_moves_shows_its_board(tmp_path: Path) -> None:
    folder, lines = _scenario(tmp_path)
    mine = tmp_path / "mine.txt"
    mine.write_text("\n".join(lines[:-1] + ["Player 1 wins the game (bout)"]) + "\n", encoding="utf-8")
    out = tmp_path / "diff.html"
    result = runner.invoke(app, ["diff", str(folder / "expected.txt"), str(mine), "--html", str(out),
                                 "--save", str(folder / "start.json"), "--moves", str(folder / "moves.txt")])
    assert result.exit_code == 1 and out.is_file(), result.output
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["game"] == "fightdrome" and data["diff"]["at"] == len(lines) - 1
    assert filled(data)[-1]["w"] is not None  # the last step: the game is over
    scenario = runner.invoke(app, ["diff", str(folder / "expected.txt"), str(mine), "--html", str(out),
                                   "--scenario", str(folder)])
    assert scenario.exit_code == 1 and page_data(out.read_text(encoding="utf-8"))["steps"] == data["steps"]
