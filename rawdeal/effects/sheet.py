"""A course card as people read it: its data, printed text, compiled effect and that effect in English.

One text for `rawdeal card` and for `card NAME` during `rawdeal play`, so the two never drift; the
printed text and the compiled meaning sit side by side, so a reader can check one against the other.
"""

from __future__ import annotations

from rawdeal.cards.model import Card
from rawdeal.cards.query import card_row


def card_sheet(card: Card, tree: bool = True) -> str:
    """The card's row, traits, text and meaning; with `tree`, the compiled effect tree as well."""
    from rawdeal.effects.render import effect_tree, render_effect
    from rawdeal.effects.store import shipped

    effect = shipped().cards[card.title]
    extra = [f"traits: {', '.join(sorted(t.value for t in card.traits))}" if card.traits else "",
             f"logo: {card.logo}" if card.logo else "", f"reverses: {card.reverses}" if card.reverses else ""]
    lines = [card_row(card)]
    if any(extra):
        lines.append("  ".join(e for e in extra if e))
    lines.append(f"text: {card.text or '(none)'}")
    if tree:
        lines += ["effect:", _indent(effect_tree(effect))]
    lines += ["meaning:", _indent(render_effect(effect))]
    return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())
