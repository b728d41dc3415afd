"""The duplicate pairs, the sequential test and the ratings of a tournament, as text and JSON
(the standings' own table, JSON and CSV are `tournament_report`'s)."""

from __future__ import annotations

from collections.abc import Sequence

from rawdeal.arena.contest import Summary
from rawdeal.arena.duplicate import PairScore
from rawdeal.arena.ratings import Rating
from rawdeal.arena.sprt import Sprt


def pairs_table(pairs: Sequence[PairScore]) -> str:
    """Each pairing of players: its pairs, won both / split / lost both, the pair score and its CI."""
    if not pairs:
        return ""
    names = [f"{a} vs {b}" for a, b in (p.players for p in pairs)]
    width = max(len("duplicate pairs"), *map(len, names))
    head = f"{'duplicate pairs':<{width}}  pairs  won both  split  lost both  pair score  95% CI"
    lines = [head, "-" * len(head)]
    for name, p in zip(names, pairs):
        q = p.penta
        lo, hi = q.interval()
        other = q.pairs - q.won_both - q.split - q.lost_both
        note = f"  ({other} with an unfinished game)" if other else ""
        lines.append(f"{name:<{width}}  {q.pairs:5d}  {q.won_both:8d}  {q.split:5d}  {q.lost_both:9d}"
                     f"  {q.score * 100:9.1f}%  [{lo * 100:5.1f}, {hi * 100:5.1f}]{note}")
    return "\n".join(lines) + "\n"


def ratings_table(ratings: Sequence[Rating]) -> str:
    """The players by rating, with 95% intervals; the anchor says it is one."""
    if not ratings:
        return ""
    width = max(len("player"), *(len(r.player) for r in ratings))
    head = f"{'player':<{width}}  Elo    95% CI"
    lines = [head, "-" * max(len(head), width + 26)]
    for r in sorted(ratings, key=lambda r: (-r.elo, r.player)):
        span = "(anchor)" if r.anchor else f"[{r.low:+.0f}, {r.high:+.0f}]"
        lines.append(f"{r.player:<{width}}  {r.elo:+5.0f}  {span}")
    return "\n".join(lines) + "\n"


def sprt_line(summary: Summary, test: Sprt) -> str:
    stop = summary.stopped
    assert stop is not None
    lo, hi = test.bounds
    if stop.verdict is None:
        return (f"{test.describe()}: no decision after {stop.pairs} pairs (all of them; LLR {stop.llr:.2f}"
                f" inside [{lo:.2f}, {hi:.2f}]): play more with --games\n")
    which = f"H1 (elo >= {test.elo1:g})" if stop.verdict == "H1" else f"H0 (elo <= {test.elo0:g})"
    return f"{test.describe()}: {which} accepted after {stop.pairs} pairs (LLR {stop.llr:.2f}, bounds [{lo:.2f}, {hi:.2f}])\n"


def text(summary: Summary, test: Sprt | None) -> str:
    """What follows the standings' table: the pairs, the test's verdict, the ratings."""
    parts = [pairs_table(summary.pairs), sprt_line(summary, test) if test is not None else "",
             ratings_table(summary.ratings)]
    return "".join("\n" + p for p in parts if p)


def to_dict(summary: Summary, test: Sprt | None) -> dict[str, object]:
    """The "duplicate", "sprt" and "ratings" members of the tournament's JSON."""
    out: dict[str, object] = {}
    if summary.pairs:
        out["duplicate"] = [_pair(p) for p in summary.pairs]
    if test is not None and summary.stopped is not None:
        lo, hi = test.bounds
        out["sprt"] = {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta,
                       "pairs": summary.stopped.pairs, "verdict": summary.stopped.verdict,
                       "llr": round(summary.stopped.llr, 6), "bounds": [round(lo, 6), round(hi, 6)]}
    out["ratings"] = [_rating(r) for r in summary.ratings]
    return out


def _pair(p: PairScore) -> dict[str, object]:
    q = p.penta
    lo, hi = q.interval()
    return {"players": list(p.players), "pairs": q.pairs, "won_both": q.won_both, "split": q.split,
            "lost_both": q.lost_both, "pentanomial": list(q.counts), "score": round(q.score, 6),
            "ci": [round(lo, 6), round(hi, 6)]}


def _rating(r: Rating) -> dict[str, object]:
    return {"player": r.player, "elo": round(r.elo, 3), "ci": [round(r.low, 3), round(r.high, 3)],
            "anchor": r.anchor}
