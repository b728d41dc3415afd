"""The Pre-match phase of a Classic game (rule book, "Pre-match Phase"), before the first turn.

Starting with the first player (the higher Superstar Value), the players take turns to play one Pre-match
card from their Backlash deck into their Ring area, or pass; when both have passed in a row the phase is
over. A card's plain text ("when played") happens as it is played. Then both draw their starting hands,
and each resolves his Pre-match cards' "At the end of the Pre-match phase, ..." effects, the first player
all of his before the other; then the first turn starts. A player has at most 5 Pre-match cards in his
Ring area, more or fewer as the cards in either Ring area say (`fx.RingRoom`, `standing.ring_room`); the
starting hands are as big as the Ring areas then say ("Your Starting Hand Size is +2": `standing.hand_size`).

Not modelled (said so in docs/classic.md): the steps for Venue, Feud, Stipulation and Manager cards that
come before the others, at most one of each. A game whose Backlash decks hold no Pre-match card has no
Pre-match phase: the hands are drawn at once, as in the course's games.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Final

from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import rules as R
from rawdeal.engine import standing
from rawdeal.engine import tasks as T
from rawdeal.engine.decision import Decision
from rawdeal.engine.midmatch import most_in_ring
from rawdeal.engine.words import CardId, DecisionKind, PickVerb

if TYPE_CHECKING:
    from rawdeal.engine.game import Game

PRE_MATCH: Final = fx.CardFilter(trait=Trait.PRE_MATCH)


def has_phase(game: Game) -> bool:
    """Whether the game starts with a Pre-match phase: a player's Backlash deck holds a Pre-match card."""
    return any(_pre_match(game, c) for pl in game.s.players for c in pl.backlash)


def _pre_match(game: Game, card: CardId) -> bool:
    return card in game.cat.passing(PRE_MATCH)


def playable(game: Game, p: int) -> list[CardId]:
    """The Pre-match cards p may play now (each title once, in Backlash deck order)."""
    pl = game.s.players[p]
    if sum(1 for c in pl.ring if _pre_match(game, c)) >= most_in_ring(game, p, fx.RingKind.PRE_MATCH):
        return []
    return list(dict.fromkeys(c for c in pl.backlash if _pre_match(game, c) and not R.forbidden(game.cat, game.s, p, c)))


def decide(game: Game, t: T.PreMatch) -> Decision:
    cards = playable(game, t.player)
    moves = (*(game.cat.pick_moves[PickVerb.TAKE][c] for c in cards), mv.PASS)
    return Decision(t.player, DecisionKind.TAKE, partial(_prompt, game.name(t.player)), moves, game.titles_of(tuple(cards)))


def _prompt(name: str) -> str:
    return f"{name} may play a Pre-match card from his Backlash deck (take it) or pass"


def resolve(game: Game, t: T.PreMatch, move: mv.Move) -> None:
    """A card played: into the Ring area, its play effects run, then the other player's go; a pass:
    the other player's go, or the end of the phase after his pass."""
    s, p = game.s, t.player
    if isinstance(move, mv.Pass):
        s.tasks.append(T.EndPreMatch(s.current) if t.passes else T.PreMatch(1 - p, 1))
        return
    assert isinstance(move, mv.Pick)
    card = game.cat.id(move.title)
    pl = s.players[p]
    pl.backlash.remove(card)
    pl.ring.append(card)
    s.tasks.append(T.PreMatch(1 - p, 0))
    game._emit(ev.Moved(game.name(p), move.title, fx.Zone.BACKLASH.value, fx.Zone.RING.value))
    for clause in reversed(game.cat.infos[card].on_play):
        if clause.as_type is None:
            game._run_clause(p, card, clause, clause.actions)


def end(game: Game, t: T.EndPreMatch) -> None:
    """Both hands drawn, then the end-of-phase effects: the first player's cards first (the task stack
    runs last-pushed first), then the first turn."""
    s, first = game.s, t.first
    for p in (first, 1 - first):
        drawn = game._draw_cards(p, standing.hand_size(game.cat, s, p, game._note))
        game._emit(ev.Drew(game.name(p), drawn, "effect"))
    s.tasks.append(T.START_TURN[first])
    for p in (1 - first, first):
        for card in reversed(s.players[p].ring):
            for trig in reversed(game.cat.infos[card].triggered):
                if trig.trigger is fx.Trigger.END_OF_PREMATCH:
                    _push_trigger(game, p, card, trig)


def _push_trigger(game: Game, p: int, card: CardId, trig: fx.Triggered) -> None:
    """A "you may ..." trigger is the owner's yes or no (`fx.Optional`, as the card's other "may"s)."""
    game._run_clause(p, card, trig, (fx.Optional(trig.actions),) if trig.optional else trig.actions)
