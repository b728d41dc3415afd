"""`rawdeal course export`: fresh test banks in the course's layout that rawdeal itself reproduces and verifies."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cards import load_db
from rawdeal.cli import app
from rawdeal.course.console import answers_of, run_session
from rawdeal.course.export import export_bank
from rawdeal.decks import check_deck, read_deck

runner = CliRunner()


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bank")
    result = runner.invoke(app, ["course", "export", "-o", str(root), "--category", "12-Random", "--games", "30",
                                 "--seed", "11"])
    assert result.exit_code == 0, result.output
    assert "wrote 30 tests" in result.output and "cards played:" in result.output
    return root


def test_the_bank_has_the_courses_layout_and_file_conventions(bank: Path) -> None:
    decks = sorted((bank / "data" / "12-Random").glob("*.txt"))
    tests = sorted((bank / "data" / "12-Random-Tests").glob("*.txt"))
    assert len(tests) == 30 and len(decks) >= 8
    for deck in decks:
        data = deck.read_bytes()
        assert data.startswith("\ufeff".encode()) and not data.endswith(b"\n")
    text = tests[0].read_bytes()
    assert not text.startswith("\ufeff".encode()) and text.endswith(b"\n") and b"\r" not in text


def test_invalid_decks_break_exactly_one_rule(bank: Path) -> None:
    db = load_db()
    broken = [check_deck(read_deck(d), db) for d in sorted((bank / "data" / "12-Random").glob("*.txt"))]
    broken = [problems for problems in broken if problems]
    assert broken and all(len({p.rule for p in problems}) == 1 for problems in broken)


def test_every_exported_transcript_is_reproduced_by_course_play(bank: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(bank)
    for transcript in sorted((bank / "data" / "12-Random-Tests").glob("*.txt")):
        expected = transcript.read_text(encoding="utf-8")
        assert run_session("data/12-Random", answers_of(expected), echo=True) == expected, transcript.name


def test_every_exported_transcript_imports_and_verifies(bank: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["import-tests", str(bank / "data" / "12-Random-Tests"), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["verify", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "30/30 scenarios passed" in result.output


def test_the_same_seed_writes_the_same_bytes(bank: Path, tmp_path: Path) -> None:
    export_bank(tmp_path, "12-Random", 30, 11)
    for path in sorted((bank / "data").rglob("*.txt")):
        assert (tmp_path / path.relative_to(bank)).read_bytes() == path.read_bytes()


def test_people_type_out_of_range_answers_and_some_tests_stop_at_an_invalid_deck(bank: Path) -> None:
    texts = [t.read_text(encoding="utf-8") for t in (bank / "data" / "12-Random-Tests").glob("*.txt")]
    assert any("El mazo ingresado es inválido." in t for t in texts)
    lines = "\n".join(texts).split("\n")
    assert any(a.startswith("INPUT: ") and b.startswith("INPUT: ") for a, b in zip(lines, lines[1:]))


def test_two_hundred_games_play_at_least_125_of_the_137_cards(tmp_path: Path) -> None:
    summary = export_bank(tmp_path, "12-Random", 200, 2026)
    assert len(summary.played) >= 125


def test_a_bad_category_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["course", "export", "-o", str(tmp_path), "--category", "../x", "--games", "1"])
    assert result.exit_code == 2 and "--category" in result.output
    assert not os.listdir(tmp_path)  # nothing written
