"""Deck-building rules a card's own text says, read from its parse: "You may pack up to 6 copies of this card",
"You cannot pack this card when you are packing the card titled X or Y", a Superstar's "Your Arsenal may only
contain 45 cards", a Superstar's "Reveal 1 Enforcer card" (which Enforcers he may pack) and an Enforcer's "Can be
revealed by any GM Superstar" and "Can only be revealed if your Superstar card says you can reveal an Enforcer card".

The lowering accepts exactly these sentences as deck rules (no play effect, `is_deck_rule`), and the Classic deck
check applies them (`card_rules`, passed to `rawdeal.decks.classic.check_classic_deck`), so a sentence is never
accepted without being checked.
"""

from __future__ import annotations

from functools import cache

from rawdeal.cards.keywords import keyword
from rawdeal.cards.pool.model import PoolCard, slug
from rawdeal.decks.classic import CardRules, Reveal, TraitsGiven
from rawdeal.effects.classic.model import (
    Action, Cards, CardDesc, Phrase, Sentence, Statement, Value, ValueKind, walk,
)


def _said(node: object) -> list[str]:
    return [w.text.casefold() for w in walk(node) if hasattr(w, "text") and not isinstance(w, Value)]


def _subject(action: Action) -> list[list[str]]:
    return [_said(p) for p in action.subject]


def pack_copies(action: Action) -> int | None:
    """"You may pack up to 6 copies of this card": how many copies (None for any other sentence)."""
    if action.verb != "pack" or _subject(action) != [["you"], ["may"]] or len(action.parts) != 1:
        return None
    cards = [p for p in walk(action.parts[0]) if isinstance(p, Cards)]
    if len(cards) != 1:
        return None
    quantity, desc = (cards[0].parts + (None, None))[:2]
    if not (isinstance(quantity, Phrase) and quantity.kind == "up_to" and isinstance(desc, CardDesc)
            and desc.nouns == ("copy",) and not desc.words and len(desc.posts) == 1
            and _said(desc.posts[0]) == ["of", "this", "card"]):
        return None
    numbers = [v for v in walk(quantity) if isinstance(v, Value) and v.kind is ValueKind.NUMBER]
    return int(numbers[0].text) if len(numbers) == 1 and numbers[0].text.isdigit() else None


def packed_not_with(action: Action) -> tuple[str, ...] | None:
    """"You cannot pack this card when you are packing the card titled X or Y": the titles (None for any
    other sentence)."""
    if action.verb != "pack" or _subject(action) != [["you"], ["cannot"]] or len(action.parts) != 2:
        return None
    this, when = action.parts
    if _said(this) != ["this", "card"] or not isinstance(when, Phrase) or when.kind != "when_arg":
        return None
    said = _said(when)
    titles = tuple(v.text for v in walk(when) if isinstance(v, Value) and v.kind is ValueKind.TITLE)
    if said[:4] != ["when", "you", "is", "packing"] or not titles \
            or [w for w in said[4:] if w not in ("or", ",")] != ["the", "titled"]:  # "the card titled X or Y"
        return None
    return titles


def arsenal_size(st: Statement) -> int | None:
    """"Your Arsenal may only contain 45 cards" (a Superstar's): the size (None for any other sentence)."""
    if st.kind != "may_contain" or _said(st) != ["your", "arsenal", "may", "only", "contain"]:
        return None
    cards = [p for p in st.parts if isinstance(p, Cards)]
    quantity = cards[0].parts[0] if len(cards) == 1 and len(cards[0].parts) == 2 else None
    desc = cards[0].parts[1] if quantity is not None else None
    if not (isinstance(quantity, Phrase) and quantity.kind == "exactly" and isinstance(desc, CardDesc)
            and desc.nouns == ("card",) and not desc.words and not desc.posts):
        return None
    numbers = [v for v in walk(quantity) if isinstance(v, Value) and v.kind is ValueKind.NUMBER]
    return int(numbers[0].text) if len(numbers) == 1 and numbers[0].text.isdigit() else None


def enforcer_reveal(action: Action) -> Reveal | None:
    """"Reveal 1 Enforcer card", "Reveal any number of Raw Enforcer cards" (a Superstar's): what he can reveal from
    his Backstage area (None for any other sentence)."""
    if action.verb != "reveal" or action.subject or not action.parts:
        return None
    cards = [p for p in walk(action.parts[0]) if isinstance(p, Cards)]
    quantity, desc = (cards[0].parts + (None, None))[:2] if len(cards) == 1 and len(cards[0].parts) == 2 else (None, None)
    if not (isinstance(quantity, Phrase) and quantity.kind in ("exactly", "any_number", "quantity")
            and isinstance(desc, CardDesc) and desc.nouns == ("card",) and not desc.posts):
        return None
    nouns = [w for w in desc.words if isinstance(w, Phrase) and w.kind == "noun"]
    keywords = [v for w in desc.words if isinstance(w, Phrase) and w.kind == "trait" and len(w.parts) == 1
                for v in w.parts if isinstance(v, Value) and v.kind is ValueKind.TRAIT]
    if [_said(n) for n in nouns] != [["enforcer"]] or len(nouns) + len(keywords) != len(desc.words):
        return None
    numbers = [v for v in walk(quantity) if isinstance(v, Value) and v.kind is ValueKind.NUMBER]
    count = None if quantity.kind == "any_number" else int(numbers[0].text) if numbers and numbers[0].text.isdigit() \
        else 1
    return Reveal(count, frozenset(slug(k.text) for k in keywords))


