"""The engine over a Classic pool: its playable cards as a `Catalog`, and random legal Classic decks.

Only cards the engine can play go in: maneuvers, actions and reversals (and their hybrids) whose whole
text lowered to effects (`rawdeal.effects.classic.playable`). A card whose text the engine cannot run is
left out, never played as if it had no text. Superstars come with their printed hand size and value, and
with their ability where its text lowered ("Once during each of your turns you may ..."); the others play
without one (`Ability(NONE)`): `rawdeal cards --pool classic --check` lists why.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property

from rawdeal.cards import Card, CardDB, CardType, Superstar, Trait
from rawdeal.cards.marks import card_marks, superstar_marks
from rawdeal.cards.pool.model import PoolCard, slug
from rawdeal.decks.classic import ARSENAL, BACKLASH, ClassicPool, copy_limit, superstar_names, who
from rawdeal.effects import model as fx
from rawdeal.effects.classic.playable import LoweredPool, card_types, lowered_classic
from rawdeal.engine.backlash import backlash_part, backlash_traits, is_pre_match
from rawdeal.decks.model import Deck
from rawdeal.engine import events as ev
from rawdeal.engine.cardinfo import Catalog, _info
from rawdeal.engine.game import Game
from rawdeal.engine.words import Profile
from rawdeal.errors import DeckError

_TRAITS = {t.value: t for t in Trait}
SIDES = ("heel", "face")
MOST_AT_ONCE = 3


def engine_card(card: PoolCard) -> Card:
    """The engine's card for a printed Classic card of a played kind, or a Pre-match card (no type the
    engine plays from the hand: it is played in the Pre-match phase, `rawdeal.engine.prematch`)."""
    kinds, subtype = card_types(card)
    if is_pre_match(card):
        kinds, subtype = (), None
    elif backlash_part(card):  # a Mid-match card: never played as a reversal (from the Backlash deck)
        kinds = tuple(k for k in kinds if k is not CardType.REVERSAL)
    reversal = CardType.REVERSAL in kinds
    damage = card.damage if card.damage is not None or reversal else 0
    return Card(
        title=card.title, types=kinds, fortitude=card.fortitude or 0, damage=damage,
        stun_value=card.stun_value or 0, subtype=subtype, reverses="special" if reversal else None,
        traits=frozenset(_TRAITS[t] for t in map(slug, card.traits) if t in _TRAITS) | backlash_traits(card),
        text=card.text, marks=card_marks(card.traits, card.logos, kinds, card.title, card.modes, card.stun_value,
                                                     card.fortitude),
    )


def engine_superstar(card: PoolCard) -> Superstar:
    return Superstar(name=card.title, logo=card.title, hand_size=card.hand_size or 0,
                     value=card.superstar_value or 0, ability=card.text,
                     marks=superstar_marks(card.traits, (card.title, *card.logos)))


@dataclass(frozen=True)
class ClassicCatalog:
    """The catalog of a Classic pool's playable cards, and the printed cards it was made from."""

    catalog: Catalog
    printed: dict[str, PoolCard]  # title -> the printed card (cards and Superstars)
    rooms: dict[tuple[str, str], list[tuple[str, int]]] = field(default_factory=dict, compare=False, repr=False)
    room_sizes: dict[tuple[str, str], int] = field(default_factory=dict, compare=False, repr=False)  # copies in all
    # the copies of each title the room prints in several spellings (`_shared_copies`)
    room_shared: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def superstars(self) -> tuple[PoolCard, ...]:
        return tuple(c for c in self.printed.values() if c.is_superstar)

    @cached_property
    def stars_by_title(self) -> tuple[PoolCard, ...]:
        return tuple(sorted(self.superstars, key=lambda c: c.title))

    @cached_property
    def pre_match(self) -> frozenset[str]:
        """The titles of the catalog's Pre-match cards (played from the Backlash deck, never in an Arsenal)."""
        return frozenset(t for t, part in self.backlash.items() if part == "pre-match")

    @cached_property
    def backlash(self) -> dict[str, str]:
        """The titles of the catalog's Backlash deck cards -> "pre-match" or "mid-match"."""
        return {t: part for t, c in self.printed.items() if (part := backlash_part(c))}

    @cached_property
    def star_names(self) -> dict[str, str]:
        """A Superstar's name as packing compares it -> his title."""
        return {who(s.title): s.title for s in self.superstars}

    @cached_property
    def packing(self) -> tuple[_Packing, ...]:
        """What deck building asks of each playable card, worked out once (every random deck asks it)."""
        from rawdeal.effects.classic.deckrules import card_rules
        from rawdeal.effects.classic.packing import packing_rule

        out = []
        for info in self.catalog.infos:
            card = self.printed[info.title]
            out.append(_Packing(card.title, card.trait_slugs, frozenset(who(x) for x in card.logos),
                                packing_rule(card), copy_limit(card) or ARSENAL, bool(card_rules(card).not_with)))
        return tuple(out)

    @cached_property
    def packing_by_part(self) -> dict[str, tuple[_Packing, ...]]:
        """`packing` by where a card goes ("" the Arsenal, "pre-match", "mid-match"), in catalog order: each
        Superstar's rooms (`room`) walk only their part's cards."""
        out: dict[str, list[_Packing]] = {}
        for card in self.packing:
            out.setdefault(self.backlash.get(card.title, ""), []).append(card)
        return {part: tuple(cards) for part, cards in out.items()}


