"""One vocabulary of options across the command line, checked through the real `rawdeal` program.

`-o/--output` is the main output, `--profile course|standard` the rules (`--unshuffled` its alias)
with one default, `--format` what goes to standard output, every choice listed by --help; exit codes
as the README says; a closed pipe or standard stream ends in one line, never a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import orjson
import pytest

from typer.testing import CliRunner

from rawdeal.cli import COMMANDS, app, load_command

ROOT = Path(__file__).resolve().parent.parent
RAWDEAL = str(Path(sys.executable).parent / "rawdeal")
DECKS = ROOT / "decks"


def rawdeal(*args: str, cwd: Path = ROOT, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([RAWDEAL, *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=120, **kw)  # type: ignore[call-overload, no-any-return]


def every_command() -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name in COMMANDS:
        command = load_command(name)
        assert command is not None
        if isinstance(command, click.Group):
            found |= {f"{name} {sub}": c for sub, c in command.commands.items()}
        else:
            found[name] = command
    return found


def options_of(command: click.Command) -> dict[str, click.Option]:
    return {flag: p for p in command.params if isinstance(p, click.Option) for flag in p.opts}


def test_the_rules_are_chosen_one_way_with_one_default_everywhere() -> None:
    with_rules = {name: options_of(c) for name, c in every_command().items() if "--profile" in options_of(c)}
    assert set(with_rules) == {"new", "play", "selfplay", "tournament"}
    for name, opts in with_rules.items():
        profile = opts["--profile"]
        assert isinstance(profile.type, click.Choice) and list(profile.type.choices) == ["standard", "course"], name
        assert profile.show_default == "standard" and "--unshuffled" in opts, name


def test_every_main_output_is_dash_o_output_and_the_old_out_still_works(tmp_path: Path) -> None:
    for name, command in every_command().items():
        opts = options_of(command)
        if "-o" in opts or "--out" in opts or "--output" in opts:
            assert opts["-o"] is opts["--output"], name
            if "--out" in opts:  # the old spelling is read, not shown
                assert opts["--out"].hidden and "--out " not in rawdeal(*name.split(), "--help").stdout, name
    bank = ["course", "export", "--category", "12-Random", "--games", "1"]
    assert rawdeal(*bank, "--out", str(tmp_path / "old")).returncode == 0
    assert rawdeal(*bank, "-o", str(tmp_path / "new")).returncode == 0
    assert sorted((tmp_path / "old").rglob("*.txt")) != [] and rawdeal(*bank).returncode == 2


def test_every_choice_is_listed_by_help() -> None:
    for name, command in every_command().items():
        for flag in ("--format", "--pool", "--profile"):
            option = options_of(command).get(flag)
            if option is not None:
                assert isinstance(option.type, click.Choice), (name, flag)
                shown = CliRunner().invoke(app, [*name.split(), "--help"], terminal_width=200).stdout
                assert "|".join(map(str, option.type.choices)) in shown, (name, flag)


def test_unshuffled_is_profile_course_and_contradicting_it_is_a_usage_error(tmp_path: Path) -> None:
    a, b = str(DECKS / "kane.txt"), str(DECKS / "hhh.txt")
    one = rawdeal("new", a, b, "--unshuffled", "-o", str(tmp_path / "1.json"))
    two = rawdeal("new", a, b, "--profile", "course", "-o", str(tmp_path / "2.json"))
    assert one.returncode == two.returncode == 0
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()
    assert orjson.loads((tmp_path / "1.json").read_bytes())["profile"] == "course"
    clash = rawdeal("new", a, b, "--unshuffled", "--profile", "standard")
    assert clash.returncode == 2 and "contradicts --profile standard" in clash.stderr


def test_machine_output_is_format_json_on_stdout_or_json_file_beside(tmp_path: Path) -> None:
    args = ["tournament", str(DECKS / "kane.txt"), str(DECKS / "hhh.txt"), "--players", "random", "--games", "2"]
    printed = rawdeal(*args, "--format", "json")
    beside = rawdeal(*args, "--json", str(tmp_path / "r.json"))
    assert printed.returncode == beside.returncode == 0
    assert orjson.loads(printed.stdout) == orjson.loads((tmp_path / "r.json").read_bytes())
    assert "win rate" in beside.stdout.lower() or "kane/random" in beside.stdout


def test_a_missing_path_is_exit_2_everywhere(tmp_path: Path) -> None:
    missing = str(tmp_path / "nothing")
    for args in (["verify", missing], ["check", missing], ["moves", missing], ["run", missing, "-"],
                 ["diff", missing, missing], ["import-tests", missing, "-o", str(tmp_path / "out")],
                 ["new", missing, missing], ["grade", missing, "--submission", str(tmp_path)]):
        done = rawdeal(*args)
        assert done.returncode == 2 and done.stderr.startswith("rawdeal: ") and "Traceback" not in done.stderr, args


def test_a_reader_that_stops_early_ends_the_program_quietly() -> None:
    done = subprocess.run(f"{RAWDEAL} cards --pool classic | head -1", shell=True, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.stdout.count("\n") == 1 and done.stderr == ""


def test_closed_standard_streams_are_said_in_one_line() -> None:
    out = subprocess.run(f"{RAWDEAL} cards >&-", shell=True, capture_output=True, text=True, check=False)
    assert (out.returncode, out.stderr.count("\n")) == (2, 1) and "standard output is closed" in out.stderr
    save = ROOT / "saves" / "midgame.json"
    stdin = subprocess.run(f"{RAWDEAL} run {save} - <&-", shell=True, capture_output=True, text=True, check=False)
    assert (stdin.returncode, stdin.stderr) == (2, "rawdeal: standard input is closed; give a file, or pipe the input in\n")


@pytest.mark.parametrize("args", [
    ["new", "A", "B", "--seed", "18446744073709551616"],
    ["new", "A", "B", "--seed", "-1"],
    ["selfplay", "--games", "1e30"],
    ["selfplay", "--games", "1000000000000000000000000000000"],
    ["selfplay", "--jobs", "100000"],
    ["tournament", "A", "--max-moves", "0"],
    ["course", "export", "-o", "x", "--category", "c", "--games", "0"],
])
def test_numbers_are_checked_at_the_door_with_their_range(args: list[str]) -> None:
    done = rawdeal(*args)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "range" in done.stderr or "is not a valid integer" in done.stderr, done.stderr


def test_check_reports_every_deck_and_an_unreadable_one_as_an_error_line(tmp_path: Path) -> None:
    (tmp_path / "latin1.txt").write_bytes("KANE (Superstar Card)\nPi\xf1ata\n".encode("latin-1"))
    done = rawdeal("check", str(DECKS / "kane.txt"), str(tmp_path / "nope.txt"), str(tmp_path / "latin1.txt"),
                   str(DECKS / "hhh.txt"))
    assert done.stdout.splitlines() == [f"{DECKS}/kane.txt: ok — KANE, 60 cards", f"{DECKS}/hhh.txt: ok — HHH, 60 cards"]
    assert done.stderr.splitlines() == [f"rawdeal: {tmp_path}/nope.txt: no such file or folder",
                                        f"rawdeal: {tmp_path}/latin1.txt:2:3: not UTF-8 text (byte 0xf1); save the file as UTF-8"]
    assert done.returncode == 2  # the worst of them: a path that cannot be read
    as_json = orjson.loads(rawdeal("check", str(DECKS / "kane.txt"), str(tmp_path / "nope.txt"), "--format", "json").stdout)
    assert [d["valid"] for d in as_json["decks"]] == [True, False] and "no such file" in as_json["decks"][1]["unreadable"]
