""""When you successfully play a Heat maneuver, you may ..." printed bare on a Pre-match or Mid-match card: set off
while the card lies in its owner's Ring area (where such a card stays once played), as if the text said so. Lowered
from sentences the pool prints."""

from __future__ import annotations

import pytest

from rawdeal.effects import model as fx
from classickit import ACTION, assert_printed, clauses, lowered

VENUE = frozenset({"pre-match", "venue"})
BARE = ("When you successfully play a Heat maneuver, you may shuffle 1 card from your Ringside pile into your Arsenal.",
        "Whenever you successfully play a maneuver, you may then look at your opponent's hand OR draw up to 2 cards.",
        "When he successfully plays a maneuver, you put 1 card from your hand on the bottom of your Arsenal.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(*BARE)


@pytest.mark.parametrize("text", BARE)
def test_bare_on_a_backlash_card_is_set_off_from_the_ring_area(text: str) -> None:
    (trigger,) = clauses(text, VENUE)
    assert isinstance(trigger, fx.Triggered) and trigger.trigger is fx.Trigger.PLAYED and trigger.zone is fx.Zone.RING
    said = "When this card is in your Ring area, " + text[0].lower() + text[1:]  # where it is, said outright
    assert clauses(said, VENUE) == (trigger,)


def test_whose_plays_set_it_off() -> None:
    mine, his = clauses(BARE[0], VENUE)[0], clauses(BARE[2], VENUE)[0]
    assert isinstance(mine, fx.Triggered) and isinstance(his, fx.Triggered)
    assert (mine.by, his.by) == (fx.Who.YOU, fx.Who.OPPONENT)


def test_bare_on_a_card_that_leaves_play_is_still_reported() -> None:
    assert lowered(BARE[0], ACTION).effect is None
