"""Benchmark: how strong the computer players are, how long the search player thinks, and how a
tournament scales with worker processes. Figures only, never assertions on time.

    python benchmarks/bench_bots.py duplicate --a search,omniscient --b greedy --pairs 2000 [--jobs 2]
    python benchmarks/bench_bots.py duplicate --a greedy --b random --pairs 2000
    python benchmarks/bench_bots.py strength --a greedy --b random --games 1000 [--jobs 2]
    python benchmarks/bench_bots.py strength --a search --b greedy --games 200 [--control]
    python benchmarks/bench_bots.py luck --pool greedy,random --b greedy --games 200 --variants 8
    python benchmarks/bench_bots.py scaling --decks 10 --players random,greedy --games 10
    python benchmarks/bench_bots.py balance --decks 6 --players greedy,search --games 1

Issue 30's goals (duplicate pairs, docs/bots.md): on 2,000 duplicate pairs over random legal decks at
< 50 ms CPU a decision, search's pair score against greedy has its 95% interval wholly above 50% and
covers at least half the distance from greedy (50% against itself) to omniscient; greedy >= 85%
against random. Measured 2026-11-26 on the shared machine (load 6-30), 300 pairs, --seed 1, --jobs 2:
  search before issue 30 (search-base)   55.2% (52.0-58.2), 62/207/31 won both/split/lost both, 21.0 ms
  omniscient (100 playouts)              62.6% (59.7-65.3), 82/210/7 (+1 with a draw), 20.1 ms
      -> search covers 41% of the distance (goal: half). Not met.
  search-e100 (memory, early stop: the default search now)  54.8% (51.8-57.6), 20.8 ms
  search-e200 (200 playouts)             54.2% (51.1-57.1), 46.4 ms (median 40.2, p95 83.0)
  search-fade (the reversal inference carried over a turn)  54.2% (51.4-57.1), 28.8 ms
  search-pw200 (progressive widening)    55.2% (52.3-58.0), 54.3 ms (median 47.6, p95 99.6)
  greedy vs random, 2,000 pairs          82.7% (81.6-83.7), 1322/663/15, Elo +271 [+258, +284], 2.4 ms
      -> short of the 85% goal.
2,000 pairs of search and of omniscient against greedy (8,000 games, about an hour of one core)
were not run this session: the machine was shared by 8 people all along.

Issue 30's second pass, 2026-11-27 (load 20-30: this session got about 0.4 of a core in all):
greedy plays with the tuned weights (`TUNED`) and a plan (the best play that can follow a move in
its own turn counts: `GreedyPlayer(plan=1)`); tuned on --seed 1000 (300 pairs against random: the
old greedy 85.3%, the new 88.5%), confirmed here:
  greedy vs random, --seed 1, 2,000 pairs    86.5% (85.4-87.4), 1463/532/5, Elo +321 [+307, +336],
      4.0 ms CPU a decision (median 1.7, p95 13.3); the old greedy 82.7% on the same deals
  search vs greedy (the new greedy), --seed 1, cut short at 300 pairs    48.4% (46.0-50.9)
  omniscient vs greedy, --seed 1, cut short at 300 pairs  57.9% (54.7-61.0)
      -> search closes none of the distance (goal: half); search about 16 ms CPU a decision
      (timed apart: 139 decisions, --seed 77); both runs stopped at 300 pairs for the test suite
  search-pp (the prior with greedy's plan), --seed 1, stopped at 400 pairs: 300 pairs 49.0% (46.3-51.8),
      400 pairs 49.8% (47.5-52.0): no gain over search on the same deals
  greedy vs greedy-old, --seed 2, 300 pairs  55.4% (52.8-58.0), 49/234/16, Elo +38 [+19, +56]
      -> the greedy goal is met; search no longer beats the stronger greedy (it gave greedy the
      weights that were much of its edge): docs/bots.md.

Issue 30's third pass, 2026-11-27 (load 9-30: each worker got 0.1-0.2 of a core, which inflates
CPU times too: greedy measured 9.4 ms a decision): `search` is now greedy's choice checked by
playing the next two turns out (bots/turns.py: the moves greedy ranks near its best, each played
out in the same 8 sampled worlds, greedy's move left only for one 1.5 standard errors better; the
tree search stays as `omniscient`'s engine and the `search-e100` variant here):
  search (turns) vs greedy, --seed 3000, 200 pairs   51.7% (49.0-54.5), 19/169/12,
      Elo +12 [-7, +31]; CPU mean 38.2 ms a decision (median 10.8, p95 156.6)
  search (turns) vs greedy, --seed 1, a 500-pair run stopped at 300 pairs for the test suite
      (45 minutes of two workers): 100 pairs 51.5% (47.3-55.6), 200 51.7% (48.8-54.7),
      300 50.6% (48.1-53.1)
      -> the tree search scored 48.4% (46.0-50.9) on these 300 deals: +2.2 points, within the noise. The
      goals (interval wholly above 50% over 2,000 pairs, half the distance to omniscient's 57.9%)
      are still not shown: docs/bots.md.

Issue 30's fourth pass, 2026-11-27 (normal priority, load 8-12; the compiled engine: a non-editable
install, `pip install '.[test,bench]'`, 1.66x less CPU a game than the editable pure-Python one):
  --seed 3000, 200 pairs against greedy (`--points DIR`, then `paired A B` on the same deals):
  search (turns)   51.7% (49.0-54.5), 19/169/12, 26.8 ms CPU a decision (median 7.7, p95 109.5)
  turns-m24        51.2% (48.3-54.2), paired -0.5 (-3.8 to +2.8): the time management gains nothing
  turns-omni       58.1% (54.6-61.5), paired +6.4 (+2.5 to +10.3): the same search shown the hidden
      cards; what search lacks is information, not search (docs/bots.md)

Issue 30's fifth pass, 2026-11-28 (editable install, nice 15, load 11-19: each worker got 5-12% of
a core, so the runs were cut at 100 pairs, the first in deal order): --seed 3000 against greedy,
paired against search on the same 100 pairs:
  search           53.0% (49.1-56.7), 10/86/4
  turns-hand       54.0% (49.3-58.6), 15/78/7, paired +1.0 (-4.0 to +6.0): shown the opponent's hand
      only; turns-omni (all hidden cards) was +6.4 on 200 pairs: most of the distance looks like
      the Arsenals' order, which no player can infer
  turns-own        54.5% (50.1-58.7), 14/81/5, paired +1.5 (-2.6 to +5.6): shown my own Arsenal's
      order only (59.5 ms CPU a decision at this load; greedy 13.5 ms beside it)
  turns-infer      50.5% (46.3-54.7), 9/83/8, paired -2.5 (-6.8 to +1.8): the hand inferences
      (fade, kept 0.3) gain nothing; off by default (docs/bots.md)

The earlier goals: greedy beats random in >= 80% of 1,000 games on random legal decks (both seats);
search beats greedy in >= 60% at <= 50 ms a decision; a tournament of 10 decks x 2 players scales
>= 1.8x on 2 cores. Game i of `strength` uses random legal decks from seed SEED + i, and the seats
alternate, so both players meet the same decks from both sides.

Measured on the shared 2-core machine, 2026-11-23 (other engineers' test suites running; CPU time
is this process's own, which their load inflates little; wall time is shown for honesty):
  greedy vs random, 1,000 games (--seed 5001: not the seeds the weights were tuned on):
      greedy 83.3% (95% CI 80.9-85.5%); 4.6 ms CPU a decision (p95 11.5 ms). The first session's
      evaluation scored 73.6%: counting the damage of the maneuvers a hand can already pay for
      (`Weights.ready`, tuned over 300 games: 0 -> 73.3%, 0.2 -> 81.3%, 0.4 -> 84.0%,
      0.6 -> 82.7%, 0.9 -> 81.0%) and settling every small decision of a play made the difference.
  search vs greedy, 1,000 games (--seed 5001, --jobs 2; each game's result does not depend on
      --jobs): search 56.1% (95% CI 53.0-59.1%) at 48.6 ms CPU a decision (mean; median 38.5,
      p95 95.0; wall 102 ms on the loaded machine): short of the 60% goal. Over 200 games:
      search:100 as in the first session 53.5%, with greedy-ish rollouts 55.2%, with the greedy
      prior too 56.2% (the default now); the greedy opponent is much stronger than the first
      session's. But greedy against greedy on those same games (--control) scores 49.5%.
  third session, 1,000 games on fresh seeds (--seed 20001, --jobs 2, load 1.3-3.5):
      search 52.4% (95% CI 49.3-55.5%) at 30.8 ms CPU a decision (mean; median 27.2, p95 62.3;
      wall 66.8 ms); the second session's search on the same games 51.2% at 33.3 ms CPU (median
      29.3, p95 66.7); greedy against greedy (the control) 49.9%. So search is 1-3 points better
      than greedy, not 6: the goal (60%) is far. The random decks and shuffles decide most games:
      two variants of search differ in about 8% of 200 games, and on 200 games the control
      itself ranges from 48.5% (--seed 7000) to 57.0% (--seed 8000); compare with --control.
      Tried over 200 games (search, then the control, greedy against greedy: 7000 48.5%, 8000
      57.0%): 400 playouts 52.5% (100: 49.5%, seed 7000); the opponent always reversing in
      rollouts and in the prior 49.5%; the inference from its own plays 50.0% (7000), 55.5%
      (8000, kept: it is what was seen); UCB constant 0.3 / 0.15 55.5% / 57.0%; rollouts to
      the end of the turn with greedy moves (24 playouts, 41 ms) 51.0%; small decisions answered
      as greedy does, 150 playouts for main ones 55.8%; greedy with weights fitted by logistic
      regression to 600 greedy games' results 47.5%, with a to-move bonus 56.2% (not better).
      Search and greedy agree on about 3 main decisions in 4.
  fourth session (load 1.5-6: the other worktree's benchmarks and tests ran too):
      how much the deals decide (`luck --pool greedy --games 200 --variants 8 --seed 40000`):
      greedy against greedy from both seats of the same deal splits 1-1 on 160 of 200 deals
      (80.0%: the deck and seat won whoever played), 21 deals 2-0, 19 0-2. A player must win net
      20% of all deals 2-0 to score 60%, though equal players leave only 20% unsplit. The best
      of k greedy seeds per game, chosen after the fact (an oracle no real player is), scores
      50.5% (k=1), 56.8% (2), 61.6% (4), 65.1% (8): 60% asks for about the luck of the best of
      four tries in every game. An estimate, not a proof: a much stronger player may win deals
      that greedy players never do.
      Tuning by play strength (benchmarks/tune_eval.py, paired deals, both seats): SPSA, 40 steps
      of 100 deals (8,000 greedy games, --seed 60000), gave TUNED; greedy with them
      scores 52.7% against greedy (600 games, seed 90000; the evaluation is flat near its
      optimum: one weight moved at a time, 0.3-0.9 hand, 0.4-1.2 reversal, 0-0.4 Fortitude,
      0.2-0.6 ready, all scored 46.8-49.5% against the default on 400 games whose control was
      48.2%). Search with them against greedy: 61.7% (300 games, seed 70000) where the untuned
      search scored 56.7% on the same games, 55.5% (400 games, seed 71000) where it scored
      52.6%. The opponent modelled in the tree (his small decisions answered by the evaluation,
      his reversals always used, no nodes for them): 55.3% against 56.7% (seed 70000), dropped.
      1,000 games on fresh seeds (--seed 110001, --jobs 2, --control, load 3-4.7): search with
      TUNED 52.3% (95% CI 49.2-55.4%) at 35.5 ms CPU a decision (mean; median 28.8,
      p95 68.1; wall 70.5 ms on the loaded machine); greedy against greedy (the control) 50.1%.
      Paired, 500 fresh deals from both seats (tune_eval.py match --player search --deals 500
      --seed 120000, load 0.2-4): tuned 56.3%, untuned 53.2% on the same 1,000 games. The
      untuned search on the --seed 110001 games above: 53.2% (36.1 ms CPU a decision, median
      28.8, p95 69.9; load 0.2-2). So the tuning gained +5.0, +2.9, +3.1 on the paired sets and
      -0.9 on the 1,000 games above: about 2.5 points over 3,700 games, within the noise of
      any one set, and a 1,000-game figure moves by about 4 points between seed sets (52.3%
      here, 56.3% there). Short of the 60% goal either way, which the deals' luck above puts
      about as far as the best of four tries.
  scaling on a quiet machine (16:53 UTC, load 0.3): 10 decks x random,greedy, 1,900 games: --jobs 1
      228.7 s, --jobs 2 117.6 s: 1.94x, results identical, 1.92 cores busy. Earlier, while busy:
  scaling: the machine gives this session one core's share while other sessions run (Linux
      autogroup), so --jobs 2 ran at 0.99 cores busy and wall-time speed-up could not be shown
      (190 games, 10 decks x random,greedy: 29.2 s -> 31.0 s, 28.8 -> 30.8 s CPU; two more tries
      between 16:43 and 16:47 UTC: 0.76x and 1.02x, the jobs=2 runs 0.70 and 0.68 cores busy:
      the load came back each time). `balance`
      measures what is ours, the split of the work in CPU seconds: 6 decks x greedy,search, 66
      games, 2 workers: fixed chunks in schedule order (the first session's split) 58.0 + 47.3 s,
      1.82x on 2 free cores; costliest first (tournament.batches) 54.3 + 50.7 s, 1.93x. For
      10 decks x random,greedy (190 games) both split well (1.92x, 1.94x). The parallel path's
      own cost: --jobs 2 used 7% more CPU than --jobs 1 here (two processes sharing one core).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class Timed:
    """Wraps a player; keeps how long each decision with more than one legal move took: wall time,
    and CPU time of this process (which other programs on a busy machine do not inflate)."""

    def __init__(self, player) -> None:  # type: ignore[no-untyped-def]
        self.player, self.name = player, player.name
        self.times: list[tuple[float, float]] = []

    def choose(self, game):  # type: ignore[no-untyped-def]
        from rawdeal.bots.base import candidates

        wall, cpu = time.perf_counter(), time.process_time()
        move = self.player.choose(game)
        if len(candidates(game)) > 1:
            self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        return move


def one_game(args: tuple[str, str, int, str]) -> tuple[float, list[tuple[float, float]]]:
    """Player a's score (1 win, 1/2 unfinished, 0 loss) in game `seed`, and a's decision times."""
    from rawdeal.bots.registry import make_player
    from rawdeal.arena.tournament import game_seed

    a, b, seed, profile = args
    mine = Timed(make_player(a, game_seed(seed, 0, 1, 0)))
    other = make_player(b, game_seed(seed, 1, 0, 0))
    # a plays seat 0 in even games, seat 1 in odd ones
    return seat_score(mine, other, seed, seed % 2, profile), mine.times


def seat_score(mine, other, deal: int, seat: int, profile: str) -> float:  # type: ignore[no-untyped-def]
    """`mine`'s score (1 win, 1/2 unfinished, 0 loss) against `other` in deal `deal` (its random
    legal decks and shuffles), `mine` sitting in seat `seat`."""
    from rawdeal.bots.base import play_match
    from rawdeal.arena.selfplay import game_decks, start_game

    game = start_game(game_decks(deal, None), profile, deal)
    out = play_match(game, (mine, other) if seat == 0 else (other, mine))
    return 0.5 if out.winner is None else float(out.winner == seat)


def strength(a: str, b: str, games: int, seed: int, jobs: int, profile: str, control: bool = False) -> None:
    """a's score against b; with `control`, b's own score against b on the same games (the same
    decks and seats: how far the decks' luck moves a score on these seeds)."""
    from rawdeal.arena.standings import wilson

    for first in (a, b) if control else (a,):
        work = [(first, b, seed + i, profile) for i in range(games)]
        start = time.perf_counter()
        results = []
        with ProcessPoolExecutor(jobs) as pool:  # one job: a worker too, so the figures compare
            for result in pool.map(one_game, work, chunksize=8):
                results.append(result)
                if len(results) % 100 == 0:  # a long run shows it is alive
                    print(f"  {len(results)} games ...", file=sys.stderr, flush=True)
        elapsed = time.perf_counter() - start
        score = sum(r[0] for r in results) / games
        lo, hi = wilson(score, games)
        print(f"{first} vs {b}: {first} scores {score * 100:.1f}% of {games} games (95% CI {lo * 100:.1f}-"
              f"{hi * 100:.1f}%), random legal decks, both seats, {profile} profile; {elapsed:.0f} s")
        _times(first, results)


def luck(pool: list[str], b: str, games: int, seed: int, jobs: int, variants: int, profile: str) -> None:
    """How much the deals decide: each of `games` deals is played from both seats by `variants`
    players drawn in turn from `pool` (each with its own seed) against one fixed, seeded b.
    A deal both of whose games a player as strong as b splits 1-1 was won by the deck and seat; a
    (deal, seat) that no variant wins is lost whatever those players do. The best variant's score,
    chosen per game after the fact (an oracle), estimates the most any player could score against b."""
    work = [(pool[k % len(pool)], b, seed + i, seat, k, profile)
            for i in range(games) for seat in (0, 1) for k in range(variants)]
    with ProcessPoolExecutor(jobs) as pool_:
        results = list(pool_.map(_luck_game, work, chunksize=8))
    won: dict[tuple[int, int], list[float]] = {}
    for (_, _, deal, seat, _, _), r in zip(work, results):
        won.setdefault((deal, seat), []).append(r)
    first = [won[deal, 0][0] + won[deal, 1][0] for deal in range(seed, seed + games)]
    print(f"{pool[0]} vs {b} on {games} deals, both seats: {first.count(1.0)} deals split 1-1 (the deck and seat"
          f" won both: {first.count(1.0) / games * 100:.1f}%), {first.count(2.0)} won 2-0, {first.count(0.0)} lost 0-2")
    k = 1
    while k <= variants:
        best = sum(max(r[:k]) for r in won.values()) / len(won)
        print(f"  the best of {k} variant(s) ({', '.join(pool[j % len(pool)] for j in range(k))}) per game:"
              f" {best * 100:.1f}% of {len(won)} games")
        k = k * 2 if k * 2 <= variants or k == variants else variants


def _luck_game(args: tuple[str, str, int, int, int, str]) -> float:
    from rawdeal.bots.registry import make_player
    from rawdeal.arena.tournament import game_seed

    a, b, deal, seat, k, profile = args
    return seat_score(make_player(a, game_seed(deal, 0, 1, k)), make_player(b, game_seed(deal, 1, 0, 0)), deal, seat,
                      profile)


def _times(a: str, results: list[tuple[float, list[tuple[float, float]]]]) -> None:
    """Player a's decision times (wall and CPU): how many, mean, median, p95."""
    for what, k in (("wall", 0), ("CPU", 1)):
        times = sorted(t[k] for r in results for t in r[1])
        if times:
            mean = sum(times) / len(times)
            print(f"  {a}'s decisions with a choice ({what} time): {len(times)}, mean {mean * 1000:.1f} ms,"
                  f" median {times[len(times) // 2] * 1000:.1f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms")


def _hand_seer(seed: int):  # type: ignore[no-untyped-def]
    """A diagnostic: the search player shown the opponent's hand only (both Arsenals still sampled),
    to tell how much of the distance to `omniscient` the hand alone is."""
    from rawdeal.bots.infoset import sample
    from rawdeal.bots.search import SearchPlayer

    class HandSeer(SearchPlayer):
        name = "hand-seer"

        def _world(self, game, me, absent):  # type: ignore[no-untyped-def]
            world = sample(game, me, self.rnd, absent, self.memory)
            if game.decision().kind != "main":  # a pick or an arrangement may show his Arsenal: as sampled
                return world
            real, seen = game.s.players[1 - me], world.s.players[1 - me]
            rest = sorted(real.hand + real.arsenal)
            for c in real.hand:
                rest.remove(c)
            self.rnd.shuffle(rest)
            seen.hand[:], seen.arsenal[:] = real.hand, rest
            return world

    return HandSeer(seed)


def _turns_seer(seed: int, **options):  # type: ignore[no-untyped-def]
    """A diagnostic: the turn search (`search`) shown the true hidden cards, as `omniscient` is the tree
    search shown them: whether what `search` lacks against `omniscient` is information or search."""
    from rawdeal.bots.search import OmniscientPlayer
    from rawdeal.bots.turns import TurnSearchPlayer

    class TurnsSeer(TurnSearchPlayer):
        name = "turns-omni"
        _world = OmniscientPlayer._world  # the real hidden cards, a fresh engine seed

    return TurnsSeer(seed, **options)


def _turns_partial(seed: int, hand: bool = False, own: bool = False, theirs: bool = False):  # type: ignore[no-untyped-def]
    """A diagnostic: the turn search shown part of the hidden cards (what `turns-omni` sees in full):
    `hand`, the opponent's hand (his Arsenal's cards are then known too, their order sampled);
    `own`, the order of my own Arsenal (my draws, the damage I take); `theirs`, the opponent's hand and
    his Arsenal's order (the damage he takes). Which of them is the distance from `search` to `turns-omni`."""
    from rawdeal.bots.infoset import _shown, sample
    from rawdeal.bots.turns import TurnSearchPlayer

    class TurnsPartial(TurnSearchPlayer):
        name = "turns-partial"

        def _world(self, game, me, absent):  # type: ignore[no-untyped-def]
            world = sample(game, me, self.rnd, absent, self.memory, self._faded(game, me), self._unlikely)
            real, seen = game.s.players, world.s.players
            if own:
                seen[me].arsenal[:] = real[me].arsenal
            shown = _shown(game, me)
            if (1 - me, "hand") in shown or (1 - me, "arsenal") in shown:
                return world  # a decision that shows them: as sampled (consistent with what it shows)
            if theirs:
                seen[1 - me].hand[:], seen[1 - me].arsenal[:] = real[1 - me].hand, real[1 - me].arsenal
            elif hand:
                rest = sorted(real[1 - me].hand + real[1 - me].arsenal)
                for c in real[1 - me].hand:
                    rest.remove(c)
                self.rnd.shuffle(rest)
                seen[1 - me].hand[:], seen[1 - me].arsenal[:] = real[1 - me].hand, rest
            return world

    return TurnsPartial(seed)


def _player(name: str, seed: int):  # type: ignore[no-untyped-def]
    """A registry player, or one of the variants of the search player this benchmark compares
    (`base`: the search before issue 30, 100 playouts, every one played, no memory; `eN`: N playouts
    with memory (`bots.memory`), stopping once the decision is settled (the default `search` is
    e100); `pwN`: the same with progressive widening; `kNN`: the opponent's kept hand inferred at
    kept = NN%), or of the greedy player (`greedy-old`: before issue 30's second pass)."""
    from rawdeal.bots.evaluation import WEIGHTS
    from rawdeal.bots.greedy import GreedyPlayer
    from rawdeal.bots.registry import make_player
    from rawdeal.bots.search import SearchPlayer
    from rawdeal.bots.turns import TurnSearchPlayer

    variants: dict[str, Callable[[int], object]] = {"search-base": lambda s: SearchPlayer(s, 100, early=False, remember=False),
                "search-e100": lambda s: SearchPlayer(s, 100),
                "search-e200": lambda s: SearchPlayer(s, 200),
                "search-e300": lambda s: SearchPlayer(s, 300),
                "search-pw100": lambda s: SearchPlayer(s, 100, widen=1.0),
                "search-pw200": lambda s: SearchPlayer(s, 200, widen=1.0),
                "search-fade": lambda s: SearchPlayer(s, 100, fade=True),
                "search-k30": lambda s: SearchPlayer(s, 100, kept=0.3),
                "search-k10": lambda s: SearchPlayer(s, 100, kept=0.1),
                "search-la40": lambda s: SearchPlayer(s, 40, lookahead=True),
                "search-la100": lambda s: SearchPlayer(s, 100, lookahead=True),
                "search-pp": lambda s: SearchPlayer(s, 100, plan_prior=1),
                "hand-seer": _hand_seer,
                "turns": lambda s: TurnSearchPlayer(s),
                "turns-w4": lambda s: TurnSearchPlayer(s, worlds=4),
                "turns-w16": lambda s: TurnSearchPlayer(s, worlds=16),
                "turns-z1": lambda s: TurnSearchPlayer(s, z=1.0),
                "turns-z2": lambda s: TurnSearchPlayer(s, z=2.0),
                "turns-c2": lambda s: TurnSearchPlayer(s, width=2),
                "turns-c5": lambda s: TurnSearchPlayer(s, width=5, near=6.0),
                "turns-off": lambda s: TurnSearchPlayer(s, worlds=0),
                "turns-m24": lambda s: TurnSearchPlayer(s, most=24),
                "turns-m32": lambda s: TurnSearchPlayer(s, most=32),
                "turns-omni": _turns_seer,
                "turns-fade": lambda s: TurnSearchPlayer(s, fade=True),
                "turns-k30": lambda s: TurnSearchPlayer(s, kept=0.3),
                "turns-infer": lambda s: TurnSearchPlayer(s, fade=True, kept=0.3),
                "turns-hand": lambda s: _turns_partial(s, hand=True),
                "turns-own": lambda s: _turns_partial(s, own=True),
                "turns-theirs": lambda s: _turns_partial(s, theirs=True),
                # the greedy player before issue 30's second pass: one ply with the hand-set weights
                "greedy-old": lambda s: GreedyPlayer(s, weights=WEIGHTS, plan=0),
                "greedy-1ply": lambda s: GreedyPlayer(s, plan=0),  # the tuned weights without the plan
                "greedy-plan2": lambda s: GreedyPlayer(s, plan=2)}
    return variants[name](seed) if name in variants else make_player(name, seed)


def _dup_game(spec):  # type: ignore[no-untyped-def]
    """One game of a duplicate pair (`arena.duplicate.schedule`), every player timed: the result and
    each seat's (player, CPU seconds a decision with a choice)."""
    from rawdeal.arena.selfplay import start_game
    from rawdeal.arena.tournament import GameResult
    from rawdeal.bots.base import play_match

    game = start_game(spec.setups, "course" if "unshuffled" in spec.options else "standard", spec.seed)
    players = (Timed(_player(spec.players[0], spec.seed * 2)), Timed(_player(spec.players[1], spec.seed * 2 + 1)))
    out = play_match(game, players, spec.max_moves)
    times = [(spec.players[k], [t[1] for t in players[k].times]) for k in (0, 1)]
    return GameResult(spec.index, out.winner, out.how, out.first, out.moves), times


def _pair_points(done: list) -> list[float]:  # type: ignore[type-arg]
    """A's points in each pair played so far (0, 1/2, 1, 3/2 or 2), in deal order (games come back
    in schedule order, A first in each pair's first game)."""
    return [_seat_points(done[k][0], 0) + _seat_points(done[k + 1][0], 1) for k in range(0, len(done) - 1, 2)]


def _so_far(done: list) -> str:  # type: ignore[type-arg]
    """The pair score of the pairs played so far, with its interval: a run cut short still reports
    what it has."""
    from rawdeal.arena.pairscore import Pentanomial

    q = Pentanomial.of(_pair_points(done))
    lo, hi = q.interval()
    return f"{q.pairs} pairs: {q.score * 100:.1f}% ({lo * 100:.1f}-{hi * 100:.1f}%)"


def _seat_points(result, seat: int) -> float:  # type: ignore[no-untyped-def]
    return 0.5 if result.winner is None else float(result.winner == seat)


def duplicate(a_list: list[str], b: str, pairs: int, seed: int, jobs: int, profile: str,
              points: str | None = None) -> None:
    """Each of `a_list` against b on the same `pairs` duplicate deals over random legal decks: the pair
    score with its 95% interval, won both / split / lost both, the Elo difference, the CPU time a
    decision; and, when the list holds `search` (or search:N) and `omniscient`, how much of the
    distance from b to the omniscient player the search player closes (b against itself scores
    exactly 1/2 on duplicate deals: both games of a pair are the same game)."""
    from rawdeal.arena import contest, duplicate as dup
    from rawdeal.arena.ratings import fit

    scores: dict[str, tuple[float, float, float]] = {}
    for a in a_list:
        options = ("unshuffled",) if profile == "course" else ()
        plan = contest.Plan(tuple(dup.random_entrants([a, b])), (a, b), pairs, seed, options, random_decks=True)
        specs = list(plan.specs())
        start, done = time.perf_counter(), []
        with ProcessPoolExecutor(jobs) as pool:
            for item in pool.map(_dup_game, specs, chunksize=4):
                done.append(item)
                if len(done) % 200 == 0:  # a long run shows it is alive, and what it has so far
                    print(f"  {len(done)} games ... {_so_far(done)}", file=sys.stderr, flush=True)
                    if points:  # each pair's points so far, for `paired` comparisons of two players on these deals
                        Path(points, f"{a}-{b}-{seed}.txt").write_text(" ".join(map(str, _pair_points(done))) + "\n")
        if points:
            Path(points, f"{a}-{b}-{seed}.txt").write_text(" ".join(map(str, _pair_points(done))) + "\n")
        count = contest.Count(plan)
        for spec, (result, _) in zip(specs, done):
            count.add(spec, result)
        summary = count.summary(None)
        (ps,) = summary.pairs
        q = ps.penta
        lo, hi = q.interval()
        scores[a] = (q.score, lo, hi)
        elo = next(r for r in fit([b, a], dup.heads(summary.pairs, [b, a]), anchor=b) if r.player == a)
        print(f"{a} vs {b}: pair score {q.score * 100:.1f}% (95% CI {lo * 100:.1f}-{hi * 100:.1f}%) over {q.pairs} pairs"
              f" (won both {q.won_both}, split {q.split}, lost both {q.lost_both}, pentanomial {list(q.counts)});"
              f" Elo {elo.elo:+.0f} [{elo.low:+.0f}, {elo.high:+.0f}]; {time.perf_counter() - start:.0f} s")
        for name in (a, b):
            cpu = sorted(t for _, ts in done for who, times in ts if who == name for t in times)
            if cpu:
                print(f"  {name}: {len(cpu)} decisions with a choice, CPU mean {sum(cpu) / len(cpu) * 1000:.1f} ms,"
                      f" median {cpu[len(cpu) // 2] * 1000:.1f}, p95 {cpu[int(len(cpu) * 0.95)] * 1000:.1f}")
    ceiling = next((scores[a] for a in scores if a.startswith("omniscient")), None)
    for a in scores:
        if a.startswith("search") and ceiling is not None and ceiling[0] > 0.5:
            gap = ceiling[0] - 0.5
            print(f"{a} closes {(scores[a][0] - 0.5) / gap * 100:.0f}% of the distance from {b} (50%) to"
                  f" omniscient ({ceiling[0] * 100:.1f}%); goal >= 50% (point estimates; see the intervals)")


def paired(first: str, second: str) -> None:
    """Two players' pair points on the same deals (`duplicate --points`): the mean difference of
    their pair scores over the pairs both played, with its 95% interval (a paired comparison: the
    deal's luck cancels)."""
    import math

    xs, ys = (list(map(float, Path(f).read_text().split())) for f in (first, second))
    n = min(len(xs), len(ys))
    ds = [(x - y) / 2 for x, y in zip(xs[:n], ys[:n])]
    mean = sum(ds) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in ds) / (n - 1) / n) if n > 1 else float("inf")
    print(f"{first} - {second}: {mean * 100:+.2f} points of pair score (95% CI {(mean - 1.96 * se) * 100:+.2f}"
          f" to {(mean + 1.96 * se) * 100:+.2f}) over {n} common pairs; {sum(d != 0 for d in ds)} pairs differ")


