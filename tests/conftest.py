"""Hypothesis profiles: `ci` (the default: a small budget, every run) and `deep` (a long fuzzing run).

Select one with `RAWDEAL_FUZZ=deep python -m pytest tests/test_fuzz.py` (or pytest's
`--hypothesis-profile=deep`). Tests that fix their own `max_examples` keep it in every profile."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("deep", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("RAWDEAL_FUZZ", "ci"))

from shared import shared as shared  # noqa: E402 - the one fixture for ../shared, for every test module
