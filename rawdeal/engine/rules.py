"""Pure questions about a position: Fortitude, what may be played, damage, what may reverse what.

Nothing here changes the state. `Catalog` supplies each card's compiled effect; every answer comes
from those effect objects, never from a card's title.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final, TypeVar

from rawdeal.cards import CardType, Subtype
from rawdeal.cards.marks import PERMANENT
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog, CardInfo, loose_title
from rawdeal.engine.moves import Play, Use, share
from rawdeal.engine.state import ActiveModifier, Blanked, CurrentPlay, GameState, LastPlay
from rawdeal.engine.words import CardId
from rawdeal.engine.members import (
    AFTER, COURSE, DAMAGE, FORTITUDE, IRREVERSIBLE, MANEUVER, ONCE_PER_TURN, UNPLAYABLE, UNRESTRICTED, YOU,
)

ONGOING: Final = (fx.Duration.REST_OF_TURN, fx.Duration.NEXT_TURN)
ONE_SHOT: Final = (fx.Duration.NEXT_CARD, fx.Duration.NEXT_MANEUVER, fx.Duration.FIRST_NEXT_TURN)


def fortitude(cat: Catalog, s: GameState, p: int) -> int:
    """The sum of the printed D of the cards in the Ring area (`#` counts 0; a card whose damage is blanked, 0)."""
    damages, total = cat.damages, 0
    for card in s.players[p].ring:  # a loop, not sum(map(...)): compiled it is native, and faster pure too
        total += damages[card]
    if s.blanked:
        for card in distinct(s.players[p].ring):
            b = blanked(s, p, card)
            if b is not None and b.damage:
                total -= damages[card] * s.players[p].ring.count(card)
    return total


def blanked(s: GameState, p: int, card: CardId) -> Blanked | None:
    """The blanking in force on p's `card` in his Ring area, if any: the one place every reading of a card's text
    in a Ring area asks (through `ring_texts`; Classic cards). One "while this card is in your Ring area" holds
    while its source lies in its player's Ring area."""
    for b in s.blanked:
        if b.owner == p and b.card == card and (
                b.until is not fx.Duration.WHILE_IN_RING or b.source in s.players[b.by].ring):
            return b
    return None


def ring_texts(s: GameState, p: int) -> list[CardId]:
    """The cards of p's Ring area whose text is read: all of them, but those blanked (`blanked`). Ring-area
    modifiers, triggers, activations, forbids, stat lines and Permanence read the Ring area through this."""
    ring = s.players[p].ring
    if not s.blanked:
        return ring  # the usual case
    return [c for c in ring if blanked(s, p, c) is None]


def _counted(cat: Catalog, card: CardId, cond: fx.HasCards) -> int:
    """How many of the cards `cond` counts `card` is: 1 if it passes the filter, n for a card that "counts as n
    Heat cards in your Ringside pile" where only such cards are counted there, else 0."""
    for many in cat.infos[card].counts_as:
        flt = cond.filter
        if many.zone is cond.zone and flt.marks and set(flt.marks) <= set(many.marks) \
                and replace(flt, marks=()) == fx.ANY_CARD:
            return many.n
    return 1 if passes(cat, card, cond.filter) else 0


NO_ABILITY: Final = fx.Ability(fx.AbilityTiming.NONE)


def ability(cat: Catalog, s: GameState, p: int) -> fx.Ability:
    """Player p's Superstar ability: none while a card in a Ring area blanks it ("your opponent's Superstar
    Ability is blank", `fx.BlanksAbility`): every reading of an ability goes through here."""
    if cat.ability_blankers and ability_blanked(cat, s, p):
        return NO_ABILITY
    return cat.abilities[s.players[p].superstar]


def ability_blanked(cat: Catalog, s: GameState, p: int) -> bool:
    """Whether a card in either Ring area (its own text not blanked) blanks p's Superstar ability now."""
    for q in (0, 1):
        if cat.ability_blankers.keys().isdisjoint(s.players[q].ring):
            continue
        whom = YOU if q == p else fx.Who.OPPONENT
        for card in distinct(ring_texts(s, q)):
            for b in cat.ability_blankers.get(card, ()):
                if b.who is whom and (b.condition is None or holds(cat, s, q, b.condition, card, None)):
                    return True
    return False


def holds(cat: Catalog, s: GameState, p: int, cond: fx.Condition, card: int, prev: LastPlay | None) -> bool:
    """Whether a condition holds for player p about to play `card`, his previous card being `prev`."""
    if isinstance(cond, fx.After):
        return _after(cat, cond, card, prev) or (bool(s.modifiers) or s.playing is not None) and any(
            _implied(cat, cond, card, known) for known in _considered(cat, s, p, card))
    if isinstance(cond, fx.MinHandSize):
        return len(s.players[p].hand) >= cond.n
    if isinstance(cond, fx.FortitudeBelowOpponent):
        return fortitude(cat, s, p) < fortitude(cat, s, 1 - p)
    if isinstance(cond, fx.FortitudeAboveOpponent):
        return fortitude(cat, s, p) > fortitude(cat, s, 1 - p)
    if isinstance(cond, fx.InRingArea):
        return any(cat.infos[c].title == cond.title for c in s.players[p].ring)
    if isinstance(cond, fx.AnyOf):
        return any(holds(cat, s, p, c, card, prev) for c in cond.conditions)
    if isinstance(cond, fx.AllOf):
        return all(holds(cat, s, p, c, card, prev) for c in cond.conditions)
    if isinstance(cond, fx.ReversedLastTurn):  # no card played yet this turn, after a reversal that ended the last
        if cond.reversed != fx.ANY_CARD and not _reversed_was(cat, s, cond.reversed):
            return False
        if prev is not None and prev.as_type == CardType.REVERSAL:
            return True  # his reversal from the hand, still his previous card
        return not cond.from_hand_only and prev is None and s.ended_by_reversal == p
    if isinstance(cond, fx.Not):
        return not holds(cat, s, p, cond.condition, card, prev)
    if isinstance(cond, fx.FirstOfTurn):
        return prev is None or prev.as_type == CardType.REVERSAL
    if isinstance(cond, fx.PlayedFrom):  # asked of the card being played (its own effects)
        play = s.playing
        return play is not None and play.card == card and play.player == p and play.source is cond.zone
    if isinstance(cond, fx.Compared):
        diff = _measure(cat, s, p, cond.measure) - _measure(cat, s, 1 - p, cond.measure)
        if not cond.below:
            diff = -diff  # how much less the opponent's is
        return diff <= -cond.by if cond.by else diff <= 0 if cond.or_equal else diff < 0
    if isinstance(cond, fx.Measured):
        n = _measure(cat, s, p if cond.who is fx.Who.YOU else 1 - p, cond.measure)
        return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)
    if isinstance(cond, fx.HasCards):
        owner = s.players[p if cond.who is fx.Who.YOU else 1 - p]
        n = sum(_counted(cat, c, cond) for c in owner.zone(cond.zone))
        if cond.other and card in owner.zone(cond.zone):
            n -= _counted(cat, card, cond)  # "5 other Heat cards": not the card asking (one copy of it)
        return n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)
    if isinstance(cond, fx.SuperstarIs):
        who = p if cond.who is fx.Who.YOU else 1 - p
        return cond.mark in cat.superstar(s.players[who].superstar).marks
    raise TypeError(f"unknown condition {cond!r}")


