"""Canonical English for compiled effects, and the labels the engine shows for a Choice's options."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from syrupy.assertion import SnapshotAssertion

from rawdeal.cards import load_db
from rawdeal.effects.course import abilities, compiled_db
from rawdeal.effects.model import Action, Choice, Count, Discard, Draw, OnPlay, OnReverse, Optional, Who
from rawdeal.effects.render import effect_tree, option_label, render_ability, render_action, render_effect


def _choices() -> dict[str, list[Choice]]:
    found: dict[str, list[Choice]] = {}

    def walk(title: str, actions: Sequence[Action]) -> None:
        for action in actions:
            if isinstance(action, Choice):
                found.setdefault(title, []).append(action)
                for option in action.options:
                    walk(title, option)
            elif isinstance(action, Optional):
                walk(title, action.actions)

    for title, effect in compiled_db().items():
        for clause in effect.clauses:
            if isinstance(clause, (OnPlay, OnReverse)):
                walk(title, clause.actions)
    return found


def _labels(title: str) -> list[str]:
    return [option_label(o) for o in _choices()[title][0].options]


@pytest.mark.parametrize("title, labels", [
    ("Back Body Drop", ["draw 2 cards", "opponent discards 2 cards"]),
    ("I Am the Game", ["draw 2 cards", "opponent discards 2 cards"]),
    ("Y2J", ["draw up to 5 cards", "opponent discards up to 5 cards"]),
    ("Jockeying for Position", ["next grapple +4D", "reversals to next grapple +8F"]),
    ("Mr. Socko", ["take 1 card from your arsenal", "take 1 card from your ringside pile"]),
    ("Hmmm", ["arrange top 5 cards of your arsenal", "shuffle your arsenal"]),
    ("Don't Think Too Hard", ["arrange top 5 cards of opponent's arsenal", "shuffle opponent's arsenal"]),
])
def test_choice_option_labels(title: str, labels: list[str]) -> None:
    assert _labels(title) == labels


def test_every_choice_has_short_distinct_lower_case_labels() -> None:
    for title, choices in _choices().items():
        for choice in choices:
            labels = [option_label(o) for o in choice.options]
            assert len(set(labels)) == len(labels), title
            for label in labels:
                assert re.sub(r"[+-]\d+[DF]", "", label) == re.sub(r"[+-]\d+[DF]", "", label).lower(), label
                assert len(label) <= 100, label


def test_labels_are_stable_for_equal_actions() -> None:
    assert render_action(Draw(Who.YOU, Count(2))) == "draw 2 cards"
    assert render_action(Discard(Who.OPPONENT, Count(2), chooser=Who.OPPONENT)) == "opponent discards 2 cards"
    assert render_action(Draw(Who.YOU, Count(1, up_to=True))) == "draw up to 1 card"


def test_the_full_rendering_says_who_chooses() -> None:
    assert render_effect(compiled_db()["Pump Handle Slam"]) == "when played, opponent discards 2 cards (opponent chooses)"
    bulldog = render_effect(compiled_db()["Bulldog"])
    assert "discard 1 card from opponent's hand (you choose)" in bulldog


def test_a_card_without_text_renders_as_no_effect() -> None:
    assert render_effect(compiled_db()["Punch"]) == "no effect"


def test_abilities_render() -> None:
    rendered = {name: render_ability(a) for name, a in abilities().items()}
    assert rendered["HHH"] == "no ability"
    assert rendered["MANKIND"] == "always: draw 2 cards in your draw segment; damage from opponent -1D"
    assert rendered["KANE"] == "at the start of your turn, opponent puts the top card of his arsenal into his ringside pile"


def test_effect_tree_shows_nested_dataclasses() -> None:
    tree = effect_tree(compiled_db()["Rock Bottom"]).splitlines()
    assert tree[0] == "CardEffect"
    assert tree[1] == "  OnPlay"
    assert tree[2] == "    Search(who=you, zones=(ringside, arsenal), filter=CardFilter(title=\"The People's Elbow\"))"
    assert "    cost: Discard(who=you)" in tree


def test_every_card_and_ability_renders(snapshot: SnapshotAssertion) -> None:
    cards = {c.title: render_effect(compiled_db()[c.title]) for c in load_db().cards}
    rendered_abilities = {name: render_ability(a) for name, a in sorted(abilities().items())}
    assert {"cards": cards, "abilities": rendered_abilities} == snapshot
