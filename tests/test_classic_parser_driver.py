"""The Classic parser's own LALR loop (`tables.Parser`) against lark's: every sentence of the shared pool
parses to the same model objects, and every one that does not fit stops at the same token expecting the same."""

from __future__ import annotations

from typing import Any

import lark
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parser_frontends import _get_lexer_callbacks
from lark.parsers.lalr_parser import _Parser

from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects.classic import compiler as classic_compiler
from rawdeal.effects.classic import tables
from rawdeal.effects.classic.build import Build
from rawdeal.effects.classic.pool import pool_compiler
from rawdeal.resources import grammar_path


class _Given:
    """The lexer thread lark's parser reads: the tokens, as they are."""

    def __init__(self, tokens: list[lark.Token]) -> None:
        self.tokens = tokens

    def lex(self, state: Any) -> Any:
        return iter(self.tokens)


def _lark_parser() -> _Parser:
    """lark's own LALR parser over the same tables, with the callbacks `lark.Lark` makes for them."""
    built = tables.load(grammar_path(classic_compiler.GRAMMAR))
    classic_compiler.parser()  # the grammar's words known
    build = Build(classic_compiler._WORDS)
    builder = ParseTreeBuilder(list(built.rules), lark.Tree, False, False, False)  # type: ignore[no-untyped-call]
    callbacks = builder.create_callback(build)  # type: ignore[no-untyped-call]
    callbacks.update(_get_lexer_callbacks(build, built.terminals))  # type: ignore[no-untyped-call]
    callbacks.update({s.name: build.leaf for rule in built.rules for s in rule.expansion if s.is_term})
    return _Parser(built.parse_table, callbacks)


def _outcome(parse: Any, tokens: list[lark.Token]) -> object:
    try:
        return parse(tokens)
    except lark.exceptions.UnexpectedToken as exc:
        return ("stops at", exc.token.type, exc.token.value, exc.token.start_pos, frozenset(exc.expected))


def test_every_sentence_of_the_pool_parses_as_with_lark_s_own_parser() -> None:
    pool = classic_pool()
    compiler = pool_compiler(pool)
    sentences = {s.text: s.start for c in pool if c.text.strip() for s in compiler.lexicon.sentences(c.text)}
    ours, theirs = classic_compiler.parser(), _lark_parser()
    stopped = 0
    for text, start in sentences.items():
        tokens = compiler.lexicon.tokens(text, start)
        mine = _outcome(ours.parse, tokens)
        assert mine == _outcome(lambda t: theirs.parse(_Given(t), tables.START), tokens), text  # type: ignore[arg-type]
        stopped += isinstance(mine, tuple)
    assert len(sentences) > 4000 and 0 < stopped < len(sentences) / 2  # both outcomes were compared, many times
