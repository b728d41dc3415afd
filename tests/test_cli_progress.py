"""Long commands show a progress bar with the time left on a terminal, and nothing when piped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pexpect

RAWDEAL = str(Path(sys.executable).parent / "rawdeal")


def test_selfplay_shows_progress_on_a_terminal_only() -> None:
    args = ["selfplay", "--games", "400", "--seed", "3"]
    child = pexpect.spawn(RAWDEAL, args, dimensions=(24, 120), timeout=120, encoding="utf-8")
    child.expect(pexpect.EOF)
    child.close()
    shown = child.before or ""
    assert child.exitstatus == 0 and "games: 400" in shown
    assert "games" in shown and "%" in shown and "left" in shown  # the bar: label, share done, time left
    piped = subprocess.run([RAWDEAL, *args], capture_output=True, text=True, check=True)
    assert "%" not in piped.stderr and "left" not in piped.stderr
