""""Your opponent discards 2 cards and overturns 2 cards": a verb with no subject of its own, joined to one
whose subject is a player other than you, is that player's too (he overturns them, not you)."""

from __future__ import annotations

import re
from typing import Any

from rawdeal.effects.classic.model import Action, Phrase
from rawdeal.effects.classic.lowering.nodes import words

_NOT_A_PLAYER = ("modal", "adverb")


def carried_subject(action: Action, actor: tuple[Any, ...], joined: list[str],
                    printed: str) -> tuple[Action, tuple[Any, ...]]:
    """(the action with the player it is said of, the player later verbs may carry on with). A player is
    carried over "and" or a comma only, to a verb printed in his person ("and overturns 2 cards", not the
    order "and put 1 card ... into your hand"), and over a bare ", then" to a verb in his person; "and then" and a
    new subject start afresh. After "<player> must", the bare verbs joined by "and" ("and then") are his, and musts
    too ("he must end his turn and skip his next turn")."""
    players = tuple(p for p in action.subject if not (isinstance(p, Phrase) and p.kind in _NOT_A_PLAYER))
    modals = [p for p in action.subject if isinstance(p, Phrase) and p.kind == "modal"]
    if players and [words(p) for p in players] != [["you"]] and [words(p) for p in modals] == [["must"]]:
        return action, (*players, *modals)  # "he must end his turn and skip his next turn": both his, both a must
    if players:  # "your opponent may discard ... and draw ...": the may's own (left to it)
        return action, (() if modals or [words(p) for p in players] == [["you"]] else players)
    must = any(isinstance(p, Phrase) and p.kind == "modal" for p in actor)
    if actor and must and not modals and joined in (["and"], ["and", "then"], [",", "then"]):
        return Action((*actor, *action.subject), action.verb, action.parts), actor  # a bare verb after "must"
    if actor and ("then" not in joined or joined == [",", "then"]) and not modals and not must \
            and _third_person(action.verb, printed):  # "he shuffles it into his Arsenal, then draws 2 cards": his
        return Action((*actor, *action.subject), action.verb, action.parts), actor
    return action, ()


def _third_person(verb: str, printed: str) -> bool:
    """Whether the sentence prints the verb's third person ("overturns", "pushes", "has")."""
    first = verb.split()[0]
    forms = {"have": ("has",)}.get(first, (first + "s", first + "es"))
    return re.search(rf"\b({'|'.join(map(re.escape, forms))})\b", printed, re.IGNORECASE) is not None
