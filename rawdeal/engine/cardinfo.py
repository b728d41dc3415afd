"""Per-card facts the engine needs on every move, precomputed once per process from the compiled text."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Final

from rawdeal.cards import Card, CardDB, CardType, Subtype, Superstar, load_db
from rawdeal.cards.marks import PERMANENT
from rawdeal.effects import model as fx
from rawdeal.engine.moves import Pick, Play, Reverse, Use, share
from rawdeal.engine.words import CardId, PickVerb

_MOST_FILTERS: Final = 4096  # filter objects `Catalog.passing` knows by identity


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: int
    card: Card
    effect: fx.CardEffect
    on_play: tuple[fx.OnPlay, ...]
    requirements: tuple[fx.PlayRequirement, ...]
    stat_changes: tuple[fx.StatChange, ...]
    irreversible: bool
    reversal_bonus: int
    reverses: tuple[fx.Reverses, ...]
    on_reverse: tuple[fx.OnReverse, ...]
    variable_damage: bool
    while_in_ring: tuple[fx.Modifier, ...]
    triggered: tuple[fx.Triggered, ...]
    delayed: tuple[fx.Delayed, ...]
    follow_ups: tuple[fx.AllowsFollowUp, ...]
    triggers_from_ringside: bool = False
    irreversible_when: tuple[fx.Irreversible, ...] = ()  # narrowed "cannot be reversed" (Classic cards)
    play_types: tuple[CardType, ...] = ()  # what it can be played as from the hand, in printed order
    not_reversed_by: frozenset[str] = frozenset()  # titles of reversals that never match it (Classic cards)
    not_reversed_by_cards: tuple[fx.CardFilter, ...] = ()  # nor do the reversal cards these let through (Classic)
    reversed_only_by: tuple[fx.CardFilter, ...] = ()  # only reversal cards one of these lets through match it
    reversed_only_naming: frozenset[str] = frozenset()  # ... or that reverse one of these titles by name
    also_reversed_by: frozenset[str] = frozenset()  # titles of reversals that match it whatever they reverse
    counts_as: tuple[fx.CountsAs, ...] = ()  # "counts as 2 Heat cards in your Ringside pile" (Classic cards)
    title: str = ""  # the card's: a field of its own, which compiled is read natively (a `Card` is not compiled)
    activated: tuple[fx.Activated, ...] = ()  # effects used from the Ring area or Ringside pile (Classic cards)
    when_played: tuple[fx.WhenPlayed, ...] = ()  # "When played, ...": before the reversal window (Classic cards)
    used_reverses: tuple[fx.Reverses, ...] = ()  # reversals by using it where it lies (`Reverses.zone`, Classic)

    def is_(self, card_type: CardType) -> bool:
        return card_type in self.card.types


def loose_title(title: str) -> str:
    """A title as a card's text may print it: any case, without punctuation ("Backlash" is "Backlash!")."""
    return "".join(ch for ch in title.casefold() if ch.isalnum())


def _info(i: int, card: Card, effect: fx.CardEffect) -> CardInfo:
    return CardInfo(
        id=i, card=card, effect=effect,
        on_play=effect.of(fx.OnPlay),
        requirements=effect.of(fx.PlayRequirement),
        stat_changes=effect.of(fx.StatChange),
        irreversible=fx.Irreversible() in effect.of(fx.Irreversible),
        irreversible_when=tuple(c for c in effect.of(fx.Irreversible) if c != fx.Irreversible()),
        reversal_bonus=sum(c.amount for c in effect.of(fx.ReversalBonus)),
        reverses=_played_reverses(effect),
        used_reverses=tuple(r for r in effect.of(fx.Reverses) if r.zone is not None),
        on_reverse=effect.of(fx.OnReverse),
        variable_damage=bool(effect.of(fx.VariableDamage)),
        while_in_ring=tuple(c.modifier for c in effect.of(fx.WhileInRing)),
        triggered=effect.of(fx.Triggered),
        delayed=effect.of(fx.Delayed),
        follow_ups=effect.of(fx.AllowsFollowUp),
        triggers_from_ringside=bool(effect.of(fx.TriggersFromRingside)),
        play_types=tuple(card.playable_types),
        not_reversed_by=frozenset(loose_title(t) for c in effect.of(fx.NotReversedBy) for t in c.titles),
        not_reversed_by_cards=tuple(f for c in effect.of(fx.NotReversedBy) for f in c.cards),
        reversed_only_by=tuple(f for c in effect.of(fx.ReversedOnlyBy) for f in c.cards),
        reversed_only_naming=frozenset(t for c in effect.of(fx.ReversedOnlyBy) for t in c.naming),
        also_reversed_by=frozenset(loose_title(t) for c in effect.of(fx.AlsoReversedBy) for t in c.titles),
        counts_as=effect.of(fx.CountsAs),
        title=card.title,
        activated=effect.of(fx.Activated),
        when_played=effect.of(fx.WhenPlayed),
    )


