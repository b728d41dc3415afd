"""Typed, immutable effect objects: what a card's printed text means once compiled.

The card language (`grammar/classic.lark`, `rawdeal.effects.classic`) parses a text and lowers it to these
objects, for the course's cards (`rawdeal.effects.course`) as for the Classic pool; the engine
executes them and `rawdeal.effects.render` turns them back into canonical English. A card's compiled
effect is a `CardEffect`: a tuple of clauses. Clauses say *when* something happens (on play, on
reverse, while in the Ring area, ...); actions say *what* happens; conditions say *whether*.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Callable, TypeVar

from rawdeal.cards.model import CardType, Subtype, Trait


class Who(StrEnum):
    """Players, relative to the card's owner."""

    YOU = "you"
    OPPONENT = "opponent"
    ALL = "all"


class Zone(StrEnum):
    HAND = "hand"
    ARSENAL = "arsenal"
    RINGSIDE = "ringside"
    RING = "ring"
    REMOVED = "removed"  # removed from the game (Classic cards): out of play for good
    BACKLASH = "backlash"  # the Backlash deck (Classic): Pre-match and Mid-match cards kept apart from the Arsenal
    BACKSTAGE = "backstage"  # where the Superstar card lies: reversing by his ability is reversing from there (rulebook)
    UNDER = "under"  # "under this card" (Classic): the cards held under the effect's own card (`GameState.under`)


class Position(StrEnum):
    """Where cards put into the Arsenal go."""

    TOP = "top"
    BOTTOM = "bottom"
    SHUFFLE = "shuffle"  # shuffled in: the course profile puts them at the bottom, in pick order


class Stat(StrEnum):
    DAMAGE = "D"
    FORTITUDE = "F"
    IRREVERSIBLE = "irreversible"  # the affected maneuvers may not be reversed
    UNPLAYABLE = "unplayable"  # the affected cards cannot be played (Classic cards: "you cannot play ...")
    UNRESTRICTED = "unrestricted"  # the affected card ignores its "Can only be played after ..." text (Classic)
    AFTER = "after"  # the affected card is considered played after a card `Modifier.after` describes (Classic)


class Duration(StrEnum):
    NEXT_CARD = "next card"        # used up by the next card played this turn (whatever it is)
    NEXT_MANEUVER = "next maneuver"  # used up by the next maneuver played this turn
    REST_OF_TURN = "rest of turn"
    NEXT_TURN = "next turn"        # the owner's next turn
    FIRST_NEXT_TURN = "first card next turn"  # used up by the first card the owner plays in his next turn (Classic)
    WHILE_IN_RING = "while in ring"


class Trigger(StrEnum):
    START_OF_TURN = "start of turn"  # at the start of your turn, before your draw segment
    END_OF_TURN = "end of turn"
    FORCED_DISCARD = "forced discard"  # when the opponent forces you to discard from your hand
    DRAW_SEGMENT = "draw segment"
    REVERSED = "reversed"  # when this played card is reversed (Classic cards: "If reversed, ...")
    REVERSED_FROM_HAND = "reversed from hand"  # "If reversed from your opponent's hand, ..."
    PLAYED = "played"  # "when you (your opponent) successfully play(s) a maneuver" (Classic cards)
    END_OF_PREMATCH = "end of pre-match"  # "At the end of the Pre-match phase, ..." (Classic Pre-match cards)
    REVERSAL = "reversal"  # "if your opponent reverses a maneuver (from his hand), ..." (Classic cards)
    LEFT_RING = "left ring"  # "If this card is removed from your Ring area, ..." (Classic cards): it left its owner's
    # Ring area, moved by an effect (`by`: whose effect; `dest`: only when it went there)


# --------------------------------------------------------------------------------------- quantities
@dataclass(frozen=True, slots=True)
class Count:
    """How many cards. `n=None` means all of them; `up_to` lets the player take fewer;
    `same` means as many as the previous action moved ("an equal number")."""

    n: int | None = 1
    up_to: bool = False
    same: bool = False
    of: CountOf | None = None  # "# cards, where # is equal to ...": worked out when the action runs (n unused)
    times: int = 1  # Classic: "double that many cards" (with `same`: twice as many as the previous action moved)
    least: int = 0  # with `up_to`: at least this many (the engine's own: the least a card's F paid down asks for)


