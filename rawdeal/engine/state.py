"""The mutable game state: plain lists of card ids, cheap to copy (no deepcopy).

Card ids index `CardDB.cards`. An Arsenal list runs bottom to top (as the deck file does), so its
top card is the last item. Everything else that can change between moves is here too, so a game is
fully described by its state and can be saved at any decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from rawdeal.cards import CardType
from rawdeal.effects.model import Duration, Modifier, Zone
from rawdeal.engine.record import Record
from rawdeal.engine.tasks import Task
from rawdeal.engine.words import CardId, Profile


# zone name -> its attribute (the same words; any other name is a KeyError)
_ZONES: Final = {"arsenal": "arsenal", "hand": "hand", "ring": "ring", "ringside": "ringside", "removed": "removed",
                 "backlash": "backlash"}


@dataclass(slots=True)
class PlayerState:
    superstar: str
    arsenal: list[CardId]
    hand: list[CardId] = field(default_factory=list)
    ring: list[CardId] = field(default_factory=list)
    ringside: list[CardId] = field(default_factory=list)
    removed: list[CardId] = field(default_factory=list)  # removed from the game: out of play, still his
    backlash: list[CardId] = field(default_factory=list)  # his Backlash deck (Classic): Pre-match and Mid-match cards

    def copy(self) -> PlayerState:
        return PlayerState(self.superstar, self.arsenal[:], self.hand[:], self.ring[:], self.ringside[:], self.removed[:],
                           self.backlash[:])

    def zone(self, name: Zone) -> list[CardId]:
        zone: list[CardId] = getattr(self, _ZONES[name])
        return zone


@dataclass(slots=True, unsafe_hash=True)
class ActiveModifier:
    """A modifier owned by a player. `waiting`: it starts applying at the owner's next turn."""

    owner: int
    modifier: Modifier
    from_card: CardId
    waiting: bool = False


@dataclass(slots=True, unsafe_hash=True)
class LastPlay(Record):
    """The previous card a player played: this turn, or his reversal from hand in the last turn."""

    card: CardId
    as_type: CardType
    dealt: int | None = None

    def __init__(self, card: CardId, as_type: CardType, dealt: int | None = None) -> None:  # native: events.py
        self.card = card
        self.as_type = as_type
        self.dealt = dealt


@dataclass(slots=True, unsafe_hash=True)
class CurrentPlay(Record):
    """The card being played right now, with the one-shot modifiers it used up.

    `held`: the Submission kept by Maintain Hold, applied again from the Ring area (it never left it).
    `source`: where the player played it from ("When played from your Ringside pile, ...", Classic cards; a
    Mid-match card from the Backlash deck, which the rulebook does not count as played from the hand).
    """

    player: int
    card: CardId
    as_type: CardType
    captured: tuple[Modifier, ...] = ()
    previous: LastPlay | None = None
    held: bool = False
    source: Zone = Zone.HAND

    def __init__(self, player: int, card: CardId, as_type: CardType, captured: tuple[Modifier, ...] = (),
                 previous: LastPlay | None = None, held: bool = False,
                 source: Zone = Zone.HAND) -> None:  # native: events.py
        self.player = player
        self.card = card
        self.as_type = as_type
        self.captured = captured
        self.previous = previous
        self.held = held
        self.source = source


@dataclass(slots=True, unsafe_hash=True)
class Blanked(Record):
    """`owner`'s `card` in his Ring area reads as blank text (with `damage`, as 0 D too), blanked by the effect of
    `by`'s card `source`, for `until`: the rest of the turn, or while `source` lies in `by`'s Ring area (Classic
    cards: "Blank the text of 1 card in your opponent's Ring area for the rest of the turn"). Copies of a title
    are one card id, so the copies of it in that Ring area read as blank together."""

    owner: int
    card: CardId
    by: int
    source: CardId
    until: Duration
    damage: bool = False


@dataclass(slots=True)
class GameState:
    players: list[PlayerState]
    profile: Profile = Profile.COURSE
    seed: int = 0
    rng: int = 0
    turn: int = 1
    current: int = 0
    ability_used: bool = False
    modifiers: tuple[ActiveModifier, ...] = ()
    last: list[LastPlay | None] = field(default_factory=lambda: [None, None])
    playing: CurrentPlay | None = None
    tasks: list[Task] = field(default_factory=list)
    skip: list[bool] = field(default_factory=lambda: [False, False])
    delayed: tuple[tuple[int, CardId], ...] = ()  # (owner, card) whose end-of-turn effects are due
    hold: tuple[int, CardId] | None = None  # (owner, submission card) held by Maintain Hold
    end_requested: bool = False
    moved: int = 0  # how many cards the previous action moved ("an equal number")
    winner: int | None = None
    how: str = ""
    constructed: bool = False  # a made-up position: decks need not follow the deck-building rules
    used: tuple[CardId, ...] = ()  # cards whose "once during each of your turns" effect was used this turn
    # The player who reversed a card to end the last turn, until his own turn ends (-1: none, or the
    # catalog has no card that asks: `Catalog.remembers_reversals`)
    ended_by_reversal: int = -1
    reversed_last: LastPlay | None = None  # the card reversed then, as it was played ("you reversed a High Risk
    # maneuver to end your opponent's last turn"), kept as long as `ended_by_reversal`
    played: tuple[CardType, ...] = ()  # what the player to move played his cards as this turn, the one being played
    # last ("reverse any card if it is not the first card played this turn"; kept only when the catalog has a card
    # that asks: `Catalog.counts_plays`)
    found: CardId = -1  # the card the last search put into a hand ("If it is your next card played this turn, ...";
    # kept only when the catalog has a card that asks: `Catalog.finds`)
    # (owner, card) -> the cards held under that card of his, bottom first ("put them under this card", Classic cards).
    # Copies of a title are one card id, so the copies in one player's Ring area hold one pile; a card keeps its pile
    # wherever it goes (only its own text moves them), and an emptied pile is dropped (a save writes only non-empty ones)
    under: dict[tuple[int, CardId], list[CardId]] = field(default_factory=dict)
    # The cards in a Ring area whose text reads as blank, and for how long (`rules.blanked` reads them; Classic cards)
    blanked: tuple[Blanked, ...] = ()

    def copy(self) -> GameState:
        """A copy whose lists are its own (the records in them are values, shared). Every field by name:
        `dataclasses.replace` looks the fields up on each call, and the search players copy states by the
        hundred thousand (a test checks that no field is left out)."""
        return GameState(
            [p.copy() for p in self.players], self.profile, self.seed, self.rng, self.turn, self.current,
            self.ability_used, self.modifiers, self.last[:], self.playing, self.tasks[:], self.skip[:],
            self.delayed, self.hold, self.end_requested, self.moved, self.winner, self.how, self.constructed,
            self.used, self.ended_by_reversal, self.reversed_last, self.played, self.found,
            {k: v[:] for k, v in self.under.items()} if self.under else {}, self.blanked,
        )

    def held(self, owner: int, card: CardId) -> list[CardId]:
        """The cards under `owner`'s `card` (an empty list, not kept, when there are none)."""
        return self.under.get((owner, card)) or []

    def hold_under(self, owner: int, card: CardId) -> list[CardId]:
        """The pile under `owner`'s `card`, to put cards in (`tidy` drops it again when left empty)."""
        return self.under.setdefault((owner, card), [])

    def tidy(self) -> None:
        """Drop emptied piles: an empty pile and none are the same state."""
        if any(not v for v in self.under.values()):
            self.under = {k: v for k, v in self.under.items() if v}

    @property
    def opponent(self) -> int:
        return 1 - self.current
