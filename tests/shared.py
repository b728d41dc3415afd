"""The project's reference material, `../shared` beside the checkout, in one place for every test.

The course's test bank, its card database and the Classic pool are read from there, never copied
into the project. Without it the tests that need it skip, all with the one message below, which
says how to get it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
COURSE = SHARED / "course-tests"  # the course's bank: data/<cat>/ decks and data/<cat>-Tests/<n>.txt
CLASSIC = SHARED / "carddb" / "classic.json"  # the whole Classic card pool

MISSING = (f"the project's reference material is not at {SHARED}: put the shared/ folder (the course's test "
           "bank, card database and Classic pool) beside this checkout, as ../shared, to run this test")

needs_shared = pytest.mark.skipif(not (COURSE / "data").is_dir() or not CLASSIC.is_file(), reason=MISSING)


@pytest.fixture
def shared() -> Path:
    """`../shared`, or the test is skipped saying how to get it."""
    if not SHARED.is_dir():
        pytest.skip(MISSING)
    return SHARED
