"""Play a tournament's games on an existing Dask distributed cluster (the `cluster` extra).

The workers need rawdeal installed (the same version). Games travel as `GameSpec` values in batches
and come back as `GameResult`s; each game's seed is in its spec, so the results are the same as a
local run's whatever the number of workers or the order in which they finish.
"""

from __future__ import annotations

from collections.abc import Sequence

from rawdeal.arena.tournament import GameResult, GameSpec, Progress, batches, game_cost, play_batch
from rawdeal.errors import RawdealError, UsageError

CONNECT_TIMEOUT = "10s"


def run_cluster(specs: Sequence[GameSpec], address: str, progress: Progress | None = None) -> list[GameResult]:
    """Play every game on the Dask scheduler at `address` (like tcp://host:8786); results by index."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UsageError("--cluster needs Dask distributed: pip install 'rawdeal[cluster]'") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"--cluster {address}: cannot reach a Dask scheduler there: {exc}") from None
    results: list[GameResult] = []
    cost = {s.index: game_cost(s) for s in specs}
    with client:
        workers = max(1, sum(client.nthreads().values()))
        futures = client.map(play_batch, batches(specs, workers), pure=False)
        for future in as_completed(futures):
            try:
                done = future.result()
            except Exception as exc:  # raised on a worker: e.g. rawdeal missing or another version there
                raise RawdealError(f"--cluster {address}: a worker failed: {type(exc).__name__}: {exc}"
                                   " (is the same rawdeal installed on every worker?)") from None
            results += done
            if progress:
                progress(sum(cost[r.index] for r in done))
    return sorted(results, key=lambda r: r.index)