@dataclass(frozen=True)
class Catalog:
    """The card database with every card's compiled effect and every Superstar's ability."""

    db: CardDB
    infos: tuple[CardInfo, ...]
    abilities: dict[str, fx.Ability]
    pool: str = "course"  # which cards: the course's database, or a Classic pool's playable cards
    # By card id, for the hot paths (`map` over a zone instead of a Python loop):
    titles: tuple[str, ...] = field(init=False, repr=False, compare=False)
    damages: tuple[int, ...] = field(init=False, repr=False, compare=False)  # printed D, `#` = 0
    # The F to play a card with no requirement and no F change of its own (None: ask the rules),
    # and its (card, type) pairs in printed order.
    plain_costs: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    play_pairs: tuple[tuple[tuple[CardId, CardType], ...], ...] = field(init=False, repr=False, compare=False)
    while_in_ring: tuple[tuple[fx.Modifier, ...], ...] = field(init=False, repr=False, compare=False)
    ring_start_triggers: tuple[tuple[fx.Triggered, ...], ...] = field(init=False, repr=False, compare=False)
    # cards whose effects start their owner's opponent's turns from his Ring area ("Before your opponent's Draw
    # Segment, he may ...")
    their_starters: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # Its Superstar stat lines ("Your Superstar Value is +2", "... Mid-match cards ... is increased by 1"), in
    # printed order: every main decision with a Mid-match card in the Backlash deck reads them off the Ring areas
    stat_lines: tuple[tuple[fx.SuperstarStat | fx.RingRoom, ...], ...] = field(init=False, repr=False, compare=False)
    stat_cards: frozenset[CardId] = field(init=False, repr=False, compare=False)  # the cards with any
    # One shared `play` move per (card, type), parallel to `play_pairs`: main decisions build no moves.
    play_moves: tuple[tuple[Play, ...], ...] = field(init=False, repr=False, compare=False)
    # Cards their owner may play from his Ringside pile (Classic: "You may play this card from your Ringside
    # pile"), each with its shared `play "X" from ringside` moves, parallel to `play_pairs`
    ringside_plays: dict[CardId, tuple[Play, ...]] = field(init=False, repr=False, compare=False)
    # Cards whose text lets their owner play the cards held under them as if in his hand ("You may play the cards
    # under this card as if they were in your hand"), each with the filters the held cards must pass
    held_plays: dict[CardId, tuple[fx.CardFilter, ...]] = field(init=False, repr=False, compare=False)
    reverse_moves: tuple[Reverse, ...] = field(init=False, repr=False, compare=False)  # `reverse "X"` by card id
    use_moves: tuple[Use, ...] = field(init=False, repr=False, compare=False)  # `use "X"` by card id
    pick_moves: dict[PickVerb, tuple[Pick, ...]] = field(init=False, repr=False, compare=False)  # `discard "X"`, ...

    index: dict[str, CardId] = field(init=False, repr=False, compare=False)  # db.index, read natively compiled
    printed_costs: tuple[int, ...] = field(init=False, repr=False, compare=False)  # printed F
    reversal_cards: tuple[CardId, ...] = field(init=False, repr=False, compare=False)  # with a Reverses clause
    # (played card, type) -> reversal card -> (always, its clauses whose target fits) (`rules.reversers`)
    reversal_memo: dict[tuple[CardId, CardType], dict[CardId, tuple[bool, tuple[fx.Reverses, ...]]]] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    # (type played as, subtype) -> the reversal cards with their clauses that take it (`rules.reversers`)
    reversals_by_type: dict[tuple[CardType, Subtype | None], list[tuple[CardId, tuple[fx.Reverses, ...]]]] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    # card filter -> the ids of the cards it lets through (by their printed facts: `passing`)
    filter_memo: dict[fx.CardFilter, frozenset[CardId]] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    # the same by the filter object's identity: id -> (the filter, kept alive so that its id is not reused,
    # the ids it lets through). A filter's own hash and `==` run as Python (dataclass methods).
    filter_ids: dict[int, tuple[fx.CardFilter, frozenset[CardId]]] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    # Superstar -> the cards his opponent cannot play (Classic abilities; empty for the course's Superstars)
    forbidden: dict[str, frozenset[CardId]] = field(init=False, repr=False, compare=False)
    # a card -> what it forbids its owner's opponent to play while it lies in its owner's Ring area (Classic)
    ring_forbids: dict[CardId, frozenset[CardId]] = field(init=False, repr=False, compare=False)
    # a card -> whose Superstar ability it blanks while in its owner's Ring area (Classic: "your opponent's Superstar
    # Ability is blank"; empty: every ability is read as printed)
    ability_blankers: dict[CardId, tuple[fx.BlanksAbility, ...]] = field(init=False, repr=False, compare=False)
    # Cards with an effect used from the Ring area or Ringside pile (none in the course's pool: the main
    # decision then looks at neither zone)
    activators: frozenset[CardId] = field(init=False, repr=False, compare=False)
    their_activators: frozenset[CardId] = field(init=False, repr=False, compare=False)  # ... used by their owner's opponent
    # cards whose text changes their owner's cards' F while they are in his Ring area ("your Maneuver cards
    # are -3F"): with one there, his costs are no longer the printed ones (`rules.play_cost`)
    cost_changers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    opponents_changers: frozenset[CardId] = field(init=False, repr=False, compare=False)  # change the other player's cards
    cost_stars: frozenset[str] = field(init=False, repr=False, compare=False)  # the same, by his ability (Classic)
    # cards whose text changes both players' cards while in a Ring area ("All players' maneuvers are +1D")
    everyones: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # Cards and Superstars whose effects a successful play sets off ("when you successfully play a maneuver";
    # none in the course's pool: a resolving play then looks at nothing)
    play_watchers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # the same by the zone they watch from (a card watches only from the zone its trigger names)
    ring_watchers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    ringside_watchers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    watching_stars: frozenset[str] = field(init=False, repr=False, compare=False)
    # Cards (in their owner's Ring area) and Superstars with effects in his Draw segment ("draw an additional card")
    draw_starters: frozenset[CardId] = field(init=False, repr=False, compare=False)
    drawing_stars: frozenset[str] = field(init=False, repr=False, compare=False)
    # Superstars whose ability a reversal sets off ("When your opponent reverses a card, you may ...", Classic)
    reversal_stars: frozenset[str] = field(init=False, repr=False, compare=False)
    # Cards with a start-of-turn effect from their owner's Ringside pile ("When this card is in your Ringside
    # pile, before your Draw Segment, ...")
    ringside_starters: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # Cards whose effects a reversal sets off from the Ring area ("if your opponent reverses a maneuver, ...")
    reversal_watchers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # Cards with an effect of their own when an effect moves them out of their owner's Ring area ("If this card is
    # removed from your Ring area, ...")
    ring_leavers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # The least F a card can cost while no F modifier is active: its printed F with every F cut of its own
    least_costs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # The ways a card's text wins the game ("you win the game via Pinfall victory"): a finished game may say them
    win_ways: frozenset[str] = field(init=False, repr=False, compare=False)
    # Whether a card can forbid playing cards ("you cannot play ... for the rest of the turn")
    restricts: bool = field(init=False, repr=False, compare=False)
    # Cards and Superstars that reverse by being used where they lie ("When this card is in your Ring area, you may
    # put this card into your Ringside pile to reverse ..."; none in the course's pool: a play then looks at neither)
    used_reversers: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # Reversal cards their owner may play from his Ringside pile ("Can only be played from your Ringside pile ...",
    # "You may play this card from your Ringside pile"), with the condition of each (None: none)
    ringside_reversers: dict[CardId, fx.Condition | None] = field(init=False, repr=False, compare=False)
    # Reversal cards whose own text changes their F as a reversal ("As a reversal, this card is -5F")
    own_reversal_costs: frozenset[CardId] = field(init=False, repr=False, compare=False)
    reversing_stars: frozenset[str] = field(init=False, repr=False, compare=False)
    # Whether a card asks "you reversed a card to end your opponent's last turn" (the game then remembers it)
    remembers_reversals: bool = field(init=False, repr=False, compare=False)
    # Whether a card can be Permanent (printed so, or by a text): else nothing in a Ring area is (`rules.permanent`)
    permanence: bool = field(init=False, repr=False, compare=False)
    # Whether a reversal asks how many cards were played before the one it reverses (the game then counts them)
    counts_plays: bool = field(init=False, repr=False, compare=False)
    # Cards whose F their "When played" payment cuts ("This card is -2F for each card discarded"): `rules.paid_down`
    paying: frozenset[CardId] = field(init=False, repr=False, compare=False)
    # Whether a card names the card a search found ("If it is your next card played this turn, ..."): the game then
    # remembers it (`GameState.found`)
    finds: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "titles", tuple(i.card.title for i in self.infos))
        object.__setattr__(self, "damages", tuple(i.card.printed_damage for i in self.infos))
        object.__setattr__(self, "forbidden", {
            name: frozenset(self.db.index[t] for t in ab.forbids_opponent if t in self.db.index)
            for name, ab in self.abilities.items() if ab.forbids_opponent})
        object.__setattr__(self, "ring_forbids", {
            i.id: frozenset(self.db.index[t] for c in i.effect.of(fx.OpponentCannotPlay) for t in c.titles
                            if t in self.db.index) for i in self.infos if i.effect.of(fx.OpponentCannotPlay)})
        object.__setattr__(self, "ability_blankers", {
            i.id: i.effect.of(fx.BlanksAbility) for i in self.infos if i.effect.of(fx.BlanksAbility)})
        # cards an ability or a card in the Ring area may forbid: `can_play` decides
        ruled = frozenset().union(*self.forbidden.values(), *self.ring_forbids.values())
        object.__setattr__(self, "plain_costs", tuple(
            None if i.requirements or i.stat_changes or i.id in ruled else i.card.fortitude for i in self.infos))
        object.__setattr__(self, "play_pairs", tuple(tuple((i.id, t) for t in i.play_types) for i in self.infos))
        object.__setattr__(self, "index", self.db.index)
        object.__setattr__(self, "printed_costs", tuple(i.card.fortitude for i in self.infos))
        object.__setattr__(self, "reversal_cards", tuple(i.id for i in self.infos if i.reverses))
        object.__setattr__(self, "activators", frozenset(i.id for i in self.infos if any(
            a.by is fx.Who.YOU for a in i.activated)))
        object.__setattr__(self, "their_activators", frozenset(i.id for i in self.infos if any(
            a.by is not fx.Who.YOU for a in i.activated)))
        object.__setattr__(self, "opponents_changers", frozenset(
            i.id for i in self.infos if any(m.opponents for m in i.while_in_ring)))
        object.__setattr__(self, "cost_changers", frozenset(
            i.id for i in self.infos if any(m.stat is fx.Stat.FORTITUDE and not m.reversals for m in i.while_in_ring)))
        object.__setattr__(self, "everyones", frozenset(
            i.id for i in self.infos if any(m.everyone for m in i.while_in_ring)))
        object.__setattr__(self, "cost_stars", frozenset(
            name for name, ab in self.abilities.items() if any(m.stat is fx.Stat.FORTITUDE for m in ab.modifiers)))
        object.__setattr__(self, "ring_watchers", _watching(self.infos, fx.Zone.RING))
        object.__setattr__(self, "ringside_watchers", _watching(self.infos, fx.Zone.RINGSIDE))
        object.__setattr__(self, "ringside_starters", frozenset(i.id for i in self.infos if any(
            t.trigger is fx.Trigger.START_OF_TURN and t.zone is fx.Zone.RINGSIDE for t in i.triggered)))
        object.__setattr__(self, "reversal_watchers", frozenset(
            i.id for i in self.infos if any(t.trigger is fx.Trigger.REVERSAL for t in i.triggered)))
        object.__setattr__(self, "used_reversers", frozenset(i.id for i in self.infos if i.used_reverses))
        object.__setattr__(self, "ringside_reversers", {
            i.id: c.condition for i in self.infos if i.reverses for c in i.effect.of(fx.PlayableFrom)
            if c.zone is fx.Zone.RINGSIDE})
        object.__setattr__(self, "own_reversal_costs", frozenset(i.id for i in self.infos if any(
            sc.stat is fx.Stat.FORTITUDE and sc.as_type is CardType.REVERSAL for sc in i.stat_changes)))
        object.__setattr__(self, "reversing_stars", frozenset(name for name, ab in self.abilities.items() if ab.reverses))
        object.__setattr__(self, "ring_leavers", frozenset(
            i.id for i in self.infos if any(t.trigger is fx.Trigger.LEFT_RING for t in i.triggered)))
        object.__setattr__(self, "play_watchers", frozenset(
            i.id for i in self.infos if any(t.trigger is fx.Trigger.PLAYED for t in i.triggered)))
        object.__setattr__(self, "least_costs", tuple(
            i.card.fortitude + sum(min(sc.amount, 0) * (60 if sc.per_title_word or sc.per or sc.paid is fx.Paid.EACH else 1) for sc in i.stat_changes
                                   if sc.stat is fx.Stat.FORTITUDE) for i in self.infos))
        object.__setattr__(self, "restricts", any(_restricts(c) for i in self.infos for c in i.effect.clauses))
        object.__setattr__(self, "win_ways", frozenset(
            w for i in self.infos for c in i.effect.clauses for w in _win_ways(c)))
        object.__setattr__(self, "remembers_reversals", any(
            _asks_reversal(c) for i in self.infos for c in (*(r.condition for r in i.requirements),
                                                             *(sc.condition for sc in i.stat_changes),
                                                             *(irr.condition for irr in i.irreversible_when)))
            or any(isinstance(a, fx.RemoveReversed) for i in self.infos for r in i.on_reverse for a in r.actions)
            or any(_measures(c, fx.Measure.REVERSED_F) for i in self.infos for c in i.on_reverse))
        object.__setattr__(self, "permanence", any(
            PERMANENT in i.card.marks or i.effect.of(fx.Permanent) or i.effect.of(fx.MakesPermanent) for i in self.infos))
        object.__setattr__(self, "paying", frozenset(
            i.id for i in self.infos if any(sc.paid is not None for sc in i.stat_changes)))
        object.__setattr__(self, "finds", any(_finds(c) for i in self.infos for c in i.effect.clauses))
        object.__setattr__(self, "counts_plays", any(r.target.played_before for i in self.infos
                                                     for r in (*i.reverses, *i.used_reverses))
                           or any(r.target.played_before for ab in self.abilities.values() for r in ab.reverses))
        object.__setattr__(self, "watching_stars", frozenset(name for name, ab in self.abilities.items() if any(
            t.trigger is fx.Trigger.PLAYED for t in ab.triggered)))
        object.__setattr__(self, "reversal_stars", frozenset(name for name, ab in self.abilities.items() if any(
            t.trigger is fx.Trigger.REVERSAL for t in ab.triggered)))
        object.__setattr__(self, "draw_starters", frozenset(i.id for i in self.infos if any(
            t.trigger is fx.Trigger.DRAW_SEGMENT and t.zone is fx.Zone.RING for t in i.triggered)))
        object.__setattr__(self, "drawing_stars", frozenset(name for name, ab in self.abilities.items() if any(
            t.trigger is fx.Trigger.DRAW_SEGMENT for t in ab.triggered)))
        object.__setattr__(self, "while_in_ring", tuple(i.while_in_ring for i in self.infos))
        object.__setattr__(self, "stat_lines", tuple(tuple(
            c for c in i.effect.clauses if isinstance(c, (fx.SuperstarStat, fx.RingRoom))) for i in self.infos))
        object.__setattr__(self, "stat_cards", frozenset(i.id for i in self.infos if self.stat_lines[i.id]))
        object.__setattr__(self, "ring_start_triggers", tuple(tuple(
            t for t in i.triggered if t.trigger is fx.Trigger.START_OF_TURN and t.zone is fx.Zone.RING
            and t.by is not fx.Who.OPPONENT) for i in self.infos))
        object.__setattr__(self, "their_starters", frozenset(i.id for i in self.infos if any(
            t.trigger is fx.Trigger.START_OF_TURN and t.zone is fx.Zone.RING and t.by is not fx.Who.YOU
            for t in i.triggered)))
        object.__setattr__(self, "play_moves", tuple(tuple(share(Play(i.title, t)) for t in i.play_types)
                                                     for i in self.infos))
        object.__setattr__(self, "ringside_plays", {
            i.id: tuple(share(Play(i.title, t, 1, fx.Zone.RINGSIDE)) for t in i.play_types) for i in self.infos
            if fx.PlayableFrom(fx.Zone.RINGSIDE) in i.effect.clauses})
        object.__setattr__(self, "held_plays", {
            i.id: tuple(c.filter for c in i.effect.of(fx.PlaysHeld)) for i in self.infos if i.effect.of(fx.PlaysHeld)})
        object.__setattr__(self, "reverse_moves", tuple(share(Reverse(t)) for t in self.titles))
        object.__setattr__(self, "use_moves", tuple(share(Use(t)) for t in self.titles))
        object.__setattr__(self, "pick_moves", {v: tuple(share(Pick(v, t)) for t in self.titles) for v in PickVerb})

    def id(self, title: str) -> int:
        return self.index[title]

    def passing(self, flt: fx.CardFilter) -> frozenset[CardId]:
        """The cards a filter lets through by their printed facts (title, word, types, subtype, keywords),
        worked out once a filter: searches and picks ask it of every card of a zone. Found by the filter
        object first (an effect's filters live as long as the catalog; one read from a save is an equal
        copy, found by value)."""
        seen = self.filter_ids.get(id(flt))
        if seen is not None and seen[0] is flt:
            return seen[1]
        known = self.filter_memo.get(flt)
        if known is None:
            from rawdeal.engine.rules import passes

            known = self.filter_memo[flt] = frozenset(i.id for i in self.infos if passes(self, i.id, flt))
        if len(self.filter_ids) >= _MOST_FILTERS:  # copies from many loaded saves: start again
            self.filter_ids.clear()
        self.filter_ids[id(flt)] = (flt, known)
        return known

    def superstar(self, name: str) -> Superstar:
        return self.db.by_name[name]


