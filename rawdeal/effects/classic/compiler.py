"""Compile Classic card texts sentence by sentence: pre-pass (`lexicon`), LALR parse (`grammar/classic.lark`),
then typed objects (`model`). A sentence that does not parse becomes a `SentenceFailure` with its column and
what was expected; the card's other sentences still compile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache

import lark
from lark import Token

from rawdeal.effects.classic import tables
from rawdeal.effects.classic.build import LISTS, Build
from rawdeal.effects.classic.lexicon import WORD_NUMBERS, Lexicon, lemma, title_run
from rawdeal.effects.classic.model import CompiledText, Sentence, SentenceFailure
from rawdeal.resources import grammar_path

GRAMMAR = "classic.lark"
MAX_IGNORED = 2  # unknown words a sentence may set aside
MAX_TRIES = 8  # parses tried for one sentence with unknown words
VERB = "VERB"  # an unknown word where the grammar expects a verb: kept as one, for the lowering to judge
REL_WHO = "REL_WHO"  # the subject opening a relative clause ("the cards he shuffled in")
_CLAUSE_BREAKS = frozenset({",", ";", "and"})  # what a clause opens after
_PRONOUNS = frozenset({"you", "he", "she", "they", "your"})
_PARTICIPLES = ("chosen", "named", "reversed")  # adjectives a card may print after its noun: "the card chosen"
_OR_TAILS = ("or if", "or when", "or after", "or by")  # a condition's alternatives, single words of the pre-pass
_DONE_TO = ("discarded", "overturned", "revealed", "removed")  # what may be done to a card, printed after it
_CARD_TYPES = ("action", "maneuver", "reversal")  # a type, a colon, then a keyword: "Action: Chain cards"
_JOINERS = frozenset({",", "or", "and", "/"})  # what joins the names of a list
_ENDS = frozenset({".", "!", "?"})  # what ends a sentence
_CONDITIONS = frozenset({"if", "when", "unless"})  # what opens a condition after a clause
_NAMES = frozenset({"STAR", "CARD_TITLE"})
_LISTS = LISTS
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
    build = Build(_WORDS)
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
        self._participles = {self.lexicon.literals[w] for w in _PARTICIPLES if w in self.lexicon.literals}
        self._or_tails = {self.lexicon.phrase_kind(w) for w in _OR_TAILS} - {"UNKNOWN"}
        self._and_if = self.lexicon.phrase_kind("and if")
        self._types = {self.lexicon.literals[w] for w in _CARD_TYPES if w in self.lexicon.literals}

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
        """Parse; an unknown word where the parse stops does not fail a sentence by itself. Where the grammar
        expects a verb it is tried as one (kept in the sentence: the lowering judges it); else, or if that
        reading fails, a lower-case one is set aside and the parse tried again (at most `MAX_IGNORED` words).
        The words set aside stay on the sentence (`Sentence.ignored`), and a sentence that still fails is
        reported where it first failed."""
        tokens = self.lexicon.tokens(text, start)
        parsed = self._parse(" " * start + text, tokens, (), [MAX_TRIES])
        if isinstance(parsed, Sentence):
            return parsed
        return self._failure(text, start, parsed)

    def _parse(self, text: str, tokens: list[Token], ignored: tuple[str, ...],
               budget: list[int]) -> Sentence | lark.exceptions.UnexpectedToken:
        """The sentence, or where its parse first failed; `budget` bounds the parses tried in all."""
        budget[0] -= 1
        try:
            sentence = parser().parse(tokens)  # the transformer builds a Sentence while parsing
        except lark.exceptions.UnexpectedToken as exc:
            tries = self._readings(text, tokens, exc, ignored)
            for retyped, aside in tries:
                if budget[0] <= 0:
                    break
                again = self._parse(text, retyped, aside, budget)
                if isinstance(again, Sentence):
                    return again
            return exc
        assert isinstance(sentence, Sentence)
        return replace(sentence, ignored=ignored) if ignored else sentence

    def _readings(self, text: str, tokens: list[Token], exc: lark.exceptions.UnexpectedToken,
                  ignored: tuple[str, ...]) -> list[tuple[list[Token], tuple[str, ...]]]:
        """Other readings of the token where the parse stopped, most specific first: a pronoun right after a
        noun opens a relative clause with its own subject ("the cards he shuffled in", "1 card he must
        discard"); a list's joiner joins clauses; a bare plural opens a clause; a name the pool does not hold;
        printed variants of the grammar's constructs (`_rewordings`); an unknown word where a verb can stand is
        one; an unknown lower-case word (or one opening the sentence: a capitalised word elsewhere may be a
        name) is set aside."""
        token = exc.token
        at = next((i for i, t in enumerate(tokens) if t is token), len(tokens))
        tries: list[tuple[list[Token], tuple[str, ...]]] = []
        if at and str(token).casefold() in _PRONOUNS \
                and tokens[at - 1].type in self.lexicon.nouns:
            tries.append(([_retyped(t, REL_WHO) if t is token else t for t in tokens], ignored))
        plain = self.lexicon.literals.get(str(token).casefold())
        if token.type in _LISTS and plain:  # the pre-pass took it for a list's "and"/"or": try it as joining clauses
            tries.append(([_retyped(t, plain) if t is token else t for t in tokens], ignored))
        opening = max((i for i in range(min(at + 1, len(tokens))) if i == 0 or tokens[i - 1].value.casefold() in _CLAUSE_BREAKS), default=None)
        if opening is not None and tokens[opening].type in self.lexicon.describing:
            # a bare plural opening a clause is every such card: "Run-in cards cannot be played" (all Run-in cards)
            made = _retyped(tokens[opening], self.lexicon.literals["all"], "all")
            tries.append((tokens[:opening] + [made] + tokens[opening:], ignored))
        tries += [(named, ignored) for named in self._name_readings(text, tokens, at, exc)]
        tries += [(reworded, ignored) for reworded in self._rewordings(tokens, at, exc)]
        if token.type != "UNKNOWN" or not (str(token)[:1].islower() or at == 0):
            return tries
        if VERB in exc.expected:
            tries.append(([_retyped(t, VERB, lemma(str(t).casefold())) if t is token else t for t in tokens], ignored))
        if len(ignored) < MAX_IGNORED:
            tries.append(([t for t in tokens if t is not token], ignored + (str(token),)))
        return tries

    def _name_readings(self, text: str, tokens: list[Token], at: int,
                       exc: lark.exceptions.UnexpectedToken) -> list[list[Token]]:
        """A run of capitalised words where the parse stops is a name the pool does not hold: a title ("is Roll
        Out the Ring"), as after "titled", or a Superstar's ("if your opponent is Steve Austin"), of the list's
        kind first after a list's joiner; so is one after a joiner where the parse stops ("by Mae Young or
        Moolah")."""
        token = exc.token
        if token.type == "UNKNOWN" and str(token)[:1].isupper() and at:
            kinds = ["STAR", "CARD_TITLE"] if "STAR" in exc.expected else ["CARD_TITLE", "STAR"]
            listed = self._listed_kind(tokens, at)
            kinds.sort(key=lambda kind: kind != listed)  # "Molly Holly, Crash Holly or Hardcore Holly"
            named = [self._named(text, tokens, at, kind) for kind in kinds]
            if at >= 2 and str(tokens[at - 1]) == "The":  # "Brock Lesnar or The People's Champion": "The" is the name's
                kinds.sort(key=lambda kind: kind != self._listed_kind(tokens, at - 1))
                named += [self._named(text, tokens, at - 1, kind) for kind in kinds]
            return named
        # the name before the joiner, past a comma before it ("Brock Lesnar, or The People's Champion")
        head = at - 2 if at >= 2 and tokens[at - 1].value == "," else at - 1
        if 0 <= head and at < len(tokens) - 1 and str(token).casefold() in _JOINERS and tokens[head].type in _NAMES \
                and str(tokens[at + 1])[:1].isupper() and (tokens[at + 1].type == "UNKNOWN" or (
                    str(tokens[at + 1]) == "The" and at + 2 < len(tokens) and tokens[at + 2].type == "UNKNOWN")):
            return [self._named(text, tokens, at + 1, tokens[head].type)]
        return []

    @staticmethod
    def _listed_kind(tokens: list[Token], at: int) -> str | None:
        """The kind of name before a plain joiner before `at` ("Molly Holly, or ..."), if any."""
        if at < 2 or tokens[at - 1].type in _LISTS or str(tokens[at - 1]).casefold() not in _JOINERS:
            return None
        head = at - 2 if tokens[at - 2].value != "," or at < 3 else at - 3
        return tokens[head].type if tokens[head].type in _NAMES else None

    def _named(self, text: str, tokens: list[Token], at: int, kind: str) -> list[Token]:
        """The run of capitalised words at `at` read as one name of `kind`; a plain "," / "or" / "and" before
        it, after a name of the same kind, is that list's ("Molly Holly, Crash Holly, or Hardcore Holly")."""
        token = tokens[at]
        begin = int(token.start_pos or 0)
        end = title_run(text, begin)
        rest = [t for t in tokens[at + 1:] if int(t.start_pos or 0) >= end]
        before = tokens[:at]
        joiner = before[-1] if before else None
        if joiner is not None and joiner.type not in _LISTS and str(joiner).casefold() in _JOINERS:
            head = before[:-1]
            if head and head[-1].value == "," and joiner.value != ",":
                head = head[:-1]  # the comma before a list's last "or"
            if head and head[-1].type == kind:
                before = head + [_retyped(joiner, self.lexicon.lists[kind])]
        return before + [_retyped(token, kind, text[begin:end])] + rest

    def _rewordings(self, tokens: list[Token], at: int, exc: lark.exceptions.UnexpectedToken) -> list[list[Token]]:
        """Printed variants of a construct the grammar has, read where the parse stops: a number in words or
        with a plus sign where only a number can stand ("at least one card", "increased by +1"); a participle
        after its noun ("the card chosen": the chosen card); a keyword after its card type and a colon
        ("Action: Chain cards": Chain Action cards); card words joined by a plain "or"; a comma going on with a list
        of counted objects; the comma before a condition's alternative ("..., or if")."""
        token, tries = exc.token, list[list[Token]]()
        said = str(token).casefold()
        if "NUM" in exc.expected and (said in WORD_NUMBERS or (token.type == "SIGNED" and said[1:].isdigit()
                                                                and said.startswith("+"))):
            number = str(WORD_NUMBERS.get(said, said.lstrip("+")))
            tries.append([_retyped(t, "NUM", number) if t is token else t for t in tokens])
        if at >= 2 and tokens[at - 1].type in self._participles and tokens[at - 2].type in self.lexicon.nouns:
            tries.append(tokens[:at - 2] + [tokens[at - 1], tokens[at - 2]] + tokens[at:])
        if said in _DONE_TO and at + 1 < len(tokens) and tokens[at + 1].type in self.lexicon.describing:
            # a participle before its card words reads as after them: "the discarded maneuver" (the maneuver discarded)
            end = next((j for j in range(at + 1, len(tokens)) if tokens[j].type not in self.lexicon.describing), len(tokens))
            tries.append(tokens[:at] + tokens[at + 1:end] + [token] + tokens[end:])
        if at >= 2 and token.type == "TRAIT" and tokens[at - 1].value == ":" and tokens[at - 2].type in self._types:
            tries.append(tokens[:at - 2] + [token, tokens[at - 2]] + tokens[at + 1:])
        joined = at - 1 if at and str(tokens[at - 1]).casefold() in _JOINERS and tokens[at - 1].type not in _LISTS else 0
        if joined and token.type in self.lexicon.describing:
            # card words joined by a plain "or"/"and" are one description: "Manager or Stipulation cards",
            # "Run-in Action, Heel Action, or Foreign Object card"
            head = tokens[:joined - 1] if tokens[joined - 1].value == "," and joined > 1 else tokens[:joined]
            if head and head[-1].type in self.lexicon.describing:
                tries.append(head + [_retyped(tokens[joined], "DESC_AND")] + tokens[at:])
        if joined and tokens[joined].value == "," and token.type in self.lexicon.quantities:
            # a comma before a counted description goes on with a list of objects ("up to 1 Maneuver card, up to
            # 1 Action card, and ...")
            tries.append([_retyped(t, "OBJ_AND") if i == joined else t for i, t in enumerate(tokens)])
        dots = {i for i, t in enumerate(tokens[:at]) if t.value == "." and i and tokens[i - 1].type in _NAMES
                and int(tokens[i - 1].start_pos or 0) + len(tokens[i - 1].value) == t.start_pos}
        if dots:
            # a dot ending a name inside a sentence is its abbreviation's: "if your opponent is The Undertaker /
            # Deadman Inc. or Kane"
            tries.append([t for i, t in enumerate(tokens) if i not in dots])
        commas = {i for i, t in enumerate(tokens[:-1]) if t.value == "," and tokens[i + 1].type in self._or_tails}
        if commas:
            # the comma before "or if" / "or when" / "or after" sets off a condition's alternative, not a new clause:
            # "Can only be played after a successfully played maneuver, or if this is your first card played ..."
            tries.append([t for i, t in enumerate(tokens) if i not in commas])
        if token.type == "$END" or str(token) in _ENDS:
            # a condition set off by a comma at the end, with nothing after it, is the clause's own: "May only reverse
            # a Strike or Grapple maneuver, if your Fortitude Rating is less than ..."
            last = max((i for i, t in enumerate(tokens[:at]) if t.value == "," and i + 1 < at
                        and str(tokens[i + 1]).casefold() in _CONDITIONS), default=None)
            if last is not None:
                tries.append(tokens[:last] + tokens[last + 1:])
            # so is one after "and": "Can only be played from your Ringside pile and when you have 2 or more cards in
            # your hand" (as "and if")
            and_at = max((i for i in range(at - 1) if tokens[i].type == self.lexicon.and_type
                          and str(tokens[i + 1]).casefold() in _CONDITIONS), default=None)
            if and_at is not None and self._and_if != "UNKNOWN":
                made = _retyped(tokens[and_at], self._and_if, "and if")
                tries.append(tokens[:and_at] + [made] + tokens[and_at + 2:])
        if at >= 2 and said in _CONDITIONS and tokens[at - 1].type == self.lexicon.and_type:
            # a condition word repeated after "and" inside a condition: "when A and when B" (when A and B)
            tries.append(tokens[:at] + tokens[at + 1:])
        return tries

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


def _retyped(token: Token, kind: str, value: str | None = None) -> Token:
    made: Token = Token(kind, str(token) if value is None else value, token.start_pos, token.line, token.column)
    return made
