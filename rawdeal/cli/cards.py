"""`rawdeal cards` and `rawdeal card`: the card database and each card's compiled effect."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import commands_app, errors, print_json

commands = commands_app()


@commands.command()
def cards(
    card_type: Annotated[str | None, typer.Option("--type", help="maneuver, action or reversal.")] = None,
    subtype: Annotated[str | None, typer.Option("--subtype", help="strike, grapple, submission, ...")] = None,
    trait: Annotated[str | None, typer.Option("--trait", help="heel, face, unique, ...")] = None,
    superstar: Annotated[str | None, typer.Option("--superstar", help="Superstar logo or name.")] = None,
    min_f: Annotated[int | None, typer.Option("--min-f", help="Fortitude at least.")] = None,
    max_f: Annotated[int | None, typer.Option("--max-f", help="Fortitude at most.")] = None,
    fmt: opt.FormatOption = opt.Format.text,
    check_effects: Annotated[bool, typer.Option("--check", help="Compile every card text and ability.")] = False,
    pool: Annotated[opt.Pool, typer.Option("--pool", help="course (the course's 137 cards) or classic (2,567 cards).")] = opt.Pool.course,
    pool_file: Annotated[Path | None, typer.Option(
        "--pool-file", metavar="FILE", help="A pool in the layout of ../shared/carddb/classic.json.")] = None,
    games: Annotated[int | None, opt.count("Random games that --check plays to exercise a pool's effects "
                                           "(default 800)", 100_000)] = None,
) -> None:
    """List cards (title, types, subtype, F/D/SV), or --check that every effect text compiles.

    Example: rawdeal cards --type reversal --superstar kane
    """
    with errors():
        from rawdeal.cards import load_db

        if pool is not opt.Pool.course or pool_file is not None:
            from rawdeal.effects.classic.commands import list_or_check, pool_cards

            if check_effects:  # parsed, lowered to effects, and exercised in random Classic games
                from rawdeal.cards.pool.load import classic_pool
                from rawdeal.checks.classic import check_output

                out, ok = check_output(pool_cards(pool.value, pool_file), classic_pool() if pool_file else (), fmt.value, games)
            else:
                out, ok = list_or_check(pool.value, pool_file, fmt.value, False, card_type=card_type, subtype=subtype,
                                        trait=trait, superstar=superstar, min_f=min_f, max_f=max_f)
            print(out)
            raise typer.Exit(0 if ok else 1)
        db = load_db()
        if check_effects:
            from rawdeal.checks.cardcheck import check_cards, check_summary

            report = check_cards(db)
            if fmt is opt.Format.json:
                print_json(report.to_dict())
            else:
                for who, error in report.failures + report.exec_failures:
                    print(f"FAIL {who}: {error}")
                print(check_summary(report))
            if not report.ok:
                raise typer.Exit(1)
            return
        from rawdeal.cards.query import card_dict, card_row, filter_cards

        found = filter_cards(db, card_type=card_type, subtype=subtype, trait=trait, superstar=superstar,
                             min_f=min_f, max_f=max_f)
        if fmt is opt.Format.json:
            print_json([card_dict(c) for c in found])
        else:
            for c in found:
                print(card_row(c))


@commands.command()
def card(
    title: Annotated[str, typer.Argument(help="The card's title (any case).")],
    pool: Annotated[opt.Pool | None, typer.Option(
        "--pool", help="course or classic (default: the course's card, else the Classic pool's).")] = None,
) -> None:
    """Show a card: its data, printed text, compiled effect tree and canonical English.

    Example: rawdeal card "Jockeying for Position"
    """
    with errors():
        from rawdeal.cards import load_db
        from rawdeal.cards.query import find_card
        from rawdeal.errors import CardDataError

        try:
            if pool is opt.Pool.classic:
                raise CardDataError(title)
            found = find_card(load_db(), title)
        except CardDataError as missing:
            if pool is opt.Pool.course:
                raise
            from rawdeal.effects.classic.commands import show_card

            try:
                print(show_card(title))
            except CardDataError as unknown:
                raise (missing if pool is None else unknown) from None
            return
        from rawdeal.effects.sheet import card_sheet

        print(card_sheet(found))