@dataclass(frozen=True, slots=True)
class _Packing:
    title: str
    sides: frozenset[str]  # trait slugs: "heel", "face" among them
    logos: frozenset[str]
    rule: tuple[frozenset[str], frozenset[str]] | None
    limit: int
    exclusive: bool = False  # "cannot be packed with the card titled X": random decks leave it out


def _backlash_played(card: PoolCard) -> bool:
    """A Backlash deck card the engine plays: a Pre-match card, or a Mid-match maneuver or action."""
    return is_pre_match(card) or (backlash_part(card) == "mid-match" and bool(
        set(card_types(card)[0]) - {CardType.REVERSAL}))


def classic_catalog(pool: LoweredPool) -> ClassicCatalog:
    playable = [c for c in pool.cards if c.playable or (c.lowered.ok and _backlash_played(c.card))]
    lowered_stars = [c for c in pool.cards if c.card.is_superstar and c.card.hand_size]
    stars = [c.card for c in lowered_stars]
    cards = tuple(engine_card(c.card) for c in playable)
    db = CardDB(cards=cards, superstars=tuple(engine_superstar(s) for s in stars))
    infos = tuple(_info(i, card, c.lowered.effect or fx.CardEffect())
                  for i, (card, c) in enumerate(zip(cards, playable)))
    abilities = {c.card.title: c.lowered.ability or fx.Ability(fx.AbilityTiming.NONE) for c in lowered_stars}
    printed = {c.card.title: c.card for c in playable} | {s.title: s for s in stars}
    return ClassicCatalog(Catalog(db=db, infos=infos, abilities=abilities, pool="classic"), printed)


@cache
def shipped_classic() -> ClassicCatalog:
    """The shipped Classic pool's catalog, built once per process. The pool's parses and the catalog live
    as long as the process: `gc.freeze` keeps the collector from walking their ~200,000 objects again at
    every full collection (a third of a random game's time otherwise)."""
    import gc

    cc = classic_catalog(lowered_classic())
    gc.freeze()
    return cc


# ------------------------------------------------------------------------------------- random decks
def room(cc: ClassicCatalog, superstar: PoolCard, side: str, part: str = "") -> list[tuple[str, int]]:
    """(title, copies allowed) of every playable card `superstar` may pack on `side` in his Arsenal, or with
    `part` ("pre-match", "mid-match") of those he may pack in that part of his Backlash deck (worked out once)."""
    key = (superstar.title, f"{side} {part}")
    if key not in cc.rooms:
        cc.rooms[key] = _room(cc, superstar, side, part)
        folds = _by_fold(cc.rooms[key])
        cc.room_sizes[key] = sum(map(min, folds.values()))
        cc.room_shared[key] = _shared_copies(folds)
    return cc.rooms[key]


