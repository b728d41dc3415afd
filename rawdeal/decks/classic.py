"""The Classic deck-building rules (official rule book v17), checked against the Classic pool.

An Arsenal of exactly 60 cards plus a Superstar card; Pre-match and Mid-match cards form the Backlash
deck (at most 10 of each). At most 3 copies of a title, with the keyword registry's exceptions (Unique
and Universally Unique: 1; Set-up: any number); Heel and Face cards never together; a card with
Superstar logos only in the deck of a Superstar with one of them; and a card whose text says "Can only be
packed by X" / "Cannot be packed by X" (read by the Classic grammar) only where that allows.
A Superstar's statement giving or taking a keyword from his cards ("Your cards titled Chair Shot are not Heel
cards", "Your cards titled Ego Boost are Set-up cards") changes their side and their copy limit; other Superstar abilities that change these limits are not applied.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from collections.abc import Callable, Iterable, Iterator, Sequence

from rawdeal.cards.db import suggest
from rawdeal.cards.pool.model import PoolCard, slug
from rawdeal.decks.model import Deck, Rule, Violation
from rawdeal.decks.report import DeckReport, each_deck
from rawdeal.decks.reader import read_deck
from rawdeal.decks.rules import copy_violations
from rawdeal.cards.keywords import KEYWORDS, keyword

ARSENAL = 60
BACKLASH = {"pre-match": 10, "mid-match": 10}
BACKSTAGE = ("enforcer", "backstage")  # kinds of card packed in the Backstage area, not the Arsenal
MAX_COPIES = 3


class ClassicPool:
    """The pool's cards by printed title (the latest printing wins) and its Superstars by name and logo.

    A deck may write a title in other capitals, but the pool prints a few titles twice in different capitals
    ("Entangle In the Ropes", Backlash; "Entangle in the Ropes", Royal Rumble) for different cards: such a
    line must name one as printed."""

    def __init__(self, cards: Sequence[PoolCard]) -> None:
        self.by_title = {c.title: c for c in cards if not c.is_superstar}
        self.spellings: dict[str, list[str]] = {}  # casefolded title -> the printed titles it matches
        for title in self.by_title:
            self.spellings.setdefault(title.casefold(), []).append(title)
        self.superstars = {who(c.title): c for c in cards if c.is_superstar}  # "THE UNDERTAKER" = "Undertaker"
        for card in cards:
            if card.is_superstar:
                for logo in card.logos:
                    self.superstars.setdefault(who(logo), card)

    def find(self, title: str) -> PoolCard | None:
        """The card a deck line names: its printed title, or the only one it spells in other capitals."""
        card = self.by_title.get(title)
        if card is None:
            printed = self.spellings.get(title.casefold(), ())
            card = self.by_title[printed[0]] if len(printed) == 1 else None
        return card


# Who may pack a card: (Superstars who alone may, Superstars who may not), or None. The Classic grammar
# reads it from the card's text (`rawdeal.effects.classic.packing.packing_rule`); decks sit below the
# grammar's layer, so the caller passes it in.
PackingRule = Callable[[PoolCard], "tuple[frozenset[str], frozenset[str]] | None"]


@dataclass(frozen=True, slots=True)
class TraitsGiven:
    """A Superstar's "Your cards titled Chair Shot are not Heel cards", "Your Foreign Objects are not Heel cards":
    which of his cards (by title, or by a keyword they print: no test is any card), and the keywords (slugs) they
    gain and lose. Heel and Face are chosen when the deck is built (rulebook, "Heel and Face Cards"), so his
    statement holds there too."""

    titles: frozenset[str] = frozenset()  # casefolded
    keyword: str | None = None  # a keyword slug the card prints ("foreign-object")
    gains: frozenset[str] = frozenset()
    loses: frozenset[str] = frozenset()

    def of(self, card: PoolCard) -> bool:
        return (not self.titles or card.title.casefold() in self.titles) \
            and (self.keyword is None or self.keyword in card.trait_slugs)


def keywords(card: PoolCard, given: Sequence[TraitsGiven]) -> frozenset[str]:
    """A card's keyword slugs in a deck whose Superstar's statements `given` (in printed order) change them."""
    have = card.trait_slugs
    for g in given:
        if g.of(card):
            have = (have - g.loses) | g.gains
    return have


@dataclass(frozen=True, slots=True)
class CardRules:
    """Deck rules a card's own text says (read by the Classic grammar: `rawdeal.effects.classic.deckrules`):
    "You may pack up to 6 copies of this card", "You cannot pack this card when you are packing the card
    titled X"."""

    copies: int | None = None  # the copies a deck may hold, instead of the usual limit
    not_with: frozenset[str] = frozenset()  # titles a deck holding this card may not hold
    arsenal: int | None = None  # a Superstar's "Your Arsenal may only contain 45 cards": its Arsenal's size
    reveals: tuple[Reveal, ...] = ()  # a Superstar's "Reveal 1 Enforcer card", "Reveal any number of Raw Enforcer ..."
    revealed_by: frozenset[str] = frozenset()  # an Enforcer's "Can be revealed by any GM Superstar": keyword slugs
    traits: tuple[TraitsGiven, ...] = ()  # a Superstar's "Your cards titled X are not Heel cards"


