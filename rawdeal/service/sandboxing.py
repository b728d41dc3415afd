"""Whether submissions can be graded safely: the service grades only in the real sandbox.

A program from the internet runs only where the kernel confines it (bubblewrap: its own mount,
process and network namespaces). When that is not available the service still serves replays,
games and results, but refuses new submissions and says why (`/health` says it too).
"""

from __future__ import annotations

import shutil
import subprocess


def sandbox_problem(mode: str) -> str | None:
    """None when submissions may be graded; else the reason they are refused."""
    if mode == "none":
        return None
    from rawdeal.errors import RawdealError
    from rawdeal.grading import sandbox

    prepare = getattr(sandbox, "prepare", None)  # the kernel sandbox's own check (rawdeal.grading.sandbox)
    if prepare is None:
        return "this rawdeal's grading has no kernel sandbox (bubblewrap); only --sandbox none (trusted programs) grades"
    try:
        prepare(getattr(sandbox, "Sandbox")())
    except RawdealError as exc:
        return str(exc)
    return _bwrap_problem()


def _bwrap_problem() -> str | None:
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed: install it (apt-get install bubblewrap) to grade submissions"
    try:
        probe = subprocess.run([bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all",
                                "--die-with-parent", "true"], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap cannot start: {exc}"
    if probe.returncode != 0:
        why = probe.stderr.decode("utf-8", "replace").strip()
        return f"bubblewrap cannot make namespaces here ({why}); allow unprivileged user namespaces or run as root"
    return None
