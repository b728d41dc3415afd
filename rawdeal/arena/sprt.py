"""The sequential probability ratio test on duplicate pairs, as Stockfish's fishtest runs it.

H0: A is ELO0 stronger than B; H1: A is ELO1 stronger (logistic Elo, a game's expected score
1 / (1 + 10^(-elo/400))). After each pair the log-likelihood ratio of the pairs so far is compared
with Wald's bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha): below, H0 is accepted; above,
H1; in between, play on. The ratio is fishtest's generalised SPRT on the pentanomial: the likelihood
of the pairs under the most likely distribution of pair scores whose mean is s1 over the one whose
mean is s0 (`constrained`), each of the five cells given 0.001 pairs beforehand (fishtest's
regularisation). Unlike the normal approximation N (s1 - s0) (2 mean - s0 - s1) / (2 var), it stays
sane after a handful of pairs (one lost pair is log(0.36 / 0.5) against 0 -> 100 Elo, not -40).
Without unfinished games only three cells fill: the trinomial.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rawdeal.arena.pairscore import Pentanomial
from rawdeal.errors import UsageError

REGULARISE = 1e-3


@dataclass(frozen=True, slots=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, penta: Pentanomial) -> float:
        """The log-likelihood ratio of H1 against H0 given these pairs."""
        if not penta.pairs:
            return 0.0
        counts = [c + REGULARISE for c in penta.counts]
        s0, s1 = expected(self.elo0), expected(self.elo1)
        p0, p1 = constrained(counts, s0), constrained(counts, s1)
        return sum(c * math.log(b / a) for c, a, b in zip(penta.counts, p0, p1) if c)

    def verdict(self, penta: Pentanomial) -> str | None:
        """"H0" or "H1" once the test decides, None while it does not."""
        lo, hi = self.bounds
        llr = self.llr(penta)
        return "H0" if llr <= lo else "H1" if llr >= hi else None

    def describe(self) -> str:
        return f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g}"


def constrained(counts: list[float], mean: float) -> list[float]:
    """The most likely distribution over the five cells (scores 0, 1/4 .. 1) given `counts`, among
    those whose mean pair score is `mean`: p_i = f_i / (1 + lam (a_i - mean)), f the observed
    frequencies, lam the root of sum f_i (a_i - mean) / (1 + lam (a_i - mean)) = 0 (by bisection:
    the sum falls as lam grows, between the poles -1 / (1 - mean) and 1 / mean)."""
    total = sum(counts)
    freq = [c / total for c in counts]
    gaps = [k / 4 - mean for k in range(len(counts))]
    lo, hi = -1 / (1 - mean), 1 / mean
    for _ in range(100):
        lam = (lo + hi) / 2
        slope = sum(f * g / (1 + lam * g) for f, g in zip(freq, gaps))
        lo, hi = (lam, hi) if slope > 0 else (lo, lam)
    lam = (lo + hi) / 2
    p = [f / (1 + lam * g) for f, g in zip(freq, gaps)]
    norm = sum(p)
    return [x / norm for x in p]


def expected(elo: float) -> float:
    """A game's expected score for a player `elo` stronger (logistic Elo)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def parse_sprt(text: str) -> Sprt:
    """`ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (from the command line), or a UsageError saying how."""
    parts = [p.strip() for p in text.split(",")]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        values = []
    if len(values) not in (2, 4) or not all(map(math.isfinite, values)):
        raise UsageError(f"--sprt {text!r}: give ELO0,ELO1 (like 0,20), or ELO0,ELO1,ALPHA,BETA")
    test = Sprt(*values)
    if not test.elo0 < test.elo1:
        raise UsageError(f"--sprt {text!r}: ELO0 must be below ELO1")
    if not (0 < test.alpha < 0.5 and 0 < test.beta < 0.5):
        raise UsageError(f"--sprt {text!r}: ALPHA and BETA are error rates between 0 and 0.5")
    return test
