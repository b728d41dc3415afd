"""Bot strength as card-game research measures it: duplicate deals (each played from both seats),
pair scores with intervals, a sequential test that stops a match once it is decided, Elo ratings
anchored at the random player, and all of it the same for any number of jobs."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.arena import contest, duplicate as dup, tournament as tm
from rawdeal.arena.pairscore import Pentanomial
from rawdeal.arena.ratings import Head, fit
from rawdeal.arena.sprt import Sprt, expected, parse_sprt
from rawdeal.bots.registry import make_player
from rawdeal.bots.search import OmniscientPlayer
from rawdeal.cli import app
from rawdeal.errors import UsageError

ROOT = Path(__file__).resolve().parents[1]
DECKS = [str(ROOT / "decks" / n) for n in ("the-rock.txt", "kane.txt")]
runner = CliRunner()


def test_each_deal_is_played_twice_with_the_players_swapped_and_the_same_shuffles() -> None:
    players = ["random", "greedy", "search:3"]
    entrants = tm.entrants(DECKS, players)
    specs = dup.schedule(entrants, players, 2, seed=7)
    # 2 deals x 3 deck pairings (kane-kane, rock-kane, rock-rock) x 3 player pairings x 2 games
    assert len(specs) == 36 and [s.index for s in specs] == list(range(36))
    assert dup.total_cost(entrants, players, 2) == sum(map(tm.game_cost, specs))  # the progress bar's total
    for one, two in zip(specs[::2], specs[1::2]):
        assert one.pair == two.pair and one.seed == two.seed and one.decks == two.decks
        assert two.players == one.players[::-1]
        assert [entrants[i].lineup for i in one.seats] == list(one.decks)
        assert [entrants[i].player for i in two.seats] == list(two.players)
    # every pairing of players meets the same deals: their scores against a third compare
    deals = {p: [(s.seed, s.decks) for s in specs[::2] if s.players == p] for p in
             (("random", "greedy"), ("random", "search:3"), ("greedy", "search:3"))}
    assert len({tuple(d) for d in deals.values()}) == 1 and len(set(deals["random", "greedy"])) == 6


def test_random_decks_differ_by_deal_and_are_the_same_in_both_games() -> None:
    players = ["random", "greedy"]
    specs = dup.schedule(dup.random_entrants(players), players, 3, seed=1, random_decks=True)
    assert len(specs) == 6 and len({s.decks for s in specs}) == 3
    assert all(len(d.titles) == 60 for s in specs for d in s.decks)


def _result(index: int, winner: int | None) -> tm.GameResult:
    return tm.GameResult(index, winner, "pin" if winner is not None else "unfinished", 0, 10)


def test_pairs_are_counted_from_the_first_players_side() -> None:
    players = ["a", "b"]
    specs = [tm.GameSpec(i, 1, (0, 1), (None, None), ("a", "b") if i % 2 == 0 else ("b", "a"),  # type: ignore[arg-type]
                         "standard", 9, i // 2) for i in range(10)]
    # pair 0: a wins both; 1: the seat wins (split); 2: b wins both; 3: a wins one, one unfinished; 4: b's game missing
    winners = [0, 1, 0, 0, 1, 0, 0, None, 0]
    results = [_result(i, w) for i, w in enumerate(winners)]
    (ps,) = dup.pair_scores(specs, results, players)
    assert ps.players == ("a", "b") and ps.penta.counts == (1, 0, 1, 1, 1)
    assert (ps.penta.won_both, ps.penta.split, ps.penta.lost_both, ps.penta.pairs) == (1, 1, 1, 4)
    assert ps.penta.score == pytest.approx((1 + 0.5 + 0 + 0.75) / 4)
    (flipped,) = dup.pair_scores(specs, results, ["b", "a"])
    assert flipped.players == ("b", "a") and flipped.penta == ps.penta.swapped()


def test_the_pair_score_interval_is_honest_for_few_or_one_sided_pairs() -> None:
    assert Pentanomial().interval() == (0.0, 1.0)
    lo, hi = Pentanomial((0, 0, 0, 0, 5)).interval()
    assert hi == 1.0 and 0.4 < lo < 0.9  # five won pairs: clearly better, not certainly perfect
    # splits (the deal decided) narrow the interval: 100 pairs, 20 decided, against 100 single games
    lo, hi = Pentanomial((10, 0, 80, 0, 10)).interval()
    assert hi - lo < 0.13 and lo < 0.5 < hi
    many = Pentanomial((500, 0, 0, 0, 500)).interval()
    assert many[0] == pytest.approx(0.5 - 1.96 * 0.5 / math.sqrt(1002), abs=1e-4)


def test_sprt_accepts_what_the_pairs_show_and_refuses_bad_bounds() -> None:
    test = Sprt(0, 50)
    lo, hi = test.bounds
    assert (round(lo, 3), round(hi, 3)) == (-2.944, 2.944)
    assert test.verdict(Pentanomial((0, 0, 0, 0, 1))) is None  # one pair decides nothing
    assert test.verdict(Pentanomial((5, 0, 60, 0, 35))) == "H1"
    assert test.verdict(Pentanomial((40, 0, 120, 0, 40))) == "H0"
    assert test.llr(Pentanomial((20, 0, 60, 0, 20))) < 0 < test.llr(Pentanomial((15, 0, 60, 0, 25)))
    assert expected(0) == 0.5 and expected(400) == pytest.approx(10 / 11)
    assert parse_sprt("0,20") == Sprt(0.0, 20.0) and parse_sprt("-5, 5, 0.1, 0.2") == Sprt(-5, 5, 0.1, 0.2)
    for bad in ("20", "20,0", "a,b", "0,20,0.7,0.05", "0,nan"):
        with pytest.raises(UsageError, match="--sprt"):
            parse_sprt(bad)


def _fake_run(specs: Sequence[tm.GameSpec]) -> list[tm.GameResult]:
    """Results that depend on each game's seed alone: seat 0 mostly wins, A a little more often."""
    out = []
    for s in specs:
        r = random.Random(s.seed * 2 + s.index % 2).random()
        a_seat = 0 if s.index % 2 == 0 else 1
        out.append(_result(s.index, a_seat if r < 0.3 else 0 if r < 0.8 else 1))
    return out


