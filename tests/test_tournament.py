"""`rawdeal tournament`: a round robin of decks x players whose results do not depend on how the
games are spread over processes or cluster workers, with honest statistics and clear errors."""

from __future__ import annotations

import csv
import io
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.arena import contest, tournament as tm
from rawdeal.arena.rawdeal_matches import MATCHES as RAW_DEAL
from rawdeal.arena.selfplay import Lineup
from rawdeal.arena.sprt import Sprt
from rawdeal.arena.standings import Rate, standings, wilson
from rawdeal.bots.registry import player_cost

ROOT = Path(__file__).resolve().parents[1]
DECKS = [str(ROOT / "decks" / n) for n in ("the-rock.txt", "kane.txt")]
THREE = [*DECKS, str(ROOT / "decks" / "hhh.txt")]
runner = CliRunner()


def _specs(games: int = 4, seed: int = 3, decks: list[str] = THREE,
           players: tuple[str, ...] = ("random",)) -> tuple[list[tm.Entrant], list[tm.GameSpec]]:
    """Random players keep these games fast; what is tested is how games are spread and counted."""
    entrants = tm.entrants(RAW_DEAL.sides(decks, ()), list(players))
    return entrants, tm.schedule(entrants, games, seed)


def test_round_robin_plays_every_pair_in_both_seats_with_its_own_seed() -> None:
    entrants, specs = _specs(games=4, decks=DECKS, players=("random", "greedy"))
    assert [e.label for e in entrants] == ["the-rock/random", "the-rock/greedy", "kane/random", "kane/greedy"]
    assert len(specs) == 6 * 4
    pair = [s for s in specs if set(s.seats) == {0, 3}]
    assert [s.seats for s in pair] == [(0, 3), (3, 0), (0, 3), (3, 0)]
    assert len({s.seed for s in specs}) == len(specs)
    # a game's seed comes from the tournament seed and its pairing, not from its place in the list
    assert tm.game_seed(3, 0, 3, 1) == pair[1].seed != tm.game_seed(4, 0, 3, 1)


def test_results_are_the_same_for_any_number_of_jobs() -> None:
    _, specs = _specs()
    one = tm.run_local(specs, jobs=1)
    two = tm.run_local(specs, jobs=2)
    assert one == two
    assert [r.index for r in one] == list(range(len(specs)))


def test_batches_hold_every_game_once_costliest_first_and_balance_the_workers() -> None:
    """Search games cost far more than random ones: they go out first, so no worker is left with a
    long game at the end while the other idles; small tasks keep the last ones short."""
    _, specs = _specs(games=6, decks=DECKS, players=("random", "greedy", "search:40"))
    parts = tm.batches(specs, 2)
    flat = [s for b in parts for s in b]
    assert sorted(s.index for s in flat) == list(range(len(specs)))
    costs = [tm.game_cost(s) for s in flat]
    assert costs == sorted(costs, reverse=True) and costs[0] > 100 * costs[-1]
    per_task = [sum(map(tm.game_cost, b)) for b in parts]
    assert len(parts) >= 16 and max(per_task) <= sum(costs) / 32 + costs[0]
    assert tm.batches(specs[:1], 8) == [specs[:1]]


def test_standings_add_up() -> None:
    entrants, specs = _specs(games=4)
    results = tm.run_local(specs)
    st = standings(entrants, specs, results)
    assert sum(r.games for r in st.overall) == 2 * len(specs)
    assert sum(r.wins + r.draws / 2 for r in st.overall) == len(specs)
    for i in range(3):
        for j in range(3):
            if i != j:
                assert st.matrix[i][j].games == 4
                assert st.matrix[i][j].wins + st.matrix[j][i].wins + st.matrix[i][j].draws == 4
    assert st.first.games == len(specs) and sum(n for _, n in st.ended) == len(specs)


def test_wilson_interval() -> None:
    lo, hi = wilson(0.5, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.404, 0.596)
    assert wilson(1.0, 10)[1] == pytest.approx(1.0) and wilson(0.0, 10)[0] == pytest.approx(0.0)
    assert wilson(0.3, 0) == (0.0, 1.0)  # no games: no knowledge
    assert Rate(3, 2, 10).score == 0.4


