"""Card descriptions that select by printed properties: any keyword of the data ("Heat", "non-Throwback",
"Volley"), "Superstar-specific", "hybrid", "non-Maneuver", "with the Raw logo". They lower to marks
(`rawdeal.cards.marks`), plain names the engine compares with each card's own, so a keyword the grammar
reads as a TRAIT works whether or not the engine's `Trait` enum names it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rawdeal.cards.marks import HYBRID, SUPERSTAR_SPECIFIC, keyword_mark, logo_mark, type_mark
from rawdeal.effects.classic.model import Phrase, Value, ValueKind, Word

_TYPE_NOUNS = ("maneuver", "action", "reversal")


def word_mark(kind: str, said: str) -> tuple[str, bool] | None:
    """A description's word as (mark, negated): "Heat" -> ("heat", False), "non hybrid" -> ("hybrid", True),
    "non maneuver" -> ("type:maneuver", True); None for a word that is no mark."""
    negated = said.startswith("non ")
    name = said[4:] if negated else said
    if kind == "trait":
        return keyword_mark(name), negated
    if kind == "superstar_specific":
        return SUPERSTAR_SPECIFIC, negated
    if kind == "hybrid":
        return HYBRID, negated
    if kind == "not_noun" and name in _TYPE_NOUNS:
        return type_mark(name), True
    return None


def logo_marks(post: Phrase) -> tuple[str, ...] | None:
    """"with the Raw logo", "with the SmackDown! logo", "with the Eugene logo": the logo's mark; None for
    several logos (whether a card needs all or any of them is not said the same way everywhere)."""
    if post.kind != "with_logo":
        return None
    names = [p for p in post.parts if isinstance(p, Value) and p.kind in (ValueKind.TRAIT, ValueKind.SUPERSTAR)]
    if len(names) != 1:
        return None
    return (logo_mark(names[0].text),)


_PROPERTY_KINDS = ("trait", "superstar_specific", "hybrid")
_TRAIT_NOUNS = ("foreign object",)


def is_property(item: object, words: Callable[[object], list[str]]) -> bool:
    """A description word that names a printed property ("Heat", "Unique", "Superstar-specific", "hybrid")."""
    if not isinstance(item, Phrase):
        return False
    return item.kind in _PROPERTY_KINDS or (item.kind == "noun" and " ".join(words(item)) in _TRAIT_NOUNS)


def either_marks(items: Sequence[object], words: Callable[[object], list[str]]) -> tuple[str, ...] | None:
    """"any Face, Heel, Chain, Heat, or Volley card": the marks of properties joined by "or" (a card with
    any of them); () when the description names fewer than two properties or does not join them by "or";
    None for a "non" among the alternatives ("non-hybrid or unique"), which is not read yet."""
    props = [i for i in items if is_property(i, words)]
    joined = any("or" in words(i) for i in items if not is_property(i, words))
    if len(props) < 2 or not joined:
        return ()
    out = []
    for item in props:
        assert isinstance(item, Phrase)
        said = " ".join(words(item))
        mark = word_mark(item.kind if item.kind != "noun" else "trait", said)
        if mark is None or mark[1]:
            return None
        out.append(mark[0])
    return tuple(out)


def either_title(titled: Phrase) -> tuple[str, ...]:
    """"titled A, B, or C": the titles, when "or" joins them (any of them); () when "and" does ("the cards
    titled A and B" are each of them, which a filter of one card cannot say)."""
    joiners = {p.text for p in titled.parts if isinstance(p, Word) and p.text in ("and", "or")}
    titles = [p.text for p in titled.parts if isinstance(p, Value) and p.kind is ValueKind.TITLE]
    # a conjunction printed in capitals ("X, Y, OR Z") is read into the title after it: it is no part of it
    caps = {t.split()[0] for t in titles[1:] if t.split()[0] in ("OR", "AND")}
    if (joiners | {c.lower() for c in caps}) != {"or"}:
        return ()
    return tuple(" ".join(w for i, w in enumerate(t.split()) if i or w not in ("OR", "AND")) for t in titles)