def room_size(cc: ClassicCatalog, superstar: PoolCard, side: str) -> int:
    """How many cards in all `room` lets `superstar`'s Arsenal hold on `side` (worked out once)."""
    room(cc, superstar, side)
    return cc.room_sizes[(superstar.title, f"{side} ")]


def _room(cc: ClassicCatalog, superstar: PoolCard, side: str, part: str = "") -> list[tuple[str, int]]:
    """The Arsenal's room (`part` ""), or a part's of the Backlash deck."""
    mine = superstar_names(superstar)
    other = SIDES[1 - SIDES.index(side)]
    out = []
    for card in cc.packing_by_part.get(part, ()):
        if other in card.sides or (card.logos and not mine & card.logos) or card.exclusive:
            continue
        rule = card.rule
        if rule is not None and ((rule[0] and not mine & rule[0]) or mine & rule[1]):
            continue
        out.append((card.title, card.limit))
    return out


def random_classic_deck(cc: ClassicCatalog, rnd: random.Random, superstar: PoolCard | None = None,
                        prefer: frozenset[str] = frozenset(),
                        companions: Mapping[str, tuple[str, ...]] | None = None) -> tuple[str, list[str]]:
    """A random Superstar (or `superstar`) and 60 playable titles (or as many as his text allows), bottom to top, that obey the Classic
    deck rules. Titles in `prefer` that the deck may hold are drawn first (a check that wants every card
    played sometime prefers those not played yet), each followed by its `companions` the deck may hold
    (the cards its text names: "after the card titled Irish Whip"); the rest of the deck is random."""
    from rawdeal.effects.classic.deckrules import card_rules

    stars = cc.stars_by_title
    while True:
        star, side = superstar or rnd.choice(stars), rnd.choice(SIDES)
        room_ = room(cc, star, side)
        size = card_rules(star).arsenal or ARSENAL  # "Your Arsenal may only contain 50 cards"
        if room_size(cc, star, side) >= size:
            break
        superstar = None
    first = [i for i, (t, _) in enumerate(room_) if t in prefer] if prefer else []
    rnd.shuffle(first)
    if companions:
        at = {t: i for i, (t, _) in enumerate(room_)}
        # drawn from the end: each preferred title, then its companions right after it
        first = [j for i in first for j in [at[c] for c in companions.get(room_[i][0], ()) if c in at][::-1] + [i]]
    titles, left = [t for t, _ in room_], [n for _, n in room_]
    spare = dict(cc.room_shared[(star.title, f"{side} ")])  # a copy: the deck's draws use it up
    out: list[str] = []
    got, randrange, randint = 0, rnd.randrange, rnd.randint
    while got < size:
        i = first.pop() if first else randrange(len(titles))
        if i >= len(titles) or not left[i]:
            continue
        fold = titles[i].casefold() if spare else ""
        cap = spare.get(fold, left[i])
        if cap:
            n = randint(1, min(left[i], cap, MOST_AT_ONCE, size - got))
            out += [titles[i]] * n
            got += n
            left[i] -= n
            if fold in spare:
                spare[fold] = cap - n
        else:  # its other spelling took every copy
            left[i] = 0
        if not left[i] and not first:  # no copy left: swap it out of the lists
            titles[i], left[i] = titles[-1], left[-1]
            titles.pop()
            left.pop()
    rnd.shuffle(out)
    return star.title, out