@dataclass(frozen=True, slots=True)
class Reveal:
    """What a Superstar card says he can reveal from his Backstage area: `count` Enforcer cards (None: any number;
    how many he reveals, not packs) bearing every one of `keywords` (slugs of keywords or logos: "Raw Enforcer
    cards")."""

    count: int | None
    keywords: frozenset[str] = frozenset()

    def covers(self, card: PoolCard) -> bool:
        return self.keywords <= card.trait_slugs | {slug(logo) for logo in card.logos}


TextRules = Callable[[PoolCard], CardRules]


def check_classic_paths(paths: Iterable[str], cards: Sequence[PoolCard],
                        packing: PackingRule | None = None, rules: TextRules | None = None) -> Iterator[DeckReport]:
    pool = ClassicPool(cards)

    def check(path: str) -> DeckReport:
        deck = read_deck(path)
        return DeckReport(path, deck.superstar or None, len(deck.cards), check_classic_deck(deck, pool, packing, rules))

    return each_deck(paths, check)


def check_classic_deck(deck: Deck, pool: ClassicPool, packing: PackingRule | None = None,
                       rules: TextRules | None = None) -> tuple[Violation, ...]:
    superstar = pool.superstars.get(who(deck.superstar)) if deck.superstar else None
    found = list(deck.problems)
    if deck.superstar and superstar is None:
        found.append(Violation(deck.superstar_line, Rule.UNKNOWN_SUPERSTAR,
                               f"unknown Superstar {deck.superstar!r}{suggest(deck.superstar, sorted({c.title for c in pool.superstars.values()}))}"))
    known = [(e.line, card) for e in deck.cards if (card := pool.find(e.title)) is not None]
    found += _unknown(deck, pool)
    found += _sizes(deck, known, (rules(superstar).arsenal if rules and superstar else None) or ARSENAL)
    given = rules(superstar).traits if rules and superstar else ()
    found += _copies(known, rules, given)
    found += _heel_face(known, given)
    if rules is not None:
        found += _packed_with(known, rules)
    if rules is not None and superstar is not None:
        found += _revealed(known, superstar, rules)
    if superstar is not None:
        found += _logos(known, superstar)
        if packing is not None:
            found += _packed_by(known, superstar, packing)
    return tuple(sorted(found, key=lambda v: v.line))


def _unknown(deck: Deck, pool: ClassicPool) -> Iterator[Violation]:
    for entry in dict.fromkeys(deck.cards):
        if pool.find(entry.title) is not None:
            continue
        printed = pool.spellings.get(entry.title.casefold(), [])
        if len(printed) > 1:
            yield Violation(entry.line, Rule.UNKNOWN_CARD,
                            f"{entry.title!r} could be {' or '.join(map(repr, printed))}, printings with different texts: "
                            f"write the title as printed")
        elif who(entry.title) in pool.superstars:
            yield Violation(entry.line, Rule.FORMAT, f"{entry.title!r} is a Superstar card: name it on the first line")
        else:
            yield Violation(entry.line, Rule.UNKNOWN_CARD,
                            f"unknown card {entry.title!r}{suggest(entry.title, list(pool.by_title))}")


def _part(card: PoolCard) -> str:
    if any(k in card.kinds for k in BACKSTAGE):
        return "backstage"  # rule book, "Backstage Area": a separate area from the Arsenal and the Backlash deck
    return next((k for k in BACKLASH if k in card.kinds), "arsenal")


def _sizes(deck: Deck, known: list[tuple[int, PoolCard]], size: int = ARSENAL) -> Iterator[Violation]:
    parts = Counter(_part(card) for _, card in known)
    unknown = len(deck.cards) - len(known)
    arsenal = parts["arsenal"] + unknown
    last = deck.cards[-1].line if deck.cards else deck.superstar_line
    if arsenal != size:
        fix = f"add {size - arsenal}" if arsenal < size else f"remove {arsenal - size}"
        whose = "an Arsenal" if size == ARSENAL else "this Superstar's Arsenal"
        yield Violation(last, Rule.DECK_SIZE, f"{arsenal} Arsenal cards ({whose} has exactly {size}): {fix}")
    for part, limit in BACKLASH.items():
        if parts[part] > limit:
            yield Violation(last, Rule.DECK_SIZE,
                            f"{parts[part]} {part.title()} cards (a Backlash deck holds at most {limit}): remove {parts[part] - limit}")


def copy_limit(card: PoolCard) -> int | None:
    """How many copies a deck may hold, from the keyword registry (None: any number)."""
    return _copy_limit(tuple(card.traits))


@cache
def _copy_limit(traits: tuple[str, ...]) -> int | None:
    """Worked out once per set of keywords (random decks ask it for every card of every deck)."""
    limits = [k.copies for k in map(keyword, traits) if k is not None and k.copies is not None]
    if 0 in limits:
        return None
    return min(limits, default=MAX_COPIES)


_BY_SLUG = {slug(k.name): k for k in KEYWORDS}


