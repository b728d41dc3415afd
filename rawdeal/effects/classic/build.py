"""Grammar rules -> model objects, applied by the LALR parser (`tables.Parser`) as it reduces.

A module of its own so that mypyc compiles it with the parser (a class derived from lark's `Transformer`
cannot be compiled): the parser, like lark's, looks each rule's callback up on it by the rule's name, and
`__default__` builds the rules without one. About a third of parsing the Classic pool is spent here.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from rawdeal.effects.classic.model import (
    Action, CardDesc, Cards, Frame, Node, Phrase, Sentence, Statement, Value, ValueKind, Word, ZoneRef,
)

VALUES = frozenset(k.value for k in ValueKind)  # the pre-pass's typed tokens
LISTS = ("PRIOR_OR", "PLAYER_AND", "STAT_AND", "OBJ_AND", "QUOTED_AND", "BOUND_OR", "ZONE_AND", "TITLE_AND", "STAR_AND", "DESC_AND")


class Build:
    """Grammar rules -> model objects. Literal tokens become canonical `Word`s, the pre-pass's tokens
    typed `Value`s."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words
        self._leaves: dict[tuple[str, str], Word | Value] = {}

    def leaf(self, token: Token) -> Word | Value:
        """A token's `Word` or `Value`, made as the parser shifts it (once per kind and text: they are
        immutable), so the rules below see only model objects."""
        key = (token.type, token.value)
        leaf = self._leaves.get(key)
        if leaf is None:
            leaf = self._leaves[key] = self._leaf(token)
        return leaf

    def _leaf(self, child: Token) -> Word | Value:
        if child.type in VALUES:
            return Value(ValueKind(child.type), str(child))
        if child.type in LISTS:
            return Word(str(child).casefold())
        return Word(self.words.get(child.type, str(child).casefold()))

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        if data.startswith("_"):  # lark's own helper rules (repetitions), inlined into their parent
            return Tree(data, children)
        return Phrase(str(data), tuple(children))

    def start(self, children: list[Any]) -> Sentence:
        """Leading frames open the sentence; a frame after a conjunction stays in place among the items."""
        frames: tuple[Frame, ...] = ()
        items: list[Node] = []
        for child in children:
            if isinstance(child, tuple) and not items:
                frames += child
            elif isinstance(child, tuple):
                items.extend(child)
            elif isinstance(child, Phrase) and child.kind == "end":
                continue
            elif isinstance(child, Phrase) and child.kind not in ("joiner",):
                items.append(Statement(child.kind, child.parts))
            else:
                items.append(child)
        return Sentence(frames, tuple(items))

    def frames(self, children: list[Any]) -> tuple[Frame, ...]:
        return tuple(Frame(c.kind, c.parts) for c in children if isinstance(c, Phrase))

    def action(self, children: list[Any]) -> Action:
        subject, phrase = children[:-1], children[-1]
        verb = phrase.parts[0]
        if isinstance(verb, Phrase) and verb.kind == "verb":
            return Action(tuple(subject), text(verb), phrase.parts[1:])
        words = 0  # "look at ...", "go through ...": the verb is the phrase's leading words
        while isinstance(phrase.parts[words], Word):
            words += 1
        return Action(tuple(subject), " ".join(text(w) for w in phrase.parts[:words]), phrase.parts[words:])

    def cards(self, children: list[Any]) -> Cards:
        return Cards(tuple(children))

    def card_desc(self, children: list[Any]) -> CardDesc:
        nouns = [c for c in children if isinstance(c, Phrase) and c.kind == "noun"]
        if not nouns:  # "a non-Backlash-deck card": the negated noun's own "card" is the head, no noun of its own
            last = next(i for i, c in enumerate(children) if isinstance(c, Phrase) and c.kind == "not_noun") + 1
            return CardDesc(tuple(children[:last]), (), tuple(children[last:]))
        last = children.index(nouns[-1])
        return CardDesc(tuple(children[:last]), (text(nouns[-1]),), tuple(children[last + 1:]))

    def zone(self, children: list[Any]) -> ZoneRef:
        owner = children[0].parts if isinstance(children[0], Phrase) else (children[0],)
        zones = tuple(text(c) for c in children[1:] if isinstance(c, Phrase))
        return ZoneRef(tuple(owner), zones)


def text(node: Any) -> str:
    """The words of a small phrase ("ringside pile", "high risk")."""
    if isinstance(node, (Word, Value)):
        return node.text
    return " ".join(text(p) for p in node.parts)
