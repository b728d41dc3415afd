"""Canonical English for compiled Classic texts: lemmas, lower-case grammar words, titles and names as
printed, one comma after each opening frame. It compiles back to the same objects (tested)."""

from __future__ import annotations

import re
from typing import Any

from rawdeal.effects.classic.model import (
    Action, CardDesc, Cards, CompiledText, Frame, Phrase, Sentence, SentenceFailure, Statement, Value, Word, ZoneRef,
)


def render_text(compiled: CompiledText) -> str:
    return " ".join(render_sentence(s) for s in compiled.sentences)


def render_sentence(sentence: Sentence | SentenceFailure) -> str:
    if isinstance(sentence, SentenceFailure):
        return f"[does not compile: {sentence.sentence}]"
    opening = "".join(_words(f) + ", " for f in sentence.frames)
    body = " ".join(_words(i) + ("," if isinstance(i, Frame) else "") for i in sentence.items)
    text = re.sub(r" ([,:;)]|'s\b)", r"\1", (opening + body).strip()).replace("non ", "non-").replace("( ", "(")
    if text.startswith("(") and text.endswith(")"):  # a parenthetical sentence keeps its full stop inside
        return "(" + text[1:2].upper() + text[2:-1] + ".)"
    return text[:1].upper() + text[1:] + "."


def _words(node: Any) -> str:
    if isinstance(node, (Word, Value)):
        return node.text
    if isinstance(node, ZoneRef):
        return " ".join([*map(_words, node.owner), " and ".join(node.zones)])
    if isinstance(node, CardDesc):
        return " ".join([*map(_words, node.words), *node.nouns, *map(_words, node.posts)])
    if isinstance(node, Action):
        return " ".join([*map(_words, node.subject), node.verb, *map(_words, node.parts)])
    if isinstance(node, (Phrase, Statement, Frame, Cards)):
        return " ".join(_words(p) for p in node.parts)
    raise TypeError(f"cannot render {node!r}")