def _tournament_specs(decks: int, players: str, games: int, tmp: str) -> list:  # type: ignore[type-arg]
    """The games of a tournament of `decks` decks (the bundled ones, then random legal ones)."""
    from rawdeal.decks import format_deck
    from rawdeal.arena import tournament as tm
    from rawdeal.arena.random_decks import random_deck
    from rawdeal.arena.rawdeal_matches import MATCHES

    paths = sorted(str(p) for p in (REPO / "decks").glob("*.txt"))[:decks]
    for i in range(decks - len(paths)):
        deck = random_deck(1000 + i)
        path = Path(tmp) / f"random-{i}.txt"
        path.write_text(format_deck(deck.superstar, deck.titles), encoding="utf-8")
        paths.append(str(path))
    return tm.schedule(tm.entrants(MATCHES.sides(paths, ()), players.split(",")), games, 0)


def scaling(decks: int, players: str, games: int, jobs: list[int]) -> None:
    from rawdeal.arena import tournament as tm

    with tempfile.TemporaryDirectory() as tmp:
        specs = _tournament_specs(decks, players, games, tmp)
        first, base = 0.0, None
        for n in jobs:
            start, cpu = time.perf_counter(), _cpu()
            results = tm.run_local(specs, n)
            elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
            first, base = first or elapsed, base or results
            same = f", results {'identical' if results == base else 'DIFFERENT'}"
            print(f"--jobs {n}: {len(specs)} games ({decks} decks x {players}) in {elapsed:.1f} s,"
                  f" speed-up {first / elapsed:.2f}x{same}; CPU {cpu:.1f} s in all"
                  f" ({cpu / elapsed:.2f} cores busy on average)")


