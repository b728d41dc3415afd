"""The viewer's data: the board at every step is the engine's, the page is self-contained and the same
bytes every time, and `rawdeal view`, `grade --html` and `diff --html` write the pages they promise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.viewer.page import render_replay
from rawdeal.viewer.record import record_course, record_save, record_scenario
from shared import COURSE, needs_shared
from viewerkit import MOVES, ROOT, SAVE, filled, fortitude, page_data, saves_at_every_step

runner = CliRunner()


def test_the_board_at_every_step_is_the_save_the_engine_writes_there() -> None:
    replay = record_save(SAVE, MOVES)
    saves = saves_at_every_step()
    assert len(replay.steps) == len(saves) == 24
    for step, save in zip(replay.steps, saves):
        b = step.board
        assert (b.turn, b.current) == (save["turn"], save["to_move"])
        for p, (side, player) in enumerate(zip(b.sides, save["players"])):
            assert side.superstar == player["superstar"]
            assert (list(side.hand), list(side.ring), list(side.ringside)) == (player["hand"], player["ring"], player["ringside"])
            assert side.arsenal == len(player["arsenal"])
            assert side.fortitude == fortitude(save, p)


def test_the_page_data_decodes_to_the_same_boards() -> None:
    """Only what changed is stored per step; filled forward, each step is the recorded board again."""
    replay = record_save(SAVE, MOVES)
    data = page_data(render_replay(replay))
    cards, words = [c[0] for c in data["cards"]], data["words"]
    for step, whole in zip(replay.steps, filled(data), strict=True):
        b = step.board
        assert whole["l"] == step.first and (whole["t"], whole["c"]) == (b.turn, b.current)
        assert whole["f"] == [s.fortitude for s in b.sides] and whole["a"] == [s.arsenal for s in b.sides]
        for p, side in enumerate(b.sides):
            assert [cards[i] for i in whole[f"h{p}"]] == list(side.hand)
            assert [cards[i] for i in whole[f"r{p}"]] == list(side.ring)
            assert [cards[i] for i in whole[f"s{p}"]] == list(side.ringside)
        if b.asked is None:  # the game is over
            assert whole["d"] is None and whole["w"] == [b.winner, words.index(b.how)]
        else:
            assert [words[m] for m in whole["d"][3]] == list(b.asked.moves) and words[whole["d"][2]] == b.asked.prompt
        assert [words[m] for m in whole["m"]] == list(b.modifiers)
    assert data["lines"] == list(replay.lines)


def test_each_move_is_marked_among_the_legal_moves_it_was_chosen_from() -> None:
    """A move file may name an option by its label; the page shows it as the legal move offered."""
    replay = record_save(SAVE, MOVES)
    played = [(before.board.asked, after.move) for before, after in zip(replay.steps, replay.steps[1:])]
    assert all(asked is not None and move in asked.moves for asked, move in played)
    assert "choose 2" in [m for _, m in played]  # written `choose "opponent discards 2 cards"`


def test_the_page_is_self_contained() -> None:
    html = render_replay(record_scenario(ROOT / "scenarios" / "worked-example"))
    for outside in ("http://", "https://", "src=", "href=", "@import", "url(", "@font-face"):
        assert outside not in html
    assert html.count("</script>") == 2  # the data never closes its script early


def test_card_text_and_its_compiled_meaning_travel_with_the_page() -> None:
    data = page_data(render_replay(record_save(SAVE, MOVES)))
    chop = next(c for c in data["cards"] if c[0] == "Chop")
    assert chop[1:6] == ["action/maneuver", "strike", 0, "2", 0]
    assert chop[6].startswith("As an action, you may discard this card")
    assert chop[7] and chop[7] != chop[6]  # the compiled meaning, in canonical English
    assert [s[0] for s in data["stars"]] == ["THE ROCK", "HHH"]


def test_rawdeal_view_writes_the_same_bytes_under_any_hash_seed(tmp_path: Path) -> None:
    pages = []
    for seed in ("1", "2"):
        out = tmp_path / f"game-{seed}.html"
        subprocess.run([sys.executable, "-m", "rawdeal", "view", str(SAVE), str(MOVES), "-o", str(out)], check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, cwd=tmp_path)
        pages.append(out.read_bytes())
    assert pages[0] == pages[1]
    assert str(tmp_path) not in pages[0].decode() and str(ROOT) not in pages[0].decode()


def test_view_a_scenario_folder(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["view", str(ROOT / "scenarios" / "pin"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["title"] == "pin"
    assert "w" in filled(data)[-1] and filled(data)[-1]["w"] is not None  # the game ends in a pin
    assert data["lines"] == (ROOT / "scenarios" / "pin" / "expected.txt").read_text(encoding="utf-8").splitlines()


def test_view_says_what_is_missing_or_wrong(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    alone = runner.invoke(app, ["view", str(SAVE), "-o", str(out)])
    assert alone.exit_code == 2 and "give the move file" in alone.output
    bad = tmp_path / "moves.txt"
    bad.write_text('pass\nplay "Nothing Like It" as maneuver\n', encoding="utf-8")
    illegal = runner.invoke(app, ["view", str(SAVE), str(bad), "-o", str(out)])
    assert illegal.exit_code == 1 and f"{bad}:2:1" in illegal.output
    assert not out.exists()  # nothing half-written


@needs_shared
def test_a_course_transcript_replays_line_for_line_and_each_status_line_is_its_board() -> None:
    """The console's session is the transcript as the course wrote it; at each status line the board
    shown is the one the line describes (Fortitude, hand, Arsenal)."""
    import re

    transcript = COURSE / "data" / "08-Reversals-Tests" / "1.txt"
    text = transcript.read_text(encoding="utf-8-sig")
    replay = record_course(COURSE, transcript, text)
    assert list(replay.lines) == text.rstrip("\n").split("\n")
    status = re.compile(r"(.+): (\d+)F, tiene (\d+) cartas en la mano y (\d+) en el arsenal\.")
    seen = 0
    for i, line in enumerate(replay.lines):
        m = status.fullmatch(line)
        if m:
            side = next(s for s in replay.steps[replay.step_of(i)].board.sides if s.superstar == m[1])
            assert (side.fortitude, len(side.hand), side.arsenal) == (int(m[2]), int(m[3]), int(m[4])), (i, line)
            seen += 1
    assert seen > 10


def _failing_submission(tmp_path: Path) -> Path:
    """A transcript of the worked example with one line wrong (line 30), and right ones for the rest."""
    sub = tmp_path / "sub"
    sub.mkdir()
    for sc in ("pin", "count-out", "surrender"):
        (sub / f"{sc}.txt").write_bytes((ROOT / "scenarios" / sc / "expected.txt").read_bytes())
    lines = (ROOT / "scenarios" / "worked-example" / "expected.txt").read_text(encoding="utf-8").split("\n")
    lines[29] = lines[29].replace("THE ROCK", "THE R0CK")
    (sub / "worked-example.txt").write_text("\n".join(lines), encoding="utf-8")
    return sub


def test_grade_html_writes_a_page_per_failing_scenario_and_the_reports_name_it(tmp_path: Path) -> None:
    sub, pages, junit, gs = _failing_submission(tmp_path), tmp_path / "pages", tmp_path / "j.xml", tmp_path / "gs.json"
    result = runner.invoke(app, ["grade", str(ROOT / "scenarios"), "--submission", str(sub), "--html", str(pages),
                                 "--junit", str(junit), "--gradescope", str(gs)])
    assert result.exit_code == 1, result.output
    page = pages / "worked-example.html"
    assert sorted(p.name for p in pages.iterdir()) == ["worked-example.html"]  # passing tests get none
    diff = page_data(page.read_text(encoding="utf-8"))["diff"]
    assert diff["at"] == 29 and diff["got"][29] == diff["expected"][29].replace("THE ROCK", "THE R0CK")
    assert f"[[ATTACHMENT|{page}]]" in junit.read_text(encoding="utf-8")
    test = next(t for t in orjson.loads(gs.read_bytes())["tests"] if t["name"] == "worked-example")
    assert test["output"].endswith(f"divergence page: {page}")


def test_grade_html_for_a_class_writes_a_folder_per_student(tmp_path: Path) -> None:
    (tmp_path / "class").mkdir()
    _failing_submission(tmp_path).rename(tmp_path / "class" / "bob")
    result = runner.invoke(app, ["grade", str(ROOT / "scenarios"), "--class", str(tmp_path / "class"),
                                 "--html", str(tmp_path / "pages")])
    assert result.exit_code == 1, result.output
    assert [p.relative_to(tmp_path / "pages").as_posix() for p in (tmp_path / "pages").rglob("*.html")] == [
        "bob/worked-example.html"]


def test_diff_html_shows_the_board_of_the_scenario_given(tmp_path: Path) -> None:
    sub = _failing_submission(tmp_path)
    out = tmp_path / "diff.html"
    expected = ROOT / "scenarios" / "worked-example" / "expected.txt"
    result = runner.invoke(app, ["diff", str(expected), str(sub / "worked-example.txt"), "--html", str(out),
                                 "--scenario", str(ROOT / "scenarios" / "worked-example")])
    assert result.exit_code == 1 and "first divergence at event 30" in result.output
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["diff"]["at"] == 29 and len(data["steps"]) == 12
    bare = runner.invoke(app, ["diff", str(expected), str(sub / "worked-example.txt"), "--html", str(out)])
    assert bare.exit_code == 1 and page_data(out.read_text(encoding="utf-8"))["steps"] == []


@needs_shared
def test_grade_course_html_opens_on_the_board_where_the_program_went_wrong(tmp_path: Path) -> None:
    sub = tmp_path / "sub" / "08-Reversals"
    sub.mkdir(parents=True)
    lines = [x for x in (COURSE / "data" / "08-Reversals-Tests" / "1.txt").read_text(encoding="utf-8-sig").split("\n")
             if not x.startswith("INPUT:")]
    lines[119] = "X" + lines[119][1:]
    (sub / "1.txt").write_text("\n".join(lines), encoding="utf-8")
    pages = tmp_path / "pages"
    result = runner.invoke(app, ["grade", "--course", str(COURSE), "--only", "08-Reversals/1", "--submission",
                                 str(tmp_path / "sub"), "--html", str(pages)])
    assert result.exit_code == 1, result.output
    data = page_data((pages / "08-Reversals" / "1.html").read_text(encoding="utf-8"))
    diff, steps = data["diff"], filled(data)
    assert diff["at"] == 119 and diff["expected"][119] != diff["got"][119] == lines[119]
    official = (COURSE / "data" / "08-Reversals-Tests" / "1.txt").read_text(encoding="utf-8-sig").split("\n")
    assert official[diff["numbers"][119] - 1] == diff["expected"][119]  # numbered as in the official file
    # the page opens on the board the wrong menu was shown on: the status lines above it describe it
    shown = max(k for k, step in enumerate(steps) if step["l"] <= 119)
    assert diff["expected"][113] == "THE UNDERTAKER: 7F, tiene 5 cartas en la mano y 53 en el arsenal."
    undertaker = data["names"].index("THE UNDERTAKER")
    step = steps[shown]
    assert (step["f"][undertaker], len(step[f"h{undertaker}"]), step["a"][undertaker]) == (7, 5, 53)


def test_a_students_output_stays_text_on_the_page() -> None:
    """Whatever a program prints (markup, a closing script tag, control characters) is data on the
    page, never markup: it cannot end the page's script or run one of its own."""
    from rawdeal.viewer.page import render_divergence

    hostile = ("</script><script>alert(1)</script>", "<img src=x onerror=alert(2)>", "bell \x07 and \u2028 too")
    html = render_divergence(None, ("a", "b", "c"), hostile, 0, ("reference", "<b>mallory</b>"), "<i>t</i>")
    assert html.count("</script>") == 2 and "<img" not in html and "<b>mallory" not in html
    assert page_data(html)["diff"]["got"] == list(hostile)


