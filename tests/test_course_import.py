"""Importing the course's test bank: every shared transcript becomes a scenario whose moves name cards
(never menu numbers) and whose checkpoints say what the transcript shows."""

from __future__ import annotations

from typing import Any

import dataclasses
import tomllib
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.course.bank import import_bank, transcript_files, write_scenario
from rawdeal.course.importer import ImportedTranscript, import_transcript
from rawdeal.course.transcript import classify, read_lines
from rawdeal.engine import events as ev
from rawdeal.engine.moves import parse_move
from rawdeal.errors import ImportTestError

from shared import COURSE, needs_shared

DATA = COURSE / "data"
TRANSCRIPTS = sorted(DATA.glob("*-Tests/*.txt")) if DATA.is_dir() else []
EVENT_FIELDS = {
    cls.kind: {f.name for f in dataclasses.fields(cls)}
    for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
}


@pytest.fixture(scope="module")
def bank() -> dict[str, ImportedTranscript]:
    """Every shared transcript, imported once (speed is measured by benchmarks/bench_bank.py)."""
    scenarios = {}
    for path in TRANSCRIPTS:
        scenario = import_transcript(path)
        scenarios[scenario.name] = scenario
    return scenarios


def moves_of(scenario: ImportedTranscript) -> list[str]:
    return [move for move, _ in scenario.moves]


def checks_of(scenario: ImportedTranscript, kind: str, event: str | None = None) -> list[dict[str, Any]]:
    return [c for c in scenario.checks if c["check"] == kind and (event is None or c.get("event") == event)]


# ------------------------------------------------------------------------------ the whole bank
@needs_shared
def test_every_category_of_the_bank_imports(bank: dict[str, ImportedTranscript]) -> None:
    categories = {name.rsplit("-", 1)[0][:2] for name in bank}
    assert categories == {"01", "02", "04", "05", "06", "07", "08", "09", "10", "11"}
    assert len(bank) == len(TRANSCRIPTS) >= 85
    assert sum(len(s.moves) for s in bank.values()) > 3000


@needs_shared
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_moves_are_inputs_minus_navigation(path: Path, bank: dict[str, ImportedTranscript]) -> None:
    """Each INPUT is a move, except deck picks, menu navigation, declined plays and re-read answers."""
    lines = path.read_text(encoding="utf-8").split("\n")
    expected, listed = 0, []
    for no, text in enumerate(lines):
        if not text.startswith("INPUT: "):
            if text[:1].isdigit() or text.startswith("-1- "):
                listed.append(text)
            elif not text.startswith(("(Ingresa", "----")):
                listed = []
            continue
        answer = text.removeprefix("INPUT: ").strip()
        number = answer.lstrip("-").isdigit() and int(answer)  # "07" picks item 7
        chosen = next((item.split("- ", 1)[1] for item in listed if int(item.split("- ", 1)[0]) == number), "")
        navigation = (
            chosen.startswith("data/") or chosen in ("Ver cartas", "Jugar carta") or chosen.startswith(("Mi ", "El "))
            or (number == -1 and any("[MANEUVER]" in i or "[ACTION]" in i for i in listed))
        )
        reread = no + 1 < len(lines) and lines[no + 1].startswith("INPUT: ")
        expected += not (navigation or reread)
        if not reread:
            listed = []
    scenario = bank[f"{path.parent.name.removesuffix('-Tests')}-{path.stem}"]
    assert len(scenario.moves) == expected


@needs_shared
def test_every_move_is_in_rawdeals_move_language(bank: dict[str, ImportedTranscript]) -> None:
    for scenario in bank.values():
        for move, no in scenario.moves:
            assert str(parse_move(move)) == move, f"{scenario.name} line {no}"


@needs_shared
def test_every_event_checkpoint_uses_the_engines_event_vocabulary(bank: dict[str, ImportedTranscript]) -> None:
    seen = set()
    for scenario in bank.values():
        for check in checks_of(scenario, "event"):
            fields = set(check) - {"check", "event", "step", "line"}
            assert fields <= EVENT_FIELDS[check["event"]], check
            seen.add(check["event"])
    assert seen >= {"turn", "ability", "draw", "play", "success", "reverse", "damage", "overturn", "discard",
                    "move", "search", "reveal", "choose", "win"}


