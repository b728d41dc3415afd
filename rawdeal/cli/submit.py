"""`rawdeal submit`: send a program to a `rawdeal serve` assignment and print its grades.

Standard library only (the service's client): no extra needed on a student's machine.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from rawdeal.cli.common import commands_app, errors

commands = commands_app()


@commands.command()
def submit(
    program: Annotated[Path, typer.Argument(metavar="PROGRAM.zip", help="The program, zipped (it runs from {student}).")],
    server: Annotated[str, typer.Option(metavar="URL", help="The service, e.g. http://127.0.0.1:8000.")],
    token: Annotated[str, typer.Option(metavar="TOKEN", envvar="RAWDEAL_TOKEN", help="Your token (or $RAWDEAL_TOKEN).")],
    assignment: Annotated[str, typer.Option(metavar="ID", help="The assignment's id.")],
) -> None:
    """Submit a program, wait for its grade (a progress line on stderr), print `grade --course`'s table.

    Exit 0 when every test shown passes, 1 when one fails or the submission is not gradable.

    Example: rawdeal submit --server http://127.0.0.1:8000 --token $T --assignment 1a2b3c program.zip"""
    with errors():
        from rawdeal.grading.reports import terminal_report
        from rawdeal.service.client import Client, read_program, student_result, wait

        client = Client(server, token)
        made = client.submit(assignment, read_program(program), program.name)
        sub = wait(client, made["id"], _progress(made["id"]))
        print(file=sys.stderr)
        if sub["state"] == "error":
            print(f"rawdeal: submission {sub['id']} not gradable: {sub['error']}", file=sys.stderr)
            raise typer.Exit(1)
        print(terminal_report([student_result(sub)], single=True))
        if sub["hidden_tests"]:
            print(f"({sub['hidden_tests']} hidden tests graded; not shown)")
        raise typer.Exit(0 if all(t["status"] == "pass" for t in sub["tests"]) else 1)


def _progress(sid: str):  # type: ignore[no-untyped-def]
    def show(sub: dict[str, Any]) -> None:
        end = "\r" if sys.stderr.isatty() else "\n"
        print(f"submission {sid}: {sub['state']}", end=end, file=sys.stderr, flush=True)

    return show
