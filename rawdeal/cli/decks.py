"""`rawdeal check`: decks against the deck-building rules."""

from __future__ import annotations


import typer

from rawdeal.cli.common import commands_app, errors, one_of, print_json
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def check(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="Deck files, or folders of *.txt decks."),
    output: str = typer.Option("text", "--format", help="text: one line a deck or violation; json."),
    pool: str = typer.Option("course", "--pool", help="course (the course's rules) or classic (Classic rules)."),
) -> None:
    """Check decks against the deck-building rules. Exit 0 all valid, 1 any invalid, 2 bad path.

    Example: rawdeal check decks/ --format json
    """
    with errors():
        from rawdeal.cards import load_db
        from rawdeal.decks import check_paths

        one_of("--format", output, "text", "json")
        one_of("--pool", pool, "course", "classic")
        if pool == "classic":
            from rawdeal.cards.pool.load import classic_pool
            from rawdeal.decks.classic import check_classic_paths
            from rawdeal.effects.classic.packing import packing_rule

            checked = check_classic_paths(paths, classic_pool(), packing_rule)
        else:
            checked = check_paths(paths, load_db())
        reports, cannot = [], []
        for report in checked:
            reports.append(report)
            cannot.append(_cannot_play(report.path) if pool == "classic" else [])
            if output == "text":
                print("\n".join(report.lines()), flush=True)
                if cannot[-1]:
                    print(f"  the engine cannot play yet: {', '.join(cannot[-1])}", flush=True)
        if output == "json":
            decks = [r.to_dict() | ({"cannot_play": c} if pool == "classic" else {}) for r, c in zip(reports, cannot)]
            print_json({"decks": decks})
        if not all(r.valid for r in reports):
            raise typer.Exit(1)


def _cannot_play(path: str) -> list[str]:
    """A Classic deck's cards whose text the engine cannot run yet (`rawdeal cards --pool classic --check`)."""
    from rawdeal.decks import read_deck
    from rawdeal.effects.classic.playable import lowered_classic

    texts = lowered_classic().by_title()
    known = {t.casefold(): c for t, c in texts.items()}
    titles = dict.fromkeys(e.title for e in read_deck(path).cards)
    return [t for t in titles if t.casefold() in known and not known[t.casefold()].playable]
