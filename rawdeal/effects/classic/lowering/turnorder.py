"""The order of plays in a turn: what may (not) be played right after this card.

The rulebook's follow-up rule (p. "Follow-up Effects"): a card played "after" another is played immediately
after it, in the same turn. And a player plays cards in his opponent's turn only as Reversals, in answer to the
card just played (Glossary, "Reversal"). So "your opponent cannot play the card titled X immediately after you
play this card" says X cannot answer, that is reverse, this card (`NotReversedBy`), and "you cannot play the
card titled X immediately after this card" restricts the next card its owner plays this turn.
"""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards.model import CardType
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, CardDesc, Frame, Phrase, Sentence
from rawdeal.effects.classic.lowering.nodes import Unsupported, _Desc, _desc, find, words

_THIS = (["this", "card"], ["this", "maneuver"])

# "during your turn" and "once during each of your turns" as printed: each of his turns (once)
YOUR_TURN = (["during", "your", "turn"], ["once", "during", "each", "of", "your", "turn"], ["once", "per", "turn"],
             ["once", "during", "your", "turn"], ["once", "a", "turn"], ["once", "each", "turn"])


def right_after_this(when: object) -> bool:
    """Whether a phrase is "(immediately) after (you play) this card"."""
    if not isinstance(when, Phrase) or when.kind != "after_arg":
        return False
    this = find(when, "self_ref")
    return this is not None and words(this) in _THIS


def not_right_after(who: fx.Who, d: _Desc) -> fx.NotReversedBy | list[fx.Restrict]:
    """"Your opponent cannot play the card titled X immediately after you play this card" (his answer, a
    reversal); "You cannot play the card titled X or Y immediately after this card" (the next card played)."""
    titles = (d.title,) if d.title else d.titles
    if not titles or replace(d, title=None, titles=(), count=fx.ONE) != _Desc():
        raise Unsupported("a card not to be played right after this one that is not named by its title")
    if who is fx.Who.OPPONENT:
        return fx.NotReversedBy(titles)
    if who is fx.Who.YOU:
        return [fx.Restrict(fx.Who.YOU, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_CARD, card_type=None,
                                                    title=t)) for t in titles]
    raise Unsupported("a card no player may play right after this one")


_ORDINALS = {("not", "the", "first"): 1, ("not", "the", "first", "or", "second"): 2,
             ("not", "the", "first", ",", "second", ",", "or", "third"): 3, ("not", "the", "first", ",", "second", "or", "third"): 3}


def not_first(cond: Phrase) -> tuple[int, CardType | None] | None:
    """"(reverse any card) if it is not the first (or second) card (maneuver, Action card) played this turn":
    how many cards its player must have played before it this turn, and of which type; None for another
    condition."""
    one = cond.parts[0] if len(cond.parts) == 1 else None
    if not isinstance(one, Phrase) or one.kind != "nth_card":
        return None
    ordinal = find(one, "ordinal")
    descs = [p for p in one.parts if isinstance(p, CardDesc)]
    said = words(one)
    if ordinal is None or len(descs) != 1 or said[:2] != ["it", "is"] or said[-3:] != ["played", "this", "turn"] \
            or tuple(words(ordinal)) not in _ORDINALS:
        raise Unsupported(f"the condition {' '.join(said)!r} on a reversed card")
    d = _desc(descs[0])
    if len(d.types) > 1 or replace(d, types=()) != _Desc():
        raise Unsupported(f"the condition {' '.join(said)!r} on a reversed card")
    return _ORDINALS[tuple(words(ordinal))], d.types[0] if d.types else None


def continue_turn(action: Action, who: fx.Who) -> list[fx.ContinueTurn]:
    """"(you may ...) and continue your turn", "your opponent continues his turn": the reversal that set this off
    (or this reversal) does not end the turn of the player whose turn it is."""
    obj = action.parts[0] if len(action.parts) == 1 else None
    said = words(obj) if isinstance(obj, Phrase) and obj.kind == "turn_obj" else []
    if said == ["your", "turn"] or (said == ["his", "turn"] and who is fx.Who.OPPONENT):
        return [fx.ContinueTurn(who)]
    if said in (["your", "opponent's", "turn"], ["his", "turn"]) and who is fx.Who.YOU:
        return [fx.ContinueTurn(fx.Who.OPPONENT)]
    raise Unsupported(f"continue {' '.join(words(action)[1:])!r}")


def continues(part: object) -> bool:
    """Whether an action (or one of its options) goes on with the turn: only a reversal's effect may."""
    if isinstance(part, fx.ContinueTurn):
        return True
    if isinstance(part, fx.Optional):
        return any(map(continues, (*part.actions, *part.otherwise)))
    if isinstance(part, fx.Choice):
        return any(continues(a) for option in part.options for a in option)
    if isinstance(part, fx.OnlyIf):
        return any(map(continues, part.actions))
    return False


def next_many(what: list[str] | None) -> fx.Modifier | None:
    """"your next 2 cards (3 maneuvers) played this turn cannot be reversed": the one-shot modifier for that many
    cards (maneuvers) played, None for another description."""
    if what is None or len(what) < 2 or not what[0].isdigit() or int(what[0]) < 2:
        return None
    if what[1:] == ["card"]:
        return fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD, card_type=None, uses=int(what[0]))
    if what[1:] in (["maneuver"], ["maneuver", "card"]):
        return fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_MANEUVER, uses=int(what[0]))
    return None


def opened_midway(sentence: Sentence) -> list[Sentence]:
    """"When this card is in your Ring area, your maneuvers are +1D and during your turn you may put this card into
    your Ringside pile ...": a moment of the turn after "and" opens a clause of its own under the sentence's
    openings, as if it were the next sentence; the sentence alone otherwise."""
    items = sentence.items
    for i, item in enumerate(items):
        joiner = items[i - 1] if i >= 2 else None
        if isinstance(item, Frame) and item.kind in ("during", "once_during") and isinstance(joiner, Phrase) \
                and joiner.kind == "joiner" and words(joiner) == ["and"]:
            return [replace(sentence, items=items[:i - 1]),
                    replace(sentence, frames=(*sentence.frames, item), items=items[i + 1:])]
    return [sentence]
