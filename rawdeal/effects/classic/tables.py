"""The Classic grammar's LALR parser, its tables kept built in the user cache folder.

lark's own cache (`cache=`) stores the tables in lark's serialised form, and loading rebuilds every
one of the ~190,000 entries of the 2,458 states (a `Rule.deserialize` per reduce: ~0.5 s a process). Here
the built tables (states, rules, terminals) are pickled as they are and load in ~40 ms,
under a name made from the grammar, this module (the build options) and the Python and lark versions:
any change is a new entry. The parser is lark's own LALR parser over those tables, with the same
callbacks lark would make, so it parses and raises exactly as a `lark.Lark` would.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import lark
from lark import Token, Tree
from lark.exceptions import UnexpectedToken
from lark.grammar import Rule
from lark.lexer import Lexer, TerminalDef
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parser_frontends import _get_lexer_callbacks
from lark.parsers.lalr_analysis import Action, ParseTableBase, Shift

from rawdeal.diskcache import cached

START = "start"


@dataclass(frozen=True)
class Tables:
    """What parsing needs of a built grammar: the LALR table, the rules (for the callbacks) and the terminals."""

    parse_table: ParseTableBase[int]
    rules: tuple[Rule, ...]
    terminals: tuple[TerminalDef, ...]

    def __reduce__(self) -> tuple[type[Tables], tuple[ParseTableBase[int], tuple[Rule, ...], tuple[TerminalDef, ...]]]:
        """Unpickled through the constructor: compiled with mypyc, a frozen class refuses pickle's default of
        setting its fields one by one, and every process then built the tables again (~20 s)."""
        return Tables, (self.parse_table, self.rules, self.terminals)


class _Given(Lexer):
    """The pre-pass has already made the tokens; the parser takes them as they are (used to build the tables)."""

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, data: Any) -> Any:  # type: ignore[override]
        return iter(data)


def build(grammar: str) -> Tables:
    """Build the tables from the grammar's text with lark (seconds; done once per grammar and lark version)."""
    built = lark.Lark(grammar, parser="lalr", lexer=_Given, keep_all_tokens=True, maybe_placeholders=False,
                      start=START)
    table = built.parser.parser.parser.parse_table
    _share_actions(table.states)
    _plain_names(built.rules)
    return Tables(table, tuple(built.rules), tuple(built.terminals))


def _plain_names(rules: list[Rule]) -> None:
    """lark leaves most rule names as its own Tokens, so each reduce's look-up of the next state
    (`states[state][rule.origin.name]`) called Token's Python-level __eq__; plain strings compare in C."""
    for rule in rules:
        rule.origin.name = str(rule.origin.name)


def _share_actions(states: dict[int, dict[str, tuple[Action, Any]]]) -> None:
    """One object for each distinct action: ~190,000 entries hold ~4,000 (reduce by the same rule on
    every look-ahead), and pickle then stores and loads each once (the file is 30% smaller, 4x faster to read)."""
    shared: dict[tuple[Action, Any], tuple[Action, Any]] = {}
    for actions in states.values():
        for token, action in actions.items():
            actions[token] = shared.setdefault(action, action)


def load(grammar_file: Path) -> Tables:
    """The tables of `grammar_file`: from the cache when it holds them, else built and stored."""
    return cached(f"{grammar_file.stem}-tables-lark{lark.__version__}", [grammar_file, Path(__file__)],
                  lambda: build(grammar_file.read_text(encoding="utf-8")), Tables, _dumps)


