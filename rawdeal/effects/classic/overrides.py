"""The declared, counted table of per-card overrides: printed texts that are true one-offs, each with
an equivalent wording in the grammar's language. `rawdeal cards --pool classic --check` counts them
(goal: at most 3% of the distinct texts)."""

from __future__ import annotations

OVERRIDES: dict[str, str] = {
}