def revealed_by(st: Statement) -> frozenset[str] | None:
    """"Can be revealed by any GM Superstar" (an Enforcer's): the keywords of the Superstars who can reveal it
    whatever their card says (None for any other sentence)."""
    by = [p for p in st.parts if isinstance(p, Phrase) and p.kind == "by_tail"]
    if st.kind != "can_be" or _said(st)[:4] != ["can", "be", "revealed", "by"] or len(by) != 1:
        return None
    cards = [p for p in by[0].parts if isinstance(p, Cards)]
    desc = cards[0].parts[-1] if len(cards) == 1 and len(cards[0].parts) == 2 else None
    if not (isinstance(desc, CardDesc) and desc.nouns == ("superstar",) and not desc.posts and desc.words
            and _said(cards[0].parts[0]) in (["any"], ["a"], ["an"])):
        return None
    keywords = [v for w in desc.words for v in walk(w) if isinstance(v, Value) and v.kind is ValueKind.TRAIT]
    return frozenset(slug(k.text) for k in keywords) if len(keywords) == len(desc.words) else None


def only_revealed_if_superstar_says(st: Statement) -> bool:
    """"Can only be revealed if your Superstar card says you can reveal an Enforcer card": the rule book's own rule
    for every Enforcer, which the deck check applies to all of them (`rawdeal.decks.classic._revealed`)."""
    return st.kind == "only_revealed" and _said(st) == [
        "can", "only", "be", "revealed", "if", "your", "superstar card", "say", "you", "can", "reveal", "an", "enforcer"]
    # (a card description's noun "card" is no word of the parse: `_said` reads words, not nouns)


_TRAIT_KINDS = ("is_trait", "trait_and_stats")


def traits_given(st: Statement) -> TraitsGiven | None:
    """"Your cards titled Chair Shot are not Heel cards", "Your Foreign Objects are not Heel cards", "Your cards
    titled Diversion are Set-up cards and -9F" (a Superstar's, about his own cards): which cards gain or lose which
    keyword (None for any other sentence, and for cards described otherwise than by title or one keyword)."""
    holder = st.parts[0] if st.kind in _TRAIT_KINDS and st.parts else None
    group = holder.parts[0] if isinstance(holder, Phrase) and holder.kind == "holder" and len(holder.parts) == 1 \
        else None
    if not (isinstance(group, Phrase) and group.kind == "card_group" and len(group.parts) == 2
            and _said(group.parts[0]) == ["your"] and isinstance(group.parts[1], CardDesc)):
        return None
    found = _described(group.parts[1])
    rest = st.parts[1:]
    traits = [v for v in rest if isinstance(v, Value) and v.kind is ValueKind.TRAIT]
    said = [w for w in _said(Phrase("rest", tuple(p for p in rest if not (isinstance(p, Phrase) and p.kind == "stats"))))]
    negated = said[:2] == ["is", "not"]
    if found is None or len(traits) != 1 or said != ["is", *(["not"] if negated else []), "card",
                                                     *(["and"] if st.kind == "trait_and_stats" else [])]:
        return None
    titles, key = found
    mark = frozenset({slug(traits[0].text)})
    return TraitsGiven(titles, key, frozenset() if negated else mark, mark if negated else frozenset())


def _described(desc: CardDesc) -> tuple[frozenset[str], str | None] | None:
    """"cards titled X and Y" (the titles, casefolded), "Foreign Objects" (a keyword a card prints)."""
    if desc.words:
        return None
    if desc.nouns == ("card",) and len(desc.posts) == 1 and isinstance(desc.posts[0], Phrase) \
            and desc.posts[0].kind == "titled":
        titles = [v.text.casefold() for v in desc.posts[0].parts if isinstance(v, Value) and v.kind is ValueKind.TITLE]
        return (frozenset(titles), None) if titles else None
    if len(desc.nouns) == 1 and not desc.posts and desc.nouns[0] != "card" and keyword(desc.nouns[0]) is not None:
        return frozenset(), slug(desc.nouns[0])
    return None


def is_deck_rule(action: Action) -> bool:
    """A sentence about deck building the Classic deck check applies."""
    return pack_copies(action) is not None or packed_not_with(action) is not None


def card_rules(card: PoolCard) -> CardRules:
    """The deck rules `card`'s text says (none for most cards)."""
    return _text_rules(card.text)


@cache
def _text_rules(text: str) -> CardRules:
    said = text.casefold()
    if "pack" not in said and "contain" not in said and "reveal" not in said and " are " not in said:
        return CardRules()
    from rawdeal.effects.classic.pool import classic_compiler

    copies: int | None = None
    arsenal: int | None = None
    not_with: list[str] = []
    reveals: list[Reveal] = []
    by: frozenset[str] = frozenset()
    traits: list[TraitsGiven] = []
    for sentence in classic_compiler().compile(text).sentences:
        if not isinstance(sentence, Sentence):
            continue
        for item in sentence.items:
            if isinstance(item, Action):
                copies = pack_copies(item) if pack_copies(item) is not None else copies
                not_with += packed_not_with(item) or ()
                reveals += [r for r in (enforcer_reveal(item),) if r is not None]
            elif isinstance(item, Statement) and arsenal_size(item) is not None:
                arsenal = arsenal_size(item)
            elif isinstance(item, Statement):
                by |= revealed_by(item) or frozenset()
                traits += [given for given in (traits_given(item),) if given is not None]
    return CardRules(copies, frozenset(not_with), arsenal, tuple(reveals), by, tuple(traits))