ONE = Count(1)
ALL = Count(None)
ANY_NUMBER = Count(None, up_to=True)  # "any number of cards": none to all, the player says


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which cards an action may pick. Empty filter: any card."""

    title: str | None = None
    trait: Trait | None = None
    max_damage_of_own_fortitude: bool = False  # D <= the acting player's Fortitude Rating (Shake It Off)
    types: tuple[CardType, ...] = ()
    subtype: Subtype | None = None  # a maneuver of this subtype ("search for a Strike maneuver")
    not_trait: Trait | None = None  # any card but those with this keyword ("a non-Unique maneuver")
    title_word: str | None = None  # "a card with the word 'dynamic' in the title" (a whole word, any case)
    marks: tuple[str, ...] = ()  # Classic: printed properties it must have, by name ("heat", "logo:raw", "hybrid")
    not_marks: tuple[str, ...] = ()  # ... and must not have ("a non-hybrid Reversal card")
    any_marks: tuple[str, ...] = ()  # ... and must have one of ("a Chain or Heat maneuver")
    titles: tuple[str, ...] = ()  # any card so titled ("the card titled Escape Move or Step Aside", Classic)

    def __reduce__(self) -> tuple[Callable[..., CardFilter], tuple[Any, ...]]:
        """Pickled (the effects cache) as its fields; the empty filter comes back as `ANY_CARD`."""
        return _card_filter, tuple([getattr(self, f.name) for f in fields(self)])


ANY_CARD = CardFilter()  # the empty filter: the defaults below share it, so the engine can test `is` first


def _card_filter(*values: Any) -> CardFilter:
    made = CardFilter(*values)
    return ANY_CARD if made == ANY_CARD else made


@dataclass(frozen=True, slots=True)
class CountOf:
    """What `#` is equal to (Classic cards): the number of `who`'s cards in `zone` that pass `filter`, or
    with `zone=None` his Superstar Value; then `plus` ("+2"), never below `least` ("# cannot be less than 4";
    0 anyway) nor above `most` ("# cannot be greater than 6")."""

    who: Who
    zone: Zone | None
    filter: CardFilter = ANY_CARD
    plus: int = 0
    least: int = 0
    most: int | None = None
    over: Who | None = None  # "the number of cards he has in his hand greater than you have in your hand": less the
    # number of that player's such cards in the same zone
    measure: Measure | None = None  # with `zone=None`: "your Fortitude Rating", "your opponent's Fortitude Rating"
    # (None: his Superstar Value)
    scale: tuple[int, int] = (1, 1)  # "twice your Superstar Value" (2, 1), "half your Fortitude Rating, rounded up"
    # (1, 2): the count times the first over the second, rounded up, before `plus`
    also: CountOf | None = None  # "equal to his Superstar Value plus the number of Face cards in his Ring area"


# ------------------------------------------------------------------------------------- conditions
@dataclass(frozen=True, slots=True)
class After:
    """The player's previous card this turn (or his reversal last turn) matches.

    "Can only be played after a 5D or greater maneuver" -> After(card_type=MANEUVER, min_damage=5);
    "The card titled Irish Whip must be played before" -> After(title="Irish Whip");
    "Play after a successful Submission maneuver" -> After(card_type=MANEUVER, subtype=SUBMISSION).
    `min_damage` reads the damage the maneuver actually dealt.
    """

    card_type: CardType | None = None
    subtype: Subtype | None = None
    title: str | None = None
    min_damage: int | None = None
    title_word: str | None = None  # "after a card with the word 'kick' in the title" (Classic cards)
    marks: tuple[str, ...] = ()  # "after a successfully played Chain card": the marks it has (Classic cards)


@dataclass(frozen=True, slots=True)
class MinHandSize:
    """"Can only be played when you have N or more cards in your hand" (the card itself counts)."""

    n: int


@dataclass(frozen=True, slots=True)
class FortitudeBelowOpponent:
    """"Playable only if your Fortitude Rating is less than your opponent's"."""


@dataclass(frozen=True, slots=True)
class FortitudeAboveOpponent:
    """"Can only be played if your Fortitude Rating is greater than your opponent's" (Classic cards)."""


@dataclass(frozen=True, slots=True)
class InRingArea:
    """The card titled X is in your Ring area."""

    title: str


@dataclass(frozen=True, slots=True)
class ReversedLastTurn:
    """"This is the first card played of your turn and you reversed a card (from your hand) to end your
    opponent's last turn" (Classic cards). `reversed`: what the reversed card was ("you reversed a High Risk
    maneuver"; its types are the type it was played as)."""

    from_hand_only: bool = False
    reversed: CardFilter = ANY_CARD


@dataclass(frozen=True, slots=True)
class FirstOfTurn:
    """"Can only be played as the first card of your turn": no card played yet this turn (a reversal from the
    hand during the opponent's turn, still the player's previous card, is not one) (Classic cards)."""


@dataclass(frozen=True, slots=True)
class PlayedFrom:
    """"When played from your Ringside pile, ...": the card being played (the one whose effect asks) was played
    from this zone of its player's (Classic cards; `PlayableFrom` lets it be)."""

    zone: Zone


@dataclass(frozen=True, slots=True)
class AllOf:
    """"If your Fortitude Rating is less than your opponent's and you have fewer cards in your hand than him":
    every one of the conditions (Classic cards)."""

    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    """Any of the conditions holds: "after a 5D or greater maneuver or the card titled X"."""

    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Not:
    """The condition does not hold: "Cannot be played after the card titled X" (Classic cards)."""

    condition: Condition