def _reversed_was(cat: Catalog, s: GameState, flt: fx.CardFilter) -> bool:
    """Whether the card reversed to end the last turn passes `flt`, its types read as the type it was played as."""
    last = s.reversed_last
    if last is None or (flt.types and last.as_type not in flt.types):
        return False
    info = cat.infos[last.card]
    return (flt.subtype is None or (last.as_type == CardType.MANEUVER and info.card.subtype is flt.subtype)) \
        and passes_printed(info, flt)


def _measure(cat: Catalog, s: GameState, p: int, measure: fx.Measure) -> int:
    if measure is fx.Measure.HAND:
        return len(s.players[p].hand)
    if measure is fx.Measure.FORTITUDE:
        return fortitude(cat, s, p)
    if measure is fx.Measure.STUN:
        return sum(cat.infos[c].card.stun_value for c in s.players[p].ring)
    if measure is fx.Measure.MOVED:  # whoever moved them: the count the action just before left
        return s.moved
    if measure is fx.Measure.REVERSED_F:  # kept for a catalog that asks (`Catalog.remembers_reversals`)
        return cat.infos[s.reversed_last.card].card.fortitude if s.reversed_last is not None else 0
    from rawdeal.engine.standing import superstar_value  # standing asks `holds` of its stat lines' conditions

    return superstar_value(cat, s, p)  # as the stat lines in play change it


def _after(cat: Catalog, cond: fx.After, card: int, prev: LastPlay | None) -> bool:
    if prev is None:
        return False
    before = cat.infos[prev.card]
    if cond.subtype is not None and any(f.title == cat.infos[card].title for f in before.follow_ups):
        return True  # "you may play X after this card as if it were a Submission maneuver"
    if cond.card_type is not None and prev.as_type != cond.card_type:
        return False
    if cond.subtype is not None and before.card.subtype is not cond.subtype:
        return False
    if cond.title is not None and before.title != cond.title:
        return False
    if cond.title_word is not None and not has_word(before.title, cond.title_word):
        return False
    if cond.marks and not has_marks(before, cond.marks, ()):
        return False
    return cond.min_damage is None or (prev.dealt is not None and prev.dealt >= cond.min_damage)


def _considered(cat: Catalog, s: GameState, p: int, card: int) -> tuple[fx.After, ...]:
    """What player p's `card` is considered played after ("your next card played this turn is considered to be played
    after the card titled X"): the modifiers it used up, while it is being played; before, the ones it would use up."""
    play = s.playing
    if play is not None and play.card == card and play.player == p:
        return tuple(a for m in play.captured if m.stat is AFTER for a in m.after)
    info = cat.infos[card]
    return tuple(a for am in active(s, p) if am.modifier.stat is AFTER and am.modifier.duration in ONE_SHOT
                 for t in info.card.types if _would_use(am.modifier, t) and applies(am.modifier, info, t)
                 for a in am.modifier.after)


def _implied(cat: Catalog, cond: fx.After, card: int, known: fx.After) -> bool:
    """Whether a card considered played after a card `known` describes is played after what `cond` asks for: all
    `cond` asks is said of it ("after a Set-up card" of "after a Set-up card"), or the card so titled meets it. It
    was not played: it dealt no damage, unless `known` says how much."""
    said = all(getattr(cond, f) is None or getattr(cond, f) == getattr(known, f)
               for f in ("card_type", "subtype", "title", "title_word")) and set(cond.marks) <= set(known.marks) \
        and (cond.min_damage is None or known.min_damage is not None and known.min_damage >= cond.min_damage)
    if said or known.title is None or known.title not in cat.index:
        return said
    named = cat.infos[cat.index[known.title]]
    as_type = MANEUVER if named.is_(MANEUVER) else named.card.types[0] if named.card.types else MANEUVER
    return _after(cat, cond, card, LastPlay(named.id, as_type))


def applies(mod: fx.Modifier, info: CardInfo, as_type: CardType) -> bool:
    """Whether the modifier is about this card played as `as_type`: its type, subtype(s), marks, title, a word of
    its title."""
    if mod.card_type is not None and mod.card_type != as_type:
        return False
    if (mod.marks or mod.not_marks) and not has_marks(info, mod.marks, mod.not_marks):
        return False
    if mod.subtypes and (as_type != MANEUVER or info.card.subtype not in mod.subtypes):
        return False
    if mod.title is not None and info.title != mod.title:
        return False  # "your cards titled Puppies! Puppies! are -7F"
    if mod.title_word is not None and not has_word(info.title, mod.title_word):
        return False  # "your cards with the word 'Breaker' in the title are +1D"
    if mod.max_damage is not None and mod.stat in (DAMAGE, FORTITUDE) and info.card.printed_damage > mod.max_damage:
        return False  # "if your next card is a Grapple maneuver of 4D or less, it is +5D" (irreversibility and
        # waivers read the damage themselves)
    return mod.subtype is None or (as_type == MANEUVER and info.card.subtype is mod.subtype)


def active(s: GameState, p: int) -> list[ActiveModifier]:
    if not s.modifiers:
        return []
    return [m for m in s.modifiers if m.owner == p and not m.waiting]


def _self_changes(cat: Catalog, s: GameState, p: int, info: CardInfo, as_type: CardType, stat: fx.Stat,
                  prev: LastPlay | None, on_success: bool) -> int:
    total = 0
    for sc in info.stat_changes:
        if sc.stat is not stat or sc.on_success != on_success or sc.paid is not None:
            continue  # an F paid down is paid as the card is played (`paid_down`)
        if sc.as_type is not None and sc.as_type != as_type:
            continue
        if sc.condition is not None and not holds(cat, s, p, sc.condition, info.id, prev):
            continue
        total += sc.amount * (_count_word(cat, s, p, sc.per_title_word) if sc.per_title_word
                              else _count_of(cat, s, p, sc.per) if sc.per is not None else 1)
    return total


def has_word(title: str, word: str) -> bool:
    """Whether `word` is a whole word of `title`, in any case ("Kick" in "Superkick"? no; in "Leg Kick": yes).
    Remembered per (title, word): a search through an Arsenal for "a card with the word 'dynamic' in the
    title" asks it of every card, many times a game."""
    key = (title, word)
    known = _HAS_WORD.get(key)
    if known is None:
        known = _HAS_WORD[key] = _word_pattern(word).search(title) is not None
    return known


def _word_pattern(word: str) -> re.Pattern[str]:
    """The pattern of `word` as a whole word, made once a word (a filter new to the process asks it of
    every card's title)."""
    pattern = _WORD_PATTERNS.get(word)
    if pattern is None:
        pattern = _WORD_PATTERNS[word] = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    return pattern


_HAS_WORD: dict[tuple[str, str], bool] = {}
_WORD_PATTERNS: dict[str, re.Pattern[str]] = {}


def _count_of(cat: Catalog, s: GameState, p: int, of: fx.CountOf) -> int:
    """How many of the cards `of` names lie in its zone ("for every Heat card in your Ring area"), or the measure
    it names ("+#F, where # is equal to your Superstar Value"), within its bounds."""
    who = p if of.who is fx.Who.YOU else 1 - p
    also = 0 if of.also is None else _count_of(cat, s, p, of.also)
    if of.zone is None:
        return bounded(of, measured(cat, s, who, of) + also)
    return bounded(of, sum(1 for c in s.players[who].zone(of.zone) if passes(cat, c, of.filter)) + also)


