"""The four corrections of the reference behaviour (digest of 2026-11-23), from constructed positions.

Each holds in the `course` profile (the reference program); the `standard` profile follows the rulebook.
The "next maneuver this turn" correction is tested with its cards in test_card_effects.py.
"""

from __future__ import annotations

from rawdeal.engine import events as ev
from rawdeal.engine.game import Game

import pytest

from cardkit import damage, do, kind, lines, position, ring_of, zone

ROCK = {"superstar": "THE ROCK"}
OPP = "CHRIS JERICHO"


def play(game: Game, title: str) -> list[ev.Event]:
    return do(game, f'play "{title}"')


@pytest.mark.parametrize("profile,reversed_", [("course", False), ("standard", True)])
def test_a_reversal_with_a_cost_never_reverses_from_the_arsenal(profile: str, reversed_: bool) -> None:
    """Rock Bottom ("you must first discard 1 card") overturned by a Grapple is an ordinary card."""
    g = position({"hand": ["Hip Toss"]},
                 {**ROCK, "hand": ["Punch", "Chin Lock"], "ring": ring_of(30), "top": ["Punch", "Rock Bottom"]},
                 profile=profile)
    events = play(g, "Hip Toss")
    text = lines(events)
    assert any("reverses Hip Toss with Rock Bottom from the Arsenal" in t for t in text) is reversed_
    if not reversed_:
        assert damage(events, "THE ROCK") == [3] and kind(g) == "main"


@pytest.mark.parametrize("profile,asked", [("course", False), ("standard", True)])
def test_no_stun_value_prompt_when_the_attackers_arsenal_is_empty(profile: str, asked: bool) -> None:
    """Body Slam (1 SV) reversed by a revealed Escape Move at 1/6: with nothing to draw, the course
    asks nothing and the turn ends (the attacker, whose Arsenal is empty, loses by count-out)."""
    g = position({"hand": ["Body Slam"], "ring": ring_of(7), "arsenal": []},
                 {"top": ["Escape Move"]}, profile=profile)
    events = play(g, "Body Slam")
    assert (kind(g) == "count") is asked
    if not asked:
        assert lines(events)[-1] == f"{OPP} wins by count-out"


def test_a_mandatory_draw_says_how_many_cards_it_actually_drew() -> None:
    """Manager Interferes' "draw 1 card" from an empty Arsenal draws 0 and says so."""
    g = position({"hand": ["Punch"]}, {"hand": ["Manager Interferes"], "ring": ring_of(10), "arsenal": []})
    play(g, "Punch")
    events = do(g, 'reverse "Manager Interferes"')
    assert f"{OPP} draws 0 cards (effect)" in lines(events)
    assert zone(g, 1, "hand") == []
