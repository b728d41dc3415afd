"""Tune the evaluation's weights by play strength (SPSA), not by how well they predict outcomes.

    python benchmarks/tune_eval.py spsa --steps 40 --deals 100 --seed 60000 [--jobs 2]
    python benchmarks/tune_eval.py match --a '{"hand": 0.5}' --deals 300 --seed 90000 [--player search]

Every step perturbs all weights at once by +-c (a random sign each), plays greedy(W + c) against
greedy(W - c) on `deals` fresh random deals from both seats (common random numbers: the same decks,
shuffles and player seeds for both sides, so the deals' luck cancels) and moves W along the
measured score difference (simultaneous perturbation stochastic approximation, Spall's gains).
`Weights.arsenal` stays 1: it sets the scale. SPSA starts from the hand-set `WEIGHTS`; the shipped
players use its result, `TUNED`. The greedy players keep their other options as shipped (since
issue 30's second pass, the plan: one more play of its own turn looked at, about 2x the time a
decision). `match` plays a player (`TUNED`, those given as JSON changed; --options for the others,
like {"plan": 0}) against the shipped greedy player on paired deals. Figures are in bench_bots.py
and docs/bots.md (the second pass tuned greedy against random with benchmarks/bench_bots.py
duplicate and variants of the kind `greedy-1ply`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, replace

KNOBS = ("fortitude", "hand", "ready", "reversal", "later", "low", "overkill")


Side = tuple[str, dict[str, float], dict[str, object]]  # player kind, weights, other options


def paired_game(args: tuple[Side, Side, int, int]) -> float:
    """Player a's score (1, 1/2, 0) against b in deal `deal` with a in seat `seat`."""
    from bench_bots import seat_score
    from rawdeal.bots.evaluation import Weights
    from rawdeal.bots.greedy import GreedyPlayer
    from rawdeal.bots.search import SearchPlayer
    from rawdeal.arena.tournament import game_seed

    a, b, deal, seat = args
    made = [(SearchPlayer if kind == "search" else GreedyPlayer)(game_seed(deal, i, 1 - i, 0), weights=Weights(**w),
                                                                 **options)  # type: ignore[arg-type]
            for i, (kind, w, options) in enumerate((a, b))]
    return seat_score(made[0], made[1], deal, seat, "standard")


def match(pool: ProcessPoolExecutor, a: Side, b: Side, deals: range) -> float:
    """a's score against b over `deals`, each played from both seats."""
    work = [(a, b, deal, seat) for deal in deals for seat in (0, 1)]
    results = list(pool.map(paired_game, work, chunksize=4))
    return sum(results) / len(results)


def spsa(steps: int, deals: int, seed: int, jobs: int, a: float, c: float) -> dict[str, float]:
    from rawdeal.bots.evaluation import WEIGHTS

    rnd = random.Random(seed)
    w = {k: v for k, v in asdict(WEIGHTS).items() if k in KNOBS}
    with ProcessPoolExecutor(jobs) as pool:
        for k in range(steps):
            ak, ck = a / (k + 1 + steps // 10) ** 0.602, c / (k + 1) ** 0.101
            delta = {n: rnd.choice((-1.0, 1.0)) for n in KNOBS}
            plus = {n: w[n] + ck * delta[n] for n in KNOBS}
            minus = {n: w[n] - ck * delta[n] for n in KNOBS}
            start = seed + k * deals
            score = match(pool, ("greedy", plus, {}), ("greedy", minus, {}), range(start, start + deals))
            w = {n: w[n] + ak * (2 * score - 1) / (2 * ck) * delta[n] for n in KNOBS}
            print(f"step {k}: W+ scored {score * 100:.1f}%; W = {_show(w)}", flush=True)
    return w


def _show(w: dict[str, float]) -> str:
    return json.dumps({k: round(v, 3) for k, v in w.items()})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("spsa")
    s.add_argument("--steps", type=int, default=40)
    s.add_argument("--deals", type=int, default=100)
    s.add_argument("--seed", type=int, default=60000)
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--a", type=float, default=0.3, help="step gain")
    s.add_argument("--c", type=float, default=0.2, help="perturbation size")
    m = sub.add_parser("match")
    m.add_argument("--a", default="{}", help="the weights to change, as JSON")
    m.add_argument("--player", default="greedy", choices=("greedy", "search"))
    m.add_argument("--options", default="{}", help="the player's other options, as JSON (search: {\"playouts\": 150})")
    m.add_argument("--deals", type=int, default=300)
    m.add_argument("--seed", type=int, default=90000)
    m.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    from rawdeal.bots.evaluation import TUNED
    from rawdeal.arena.standings import wilson
    from rawdeal.engine.cardinfo import catalog

    catalog()
    if args.what == "spsa":
        print(f"tuned: {_show(spsa(args.steps, args.deals, args.seed, args.jobs, args.a, args.c))}")
        return 0
    changed = json.loads(args.a)
    weights = asdict(replace(TUNED, **changed))
    with ProcessPoolExecutor(args.jobs) as pool:
        score = match(pool, (args.player, weights, json.loads(args.options)), ("greedy", asdict(TUNED), {}),
                      range(args.seed, args.seed + args.deals))
    lo, hi = wilson(score, 2 * args.deals)
    print(f"{args.player}({_show(changed)}, {args.options}) vs greedy: {score * 100:.1f}% of {2 * args.deals} games on paired deals"
          f" (95% CI {lo * 100:.1f}-{hi * 100:.1f}%, which ignores the pairing: conservative)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
