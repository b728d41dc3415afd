""""When played, ...": done as the card is played, before the opponent may reverse it from his hand, and whether
or not he then does. Lowered from sentences the pool prints, then played (and saved mid-effect)."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import REVERSAL, STRIKE, assert_printed, clauses, course_with, lowered

PRINTED_DISCARD = "When played, opponent must discard 2 cards."
PRINTED_TWO = ("When played, discard your hand. When successfully played, put up to 5 cards from your Ringside pile "
               "on top of your Arsenal and then search your Arsenal for 1 card, put it into your hand, shuffle your "
               "Arsenal, and end your turn.")
PRINTED_OVERTURN = "When played, overturn 3 cards."


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_DISCARD, PRINTED_TWO, PRINTED_OVERTURN)


def test_when_played_is_its_own_clause_beside_when_successfully_played() -> None:
    assert clauses(PRINTED_DISCARD, STRIKE) == (
        fx.WhenPlayed((fx.Discard(fx.Who.OPPONENT, fx.Count(2), chooser=fx.Who.OPPONENT),)),)
    first, then = clauses(PRINTED_TWO, STRIKE)
    assert first == fx.WhenPlayed((fx.Discard(fx.Who.YOU, fx.ALL),)) and isinstance(then, fx.OnPlay)


def test_a_reversals_when_played_is_reported() -> None:
    assert lowered(PRINTED_OVERTURN, REVERSAL).effect is None


def _played(hand: list[str], answer: str) -> tuple[GameState, list[str]]:
    """HHH plays Kick ("When played, opponent must discard 2 cards"); The Rock discards, then `answer`s any
    reversal window: his state after, and the windows he was offered."""
    cat = course_with({"Kick": fx.CardEffect(clauses(PRINTED_DISCARD, STRIKE))})
    haymaker = cat.id("Haymaker")
    s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[cat.id("Kick")]),
                           PlayerState("THE ROCK", [haymaker] * 10, hand=[cat.id(t) for t in hand])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Kick"'))
    windows = []
    while (d := game.decision()) is not None and d.player == 1 and s.current == 0:
        moves = [str(m) for m in d.moves]
        if d.kind.value == "reverse":
            windows.append(moves)
            game.apply(parse_move(answer))
        else:
            game.apply(parse_move('discard "Haymaker"') if 'discard "Haymaker"' in moves else d.moves[0])
    return s, [m for w in windows for m in w]


def test_the_effect_comes_first_and_the_reversal_window_sees_its_result() -> None:
    s, offered = _played(["Step Aside", "Haymaker", "Haymaker"], 'reverse "Step Aside"')
    assert offered == ['reverse "Step Aside"', "pass"]
    assert s.players[1].ringside.count(s.players[1].arsenal[0]) == 2  # his two discards stay discarded
    assert s.current == 1  # the reversal ended HHH's turn
    s, offered = _played(["Step Aside", "Haymaker"], "pass")  # he had to discard his reversal too: no window
    assert offered == [] and len(s.players[1].ringside) == 2 + 5  # the discards, then Kick's damage


def test_a_game_saved_inside_the_effect_reloads_and_continues_the_same() -> None:
    cat = shipped_classic().catalog
    powerbomb = cat.id("Mexi-Leg-Lace Powerbomb")
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits][:10]
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[cat.id("Snap Suplex"), powerbomb]),
                           PlayerState("The Rock", filler * 2, hand=filler[:3])], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Snap Suplex"'))  # "When played, all players randomly discard 1 card."
    again = loads(dumps(game))
    assert dumps(again) == dumps(game)
    for g in (game, again):
        while (d := g.decision()) is not None and d.player == 1:
            g.apply(d.moves[-1])
    assert dumps(again) == dumps(game)
    assert len(game.s.players[1].hand) == 2  # his random discard came before any reversal


def test_a_game_lost_to_the_cards_own_when_played_damage_keeps_the_card() -> None:
    """"When played, overturn 3 cards" with 1 card left in the Arsenal: the player loses by collateral damage
    before the card lands, and the card is in his Ringside pile, not lost (the random games' invariant)."""
    from rawdeal.engine.invariants import card_lists

    cat = shipped_classic().catalog
    powerbomb = cat.id("Mexi-Leg-Lace Powerbomb")
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits][:10]
    heavy = max(filler, key=lambda c: cat.infos[c].card.printed_damage)  # his Ring area pays the 20F
    ring = [heavy] * -(-20 // cat.infos[heavy].card.printed_damage)
    s = GameState(players=[PlayerState("Triple H", filler[:1], hand=[powerbomb], ring=ring),
                           PlayerState("The Rock", filler * 2, hand=filler[:3])], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    before = card_lists(game.s)
    game.apply(parse_move('play "Mexi-Leg-Lace Powerbomb"'))
    assert game.s.how == "collateral" and game.s.winner == 1
    assert card_lists(game.s) == before and game.s.players[0].ringside == [filler[0], powerbomb]