@needs_shared
def test_checkpoint_steps_never_go_back_and_point_into_the_transcript(bank: dict[str, ImportedTranscript]) -> None:
    for scenario in bank.values():
        steps = [c["step"] for c in scenario.checks]
        assert steps == sorted(steps)
        assert steps[-1] <= len(scenario.moves)
        lines = [c["line"] for c in scenario.checks]
        assert lines == sorted(lines), scenario.name


@needs_shared
def test_each_game_ends_with_one_winner(bank: dict[str, ImportedTranscript]) -> None:
    hows = {}
    for name, scenario in bank.items():
        ends = checks_of(scenario, "event", "win") + checks_of(scenario, "invalid_deck")
        assert len(ends) == 1 and ends[0] is scenario.checks[-1], name
        hows[name] = ends[0].get("how")
    assert hows["04-NoEffects-1"] == "surrender"
    assert hows["04-NoEffects-3"] == "pin"  # 8 of 10 overturned, then the arsenal was empty
    assert hows["09-EffectsPart1-11"] == "collateral"
    assert hows["05-SuperstarAbilities-11"] == "count-out"  # emptied 10/10, the turn ended later
    assert list(hows.values()).count("surrender") == 15


# ------------------------------------------------------------------------------- particular facts
@needs_shared
def test_opening_of_04_noeffects_3(bank: dict[str, ImportedTranscript]) -> None:
    scenario = bank["04-NoEffects-3"]
    assert scenario.description == "Imported from data/04-NoEffects-Tests/3.txt"
    assert [d.name for d in scenario.decks] == ["01.txt", "03.txt"]
    assert moves_of(scenario)[:3] == [
        'play "Punch" as maneuver', 'play "Sit Out Powerbomb" as maneuver', 'play "Inverse Atomic Drop" as maneuver']
    status = [{k: c[k] for k in ("step", "player", "fortitude", "hand", "arsenal")}
              for c in checks_of(scenario, "status")][:4]
    assert status == [
        {"step": 0, "player": "HHH", "fortitude": 0, "hand": 11, "arsenal": 49},
        {"step": 0, "player": "HHH", "fortitude": 0, "hand": 10, "arsenal": 50},
        {"step": 1, "player": "HHH", "fortitude": 3, "hand": 10, "arsenal": 49},
        {"step": 1, "player": "HHH", "fortitude": 0, "hand": 10, "arsenal": 47},
    ]
    first = checks_of(scenario, "playable")[0]
    assert (first["step"], first["cards"]) == (0, [["Wrist Lock", "maneuver"], ["Punch", "maneuver"],
                                                  ["Hip Toss", "maneuver"]])
    overturns = [(c["card"], c["index"], c["total"]) for c in checks_of(scenario, "event", "overturn")][:3]
    assert overturns == [("Atomic Facebuster", 1, 3), ("Hip Toss", 2, 3), ("Hip Toss", 3, 3)]
    assert checks_of(scenario, "event", "damage")[0] | {"line": 0} == {
        "check": "event", "event": "damage", "player": "HHH", "amount": 3, "collateral": False, "step": 1, "line": 0}


@needs_shared
def test_zone_views_and_repeated_status_lines(bank: dict[str, ImportedTranscript]) -> None:
    scenario = bank["04-NoEffects-1"]
    zones = checks_of(scenario, "zone")
    assert [(z["zone"], len(z["cards"])) for z in zones] == [
        ("hand", 11), ("ring", 0), ("ringside", 0), ("ring", 0), ("ringside", 0)]
    assert zones[0]["cards"][:2] == ["Wrist Lock", "Punch"]
    assert len(checks_of(scenario, "status")) == 2  # the menu's five repeats add nothing
    assert moves_of(scenario) == ["surrender"]


@needs_shared
def test_declined_play_is_no_move_but_a_playable_check(bank: dict[str, ImportedTranscript]) -> None:
    lines = (DATA / "04-NoEffects-Tests" / "7.txt").read_text(encoding="utf-8").split("\n")
    assert lines[328] == "INPUT: -1" and "[MANEUVER] *Body Slam*" in lines[324]
    scenario = bank["04-NoEffects-7"]
    assert 329 not in {no for _, no in scenario.moves}
    listed = [c for c in checks_of(scenario, "playable") if c["line"] < 329][-1]
    assert listed["cards"][1:] == [["Body Slam", "maneuver"], ["Whaddya Got?", "action"]]
    assert listed["step"] == len([no for _, no in scenario.moves if no < 329])