class Measure(StrEnum):
    """What `Compared` compares between the two players (Classic cards)."""

    SUPERSTAR_VALUE = "superstar value"
    HAND = "cards in hand"
    FORTITUDE = "fortitude rating"
    STUN = "stun value in ring area"  # the Stun Values of the cards in his Ring area, summed
    MOVED = "cards moved just before"  # the cards the action just before moved ("+3D for each card discarded")
    REVERSED_F = "F of the card being reversed"  # a reversal's: "where # = F of the maneuver being reversed" (printed)


@dataclass(frozen=True, slots=True)
class Compared:
    """"Your Superstar Value is less than your opponent's", "you have fewer cards in your hand than your
    opponent": the player's measure against the opponent's (`below`: less, else greater); `or_equal`: "equal to
    or less than"; `by`: "at least 10F greater than" (the difference is at least that)."""

    measure: Measure
    below: bool = True
    or_equal: bool = False
    by: int = 0


@dataclass(frozen=True, slots=True)
class Measured:
    """"Your Fortitude Rating is 10 or greater", "your opponent has a Superstar Value of 2 or less", "your
    Superstar Value is 3": `who`'s measure within the bounds (either may be open) (Classic cards)."""

    who: Who
    measure: Measure
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class SuperstarIs:
    """"Your opponent is a Female Superstar", "you are a Diva Superstar": `who`'s Superstar has the mark
    (`Superstar.marks`, from his printed keywords)."""

    who: Who
    mark: str


@dataclass(frozen=True, slots=True)
class HasCards:
    """"You have 4 or more Volley maneuvers in your Ring area", "your opponent has a card in his Ring area
    with the Smackdown logo": at least `at_least` of `who`'s cards in `zone` pass `filter` (Classic cards)."""

    who: Who
    zone: Zone
    filter: CardFilter = ANY_CARD
    at_least: int = 1
    at_most: int | None = None  # "you have 10 or fewer cards in your Arsenal" (with `at_least` 0)
    other: bool = False  # "5 other Heat cards in your Ringside pile": not counting the card that asks


Condition = (
    After | MinHandSize | FortitudeBelowOpponent | FortitudeAboveOpponent | InRingArea | AnyOf | Not | ReversedLastTurn
    | Compared | SuperstarIs | HasCards | Measured | FirstOfTurn | AllOf | PlayedFrom
)