def test_a_sequential_match_stops_at_the_same_pair_for_any_number_of_workers() -> None:
    players = ["a", "b"]
    specs = [tm.GameSpec(i, 1000 + i // 2, (0, 1), (None, None), ("a", "b") if i % 2 == 0 else ("b", "a"),  # type: ignore[arg-type]
                         "standard", 9, i // 2) for i in range(4000)]
    runs = []
    for workers in (1, 3, 8):
        kept: list[tm.GameResult] = []
        stopped = dup.run_sequential(specs, Sprt(0, 60), _fake_run, lambda _, r: kept.append(r), workers)
        runs.append((kept, stopped))
    assert runs[0] == runs[1] == runs[2]
    results, stopped = runs[0]
    assert [r.index for r in results] == list(range(len(results)))  # counted in schedule order
    assert stopped.verdict == "H1" and 16 < stopped.pairs < 2000 and len(results) == 2 * stopped.pairs
    assert stopped.llr >= Sprt(0, 60).bounds[1]
    assert dup.pair_scores(specs, results, players)[0].penta.pairs == stopped.pairs


def test_ratings_are_anchored_at_random_with_intervals() -> None:
    players = ["greedy", "random", "search"]
    # greedy 80% against random, search 60% against greedy and 85% against random, 400 units each
    heads = [Head(0, 1, 400, 320.0, 320.0), Head(2, 0, 400, 240.0, 240.0), Head(2, 1, 400, 340.0, 340.0)]
    greedy, rand, search = fit(players, heads)
    assert rand.anchor and rand.elo == rand.low == rand.high == 0.0
    assert 0 < greedy.low < greedy.elo < greedy.high and search.elo > greedy.elo
    assert greedy.elo == pytest.approx(240, abs=15) and search.elo == pytest.approx(300, abs=15)
    # two players: the pairing's own Elo, its interval wider with fewer units
    (_, one), (_, few) = fit(["random", "greedy"], [Head(1, 0, 400, 320.0, 320.0)]), fit(
        ["random", "greedy"], [Head(1, 0, 40, 32.0, 32.0)])
    assert one.elo == pytest.approx(400 * math.log10(321 / 81)) and few.high - few.low > 3 * (one.high - one.low)
    # a player nobody met has no finite interval
    assert math.isinf(fit(["random", "greedy", "x"], [Head(1, 0, 10, 8.0, 8.0)])[2].high)


def test_the_omniscient_player_searches_the_real_hidden_cards() -> None:
    from rawdeal.arena.selfplay import game_decks, start_game

    game = start_game(game_decks(4, None), "standard", 4)
    me = game.decision().player  # type: ignore[union-attr]
    seer = make_player("omniscient:5", 1)
    assert isinstance(seer, OmniscientPlayer) and seer.name == "omniscient"
    world = seer._world(game, me, frozenset())
    assert [(p.hand, p.arsenal) for p in world.s.players] == [(p.hand, p.arsenal) for p in game.s.players]
    assert seer.choose(game) in game.decision().moves  # type: ignore[union-attr]


def test_cli_duplicate_match_json_csv_and_ratings_the_same_with_two_jobs(tmp_path: Path) -> None:
    args = ["tournament", "--random-decks", "--players", "random,greedy", "--games", "6", "--seed", "5"]
    one = runner.invoke(app, [*args, "--json", str(tmp_path / "1.json"), "--csv", str(tmp_path / "1.csv")])
    assert one.exit_code == 0, one.output
    assert "duplicate pairs" in one.stdout and "won both" in one.stdout and "(anchor)" in one.stdout
    doc = orjson.loads((tmp_path / "1.json").read_bytes())
    (pairing,) = doc["duplicate"]
    assert pairing["players"] == ["random", "greedy"] and pairing["pairs"] == 6
    assert pairing["won_both"] + pairing["split"] + pairing["lost_both"] <= 6
    assert pairing["ci"][0] <= pairing["score"] <= pairing["ci"][1]
    assert [r["player"] for r in doc["ratings"]] == ["random", "greedy"] and doc["ratings"][0]["elo"] == 0
    header = (tmp_path / "1.csv").read_text().splitlines()[0]
    assert header.endswith("elo,elo_low,elo_high,opponent_elo")
    two = runner.invoke(app, [*args, "--jobs", "2", "--json", str(tmp_path / "2.json")])
    assert two.stdout == one.stdout and (tmp_path / "2.json").read_bytes() == (tmp_path / "1.json").read_bytes()


def test_cli_sprt_stops_the_match_and_says_after_how_many_pairs(tmp_path: Path) -> None:
    args = ["tournament", "--random-decks", "--players", "greedy,random", "--games", "200", "--seed", "5",
            "--sprt", "0,150", "--json", str(tmp_path / "s.json")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = orjson.loads((tmp_path / "s.json").read_bytes())
    pairs = doc["sprt"]["pairs"]
    assert doc["sprt"]["verdict"] == "H1" and pairs < 200 and doc["duplicate"][0]["pairs"] == pairs
    assert f"H1 (elo >= 150) accepted after {pairs} pairs" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["--random-decks", "--players", "random,greedy,search", "--sprt", "0,10"], "name two players"),
    (["--random-decks", "--players", "random,greedy", "--sprt", "10"], "--sprt '10'"),
    (["--random-decks", "--players", "random,greedy", "--no-duplicate"], "--random-decks plays duplicate"),
    (["--players", "random,greedy"], "give the decks"),
    ([DECKS[0], "--random-decks"], "give the decks"),
])
def test_cli_usage_errors(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2 and words in result.stderr, result.output
    assert "Traceback" not in result.output


def test_same_duplicate_results_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra (Dask distributed) is not installed")
    from rawdeal.arena.cluster import run_cluster

    players = ("random", "greedy")
    plan = contest.Plan(tuple(dup.random_entrants(players)), players, 8, 3, random_decks=True, sprt=Sprt(0, 200))
    local = contest.play(plan, lambda part: tm.run_local(part, 1), 2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = contest.play(plan, lambda part: run_cluster(part, cluster.scheduler_address), 2)
    assert remote == local and local.games > 0
