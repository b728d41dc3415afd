"""Compile Classic card texts sentence by sentence: pre-pass (`lexicon`), LALR parse (`grammar/classic.lark`),
then typed objects (`model`). A sentence that does not parse becomes a `SentenceFailure` with its column and
what was expected; the card's other sentences still compile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from typing import Any

import lark
from lark import Token, Transformer, Tree

from rawdeal.effects.classic import tables
from rawdeal.effects.classic.lexicon import Lexicon
from rawdeal.effects.classic.model import (
    Action, CardDesc, Cards, CompiledText, Frame, Node, Phrase, Sentence, SentenceFailure, Statement, Value,
    ValueKind, Word, ZoneRef,
)
from rawdeal.resources import grammar_path

GRAMMAR = "classic.lark"
MAX_IGNORED = 2  # unknown words a sentence may set aside
_VALUES = {k.value for k in ValueKind}
_LISTS = ("PRIOR_OR", "PLAYER_AND", "STAT_AND", "OBJ_AND", "QUOTED_AND", "BOUND_OR", "ZONE_AND", "TITLE_AND", "STAR_AND", "DESC_AND")
_DESCRIBED = {
    "CARD_TITLE": "a card title", "STAR": "a Superstar name", "TRAIT": "a keyword", "QUOTED": "a quoted word",
    "NUM": "a number", "DMG": "a damage amount (like 5D)", "FORT": "a fortitude amount (like 10F)",
    "SIGNED": "a signed number", "$END": "the end of the sentence",
    **{name: "a list's 'and' or 'or'" for name in _LISTS},
}


_WORDS: dict[str, str] = {}  # terminal name -> the grammar's word, filled once the parser is built


@cache
def parser() -> tables.Parser:
    """The LALR parser, built once per process (its tables kept built in the user cache folder: `tables`);
    it builds the model objects while it parses, with no parse tree in between."""
    built = tables.load(grammar_path(GRAMMAR))
    _WORDS.update({t.name: t.pattern.value for t in built.terminals if isinstance(t.pattern, lark.lexer.PatternStr)})
    build = _Build(_WORDS)
    return tables.Parser(built, build, build.leaf)


def literals() -> dict[str, str]:
    """Each word of the grammar -> its terminal name."""
    parser()
    return {word: name for name, word in _WORDS.items()}


class Compiler:
    """A compiler for one pool: its titles, Superstar names and printed keywords are the pre-pass's
    dictionaries."""

    def __init__(self, titles: Iterable[str], names: Iterable[str], keywords: Iterable[str] = ()) -> None:
        self.lexicon = Lexicon(literals(), titles, names, keywords)
        self.words = dict(_WORDS)
        self._sentences: dict[str, Sentence | SentenceFailure] = {}
        self._described: dict[frozenset[str], tuple[str, ...]] = {}

    def compile(self, text: str) -> CompiledText:
        split = self.lexicon.sentences(text)
        return CompiledText(tuple(self.sentence(s.text, s.start) for s in split),
                            printed=tuple(s.text for s in split), starts=tuple(s.start for s in split))

    def sentence(self, text: str, start: int = 0) -> Sentence | SentenceFailure:
        """A sentence printed on many cards ("Cannot be reversed.") is compiled once; only a failure's
        column depends on where it stands in the card text."""
        if text not in self._sentences:
            self._sentences[text] = self._compile(text, 0)
        result = self._sentences[text]
        if isinstance(result, SentenceFailure) and start:
            return replace(result, column=result.column + start)
        return result

    def _compile(self, text: str, start: int) -> Sentence | SentenceFailure:
        """Parse; an unknown lower-case word where the parse stops is set aside and the parse tried again
        (at most `MAX_IGNORED` times): an unfamiliar word does not fail a sentence by itself. The words set
        aside stay on the sentence (`Sentence.ignored`), and a sentence that still fails is reported where
        it first failed."""
        tokens = self.lexicon.tokens(text, start)
        first: lark.exceptions.UnexpectedToken | None = None
        ignored: list[str] = []
        while True:
            try:
                sentence = parser().parse(tokens)  # the transformer builds a Sentence while parsing
                break
            except lark.exceptions.UnexpectedToken as exc:
                first = first or exc
                token = exc.token
                # a capitalised unknown word may be a name, which nothing may set aside, unless it opens the sentence
                opens = token.start_pos == tokens[0].start_pos
                if token.type != "UNKNOWN" or not (str(token)[:1].islower() or opens) or len(ignored) >= MAX_IGNORED:
                    return self._failure(text, start, first)
                ignored.append(str(token))
                tokens = [t for t in tokens if t is not token]
        assert isinstance(sentence, Sentence)
        return replace(sentence, ignored=tuple(ignored)) if ignored else sentence

    def _failure(self, text: str, start: int, exc: lark.exceptions.UnexpectedToken) -> SentenceFailure:
        token = exc.token
        at_end = token.type == "$END"
        column = start + len(text) + 1 if at_end else token.column
        if at_end:
            found = "end of sentence"
        elif token.type == "UNKNOWN":
            found = f"unknown word {str(token)!r}"
        else:
            found = repr(str(token))
        return SentenceFailure(column, text, found, self._expected(frozenset(exc.expected)))

    def _expected(self, names: frozenset[str]) -> tuple[str, ...]:
        """What the parser would have accepted, in words (the same parser state recurs: described once)."""
        if names not in self._described:
            self._described[names] = tuple(sorted({self._describe(name) for name in names}))
        return self._described[names]

    def _describe(self, name: str) -> str:
        if name in _DESCRIBED:
            return _DESCRIBED[name]
        if name in self.words:
            return repr(self.words[name])
        return name.lower().replace("_", " ")


class _Build(Transformer):  # type: ignore[type-arg]
    """Grammar rules -> model objects, applied by the parser as it reduces. Literal tokens become
    canonical `Word`s, the pre-pass's tokens typed `Value`s."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__(visit_tokens=False)
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
        if child.type in _VALUES:
            return Value(ValueKind(child.type), str(child))
        if child.type in _LISTS:
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
        *subject, phrase = children
        verb = phrase.parts[0]
        if isinstance(verb, Phrase) and verb.kind == "verb":
            return Action(tuple(subject), _text(verb), phrase.parts[1:])
        words = 0  # "look at ...", "go through ...": the verb is the phrase's leading words
        while isinstance(phrase.parts[words], Word):
            words += 1
        return Action(tuple(subject), " ".join(_text(w) for w in phrase.parts[:words]), phrase.parts[words:])

    def cards(self, children: list[Any]) -> Cards:
        return Cards(tuple(children))

    def card_desc(self, children: list[Any]) -> CardDesc:
        nouns = [c for c in children if isinstance(c, Phrase) and c.kind == "noun"]
        last = children.index(nouns[-1])
        return CardDesc(tuple(children[:last]), (_text(nouns[-1]),), tuple(children[last + 1:]))

    def zone(self, children: list[Any]) -> ZoneRef:
        owner = children[0].parts if isinstance(children[0], Phrase) else (children[0],)
        zones = tuple(_text(c) for c in children[1:] if isinstance(c, Phrase))
        return ZoneRef(tuple(owner), zones)


def _text(node: Any) -> str:
    """The words of a small phrase ("ringside pile", "high risk")."""
    if isinstance(node, (Word, Value)):
        return node.text
    return " ".join(_text(p) for p in node.parts)