@needs_shared
def test_diff_course_reads_the_answers_of_a_course_transcript_and_shows_its_board(tmp_path: Path) -> None:
    transcript = COURSE / "data" / "08-Reversals-Tests" / "1.txt"
    lines = [x for x in transcript.read_text(encoding="utf-8-sig").split("\n") if not x.startswith("INPUT:")]
    lines[119] = "X" + lines[119][1:]
    mine, out = tmp_path / "mine.txt", tmp_path / "diff.html"
    mine.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["diff", str(transcript), str(mine), "--course", str(COURSE), "--html", str(out)])
    assert result.exit_code == 1 and "first divergence at event 120" in result.output  # INPUT: lines are not output
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["diff"]["at"] == 119 and len(data["steps"]) == 12


@needs_shared
def test_a_transcript_with_its_input_lines_gets_a_page_with_them(tmp_path: Path) -> None:
    """Transcripts that both hold the answers typed are compared with them: the reference game is
    replayed echoing its answers, so its steps still fall on the right lines."""
    official = (COURSE / "data" / "08-Reversals-Tests" / "1.txt").read_text(encoding="utf-8-sig").split("\n")
    at = next(i for i, x in enumerate(official) if x.startswith("THE UNDERTAKER: 7F, tiene 5 cartas"))
    lines = list(official)
    lines[at] = lines[at].replace("7F", "8F")
    sub = tmp_path / "sub" / "08-Reversals"
    sub.mkdir(parents=True)
    (sub / "1.txt").write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["grade", "--course", str(COURSE), "--only", "08-Reversals/1", "--submission",
                                 str(tmp_path / "sub"), "--html", str(tmp_path / "pages")])
    assert result.exit_code == 1, result.output
    data = page_data((tmp_path / "pages" / "08-Reversals" / "1.html").read_text(encoding="utf-8"))
    diff, steps = data["diff"], filled(data)
    assert diff["at"] == at and any(x.startswith("INPUT:") for x in diff["expected"])
    step = steps[max(k for k, s in enumerate(steps) if s["l"] <= at)]
    undertaker = data["names"].index("THE UNDERTAKER")
    assert (step["f"][undertaker], len(step[f"h{undertaker}"]), step["a"][undertaker]) == (7, 5, 53)


@needs_shared
@pytest.mark.parametrize("only", ["08-Reversals/1", "01-ValidDecks/1"])
def test_a_course_tests_reference_game_prints_the_very_lines_it_is_compared_with(only: str) -> None:
    """Its steps index those lines, so they must be the same lines: with the answers typed or without
    (as the two transcripts compared held them), and from the course's older harness (01-ValidDecks)."""
    from rawdeal.grading.protocol import load_bank
    from rawdeal.viewer.divergence import course_games

    bank = load_bank(COURSE, only)
    (test,) = bank.tests
    game = course_games(COURSE, bank.tests)
    for lines in (test.transcript.full, test.transcript.bare):
        replay = game(test.name, lines)
        assert tuple(replay.lines[:len(lines)]) == lines and all(not x for x in replay.lines[len(lines):])
