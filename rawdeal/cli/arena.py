"""`rawdeal selfplay` and `rawdeal tournament`: many games at once."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import commands_app, errors, progress
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def selfplay(
    games: Annotated[int, opt.count("How many games")] = 100,
    seed: Annotated[int, opt.seed("Game i uses seed SEED + i (decks, shuffles and moves)")] = 0,
    decks: Annotated[Path | None, typer.Option(metavar="DIR", help="Draw both decks from this folder's *.txt decks.")] = None,
    random_decks: Annotated[bool, typer.Option("--random-decks", help="Random legal decks from the whole database (default).")] = False,
    profile: opt.ProfileOption = None,
    unshuffled: opt.UnshuffledOption = False,
    check: Annotated[bool, typer.Option("--check", help="Check the card invariant after every move.")] = False,
    failures: Annotated[Path | None, typer.Option(metavar="DIR", file_okay=False, help="Write a failing game's decks, moves and opening save here.")] = None,
    jobs: Annotated[int, opt.jobs("Play in N processes (same results as 1)")] = 1,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal).")] = None,
    option: Annotated[list[str] | None, typer.Option(metavar="NAME", help="A rules option of the game, repeatable (fightdrome: match, torneo-epico, ...).")] = None,
    card_pool: Annotated[opt.Pool, typer.Option("--pool", help="course, or classic (random legal Classic decks of the playable cards).")] = opt.Pool.course,
) -> None:
    """Play seeded random legal-move games; exit 1 with the seed, decks and moves of the first failure.

    Example: rawdeal selfplay --games 50 --seed 1 --check --failures failed/
    """
    with errors():
        from rawdeal.cli import games as other

        if other.other_game(game_name):
            assert game_name is not None
            if profile is not None or unshuffled:
                raise UsageError(f"--profile and --unshuffled are Raw Deal rules; {game_name} takes --option")
            if seed + games - 1 > opt.MAX_SEED:
                raise UsageError(f"--seed {seed} with {games} games goes past the largest seed, 2^64-1")
            return other.selfplay(game_name, games, seed, option or (), check, failures, jobs)
        from rawdeal.arena.selfplay import lineups, selfplay as play_games, write_failure

        if decks is not None and random_decks:
            raise UsageError("use --decks DIR or --random-decks, not both")
        if card_pool is opt.Pool.classic:
            if decks is not None:
                raise UsageError("--pool classic plays random decks only: use --random-decks")
            from rawdeal.checks.classic import selfplay_lines

            print("\n".join(selfplay_lines(games, seed)))  # every move checked; a failure raises with its moves
            return
        if seed + games - 1 > opt.MAX_SEED:
            raise UsageError(f"--seed {seed} with {games} games goes past the largest seed, 2^64-1")
        pool = None if decks is None else lineups(_legal_decks(decks))
        start = time.perf_counter()
        with progress(games, "games") as advance:
            done = [0]

            def on_game(total: int) -> None:
                advance(total - done[0])
                done[0] = total

            summary = play_games(games, seed, pool, opt.rules(profile, unshuffled), check, on_game=on_game, jobs=jobs)
        elapsed = time.perf_counter() - start
        print("\n".join(summary.lines()))
        print(f"{summary.games / elapsed:.0f} games per second ({elapsed:.2f} s)", file=sys.stderr)
        if summary.failure is not None:
            print(f"FAILED {summary.failure.report()}", end="")
            if failures is not None:
                print(f"reproduce in: {write_failure(summary.failure, failures)}")
            raise typer.Exit(1)


def _legal_decks(folder: Path) -> list:  # type: ignore[type-arg]
    from rawdeal.cards import load_db
    from rawdeal.decks import check_deck, deck_paths, read_deck

    db = load_db()
    found = [read_deck(p) for p in deck_paths([str(folder)])]
    legal = [d for d in found if not check_deck(d, db)]
    if not legal:
        raise UsageError(f"{folder}: no legal deck to play with")
    return legal


@commands.command()
def tournament(
    decks: Annotated[list[str] | None, typer.Argument(metavar="DECKS...", help="Deck files, or folders of *.txt decks (none with --random-decks; with --game fightdrome: characters SLEEVE/STACK to cycle through; none: dealt from the supply).")] = None,
    players: Annotated[str, typer.Option(metavar="NAMES", help="Comma-separated: random, greedy, search, omniscient (search:N for N sampled worlds a checked decision, omniscient:N for N playouts, search:Nms for N ms a decision).")] = "greedy,search",
    games: Annotated[int, opt.count("Games per pairing of entrants (seats alternate); duplicate: deals per pairing of players and of decks, each played twice")] = 10,
    duplicate: Annotated[bool | None, typer.Option("--duplicate/--no-duplicate", help="Play each deal twice, the players' seats swapped, and score the pairs (the default with two players or more).")] = None,
    random_decks: Annotated[bool, typer.Option("--random-decks", help="Every deal draws two random legal decks from its seed (no DECKS).")] = False,
    sprt: Annotated[str | None, typer.Option(metavar="ELO0,ELO1", help="Stop a two-player match once a sequential probability ratio test decides (ELO0,ELO1[,ALPHA,BETA]; alpha = beta = 0.05).")] = None,
    jobs: Annotated[int, opt.jobs("Worker processes on this machine")] = 1,
    seed: Annotated[int, opt.seed("Every game's seed derives from it and the pairing")] = 0,
    profile: opt.ProfileOption = None,
    unshuffled: opt.UnshuffledOption = False,
    max_moves: Annotated[int, opt.count("A game still going after N moves is a draw", opt.MAX_MOVES)] = 5000,
    fmt: opt.FormatOption = opt.Format.text,
    json_out: Annotated[Path | None, opt.side_file("--json", "Also write the results as JSON to FILE.")] = None,
    csv_out: Annotated[Path | None, opt.side_file("--csv", "Write one row per pairing as CSV.")] = None,
    plot: Annotated[Path | None, opt.side_file("--plot", "Draw the win-rate matrix as a heat map (needs matplotlib).", "FILE.png")] = None,
    cluster: Annotated[str | None, typer.Option(metavar="ADDRESS", help="Play on this Dask scheduler (needs the cluster extra: Dask distributed).")] = None,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal).")] = None,
    option: Annotated[list[str] | None, typer.Option(metavar="NAME", help="A rules option of the game, repeatable.")] = None,
) -> None:
    """Every deck with every player: win rates, duplicate pair scores, Elo ratings, 95% intervals.

    Example: rawdeal tournament --random-decks --players greedy,random --games 100 --sprt 0,200"""
    with errors():
        from rawdeal.io.files import check_outputs, write_atomic

        check_outputs({"--json": json_out, "--csv": csv_out, "--plot": plot},
                      {f"DECKS[{i}]": d for i, d in enumerate(decks or [])})
        from rawdeal.arena import contest, contest_report as cr, duplicate as dup, tournament as tm
        from rawdeal.arena.report import heat_map, pyplot, table, to_csv, to_json
        from rawdeal.arena.sprt import parse_sprt
        from rawdeal.games.matches import matches
        from rawdeal.games.registry import DEFAULT, ruleset

        game = DEFAULT if game_name is None else ruleset(game_name).name
        sides = matches(game)
        meta: dict[str, object]
        if game == DEFAULT:
            if option:
                raise UsageError("--option is another game's: Raw Deal's rules are --profile (or --unshuffled)")
            rules = opt.rules(profile, unshuffled)
            options: tuple[str, ...] = ("unshuffled",) if rules == "course" else ()
            dealt, meta = random_decks, {"profile": rules}
        else:
            if profile is not None or unshuffled:
                raise UsageError(f"--profile and --unshuffled are Raw Deal's; with --game {game} use --option")
            options, dealt = tuple(option or ()), not decks  # no sides given (or --random-decks): each deal deals its own
            meta = {"game": game, "options": list(options)}
        if cluster is not None and jobs > 1:
            raise UsageError("use --jobs N or --cluster ADDRESS, not both")
        if (bool(decks) == random_decks) if game == DEFAULT else (bool(decks) and random_decks):
            raise UsageError("give the decks (deck files or folders), or --random-decks (not both)")
        names = [sides.check_player(p.strip()) for p in players.split(",") if p.strip()]
        if len(set(names)) < len(names) or not names:
            raise UsageError(f"--players {players!r}: name each player once")
        test = parse_sprt(sprt) if sprt is not None else None
        entrants = dup.random_entrants(names, dup.RANDOM if game == DEFAULT else "dealt") if dealt else \
            tm.entrants(sides.sides(decks or [], options), names)
        paired = len(names) > 1 if duplicate is None else duplicate
        plan = contest.Plan(tuple(entrants), tuple(names), games, seed, options, max_moves, paired, dealt, test, game)
        plan.specs()  # a usage error here, before any game
        if plot is not None:
            pyplot()  # no matplotlib: say so before playing, not after
        with progress(plan.cost(), "games") as advance:
            if cluster is not None:
                from rawdeal.arena.cluster import run_cluster

                summary = contest.play(plan, lambda part: run_cluster(part, cluster, advance))
            else:
                summary = contest.play(plan, lambda part: tm.run_local(part, jobs, advance), jobs)
        st = summary.standings
        meta = {"seed": seed, "games_per_pairing": games, "duplicate_deals": paired, **meta, "players": names}
        for path, data in ((json_out, lambda: to_json(st, {**meta, **cr.to_dict(summary, test)})),
                           (csv_out, lambda: to_csv(st, {r.player: r for r in summary.ratings}, [e.player for e in entrants])),
                           (plot, lambda: heat_map(st))):
            if path is not None:
                write_atomic(path, data())
        if fmt is opt.Format.json:
            sys.stdout.write(to_json(st, {**meta, **cr.to_dict(summary, test)}).decode())
        else:
            print(table(st) + cr.text(summary, test), end="")
