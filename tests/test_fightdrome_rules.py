"""A test per rule of the Fightdrome rulebook, each from a constructed position (`rawdeal rules
fightdrome` lists them beside the sections they check)."""

from __future__ import annotations

from collections import Counter

import pytest

from fightdromekit import face, hand, move, position, texts
from shared import SHARED
from rawdeal.fightdrome import events as ev
from rawdeal.fightdrome.game import Game
from rawdeal.fightdrome.rulebook import RULES
from rawdeal.fightdrome.settings import settings
from rawdeal.fightdrome.setup import new_game
from rawdeal.fightdrome.state import ANSWER, ATTACK, FEINT, FIGHTER, PRESS, RECOVER


def names(faces: list[int]) -> Counter[str]:
    return Counter(settings().catalog.faces[f].name() for f in faces)


def kinds(game: Game, p: int) -> Counter[str]:
    """A player's whole deck by pile."""
    return Counter(settings().pile_of[f] for f in game.f.players[p].cards())


# --- PREPARACIÓN DE LA PARTIDA --------------------------------------------------------------------

def test_setup_deals_a_sleeve_and_a_stack_to_each_player() -> None:
    game, events = new_game((), 5)
    dealt = [e for e in events if isinstance(e, ev.Dealt)]
    assert [e.player for e in dealt] == [0, 1]
    cfg = settings()
    assert all(e.sleeve in cfg.sleeves and e.stack in cfg.stacks for e in dealt)
    assert dealt[0].sleeve != dealt[1].sleeve and dealt[0].stack != dealt[1].stack  # one card of each
    assert {new_game((), s)[0].f.players[0].sleeve for s in range(30)} == set(cfg.sleeves)  # every Sleeve comes up


def test_deck_follows_sleeve_order_and_stack_counts() -> None:
    game, _ = new_game(("Brawler/S1", "Kickboxer/S4"), 3)  # the example's x11 x9 x9 x5 x6
    assert kinds(game, 0) == Counter({"punch": 11, "hold": 9, "kick": 9, "block": 5, "neuro": 6, "feint": 2, "dodge": 2})
    assert len(game.f.players[0].cards()) == 44  # "su mazo único de personaje compuesto por 44 cartas"
    assert kinds(game, 1) == Counter({"kick": 9, "hold": 9, "punch": 9, "block": 9, "neuro": 4, "feint": 2, "dodge": 2})


def test_short_pile_gives_what_it_has() -> None:
    game, _ = new_game(("Brawler/S3", "Wrestler/S7"), 3)  # 12 Punches each (24 of 21); S7 gives Punch 10
    assert kinds(game, 0)["punch"] == 12
    assert kinds(game, 1)["punch"] == 21 - 12  # the second seat takes what is left
    assert game.f.supply["punch"] == []
    game.check()