@needs_shared
def test_out_of_range_answer_is_skipped(bank: dict[str, ImportedTranscript]) -> None:
    scenario = bank["10-EffectsPart2-7"]  # "INPUT: 3" for -1..2, read again as "INPUT: 2"
    by_line = dict((no, move) for move, no in scenario.moves)
    assert 159 not in by_line and by_line[160] == 'play "Punch" as maneuver'
    menu = bank["11-ComplexEffects-33"]  # "INPUT: -1" for a 1..5 menu, then "INPUT: 1"
    assert not {235, 236} & {no for _, no in menu.moves}


@needs_shared
def test_reversals_abilities_and_picks(bank: dict[str, ImportedTranscript]) -> None:
    rock = bank["05-SuperstarAbilities-5"]  # The Rock: Y, then a ringside card to the arsenal's bottom
    at = next(i for i, (_, no) in enumerate(rock.moves) if no == 203)
    assert moves_of(rock)[at:at + 2] == ["ability", 'take "Kick"']
    option = next(c for c in checks_of(rock, "options") if c["line"] > 203)
    assert option["player"] == "THE ROCK" and option["cards"][:2] == ["Kick", "Headlock Takedown"]
    moved = next(c for c in checks_of(rock, "event", "move") if c["line"] > 203)
    assert (moved["card"], moved["source"], moved["dest"]) == ("Kick", "ringside", "arsenal")

    taker = bank["05-SuperstarAbilities-11"]  # Undertaker: discard 2, take 1 from the ringside
    at = next(i for i, (_, no) in enumerate(taker.moves) if no == 636)
    assert moves_of(taker)[at:at + 4] == [
        "ability", 'discard "Don\'t Think Too Hard"', 'discard "Don\'t Think Too Hard"', 'take "Undertaker\'s Chokeslam"']

    kane = bank["07-NoEffectReversals-1"]  # a Step Aside revealed from the arsenal reverses a Punch
    reverse = next(c for c in checks_of(kane, "event", "reverse") if c["line"] == 110)
    assert reverse | {"step": 0} == {"check": "event", "event": "reverse", "player": "KANE", "card": "Step Aside",
                                      "source": "arsenal", "target": "Punch", "line": 110, "step": 0}
    offered = checks_of(bank["07-NoEffectReversals-1"], "reversals")
    assert offered and all(c["cards"] for c in offered)
    assert "pass" in moves_of(kane) and any(m.startswith("reverse ") for m in moves_of(kane))


@needs_shared
def test_choices_searches_and_reveals(bank: dict[str, ImportedTranscript]) -> None:
    socko = bank["11-ComplexEffects-25"]
    chose = next(c for c in checks_of(socko, "event", "choose"))
    assert (chose["player"], chose["option"], chose["line"]) == ("MANKIND", "Obtener carta desde el ringside.", 380)
    assert any(move.startswith("choose ") and no == 380 for move, no in socko.moves)
    rock = bank["11-ComplexEffects-5"]
    assert [(c["zone"], c["found"]) for c in checks_of(rock, "event", "search")][:2] == [
        ("ringside", False), ("arsenal", True)]
    reveal = checks_of(bank["11-ComplexEffects-39"], "event", "reveal")[0]
    assert (reveal["viewer"], reveal["owner"], reveal["zone"]) == ("THE ROCK", "KANE", "hand")
    assert reveal["cards"][:2] == ["Hellfire & Brimstone", "Escape Move"]


@needs_shared
@pytest.mark.parametrize(("test", "deck_a", "deck_b"), [
    ("1", "01", "02"), ("3", "04", None), ("5", "01", "06"), ("7", "01", "08"), ("9", "10", None), ("11", "12", None)])
def test_invalid_deck_verdicts_match_the_reference(bank: dict[str, ImportedTranscript], test: str, deck_a: str,
                                                  deck_b: str | None) -> None:
    """REFERENCE-BEHAVIOUR §8: which deck each visible 02 test rejects."""
    scenario = bank[f"02-InvalidDecks-{test}"]
    expected = [deck_a] + ([deck_b] if deck_b else [])
    assert [d.stem for d in scenario.decks] == expected
    verdict = checks_of(scenario, "invalid_deck")
    assert [(c["player"], c["deck"], c["step"]) for c in verdict] == [
        (len(expected), "deck-b.txt" if deck_b else "deck-a.txt", 0)]
    assert scenario.moves == ()