def _watching(infos: tuple[CardInfo, ...], zone: fx.Zone) -> frozenset[CardId]:
    """The cards a successful play sets off while they lie in `zone`."""
    return frozenset(i.id for i in infos if any(t.trigger is fx.Trigger.PLAYED and t.zone is zone for t in i.triggered))


def _restricts(item: object) -> bool:
    """Whether a clause or action (or one inside it) forbids playing cards (`fx.Restrict`)."""
    if isinstance(item, fx.Restrict):
        return True
    inner = getattr(item, "actions", None) or ()
    options = getattr(item, "options", None) or ()
    return any(map(_restricts, inner)) or any(_restricts(a) for o in options for a in o) \
        or any(map(_restricts, getattr(item, "otherwise", None) or ()))


def _played_reverses(effect: fx.CardEffect) -> tuple[fx.Reverses, ...]:
    """The clauses of a reversal card played (not used where it lies); a card that "can only be played from your
    Ringside pile" reverses from there only, whatever each clause says."""
    only = next((c.zone for c in effect.of(fx.PlayableFrom) if c.only), None)
    return tuple(r if only is None or r.played_from is not None else replace(r, played_from=only)
                 for r in effect.of(fx.Reverses) if r.zone is None)


def _win_ways(item: object) -> list[str]:
    """The ways a clause or action (or one inside it) wins the game (`fx.WinGame.how`)."""
    if isinstance(item, fx.WinGame):
        return [item.how]
    inner = [*(getattr(item, "actions", None) or ()), *(getattr(item, "otherwise", None) or ()),
             *(a for o in getattr(item, "options", None) or () for a in o)]
    return [w for a in inner for w in _win_ways(a)]


