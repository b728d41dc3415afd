"""`rawdeal check`: decks against the deck-building rules."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from rawdeal.cli.common import commands_app, errors, print_json, visible
from rawdeal.cli.options import Format, FormatOption, Pool

commands = commands_app()


@commands.command()
def check(
    paths: Annotated[list[str], typer.Argument(metavar="PATH...", help="Deck files, or folders of *.txt decks.")],
    fmt: FormatOption = Format.text,
    pool: Annotated[Pool, typer.Option(help="course (the course's rules) or classic (Classic rules).")] = Pool.course,
) -> None:
    """Check decks against the deck-building rules: every deck is reported (one that cannot be read
    as an error line on stderr). Exit 0 all valid, 1 any invalid, 2 a path that cannot be read.

    Example: rawdeal check decks/ --format json
    """
    with errors():
        from rawdeal.cards import load_db
        from rawdeal.decks import check_paths

        if pool is Pool.classic:
            from rawdeal.cards.pool.load import classic_pool
            from rawdeal.decks.classic import check_classic_paths
            from rawdeal.effects.classic.deckrules import card_rules
            from rawdeal.effects.classic.packing import packing_rule

            checked = check_classic_paths(paths, classic_pool(), packing_rule, card_rules)
        else:
            checked = check_paths(paths, load_db())
        reports, cannot = [], []
        for report in checked:
            reports.append(report)
            cannot.append(_cannot_play(report.path) if pool is Pool.classic and not report.unreadable else [])
            if report.unreadable:
                print(f"rawdeal: {visible(report.unreadable)}", file=sys.stderr, flush=True)
            elif fmt is Format.text:
                print(visible("\n".join(report.lines())), flush=True)
                if cannot[-1]:
                    print(visible(f"  the engine cannot play yet: {', '.join(cannot[-1])}"), flush=True)
        if fmt is Format.json:
            decks = [r.to_dict() | ({"cannot_play": c} if pool is Pool.classic else {}) for r, c in zip(reports, cannot)]
            print_json({"decks": decks})
        raise typer.Exit(max((r.exit_code for r in reports if not r.valid), default=0))


def _cannot_play(path: str) -> list[str]:
    """A Classic deck's cards whose text the engine cannot run yet (`rawdeal cards --pool classic --check`)."""
    from rawdeal.decks import read_deck
    from rawdeal.effects.classic.playable import lowered_classic

    texts = lowered_classic().by_title()
    known = {t.casefold(): c for t, c in texts.items()}
    titles = dict.fromkeys(e.title for e in read_deck(path).cards)
    return [t for t in titles if t.casefold() in known and not known[t.casefold()].playable]