# -------------------------------------------------------------------------------------- modifiers
@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to D or F with its scope and lifetime.

    `stat=DAMAGE`: the affected maneuvers deal `amount` more damage.
    `stat=FORTITUDE` with `reversals=True`: the opponent's reversals *to* the affected cards need
    `amount` more F. `stat=FORTITUDE` without it: the affected card costs `amount` F more (Ego Boost -5F).
    `stat=IRREVERSIBLE`: the affected maneuvers (of at most `max_damage` D, if given) may not be
    reversed; with `arsenal_only`, only reversals revealed from the Arsenal are stopped (Ayatollah).
    `subtype` / `card_type` narrow which cards are affected; `duration` says for how long.
    """

    stat: Stat
    amount: int
    duration: Duration
    card_type: CardType | None = CardType.MANEUVER
    subtype: Subtype | None = None
    reversals: bool = False
    max_damage: int | None = None
    arsenal_only: bool = False
    title: str | None = None  # only the card so titled ("you cannot play the card titled X", Classic cards)
    title_word: str | None = None  # only cards with this word in the title (Classic cards)
    marks: tuple[str, ...] = ()  # only cards with these printed properties ("your Heat maneuvers", Classic cards)
    subtypes: tuple[Subtype, ...] = ()  # only maneuvers of one of these ("a Strike or Grapple maneuver", Classic)
    hand_only: bool = False  # IRREVERSIBLE: only reversals from the hand are stopped ("can only be reversed from
    # your opponent's Arsenal", "... it cannot be reversed from his hand", Classic cards)
    everyone: bool = False  # the cards of both players ("All players' maneuvers are +1D", Classic cards)
    not_marks: tuple[str, ...] = ()  # only cards without these printed properties ("your non-Throwback maneuvers")
    uses: int = 1  # a one-shot modifier: how many cards (maneuvers) it lasts for ("your next 2 cards played this
    # turn cannot be reversed", Classic cards)
    per: CountOf | None = None  # Classic, F while in the Ring area: "your Unique cards are -#F, where # is equal to your
    # Superstar Value", the amount per that count of the Ring area's owner, worked out as each card is paid for
    opponents: bool = False  # Classic, while in the Ring area: the cards of the area's owner's opponent instead ("his
    # Maneuver cards are +13F", "your opponent's cards titled Dirty Low Blow are +2D")
    condition: Condition | None = None  # Classic, while in the Ring area: only while it holds for the area's owner
    found: bool = False  # Classic, a next card's: only the card the search just before found ("Search your Arsenal for
    # 1 Unique Maneuver card, ... If it is your next card played this turn, it is -5F"): its title, once it runs
    backlash_only: bool = False  # IRREVERSIBLE: only reversals from the Backlash deck are stopped ("it cannot be
    # reversed from your opponent's Backlash deck", Classic cards): the engine plays none, so it stops nothing yet
    sets: bool = False  # F only: the card's F *is* `amount` ("your next card played this turn is F:0", "your Trademark
    # Finishers are F:20", Classic cards), whatever the changes that add to it say (`rules.play_cost`)
    after: tuple[After, ...] = ()  # AFTER: "your next card played this turn is considered to be played after a Set-up
    # card or the card titled Gut Wrench": any of these, for what asks which card it was played after (`rules.holds`)


# ---------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Draw:
    who: Who
    count: Count = ONE


@dataclass(frozen=True, slots=True)
class Discard:
    """`who` discards `count` cards from his hand; `chooser` picks them."""

    who: Who
    count: Count = ONE
    chooser: Who = Who.YOU
    filter: CardFilter = ANY_CARD
    random: bool = False  # "randomly discards 3 cards": picked at random, by no player (Classic cards)


@dataclass(frozen=True, slots=True)
class DiscardThis:
    """Put this card into your Ringside pile (hybrids played as an action, Ego Boost)."""


@dataclass(frozen=True, slots=True)
class ReturnThis:
    """Put this card back into your Arsenal (The People's Elbow as an action)."""

    position: Position = Position.SHUFFLE


@dataclass(frozen=True, slots=True)
class MoveThis:
    """Put this card, from the Ring area or the Ringside pile where it lies, into `dest` (Classic cards:
    "put this card into your hand", used from the Ringside pile). Nothing happens if it is in neither."""

    dest: Zone
    position: Position = Position.TOP
    who: Who = Who.YOU  # whose card it is, said from the acting player: OPPONENT when the card's owner lets his
    # opponent do it ("he may discard 2 cards and then put this card into your Ringside pile")


@dataclass(frozen=True, slots=True)
class Restrict:
    """`who` cannot play the cards `modifier` names (its stat is `UNPLAYABLE`) for its duration: "You
    cannot play Action cards with the word 'dynamic' in the title for the rest of the turn" (Classic cards)."""

    who: Who
    modifier: Modifier


@dataclass(frozen=True, slots=True)
class MillTop:
    """`who` puts the top `n` cards of his Arsenal into his Ringside pile (collateral damage)."""

    who: Who
    n: int = 1
    count: Count | None = None  # Classic: "overturns # cards", "that many cards": worked out when it runs (n unused)
    dest: Zone = Zone.RINGSIDE  # Classic: "remove the top card of your Arsenal from the game" (no damage: an empty
    # Arsenal loses nothing)


@dataclass(frozen=True, slots=True)
class MoveCards:
    """`who` moves `count` cards of the chooser's choice between two of his zones."""

    who: Who
    count: Count
    source: Zone
    dest: Zone
    position: Position = Position.TOP
    chooser: Who = Who.YOU
    filter: CardFilter = ANY_CARD
    random: bool = False  # "randomly remove 1 card in his hand from the game": picked at random (Classic cards)
    other: bool = False  # "put 1 other card from your Ring area ...": never the card whose effect it is (Classic)


@dataclass(frozen=True, slots=True)
class Search:
    """Look through zones (in order) for a card (titled X, or any) and put it into the hand."""

    who: Who
    zones: tuple[Zone, ...]
    filter: CardFilter = ANY_CARD


@dataclass(frozen=True, slots=True)
class Shuffle:
    who: Who


@dataclass(frozen=True, slots=True)
class LookAt:
    """Reveal a zone to the card's owner: a hand, or the top `n` cards of an Arsenal."""

    who: Who
    zone: Zone
    n: int | None = None


@dataclass(frozen=True, slots=True)
class Arrange:
    """Put the top `n` cards of `who`'s Arsenal back in an order the card's owner picks."""

    who: Who
    n: int


@dataclass(frozen=True, slots=True)
class SkipTurn:
    who: Who


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn of `who` (reversals end the opponent's; Marking Out ends your own)."""

    who: Who


@dataclass(frozen=True, slots=True)
class ContinueTurn:
    """"..., and continue your turn" after a reversal, "your opponent continues his turn" (Classic cards): the
    reversal does not end `who`'s turn, he plays on; nothing happens if it is not his turn."""

    who: Who


@dataclass(frozen=True, slots=True)
class WinGame:
    """The card's owner wins; `how` names the way ("disqualification")."""

    how: str


@dataclass(frozen=True, slots=True)
class Modify:
    modifier: Modifier
    per: CountOf | None = None  # Classic: "your next card played this turn is -#F, where # is equal to your Superstar
    # Value": the amount times that count, worked out when the action runs


@dataclass(frozen=True, slots=True)
class EqualizeFortitude:
    """Comeback!: whoever has the higher Fortitude removes maneuvers/reversals from his Ring area
    to his Ringside pile until it is not higher than the other's."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The owner picks one option. `declare=True`: "declare whether" (the choice is announced)."""

    options: tuple[tuple[Action, ...], ...]
    declare: bool = False


@dataclass(frozen=True, slots=True)
class Optional:
    """"You may ...": the owner decides whether the actions happen; `who=OPPONENT`: "your opponent may
    shuffle 1 card from his Ringside pile into his Arsenal" (the opponent decides)."""

    actions: tuple[Action, ...]
    who: Who = Who.YOU
    otherwise: tuple[Action, ...] = ()  # "If he does not, he discards 2 cards": run (by the card's owner) on a no


@dataclass(frozen=True, slots=True)
class HoldSubmission:
    """Maintain Hold: the played Submission is held; neither player may play maneuvers or actions
    until the opponent reverses it, and on the owner's turns it deals its damage again."""


@dataclass(frozen=True, slots=True)
class OnlyIf:
    """"If the card titled WCW Title Belt is in your Ring area, draw up to 5 cards and then discard 5 cards":
    the actions run only if `condition` holds (for the card's owner) when they come up (Classic cards; a
    condition about the game's state, or, for the card being played, about the card played before it: "When
    successfully played after a High Risk maneuver, ...")."""

    condition: Condition
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class RemoveReversed:
    """"The reversed card is removed from the game" (a reversal's effect, Classic cards): the card it reversed
    goes from where the reversal left it (its player's Ringside pile; his Ring area when it was reversed as its
    damage was overturned) out of the game."""


@dataclass(frozen=True, slots=True)
class Blank:
    """"Blank the text of 1 card in your opponent's Ring area for the rest of the turn", "Choose 1 card in your
    opponent's Ring area. When this card is in your Ring area, that card has blank text" (Classic cards): the owner
    chooses `count` of `who`'s cards in his Ring area that pass `filter`; their text (and with `damage`, their D)
    reads as blank for `until` (REST_OF_TURN, or WHILE_IN_RING: while this card lies in its owner's Ring area)."""

    who: Who
    until: Duration
    count: Count = ONE
    filter: CardFilter = ANY_CARD
    damage: bool = False


Action = (
    Draw | Discard | DiscardThis | ReturnThis | MillTop | MoveCards | Search | Shuffle | LookAt | Arrange
    | SkipTurn | EndTurn | WinGame | Modify | EqualizeFortitude | Choice | Optional
    | HoldSubmission | MoveThis | Restrict | OnlyIf | RemoveReversed | ContinueTurn | Blank
)


# ------------------------------------------------------------------------------ reversal targets
@dataclass(frozen=True, slots=True)
class Target:
    """Which played cards a reversal can reverse.

    `card_types`: maneuver and/or action (and reversal, for Disqualification!); `subtypes`: any of them;
    `title`: only the card so titled; `max_damage`: "that does 7D or less"; `after_title`: "played
    after the card titled Irish Whip"; `trait` + `min_trait_in_ring`: "any HEEL card if that opponent has
    5 or more HEEL cards in his Ring area".
    """

    card_types: tuple[CardType, ...] = (CardType.MANEUVER,)
    subtypes: tuple[Subtype, ...] = ()
    title: str | None = None
    max_damage: int | None = None
    after_title: str | None = None
    trait: Trait | None = None
    min_trait_in_ring: int | None = None
    not_subtypes: tuple[Subtype, ...] = ()  # "any non-Trademark Finisher maneuver"
    not_trait: Trait | None = None  # "any non-Unique maneuver"
    marks: tuple[str, ...] = ()  # Classic: "any Heat card", "any card with the Raw logo" (`CardFilter.marks`)
    not_marks: tuple[str, ...] = ()  # "any non-Superstar-specific Action card"
    any_marks: tuple[str, ...] = ()  # "any Chain or Heat maneuver"
    from_hand: bool = False  # "any Action card played from your opponent's hand": not a Mid-match card played from
    # his Backlash deck (rulebook: "Cards from the Backlash deck are not considered played from the hand")
    after: After | None = None  # "any card played after a Set-up card": the card its player played right before
    played_before: int = 0  # "if it is not the first (or second) card played this turn": its player played at least
    played_before_type: CardType | None = None  # that many cards (maneuvers, actions: "the first maneuver") before it
    # this turn (Classic cards)
    min_damage: int | None = None  # Classic: "reverse any maneuver of 4D or greater" (the damage it would deal)
    title_word: str | None = None  # Classic: "any card with the word 'slam' in the title" (a whole word, any case)
    named: tuple[str, ...] = ()  # Classic: "(including the card titled Clutch onto Opponent)": cards it reverses by
    # name whatever the description says of their type, and which it so "specifically reverses"


# ---------------------------------------------------------------------------------------- clauses
@dataclass(frozen=True, slots=True)
class OnPlay:
    """Actions run when the card is successfully played (as `as_type` only, if given).
    Plain action text and "When successfully played, ..." both compile to this."""

    actions: tuple[Action, ...]
    as_type: CardType | None = None


@dataclass(frozen=True, slots=True)
class WhenPlayed:
    """"When played, opponent must discard 2 cards" (Classic cards): actions run as the card is played, before
    the opponent may reverse it from his hand, and whether or not he then does (as `as_type` only, if given)."""

    actions: tuple[Action, ...]
    as_type: CardType | None = None


@dataclass(frozen=True, slots=True)
class PlayRequirement:
    """The card can only be played (as `as_type`, if given) when the condition holds."""

    condition: Condition
    as_type: CardType | None = None


class Paid(StrEnum):
    """How a card's own F is paid down by the first action of its "When played" text (Classic cards)."""

    EACH = "each"  # "This card is -2F for each card discarded": per card that action moved
    DONE = "done"  # "If you do, this card is -10F": once that "may" is done


@dataclass(frozen=True, slots=True)
class StatChange:
    """This card's own F or D changes: "-6F on this card if played after ...", "As an action, this
    card is -30F and -25D", "+5D if played after a 5D or greater maneuver". With `per_title_word`, the
    amount is per maneuver in your Ring area with that word in its title (Powerbomb)."""

    stat: Stat
    amount: int
    condition: Condition | None = None
    as_type: CardType | None = None
    per_title_word: str | None = None
    on_success: bool = False  # applied when successfully played (not visible to reversals from hand)
    per: CountOf | None = None  # "+1D for every Heat card in your Ring area": per card counted (Classic cards)
    paid: Paid | None = None  # F paid down by the first "When played" action: the card may be played when paying the
    # most would make it affordable, and its player then pays at least that much (rulebook: a "When played" text
    # happens as soon as the card is played, and may change what its legality checks; Classic cards)


@dataclass(frozen=True, slots=True)
class Irreversible:
    """"May not be reversed". Classic cards narrow it: only reversals from the hand (`from_arsenal=False`:
    "can only be reversed from your opponent's Arsenal") or from the Arsenal are stopped, or only while
    `condition` holds ("cannot be reversed if the card titled X is in your Ring area")."""

    from_hand: bool = True
    from_arsenal: bool = True
    condition: Condition | None = None
    from_backlash: bool = False  # "cannot be reversed from your opponent's (hand or) Backlash deck": the engine
    # plays no reversal from a Backlash deck (`rawdeal.engine.midmatch`), so that part of the limit always holds
    as_type: CardType | None = None  # "As an action, cannot be reversed ...": only played so (else as a maneuver)


@dataclass(frozen=True, slots=True)
class ReversalBonus:
    """"Reversals to this maneuver are +ND"."""

    amount: int


@dataclass(frozen=True, slots=True)
class Reverses:
    """What this reversal can reverse; `cost` must be paid first (Rock Bottom's discard)."""

    target: Target
    from_hand_only: bool = False
    cost: tuple[Action, ...] = ()
    overturned_only: bool = False  # "when overturned, reverse ...": only when damage reveals it (Classic cards)
    condition: Condition | None = None  # "If your Fortitude Rating is less than your opponent's, reverse ...": the
    # reversing player's condition (Classic cards)
    played_from: Zone | None = None  # Classic: "When played from your Ringside pile, reverse ...": only the card played
    # from that zone of its owner's reverses so (as from the hand: to the Ring area, its damage and effects)
    zone: Zone | None = None  # Classic: not a reversal card played, but this card used where it lies (RING, RINGSIDE)
    # or the Superstar's ability (BACKSTAGE): "When this card is in your Ring area, you may put this card into your
    # Ringside pile to reverse any maneuver"; `cost` is what using it takes; no F asked, no damage dealt


@dataclass(frozen=True, slots=True)
class OnReverse:
    """Actions run when this card reverses (only when played from the hand, if `from_hand_only`).
    "End your opponent's turn" compiles to an EndTurn here."""

    actions: tuple[Action, ...]
    from_hand_only: bool = False


@dataclass(frozen=True, slots=True)
class VariableDamage:
    """"# = D of maneuver card being reversed. Read as 0 when in your Ring area"."""


@dataclass(frozen=True, slots=True)
class NoDamage:
    """"Doing this will not cause any damage to opponent"."""


@dataclass(frozen=True, slots=True)
class WhileInRing:
    """A modifier that holds while this card is in its owner's Ring area (Mr. Socko's +1D)."""

    modifier: Modifier


@dataclass(frozen=True, slots=True)
class Triggered:
    """Actions run at `trigger` while the card is in `zone` (Shane O'Mac: start of turn, Ring area;
    Ego Boost: forced discard, hand). `optional`: the owner may decline."""

    trigger: Trigger
    actions: tuple[Action, ...]
    zone: Zone = Zone.RING
    optional: bool = False
    played: CardFilter | None = None  # PLAYED: which successfully played cards set it off (None: any)
    by: Who = Who.YOU  # PLAYED: whose plays (you, your opponent or any player); REVERSAL: who reverses;
    # START_OF_TURN: whose turn ("Before your opponent's Draw Segment, he may ...": OPPONENT)
    source: Zone | None = None  # REVERSAL: only reversals from the hand (the Arsenal); None: from either
    dest: Zone | None = None  # LEFT_RING: only when the card went there ("is put into your Ringside pile from your Ring
    # area"); None: wherever it went


@dataclass(frozen=True, slots=True)
class Delayed:
    """Actions scheduled by playing the card, run later in the turn ("At end of turn, discard your hand")."""

    trigger: Trigger
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class AllowsFollowUp:
    """"You may play the card titled X after this card as if it were a <subtype> maneuver"."""

    title: str
    as_subtype: Subtype


@dataclass(frozen=True, slots=True)
class TriggersFromRingside:
    """Disqualification!: the effect happens even if the card is overturned into the Ringside pile
    while applying damage from a matching card."""


@dataclass(frozen=True, slots=True)
class NotReversedBy:
    """"Cannot be reversed by the card titled X" (Classic cards): those reversals never match it; "cannot be
    reversed by hybrid Reversal cards": nor do the reversal cards any of `cards` lets through."""

    titles: tuple[str, ...]
    cards: tuple[CardFilter, ...] = ()


@dataclass(frozen=True, slots=True)
class OpponentCannotPlay:
    """"When this card is in your Ring area, your opponent cannot play the card titled X" (Classic cards): while
    it lies in its owner's Ring area, his opponent cannot play the cards so titled."""

    titles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Permanent:
    """"This card cannot be removed from your Ring area", "If played by Kurt Angle, this card is considered
    Permanent" (Classic cards): while it lies in its owner's Ring area (and `condition` holds for him), no effect of
    another card moves it out, as the rulebook's Permanent trait says (its own text still may)."""

    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class MakesPermanent:
    """"When this card is in your Ring area, the card titled Head is considered Permanent", "your Title Belt cards
    are considered Permanent" (Classic cards): its owner's cards in his Ring area that pass `filter` are Permanent."""

    filter: CardFilter


@dataclass(frozen=True, slots=True)
class CountsAs:
    """"This card counts as 2 Heat cards in your Ringside pile" (Classic cards): where cards with `marks` are
    counted in its owner's `zone`, it counts `n` times."""

    n: int
    marks: tuple[str, ...]
    zone: Zone


@dataclass(frozen=True, slots=True)
class AlsoReversedBy:
    """"Can be reversed by the card titled Elbow to the Face" (Classic cards): those reversals may reverse it
    whatever their own text says they reverse (its type, its damage); the rest of their text still holds."""

    titles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReversedOnlyBy:
    """"Can only be reversed by the card titled Step Aside", "... by unique cards", "... by hybrid Reversal
    cards or unique Reversal cards" (Classic cards): only the reversal cards one of `cards` lets through
    may reverse it, and only where their own text reverses it."""

    cards: tuple[CardFilter, ...]
    naming: tuple[str, ...] = ()  # "... by cards that specifically reverse the card titled Clutch onto Opponent":
    # or the reversal cards whose text reverses one of these titles by name (`Target.title`, `Target.named`)


@dataclass(frozen=True, slots=True)
class Activated:
    """An effect the owner may use in his main segment while this card lies in one of `zones` of his:
    "When this card is in your Ring area (Ringside pile), during your turn you may ...". `once`: "once
    during each of your turns" (each copy once). The first action is its cost: the effect is offered
    only when that can be paid (Classic cards), and while `condition` holds, if given ("during your turn, if
    you have fewer cards in your hand than your opponent, you may ...": a condition on the game's state)."""

    zones: tuple[Zone, ...]
    actions: tuple[Action, ...]
    once: bool = False
    condition: Condition | None = None
    by: Who = Who.YOU  # OPPONENT: the owner's opponent uses it, in his own main segment, while the card lies in the
    # owner's zones ("During your opponent's turn, he may discard 3 cards and then put this card into your Ringside
    # pile"); the actions still say "you" of the card's owner and "he" of the user


@dataclass(frozen=True, slots=True)
class PlayableFrom:
    """"You may play this card from your Ringside pile": in his main segment its owner may play it from that zone as
    from his hand (the same requirements and F); it then acts as a card played from the hand (Classic cards)."""

    zone: Zone
    only: bool = False  # "Can only be played from your Ringside pile" (a reversal card, Classic): never from the hand
    condition: Condition | None = None  # "... when you have at least 5 other Heat cards in your Ringside pile"


@dataclass(frozen=True, slots=True)
class PlaysHeld:
    """"You may play the cards under this card as if they were in your hand": while this card is in its owner's Ring
    area, he may play a card held under it (`GameState.under`) that passes `filter` as from his hand: a maneuver or an
    action in his main segment, a reversal in his reversal window (Classic cards)."""

    filter: CardFilter = ANY_CARD


class StarStat(StrEnum):
    """A Superstar's printed numbers a card can change (Classic cards)."""

    HAND_SIZE = "starting hand size"  # the cards drawn for the opening hand ("Hand Size" means the same)
    SUPERSTAR_VALUE = "superstar value"  # who goes first; what "equal to your Superstar Value" counts


@dataclass(frozen=True, slots=True)
class SuperstarStat:
    """"Your Starting Hand Size is +2", "your opponent's Superstar Value is -3": a player's Superstar stat
    changed while this card is in its owner's Ring area (a Pre-match card stays there; on a Superstar,
    always: `Ability.stat_lines`), while `condition` holds (of the card's owner) if one is given."""

    stat: StarStat
    amount: int
    who: Who = Who.YOU
    condition: Condition | None = None


class RingKind(StrEnum):
    """The Backlash deck's cards a Ring area holds at most so many of (5 each, by the rules)."""

    PRE_MATCH = "pre-match"
    MID_MATCH = "mid-match"


@dataclass(frozen=True, slots=True)
class RingRoom:
    """"The maximum number of Mid-match cards you may have in your Ring area is increased by 2": how many
    more (or fewer) such cards a player may have in his Ring area, while this card is in its owner's Ring
    area (on a Superstar, always) and `condition` holds."""

    kinds: tuple[RingKind, ...]
    amount: int
    who: Who = Who.YOU
    condition: Condition | None = None


StatLine = SuperstarStat | RingRoom


@dataclass(frozen=True, slots=True)
class BlanksAbility:
    """"When this card is in your Ring area, if you have 4 or fewer cards in your hand, your opponent's Superstar
    Ability is blank" (Classic cards): while this card lies in its owner's Ring area (its own text not blanked) and
    `condition` holds for him, `who`'s Superstar ability reads as no ability."""

    who: Who = Who.OPPONENT
    condition: Condition | None = None


Clause = (
    OnPlay | PlayRequirement | StatChange | Irreversible | ReversalBonus | Reverses | OnReverse
    | VariableDamage | NoDamage | WhileInRing | Triggered | Delayed | AllowsFollowUp | TriggersFromRingside
    | NotReversedBy | ReversedOnlyBy | AlsoReversedBy | CountsAs | OpponentCannotPlay | Activated | SuperstarStat | RingRoom | WhenPlayed
    | PlayableFrom | Permanent | MakesPermanent | BlanksAbility | PlaysHeld
)


_C = TypeVar("_C")


@dataclass(frozen=True, slots=True)
class CardEffect:
    """A card's whole compiled text."""

    clauses: tuple[Clause, ...] = ()

    def of(self, kind: type[_C]) -> tuple[_C, ...]:
        return tuple(c for c in self.clauses if isinstance(c, kind))


# ------------------------------------------------------------------------------------- abilities
class AbilityTiming(StrEnum):
    NONE = "none"
    ONCE_PER_TURN = "once per turn"      # offered in the main segment
    START_OF_TURN = "start of turn"      # before the draw segment
    PASSIVE = "passive"


@dataclass(frozen=True, slots=True)
class Ability:
    """A Superstar ability. `optional`: "you may"; `draw_per_turn`: cards drawn in the draw segment;
    `damage_taken`: change to all damage from the opponent (Mankind -1D); `forbids_opponent`: titles the
    opponent cannot play ("Your opponent cannot play the card titled The Game Interferes!", Classic)."""

    timing: AbilityTiming
    actions: tuple[Action, ...] = ()
    optional: bool = False
    draw_per_turn: int = 1
    damage_taken: int = 0
    forbids_opponent: tuple[str, ...] = ()
    triggered: tuple[Triggered, ...] = ()  # "When you successfully play a maneuver, you may draw 1 card" (Classic)
    stat_lines: tuple[StatLine, ...] = ()  # his own "Your Starting Hand Size is +1 ...", "The maximum number ..."
    modifiers: tuple[Modifier, ...] = ()  # his own "Your Action cards are -3F": always, to his cards (Classic)
    reverses: tuple[Reverses, ...] = ()  # "You may discard 3 cards to reverse any non-unique maneuver" (Classic):
    # reversing from the Backstage area (`Reverses.zone`)
