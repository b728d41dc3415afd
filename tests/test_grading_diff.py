"""Transcripts compare event for event; `rawdeal diff` shows the first divergence and exits 0/1/2."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.io.diff import compare, events, render_divergence

runner = CliRunner()


def test_line_endings_trailing_spaces_and_trailing_blank_lines_do_not_count() -> None:
    assert events("a  \r\nb\t\n\n\n") == events("a\nb") == ("a", "b")


def test_leading_spaces_and_inner_blank_lines_do_count() -> None:
    assert compare(events("a\n\nb"), events("a\nb")).at == 1
    assert compare(events(" a"), events("a")).at == 0


def test_a_shorter_or_longer_transcript_diverges_where_it_ends() -> None:
    assert compare(("a", "b", "c"), ("a", "b")).at == 2
    assert compare(("a",), ("a", "extra")).at == 1
    assert compare(("a", "b"), ("a", "b")).equal


def test_the_diff_shows_context_and_real_line_numbers() -> None:
    expected = tuple(f"event {i}" for i in range(1, 21))
    actual = expected[:11] + ("wrong",) + expected[12:]
    text = render_divergence(compare(expected, actual), context=2)
    assert text.splitlines() == [
        "first divergence at event 12 (line 12):",
        "--- expected", "+++ actual",
        "@@ -10,5 +10,5 @@",
        " event 10", " event 11", "-event 12", "+wrong", " event 13", " event 14",
    ]


def test_diff_command_exit_codes(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_text("one\ntwo\nthree\n")
    b.write_text("one\r\ntwo \r\nthree")
    c.write_text("one\nTWO\nthree\n")
    same = runner.invoke(app, ["diff", str(a), str(b)])
    assert (same.exit_code, same.stdout) == (0, "identical: 3 events\n")
    different = runner.invoke(app, ["diff", str(a), str(c), "--context", "1"])
    assert different.exit_code == 1
    assert different.stdout.splitlines()[0] == "first divergence at event 2 (line 2):"
    assert "-two" in different.stdout and "+TWO" in different.stdout


def test_diff_command_rejects_missing_and_non_utf8_files(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("one\n")
    bad.write_bytes(b"\xff\xfe garbage")
    missing = runner.invoke(app, ["diff", str(good), str(tmp_path / "nope.txt")])
    assert missing.exit_code == 2 and "nope.txt: no such file" in missing.stderr
    not_utf8 = runner.invoke(app, ["diff", str(good), str(bad)])
    assert not_utf8.exit_code == 1 and "bad.txt:1:1: not UTF-8" in not_utf8.stderr
