"""Convert a RawDealDb-style JSON pool (`../shared/carddb/classic.json`) into rawdeal's pool format
(the command that writes the file is `python -m rawdeal.io.pool_file`, see there).

rawdeal's format is one JSON object per card and per line (diffs stay readable), with rawdeal's
own field names: `title`, `set`, `types` (the printed type line split on ` / `), `f`, `d`, `sv`,
`traits`, `logos`, `text`, and `hs` / `ssv` (Hand Size, Superstar Value) for Superstar cards.
Fields a card does not have are left out. Cards keep the source's order (set by set).
"""

from __future__ import annotations

from typing import Any

import orjson

from rawdeal.errors import CardDataError
from rawdeal.cards.pool.model import PoolCard

FORMAT = "rawdeal-pool/1"


def _int(value: Any) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def card_from_source(raw: dict[str, Any]) -> PoolCard:
    """One source record (the layout of `classic.json`) as a `PoolCard`."""
    try:
        return PoolCard(
            title=raw["name"].strip(), set=raw.get("set", ""), modes=tuple(m.strip() for m in raw["modes"]),
            fortitude=_int(raw.get("fortitude")), damage=_int(raw.get("damage")),
            stun_value=_int(raw.get("stun_value")), traits=tuple(raw.get("traits") or ()),
            logos=tuple(raw.get("superstar_logos") or ()), text=(raw.get("text") or "").strip(),
            hand_size=_int(raw.get("hand_size")), superstar_value=_int(raw.get("superstar_value")),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise CardDataError(f"card {raw.get('name')!r}: bad or missing field {exc}") from None


def card_to_record(card: PoolCard) -> dict[str, Any]:
    record: dict[str, Any] = {"title": card.title, "set": card.set, "types": list(card.modes)}
    for key, value in (("f", card.fortitude), ("d", card.damage), ("sv", card.stun_value),
                       ("hs", card.hand_size), ("ssv", card.superstar_value)):
        if value is not None:
            record[key] = value
    if card.traits:
        record["traits"] = list(card.traits)
    if card.logos:
        record["logos"] = list(card.logos)
    if card.text:
        record["text"] = card.text
    return record


def dumps(cards: list[PoolCard], source: str) -> bytes:
    lines = [orjson.dumps(card_to_record(c)) for c in cards]
    head = orjson.dumps({"format": FORMAT, "source": source})[:-1]
    return head + b', "cards": [\n' + b",\n".join(lines) + b"\n]}\n"
