""""Can only be played when the cards titled Wake Up... and ...Look Around... are in your Ring area": titles joined by
"and" in a condition on your Ring area are each of them (every one must be there); joined by "or", any of them
(read elsewhere). Lowered from sentences the pool prints, then held in a game's Ring area."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed, clauses, lowered, with_printed

CHANGE_REALITY = "Can only be played when the cards titled Wake Up... and ...Look Around... are in your Ring area."
INTENSITY = ("If you have the cards titled Integrity and Intelligence in your Ring area, shuffle up to 7 Face or Heel "
             "cards from your Ringside pile into your Arsenal.")
THREE_CAPITAL_AND = ("Can only be played if you have the cards titled He's as Crazy as a Pet Raccoon, Gettin' Beat Like "
                     "a Government Mule, AND He's Runnin' Like a Scalded Dawg in your Ring area.")
IN_HIS = "If your opponent has the cards titled Intensity and Intelligence in his Ring area, draw 1 card."


def test_the_sentences_are_printed() -> None:
    assert_printed(CHANGE_REALITY, INTENSITY, THREE_CAPITAL_AND)


def test_titles_joined_by_and_are_each_required() -> None:
    assert clauses(CHANGE_REALITY) == (fx.PlayRequirement(fx.AllOf((
        fx.InRingArea("Wake Up..."), fx.InRingArea("...Look Around..."))),),)
    (on_play,) = clauses(INTENSITY)
    assert isinstance(on_play, fx.OnPlay) and isinstance(only := on_play.actions[0], fx.OnlyIf)
    assert only.condition == fx.AllOf((fx.InRingArea("Integrity"), fx.InRingArea("Intelligence")))
    (requirement,) = clauses(THREE_CAPITAL_AND)  # "AND" in capitals joins them too, and is no part of a title
    assert requirement == fx.PlayRequirement(fx.AllOf(tuple(fx.InRingArea(t) for t in (
        "He's as Crazy as a Pet Raccoon", "Gettin' Beat Like a Government Mule", "He's Runnin' Like a Scalded Dawg"))))


def test_other_players_each_titled_cards_stay_reported() -> None:
    assert not lowered(IN_HIS).ok  # a condition on his Ring area is not read as one on yours


def test_the_requirement_holds_only_with_every_card_in_the_ring_area() -> None:
    (requirement,) = clauses(CHANGE_REALITY)
    assert isinstance(requirement, fx.PlayRequirement)
    base = shipped_classic().catalog
    cat = with_printed(base, "Wake Up...", "...Look Around...")
    wake, look = len(base.infos), len(base.infos) + 1
    for ring, held in (([wake, look], True), ([look], False), ([wake], False), ([], False)):
        s = GameState(players=[PlayerState("Kane", [], ring=ring), PlayerState("Kane", [], ring=[wake, look])])
        assert R.holds(cat, s, 0, requirement.condition, 0, None) is held
