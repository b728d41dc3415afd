"""What `rawdeal cards --pool/--pool-file` and `rawdeal card` print for a pool (text in, text out)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from rawdeal.cards.pool.load import POOLS, classic_pool, read_source_pool
from rawdeal.cards.pool.model import PoolCard
from rawdeal.errors import UsageError


def _json(data: object) -> str:
    return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()


def pool_cards(pool: str, pool_file: Path | None) -> tuple[PoolCard, ...]:
    if pool_file is not None:
        return read_source_pool(pool_file)
    if pool not in POOLS:
        raise UsageError(f"--pool must be one of {', '.join(POOLS)}, not {pool!r}")
    return classic_pool()


def list_or_check(pool: str, pool_file: Path | None, fmt: str, check: bool, **filters: Any) -> tuple[str, bool]:
    """The listing and whether it succeeded (the --check report is `rawdeal.checks.classic.check_output`)."""
    cards = pool_cards(pool, pool_file)
    from rawdeal.cards.pool.query import filter_pool, pool_dict, pool_row

    found = filter_pool(cards, **filters)
    if fmt == "json":
        return _json([pool_dict(c) for c in found]), True
    return "\n".join(pool_row(c) for c in found), True


def show_card(title: str) -> str:
    """Every printing of a Classic card, its text sentence by sentence, compiled and said back."""
    from rawdeal.cards.pool.query import find_in_pool, pool_row
    from rawdeal.effects.classic.pool import pool_compiler
    from rawdeal.effects.classic.model import SentenceFailure
    from rawdeal.effects.classic.render import render_sentence

    cards = classic_pool()
    found = find_in_pool(cards, title)
    first = found[-1]  # the latest printing: its wording is the one in force (as in the deck check)
    lines = [pool_row(c) for c in found]
    extra = [f"traits: {', '.join(first.traits)}" if first.traits else "",
             f"logos: {', '.join(first.logos)}" if first.logos else ""]
    if any(extra):
        lines.append("  ".join(e for e in extra if e))
    lines.append(f"text: {first.text or '(none)'}")
    compiled = pool_compiler(cards).compile(first.text)
    if compiled.sentences:
        lines.append("meaning:" + (" (from the override table)" if compiled.override else ""))
    for sentence in compiled.sentences:
        lines.append(f"  {render_sentence(sentence)}")
        if isinstance(sentence, SentenceFailure):
            lines.append(f"    {sentence.message()}")
    lines += _played(first)
    return "\n".join(lines)


def _played(card: PoolCard) -> list[str]:
    """What the engine plays of the card: its lowered effect, or why it cannot play it yet."""
    from rawdeal.effects.classic.playable import is_played_kind, lowered_classic
    from rawdeal.effects.render import render_effect

    if not card.text.strip():
        return []
    lowered = lowered_classic().by_title()[card.title].lowered
    if lowered.effect is None:
        return ["the engine cannot play it yet:", *(f"  {u.message()}" for u in lowered.unlowered)]
    if lowered.ability is not None:
        return ["ability: lowered to the engine's Superstar ability"]
    if not is_played_kind(card):
        return ["effects: lowered, but the engine does not play this kind of card yet"]
    return [f"effects: {render_effect(lowered.effect) or '(none in play)'}"]