@cache
def _slugs_limit(slugs: frozenset[str]) -> int | None:
    """`_copy_limit` of a card whose keywords (slugs) its Superstar's statements changed."""
    limits = [k.copies for k in map(_BY_SLUG.get, sorted(slugs)) if k is not None and k.copies is not None]
    if 0 in limits:
        return None
    return min(limits, default=MAX_COPIES)


def _copies(known: list[tuple[int, PoolCard]], rules: TextRules | None,
            given: Sequence[TraitsGiven] = ()) -> Iterator[Violation]:
    def limit(card: PoolCard) -> int | None:
        said = rules(card).copies if rules is not None else None
        if said is not None:
            return said
        # "Your cards titled Ego Boost are Set-up cards" (Randy Orton): Set-up cards may be packed in any number
        return _slugs_limit(keywords(card, given)) if any(g.of(card) for g in given) else copy_limit(card)

    # Every version of a title counts together, at the lowest limit of those packed ("if one of the Throwbacks
    # is Unique, you can only pack 1 total"); a Throwback may print the title in other capitals.
    named: dict[str, str] = {}
    limits: dict[str, list[int | None]] = {}
    for _, card in known:
        fold = card.title.casefold()
        named.setdefault(fold, card.title)
        limits.setdefault(fold, []).append(limit(card))
    least = {fold: min((n for n in ns if n is not None), default=None) for fold, ns in limits.items()}
    return copy_violations([(line, named[fold], least[fold]) for line, card in known
                            for fold in (card.title.casefold(),)])


def _packed_with(known: list[tuple[int, PoolCard]], rules: TextRules) -> Iterator[Violation]:
    """"You cannot pack this card when you are packing the card titled X": never both in one deck."""
    held = {card.title.casefold() for _, card in known}
    for line, card in _distinct(known):
        clash = sorted(t for t in rules(card).not_with if t.casefold() in held)
        if clash:
            yield Violation(line, Rule.PACKED_WITH, f"{card.title!r} cannot be packed with {', '.join(clash)}; "
                                                    f"remove one of them")


def _revealed(known: list[tuple[int, PoolCard]], superstar: PoolCard, rules: TextRules) -> Iterator[Violation]:
    """Rule book, "Backstage Area": Enforcers "can only be packed if your Superstar can reveal these cards": as his
    card says ("Reveal 1 Enforcer card", "Reveal any number of Raw Enforcer cards"), or as the Enforcer's does
    ("Can be revealed by any GM Superstar"). (How many he reveals limits no packing: he picks which.)"""
    rights = rules(superstar).reveals
    enforcers = [(line, card) for line, card in known if "enforcer" in card.kinds]
    for line, card in _distinct(enforcers):
        if not any(r.covers(card) for r in rights) and not rules(card).revealed_by & superstar.trait_slugs:
            yield Violation(line, Rule.REVEALED, f"{card.title!r} is an Enforcer {superstar.title}'s card does not say "
                                                 f"he can reveal; remove it")


def _heel_face(known: list[tuple[int, PoolCard]], given: Sequence[TraitsGiven] = ()) -> Iterator[Violation]:
    sides = {side: [(line, c) for line, c in known if side in keywords(c, given)] for side in ("heel", "face")}
    if sides["heel"] and sides["face"]:
        minority = min(sides.values(), key=len)
        line, card = minority[0]
        yield Violation(line, Rule.HEEL_FACE, f"Heel and Face cards in one deck ({len(sides['heel'])} Heel, "
                                              f"{len(sides['face'])} Face, e.g. {card.title!r}): keep one side")


@cache
def who(name: str) -> str:
    """A Superstar name or logo as compared for packing ("The Rock" and "Rock" are one)."""
    return slug(name).removeprefix("the-")


def superstar_names(superstar: PoolCard) -> set[str]:
    return {who(logo) for logo in superstar.logos} | {who(superstar.title)}


def _distinct(known: list[tuple[int, PoolCard]]) -> Iterable[tuple[int, PoolCard]]:
    """Each deck line's card once ("3 X" is three entries of one line), keyed by strings: a printed card's
    own hash reads all its fields."""
    return {(line, card.title): (line, card) for line, card in known}.values()


def _logos(known: list[tuple[int, PoolCard]], superstar: PoolCard) -> Iterator[Violation]:
    mine = superstar_names(superstar)
    for line, card in _distinct(known):
        if card.logos and not mine & {who(logo) for logo in card.logos}:
            yield Violation(line, Rule.SUPERSTAR_LOGO, f"{card.title!r} carries the logo of {', '.join(card.logos)}: "
                                                       f"{superstar.title}'s deck may not hold it; remove it")


def _packed_by(known: list[tuple[int, PoolCard]], superstar: PoolCard, packing_rule: PackingRule) -> Iterator[Violation]:
    mine = superstar_names(superstar)
    for line, card in _distinct(known):
        rule = packing_rule(card)
        if rule is None:
            continue
        only, never = rule
        if (only and not mine & only) or (mine & never):
            who = ", ".join(sorted(only or never))
            word = "can only be packed by" if only else "cannot be packed by"
            yield Violation(line, Rule.PACKED_BY, f"{card.title!r} {word} {who}; remove it")