def test_cli_prints_the_table_and_writes_json_csv_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    args = ["tournament", *DECKS, "--players", "random,greedy", "--games", "2", "--seed", "3", "--no-duplicate"]
    result = runner.invoke(app, [*args, "--json", str(out), "--csv", str(tmp_path / "r.csv"),
                                 "--plot", str(tmp_path / "r.png")])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.stdout and "first player:" in result.stdout and "ended:" in result.stdout
    doc = orjson.loads(out.read_bytes())
    assert [e["name"] for e in doc["entrants"]] == ["the-rock/random", "the-rock/greedy", "kane/random", "kane/greedy"]
    assert sum(e["wins"] for e in doc["entrants"]) + sum(e["draws"] for e in doc["entrants"]) / 2 == 12
    rows = list(csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text())))
    assert len(rows) == 12 and {r["games"] for r in rows} == {"2"}
    assert (tmp_path / "r.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = runner.invoke(app, [*args, "--jobs", "2", "--json", str(tmp_path / "j2.json")])
    assert again.stdout == result.stdout
    assert (tmp_path / "j2.json").read_bytes() == out.read_bytes()


@pytest.mark.parametrize("args, code, words", [
    (["--players", "random,chess"], 2, "unknown player 'chess'"),
    (["--players", "greedy"], 2, "at least two entrants"),
    (["--profile", "house"], 2, "'house' is not one of 'standard', 'course'"),
])
def test_cli_usage_errors(args: list[str], code: int, words: str) -> None:
    result = runner.invoke(app, ["tournament", DECKS[0], *args])
    assert result.exit_code == code and words in result.stderr
    assert "Traceback" not in result.output


def test_cli_names_the_illegal_deck_and_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(Path(DECKS[0]).read_text(encoding="utf-8").rsplit("\n", 2)[0] + "\n", encoding="utf-8")
    result = runner.invoke(app, ["tournament", DECKS[0], str(bad), "--players", "random"])
    assert result.exit_code == 1 and result.stdout == ""
    assert f"{bad}:60: deck-size: 59 cards" in result.stderr


def test_same_results_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra (Dask distributed) is not installed")
    from rawdeal.arena.cluster import run_cluster

    _, specs = _specs()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert run_cluster(specs, cluster.scheduler_address) == tm.run_local(specs)


def test_a_tournament_is_played_a_window_at_a_time_and_counts_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many games are asked, only a window of them is ever scheduled or held."""
    entrants, specs = _specs(games=5)
    monkeypatch.setattr(tm, "WINDOW", 4)
    held: list[int] = []

    def play(window: Sequence[tm.GameSpec]) -> list[tm.GameResult]:
        held.append(len(window))
        return tm.run_local(window)

    plan = contest.Plan(tuple(entrants), ("random",), 5, 3, duplicate=False)
    streamed = contest.play(plan, play)
    assert max(held) == 4 and sum(held) == len(specs) == 15 and streamed.games == 15
    assert streamed.standings == standings(entrants, specs, tm.run_local(specs))
    # a schedule of 10^9 games a pairing is a generator: asking for it costs nothing until played
    huge = tm.iter_schedule(entrants, 10**9, 3)
    assert next(huge).index == 0 and tm.total_cost(entrants, 10**9) == 3 * 10**9 * 2 * player_cost("random")


def _fake_results(specs: Sequence[tm.GameSpec]) -> list[tm.GameResult]:
    """Seat 0 wins every game: every duplicate pair splits, so a symmetric sequential test never decides."""
    return [tm.GameResult(s.index, 0, "pin", 0, 7) for s in specs]


@pytest.mark.parametrize("duplicate, sprt", [(False, None), (True, None), (True, Sprt(-50, 50))])
def test_a_tournaments_memory_stays_flat_however_many_games_are_asked(
        monkeypatch: pytest.MonkeyPatch, duplicate: bool, sprt: Sprt | None) -> None:
    """Ten times the games (round robin, duplicate deals, a sequential test that plays them all) may
    not take ten times the memory: games are scheduled a window at a time and counted as they come
    back, never kept. The games themselves are stand-ins: what is measured is the tournament's own
    bookkeeping."""
    monkeypatch.setattr(tm, "WINDOW", 200)
    players = ("a", "b")
    entrants = tuple(tm.Entrant(f"deck{d}", p, Lineup("", ())) for d in range(2) for p in players)

    def peak(games: int) -> tuple[int, contest.Summary]:
        plan = contest.Plan(entrants, players, games, 1, duplicate=duplicate, sprt=sprt)
        tracemalloc.start()
        try:
            summary = contest.play(plan, _fake_results)
            return tracemalloc.get_traced_memory()[1], summary
        finally:
            tracemalloc.stop()

    base = 300 if sprt is None else 60  # the test's likelihood ratio after every pair is the slow part
    (small, few), (large, many) = peak(base), peak(10 * base)
    assert many.games == 10 * few.games >= 2000  # every game was played and counted
    assert sum(r.games for r in many.standings.overall) == 2 * many.games
    assert large < 1.5 * small, f"{few.games} games: peak {small} B; {many.games} games: peak {large} B"
