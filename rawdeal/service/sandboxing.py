"""Whether submissions can be graded safely: the service grades only in the real sandbox.

A program from the internet runs only where the kernel confines it (bubblewrap: its own mount,
process and network namespaces). When that is not available the service still serves replays,
games and results, but refuses new submissions and says why (`/health` says it too).
"""

from __future__ import annotations


def sandbox_problem(mode: str) -> str | None:
    """None when submissions may be graded; else the reason they are refused (the grading sandbox's
    own check: bubblewrap, namespaces, the tools it needs)."""
    if mode == "none":
        return None
    from rawdeal.errors import RawdealError
    from rawdeal.grading.sandbox import Sandbox, prepare

    try:
        prepare(Sandbox())
    except RawdealError as exc:
        return str(exc)
    return None