def measured(cat: Catalog, s: GameState, p: int, of: fx.CountOf) -> int:
    """Player p's measure a `#` with no zone is equal to: his Superstar Value unless it names another."""
    return _measure(cat, s, p, of.measure or fx.Measure.SUPERSTAR_VALUE)


def bounded(of: fx.CountOf, base: int) -> int:
    """`base` scaled ("twice", "half ..., rounded up") plus `of.plus`, within `of`'s bounds ("# cannot be greater
    than 6")."""
    times, over = of.scale
    n = max(of.least, -(-base * times // over) + of.plus)
    return n if of.most is None else min(n, of.most)


def _count_word(cat: Catalog, s: GameState, p: int, word: str) -> int:
    pattern = _word_pattern(word)
    return sum(
        1 for c in s.players[p].ring
        if cat.infos[c].is_(MANEUVER) and pattern.search(cat.infos[c].title)
    )


def play_cost(cat: Catalog, s: GameState, p: int, card: int, as_type: CardType) -> int:
    """The F needed to play `card` as `as_type` now."""
    info = cat.infos[card]
    cost, fixed = info.card.fortitude, None
    if info.stat_changes:
        cost += _self_changes(cat, s, p, info, as_type, FORTITUDE, s.last[p], False)
    for am in active(s, p):
        mod = am.modifier
        if mod.stat is FORTITUDE and not mod.reversals and _would_use(mod, as_type) and applies(mod, info, as_type):
            if mod.sets:
                fixed = mod.amount
            else:
                cost += mod.amount
    if _costs_changed(cat, s, p):
        changed, ring_fixed = _own_cost_change(cat, s, p, info, as_type)
        cost += changed
        fixed = ring_fixed if fixed is None else fixed
    # "is F:0" says what the F is, not how it changes: it holds whatever the changes that add to it say
    return max(cost if fixed is None else fixed, 0)


def _costs_changed(cat: Catalog, s: GameState, p: int) -> bool:
    """Whether a card of the player's Ring area or his Superstar's ability changes his cards' F."""
    if cat.cost_stars and s.players[p].superstar in cat.cost_stars:
        return True
    if not cat.cost_changers:
        return False
    return not cat.cost_changers.isdisjoint(s.players[p].ring) or bool(cat.opponents_changers) and any(
        c in cat.opponents_changers and c in cat.cost_changers for c in s.players[1 - p].ring)


def _own_cost_change(cat: Catalog, s: GameState, p: int, info: CardInfo,
                     as_type: CardType) -> tuple[int, int | None]:
    """What the cards of the player's Ring area ("When this card is in your Ring area, your Maneuver cards are
    -3F", one amount per copy there), his Superstar's ability ("Your Action cards are -3F") and the opponent's
    cards about his ("his Maneuver cards are +13F") change his card's F by, and the F one of them sets it to
    ("your Trademark Finishers are F:20"; None: none does)."""
    mods = [(p, m) for c in ring_texts(s, p) if c in cat.cost_changers for m in cat.while_in_ring[c] if not m.opponents]
    mods += [(p, m) for m in ability(cat, s, p).modifiers]
    if cat.opponents_changers:
        mods += [(1 - p, m) for c in ring_texts(s, 1 - p) if c in cat.opponents_changers for m in cat.while_in_ring[c]
                 if m.opponents]
    mods = [(owner, m) for owner, m in mods if m.stat is FORTITUDE and not m.reversals and applies(m, info, as_type)
            and (m.condition is None or holds(cat, s, owner, m.condition, info.id, s.last[owner]))]
    fixed = [m.amount for _, m in mods if m.sets]
    return sum(m.amount * (1 if m.per is None else _count_of(cat, s, owner, m.per)) for owner, m in mods
               if not m.sets), (fixed[-1] if fixed else None)


def _would_use(mod: fx.Modifier, as_type: CardType) -> bool:
    return mod.duration is not fx.Duration.NEXT_MANEUVER or as_type == MANEUVER


def can_play(cat: Catalog, s: GameState, p: int, card: int, as_type: CardType) -> bool:
    return _can_play(cat, s, p, card, as_type, fortitude(cat, s, p), limits(cat, s, p))


def limits(cat: Catalog, s: GameState, p: int) -> tuple[fx.Modifier, ...]:
    """The player's active restrictions ("you cannot play ... for the rest of the turn"): none, as a rule."""
    if not s.modifiers or not cat.restricts:
        return ()
    return tuple(am.modifier for am in active(s, p) if am.modifier.stat is UNPLAYABLE)


def _can_play(cat: Catalog, s: GameState, p: int, card: int, as_type: CardType, f: int,
              limited: tuple[fx.Modifier, ...]) -> bool:
    """`can_play`, the player's Fortitude `f` known."""
    info = cat.infos[card]
    if s.hold is not None:
        return False  # Maintain Hold: nobody plays maneuvers or actions while the hold lasts
    if forbidden(cat, s, p, card):
        return False  # the opponent's Superstar ability or a card in his Ring area forbids it (Classic)
    if limited and restricted(limited, info, as_type):
        return False  # "you cannot play ... for the rest of the turn" (Classic)
    for req in info.requirements:
        if (req.as_type is None or req.as_type == as_type) and not holds(cat, s, p, req.condition, card, s.last[p]) \
                and not _waived(cat, s, p, req, info, as_type):
            return False
    cost = play_cost(cat, s, p, card, as_type)
    return cost <= f or (cost <= f + paid_down(cat, s, p, card, as_type) if card in cat.paying else False)


def paid_down(cat: Catalog, s: GameState, p: int, card: CardId, as_type: CardType) -> int:
    """The most F the card's "When played" payment can cut from its cost now ("When played, discard up to 5
    cards. This card is -2F for each card discarded"): paid from the player's hand, without the card itself."""
    info = cat.infos[card]
    pay = payment(info, as_type)
    if pay is None:
        return 0
    hand = s.players[p].hand
    fits = sum(1 for c in hand if passes(cat, c, pay.filter)) - (card in hand and passes(cat, card, pay.filter))
    n = pay.count.n
    most = fits if n is None and pay.count.up_to else min(n, fits) if n is not None and pay.count.up_to \
        else (fits if fits >= (n or 1) else 0)  # all of them (at least one), or exactly n
    cut = 0
    for sc in info.stat_changes:
        if sc.paid is not None and (sc.as_type is None or sc.as_type == as_type):
            cut -= sc.amount * most if sc.paid is fx.Paid.EACH else sc.amount if most else 0
    return cut


def payment(info: CardInfo, as_type: CardType) -> fx.Discard | fx.MoveCards | None:
    """The first action of the card's "When played" text, which pays its F down (the lowering makes it a discard or
    a move out of the player's hand), out of its "may"."""
    if not any(sc.paid is not None and (sc.as_type is None or sc.as_type == as_type) for sc in info.stat_changes):
        return None
    clause = next((c for c in info.when_played if c.as_type is None or c.as_type == as_type), None)
    first = clause.actions[0] if clause is not None and clause.actions else None
    if isinstance(first, fx.Optional) and first.actions:
        first = first.actions[0]
    return first if isinstance(first, (fx.Discard, fx.MoveCards)) else None


def forced_payment(cat: Catalog, s: GameState, p: int, card: CardId, as_type: CardType,
                   actions: tuple[fx.Action, ...]) -> tuple[fx.Action, ...]:
    """The card's "When played" actions as its player must do them to afford it (asked before it leaves his hand):
    its "may" done, at least as many cards paid as its F still needs; unchanged when it is affordable anyway."""
    short = play_cost(cat, s, p, card, as_type) - fortitude(cat, s, p)
    if short <= 0 or not actions:
        return actions
    first = actions[0]
    pay = first.actions[0] if isinstance(first, fx.Optional) and first.actions else first
    rest = first.actions[1:] if isinstance(first, fx.Optional) else ()
    per = next((-sc.amount for sc in cat.infos[card].stat_changes
                if sc.paid is fx.Paid.EACH and (sc.as_type is None or sc.as_type == as_type)), 0)
    if per and isinstance(pay, fx.Discard):
        pay = replace(pay, count=replace(pay.count, least=-(-short // per)))
    return (pay, *rest, *actions[1:])


def forbidden(cat: Catalog, s: GameState, p: int, card: CardId) -> bool:
    """Whether the opponent's Superstar ability ("Your opponent cannot play the card titled The Game
    Interferes!") or a card in his Ring area ("When this card is in your Ring area, your opponent cannot play
    the card titled X") forbids player p to play `card`."""
    if cat.forbidden and card in cat.forbidden.get(s.players[1 - p].superstar, ()) \
            and not (cat.ability_blankers and ability_blanked(cat, s, 1 - p)):
        return True
    forbids, ring = cat.ring_forbids, ring_texts(s, 1 - p)
    # most Ring areas hold no forbidding card: one set test before looking card by card
    return bool(forbids) and not forbids.keys().isdisjoint(ring) and any(card in forbids.get(c, ()) for c in ring)


def _waived(cat: Catalog, s: GameState, p: int, req: fx.PlayRequirement, info: CardInfo, as_type: CardType) -> bool:
    """Whether an active modifier, or a card of the player's Ring area ("When this card is in your Ring area, your
    Trademark Finishers ... may ignore the 'Can only be played after...' text"), lets the card ignore its "Can only
    be played after ..." text (a requirement on the previous card, alone or among alternatives)."""
    ring = [m for c in ring_texts(s, p) for m in cat.while_in_ring[c] if m.stat is UNRESTRICTED and not m.opponents]
    if not s.modifiers and not ring:
        return False
    cond = req.condition
    alternatives = cond.conditions if isinstance(cond, fx.AnyOf) else (cond,)
    if not any(isinstance(c, fx.After) for c in alternatives):
        return False  # "can only be played if A or if B" prints no "Can only be played after ..." text
    for m in [am.modifier for am in active(s, p)] + ring:
        if m.stat is UNRESTRICTED and applies(m, info, as_type) \
                and (m.max_damage is None or info.card.printed_damage <= m.max_damage) \
                and (m.condition is None or holds(cat, s, p, m.condition, info.id, s.last[p])):
            return True
    return False


def playable(cat: Catalog, s: GameState, p: int) -> list[tuple[CardId, CardType]]:
    """(card, type) pairs the player may play, in hand order, action before maneuver as printed."""
    if s.hold is not None:
        return []
    f, plain, limited = fortitude(cat, s, p), _plain_costs(cat, s, p), limits(cat, s, p)
    known: dict[CardId, Sequence[tuple[CardId, CardType]]] = {}
    out: list[tuple[CardId, CardType]] = []
    for card in s.players[p].hand:
        pairs = known.get(card)
        if pairs is None:
            pairs = known[card] = _allowed(cat, s, p, card, f, plain, cat.play_pairs[card], limited)
        out += pairs
    return out


def card_playable(cat: Catalog, s: GameState, p: int, card: CardId) -> Sequence[tuple[CardId, CardType]]:
    """`playable` for one card: the (card, type) pairs it may be played as now (none if not in hand).
    What checking one `play` move needs, without looking at the rest of the hand."""
    if s.hold is not None or card not in s.players[p].hand:
        return ()
    return _allowed(cat, s, p, card, fortitude(cat, s, p), _plain_costs(cat, s, p), cat.play_pairs[card], limits(cat, s, p))



def play_moves(cat: Catalog, s: GameState, p: int, elsewhere: Sequence[CardId] = ()) -> list[Play]:
    """The distinct `play` moves of the player's hand, in hand order: `playable` without repeats, as
    the catalog's shared move objects, then those of the (distinct) cards `elsewhere` (Classic: Mid-match
    cards in the Backlash deck), then `play "X" from ringside` of the cards his Ringside pile lets him play
    from there. The hot path of every main decision."""
    if s.hold is not None:
        return []
    f, plain, limited = fortitude(cat, s, p), _plain_costs(cat, s, p), limits(cat, s, p)
    costs, moves_of = cat.plain_costs, cat.play_moves
    out: list[Play] = []
    for card in distinct(s.players[p].hand):
        cost = costs[card]
        if cost is None or not plain:
            out += _allowed(cat, s, p, card, f, plain, moves_of[card], limited)
        elif cost <= f:
            out += _unrestricted(cat, card, moves_of[card], limited) if limited else moves_of[card]
    for card in elsewhere:
        out += _allowed(cat, s, p, card, f, plain, moves_of[card], limited)
    if cat.ringside_plays:  # Classic: "You may play this card from your Ringside pile"
        from_ringside = cat.ringside_plays
        for card in distinct(s.players[p].ringside):
            if card in from_ringside:
                out += _allowed(cat, s, p, card, f, plain, from_ringside[card], limited)
    if s.under and cat.held_plays:  # Classic: "You may play the cards under this card as if they were in your hand"
        for holder, card in playable_held(cat, s, p):
            moves = tuple(share(Play(cat.infos[card].title, t, 1, fx.Zone.UNDER, cat.infos[holder].title))
                          for t in cat.infos[card].play_types)
            out += _allowed(cat, s, p, card, f, plain, moves, limited)
    return out


def held_reversals(cat: Catalog, s: GameState, play: CurrentPlay) -> list[tuple[CardId, CardId]]:
    """(holder, card): the cards held under the defender's cards that he may play as if in his hand and that can
    reverse the play as from the hand (`reverses`), unless the play cannot be reversed from the hand."""
    defender = 1 - play.player
    held = [(h, c) for h, c in playable_held(cat, s, defender) if c in cat.reversal_cards]
    if not held:
        return held
    damage = base_damage(cat, s, play, defender) if play.as_type == MANEUVER else 0
    if irreversible(cat, s, play, damage, from_hand=True):
        return []
    return [(h, c) for h, c in held if reverses(cat, _in_hand(s, defender, c), c, play, damage, from_hand=True)]


def _in_hand(s: GameState, p: int, card: CardId) -> GameState:
    """A copy of the state with `card` also in p's hand: a held card played as if it were there (a reversal's
    cost counts the hand's other cards)."""
    probe = s.copy()
    probe.players[p].hand.append(card)
    return probe


def playable_held(cat: Catalog, s: GameState, p: int) -> list[tuple[CardId, CardId]]:
    """(holder, card): each distinct card held under a card of p's Ring area whose text lets him play them as if they
    were in his hand, and which passes its filter, holders in Ring area order."""
    out: list[tuple[CardId, CardId]] = []
    for holder in distinct(ring_texts(s, p)):  # a blanked holder's text lets nothing be played
        filters = cat.held_plays.get(holder)
        if filters:
            out += [(holder, c) for c in distinct(s.held(p, holder)) if any(passes(cat, c, flt) for flt in filters)]
    return out


def distinct(cards: Sequence[CardId]) -> list[CardId]:
    """Each card once, in order: a set and a loop, which are native compiled and quicker than
    `dict.fromkeys` in both builds."""
    seen: set[CardId] = set()
    out: list[CardId] = []
    for card in cards:
        if card not in seen:
            seen.add(card)
            out.append(card)
    return out


T = TypeVar("T")


def _allowed(cat: Catalog, s: GameState, p: int, card: CardId, f: int, plain: bool, items: tuple[T, ...],
             limited: tuple[fx.Modifier, ...]) -> Sequence[T]:
    """The items (one per type `card` can be played as) for the types it may be played as now. A card
    without requirements or F changes, while no F modifier is active (`plain`), costs its printed F;
    only the others ask `can_play`."""
    cost = cat.plain_costs[card]
    if plain and cat.least_costs[card] > f:
        return ()  # too dear whatever its requirements say (no F modifier is active)
    if plain and cost is not None:
        if cost > f:
            return ()
        return _unrestricted(cat, card, items, limited) if limited else items
    return [x for x, t in zip(items, cat.infos[card].play_types) if _can_play(cat, s, p, card, t, f, limited)]


def _unrestricted(cat: Catalog, card: CardId, items: tuple[T, ...], limited: tuple[fx.Modifier, ...]) -> Sequence[T]:
    """The items of the types no active restriction (`limited`) forbids."""
    info = cat.infos[card]
    return [x for x, t in zip(items, info.play_types) if not restricted(limited, info, t)]


def _plain_costs(cat: Catalog, s: GameState, p: int) -> bool:
    """No active modifier, and no card of the player's Ring area, changes the F cost of the player's cards."""
    if _costs_changed(cat, s, p):
        return False
    return not s.modifiers or not any(am.modifier.stat is FORTITUDE for am in active(s, p))


def restricted(limited: tuple[fx.Modifier, ...], info: CardInfo, as_type: CardType) -> bool:
    """Whether an active restriction of the player's forbids playing the card as `as_type` ("You cannot
    play Action cards with the word 'dynamic' in the title for the rest of the turn")."""
    return any(applies(m, info, as_type) for m in limited)


def activations(cat: Catalog, s: GameState, p: int) -> list[Use]:
    """The `use` moves of the player's main decision: each card (once a title) of his Ring area and
    Ringside pile with an effect he may use from there now. None without such cards in the catalog."""
    me, him = s.players[p], s.players[1 - p]
    activators, theirs = cat.activators, cat.their_activators
    if activators.isdisjoint(me.ring) and activators.isdisjoint(me.ringside) \
            and (not theirs or theirs.isdisjoint(him.ring) and theirs.isdisjoint(him.ringside)):
        return []  # the usual case: no such card there (asked without building a set)
    there = activators.intersection(me.ring) | activators.intersection(me.ringside)
    cards = [c for zone in (ring_texts(s, p), me.ringside) for c in zone if c in there]
    if theirs:  # "During your opponent's turn, he may ...": the opponent's cards he lets this player use
        cards += [c for zone in (ring_texts(s, 1 - p), him.ringside) for c in zone if c in theirs]
    out = []
    for card in distinct(cards):
        if usable_activation(cat, s, p, card) is not None:
            out.append(cat.use_moves[card])
    return out


def usable_activation(cat: Catalog, s: GameState, p: int, card: CardId) -> fx.Activated | None:
    """The card's first effect usable now from where the player's copies lie: a "once during each of
    your turns" effect once per copy a turn, while its condition holds, and only when its first action (its
    cost) can be paid."""
    for a in cat.infos[card].activated:  # his own effects first, then those his opponent's cards let him use
        owner = p if a.by is YOU else 1 - p
        copies = sum((ring_texts(s, owner) if z is fx.Zone.RING else s.players[owner].zone(z)).count(card)
                     for z in a.zones)
        if not copies or (a.once and s.used.count(card) >= copies):
            continue
        if a.condition is not None and not holds(cat, s, owner, a.condition, card, None):
            continue
        if a.actions and _cost_payable_now(cat, s, p, a.actions[0], card, a.by):
            return a
    return None


def _cost_payable_now(cat: Catalog, s: GameState, p: int, action: fx.Action, card: CardId,
                      payer: fx.Who = YOU) -> bool:
    """Whether the player has the cards a cost takes: a discard from his hand, a move out of his zone (or from under
    the card, `card`, whose effect it is; `payer`: how the action names him, the card's owner being "you")."""
    me = s.players[p]
    if isinstance(action, fx.Discard) and action.who is payer and action.count.of is None and action.count.n:
        through = cat.passing(action.filter)
        return sum(1 for c in me.hand if c in through) >= action.count.n
    if isinstance(action, fx.MoveCards) and action.who is payer and action.count.of is None and action.count.n \
            and not action.count.up_to and not action.count.same:
        through = cat.passing(action.filter)
        cards = s.held(p, card) if action.source is fx.Zone.UNDER else me.zone(action.source)
        return sum(1 for c in cards if c in through) >= action.count.n
    return payer is YOU or getattr(action, "who", None) is payer  # the opponent pays: something of his


def passes(cat: Catalog, card: CardId, flt: fx.CardFilter) -> bool:
    """Whether a card passes a filter (without the filter that reads a player's Fortitude)."""
    info = cat.infos[card]
    if flt.types and not any(info.is_(t) for t in flt.types):
        return False
    if flt.subtype is not None and info.card.subtype is not flt.subtype:
        return False
    return passes_printed(info, flt)


def passes_printed(info: CardInfo, flt: fx.CardFilter) -> bool:
    """The filter's tests on what is printed on the card (title, traits, marks, a word of the title), which
    do not depend on the type the card is played as."""
    if flt.title is not None and info.title != flt.title:
        return False
    if flt.trait is not None and flt.trait not in info.card.traits:
        return False
    if flt.not_trait is not None and flt.not_trait in info.card.traits:
        return False
    if flt.titles and info.title not in flt.titles:
        return False
    if (flt.marks or flt.not_marks or flt.any_marks) \
            and not has_marks(info, flt.marks, flt.not_marks, flt.any_marks):
        return False
    return flt.title_word is None or has_word(info.title, flt.title_word)


def permanent(cat: Catalog, s: GameState, p: int, card: CardId) -> bool:
    """Whether `card` in p's Ring area is Permanent: no effect but its own moves it out (rulebook, "Permanent").
    Printed so (the keyword), by its own text ("This card cannot be removed from your Ring area", "If played by
    Kurt Angle, this card is considered Permanent") or by a card in p's Ring area ("the card titled Head is
    considered Permanent")."""
    if not cat.permanence:
        return False
    info = cat.infos[card]
    if PERMANENT in info.card.marks:
        return True
    for own in info.effect.of(fx.Permanent) if not s.blanked or blanked(s, p, card) is None else ():
        if own.condition is None or holds(cat, s, p, own.condition, card, None):
            return True
    return any(passes(cat, card, m.filter) for c in distinct(ring_texts(s, p))
               for m in cat.infos[c].effect.of(fx.MakesPermanent))


def has_marks(info: CardInfo, marks: tuple[str, ...], not_marks: tuple[str, ...],
              any_marks: tuple[str, ...] = ()) -> bool:
    """Whether a card has every one of `marks`, none of `not_marks` and (if given) one of `any_marks`: its
    printed properties (Classic)."""
    have = info.card.marks
    return all(m in have for m in marks) and not any(m in have for m in not_marks) \
        and (not any_marks or any(m in have for m in any_marks))


def consumed(s: GameState, p: int, as_type: CardType) -> list[ActiveModifier]:
    """The one-shot modifiers that playing a card of `as_type` uses up.

    In the course profile a "next maneuver this turn" bonus (+D, or +F to reversals) is used up by
    the next card played, even an action: the reference program's behaviour, confirmed by its
    transcripts. "Your next maneuver may not be reversed" still waits for a maneuver."""
    if not s.modifiers:
        return []
    course = s.profile == COURSE
    return [am for am in active(s, p) if am.modifier.duration in ONE_SHOT and (
        _would_use(am.modifier, as_type) or course and am.modifier.stat is not IRREVERSIBLE)]


def _bonus(cat: Catalog, s: GameState, play: CurrentPlay, stat: fx.Stat, reversals: bool) -> int:
    mods = list(play.captured)
    if s.modifiers:
        mods += [am.modifier for am in active(s, play.player) if am.modifier.duration in ONGOING]
    if not reversals:
        in_ring = cat.while_in_ring
        for card in ring_texts(s, play.player):
            if in_ring[card]:  # (what a card says of the other player's cards is not about this player's)
                mods += in_ring[card] if card not in cat.opponents_changers else [m for m in in_ring[card] if not m.opponents]
        mods += ability(cat, s, play.player).modifiers  # a Superstar's "Your maneuvers with the word 'kick' ... +1D"
        if cat.everyones:  # the opponent's "All players' maneuvers are +1D"
            mods += [m for c in ring_texts(s, 1 - play.player) if c in cat.everyones for m in in_ring[c] if m.everyone]
        if cat.opponents_changers:  # the opponent's "your opponent's cards titled Dirty Low Blow are +2D"
            mods += [m for c in ring_texts(s, 1 - play.player) if c in cat.opponents_changers for m in in_ring[c]
                     if m.opponents]
    if not mods:
        return 0  # the usual case
    info = cat.infos[play.card]
    return sum(
        m.amount for m in mods
        if m.stat is stat and m.reversals == reversals and applies(m, info, play.as_type)
        and _in_force(cat, s, play, m)
    )


def _in_force(cat: Catalog, s: GameState, play: CurrentPlay, m: fx.Modifier) -> bool:
    """Whether a modifier of a Ring area changes this play: one under a condition only while it holds for the
    area's owner (the other player, for one about his cards)."""
    if m.condition is None:
        return True
    owner = 1 - play.player if m.opponents else play.player
    return holds(cat, s, owner, m.condition, play.card, s.last[owner])


def damage_taken(cat: Catalog, s: GameState, p: int) -> int:
    return ability(cat, s, p).damage_taken


def base_damage(cat: Catalog, s: GameState, play: CurrentPlay, to: int) -> int:
    """The damage of the played maneuver before its own "when successfully played" bonus."""
    info = cat.infos[play.card]
    d = cat.damages[play.card]
    if info.stat_changes:
        d += _self_changes(cat, s, play.player, info, play.as_type, DAMAGE, play.previous, False)
    d += _bonus(cat, s, play, DAMAGE, reversals=False)
    return max(d + damage_taken(cat, s, to), 0)


def final_damage(cat: Catalog, s: GameState, play: CurrentPlay, to: int) -> int:
    info = cat.infos[play.card]
    own = _self_changes(cat, s, play.player, info, play.as_type, DAMAGE, play.previous, True) \
        if info.stat_changes else 0
    return max(base_damage(cat, s, play, to) + own, 0)


def reversal_cost(cat: Catalog, s: GameState, rev: int, play: CurrentPlay) -> int:
    """The F the defender needs to reverse the play with `rev`: its own, the attacker's bonuses to his
    reversals, and what the defender's Ring area changes his Reversal cards' F by."""
    cost = cat.infos[rev].card.fortitude + _bonus(cat, s, play, FORTITUDE, reversals=True)
    if rev in cat.own_reversal_costs:  # "As a reversal, this card is -5F (when your Fortitude Rating is ...)"
        defender = 1 - play.player
        cost += _self_changes(cat, s, defender, cat.infos[rev], CardType.REVERSAL, FORTITUDE, s.last[defender], False)
    if _costs_changed(cat, s, 1 - play.player):
        changed, fixed = _own_cost_change(cat, s, 1 - play.player, cat.infos[rev], CardType.REVERSAL)
        cost = cost + changed if fixed is None else fixed
    return cost


def irreversible(cat: Catalog, s: GameState, play: CurrentPlay, damage: int, from_hand: bool) -> bool:
    info = cat.infos[play.card]
    if info.irreversible and play.as_type == MANEUVER:
        return True
    if info.irreversible_when and _narrowly_irreversible(cat, s, play, from_hand):
        return True
    if not s.modifiers and not play.captured:
        return False  # the usual case: no modifier to make it so
    mods = list(play.captured) + [am.modifier for am in active(s, play.player) if am.modifier.duration in ONGOING]
    for m in mods:
        if m.stat is not IRREVERSIBLE or not applies(m, info, play.as_type):
            continue
        if m.arsenal_only and from_hand or m.hand_only and not from_hand or m.backlash_only:
            continue  # (the engine plays no reversal from a Backlash deck)
        if m.max_damage is None or damage <= m.max_damage:
            return True
    return False


def _narrowly_irreversible(cat: Catalog, s: GameState, play: CurrentPlay, from_hand: bool) -> bool:
    for irr in cat.infos[play.card].irreversible_when:
        if play.as_type != (irr.as_type or MANEUVER) or not (irr.from_hand if from_hand else irr.from_arsenal):
            continue
        if irr.condition is None or holds(cat, s, play.player, irr.condition, play.card, play.previous):
            return True
    return False


def reverses(cat: Catalog, s: GameState, rev: int, play: CurrentPlay, damage: int, from_hand: bool) -> bool:
    """Whether reversal card `rev` of the defender can reverse the play (F, target and cost)."""
    fitting = reversers(cat, play).get(rev)
    defender = 1 - play.player
    if fitting is None or reversal_cost(cat, s, rev, play) > fortitude(cat, s, defender):
        return False
    return any(_matches(cat, s, r, play, damage, from_hand, defender) for r in fitting[1])


def reversal_candidates(cat: Catalog, s: GameState, play: CurrentPlay) -> list[CardId]:
    """The defender's hand cards (in hand order, copies kept) whose target fits the play and whose
    F he has: what may reverse it, before the conditions that need its damage are asked."""
    defender = 1 - play.player
    table = reversers(cat, play)
    fitting = [c for c in s.players[defender].hand if c in table]
    if not fitting:
        return fitting
    if _costs_changed(cat, s, defender):
        f = fortitude(cat, s, defender)
        return [c for c in fitting if reversal_cost(cat, s, c, play) <= f]
    f = fortitude(cat, s, defender)
    most = f - _bonus(cat, s, play, FORTITUDE, reversals=True)
    costs, own = cat.printed_costs, cat.own_reversal_costs
    return [c for c in fitting if (reversal_cost(cat, s, c, play) <= f if c in own else costs[c] <= most)]


def damage_matters(cat: Catalog, s: GameState, play: CurrentPlay, candidates: list[CardId]) -> bool:
    """Whether the play's damage can change which candidates reverse it: a modifier (an Irreversible
    one may have a damage limit) or a candidate without an unconditional clause."""
    if s.modifiers or play.captured:
        return True
    table = reversers(cat, play)
    for c in candidates:
        if not table[c][0]:
            return True
    return False


def reversals_in_hand(cat: Catalog, s: GameState, play: CurrentPlay, damage: int,
                      candidates: list[CardId] | None = None) -> tuple[int, ...]:
    """The defender's hand cards that can reverse the play (`reverses` with from_hand, for a whole
    hand: his F and the reversal F bonus are the same for every card). `candidates`:
    `reversal_candidates`, when the caller has them."""
    if candidates is None:
        candidates = reversal_candidates(cat, s, play)
    table, defender = reversers(cat, play), 1 - play.player
    out: list[CardId] = []
    for c in candidates:
        always, clauses = table[c]
        if always or any(_matches(cat, s, r, play, damage, True, defender) for r in clauses):
            out.append(c)
    return tuple(out)


def reversers(cat: Catalog, play: CurrentPlay) -> dict[CardId, tuple[bool, tuple[fx.Reverses, ...]]]:
    """Reversal card -> (always, clauses) for the cards with clauses whose target fits the played card
    by its printed facts (type, subtype, title, trait): the part of a match that never changes,
    worked out once a process for each card and type played. `always`: one of them has no other
    condition (no cost, damage limit, previous card or Ring area count), so from the hand it matches."""
    key = (play.card, play.as_type)
    table = cat.reversal_memo.get(key)
    if table is None:
        info = cat.infos[play.card]
        table = cat.reversal_memo[key] = {}
        # "Can be reversed by the card titled X" lets X reverse it whatever X's target says: every reversal
        # card is then asked; else only those with a clause that takes the card's type and subtype
        asked = [(rev, cat.infos[rev].reverses) for rev in cat.reversal_cards] if info.also_reversed_by \
            else _type_fitting(cat, play.as_type, info.card.subtype)
        for rev, clauses in asked:
            if info.not_reversed_by and loose_title(cat.infos[rev].title) in info.not_reversed_by:
                continue
            if (info.not_reversed_by_cards or info.reversed_only_by or info.reversed_only_naming) \
                    and not _may_reverse(cat, info, rev):
                continue
            if info.also_reversed_by and loose_title(cat.infos[rev].title) in info.also_reversed_by:
                # "Can be reversed by the card titled Elbow to the Face": whatever its target says (type, damage)
                fits = tuple(replace(r, target=fx.Target((play.as_type,))) for r in clauses)
            else:
                fits = tuple(r for r in clauses if _fits(r.target, info, play.as_type))
            if fits:
                table[rev] = (any(map(_unconditional, fits)), fits)
    return table


def _type_fitting(cat: Catalog, as_type: CardType, subtype: Subtype | None) -> list[tuple[CardId, tuple[fx.Reverses, ...]]]:
    """The reversal cards (in catalog order) with their clauses whose target takes a card played as `as_type` of
    `subtype` (`_fits`'s first two tests), once a process for each: a Classic pool holds hundreds of reversal
    cards, most for another type or subtype, and `reversers` is asked for every new card played."""
    key = (as_type, subtype)
    known = cat.reversals_by_type.get(key)
    if known is None:
        known = cat.reversals_by_type[key] = []
        for rev in cat.reversal_cards:
            fits = tuple(r for r in cat.infos[rev].reverses if _takes_type(r.target, as_type, subtype))
            if fits:
                known.append((rev, fits))
    return known


def _takes_type(t: fx.Target, as_type: CardType, subtype: Subtype | None) -> bool:
    return as_type in t.card_types and not (t.subtypes and (as_type != MANEUVER or subtype not in t.subtypes))


def _may_reverse(cat: Catalog, info: CardInfo, rev: CardId) -> bool:
    """Whether the played card's own limits let reversal card `rev` reverse it ("Can only be reversed by
    unique cards", "Cannot be reversed by hybrid Reversal cards")."""
    if any(passes(cat, rev, f) for f in info.not_reversed_by_cards):
        return False
    if not info.reversed_only_by and not info.reversed_only_naming:
        return True
    return any(passes(cat, rev, f) for f in info.reversed_only_by) or _names(cat, rev, info.reversed_only_naming)


def _names(cat: Catalog, rev: CardId, titles: frozenset[str]) -> bool:
    """Whether reversal card `rev` "specifically reverses" one of `titles`: its text reverses it by name."""
    return any(r.target.title in titles or not titles.isdisjoint(r.target.named)
               for r in (*cat.infos[rev].reverses, *cat.infos[rev].used_reverses))


def _unconditional(r: fx.Reverses) -> bool:
    t = r.target
    return not r.cost and t.max_damage is None and t.min_damage is None and t.after_title is None \
        and t.min_trait_in_ring is None and not r.overturned_only and r.condition is None and not t.from_hand \
        and t.after is None and not t.played_before and r.played_from is None


def _matches(cat: Catalog, s: GameState, r: fx.Reverses, play: CurrentPlay, damage: int, from_hand: bool,
             defender: int, played_from: fx.Zone | None = None) -> bool:
    """Whether clause `r`, whose target fits the played card (`reversers`), reverses the play now; `played_from`:
    the reversal card is played from that zone, not the hand (as from the hand otherwise)."""
    if r.played_from is not None and r.played_from is not played_from:
        return False  # "When played from your Ringside pile, reverse ...": from the hand, or overturned, it does not
    if r.from_hand_only and not from_hand:
        return False
    if r.overturned_only and from_hand:
        return False  # "when overturned, reverse ...": never from the hand
    if r.condition is not None and not holds(cat, s, defender, r.condition, play.card, s.last[defender]):
        return False  # "if your Fortitude Rating is less than your opponent's, reverse ..."
    if r.cost and not from_hand and s.profile == "course":
        return False  # the reference never reverses from the Arsenal with a reversal that has a cost
    t = r.target
    if t.from_hand and play.source is not fx.Zone.HAND and play.source is not fx.Zone.UNDER:
        return False  # "any Action card played from your opponent's hand": not one from his Backlash deck (Ringside pile);
        # one held under a card is played "as if it were in your hand"
    if t.max_damage is not None and damage > t.max_damage:
        return False
    if t.min_damage is not None and damage < t.min_damage:
        return False
    if t.after_title is not None and not holds(cat, s, play.player, fx.After(title=t.after_title), play.card,
                                               play.previous):
        return False
    if t.after is not None and not holds(cat, s, play.player, t.after, play.card, play.previous):
        return False  # "any card played after a Set-up card" (or considered played after one)
    if t.played_before and _played_before(s, t.played_before_type) < t.played_before:
        return False  # "if it is not the first card played this turn"
    if t.min_trait_in_ring is not None:
        ring = s.players[play.player].ring
        if sum(1 for c in ring if t.trait in cat.infos[c].card.traits) < t.min_trait_in_ring:
            return False
    return not from_hand or not r.cost or _cost_payable(s, r.cost, defender, played_from is None)


def _played_before(s: GameState, as_type: CardType | None) -> int:
    """How many cards (played as `as_type`, if given) the player to move played this turn before the one being
    played (the last of `GameState.played`)."""
    return sum(1 for t in s.played[:-1] if as_type is None or t == as_type)


def _fits(t: fx.Target, info: CardInfo, as_type: CardType) -> bool:
    if as_type not in t.card_types:  # CardType is a str enum: "maneuver" == MANEUVER
        return False
    if t.named and info.title in t.named:
        return True  # "(including the card titled Clutch onto Opponent)": whatever the description says
    if t.subtypes and (as_type != MANEUVER or info.card.subtype not in t.subtypes):
        return False
    if t.title is not None and info.title != t.title:
        return False
    if t.not_subtypes and as_type == MANEUVER and info.card.subtype in t.not_subtypes:
        return False
    if t.not_trait is not None and t.not_trait in info.card.traits:
        return False
    if (t.marks or t.not_marks or t.any_marks) and not has_marks(info, t.marks, t.not_marks, t.any_marks):
        return False
    if t.title_word is not None and not has_word(info.title, t.title_word):
        return False  # "any card with the word 'slam' in the title"
    return t.trait is None or t.trait in info.card.traits


def _cost_payable(s: GameState, cost: tuple[fx.Action, ...], p: int, in_hand: bool = True) -> bool:
    """Whether the cards a reversal's cost discards are in the hand, besides the reversal card if it is there."""
    need = sum(a.count.n or 0 for a in cost if isinstance(a, fx.Discard) and a.who is YOU)
    return len(s.players[p].hand) - (1 if in_hand else 0) >= need


def ability_usable(cat: Catalog, s: GameState, p: int) -> bool:
    ab = ability(cat, s, p)
    if ab.timing is not ONCE_PER_TURN or s.ability_used:
        return False  # Maintain Hold forbids maneuvers and actions, not Superstar abilities
    return not ab.actions or _payable(s, p, ab.actions[0])


def _payable(s: GameState, p: int, action: fx.Action) -> bool:
    me = s.players[p]
    if isinstance(action, fx.Draw) and action.who is YOU:
        return len(me.arsenal) >= (action.count.n or 1)
    if isinstance(action, fx.Discard) and action.who is YOU:
        return len(me.hand) >= (action.count.n or 1)
    return True


# ------------------------------------------------------------------ reversals by using a card or an ability
def used_reversals(cat: Catalog, s: GameState, play: CurrentPlay) -> tuple[tuple[CardId, ...], tuple[fx.Zone, ...], bool]:
    """What the defender may reverse the play with besides his hand (Classic cards): his cards in his Ring area and
    Ringside pile that reverse it by being used there (`Reverses.zone`; each title once, copies are alike) with
    the zone each is used from, and whether his Superstar's ability does. Their cost must be payable; no F is
    asked (no reversal card is played). A play that cannot be reversed from the hand cannot be reversed so either
    (the rulebook counts these with the hand: "reversed from the hand, Backlash deck, Ringside pile, Ring area, or
    Backstage area")."""
    defender = 1 - play.player
    me = s.players[defender]
    cards: list[CardId] = []
    zones: list[fx.Zone] = []
    damage = base_damage(cat, s, play, defender) if play.as_type == MANEUVER else 0
    if irreversible(cat, s, play, damage, from_hand=True):
        return (), (), False
    for zone, held in ((fx.Zone.RING, me.ring), (fx.Zone.RINGSIDE, me.ringside)):
        if cat.used_reversers.isdisjoint(held):
            continue
        for c in distinct([c for c in held if c in cat.used_reversers]):
            if used_clause(cat, s, play, damage, c, zone) is not None:
                cards.append(c)
                zones.append(zone)
    star = me.superstar in cat.reversing_stars and used_clause(cat, s, play, damage, -1, fx.Zone.BACKSTAGE) is not None
    return tuple(cards), tuple(zones), star


def used_clause(cat: Catalog, s: GameState, play: CurrentPlay, damage: int, card: CardId,
                zone: fx.Zone) -> fx.Reverses | None:
    """The first of `card`'s clauses used from `zone` (of the defender's ability, for card -1 and the Backstage
    area) that reverses the play now, at a cost he can pay; None if none does."""
    defender = 1 - play.player
    info = cat.infos[play.card]
    if card >= 0:
        if info.not_reversed_by and loose_title(cat.infos[card].title) in info.not_reversed_by:
            return None
        if (info.not_reversed_by_cards or info.reversed_only_by or info.reversed_only_naming) \
                and not _may_reverse(cat, info, card):
            return None
        clauses = cat.infos[card].used_reverses
    elif info.reversed_only_by or info.reversed_only_naming:
        return None  # only some reversal cards may reverse it: an ability is none
    else:
        clauses = ability(cat, s, defender).reverses
    for r in clauses:
        if r.zone is zone and _fits(r.target, info, play.as_type) \
                and _matches(cat, s, replace(r, cost=()), play, damage, True, defender) \
                and _used_cost_payable(cat, s, r.cost, defender):
            return r
    return None


def _used_cost_payable(cat: Catalog, s: GameState, cost: tuple[fx.Action, ...], p: int) -> bool:
    """Whether the player can pay a used reversal's cost: the cards it discards are in his hand (moving the card
    used always can be done)."""
    hand = s.players[p].hand
    discards = [a for a in cost if isinstance(a, fx.Discard)]
    if sum(a.count.n or 0 for a in discards) > len(hand):
        return False
    return all(sum(1 for c in hand if c in cat.passing(a.filter)) >= (a.count.n or 0) for a in discards
               if a.filter != fx.ANY_CARD)


def ringside_reversals(cat: Catalog, s: GameState, play: CurrentPlay) -> tuple[CardId, ...]:
    """The defender's reversal cards in his Ringside pile he may play from there to reverse the play, as from the hand
    ("Can only be played from your Ringside pile when you have at least 5 other Heat cards in your Ringside pile.
    When played from your Ringside pile, reverse ..."): each title once (copies are alike), its condition holding
    (asked of that card), its F and target as from the hand."""
    defender = 1 - play.player
    held = [c for c in distinct(s.players[defender].ringside) if c in cat.ringside_reversers]
    if not held:
        return ()
    damage = base_damage(cat, s, play, defender) if play.as_type == MANEUVER else 0
    if irreversible(cat, s, play, damage, from_hand=True):
        return ()
    table, f, out = reversers(cat, play), fortitude(cat, s, defender), []
    for c in held:
        cond = cat.ringside_reversers[c]
        if c not in table or reversal_cost(cat, s, c, play) > f \
                or cond is not None and not holds(cat, s, defender, cond, c, s.last[defender]):
            continue
        if any(_matches(cat, s, r, play, damage, True, defender, fx.Zone.RINGSIDE) for r in table[c][1]):
            out.append(c)
    return tuple(out)