def test_first_player_is_a_seeded_coin() -> None:
    firsts = [next(e.player for e in new_game((), s)[1] if isinstance(e, ev.FirstPlayer)) for s in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [next(e.player for e in new_game((), s)[1] if isinstance(e, ev.FirstPlayer)) for s in range(40)]


def test_opening_hands_are_seven_cards() -> None:
    for seed in range(20):
        game, _ = new_game((), seed)
        assert [len(p.hand) for p in game.f.players] == [7, 7]


def test_overstimulated_hand_is_redrawn() -> None:
    for seed in range(200):
        game, events = new_game((), seed)
        shown = [e for e in events if isinstance(e, ev.Overstimulated)]
        if shown:
            bad = shown[0].hand
            neuro = sum(n.startswith("Neuro") for n in bad)
            attacks = sum(n.split()[0] in ("Punch", "Kick", "Hold") and "Block" not in n for n in bad) + sum(
                n in ("Neuro Punch", "Neuro Kick", "Neuro Hold") for n in bad)
            assert neuro > 2 or attacks == 0
            assert all(not game._overstimulated(p.hand) for p in game.f.players)  # the new hands are legal
            return
    pytest.fail("no overstimulated hand in 200 seeded games")


# --- CÓMO JUGAR -----------------------------------------------------------------------------------

def test_fight_starts_with_an_attack() -> None:
    game = position((["Kick 30", "Punch Block 80", "Dodge", "Feint", "Neuro Block", "Neuro Hold"], ["Punch 20"]))
    assert texts(game) == ["play Kick 30", "play Neuro Hold"]


def test_a_player_who_can_play_cannot_stagger() -> None:
    game = position((["Punch 20"], ["Kick 20", "Punch 30"]), current=1, phase=ANSWER, previous="Punch 20")
    assert texts(game) == ["play Punch 30"]  # no "discard": playing is forced


def test_drawing_after_each_non_neuro_card() -> None:
    game = position((["Kick 30", "Punch 20"], ["Kick 20"]), draws=(["Hold 20"], ["Hold 30"]))
    events = game.apply(move("play Kick 30"))
    assert ev.Drew(0, 1) in events and hand(game, 0) == ["Hold 20", "Punch 20"]


# --- TIPOS DE CARTAS ------------------------------------------------------------------------------

@pytest.mark.parametrize(("previous", "legal"), [
    ("Punch 50", ["play Punch 50", "play Punch 60", "play Hold 50", "play Hold 60"]),
    ("Kick 50", ["play Kick 60", "play Hold 50", "play Hold 60"]),
    ("Hold 50", ["play Punch 50", "play Punch 60", "play Kick 60", "play Hold 50", "play Hold 60"]),
])
def test_attack_answers_need_matching_type_and_strength(previous: str, legal: list[str]) -> None:
    cards = ["Punch 40", "Punch 50", "Punch 60", "Kick 40", "Kick 60", "Hold 50", "Hold 60"]
    game = position((["Punch 20"], cards), current=1, phase=ANSWER, previous=previous)
    assert texts(game) == legal


def test_blocks_pause_the_fight() -> None:
    cards = ["Punch Block 40", "Punch Block 60", "Kick Block 80"]
    assert texts(position((["Punch 20"], cards), current=1, phase=ANSWER, previous="Punch 50")) == ["play Punch Block 60"]
    assert texts(position((["Punch 20"], cards), current=1, phase=ANSWER, previous="Hold 50")) == [
        "play Punch Block 60", "play Kick Block 80"]
    game = position((["Punch 20", "Kick 20"], cards), current=1, phase=ANSWER, previous="Kick 50")
    game.apply(move("play Kick Block 80"))
    assert (game.f.current, game.f.phase) == (0, ATTACK)


def test_after_a_pause_only_attacks() -> None:
    game = position((["Kick 70", "Punch Block 80", "Dodge"], ["Punch 20"]), phase=ATTACK)
    assert texts(game) == ["play Kick 70"]
    game = position((["Punch Block 80", "Dodge"], ["Punch 20"]), phase=ATTACK)
    assert texts(game) == ["discard Punch Block 80", "discard Dodge"]  # no Attack: stagger


def test_dodge_pauses_against_any_non_neuro_attack() -> None:
    game = position((["Punch 20"], ["Dodge", "Kick 20"]), draws=((), ["Hold 20"]), current=1, phase=ANSWER, previous="Punch 80")
    assert texts(game) == ["play Dodge"]
    game.apply(move("play Dodge"))
    assert (game.f.current, game.f.phase) == (0, ATTACK) and hand(game, 1) == ["Hold 20", "Kick 20"]  # drew
    neuro = position((["Punch 20"], ["Dodge", "Kick 20"]), current=1, phase=ANSWER, previous="Neuro Punch")
    assert texts(neuro) == ["discard Kick 20", "discard Dodge"]


def test_feint_must_be_followed_by_an_attack() -> None:
    game = position((["Punch 20"], ["Feint", "Kick 20", "Neuro Hold"]), draws=((), ["Punch Block 30"]),
                    current=1, phase=ANSWER, previous="Kick 80")
    game.apply(move("play Feint"))
    assert (game.f.current, game.f.phase) == (1, FEINT)
    assert texts(game) == ["play Kick 20", "play Neuro Hold"]  # any strength, a Neuro attack too
    game.apply(move("play Kick 20"))
    assert (game.f.current, game.f.phase, game.f.previous) == (0, ANSWER, face("Kick 20"))
    stuck = position((["Punch 20"], ["Feint", "Dodge"]), current=1, phase=ANSWER, previous="Kick 80")
    stuck.apply(move("play Feint"))
    assert texts(stuck)[0].startswith("discard")  # no Attack after the Feint: stagger


def test_neuro_cards_beat_normal_cards_and_draw_nothing() -> None:
    game = position((["Punch 20"], ["Neuro Kick", "Neuro Block", "Kick 20"]), draws=((), ["Hold 20"]),
                    current=1, phase=ANSWER, previous="Kick 80")
    assert texts(game) == ["play Neuro Kick", "play Neuro Block"]
    events = game.apply(move("play Neuro Kick"))
    assert not any(isinstance(e, ev.Drew) for e in events) and hand(game, 1) == ["Kick 20", "Neuro Block"]


def test_only_neuro_answers_neuro() -> None:
    cards = ["Punch 80", "Punch Block 80", "Dodge", "Neuro Punch", "Neuro Kick", "Neuro Hold", "Neuro Block"]
    game = position((["Punch 20"], cards), current=1, phase=ANSWER, previous="Neuro Punch")
    assert texts(game) == ["play Neuro Punch", "play Neuro Hold", "play Neuro Block"]


# --- TAMBALEARSE, DESCANSO ------------------------------------------------------------------------

def test_staggering_discards_face_down() -> None:
    game = position((["Punch 20", "Hold 30"], ["Kick 20", "Kick 30"]), current=1, phase=ANSWER, previous="Punch 80")
    assert texts(game) == ["discard Kick 20", "discard Kick 30"]
    events = game.apply(move("discard Kick 30"))
    assert events == [ev.Staggered(1, 1)]  # which card is not said
    assert names(game.f.players[1].down) == Counter({"Kick 30": 1})
    assert (game.f.current, game.f.phase) == (0, PRESS)
    assert texts(game) == ["play Punch 20", "play Hold 30", "rest"]


def test_staggering_with_the_last_card_loses_the_round() -> None:
    game = position((["Punch 20"], ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80")
    events = game.apply(move("discard Kick 20"))
    assert ev.RoundOver(1, 0, "staggered") in events and game.winner == 0


def test_resting_draws_and_restarts_with_the_staggered_player() -> None:
    game = position((["Punch 20"], ["Kick 20", "Hold 30"]), draws=(["Dodge"], ()), phase=PRESS)
    events = game.apply(move("rest"))
    assert ev.Rested(0, 1) in events and hand(game, 0) == ["Dodge", "Punch 20"]
    assert (game.f.current, game.f.phase) == (1, RECOVER) and texts(game) == ["play Kick 20", "play Hold 30"]


def test_no_rest_above_seven_cards() -> None:
    seven = ["Punch 20", "Punch 30", "Punch 40", "Kick 20", "Kick 30", "Kick 40", "Hold 20"]
    assert "rest" not in texts(position((seven, ["Kick 50"]), phase=PRESS))
    assert "rest" in texts(position((seven[:6], ["Kick 50"]), phase=PRESS))


def test_no_attack_after_a_rest_ends_the_round() -> None:
    game = position((["Punch 20", "Punch 70"], ["Dodge", "Kick Block 30"]), draws=(["Hold 30"], ()), phase=PRESS,
                    options=["match"])
    events = game.apply(move("rest"))
    assert ev.RoundOver(1, 0, "rest") in events  # the rester wins ([rest_ending])
    assert ev.FameScored(0, 20 + 70 + 30, 120) in events and ev.FameScored(1, 25, 25) in events  # both score


# --- JUGANDO A LAS CARTAS, CÓMO GANAR -------------------------------------------------------------

def test_empty_draw_pile_reshuffles_the_discard() -> None:
    game = position((["Kick 30", "Punch 20"], ["Kick 20"]), draws=(["Hold 20"], ()), discards=(["Hold 80", "Dodge"], ()),
                    down=(["Feint"], ()))
    events = game.apply(move("play Kick 30"))
    assert ev.Reshuffled(0, 4) in events  # the discard pile, the face-down card and the card just played
    me = game.f.players[0]
    assert names(me.draw) == Counter(["Hold 80", "Dodge", "Feint", "Kick 30"]) and not me.discard and not me.down


def test_last_neuro_card_empties_the_hand_and_loses() -> None:
    game = position((["Neuro Punch"], ["Kick 20"]), draws=(["Hold 20"], ()))
    events = game.apply(move("play Neuro Punch"))
    assert ev.RoundOver(1, 1, "empty-hand") in events and game.winner == 1


def test_single_bout_ends_with_the_round() -> None:
    game = position((["Punch 20"], ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80")
    events = game.apply(move("discard Kick 20"))
    assert events[-1] == ev.GameOver(0, "bout") and game.turn() is None


def test_fame_counts_the_winners_hand() -> None:
    winner = ["Punch 70", "Kick Block 30", "Neuro Kick", "Dodge", "Feint"]
    game = position((winner, ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80", options=["match"])
    events = game.apply(move("discard Kick 20"))
    scored = [e for e in events if isinstance(e, ev.FameScored)]
    assert scored == [ev.FameScored(0, 70 + 25 + 50, 145)]  # only the winner scores ([fame])


def test_match_goes_on_until_300_fame() -> None:
    deck = ["Hold 20", "Hold 30", "Hold 40", "Kick 30", "Kick 40", "Kick 50", "Kick 60"]
    game = position((["Punch 70", "Punch 80"], ["Kick 20"]), draws=(deck, deck), current=1, phase=ANSWER,
                    previous="Punch 80", options=["match"], fame=(100, 0))
    events = game.apply(move("discard Kick 20"))
    assert game.winner is None and ev.RoundStarted(2, 1) in events  # 250 < 300; the loser starts
    assert [len(p.hand) for p in game.f.players] == [7, 7] and [len(p.draw) for p in game.f.players] == [2, 1]
    assert all(not p.discard and not p.down for p in game.f.players)  # every card back in the deck
    done = position((["Punch 70", "Punch 80"], ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80",
                    options=["match"], fame=(150, 0))
    assert done.apply(move("discard Kick 20"))[-1] == ev.GameOver(0, "fame")


def test_quieres_fama_plays_to_150() -> None:
    game = position((["Punch 70", "Punch 80"], ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80",
                    options=["quieres-fama"])
    assert game.apply(move("discard Kick 20"))[-1] == ev.GameOver(0, "fame")


def test_espacio_para_respirar_lets_both_rest() -> None:
    game = position((["Punch 20"], ["Dodge", "Kick Block 30"]), draws=(["Hold 30", "Hold 40"], ["Kick 70"]),
                    phase=PRESS, options=["espacio-para-respirar"])
    game.apply(move("rest"))
    assert (game.f.current, texts(game)) == (1, ["rest"])  # no Attack, but he may rest too
    game.apply(move("rest"))
    assert (game.f.current, game.f.phase) == (0, RECOVER) and "rest" in texts(game)
    game.apply(move("play Hold 40"))
    assert (game.f.current, game.f.phase) == (1, ANSWER)


def test_ultimo_suspiro_draws_after_a_last_neuro_card() -> None:
    game = position((["Neuro Punch"], ["Kick 20"]), draws=(["Hold 20"], ()), options=["ultimo-suspiro"])
    events = game.apply(move("play Neuro Punch"))
    assert ev.Drew(0, 1) in events and game.winner is None and hand(game, 0) == ["Hold 20"]


def test_torneo_epico_replaces_a_fallen_fighter() -> None:
    game = position((["Punch 20"], ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80", options=["torneo-epico"],
                    reserve=(["Wrestler", "Guardian"], ["Neurojunkie", "Allrounder"]))
    events = game.apply(move("discard Kick 20"))
    assert ev.FighterFell(1, "Kickboxer", 2) in events and (game.f.current, game.f.phase) == (1, FIGHTER)
    assert texts(game) == ["choose Neurojunkie", "choose Allrounder"]
    events = game.apply(move("choose Allrounder"))
    fighter = game.f.players[1]
    assert fighter.sleeve == "Allrounder" and fighter.reserve == ["Neurojunkie"]
    assert ev.FighterChosen(1, "Allrounder", 44) in events and ev.RoundStarted(2, 1) in events
    game.check()  # the fallen deck went back to the supply


def test_torneo_epico_ends_when_sleeves_run_out() -> None:
    game = position((["Punch 20"], ["Kick 20"]), current=1, phase=ANSWER, previous="Punch 80", options=["torneo-epico"],
                    reserve=(["Wrestler"], []))
    assert game.apply(move("discard Kick 20"))[-1] == ev.GameOver(0, "epic")


# --- the table itself -----------------------------------------------------------------------------

def test_every_rule_names_an_implementation_and_a_test_that_exist() -> None:
    import importlib

    here = globals()
    for rule in RULES:
        module, _, name = rule.where.partition(":")
        target: object = importlib.import_module(f"rawdeal.fightdrome.{module}")
        for part in name.split("."):
            target = getattr(target, part)
        assert rule.test in here, rule.test
    assert len({r.test for r in RULES}) >= 30


def test_every_table_of_the_data_file_quotes_the_rulebook_and_says_if_it_is_assumed() -> None:
    import tomllib

    from rawdeal.fightdrome.settings import DATA

    def letters(text: str) -> str:
        return "".join(c for c in text.lower() if c.isalnum())

    rulebook = SHARED / "spec" / "other-games" / "fightdrome-es.txt"
    text = letters(rulebook.read_text(encoding="utf-8")) if rulebook.is_file() else None
    for name, table in tomllib.loads(DATA.read_text(encoding="utf-8")).items():
        assert isinstance(table.get("assumption"), bool) and table.get("quote"), name
        if table["assumption"]:
            assert table.get("why"), name
        if text is not None:  # each quoted sentence is the rulebook's own (" / " between two sentences)
            for sentence in str(table["quote"]).split(" / "):
                assert letters(sentence) in text, (name, sentence)
