"""The rulebook's rules, one row each: the section it comes from, the rule in English, where the engine
implements it and the test that checks it from a constructed position (`tests/test_fightdrome_rules.py`).
`rawdeal rules fightdrome` prints it; a test checks every implementation and test named here exists."""

from __future__ import annotations

from typing import NamedTuple

TESTS = "tests/test_fightdrome_rules.py"


class Rule(NamedTuple):
    section: str
    rule: str
    where: str  # module:function in rawdeal.fightdrome
    test: str  # a test function in TESTS


RULES = (
    Rule("PREPARACIÓN DE LA PARTIDA", "each player is dealt 1 Sleeve and 1 Stack card, shuffled apart",
         "setup:new_game", "test_setup_deals_a_sleeve_and_a_stack_to_each_player"),
    Rule("PREPARACIÓN DE LA PARTIDA", "the deck is the Stack's counts of the Sleeve's piles, from the shared "
         "supply, plus 2 Feint and 2 Dodge (44 cards)", "game:Game.deal", "test_deck_follows_sleeve_order_and_stack_counts"),
    Rule("PREPARACIÓN DE LA PARTIDA", "a pile that runs out gives what it has (assumption [short_supply])",
         "game:_take", "test_short_pile_gives_what_it_has"),
    Rule("PREPARACIÓN DE LA PARTIDA", "the strongest player goes first: a seeded coin (assumption [first_player])",
         "setup:new_game", "test_first_player_is_a_seeded_coin"),
    Rule("CÓMO JUGAR", "each player draws 7 cards", "game:Game._opening", "test_opening_hands_are_seven_cards"),
    Rule("SOBRESTIMULADO", "more than 2 Neuro cards or no Attack: show, shuffle back, draw 7 again",
         "game:Game._opening", "test_overstimulated_hand_is_redrawn"),
    Rule("CÓMO JUGAR", "a fight must start with an Attack", "game:Game._plays", "test_fight_starts_with_an_attack"),
    Rule("CÓMO JUGAR", "you must play a card if you can", "game:Game._decide", "test_a_player_who_can_play_cannot_stagger"),
    Rule("CÓMO JUGAR", "after playing a non-Neuro card you draw a card", "game:Game._play",
         "test_drawing_after_each_non_neuro_card"),
    Rule("CARTAS DE ATAQUE", "Punch answers Punch or Hold, Kick answers Kick or Hold, Hold answers any Attack; "
         "strength equal or higher", "cards:Face.answers", "test_attack_answers_need_matching_type_and_strength"),
    Rule("CARTAS DE BLOQUEO", "a block of equal or higher strength stops a Punch (Kick) or Hold and pauses the fight",
         "cards:Face.answers", "test_blocks_pause_the_fight"),
    Rule("LA LUCHA DEBE CONTINUAR", "after any pause the next player must attack (any strength) or stagger",
         "game:Game._plays", "test_after_a_pause_only_attacks"),
    Rule("CARTAS DE FINTA Y ESQUIVA", "Dodge stops any non-Neuro Attack whatever its strength and pauses the fight",
         "cards:Face.answers", "test_dodge_pauses_against_any_non_neuro_attack"),
    Rule("CARTAS DE FINTA Y ESQUIVA", "after a Feint the same player must play an Attack of any strength or stagger",
         "game:Game._play", "test_feint_must_be_followed_by_an_attack"),
    Rule("CARTAS DE NEUROQUÍMICA", "Neuro cards beat any normal card and draw nothing",
         "game:Game._play", "test_neuro_cards_beat_normal_cards_and_draw_nothing"),
    Rule("CARTAS DE NEUROQUÍMICA", "only Neuro cards answer a Neuro Attack (assumption [neuro])",
         "cards:Face.answers", "test_only_neuro_answers_neuro"),
    Rule("TAMBALEARSE", "a player who cannot answer discards a card face down; the other attacks or rests",
         "game:Game._stagger", "test_staggering_discards_face_down"),
    Rule("TAMBALEARSE", "staggering with the last card ends the round: the other player wins",
         "game:Game._stagger", "test_staggering_with_the_last_card_loses_the_round"),
    Rule("DESCANSO", "instead of attacking, rest: draw a card; the fight starts again with the staggered player",
         "game:Game._rest", "test_resting_draws_and_restarts_with_the_staggered_player"),
    Rule("DESCANSO", "no rest that would give more than 7 cards", "game:Game._plays", "test_no_rest_above_seven_cards"),
    Rule("DESCANSO", "a staggered player who cannot attack after the rest ends the round; Fame for both "
         "(assumption [rest_ending])", "game:Game._settle", "test_no_attack_after_a_rest_ends_the_round"),
    Rule("JUGANDO A LAS CARTAS", "after a play, an empty draw pile is the discard pile reshuffled",
         "game:Game._refill", "test_empty_draw_pile_reshuffles_the_discard"),
    Rule("CÓMO JUGAR", "an empty hand after a last Neuro card loses the round (assumption [empty_hand])",
         "game:Game._play", "test_last_neuro_card_empties_the_hand_and_loses"),
    Rule("CÓMO GANAR", "single bout: the last player with cards wins", "game:Game._round_over",
         "test_single_bout_ends_with_the_round"),
    Rule("CARD VALUES", "Fame: Attack = strength, Block 25, Neuro 50, others 0; the winner scores (assumption [fame])",
         "game:Game._score", "test_fame_counts_the_winners_hand"),
    Rule("FIN DEL JUEGO Y PUNTUACIÓN", "several rounds: first to 300 Fame; every card reshuffled between rounds",
         "game:Game.start_round", "test_match_goes_on_until_300_fame"),
    Rule("¿QUIERES FAMA?", "a match to 150 Fame", "options:Options.target", "test_quieres_fama_plays_to_150"),
    Rule("ESPACIO PARA RESPIRAR", "after a rest the staggered player may rest too, in turn, while he can",
         "game:Game._plays", "test_espacio_para_respirar_lets_both_rest"),
    Rule("ÚLTIMO SUSPIRO", "a last Neuro card draws a card after it", "game:Game._play",
         "test_ultimo_suspiro_draws_after_a_last_neuro_card"),
    Rule("TORNEO ÉPICO", "1 Stack + 3 Sleeves; a fallen fighter is replaced by a new deck from the next Sleeve",
         "game:Game._new_fighter", "test_torneo_epico_replaces_a_fallen_fighter"),
    Rule("TORNEO ÉPICO", "the player who loses all his Sleeves loses", "game:Game._fighter_falls",
         "test_torneo_epico_ends_when_sleeves_run_out"),
)


def table() -> str:
    """The rules as an aligned text table."""
    rows = [("section", "rule", "implemented in", "tested by"),
            *((r.section, r.rule, "rawdeal/fightdrome/{}.py:{}".format(*r.where.split(":")), f"{TESTS}::{r.test}")
              for r in RULES)]
    widths = [max(len(row[i]) for row in rows) for i in range(2)]
    lines = []
    for row in rows:
        lines.append(f"{row[0]:<{widths[0]}}  {row[1]}\n{'':<{widths[0]}}    {row[2]}  |  {row[3]}")
    return "\n".join(lines) + "\n"


def assumptions_text() -> str:
    """Each table of fightdrome.toml that settles a gap: its name, the quote and the choice."""
    from rawdeal.fightdrome.settings import DATA, settings

    out = [f"\nassumptions ({DATA.name}):"]
    for name, entry in settings().entries.items():
        if entry.get("assumption"):
            why = " ".join(str(entry.get("why", "")).split())
            out.append(f"[{name}] \"{entry['quote']}\"\n    {why}")
    return "\n".join(out) + "\n"