def _dumps(tables: Tables) -> bytes:
    """Pickle the tables; lark's two actions (Shift, Reduce) are compared by identity, so they are
    stored as references to lark's own objects, not as copies."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {Action: _action_name}
    pickler.dump(tables)
    return out.getvalue()


def _action_name(action: Action) -> str:
    return str(action.name)  # pickle stores an object reduced to a name as its module's global of that name


class Parser:
    """lark's LALR algorithm over `tables`, applying `transformer` as it reduces (no parse tree).

    The loop is lark's `ParserState.feed_token` with its look-ups prepared: lark finds a reduce's callback
    by hashing the `Rule` (Python-level `__hash__` and `__eq__`, ~30% of parsing the Classic pool); here
    each state's actions are turned once, when the state is first reached, into a shift's next state (an
    int) or a reduce's (size, callback, rule name). Same tables, callbacks and errors as lark's parser."""

    def __init__(self, tables: Tables, transformer: object,
                 leaf: Callable[[Token], Any] | None = None) -> None:
        """`leaf`, if given, turns each token into the transformer's own value as it is shifted."""
        # lark's own callbacks, as `lark.Lark` makes them for these options (lark's helpers are untyped)
        builder = ParseTreeBuilder(list(tables.rules), Tree, False, False, False)  # type: ignore[no-untyped-call]
        callbacks = builder.create_callback(transformer)  # type: ignore[no-untyped-call]
        self._reduces: dict[Rule, Callable[[list[Any]], Any]] = callbacks
        default = getattr(transformer, "__default__", None)
        if default is not None:
            for rule, wrappers in builder.rule_builders:
                name = rule.alias or rule.options.template_source or rule.origin.name  # as lark names its callback
                if not wrappers and not hasattr(transformer, name):  # lark's default callback, one call less
                    self._reduces[rule] = partial(default, name, meta=None)
        self._shifts: dict[str, Callable[[Token], Any]] = dict(
            _get_lexer_callbacks(transformer, tables.terminals))  # type: ignore[no-untyped-call]
        if leaf is not None:
            self._shifts.update({s.name: leaf for rule in tables.rules for s in rule.expansion if s.is_term})
        self._states = tables.parse_table.states
        self._start = tables.parse_table.start_states[START]
        self._end = tables.parse_table.end_states[START]
        count = max(self._states) + 1  # lark numbers the states 0, 1, ...
        self._prepared: list[dict[str, _Step]] = [{} for _ in range(count)]  # state -> token type -> action
        self._gotos: list[dict[str, int]] = [{} for _ in range(count)]  # state -> rule name -> state after it

    def parse(self, tokens: Sequence[Token]) -> Any:
        """The transformer's result; lark's `UnexpectedToken` where a token does not fit."""
        prepared, gotos, shifts = self._prepared, self._gotos, self._shifts
        stack: list[int] = [self._start]
        values: list[Any] = []
        last = tokens[-1] if tokens else None
        end = Token.new_borrow_pos("$END", "", last) if last is not None else Token("$END", "", 0, 1, 1)
        for token in (*tokens, end):
            kind = token.type
            while True:
                step = prepared[stack[-1]].get(kind)
                if step is None:
                    step = self._prepare(stack[-1], kind, token)
                if type(step) is int:  # shift
                    stack.append(step)
                    call = shifts.get(kind)
                    values.append(token if call is None else call(token))
                    break
                size, callback, origin = step  # type: ignore[misc]
                if size:
                    taken = values[-size:]
                    del stack[-size:]
                    del values[-size:]
                else:
                    taken = []
                values.append(callback(taken))
                goto = gotos[stack[-1]].get(origin)
                stack.append(goto if goto is not None else self._goto(stack[-1], origin))
                if token is end and stack[-1] == self._end:
                    return values[-1]
        raise AssertionError("the parser ended without accepting")  # lark's tables always accept at $END

    def _prepare(self, state: int, kind: str, token: Token) -> _Step:
        """The action of `state` on `token` (of type `kind`) with its look-ups done, kept: shift -> the next
        state, reduce -> (size, callback, rule name)."""
        actions = self._states[state]
        if kind not in actions:
            raise UnexpectedToken(token, {s for s in actions if s.isupper()})  # type: ignore[no-untyped-call]
        action, arg = actions[kind]
        step: _Step = arg if action is Shift else (len(arg.expansion), self._reduces[arg], arg.origin.name)
        self._prepared[state][kind] = step
        return step

    def _goto(self, state: int, name: str) -> int:
        """The state after reducing to rule `name` in `state` (lark's tables always have it), kept."""
        goto: int = self._states[state][name][1]
        self._gotos[state][name] = goto
        return goto


_Step = int | tuple[int, Callable[[list[Any]], Any], str]  # a prepared action: shift or reduce
