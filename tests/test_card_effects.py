"""Every card's effect, played from a constructed position: what it changes, as printed and as the
course's reference implementation runs it (shared/spec/REFERENCE-BEHAVIOUR.md).

Each test registers the cards it shows with `@covers`; `test_every_card_has_an_effect_test` fails for
any card without one. Player 0 is HHH (no ability), player 1 CHRIS JERICHO unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from cardkit import (
    pending,
    COVERED, COVERED_ABILITIES, covers, covers_ability, damage, do, fortitude, kind, last, lines, moves, playable, position, ring_of, top, zone,
)
from typing import Any

from rawdeal.cards import Card, load_db
from rawdeal.engine import events as ev
from rawdeal.engine.game import Game
from rawdeal.engine.cardinfo import catalog

OPP = "CHRIS JERICHO"


def card(title: str) -> Card:
    cat = catalog()
    return cat.infos[cat.id(title)].card


def play(game: Game, title: str, as_type: str = "") -> list[ev.Event]:
    return do(game, f'play "{title}"' + (f" as {as_type}" if as_type else ""))


# ------------------------------------------------------------------------------ cards with no text
NO_TEXT = ("Punch", "Roundhouse Punch", "Big Boot", "Chair Shot", "Hurricanrana", "Hip Toss", "Russian Leg Sweep",
           "Gut Buster", "Body Slam", "Back Breaker", "Atomic Facebuster", "Inverse Atomic Drop", "Sit Out Powerbomb",
           "Wrist Lock", "Chin Lock", "Step Over Toe Hold", "Bow & Arrow", "Undertaker's Chokeslam", "Kane's Chokeslam")


@covers(*NO_TEXT)
@pytest.mark.parametrize("title", NO_TEXT)
def test_a_card_without_text_needs_its_f_deals_its_d_and_adds_its_d_to_fortitude(title: str) -> None:
    c = card(title)
    assert not c.text.strip()
    g = position({"hand": [title], "ring": ring_of(c.fortitude)}, {"arsenal_size": 20})
    assert playable(g) == [f"{title} as maneuver"]
    events = play(g, title)
    assert damage(events, OPP) == [c.printed_damage]
    assert len(zone(g, 1, "ringside")) == c.printed_damage and len(zone(g, 1, "arsenal")) == 20 - c.printed_damage
    assert zone(g, 0, "ring")[-1] == title and fortitude(g, 0) == c.fortitude + c.printed_damage
    if c.fortitude:
        below = c.fortitude - 1 if c.fortitude != 2 else 0
        assert playable(position({"hand": [title], "ring": ring_of(below)})) == []


# ------------------------------------------------------------------------------------- discards
@covers("Head Butt", "Arm Drag", "Arm Bar")
@pytest.mark.parametrize("title", ["Head Butt", "Arm Drag", "Arm Bar"])
def test_own_discard_chosen_by_the_player_then_damage(title: str) -> None:
    g = position({"hand": [title, "Punch", "Big Boot"]})
    play(g, title)
    assert kind(g) == "discard" and pending(g).player == 0
    assert moves(g) == ['discard "Punch"', 'discard "Big Boot"']
    events = do(g, 'discard "Big Boot"')
    assert lines(events)[0] == "HHH discards Big Boot"
    assert damage(events, OPP) == [card(title).printed_damage]
    assert zone(g, 0, "hand") == ["Punch"] and zone(g, 0, "ringside") == ["Big Boot"]


OPP_DISCARDS = [
    ("Spinning Heel Kick", 1, None), ("Samoan Drop", 1, None), ("Ankle Lock", 1, None), ("Bear Hug", 1, None),
    ("Choke Hold", 1, None), ("Boston Crab", 1, None), ("Torture Rack", 1, None), ("Figure Four Leg Lock", 1, None),
    ("Power Slam", 1, None), ("Lionsault", 1, last("Big Boot", dealt=4)),
    ("Leaping Knee to the Face", 1, last("Irish Whip", "action")),
    ("Pump Handle Slam", 2, None), ("Tree of Woe", 2, None),
]


@covers(*(t for t, _, _ in OPP_DISCARDS))
@pytest.mark.parametrize("title,n,before", OPP_DISCARDS, ids=[t for t, _, _ in OPP_DISCARDS])
def test_opponent_discards_cards_of_his_choice_then_damage(title: str, n: int, before: dict[str, Any] | None) -> None:
    extra: dict[str, Any] = {"last": [before, None]} if before else {}
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude)},
                 {"hand": ["Punch", "Hip Toss", "Big Boot"]}, **extra)
    play(g, title)
    events = []
    for pick in ["Hip Toss", "Punch"][:n]:
        assert kind(g) == "discard" and pending(g).player == 1  # the opponent picks from his own hand
        events += do(g, f'discard "{pick}"')
    assert kind(g) == "main"
    assert zone(g, 1, "hand") == (["Punch", "Big Boot"] if n == 1 else ["Big Boot"])
    assert zone(g, 1, "ringside")[:n] == ["Hip Toss", "Punch"][:n]
    assert damage(events, OPP) == [card(title).printed_damage]


def test_a_discard_stops_when_the_hand_is_empty_and_is_silent_with_no_hand() -> None:
    g = position({"hand": ["Pump Handle Slam"], "ring": ring_of(10)}, {"hand": ["Punch"]})
    play(g, "Pump Handle Slam")
    events = do(g, 'discard "Punch"')
    assert kind(g) == "main" and damage(events, OPP) == [7]
    g = position({"hand": ["Ankle Lock"]}, {"hand": []})
    events = play(g, "Ankle Lock")
    assert kind(g) == "main" and not any("discard" in x for x in lines(events))


# ------------------------------------------------------------------------------------ collateral
@covers("Kick", "Running Elbow Smash")
@pytest.mark.parametrize("title", ["Kick", "Running Elbow Smash"])
def test_collateral_damage_puts_the_top_of_the_own_arsenal_into_the_ringside_pile_first(title: str) -> None:
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude), "top": ["Chin Lock"]})
    events = play(g, title)
    text = lines(events)
    assert text.index("HHH takes 1 collateral damage") < text.index(f"{OPP} takes {card(title).printed_damage} damage")
    assert zone(g, 0, "ringside") == ["Chin Lock"] and len(zone(g, 0, "arsenal")) == 12


@covers("DDT", "Press Slam")
@pytest.mark.parametrize("title", ["DDT", "Press Slam"])
def test_collateral_then_the_opponent_discards_two(title: str) -> None:
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude), "top": ["Chin Lock"]},
                 {"hand": ["Punch", "Hip Toss"]})
    events = play(g, title)
    assert "HHH takes 1 collateral damage" in lines(events) and zone(g, 0, "ringside") == ["Chin Lock"]
    events = do(g, 'discard "Punch"', 'discard "Hip Toss"')
    assert damage(events, OPP) == [card(title).printed_damage] and zone(g, 1, "hand") == []


def test_collateral_from_an_empty_arsenal_loses_the_game() -> None:
    g = position({"hand": ["Kick"], "arsenal": []})
    events = play(g, "Kick")
    assert lines(events)[-1] == f"{OPP} wins by collateral" and g.over


# ---------------------------------------------------------------------------------------- draws
MAY_DRAW_ONE = ["Double Leg Takedown", "Reverse DDT", "Powerbomb"]


@covers(*MAY_DRAW_ONE)
@pytest.mark.parametrize("title", MAY_DRAW_ONE)
def test_may_draw_one_card_is_a_count_decision_before_the_damage(title: str) -> None:
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude), "top": ["Chin Lock"]})
    play(g, title)
    assert moves(g) == ["draw 0", "draw 1"]
    events = do(g, "draw 1")
    assert lines(events)[0] == "HHH draws 1 card (effect)" and "Chin Lock" in zone(g, 0, "hand")
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude)})
    play(g, title)
    do(g, "draw 0")
    assert zone(g, 0, "hand") == []


@covers("Fisherman's Suplex")
def test_fishermans_suplex_collateral_then_may_draw() -> None:
    g = position({"hand": ["Fisherman's Suplex"], "ring": ring_of(10), "top": ["Chin Lock", "Punch"]})
    events = play(g, "Fisherman's Suplex")
    assert "HHH takes 1 collateral damage" in lines(events) and moves(g) == ["draw 0", "draw 1"]
    events = do(g, "draw 1")
    assert zone(g, 0, "hand") == ["Punch"] and damage(events, OPP) == [10]


@covers("Guillotine Stretch")
def test_guillotine_stretch_opponent_discards_then_may_draw() -> None:
    g = position({"hand": ["Guillotine Stretch"], "ring": ring_of(12)}, {"hand": ["Punch"]})
    play(g, "Guillotine Stretch")
    assert pending(g).player == 1
    do(g, 'discard "Punch"')
    assert pending(g).player == 0 and moves(g) == ["draw 0", "draw 1"]
    assert damage(do(g, "draw 1"), OPP) == [8] and len(zone(g, 0, "hand")) == 1


@covers("Headlock Takedown", "Standing Side Headlock")
@pytest.mark.parametrize("title", ["Headlock Takedown", "Standing Side Headlock"])
def test_the_opponent_draws_a_card(title: str) -> None:
    g = position({"hand": [title]}, {"hand": [], "top": ["Chin Lock"]})
    events = play(g, title)
    assert lines(events)[2] == f"{OPP} draws 1 card (effect)"
    assert zone(g, 1, "hand") == ["Chin Lock"] and damage(events, OPP) == [card(title).printed_damage]


@covers("Bulldog")
def test_bulldog_own_discard_then_the_attacker_picks_from_the_opponents_hand() -> None:
    g = position({"hand": ["Bulldog", "Punch"], "ring": ring_of(8)}, {"hand": ["Hip Toss", "Big Boot"]})
    play(g, "Bulldog")
    assert pending(g).player == 0 and moves(g) == ['discard "Punch"']
    do(g, 'discard "Punch"')
    d = pending(g)
    assert d.player == 0 and d.cards == ("Hip Toss", "Big Boot")  # HHH sees and picks from Jericho's hand
    events = do(g, 'discard "Big Boot"')
    assert zone(g, 1, "hand") == ["Hip Toss"] and zone(g, 1, "ringside")[0] == "Big Boot"
    assert damage(events, OPP) == [8]


@covers("Back Body Drop", "Irish Whip")
def test_back_body_drop_needs_irish_whip_just_before_and_lets_the_player_choose() -> None:
    g = position({"hand": ["Back Body Drop", "Irish Whip"], "ring": ring_of(5), "top": ["Chin Lock", "Punch"]},
                 {"hand": ["Hip Toss", "Big Boot"]})
    assert playable(g) == ["Irish Whip as action"]
    play(g, "Irish Whip", "action")
    assert playable(g) == ["Back Body Drop as maneuver"]
    play(g, "Back Body Drop")
    assert moves(g) == ['choose 1', 'choose 2']
    assert "(1 = draw 2 cards; 2 = opponent discards 2 cards)" in pending(g).prompt
    events = do(g, 'choose "draw 2 cards"')
    assert zone(g, 0, "hand") == ["Chin Lock", "Punch"]
    assert damage(events, OPP) == [7 + 5]  # a Strike after Irish Whip: +5D
    g = position({"hand": ["Back Body Drop"], "ring": ring_of(5)}, {"hand": ["Hip Toss", "Big Boot"]},
                 last=[last("Irish Whip", "action"), None])
    play(g, "Back Body Drop")
    do(g, 'choose "opponent discards 2 cards"')
    assert pending(g).player == 1
    do(g, 'discard "Hip Toss"', 'discard "Big Boot"')
    assert zone(g, 1, "hand") == []


@covers("Chicken Wing")
def test_chicken_wing_returns_two_ringside_cards_to_the_bottom_of_the_arsenal() -> None:
    g = position({"hand": ["Chicken Wing"], "ring": ring_of(12), "ringside": ["Punch", "Hip Toss", "Big Boot"]})
    play(g, "Chicken Wing")
    assert pending(g).cards == ("Punch", "Hip Toss", "Big Boot")
    events = do(g, 'take "Big Boot"', 'take "Punch"')
    assert zone(g, 0, "arsenal")[:2] == ["Punch", "Big Boot"]  # bottom, in pick order
    assert zone(g, 0, "ringside") == ["Hip Toss"] and damage(events, OPP) == [7]


SEARCH_HOLD = ["Full Nelson", "Cobra Clutch", "Sleeper", "Camel Clutch"]


@covers(*SEARCH_HOLD)
@pytest.mark.parametrize("title", SEARCH_HOLD)
def test_submissions_that_search_the_arsenal_for_maintain_hold(title: str) -> None:
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude), "top": ["Punch", "Maintain Hold"]})
    events = play(g, title)
    assert "HHH searches Arsenal for Maintain Hold: found" in lines(events)
    assert zone(g, 0, "hand") == ["Maintain Hold"] and "Maintain Hold" not in zone(g, 0, "arsenal")
    g = position({"hand": [title], "ring": ring_of(card(title).fortitude)})
    assert "HHH searches Arsenal for Maintain Hold: not found" in lines(play(g, title))


@covers("Abdominal Stretch")
def test_abdominal_stretch_may_discard_three_to_take_any_arsenal_card() -> None:
    g = position({"hand": ["Abdominal Stretch", "Punch", "Hip Toss", "Big Boot"], "ring": ring_of(13),
                  "top": ["Chin Lock"]})
    play(g, "Abdominal Stretch")
    assert kind(g) == "yes-no"
    do(g, "yes", 'discard "Punch"', 'discard "Hip Toss"', 'discard "Big Boot"')
    assert kind(g) == "take" and "Chin Lock" in pending(g).cards
    do(g, 'take "Chin Lock"')
    assert zone(g, 0, "hand") == ["Chin Lock"] and zone(g, 0, "ringside")[:3] == ["Punch", "Hip Toss", "Big Boot"]
    g = position({"hand": ["Abdominal Stretch", "Punch"], "ring": ring_of(13)})
    events = play(g, "Abdominal Stretch")  # with fewer than 3 other cards it cannot be paid: no question
    assert kind(g) == "main" and damage(events, OPP) == [6]
    g = position({"hand": ["Abdominal Stretch", "Punch", "Hip Toss", "Big Boot"], "ring": ring_of(13)})
    play(g, "Abdominal Stretch")
    do(g, "no")
    assert zone(g, 0, "hand") == ["Punch", "Hip Toss", "Big Boot"]


# ---------------------------------------------------------------------------------------- hybrids
DISCARD_TO_DRAW = ["Chop", "Arm Bar Takedown", "Collar & Elbow Lockup"]


@covers(*DISCARD_TO_DRAW)
@pytest.mark.parametrize("title", DISCARD_TO_DRAW)
def test_hybrid_as_an_action_is_discarded_to_draw_and_as_a_maneuver_hits(title: str) -> None:
    g = position({"hand": [title], "top": ["Chin Lock"]})
    assert playable(g) == [f"{title} as action", f"{title} as maneuver"]
    events = play(g, title, "action")
    assert lines(events)[2:4] == [f"HHH discards {title}", "HHH draws 1 card (effect)"]
    assert damage(events) == [] and zone(g, 0, "ring") == [] and zone(g, 0, "ringside") == [title]
    assert zone(g, 0, "hand") == ["Chin Lock"]
    g = position({"hand": [title]})
    assert damage(play(g, title, "maneuver"), OPP) == [card(title).printed_damage] and zone(g, 0, "ring") == [title]


@covers("Undertaker's Tombstone Piledriver")
def test_undertakers_tombstone_piledriver_is_a_0f_action_that_draws() -> None:
    title = "Undertaker's Tombstone Piledriver"
    g = position({"hand": [title], "top": ["Chin Lock"]})
    assert playable(g) == [f"{title} as action"]  # -30F as an action; 30F as a maneuver
    events = play(g, title, "action")
    assert damage(events) == [] and zone(g, 0, "ringside") == [title] and zone(g, 0, "hand") == ["Chin Lock"]
    g = position({"hand": [title], "ring": ring_of(30)})
    assert playable(g) == [f"{title} as action", f"{title} as maneuver"]
    assert damage(play(g, title, "maneuver"), OPP) == [25]


@covers("The People's Elbow")
def test_the_peoples_elbow_goes_to_the_bottom_as_an_action_and_needs_rock_bottom_as_a_maneuver() -> None:
    title = "The People's Elbow"
    g = position({"superstar": "THE ROCK", "hand": [title], "top": ["Chin Lock", "Punch"]})
    assert playable(g) == [f"{title} as action"]
    events = play(g, title, "action")
    assert zone(g, 0, "arsenal")[0] == title and zone(g, 0, "hand") == ["Chin Lock", "Punch"]
    assert "THE ROCK draws 2 cards (effect)" in lines(events) and damage(events) == []
    g = position({"superstar": "THE ROCK", "hand": [title], "ring": ["Rock Bottom"]})
    assert playable(g) == [f"{title} as action", f"{title} as maneuver"]
    assert damage(play(g, title, "maneuver"), OPP) == [10]


# ------------------------------------------------------------------------------- damage modifiers
@covers("Haymaker")
def test_haymaker_boosts_every_strike_this_turn_itself_included_and_stacks() -> None:
    g = position({"hand": ["Haymaker", "Haymaker", "Punch", "Hip Toss"], "ring": ring_of(3)}, {"arsenal_size": 30})
    assert damage(play(g, "Haymaker"), OPP) == [5]
    assert damage(play(g, "Haymaker"), OPP) == [6]
    assert damage(play(g, "Punch"), OPP) == [5]
    assert damage(play(g, "Hip Toss"), OPP) == [3]  # a Grapple: no bonus
    do(g, "end")
    assert g.s.modifiers == ()  # rest of this turn only


def test_mankinds_minus_one_applies_after_the_bonuses() -> None:
    g = position({"hand": ["Haymaker", "Haymaker"], "ring": ring_of(3)}, {"superstar": "MANKIND"})
    assert damage(play(g, "Haymaker"), "MANKIND") == [4]
    assert damage(play(g, "Haymaker"), "MANKIND") == [5]
    assert fortitude(g, 0) == 3 + 4 + 4  # Fortitude counts printed D only


@covers("Snap Mare")
def test_snap_mare_next_card_if_strike_is_plus_two() -> None:
    g = position({"hand": ["Snap Mare", "Punch"], "ring": ring_of(3)})
    play(g, "Snap Mare")
    assert damage(play(g, "Punch"), OPP) == [5]
    g = position({"hand": ["Snap Mare", "Hip Toss", "Punch"], "ring": ring_of(3)})
    play(g, "Snap Mare")
    assert damage(play(g, "Hip Toss"), OPP) == [3]  # a Grapple uses it up without the bonus
    assert damage(play(g, "Punch"), OPP) == [3]


@covers("Atomic Drop", "Clothesline")
@pytest.mark.parametrize("title", ["Atomic Drop", "Clothesline"])
def test_next_card_if_maneuver_is_plus_two_and_any_card_uses_it_up(title: str) -> None:
    f = card(title).fortitude
    g = position({"hand": [title, "Hip Toss"], "ring": ring_of(f)})
    play(g, title)
    assert damage(play(g, "Hip Toss"), OPP) == [5]
    g = position({"hand": [title, "Whaddya Got?", "Hip Toss"], "ring": ring_of(f)})
    play(g, title)
    play(g, "Whaddya Got?")
    assert damage(play(g, "Hip Toss"), OPP) == [3]


def test_irish_whip_bonus_is_for_a_strike_only() -> None:
    g = position({"hand": ["Irish Whip", "Hip Toss", "Punch"], "ring": ring_of(5)})
    play(g, "Irish Whip", "action")
    assert damage(play(g, "Hip Toss"), OPP) == [3]
    assert damage(play(g, "Punch"), OPP) == [3]


@covers("Jockeying for Position")
def test_jockeying_declares_plus_4d_or_plus_8f_for_the_next_grapple() -> None:
    g = position({"hand": ["Jockeying for Position", "Hip Toss"], "ring": ring_of(4)})
    play(g, "Jockeying for Position", "action")
    assert moves(g) == ['choose 1', 'choose 2']
    assert "(1 = next grapple +4D; 2 = reversals to next grapple +8F)" in pending(g).prompt
    do(g, 'choose "next grapple +4D"')
    assert damage(play(g, "Hip Toss"), OPP) == [7]
    # +8F: Escape Move (0F) is no longer offered to a 0F defender, but is to an 8F one
    for f, offered in ((0, False), (8, True)):
        g = position({"hand": ["Jockeying for Position", "Hip Toss"], "ring": ring_of(4)},
                     {"hand": ["Escape Move"], "ring": ring_of(f)})
        play(g, "Jockeying for Position", "action")
        do(g, 'choose "reversals to next grapple +8F"')
        play(g, "Hip Toss")
        assert (kind(g) == "reverse") is offered


@covers("Open Up a Can of Whoop-A%$", "Get Crowd Support")
@pytest.mark.parametrize("title,bonus,plus_f", [("Open Up a Can of Whoop-A%$", 6, 20), ("Get Crowd Support", 4, 12)])
def test_draw_and_next_maneuver_bonus_with_stronger_reversals(title: str, bonus: int, plus_f: int) -> None:
    f = card(title).fortitude
    g = position({"hand": [title, "Whaddya Got?", "Hip Toss"], "ring": ring_of(f + 2), "top": ["Chin Lock"]},
                 {"hand": ["Escape Move"], "ring": ring_of(plus_f - 2)})
    events = play(g, title)
    assert "HHH draws 1 card (effect)" in lines(events) and "Chin Lock" in zone(g, 0, "hand")
    events = play(g, "Hip Toss")
    assert kind(g) == "main"  # Escape Move needs 0 + plus_f F: the 2F short defender cannot reverse
    assert damage(events, OPP) == [3 + bonus]
    assert damage(play(g, "Chin Lock"), OPP) == [3]  # next maneuver only


@pytest.mark.parametrize("profile,kept", [("standard", True), ("course", False)])
@pytest.mark.parametrize("title,bonus", [("Open Up a Can of Whoop-A%$", 6), ("Get Crowd Support", 4),
                                         ("Smackdown Hotel", 6)])
def test_an_action_in_between_uses_up_next_maneuver_bonus_in_the_course(title: str, bonus: int, profile: str,
                                                                          kept: bool) -> None:
    """The course's reference program spends "your next maneuver this turn" on the next card played,
    even an action; the rulebook keeps it for the next maneuver."""
    g = position({"hand": [title, "Whaddya Got?", "Hip Toss"], "ring": ring_of(card(title).fortitude + 2)},
                 profile=profile)
    play(g, title)
    play(g, "Whaddya Got?")
    assert damage(play(g, "Hip Toss"), OPP) == [3 + bonus if kept else 3]


@covers("Smackdown Hotel")
def test_smackdown_hotel_draws_shows_the_opponents_hand_and_boosts_the_next_maneuver() -> None:
    g = position({"hand": ["Smackdown Hotel", "Hip Toss"], "top": ["Chin Lock"]}, {"hand": ["Punch", "Big Boot"]})
    events = play(g, "Smackdown Hotel")
    assert lines(events)[2:4] == ["HHH draws 1 card (effect)", f"HHH sees {OPP}'s hand: Punch, Big Boot"]
    assert damage(play(g, "Hip Toss"), OPP) == [9]


@covers("I Am the Game")
def test_i_am_the_game_plus_three_to_all_maneuvers_and_a_choice() -> None:
    g = position({"hand": ["I Am the Game", "Hip Toss", "Punch"], "ring": ring_of(3), "top": ["Chin Lock", "Wrist Lock"]})
    play(g, "I Am the Game")
    do(g, 'choose "draw 2 cards"')
    assert zone(g, 0, "hand")[-2:] == ["Chin Lock", "Wrist Lock"]
    assert damage(play(g, "Hip Toss"), OPP) == [6] and damage(play(g, "Punch"), OPP) == [6]
    g = position({"hand": ["I Am the Game"], "ring": ring_of(3)}, {"hand": ["Punch", "Big Boot"]})
    play(g, "I Am the Game")
    do(g, 'choose "opponent discards 2 cards"', 'discard "Punch"', 'discard "Big Boot"')
    assert zone(g, 1, "hand") == []


@covers("Power of Darkness")
def test_power_of_darkness_plus_five_to_maneuvers_and_plus_twenty_f_to_reversals_this_turn() -> None:
    g = position({"superstar": "THE UNDERTAKER", "hand": ["Power of Darkness", "Hip Toss", "Punch"], "ring": ring_of(12)},
                 {"hand": ["Escape Move", "Step Aside"], "ring": ring_of(17)})
    play(g, "Power of Darkness")
    assert damage(play(g, "Hip Toss"), OPP) == [8] and kind(g) == "main"  # no reversal offered at 17F < 20F
    assert damage(play(g, "Punch"), OPP) == [8]


@covers("Mr. Socko")
def test_mr_socko_takes_a_card_and_gives_plus_one_while_in_the_ring_area() -> None:
    g = position({"superstar": "MANKIND", "hand": ["Mr. Socko", "Hip Toss"], "ring": ring_of(20),
                  "ringside": ["Wrist Lock"], "top": ["Chin Lock"]})
    play(g, "Mr. Socko")
    assert moves(g) == ['choose 1', 'choose 2']
    assert "(1 = take 1 card from your arsenal; 2 = take 1 card from your ringside pile)" in pending(g).prompt
    do(g, 'choose "take 1 card from your ringside pile"', 'take "Wrist Lock"')
    assert "Wrist Lock" in zone(g, 0, "hand") and fortitude(g, 0) == 20  # 0D: F unchanged
    assert damage(play(g, "Hip Toss"), OPP) == [4]
    g = position({"superstar": "MANKIND", "hand": ["Mr. Socko"], "ring": ring_of(20), "top": ["Chin Lock"]})
    play(g, "Mr. Socko")
    do(g, 'choose "take 1 card from your arsenal"')
    assert "Chin Lock" in pending(g).cards
    do(g, 'take "Chin Lock"')
    assert zone(g, 0, "hand") == ["Chin Lock"]


@covers("Superkick")
def test_superkick_plus_five_after_a_maneuver_that_dealt_five_or_more() -> None:
    g = position({"hand": ["Superkick"]}, last=[last("Gut Buster", dealt=5), None])
    assert damage(play(g, "Superkick"), OPP) == [10]
    g = position({"hand": ["Superkick"]}, last=[last("Gut Buster", dealt=4), None])
    assert damage(play(g, "Superkick"), OPP) == [5]


@covers("Pedigree")
def test_pedigree_plus_two_after_a_strike_maneuver() -> None:
    g = position({"hand": ["Pedigree"], "ring": ring_of(30)}, {"arsenal_size": 30}, last=[last("Punch"), None])
    assert damage(play(g, "Pedigree"), OPP) == [27]
    g = position({"hand": ["Pedigree"], "ring": ring_of(30)}, {"arsenal_size": 30}, last=[last("Chop", "action"), None])
    assert damage(play(g, "Pedigree"), OPP) == [25]


def test_powerbomb_plus_one_per_slam_in_the_ring_area() -> None:
    g = position({"hand": ["Powerbomb"], "ring": ["Body Slam", "Pump Handle Slam", "Kane's Chokeslam", "Punch"]})
    play(g, "Powerbomb")
    assert damage(do(g, "draw 0"), OPP) == [12 + 2]  # "Chokeslam" is not the word "slam"


# ------------------------------------------------------------------------------ play conditions
@covers("Austin Elbow Smash")
def test_austin_elbow_smash_after_a_5d_maneuver_and_never_reversed() -> None:
    me = {"superstar": "STONE COLD STEVE AUSTIN", "hand": ["Austin Elbow Smash"], "ring": ring_of(8)}
    assert playable(position(me, last=[last("Gut Buster", dealt=4), None])) == []
    assert playable(position(me, last=[last("Chop", "action"), None])) == []
    g = position(me, {"hand": ["Manager Interferes", "Step Aside"], "ring": ring_of(10)},
                 last=[last("Gut Buster", dealt=5), None])
    events = play(g, "Austin Elbow Smash")
    assert kind(g) == "main" and damage(events, OPP) == [10]  # no reversal window


@covers("Undertaker's Flying Clothesline", "Kane's Flying Clothesline")
@pytest.mark.parametrize("title,needed", [("Undertaker's Flying Clothesline", 5), ("Kane's Flying Clothesline", 4)])
def test_flying_clotheslines_need_a_strong_maneuver_before_and_reversals_to_them_are_plus_six(
        title: str, needed: int) -> None:
    me = {"hand": [title], "ring": ring_of(10)}
    assert playable(position(me, last=[last("Gut Buster", dealt=needed - 1), None])) == []
    g = position(me, {"hand": ["Manager Interferes"], "ring": ring_of(10)},
                 last=[last("Gut Buster", dealt=needed), None])
    play(g, title)
    events = do(g, 'reverse "Manager Interferes"')
    assert damage(events, "HHH") == [1 + 6]


@covers("Lionsault")
def test_lionsault_needs_a_4d_maneuver_before() -> None:
    me = {"superstar": "CHRIS JERICHO", "hand": ["Lionsault"], "ring": ring_of(6)}
    assert playable(position(me, {"superstar": "HHH"}, last=[last("Punch", dealt=3), None])) == []
    assert playable(position(me, {"superstar": "HHH"}, last=[last("Punch", dealt=4), None])) == ["Lionsault as maneuver"]


@covers("Cross Body Block")
def test_cross_body_block_as_a_maneuver_after_irish_whip_and_as_a_reversal() -> None:
    g = position({"hand": ["Cross Body Block", "Irish Whip"], "ring": ring_of(5)})
    assert playable(g) == ["Irish Whip as action"]
    play(g, "Irish Whip", "action")
    assert damage(play(g, "Cross Body Block"), OPP) == [7 + 5]
    g = position({"hand": ["Punch"], "ring": ring_of(5)}, {"hand": ["Cross Body Block"]},
                 last=[last("Irish Whip", "action"), None])
    play(g, "Punch")
    events = do(g, 'reverse "Cross Body Block"')
    assert damage(events, "HHH") == [7] and zone(g, 1, "ring")[-1] == "Cross Body Block"
    assert playable(position({"hand": ["Cross Body Block"]})) == []


def test_leaping_knee_needs_irish_whip_and_may_not_be_reversed() -> None:
    g = position({"hand": ["Leaping Knee to the Face"], "ring": ring_of(8)},
                 {"hand": ["Step Aside", "Punch"], "ring": ring_of(10)}, last=[last("Irish Whip", "action"), None])
    play(g, "Leaping Knee to the Face")
    assert kind(g) == "discard" and pending(g).player == 1  # no reversal window first
    assert playable(position({"hand": ["Leaping Knee to the Face"], "ring": ring_of(8)})) == []


FINISHER_DISCOUNTS = [
    ("Stone Cold Stunner", {"last": [last("Kick"), None]}, []),
    ("Kane's Tombstone Piledriver", {"last": [last("Kane's Chokeslam"), None]}, []),
    ("Mandible Claw", {}, ["Mr. Socko"]),
]


@covers(*(t for t, _, _ in FINISHER_DISCOUNTS))
@pytest.mark.parametrize("title,extra,ring", FINISHER_DISCOUNTS, ids=[t for t, _, _ in FINISHER_DISCOUNTS])
def test_finisher_minus_six_f_when_its_condition_holds(title: str, extra: dict[str, Any], ring: list[str]) -> None:
    assert playable(position({"hand": [title], "ring": ring_of(24)})) == []
    g = position({"hand": [title], "ring": ring_of(24) + ring}, {"arsenal_size": 30}, **extra)
    assert playable(g) == [f"{title} as maneuver"]
    assert damage(play(g, title), OPP)[0] >= card(title).printed_damage


@covers("Spit At Opponent")
def test_spit_at_opponent_needs_two_cards_then_both_discard() -> None:
    assert playable(position({"hand": ["Spit At Opponent"], "ring": ring_of(4)})) == []
    g = position({"hand": ["Spit At Opponent", "Punch"], "ring": ring_of(4)},
                 {"hand": ["Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock", "Gut Buster"]})
    play(g, "Spit At Opponent")
    assert pending(g).player == 0
    do(g, 'discard "Punch"')
    for title in ("Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock"):
        assert pending(g).player == 1
        do(g, f'discard "{title}"')
    assert zone(g, 1, "hand") == ["Gut Buster"] and kind(g) == "main"


@covers("Shake It Off")
def test_shake_it_off_when_behind_removes_an_opponents_card_of_d_at_most_your_f() -> None:
    assert playable(position({"hand": ["Shake It Off"], "ring": ring_of(10)}, {"ring": ring_of(10)})) == []
    g = position({"hand": ["Shake It Off"], "ring": ring_of(6)}, {"ring": ["Hurricanrana", "Big Boot", "Punch"]})
    play(g, "Shake It Off")
    assert pending(g).player == 0 and pending(g).cards == ("Big Boot", "Punch")  # not the 10D card
    do(g, 'take "Big Boot"')
    assert zone(g, 1, "ring") == ["Hurricanrana", "Punch"] and zone(g, 1, "ringside") == ["Big Boot"]
    assert fortitude(g, 1) == 13


@covers("Stagger")
def test_stagger_after_a_maneuver_makes_the_next_7d_or_less_maneuver_irreversible() -> None:
    assert playable(position({"hand": ["Stagger"], "ring": ring_of(3)})) == []
    opp = {"hand": ["Step Aside", "Escape Move"], "ring": ring_of(10)}
    g = position({"hand": ["Stagger", "Punch"], "ring": ring_of(3)}, opp, last=[last("Hip Toss", dealt=3), None])
    play(g, "Stagger")
    assert damage(play(g, "Punch"), OPP) == [3] and kind(g) == "main"
    g = position({"hand": ["Stagger", "Back Breaker"], "ring": ring_of(8)}, opp, last=[last("Hip Toss", dealt=3), None])
    play(g, "Stagger")
    do(g, "end")
    do(g, "end")
    play(g, "Back Breaker")  # a new turn: Stagger's "next card this turn" is gone
    assert kind(g) == "reverse"


@covers("Diversion")
def test_diversion_makes_the_next_maneuver_irreversible() -> None:
    g = position({"hand": ["Diversion", "Whaddya Got?", "Big Boot", "Punch"], "ring": ring_of(17)},
                 {"hand": ["Step Aside"], "ring": ring_of(10)})
    play(g, "Diversion")
    play(g, "Whaddya Got?")
    assert damage(play(g, "Big Boot"), OPP) == [6] and kind(g) == "main"
    play(g, "Punch")
    assert kind(g) == "reverse"


@covers("Ayatollah of Rock 'n' Roll-a")
def test_ayatollah_shows_the_hand_and_stops_reversals_from_the_arsenal_this_turn() -> None:
    g = position({"superstar": "THE ROCK", "hand": ["Ayatollah of Rock 'n' Roll-a", "Punch", "Hip Toss"], "ring": ring_of(12)},
                 {"hand": ["Step Aside"], "top": ["Escape Move"]})
    events = play(g, "Ayatollah of Rock 'n' Roll-a")
    assert f"THE ROCK sees {OPP}'s hand: Step Aside" in lines(events)
    play(g, "Punch")
    assert kind(g) == "reverse"  # hand reversals are still offered
    do(g, "pass")
    events = play(g, "Hip Toss")
    assert damage(events, OPP) == [3] and "Escape Move" in zone(g, 1, "ringside") and kind(g) == "main"


@covers("Maintain Hold")
def test_maintain_hold_after_a_submission_holds_it_and_it_hits_again_each_turn() -> None:
    g = position({"hand": ["Maintain Hold", "Punch"], "ring": ring_of(10) + ["Wrist Lock"]},
                 {"hand": ["Hip Toss"], "arsenal_size": 20}, last=[last("Wrist Lock", dealt=2), None])
    assert playable(g) == ["Maintain Hold as action", "Punch as maneuver"]
    events = play(g, "Maintain Hold")
    assert "HHH ends the turn" in lines(events) and f"turn 2: {OPP}" in lines(events)  # it ends the turn
    assert g.s.current == 1 and g.s.hold is not None
    assert playable(g) == [] and moves(g) == ["ability", "end", "surrender"]  # no maneuvers or actions
    events = do(g, "end")
    text = lines(events)
    assert text[text.index("turn 3: HHH") + 2] == "HHH maintains the hold: Wrist Lock is applied again"
    assert damage(events, OPP) == [2] and playable(g) == []
    do(g, "end")
    # the opponent reverses the held Submission from his hand: the hold ends, both cards stay
    g2 = position({"hand": ["Punch"], "ring": ring_of(10) + ["Wrist Lock", "Maintain Hold"]},
                  {"hand": ["Break the Hold"]}, hold=[0, "Wrist Lock"], to_move=0, start_turn=True)
    assert kind(g2) == "reverse"
    events = do(g2, 'reverse "Break the Hold"')
    assert g2.s.hold is None and "Wrist Lock" in zone(g2, 0, "ring") and "Maintain Hold" in zone(g2, 0, "ring")
    assert "Wrist Lock" not in zone(g2, 0, "ringside")
    do(g2, "end")
    assert g2.s.current == 0 and "Punch as maneuver" in playable(g2)  # free to play again


@covers("Walls of Jericho")
def test_maintain_hold_may_follow_walls_of_jericho_and_mandible_claw() -> None:
    for star, finisher in (("CHRIS JERICHO", "Walls of Jericho"), ("MANKIND", "Mandible Claw")):
        g = position({"superstar": star, "hand": [finisher, "Maintain Hold"], "ring": ring_of(30)},
                     {"superstar": "HHH", "arsenal_size": 45})
        assert playable(g) == [f"{finisher} as maneuver"]
        play(g, finisher)
        assert playable(g) == ["Maintain Hold as action"]
        play(g, "Maintain Hold")
        assert g.s.hold is not None and g.title(g.s.hold[1]) == finisher


# -------------------------------------------------------------------------------------- reversals
def _attack(attacker_hand: list[str], defender_hand: list[str], *, attacker_f: int = 24, defender_f: int = 30,
            before: dict[str, Any] | None = None, **opp: Any) -> Game:
    """HHH (player 0) about to play; Jericho (player 1) holds the reversals."""
    extra: dict[str, Any] = {"last": [before, None]} if before else {}
    return position({"hand": attacker_hand, "ring": ring_of(attacker_f)},
                    {"hand": defender_hand, "ring": ring_of(defender_f), **opp}, **extra)


SUBTYPE_REVERSALS = [("Step Aside", "Punch", "Hip Toss"), ("Escape Move", "Hip Toss", "Punch"),
                     ("Break the Hold", "Wrist Lock", "Punch")]


@covers(*(r for r, _, _ in SUBTYPE_REVERSALS))
@pytest.mark.parametrize("rev,target,other", SUBTYPE_REVERSALS, ids=[r for r, _, _ in SUBTYPE_REVERSALS])
def test_subtype_reversals_end_the_turn_and_the_reversed_card_goes_to_ringside(rev: str, target: str, other: str) -> None:
    g = _attack([other], [rev])
    play(g, other)
    assert kind(g) == "main"  # not offered against another subtype
    g = _attack([target, other], [rev])
    play(g, target)
    assert moves(g) == [f'reverse "{rev}"', "pass"]
    events = do(g, f'reverse "{rev}"')
    assert lines(events)[:3] == [f"{OPP} reverses {target} with {rev} from the hand", "HHH ends the turn", f"turn 2: {OPP}"]
    assert zone(g, 0, "ringside") == [target] and zone(g, 1, "ring")[-1] == rev and damage(events) == []


@covers("Knee to the Gut", "Rolling Takedown")
@pytest.mark.parametrize("rev,target,big", [("Knee to the Gut", "Big Boot", "Hurricanrana"),
                                            ("Rolling Takedown", "Gut Buster", "Back Breaker")])
def test_hash_reversals_deal_the_damage_of_the_reversed_maneuver(rev: str, target: str, big: str) -> None:
    g = _attack([target, big], [rev])
    play(g, big) if card(big).printed_damage > 7 else None
    if card(big).printed_damage > 7:
        assert kind(g) == "main"  # more than 7D: not offered
    g = _attack([target], [rev])
    play(g, target)
    events = do(g, f'reverse "{rev}"')
    assert damage(events, "HHH") == [card(target).printed_damage]
    assert fortitude(g, 1) == 30  # '#' is 0 in the Ring area
    g = _attack([target], [rev], superstar="MANKIND")
    play(g, target)
    assert damage(do(g, f'reverse "{rev}"'), "HHH") == [card(target).printed_damage - 1]  # Mankind's -1 in the '#'


@covers("Elbow to the Face")
def test_elbow_to_the_face_reverses_7d_or_less_and_deals_2() -> None:
    g = _attack(["Back Breaker"], ["Elbow to the Face"])
    play(g, "Back Breaker")
    assert damage(do(g, 'reverse "Elbow to the Face"'), "HHH") == [2]
    g = _attack(["Hurricanrana"], ["Elbow to the Face"])
    play(g, "Hurricanrana")
    assert kind(g) == "main"


@covers("Manager Interferes", "Chyna Interferes")
@pytest.mark.parametrize("rev,draws,hits", [("Manager Interferes", 1, 1), ("Chyna Interferes", 2, 3)])
def test_interferes_draw_then_hit(rev: str, draws: int, hits: int) -> None:
    g = _attack(["Hurricanrana"], [rev], top=["Chin Lock", "Wrist Lock"])
    play(g, "Hurricanrana")
    events = do(g, f'reverse "{rev}"')
    text = lines(events)
    assert text[1] == f"{OPP} draws {draws} card{'s' if draws > 1 else ''} (effect)"
    assert damage(events, "HHH") == [hits] and len(zone(g, 1, "hand")) == draws + 1  # + the turn's draw
    g = _attack(["Hurricanrana"], [rev], defender_f=card(rev).fortitude - 1 if card(rev).fortitude > 2 else 0)
    play(g, "Hurricanrana")
    assert kind(g) == "main"  # not enough F


@covers("Undertaker Sits Up!", "Kane's Return!")
@pytest.mark.parametrize("rev,discards,plus_f", [("Undertaker Sits Up!", 1, 25), ("Kane's Return!", 0, 15)])
def test_comeback_reversals_cost_four_and_make_the_next_turn_stronger(rev: str, discards: int, plus_f: int) -> None:
    g = _attack(["Hurricanrana", "Step Aside", "Hip Toss"], [rev, "Punch"], defender_f=15, attacker_f=14)
    play(g, "Hurricanrana")
    events = do(g, f'reverse "{rev}"')
    assert f"{OPP} takes 4 collateral damage" in lines(events) and len(zone(g, 1, "ringside")) == 4
    if discards:
        assert pending(g).player == 0 and kind(g) == "discard"
        do(g, 'discard "Hip Toss"')
    assert g.s.current == 1
    events = play(g, "Punch")
    assert kind(g) == "main"  # Step Aside (0F) now needs plus_f F; HHH has 14
    assert damage(events, "HHH") == [3 + 2]
    do(g, "end")
    assert g.s.modifiers == ()  # only that next turn
    g = _attack(["Hurricanrana", "Step Aside", "Hip Toss"], [rev, "Punch"], defender_f=15, attacker_f=plus_f)
    play(g, "Hurricanrana")
    do(g, f'reverse "{rev}"', *(['discard "Hip Toss"'] if discards else []))
    play(g, "Punch")
    assert kind(g) == "reverse"  # with plus_f F it is offered again


@covers("Don't You Never... EVER!")
def test_dont_you_never_ever_discards_two_and_plus_two_next_turn() -> None:
    g = _attack(["Punch", "Hip Toss", "Big Boot"], ["Don't You Never... EVER!", "Chin Lock"], defender_f=2)
    play(g, "Punch")
    do(g, 'reverse "Don\'t You Never... EVER!"')
    assert pending(g).player == 0
    do(g, 'discard "Hip Toss"', 'discard "Big Boot"')
    assert zone(g, 0, "hand") == [] and g.s.current == 1
    assert damage(play(g, "Chin Lock"), "HHH") == [3 + 2]


@covers("Double Digits")
def test_double_digits_discards_two_then_overturns_two() -> None:
    g = _attack(["Punch", "Hip Toss", "Big Boot"], ["Double Digits"])
    play(g, "Punch")
    do(g, 'reverse "Double Digits"')
    events = do(g, 'discard "Hip Toss"', 'discard "Big Boot"')
    assert "HHH takes 2 damage" in lines(events) and len(zone(g, 0, "ringside")) == 1 + 2 + 2


@covers("Have a Nice Day!")
def test_have_a_nice_day_discards_the_whole_hand() -> None:
    g = _attack(["Punch", "Hip Toss", "Big Boot"], ["Have a Nice Day!"])
    play(g, "Punch")
    events = do(g, 'reverse "Have a Nice Day!"')
    assert "HHH discards the whole hand: Hip Toss, Big Boot" in lines(events) and zone(g, 0, "hand") == []


@covers("Take That Move, Shine It Up Real Nice, Turn That Sumb*tch Sideways, and Stick It Straight Up Your Roody Poo Candy A%$!")
def test_take_that_move_returns_five_ringside_cards_to_the_arsenal() -> None:
    rev = "Take That Move, Shine It Up Real Nice, Turn That Sumb*tch Sideways, and Stick It Straight Up Your Roody Poo Candy A%$!"
    side = ["Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock", "Gut Buster"]
    g = _attack(["Punch"], [rev], defender_f=4, ringside=side, superstar="THE ROCK")
    play(g, "Punch")
    do(g, f'reverse "{rev}"')
    for title in side[:5]:
        assert pending(g).player == 1 and kind(g) == "take"
        do(g, f'take "{title}"')
    assert zone(g, 1, "ringside") == ["Gut Buster"]
    assert zone(g, 1, "arsenal")[:5] == side[:5][::-1]  # each one to the bottom, as it is picked


@covers("Clean Break")
def test_clean_break_reverses_jockeying_from_hand_only() -> None:
    g = _attack(["Jockeying for Position", "Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock"],
                ["Clean Break"], defender_f=0, top=["Gut Buster"])
    play(g, "Jockeying for Position", "action")
    events = do(g, 'reverse "Clean Break"')
    for title in ("Punch", "Hip Toss", "Big Boot", "Chin Lock"):
        events += do(g, f'discard "{title}"')
    assert zone(g, 0, "hand") == ["Wrist Lock"] and f"{OPP} draws 1 card (effect)" in lines(events)
    assert g.s.current == 1
    # revealed from the arsenal it reverses nothing ("if played from your hand")
    g = _attack(["Jockeying for Position"], [], defender_f=0, top=["Clean Break"])
    play(g, "Jockeying for Position", "action")
    assert kind(g) == "choose"


@covers("No Chance in Hell")
def test_no_chance_in_hell_reverses_any_action() -> None:
    g = _attack(["Whaddya Got?", "Punch"], ["No Chance in Hell"], defender_f=12)
    play(g, "Punch")
    assert kind(g) == "main"  # a maneuver: not offered
    play(g, "Whaddya Got?")
    events = do(g, 'reverse "No Chance in Hell"')
    assert "Whaddya Got?" in zone(g, 0, "ringside") and not any("sees" in x for x in lines(events))
    assert g.s.current == 1


def test_jockeying_and_irish_whip_as_reversals_help_the_reversers_next_turn() -> None:
    g = _attack(["Jockeying for Position"], ["Jockeying for Position", "Hip Toss"], defender_f=4)
    play(g, "Jockeying for Position", "action")
    do(g, 'reverse "Jockeying for Position"')
    assert pending(g).player == 1
    do(g, 'choose "next grapple +4D"')
    assert g.s.current == 1 and damage(play(g, "Hip Toss"), "HHH") == [7]
    g = _attack(["Irish Whip"], ["Irish Whip", "Punch", "Cross Body Block"], defender_f=5)
    play(g, "Irish Whip", "action")
    do(g, 'reverse "Irish Whip"')
    assert "Cross Body Block as maneuver" in playable(g)  # Irish Whip was his previous card
    assert damage(play(g, "Punch"), "HHH") == [8]


@covers("Lou Thesz Press", "Facebuster")
@pytest.mark.parametrize("rev,draw,hits", [("Lou Thesz Press", 1, 15), ("Facebuster", 2, 10)])
def test_reversals_after_irish_whip_from_hand_may_draw(rev: str, draw: int, hits: int) -> None:
    g = _attack(["Punch"], [rev], before=last("Irish Whip", "action"), defender_f=0)
    play(g, "Punch")
    do(g, f'reverse "{rev}"')
    assert moves(g)[-1] == f"draw {draw}"
    events = do(g, f"draw {draw}")
    assert damage(events, "HHH") == [hits]
    g = _attack(["Punch"], [rev], defender_f=0)
    play(g, "Punch")
    assert kind(g) == "main"  # not after Irish Whip
    g = _attack(["Irish Whip", "Punch"], [], defender_f=0, top=[rev])
    play(g, "Irish Whip", "action")
    events = play(g, "Punch")
    assert kind(g) == "main" and "reverses" not in " ".join(lines(events))  # never from the arsenal


@covers("Shoulder Block", "Spear")
@pytest.mark.parametrize("rev", ["Shoulder Block", "Spear"])
def test_maneuver_reversals_of_a_maneuver_after_irish_whip(rev: str) -> None:
    g = _attack(["Hip Toss"], [rev], before=last("Irish Whip", "action"))
    play(g, "Hip Toss")
    assert damage(do(g, f'reverse "{rev}"'), "HHH") == [card(rev).printed_damage]
    g = _attack(["Hip Toss"], [rev])
    play(g, "Hip Toss")
    assert kind(g) == "main"
    assert damage(play(position({"hand": [rev], "ring": ring_of(card(rev).fortitude)}), rev), OPP) == [card(rev).printed_damage]


SAME_TITLE = ["Drop Kick", "Belly to Belly Suplex", "Vertical Suplex", "Belly to Back Suplex"]


@covers(*SAME_TITLE)
@pytest.mark.parametrize("rev", SAME_TITLE)
def test_reversals_of_the_same_title(rev: str) -> None:
    g = _attack([rev, "Punch"], [rev])
    play(g, "Punch")
    assert kind(g) == "main"
    play(g, rev)
    assert damage(do(g, f'reverse "{rev}"'), "HHH") == [card(rev).printed_damage]


@covers("Ensugiri")
def test_ensugiri_reverses_kick() -> None:
    g = _attack(["Punch", "Kick"], ["Ensugiri"])
    play(g, "Punch")
    assert kind(g) == "main"
    play(g, "Kick")
    assert damage(do(g, 'reverse "Ensugiri"'), "HHH") == [4]


@covers("Double Arm DDT")
def test_double_arm_ddt_reverses_back_body_drop() -> None:
    g = _attack(["Back Body Drop"], ["Double Arm DDT"], before=last("Irish Whip", "action"), superstar="MANKIND")
    play(g, "Back Body Drop")
    assert damage(do(g, 'reverse "Double Arm DDT"'), "HHH") == [15]
    g = position({"superstar": "MANKIND", "hand": ["Double Arm DDT"], "ring": ring_of(15)}, {"arsenal_size": 20})
    assert damage(play(g, "Double Arm DDT"), OPP) == [15]


def test_pedigree_reverses_back_body_drop() -> None:
    g = position({"superstar": "THE ROCK", "hand": ["Back Body Drop"], "ring": ring_of(5)},
                 {"superstar": "HHH", "hand": ["Pedigree"], "ring": ring_of(30)}, last=[last("Irish Whip", "action"), None])
    play(g, "Back Body Drop")
    assert damage(do(g, 'reverse "Pedigree"'), "THE ROCK") == [25]


@covers("Rock Bottom")
def test_rock_bottom_reverses_a_grapple_after_a_discard_and_searches_for_the_peoples_elbow() -> None:
    rock = {"superstar": "THE ROCK", "ring": ring_of(30)}
    g = position({"hand": ["Hip Toss"]}, {**rock, "hand": ["Rock Bottom"]})
    play(g, "Hip Toss")
    assert kind(g) == "main"  # nothing to discard: cannot pay
    g = position({"hand": ["Hip Toss"]}, {**rock, "hand": ["Rock Bottom", "Punch"], "ringside": ["The People's Elbow"]},
                 )
    play(g, "Hip Toss")
    do(g, 'reverse "Rock Bottom"')
    assert pending(g).player == 1 and kind(g) == "discard"
    events = do(g, 'discard "Punch"')
    assert "THE ROCK searches Ringside pile for The People's Elbow: found" in lines(events)
    assert zone(g, 1, "hand") == ["The People's Elbow"] and damage(events, "HHH") == [20]
    g = position({"superstar": "THE ROCK", "hand": ["Rock Bottom"], "ring": ring_of(30), "top": ["The People's Elbow"]},
                 {"arsenal_size": 25})
    events = play(g, "Rock Bottom")
    assert "THE ROCK searches Ringside pile for The People's Elbow: not found" in lines(events)
    assert "THE ROCK searches Arsenal for The People's Elbow: found" in lines(events)


HEELS = ["Chair Shot", "Chair Shot", "Choke Hold", "Choke Hold", "Spit At Opponent"]


@covers("Disqualification!")
def test_disqualification_wins_against_a_heel_maneuver_with_five_heels_in_the_ring() -> None:
    g = position({"hand": ["Chair Shot"], "ring": HEELS[:4] + ring_of(10)}, {"hand": ["Disqualification!"], "ring": ring_of(10)})
    play(g, "Chair Shot")
    assert kind(g) == "main"  # only 4 HEEL cards in the Ring area
    g = position({"hand": ["Chair Shot"], "ring": HEELS}, {"hand": ["Disqualification!"], "ring": ring_of(10)})
    play(g, "Chair Shot")
    events = do(g, 'reverse "Disqualification!"')
    assert lines(events)[-1] == f"{OPP} wins by disqualification"


def test_disqualification_from_the_ringside_pile_and_against_a_heel_reversal() -> None:
    # overturned by the HEEL maneuver's damage
    g = position({"hand": ["Chair Shot"], "ring": HEELS}, {"ring": ring_of(10), "top": ["Punch", "Disqualification!"]})
    events = play(g, "Chair Shot")
    assert lines(events)[-1] == f"{OPP} wins by disqualification"
    # HHH reverses with a HEEL reversal card: Jericho may reverse that reversal with Disqualification!
    g = position({"hand": ["Hurricanrana", "Disqualification!"], "ring": ring_of(20)},
                 {"hand": ["Manager Interferes"], "ring": HEELS})
    play(g, "Hurricanrana")
    do(g, 'reverse "Manager Interferes"')
    assert pending(g).player == 0 and moves(g) == ['reverse "Disqualification!"', "pass"]
    events = do(g, 'reverse "Disqualification!"')
    assert lines(events)[-1] == "HHH wins by disqualification"
    assert "Manager Interferes" in zone(g, 1, "ringside")
    # and overturned by that HEEL reversal's damage
    g = position({"hand": ["Hurricanrana"], "ring": ring_of(20), "top": ["Disqualification!"]},
                 {"hand": ["Manager Interferes"], "ring": HEELS})
    play(g, "Hurricanrana")
    events = do(g, 'reverse "Manager Interferes"')
    assert lines(events)[-1] == "HHH wins by disqualification"


@covers("Discus Punch")
def test_discus_punch_reversals_to_it_are_plus_two() -> None:
    g = _attack(["Discus Punch"], ["Step Aside"])
    play(g, "Discus Punch")
    assert damage(do(g, 'reverse "Step Aside"'), "HHH") == [0 + 2]


# ---------------------------------------------------------------------------------------- actions
@covers("Hmmm")
def test_hmmm_looks_at_the_top_five_and_arranges_them_or_shuffles() -> None:
    top5 = ["Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock"]
    g = position({"hand": ["Hmmm"], "top": top5})
    events = play(g, "Hmmm")
    assert f"HHH sees HHH's Arsenal: {', '.join(top5)}" in lines(events)
    assert moves(g) == ['choose 1', 'choose 2']
    assert "(1 = arrange top 5 cards of your arsenal; 2 = shuffle your arsenal)" in pending(g).prompt
    do(g, 'choose "arrange top 5 cards of your arsenal"')
    assert kind(g) == "arrange" and pending(g).player == 0
    do(g, 'arrange "Wrist Lock", "Punch", "Chin Lock", "Hip Toss", "Big Boot"')  # any order is legal
    assert top(g, 0, 5) == ["Wrist Lock", "Punch", "Chin Lock", "Hip Toss", "Big Boot"]
    g = position({"hand": ["Hmmm"], "top": top5}, profile="standard", seed=7)
    before = zone(g, 0, "arsenal")
    play(g, "Hmmm")
    events = do(g, 'choose "shuffle your arsenal"')
    assert "HHH shuffles the Arsenal" in lines(events)
    assert sorted(zone(g, 0, "arsenal")) == sorted(before) and zone(g, 0, "arsenal") != before
    g2 = position({"hand": ["Hmmm"], "top": top5}, profile="standard", seed=7)
    play(g2, "Hmmm")
    do(g2, 'choose "shuffle your arsenal"')
    assert zone(g2, 0, "arsenal") == zone(g, 0, "arsenal")  # the game's seeded generator


@covers("Don't Think Too Hard")
def test_dont_think_too_hard_arranges_the_opponents_top_five() -> None:
    top5 = ["Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock"]
    g = position({"hand": ["Don't Think Too Hard"]}, {"top": top5})
    events = play(g, "Don't Think Too Hard")
    assert f"HHH sees {OPP}'s Arsenal: {', '.join(top5)}" in lines(events)
    do(g, 'choose "arrange top 5 cards of opponent\'s arsenal"')
    assert pending(g).player == 0
    do(g, 'arrange "Big Boot", "Chin Lock", "Wrist Lock", "Punch", "Hip Toss"')
    assert top(g, 1, 5) == ["Big Boot", "Chin Lock", "Wrist Lock", "Punch", "Hip Toss"]


@covers("Whaddya Got?")
def test_whaddya_got_shows_the_opponents_hand() -> None:
    g = position({"hand": ["Whaddya Got?"], "ring": ring_of(2)}, {"hand": ["Punch", "Step Aside"]})
    assert lines(play(g, "Whaddya Got?"))[2] == f"HHH sees {OPP}'s hand: Punch, Step Aside"


@covers("Fireman's Carry")
def test_firemans_carry_may_look_at_the_opponents_hand() -> None:
    g = position({"hand": ["Fireman's Carry"]}, {"hand": ["Punch"]})
    play(g, "Fireman's Carry")
    assert moves(g) == ["yes", "no"]
    events = do(g, "yes")
    assert f"HHH sees {OPP}'s hand: Punch" in lines(events) and damage(events, OPP) == [3]
    g = position({"hand": ["Fireman's Carry"]}, {"hand": ["Punch"]})
    play(g, "Fireman's Carry")
    assert not any("sees" in x for x in lines(do(g, "no")))


@covers("Not Yet")
def test_not_yet_puts_a_hand_card_into_the_arsenal_then_draws_two() -> None:
    g = position({"hand": ["Not Yet", "Chin Lock", "Punch"], "ring": ring_of(4), "top": ["Hip Toss", "Big Boot"]})
    play(g, "Not Yet")
    assert moves(g) == ['take "Chin Lock"', 'take "Punch"']
    events = do(g, 'take "Chin Lock"')
    assert zone(g, 0, "arsenal")[0] == "Chin Lock"  # "shuffled in": the bottom, as the course does
    assert zone(g, 0, "hand") == ["Punch", "Hip Toss", "Big Boot"] and "HHH draws 2 cards (effect)" in lines(events)


@covers("Flash in the Pan", "View of Villainy")
@pytest.mark.parametrize("title,kept,gone", [("Flash in the Pan", ["Punch"], ["Chair Shot", "Choke Hold"]),
                                             ("View of Villainy", ["Punch", "Chair Shot"], ["Clean Break"])])
def test_draw_look_and_discard_all_cards_of_a_trait(title: str, kept: list[str], gone: list[str]) -> None:
    hand = ["Chair Shot", "Punch", "Choke Hold"] if title == "Flash in the Pan" else ["Punch", "Clean Break", "Chair Shot"]
    g = position({"hand": [title], "ring": ring_of(6), "top": ["Chin Lock"]}, {"hand": hand})
    events = play(g, title)
    text = lines(events)
    assert text[2:4] == ["HHH draws 1 card (effect)", f"HHH sees {OPP}'s hand: {', '.join(hand)}"]
    assert [x for x in text if x.startswith(f"{OPP} discards")] == [f"{OPP} discards {t}" for t in gone]
    assert zone(g, 1, "hand") == kept and zone(g, 0, "hand") == ["Chin Lock"]


@covers("Distract the Ref")
def test_distract_the_ref_makes_him_discard_disqualification() -> None:
    g = position({"hand": ["Distract the Ref"], "ring": ring_of(2)}, {"hand": ["Disqualification!", "Punch"]})
    events = play(g, "Distract the Ref")
    assert f"{OPP} discards Disqualification!" in lines(events) and zone(g, 1, "hand") == ["Punch"]


@covers("Offer Handshake")
def test_offer_handshake_draws_up_to_three_then_discards_one() -> None:
    g = position({"hand": ["Offer Handshake", "Punch"], "ring": ring_of(2), "top": ["Chin Lock", "Hip Toss", "Big Boot"]})
    play(g, "Offer Handshake")
    assert moves(g) == ["draw 0", "draw 1", "draw 2", "draw 3"]
    do(g, "draw 2")
    assert zone(g, 0, "hand") == ["Punch", "Chin Lock", "Hip Toss"] and kind(g) == "discard"
    do(g, 'discard "Punch"')
    assert zone(g, 0, "hand") == ["Chin Lock", "Hip Toss"] and zone(g, 0, "ringside") == ["Punch"]


@covers("Roll Out of the Ring")
def test_roll_out_of_the_ring_discards_up_to_two_and_takes_as_many_back() -> None:
    g = position({"hand": ["Roll Out of the Ring", "Punch", "Hip Toss", "Big Boot"], "ring": ring_of(2),
                  "ringside": ["Chin Lock"]})
    play(g, "Roll Out of the Ring")
    assert moves(g) == ["discard 0", "discard 1", "discard 2"]
    do(g, "discard 2", 'discard "Punch"', 'discard "Hip Toss"')
    assert pending(g).cards == ("Chin Lock", "Punch", "Hip Toss")  # the new discards are there too
    do(g, 'take "Chin Lock"', 'take "Punch"')
    assert zone(g, 0, "hand") == ["Big Boot", "Chin Lock", "Punch"] and zone(g, 0, "ringside") == ["Hip Toss"]


@covers("Recovery")
def test_recovery_returns_two_ringside_cards_then_draws() -> None:
    g = position({"hand": ["Recovery"], "ring": ring_of(4), "ringside": ["Punch", "Hip Toss"], "top": ["Chin Lock"]})
    play(g, "Recovery")
    events = do(g, 'take "Punch"', 'take "Hip Toss"')
    assert zone(g, 0, "ringside") == [] and zone(g, 0, "arsenal")[:2] == ["Hip Toss", "Punch"]
    assert zone(g, 0, "hand") == ["Chin Lock"] and "HHH draws 1 card (effect)" in lines(events)


@covers("Puppies! Puppies!")
def test_puppies_puppies_returns_five_ringside_cards_then_draws_two() -> None:
    side = ["Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock", "Gut Buster"]
    g = position({"superstar": "MANKIND", "hand": ["Puppies! Puppies!"], "ring": ring_of(14), "ringside": side})
    play(g, "Puppies! Puppies!")
    for title in side[:5]:
        assert kind(g) == "take"
        do(g, f'take "{title}"')
    assert zone(g, 0, "ringside") == ["Gut Buster"] and len(zone(g, 0, "hand")) == 2


@covers("The People's Eyebrow")
def test_the_peoples_eyebrow_two_to_the_hand_two_to_the_arsenal() -> None:
    side = ["Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock"]
    g = position({"superstar": "THE ROCK", "hand": ["The People's Eyebrow"], "ring": ring_of(7), "ringside": side})
    play(g, "The People's Eyebrow")
    do(g, 'take "Big Boot"', 'take "Punch"')
    assert zone(g, 0, "hand") == ["Big Boot", "Punch"]
    do(g, 'take "Chin Lock"', 'take "Hip Toss"')
    assert zone(g, 0, "ringside") == ["Wrist Lock"] and zone(g, 0, "arsenal")[:2] == ["Hip Toss", "Chin Lock"]


@covers("Comeback!")
def test_comeback_the_stronger_player_removes_cards_until_not_stronger() -> None:
    g = position({"hand": ["Comeback!", "Punch", "Hip Toss", "Big Boot"], "ring": ["Chin Lock"]},
                 {"ring": ["Hurricanrana", "Big Boot", "Punch", "Whaddya Got?"]})
    play(g, "Comeback!")
    do(g, 'discard "Punch"', 'discard "Hip Toss"', 'discard "Big Boot"')
    d = pending(g)
    assert d.player == 1 and d.cards == ("Hurricanrana", "Big Boot", "Punch")  # maneuvers/reversals only
    do(g, 'take "Hurricanrana"')
    assert fortitude(g, 1) == 9 and pending(g).player == 1
    do(g, 'take "Big Boot"')
    assert fortitude(g, 1) == 3 == fortitude(g, 0) and kind(g) == "main"
    assert zone(g, 1, "ringside") == ["Hurricanrana", "Big Boot"]


@covers("Ego Boost")
def test_ego_boost_next_card_minus_five_f_and_its_reaction_to_a_forced_discard() -> None:
    g = position({"hand": ["Ego Boost", "Whaddya Got?", "Whaddya Got?"]})
    assert playable(g) == ["Ego Boost as action"]
    play(g, "Ego Boost")
    assert playable(g) == ["Whaddya Got? as action"] * 2
    play(g, "Whaddya Got?")
    assert playable(g) == []  # the next card only
    # forced to discard, Jericho picks Ego Boost: he may draw up to 2
    g = position({"hand": ["Spinning Heel Kick"], "ring": ring_of(2)},
                 {"hand": ["Punch", "Ego Boost"], "top": ["Chin Lock", "Hip Toss"]})
    play(g, "Spinning Heel Kick")
    do(g, 'discard "Ego Boost"')
    assert pending(g).player == 1 and moves(g) == ["draw 0", "draw 1", "draw 2"]
    do(g, "draw 2")
    assert zone(g, 1, "hand") == ["Punch", "Chin Lock", "Hip Toss"]
    g = position({"hand": ["Spinning Heel Kick"], "ring": ring_of(2)}, {"hand": ["Punch", "Ego Boost"]})
    play(g, "Spinning Heel Kick")
    do(g, 'discard "Punch"')
    assert kind(g) == "main"  # another card: no reaction
    g = position({"hand": ["Bulldog", "Chin Lock"], "ring": ring_of(8)}, {"hand": ["Ego Boost"]})
    play(g, "Bulldog")
    do(g, 'discard "Chin Lock"', 'discard "Ego Boost"')
    assert kind(g) == "main"  # the attacker picked it: Jericho did not choose to discard it


@covers("Deluding Yourself")
def test_deluding_yourself_draws_four_and_discards_the_hand_at_the_end_of_the_turn() -> None:
    g = position({"hand": ["Deluding Yourself", "Punch"], "ring": ring_of(8)})
    play(g, "Deluding Yourself")
    assert len(zone(g, 0, "hand")) == 5
    events = do(g, "end")
    text = lines(events)
    assert text[0].startswith("HHH discards the whole hand: Punch, ") and text[1] == "HHH ends the turn"
    assert zone(g, 0, "hand") == [] and len(zone(g, 0, "ringside")) == 5


@covers("Marking Out")
def test_marking_out_either_takes_any_arsenal_card_and_ends_the_turn_or_buries_three_of_the_opponents() -> None:
    g = position({"hand": ["Marking Out"], "ring": ring_of(13), "top": ["Punch", "Chin Lock"]})
    play(g, "Marking Out")
    do(g, 'choose "search your arsenal for a card, shuffle your arsenal, end your turn"')
    assert pending(g).player == 0 and "Chin Lock" in pending(g).cards
    events = do(g, 'take "Chin Lock"')
    assert zone(g, 0, "hand") == ["Chin Lock"] and "HHH ends the turn" in lines(events) and g.s.current == 1
    g = position({"hand": ["Marking Out"], "ring": ring_of(13)}, {"top": ["Punch", "Chin Lock", "Hip Toss"]})
    play(g, "Marking Out")
    assert "2 = put 3 cards from opponent's arsenal" in pending(g).prompt
    do(g, "choose 2")
    assert pending(g).player == 0  # HHH goes through Jericho's Arsenal
    do(g, 'take "Chin Lock"', 'take "Punch"', 'take "Hip Toss"')
    assert zone(g, 1, "ringside") == ["Chin Lock", "Punch", "Hip Toss"] and len(zone(g, 1, "arsenal")) == 12
    assert kind(g) == "main" and g.s.current == 0


@covers("Shane O'Mac")
def test_shane_omac_in_the_ring_area_hits_at_the_start_of_each_turn_before_the_draw() -> None:
    g = position({"hand": ["Shane O'Mac"], "ring": ring_of(15)}, {"top": ["Chin Lock", "Punch"]})  # he draws Chin Lock
    play(g, "Shane O'Mac")
    do(g, "end")
    events = do(g, "end")
    text = lines(events)
    i = text.index("turn 3: HHH")
    assert text[i + 1:i + 4] == [f"{OPP} takes 1 damage", f"  1/1 {OPP} overturns Punch", "HHH draws 1 card (draw segment)"]


@covers("Pat & Gerry")
def test_pat_and_gerry_the_opponent_skips_his_next_turn() -> None:
    g = position({"hand": ["Pat & Gerry"], "ring": ring_of(18)})
    play(g, "Pat & Gerry")
    events = do(g, "end")
    assert lines(events)[:3] == ["HHH ends the turn", f"{OPP} skips the turn", "turn 3: HHH"]
    assert g.s.current == 0 and len(zone(g, 1, "hand")) == 0  # no draw for the skipped player
    events = do(g, "end")
    assert f"turn 4: {OPP}" in lines(events)  # only one turn is skipped


@covers("Hellfire & Brimstone")
def test_hellfire_and_brimstone_both_hands_go_then_the_opponent_overturns_five() -> None:
    g = position({"superstar": "KANE", "hand": ["Hellfire & Brimstone", "Punch"], "ring": ring_of(6)},
                 {"hand": ["Hip Toss", "Big Boot"]})
    events = play(g, "Hellfire & Brimstone")
    text = lines(events)
    assert text[2:4] == ["KANE discards the whole hand: Punch", f"{OPP} discards the whole hand: Hip Toss, Big Boot"]
    assert f"{OPP} takes 5 damage" in text and len(zone(g, 1, "ringside")) == 7


@covers("Y2J")
def test_y2j_draw_up_to_five_or_the_opponent_discards_five() -> None:
    g = position({"superstar": "CHRIS JERICHO", "hand": ["Y2J"], "ring": ring_of(5)}, {"superstar": "HHH"})
    play(g, "Y2J")
    do(g, 'choose "draw up to 5 cards"')
    assert moves(g) == [f"draw {n}" for n in range(6)]
    do(g, "draw 3")
    assert len(zone(g, 0, "hand")) == 3
    g = position({"superstar": "CHRIS JERICHO", "hand": ["Y2J"], "ring": ring_of(5)},
                 {"superstar": "HHH", "hand": ["Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock", "Gut Buster"]})
    play(g, "Y2J")
    do(g, 'choose "opponent discards up to 5 cards"')
    for title in ("Punch", "Hip Toss", "Big Boot", "Chin Lock", "Wrist Lock"):  # forced to 5: no count prompt
        do(g, f'discard "{title}"')
    assert zone(g, 1, "hand") == ["Gut Buster"]


# -------------------------------------------------------------------------------------- abilities
@covers_ability("STONE COLD STEVE AUSTIN")
def test_stone_cold_draws_then_puts_a_hand_card_at_the_bottom_once_per_turn() -> None:
    g = position({"superstar": "STONE COLD STEVE AUSTIN", "hand": ["Punch"], "top": ["Chin Lock"]})
    assert "ability" in moves(g)
    events = do(g, "ability")
    assert lines(events)[:2] == ["STONE COLD STEVE AUSTIN uses the Superstar ability",
                                 "STONE COLD STEVE AUSTIN draws 1 card (effect)"]
    assert pending(g).cards == ("Punch", "Chin Lock")
    do(g, 'take "Punch"')
    assert zone(g, 0, "arsenal")[0] == "Punch" and zone(g, 0, "hand") == ["Chin Lock"]
    assert "ability" not in moves(g)  # once per turn
    assert "ability" not in moves(position({"superstar": "STONE COLD STEVE AUSTIN", "hand": ["Punch"], "arsenal": []}))


@covers_ability("THE UNDERTAKER")
def test_undertaker_discards_two_then_takes_a_ringside_card() -> None:
    assert "ability" not in moves(position({"superstar": "THE UNDERTAKER", "hand": ["Punch"]}))
    g = position({"superstar": "THE UNDERTAKER", "hand": ["Punch", "Hip Toss", "Big Boot"], "ringside": ["Chin Lock"]})
    do(g, "ability", 'discard "Punch"', 'discard "Hip Toss"')
    assert pending(g).cards == ("Chin Lock", "Punch", "Hip Toss")
    do(g, 'take "Chin Lock"')
    assert zone(g, 0, "hand") == ["Big Boot", "Chin Lock"] and "ability" not in moves(g)


@covers_ability("MANKIND")
def test_mankind_draws_two_and_takes_one_less_damage() -> None:
    g = position({"hand": ["Punch"]}, {"superstar": "MANKIND", "hand": []})
    assert damage(play(g, "Punch"), "MANKIND") == [2]
    events = do(g, "end")
    assert "MANKIND draws 2 cards (draw segment)" in lines(events) and len(zone(g, 1, "hand")) == 2
    assert "ability" not in moves(g)


@covers_ability("HHH")
def test_hhh_has_no_ability_to_use() -> None:
    g = position({"hand": ["Punch", "Hip Toss"], "ringside": ["Chin Lock"]})
    assert moves(g) == ['play "Punch" as maneuver', 'play "Hip Toss" as maneuver', "end", "surrender"]


@covers_ability("THE ROCK")
def test_the_rock_may_return_a_ringside_card_to_the_bottom_before_drawing() -> None:
    rock = {"superstar": "THE ROCK", "ringside": ["Chin Lock"], "top": ["Punch"]}
    g = position(rock, start_turn=True)
    assert kind(g) == "ability" and moves(g) == ["ability", "pass"]
    do(g, "ability", 'take "Chin Lock"')
    assert zone(g, 0, "arsenal")[0] == "Chin Lock" and zone(g, 0, "hand") == ["Punch"] and kind(g) == "main"
    g = position({**rock, "ringside": []}, start_turn=True)
    assert kind(g) == "main"  # nothing to return: no question


@covers_ability("KANE")
def test_kane_hits_the_opponent_for_one_at_the_start_of_his_turn() -> None:
    g = position({"superstar": "KANE"}, {"top": ["Chin Lock", "Punch"]})  # Jericho draws Chin Lock
    do(g, "end")
    text = lines(do(g, "end"))
    i = text.index("turn 3: KANE")
    assert text[i + 1:i + 5] == ["KANE uses the Superstar ability", f"{OPP} takes 1 damage",
                                 f"  1/1 {OPP} overturns Punch", "KANE draws 1 card (draw segment)"]
    assert zone(g, 1, "ringside") == ["Punch"]


@covers_ability("CHRIS JERICHO")
def test_jericho_discards_one_then_the_opponent_discards_one_of_his_choice() -> None:
    g = position({"superstar": "CHRIS JERICHO", "hand": ["Punch"]}, {"superstar": "HHH", "hand": ["Hip Toss", "Big Boot"]})
    do(g, "ability", 'discard "Punch"')
    assert pending(g).player == 1 and pending(g).cards == ("Hip Toss", "Big Boot")
    do(g, 'discard "Big Boot"')
    assert zone(g, 1, "hand") == ["Hip Toss"] and "ability" not in moves(g)
    g = position({"superstar": "CHRIS JERICHO", "hand": ["Punch"]}, {"superstar": "HHH", "hand": []})
    do(g, "ability", 'discard "Punch"')
    assert kind(g) == "main"  # an empty hand: nothing more happens


# --------------------------------------------------------------------------------------- coverage
ALL_TITLES = [c.title for c in load_db().cards]


@pytest.mark.parametrize("title", ALL_TITLES)
def test_every_card_has_an_effect_test(title: str) -> None:
    assert title in COVERED, f"no test shows what {title!r} does: add one with @covers({title!r})"


def test_every_ability_has_a_test() -> None:
    assert COVERED_ABILITIES == {s.name for s in load_db().superstars}


def test_a_game_saved_in_a_counter_reversal_window_or_during_a_hold_resumes_the_same() -> None:
    from rawdeal.io.save import dumps, loads

    g = position({"hand": ["Hurricanrana", "Disqualification!"], "ring": ring_of(20)},
                 {"hand": ["Manager Interferes"], "ring": HEELS})
    play(g, "Hurricanrana")
    do(g, 'reverse "Manager Interferes"')
    g2 = loads(dumps(g))
    assert moves(g2) == moves(g) and dumps(g2) == dumps(g)
    assert lines(do(g2, "pass")) == lines(do(g, "pass"))
    g = position({"hand": ["Maintain Hold"], "ring": ring_of(10) + ["Wrist Lock"]},
                 last=[last("Wrist Lock", dealt=2), None])
    play(g, "Maintain Hold")
    g2 = loads(dumps(g))
    assert lines(do(g2, "end")) == lines(do(g, "end"))
    assert g2.s.hold == g.s.hold is not None


def test_the_hold_ends_when_the_held_submission_has_left_the_ring_area() -> None:
    g = position({"hand": ["Punch"], "ring": ["Maintain Hold"], "ringside": ["Wrist Lock"]}, hold=[0, "Wrist Lock"],
                 start_turn=True)
    assert g.s.hold is None and "Punch as maneuver" in playable(g)
