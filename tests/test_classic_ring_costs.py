"""A card in the Ring area that changes its owner's cards: "When this card is in your Ring area, your Maneuver cards are
-3F" (the F to play them, and to reverse with them when they are Reversal cards), "your cards titled Puppies! Puppies!
are -7F", "your cards with the word 'Breaker' in the title are +1D": lowered from sentences the pool prints, then
played."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import ACTION, REVERSAL, assert_printed, clauses, course_with, lowered

MANEUVERS = "When this card is in your Ring area, your Maneuver cards are -3F."
MISSPELT = "When this card is in your Ring area, your Manuever cards are -6F."
ACTIONS = "When this card is in your Ring area, your Action cards are -5F."
TITLED = "When this card is in your Ring area, your cards titled Puppies! Puppies! are -7F."
TITLE_WORD = "When this card is in your Ring area, your cards with the word 'Breaker'in the title are +1D."
SUPERSTAR = "Your Grapple maneuvers are -7F."  # Junkyard Dog's


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(MANEUVERS, MISSPELT, ACTIONS, TITLED, TITLE_WORD, SUPERSTAR)


def _in_ring(stat: fx.Stat, n: int, **narrowed: object) -> tuple[fx.Clause, ...]:
    return (fx.WhileInRing(fx.Modifier(stat, n, fx.Duration.WHILE_IN_RING, **narrowed)),)  # type: ignore[arg-type]


def test_group_amounts_lower_to_modifiers_while_in_the_ring_area() -> None:
    assert clauses(MANEUVERS, ACTION) == _in_ring(fx.Stat.FORTITUDE, -3)
    assert clauses(MISSPELT, ACTION) == _in_ring(fx.Stat.FORTITUDE, -6)
    assert clauses(ACTIONS, ACTION) == _in_ring(fx.Stat.FORTITUDE, -5, card_type=CardType.ACTION)
    assert clauses(TITLED, REVERSAL) == _in_ring(fx.Stat.FORTITUDE, -7, card_type=None, title="Puppies! Puppies!")
    assert clauses(TITLE_WORD, ACTION) == _in_ring(fx.Stat.DAMAGE, 1, title_word="Breaker")


def test_a_bare_modifier_on_a_card_that_leaves_play_is_still_reported() -> None:
    assert lowered(SUPERSTAR, ACTION).effect is None  # an action says for how long
    assert lowered("Your cards are -7F until the start of your next turn.", ACTION).effect is None


def test_a_maneuver_card_costs_less_while_the_card_is_in_the_ring_area() -> None:
    hand = ["Clothesline", "Diversion"]  # 8F maneuver, 17F action; the Ring area's Punch gives 3F
    cat = course_with({"Punch": fx.CardEffect(clauses(MANEUVERS, ACTION)), "Head Butt": fx.CardEffect(
        clauses(MISSPELT, ACTION))})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id(t) for t in hand], ring=[cat.id("Punch")]),
                           PlayerState("THE ROCK", [])])
    assert {cat.titles[c] for c, _ in R.playable(cat, s, 0)} == set()
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 5
    s.players[0].ring.append(cat.id("Head Butt"))  # 7F now, and -9F to maneuvers
    assert {cat.titles[c] for c, _ in R.playable(cat, s, 0)} == {"Clothesline"}
    assert {m.title for m in R.play_moves(cat, s, 0)} == {"Clothesline"}
    s.players[0].ring = [cat.id("Kick"), cat.id("Kick")]  # 10F and no such card: printed costs again
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 8


def test_an_action_cards_cost_changes_and_not_a_maneuvers() -> None:
    cat = course_with({"Punch": fx.CardEffect(clauses(ACTIONS, ACTION))})
    s = GameState(players=[PlayerState("HHH", [], ring=[cat.id("Punch")]), PlayerState("THE ROCK", [])])
    assert R.play_cost(cat, s, 0, cat.id("Not Yet"), CardType.ACTION) == 0  # 4F - 5F, never below 0
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 8
    assert R.play_cost(cat, s, 0, cat.id("Chop"), CardType.ACTION) == 0
    assert R.play_cost(cat, s, 1, cat.id("Not Yet"), CardType.ACTION) == 4  # the opponent's cards are his own


def test_cards_titled_x_cost_less_played_as_anything_a_reversal_too() -> None:
    titled = clauses(TITLED.replace("Puppies! Puppies!", "Manager Interferes"), REVERSAL)
    cat = course_with({"Punch": fx.CardEffect(titled)})
    defender = PlayerState("THE ROCK", [], hand=[cat.id("Manager Interferes")], ring=[cat.id("Punch")])
    s = GameState(players=[PlayerState("HHH", []), defender])
    kick = CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER)
    assert R.reversal_cost(cat, s, cat.id("Manager Interferes"), kick) == 3  # 10F - 7F, his F is 3
    assert R.reversal_candidates(cat, s, kick) == [cat.id("Manager Interferes")]
    defender.ring = [cat.id("Kick")]  # 5F, without the card
    assert R.reversal_candidates(cat, s, kick) == []


def test_a_title_word_narrows_a_damage_modifier() -> None:
    cat = course_with({"Punch": fx.CardEffect(clauses(TITLE_WORD.replace("Breaker", "Kick"), ACTION))})
    s = GameState(players=[PlayerState("HHH", [], ring=[cat.id("Punch")]), PlayerState("THE ROCK", [])])
    assert R.base_damage(cat, s, CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER), 1) == 6
    assert R.base_damage(cat, s, CurrentPlay(0, cat.id("Head Butt"), CardType.MANEUVER), 1) == 4


STAR_ACTIONS = "Your Action cards are -3F."
STAR_TITLED = "Your card titled A Beating You'll Never Forget is -10F."
STAR_WORD = "Your maneuvers with the word 'kick' in the title are +1D."


def _ability(text: str) -> fx.Ability:
    result = lowered(text, frozenset({"superstar"}))
    assert result.effect == fx.CardEffect() and result.ability is not None, result.unlowered
    return result.ability


def test_a_superstars_own_modifiers_are_part_of_his_ability() -> None:
    assert_printed(STAR_ACTIONS, STAR_TITLED, STAR_WORD)
    assert [(m.stat, m.amount, m.card_type) for m in _ability(STAR_ACTIONS).modifiers] == [
        (fx.Stat.FORTITUDE, -3, CardType.ACTION)]
    assert _ability(STAR_TITLED).modifiers[0].title == "A Beating You'll Never Forget"
    assert _ability(STAR_TITLED).modifiers[0].card_type is None
    (kick,) = _ability(STAR_WORD).modifiers
    assert (kick.stat, kick.amount, kick.title_word) == (fx.Stat.DAMAGE, 1, "kick")
    # after a sentence of his once-per-turn ability, still his standing rule and not part of what he uses
    both = lowered("Once during each of your turns, you may discard 1 card and then draw 1 card. " + STAR_WORD,
                   frozenset({"superstar"})).ability
    assert both is not None and both.timing is fx.AbilityTiming.ONCE_PER_TURN and both.modifiers == (kick,)


def test_a_superstars_modifiers_change_his_costs_and_damage_and_not_his_opponents() -> None:
    cat = course_with({}, {"HHH": _ability(STAR_ACTIONS), "THE ROCK": _ability(STAR_WORD.replace("kick", "Kick"))})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Not Yet")]), PlayerState("THE ROCK", [])])
    assert R.play_cost(cat, s, 0, cat.id("Not Yet"), CardType.ACTION) == 1
    assert R.play_cost(cat, s, 1, cat.id("Not Yet"), CardType.ACTION) == 4
    assert [cat.titles[c] for c, _ in R.playable(cat, s, 0)] == []  # 1F needed, none in his Ring area
    s.players[0].ring = [cat.id("Chop")]
    assert [cat.titles[c] for c, _ in R.playable(cat, s, 0)] == ["Not Yet"]
    assert R.base_damage(cat, s, CurrentPlay(1, cat.id("Kick"), CardType.MANEUVER), 0) == 6
    assert R.base_damage(cat, s, CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER), 1) == 5


COUNTS_AS = "This card counts as 2 Heat cards in your Ringside pile."


def test_a_card_that_counts_as_two_heat_cards_counts_twice_where_heat_cards_are_counted() -> None:
    assert_printed(COUNTS_AS)
    (counts,) = clauses(COUNTS_AS, frozenset({"maneuver", "grapple"}))
    assert counts == fx.CountsAs(2, ("heat",), fx.Zone.RINGSIDE)
    cat = course_with({"Chop": fx.CardEffect((counts,))})
    heat = fx.CardFilter(marks=("heat",))
    s = GameState(players=[PlayerState("HHH", [], ringside=[cat.id("Chop")]), PlayerState("THE ROCK", [])])
    assert R.holds(cat, s, 0, fx.HasCards(fx.Who.YOU, fx.Zone.RINGSIDE, heat, 2), cat.id("Punch"), None)
    assert not R.holds(cat, s, 0, fx.HasCards(fx.Who.YOU, fx.Zone.RINGSIDE, heat, 3), cat.id("Punch"), None)
    assert not R.holds(cat, s, 1, fx.HasCards(fx.Who.OPPONENT, fx.Zone.RING, heat), cat.id("Punch"), None)
    s.players[0].ring, s.players[0].ringside = s.players[0].ringside, []  # in the Ring area it is no Heat card
    assert not R.holds(cat, s, 0, fx.HasCards(fx.Who.YOU, fx.Zone.RING, heat), cat.id("Punch"), None)


NON_THROWBACK = ("When this card is in your Ring area, your non-Throwback maneuvers with the words 'arm drag'in the "
                 "title are +2D.")


def test_a_non_keyword_group_skips_the_cards_with_that_keyword() -> None:
    from rawdeal.engine.classic import shipped_classic

    assert_printed(NON_THROWBACK)
    (ring,) = clauses(NON_THROWBACK, ACTION)
    assert isinstance(ring, fx.WhileInRing) and ring.modifier.not_marks == ("throwback",)
    cat = shipped_classic().catalog
    arm_drags = [i for i in cat.infos if i.is_(CardType.MANEUVER) and R.has_word(i.title, "arm drag")]
    throwback = [i for i in arm_drags if "throwback" in i.card.marks]
    others = [i for i in arm_drags if "throwback" not in i.card.marks]
    assert throwback and others
    assert all(R.applies(ring.modifier, i, CardType.MANEUVER) for i in others)
    assert not any(R.applies(ring.modifier, i, CardType.MANEUVER) for i in throwback)