def random_backlash(cc: ClassicCatalog, rnd: random.Random, superstar: str, arsenal: list[str],
                    prefer: frozenset[str] = frozenset()) -> list[str]:
    """A random Backlash deck: up to `BACKLASH[part]` random Pre-match and Mid-match cards each
    (`prefer`red first) that `superstar` may pack with `arsenal`: on its side (Heel or Face), if it has one."""
    sides = {s for t in set(arsenal) for s in cc.printed[t].trait_slugs if s in SIDES}
    side = next(iter(sides)) if sides else rnd.choice(SIDES)
    out: list[str] = []
    for part, most in BACKLASH.items():
        wanted, start = rnd.randint(0, most), len(out)
        order = sorted(room(cc, cc.printed[superstar], side, part), key=lambda tn: (tn[0] not in prefer, rnd.random()))
        for title, limit in order:
            if len(out) - start >= wanted:
                break
            limit -= sum(t.casefold() == title.casefold() for t in out)  # another spelling's copies count too
            if limit > 0:
                out += [title] * min(limit, rnd.randint(1, MOST_AT_ONCE), wanted - len(out) + start)
    return out


def _by_fold(room_: list[tuple[str, int]]) -> dict[str, list[int]]:
    """The room's copy limits by title, titles that differ only in case together ("Entangle in the Ropes" and
    "Entangle In the Ropes", its Throwback version): the rulebook limits the copies of every version of a title
    together, so they share one limit."""
    folds: dict[str, list[int]] = {}
    for title, n in room_:
        folds.setdefault(title.casefold(), []).append(n)
    return folds


def _shared_copies(folds: dict[str, list[int]]) -> dict[str, int]:
    """The copies allowed of each title a room (`_by_fold`) prints in several spellings; worked out once per
    room (a deck drawn per game walked the whole room again for it)."""
    return {fold: min(ns) for fold, ns in folds.items() if len(ns) > 1}  # one Unique version: 1 in all


# ------------------------------------------------------------------------------------------ games
def unplayable(cc: ClassicCatalog, titles: list[str]) -> list[str]:
    """The titles (each once, in order) the engine cannot play yet: not in the pool's playable cards."""
    return [t for t in dict.fromkeys(titles) if t not in cc.catalog.db.index]


@cache
def _classic_pool() -> ClassicPool:
    from rawdeal.cards.pool.load import classic_pool
    from rawdeal.decks.classic import ClassicPool

    return ClassicPool(classic_pool())


def _found(pool: ClassicPool, title: str) -> PoolCard:
    card = pool.find(title)
    assert card is not None, title  # the deck check found every title
    return card


def new_classic_game(decks: tuple[Deck, Deck], profile: Profile = Profile.STANDARD, seed: int = 0,
                     cc: ClassicCatalog | None = None) -> tuple[Game, list[ev.Event]]:
    """A game between two Classic decks: each must obey the Classic deck rules and hold only cards whose
    text the engine runs (a card it cannot play yet is named, never played as if it had no text)."""
    from rawdeal.decks.classic import check_classic_deck
    from rawdeal.effects.classic.deckrules import card_rules
    from rawdeal.effects.classic.packing import packing_rule

    cc = cc or shipped_classic()
    pool = _classic_pool()
    printed: list[list[str]] = []  # each deck's titles as the pool prints them (a deck may write other capitals)
    for deck in decks:
        problems = check_classic_deck(deck, pool, packing_rule, card_rules)
        if problems:
            first = problems[0]
            raise DeckError(f"{deck.path}:{first.line}: {first.rule}: {first.message}")
        printed.append([_found(pool, t).title for t in deck.titles])
        missing = unplayable(cc, printed[-1])
        if missing:
            raise DeckError(f"{deck.path}: the engine cannot play these cards yet (their text does not lower to "
                            f"effects): {', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}; "
                            f"`rawdeal cards --pool classic --check` says why")
        if who(deck.superstar) not in cc.star_names:
            raise DeckError(f"{deck.path}: unknown Classic Superstar {deck.superstar!r}")
    names = cc.star_names
    index = cc.catalog.db.index
    arsenals = tuple([index[t] for t in titles if t not in cc.backlash] for titles in printed)
    backlash = tuple([index[t] for t in titles if t in cc.backlash] for titles in printed)
    return Game.start((names[who(decks[0].superstar)], names[who(decks[1].superstar)]), (arsenals[0], arsenals[1]),
                      profile, seed, cat=cc.catalog, backlash=(backlash[0], backlash[1]))