def balance(decks: int, players: str, games: int, jobs: int) -> None:
    """How evenly the work splits over `jobs` workers, in CPU seconds (which a busy machine does not
    change): total CPU / the busiest worker's CPU is the speed-up on `jobs` free cores. Fixed
    chunks in schedule order (the first session's split) against costliest-first tasks (now)."""
    from rawdeal.arena import tournament as tm

    with tempfile.TemporaryDirectory() as tmp:
        specs = _tournament_specs(decks, players, games, tmp)
        size = max(1, min(50, len(specs) // (jobs * 8)))
        splits = {"fixed chunks in schedule order": [specs[i:i + size] for i in range(0, len(specs), size)],
                  "costliest first (tournament.batches)": tm.batches(specs, jobs)}
        for name, tasks in splits.items():
            per_worker: dict[int, float] = {}
            with ProcessPoolExecutor(jobs) as pool:
                for pid, cpu in pool.map(_timed_batch, tasks):
                    per_worker[pid] = per_worker.get(pid, 0.0) + cpu
            total = sum(per_worker.values())
            shares = ", ".join(f"{c:.1f}" for c in sorted(per_worker.values(), reverse=True))
            print(f"{name}: {len(specs)} games in {len(tasks)} tasks; CPU s per worker {shares};"
                  f" speed-up on {jobs} free cores {total / max(per_worker.values()):.2f}x")


def _timed_batch(batch: list) -> tuple[int, float]:  # type: ignore[type-arg]
    import os

    from rawdeal.arena.tournament import play_batch

    start = time.process_time()
    play_batch(batch)
    return os.getpid(), time.process_time() - start


def _cpu() -> float:
    """CPU seconds used by this process and its finished worker processes (a busy machine shares
    its cores with other programs: cores busy = CPU / wall time shows how much this run got)."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--a", default="greedy")
    s.add_argument("--b", default="random")
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--jobs", type=int, default=1)
    s.add_argument("--profile", default="standard")
    s.add_argument("--control", action="store_true", help="also B against B on the same games")
    u = sub.add_parser("luck")
    u.add_argument("--pool", default="greedy,random")
    u.add_argument("--b", default="greedy")
    u.add_argument("--games", type=int, default=200)
    u.add_argument("--seed", type=int, default=1)
    u.add_argument("--jobs", type=int, default=1)
    u.add_argument("--variants", type=int, default=8)
    u.add_argument("--profile", default="standard")
    d = sub.add_parser("duplicate")
    d.add_argument("--a", default="search,omniscient", help="comma-separated: each plays --b")
    d.add_argument("--b", default="greedy")
    d.add_argument("--pairs", type=int, default=2000)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--jobs", type=int, default=1)
    d.add_argument("--profile", default="standard")
    d.add_argument("--points", help="a folder: each player's pair points, A-B-SEED.txt, for `paired`")
    q = sub.add_parser("paired")
    q.add_argument("first")
    q.add_argument("second")
    c = sub.add_parser("scaling")
    c.add_argument("--decks", type=int, default=10)
    c.add_argument("--players", default="random,greedy")
    c.add_argument("--games", type=int, default=10)
    c.add_argument("--jobs", default="1,2")
    b = sub.add_parser("balance")
    b.add_argument("--decks", type=int, default=10)
    b.add_argument("--players", default="greedy,search")
    b.add_argument("--games", type=int, default=2)
    b.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    from rawdeal.engine.cardinfo import catalog

    catalog()
    if args.what == "strength":
        strength(args.a, args.b, args.games, args.seed, args.jobs, args.profile, args.control)
    elif args.what == "duplicate":
        duplicate(args.a.split(","), args.b, args.pairs, args.seed, args.jobs, args.profile, args.points)
    elif args.what == "paired":
        paired(args.first, args.second)
    elif args.what == "luck":
        luck(args.pool.split(","), args.b, args.games, args.seed, args.jobs, args.variants, args.profile)
    elif args.what == "scaling":
        scaling(args.decks, args.players, args.games, [int(j) for j in args.jobs.split(",")])
    else:
        balance(args.decks, args.players, args.games, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
