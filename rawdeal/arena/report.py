"""Tournament standings as a text table, JSON, CSV and a heat map (matplotlib, an optional extra)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rawdeal.arena.ratings import Rating
from rawdeal.arena.standings import Rate, Standings
from rawdeal.errors import UsageError


def _interval(rate: Rate) -> str:
    lo, hi = rate.interval()
    return f"[{lo * 100:5.1f}, {hi * 100:5.1f}]"


def _pct(rate: Rate) -> str:
    lo, hi = rate.interval()
    return f"{rate.score * 100:5.1f}%  [{lo * 100:5.1f}, {hi * 100:5.1f}]"


def table(st: Standings) -> str:
    """Each entrant's overall win rate (95% CI), the first-player advantage and how games ended."""
    from rawdeal.tables import columns

    ranked = sorted(range(len(st.entrants)), key=lambda i: (-st.overall[i].score, i))
    rows = [("entrant", "games", "wins", "draws", "win rate", "95% CI")] + [
        (st.entrants[i], str(r.games), str(r.wins), str(r.draws), f"{r.score * 100:.1f}%", _interval(r))
        for i in ranked for r in [st.overall[i]]]
    head, *body = columns(rows, right=(1, 2, 3, 4)).split("\n")
    lines = [head, "-" * len(head), *body]
    games = st.first.games
    lines += ["", f"first player: {_pct(st.first)} of {games} games"
              f" ({'an advantage' if st.first.interval()[0] > 0.5 else 'a disadvantage' if st.first.interval()[1] < 0.5 else 'no clear advantage'})",
              "ended: " + ", ".join(f"{how} {n}" for how, n in st.ended),
              f"moves: {st.moves} ({st.moves / games if games else 0:.1f} a game)"]
    return "\n".join(lines) + "\n"


def _rate_dict(r: Rate) -> dict[str, object]:
    lo, hi = r.interval()
    return {"games": r.games, "wins": r.wins, "draws": r.draws, "losses": r.games - r.wins - r.draws,
            "win_rate": round(r.score, 6), "ci95": [round(lo, 6), round(hi, 6)]}


def to_json(st: Standings, meta: dict[str, object]) -> bytes:
    import orjson

    doc = {
        **meta,
        "entrants": [{"name": name, **_rate_dict(r)} for name, r in zip(st.entrants, st.overall)],
        "pairings": [{"entrant": st.entrants[i], "opponent": st.entrants[j], **_rate_dict(st.matrix[i][j])}
                     for i in range(len(st.entrants)) for j in range(len(st.entrants)) if i != j],
        "first_player": _rate_dict(st.first),
        "ended": dict(st.ended),
        "moves": st.moves,
    }
    return orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n"


def to_csv(st: Standings, ratings: Mapping[str, Rating] | None = None, players: Sequence[str] = ()) -> str:
    """One row per ordered pairing: the entrant's results against that opponent, and (with
    `ratings`, `players` naming each entrant's player) the Elo rating of each side's player."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    extra = ["elo", "elo_low", "elo_high", "opponent_elo"] if ratings else []
    w.writerow(["entrant", "opponent", "games", "wins", "draws", "losses", "win_rate", "ci95_low", "ci95_high",
                *extra])
    for i, a in enumerate(st.entrants):
        for j, b in enumerate(st.entrants):
            if i != j:
                r = st.matrix[i][j]
                lo, hi = r.interval()
                more = []
                if ratings:
                    me, them = ratings[players[i]], ratings[players[j]]
                    more = [f"{me.elo:.3f}", f"{me.low:.3f}", f"{me.high:.3f}", f"{them.elo:.3f}"]
                w.writerow([a, b, r.games, r.wins, r.draws, r.games - r.wins - r.draws,
                            f"{r.score:.6f}", f"{lo:.6f}", f"{hi:.6f}", *more])
    return out.getvalue()


def pyplot() -> Any:
    """matplotlib's pyplot drawing off-screen, or a UsageError saying how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'rawdeal[plot]'") from None
    return plt


def heat_map(st: Standings) -> bytes:
    """The win-rate matrix as a PNG (row entrant's win rate against the column entrant)."""
    plt = pyplot()
    n = len(st.entrants)
    grid = [[st.matrix[i][j].score if i != j else float("nan") for j in range(n)] for i in range(n)]
    size = 2.5 + 0.6 * n
    fig, ax = plt.subplots(figsize=(size + 1.5, size))
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(n), st.entrants, rotation=45, ha="right")
    ax.set_yticks(range(n), st.entrants)
    ax.set_xlabel("opponent")
    ax.set_ylabel("entrant")
    for i in range(n):
        for j in range(n):
            if i != j:
                ax.text(j, i, f"{grid[i][j] * 100:.0f}", ha="center", va="center", fontsize=8)
    fig.colorbar(image, ax=ax, label="win rate")
    ax.set_title("win rate of the row against the column")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def write(path: str | Path, data: bytes | str) -> None:
    from rawdeal.io.files import write_atomic

    try:
        write_atomic(path, data)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None