def _asks_reversal(cond: fx.Condition | None) -> bool:
    if isinstance(cond, fx.ReversedLastTurn):
        # a reversal from the hand the game remembers anyway (`GameState.last`), not what it reversed
        return not cond.from_hand_only or cond.reversed != fx.ANY_CARD
    if isinstance(cond, (fx.AnyOf, fx.AllOf)):
        return any(map(_asks_reversal, cond.conditions))
    return isinstance(cond, fx.Not) and _asks_reversal(cond.condition)


@cache
def catalog() -> Catalog:
    from rawdeal.effects.store import shipped

    db = load_db()
    compiled = shipped()
    infos = tuple(_info(i, c, compiled.cards[c.title]) for i, c in enumerate(db.cards))
    return Catalog(db=db, infos=infos, abilities=compiled.abilities)


def _measures(value: object, measure: fx.Measure) -> bool:
    """Whether a clause counts `measure` somewhere ("where # = F of the maneuver being reversed")."""
    if isinstance(value, fx.CountOf):
        return value.measure is measure or _measures(value.also, measure)
    if isinstance(value, tuple):
        return any(_measures(v, measure) for v in value)
    return hasattr(value, "__dataclass_fields__") and any(
        _measures(getattr(value, name), measure) for name in value.__dataclass_fields__)


def _finds(value: object) -> bool:
    """Whether a clause holds a modifier of the card a search found (`fx.Modifier.found`)."""
    if isinstance(value, fx.Modifier):
        return value.found
    if isinstance(value, tuple):
        return any(_finds(v) for v in value)
    return hasattr(value, "__dataclass_fields__") and any(
        _finds(getattr(value, name)) for name in value.__dataclass_fields__)
