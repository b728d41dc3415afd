"""Reading pools: the shipped Classic pool (rawdeal's format) and any pool file in the source layout."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from rawdeal.errors import CardDataError
from rawdeal.cards.pool.model import PoolCard

DATA = Path(__file__).resolve().parent.parent.parent / "data" / "classic.json"
POOLS = ("course", "classic")


def _read_json(path: Path) -> Any:
    from rawdeal.inputs import POOL_CAP, parse_json, read_input

    data = read_input(path, POOL_CAP, "pool file")
    try:
        return parse_json(data)
    except ValueError as exc:  # orjson.JSONDecodeError is one
        raise CardDataError(f"{path}: not JSON: {exc}") from None


def _record_card(raw: dict[str, Any]) -> PoolCard:
    try:
        return PoolCard(
            title=raw["title"], set=raw.get("set", ""), modes=tuple(raw["types"]), fortitude=raw.get("f"),
            damage=raw.get("d"), stun_value=raw.get("sv"), traits=tuple(raw.get("traits", ())),
            logos=tuple(raw.get("logos", ())), text=raw.get("text", ""), hand_size=raw.get("hs"),
            superstar_value=raw.get("ssv"),
        )
    except (KeyError, TypeError) as exc:
        raise CardDataError(f"pool card {raw.get('title')!r}: bad or missing field {exc}") from None


@cache
def classic_pool() -> tuple[PoolCard, ...]:
    """The shipped Classic pool (2,567 cards), read once per process."""
    data = _read_json(DATA)
    return tuple(_record_card(r) for r in data["cards"])


def read_source_pool(path: Path) -> tuple[PoolCard, ...]:
    """A pool in the layout of `../shared/carddb/classic.json` (a list of records, or {"cards": [...]})."""
    from rawdeal.cards.pool.convert import card_from_source

    data = _read_json(path)
    records = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise CardDataError(f"{path}: expected a JSON list of card records, each with name, modes and text")
    return tuple(card_from_source(r) for r in records)
