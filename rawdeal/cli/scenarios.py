"""`rawdeal import-tests` and `rawdeal verify`: the course's bank as scenarios, and replaying them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import commands_app, errors, progress
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command("import-tests")
def import_tests(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATH...", help="Course transcripts (data/<NN-Category>-Tests/<n>.txt), or folders of them.")],
    output: Annotated[Path | None, opt.output("Where the scenario folders go. [required]", "DIR")] = None,
    old_out: opt.OldOutOption = None,
    data_root: Annotated[Path | None, typer.Option(
        metavar="ROOT", help="The folder that contains data/ (default: found from each transcript's path).")] = None,
) -> None:
    """Turn course transcripts into scenarios (decks, moves, checkpoints): exit 1 if any file fails.

    Example: rawdeal import-tests ../shared/course-tests/data/08-Reversals-Tests -o imported/
    """
    with errors():
        from rawdeal.course.bank import import_bank, transcripts_size
        from rawdeal.io.files import check_outputs

        out = opt.required_output(output, old_out)
        if data_root is not None and not data_root.is_dir():
            raise UsageError(f"--data-root {data_root}: no such folder")
        check_outputs({"--output": out}, {f"PATH[{i}]": p for i, p in enumerate(paths)})
        with progress(transcripts_size(paths), "transcripts") as advance:
            result = import_bank(paths, out, data_root, advance)
        for scenario in result.imported:
            print(f"{scenario.name}: {scenario.moves} moves, {scenario.checks} checks")
        for error in result.errors:
            print(f"rawdeal: {error}", file=sys.stderr)
        print(f"imported {len(result.imported)} of {len(result.imported) + len(result.errors)} transcripts into {out}")
        if result.errors:
            raise typer.Exit(1)


@commands.command()
def verify(
    paths: Annotated[list[Path], typer.Argument(metavar="DIR...", help="Scenario folders, or folders of them.")],
    fmt: opt.FormatOption = opt.Format.text,
) -> None:
    """Replay scenarios and compare them with their checkpoints or expected transcript. Exit 0 all pass,
    1 any fails, 2 a folder that cannot be read.

    Example: rawdeal verify scenarios/
    """
    with errors():
        from rawdeal.course.verify import verify as verify_one
        from rawdeal.scenarios.model import scenario_dirs

        results = [verify_one(d) for d in scenario_dirs(paths)]
        passed = sum(r.passed for r in results)
        if fmt is opt.Format.json:
            import orjson

            data = {"results": [{"name": r.name, "passed": r.passed, "checkpoints": r.checkpoints,
                                 "first_divergence": r.first_divergence} for r in results],
                    "passed": passed, "total": len(results)}
            sys.stdout.write(orjson.dumps(data).decode() + "\n")
        else:
            for r in results:
                print(f"PASS {r.name} ({r.checkpoints} checks)" if r.passed else f"FAIL {r.name}: {r.first_divergence}")
            print(f"{passed}/{len(results)} scenarios passed")
        if passed != len(results):
            raise typer.Exit(1)