@needs_shared
def test_older_harness_transcripts_import(bank: dict[str, ImportedTranscript]) -> None:
    scenario = bank["01-ValidDecks-1"]  # an extra empty line before the first turn divider
    assert [(c["player"], c["hand"], c["arsenal"]) for c in checks_of(scenario, "status")] == [
        ("HHH", 11, 49), ("CHRIS JERICHO", 7, 53)]
    assert moves_of(scenario) == ["surrender"]
    assert checks_of(scenario, "event", "win")[0]["player"] == "CHRIS JERICHO"


# ---------------------------------------------------------------------------------- writing files
@needs_shared
def test_scenario_directory_is_complete_deterministic_and_replaced(tmp_path: Path, bank: dict[str, ImportedTranscript]) -> None:
    scenario = bank["04-NoEffects-3"]
    target = write_scenario(scenario, tmp_path)
    assert sorted(p.name for p in target.iterdir()) == [
        "checks.jsonl", "deck-a.txt", "deck-b.txt", "moves.txt", "scenario.toml", "start.json"]
    opening = orjson.loads((target / "start.json").read_bytes())
    assert opening["profile"] == "course" and len(opening["players"][0]["arsenal"]) + len(opening["players"][0]["hand"]) == 60
    meta = tomllib.loads((target / "scenario.toml").read_text(encoding="utf-8"))
    assert meta == {"name": "04-NoEffects-3", "description": "Imported from data/04-NoEffects-Tests/3.txt",
                    "profile": "course", "points": 1}
    assert (target / "deck-b.txt").read_bytes() == (DATA / "04-NoEffects" / "03.txt").read_bytes()
    assert (target / "moves.txt").read_text(encoding="utf-8").startswith('play "Punch" as maneuver  # line 43\n')
    first = (target / "checks.jsonl").read_bytes().split(b"\n")[0]
    assert first == orjson.dumps(orjson.loads(first), option=orjson.OPT_SORT_KEYS)
    before = {p.name: p.read_bytes() for p in target.iterdir()}
    (target / "stale.txt").write_text("old", encoding="utf-8")
    write_scenario(import_transcript(DATA / "04-NoEffects-Tests" / "3.txt"), tmp_path)
    assert {p.name: p.read_bytes() for p in target.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["04-NoEffects-3"]  # no staging left behind
    invalid = write_scenario(bank["02-InvalidDecks-3"], tmp_path)
    assert not (invalid / "deck-b.txt").exists() and (invalid / "moves.txt").read_text() == ""


@needs_shared
def test_cli_imports_folders_and_reports_a_bad_file(tmp_path: Path) -> None:
    """A corrupted line is an error naming file and line; the other files still import; exit 1."""
    folder = tmp_path / "data" / "04-NoEffects-Tests"
    folder.mkdir(parents=True)
    (tmp_path / "data" / "04-NoEffects").symlink_to(DATA / "04-NoEffects")
    good = (DATA / "04-NoEffects-Tests" / "1.txt").read_text(encoding="utf-8")
    (folder / "1.txt").write_text(good, encoding="utf-8")
    lines = (DATA / "04-NoEffects-Tests" / "3.txt").read_text(encoding="utf-8").split("\n")
    lines[48] = "HHH recibe tres de daño."
    (folder / "3.txt").write_text("\n".join(lines), encoding="utf-8")

    result = CliRunner().invoke(app, ["import-tests", str(folder), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "04-NoEffects-1: 1 moves, " in result.stdout and "imported 1 of 2" in result.stdout
    assert "data/04-NoEffects-Tests/3.txt:49: cannot interpret: HHH recibe tres de daño." in result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["04-NoEffects-1"]

    ok = CliRunner().invoke(app, ["import-tests", str(folder / "1.txt"), "-o", str(tmp_path / "out"),
                                  "--data-root", str(tmp_path)])
    assert ok.exit_code == 0 and "imported 1 of 1" in ok.stdout


@needs_shared
def test_an_answer_out_of_place_names_file_and_line(tmp_path: Path) -> None:
    lines = (DATA / "04-NoEffects-Tests" / "3.txt").read_text(encoding="utf-8").split("\n")
    lines[42] = "INPUT: 7"  # the playable list above has items 0..2 only, and nothing reads it again
    (tmp_path / "3.txt").write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(ImportTestError, match=r"3\.txt:43: cannot interpret: INPUT: 7 \(expected an answer in the"):
        import_transcript(tmp_path / "3.txt", data_root=COURSE)
    result = import_bank([tmp_path / "3.txt"], tmp_path / "out", data_root=COURSE)
    assert result.imported == () and len(result.errors) == 1


@needs_shared
def test_an_answer_the_reference_cannot_read_is_read_again(tmp_path: Path) -> None:
    """C#'s int.Parse rejects "0_1" (Python's int() would take it as 1): the console asks again."""
    lines = (DATA / "04-NoEffects-Tests" / "3.txt").read_text(encoding="utf-8").split("\n")
    assert lines[42] == "INPUT: 1"
    (tmp_path / "3.txt").write_text("\n".join([*lines[:42], "INPUT: 0_1", *lines[42:]]), encoding="utf-8")
    again = import_transcript(tmp_path / "3.txt", data_root=COURSE)
    original = import_transcript(DATA / "04-NoEffects-Tests" / "3.txt", data_root=COURSE)
    assert [move for move, _ in again.moves] == [move for move, _ in original.moves]
    (tmp_path / "3.txt").write_text("\n".join([*lines[:42], "INPUT: 0_1", *lines[43:]]), encoding="utf-8")
    with pytest.raises(ImportTestError, match=r"3\.txt:43: cannot interpret: INPUT: 0_1 \(expected an answer in the range"):
        import_transcript(tmp_path / "3.txt", data_root=COURSE)


# ------------------------------------------------------------------- line level (no shared files)
def test_lines_are_typed_by_their_template() -> None:
    title = "Take That Move, Shine It Up Real Nice, Turn That Sumb*tch Sideways, and Stick It Straight Up Your Roody Poo Candy A%$!"
    line = classify(f"[REVERSAL] *{title}*. Info: 4F/0D, Reversal, ReversalSpecial/TheRock/Unique.", 7, "x.txt")
    assert (line.kind, line["title"], line["tag"]) == ("tagged_card", title, "REVERSAL")
    item = classify("-1- nothing", 1, "x.txt")
    assert (item.kind, item["item"], item.int("index")) == ("item", "option", -1)
    status = classify("STONE COLD STEVE AUSTIN: 12F, tiene 3 cartas en la mano y 40 en el arsenal.", 2, "x")
    assert (status["player"], status.int("fortitude"), status.int("arsenal")) == ("STONE COLD STEVE AUSTIN", 12, 40)
    assert classify("-------------------------------- 2/10", 3, "x").parts == {"index": "2", "total": "10"}
    assert classify("KANE descarta su mano.", 4, "x").kind == "discard_hand"
    assert classify("KANE descarta Chop.", 4, "x")["title"] == "Chop"


def test_unknown_line_is_an_error_with_file_and_line() -> None:
    with pytest.raises(ImportTestError, match=r"^data/x\.txt:2: cannot interpret: Hola \(expected"):
        read_lines("Elige un mazo\nHola\n", "data/x.txt")


@pytest.mark.parametrize("number", ["9" * 5000, "\u0663"])
def test_a_number_no_console_prints_is_an_error_with_file_and_line(number: str) -> None:
    """Too long for int(), or a non-ASCII digit: the line fits no template (no ValueError escapes)."""
    with pytest.raises(ImportTestError, match=r"^data/x\.txt:2: cannot interpret: "):
        read_lines(f"Elige un mazo\n{number}- data/01-ValidDecks/01.txt\n", "data/x.txt")


@needs_shared
def test_a_truncated_transcript_is_an_error(tmp_path: Path) -> None:
    lines = (DATA / "04-NoEffects-Tests" / "3.txt").read_text(encoding="utf-8").split("\n")[:60]
    (tmp_path / "3.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ImportTestError, match=r"3\.txt:60: .*\(expected the end of the game"):
        import_transcript(tmp_path / "3.txt", data_root=COURSE)


def test_a_folders_transcripts_go_by_number_then_name(tmp_path: Path) -> None:
    for name in ("10.txt", "2.txt", "\u00b2.txt", "b.txt"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [p.name for p in transcript_files([tmp_path])] == ["2.txt", "10.txt", "b.txt", "\u00b2.txt"]
