"""The pre-pass: a card text split into sentences, and each sentence into tokens by dictionary lookup.

Card titles (after "titled"), Superstar names and logos, keywords of the registry and the grammar's own
multi-word words are found by longest match against dictionaries built once per pool, case-insensitively
and on word boundaries (hyphens count as spaces: "non-Trademark-Finisher" is non + trademark finisher).
Inflections fold to the grammar's word ("discards" -> discard, "Title Belts" -> title belt, "card(s)" ->
card); a possessive 's is its own token ("that maneuver's text"); a title of the pool is also found
without "titled" where a capitalised word the grammar does not know starts it. Every token keeps its
column in the card text, so a sentence that fails is reported where it fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from lark import Token

from rawdeal.cards.keywords import KEYWORDS

_ABBREVIATIONS = ("mr.", "sgt.", "dr.", "st.", "jr.", "vs.", "no.")
# a sentence starts with a capital; a lower-case opening "if"/"when" after a full stop is a misprint ("... turn. if played")
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?]\)))\s+(?=[A-Z0-9'\"#(≥+-])|(?<=[a-z]\.)\s+(?=(?:if|when)\s)")
_QUOTED = re.compile(r"""(?<!\w)'[^']+'|"[^"]+\"""")
_STAT = re.compile(r"([+-]? ?(?:\d+|#))([DF])(?![\w])|([DF]): ?(\d+)(?![\w])")
# "8 damage", "+2 fortitude": the stat spelled out reads as 8D, +2F
_STAT_WORD = re.compile(r"([+-]? ?\d+) (damage|fortitude)(?![\w])", re.I)
_SIGNED = re.compile(r"[+-](?:\d+|#)(?![\w])")
_NUMBER = re.compile(r"\d+(?![\w])")
_WORD = re.compile(r"[a-z0-9][a-z0-9'’]*(?:\.(?=\w))?[a-z0-9'’]*(?:\(s\))?", re.I)
_TITLE_FALLBACK = re.compile(r"(?:[A-Z0-9][\w'’&.!?-]*)(?:\s+(?:(?:of|the|a|to|in|for|on|and|de|la)\s+)?[A-Z0-9][\w'’&.!?-]*)*")
_CONJUNCTIONS = ("and", "or", ",", "and/or")
_LIST_KINDS = frozenset({"PRIOR_OR", "PLAYER_AND", "STAT_AND", "OBJ_AND", "QUOTED_AND", "BOUND_OR", "ZONE_AND",
                         "TITLE_AND", "STAR_AND", "DESC_AND"})
_ZONE_WORDS = ("hand", "arsenal", "ringside pile", "ring area", "backlash deck")
_DESC_WORDS = ("strike", "grapple", "submission", "high risk", "trademark finisher", "action", "reversal",
               "maneuver", "pre-match", "mid-match", "non", "hybrid", "superstar-specific")
_NOUNS = ("card", "foreign object", "title belt", "superstar card", "backlash deck card", "enforcer", "manager",
          "stipulation", "venue", "activated card effect")
_LEMMAS = {"lower": "less", "higher": "greater", "have": "has", "had": "has", "are": "is", "was": "is", "were": "is", "does": "do", "did": "do",
           "placed": "put", "manuever": "maneuver", "maximun": "maximum", "players'": "player's", "opponents'": "opponent's", "show": "reveal", "shows": "reveal", "showing": "reveal", "places": "put", "place": "put", "puts": "put", "putting": "put"}
_FIXED = ("and damage has been applied", "damage has been applied", "played after", "played from", "played by", "for the rest of", "or equal to", "or if", "and if", "or by", "or when", "or after", "if possible")
_SYNONYMS = {"played following": "played after", "immediately played after": "played after", "following": "after", "ringside": "ringside pile",
             "whenever": "when", "can not": "cannot", "can't": "cannot", "and/or": "or", "opponents": "opponent's", "word(s)": "word",
             "words": "word", "disregard": "ignore",
             "select": "choose", "will be": "is", "for the remainder of": "for the rest of",
             "fortitude value": "f", "f value": "f", "damage value": "d"}
_BULLETS = "≥•"  # layout glyphs of the printed Superstar stat lines
_TITLED = re.compile(r"\btitled\s+")
_TITLE_LIST = re.compile(r"[!?.]?(?:,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)")  # between the titles of a list
_PUNCT = ",;:.!()=#?+"  # "(" and ")" are the grammar's parentheticals
# Verbs that, after "and", can only open a new action (never continue a condition or a list)
_IMPERATIVES = ("draw", "discard", "put", "take", "shuffle", "search", "overturn", "end", "skip", "remove",
                "return", "look", "gain", "choose", "move", "add")
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}


# lark's Token(type, value, start_pos, line, column) without the shim for its deprecated keyword, which
# costs three times what making the token does (the pre-pass makes ~95,000 tokens for the Classic pool)
_new_token = getattr(Token, "_future_new", Token)


def _retyped(token: Token, kind: str, value: str | None = None) -> Token:
    """The token read as `kind` (and `value`), where it stands."""
    new: Token = _new_token(kind, token.value if value is None else value, token.start_pos, 1, token.column)
    return new


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a card text; `start` is its offset in the text (0-based)."""

    text: str
    start: int


def split_sentences(text: str, titles: Iterable[tuple[int, int]] = ()) -> list[Sentence]:
    """Sentences end at `.`, `!` or `?` before a capital, except after an abbreviation ("Mr.") or
    inside a card title (`titles`: spans of the text, "the card titled Table! Table! Table! is ...")."""
    out: list[Sentence] = []
    pos = 0
    spans = list(titles)
    for match in _SENTENCE_END.finditer(text):
        piece = text[pos:match.start()]
        if piece.casefold().endswith(_ABBREVIATIONS) or any(a < match.start() < b for a, b in spans):
            continue
        out.append(Sentence(piece, pos))
        pos = match.end()
    if text[pos:].strip():
        out.append(Sentence(text[pos:].rstrip(), pos))
    return out


def _norm(text: str) -> str:
    """Lower case with hyphens as spaces; the same length as `text`, so offsets carry over."""
    return text.casefold().replace("-", " ").replace("’", "'") if len(text.casefold()) == len(text) else text


class Lexicon:
    """The dictionaries of one pool and one grammar: built once, then `tokens()` per sentence."""

    def __init__(self, literals: dict[str, str], titles: Iterable[str], names: Iterable[str],
                 keywords: Iterable[str] = ()) -> None:
        """`keywords`: the pool's printed keywords beyond the registry's (a new set's new keyword)."""
        self.literals = {k: v for k, v in literals.items() if " " not in _norm(k)}
        phrases: dict[str, str] = {}
        for word, kind in literals.items():
            if " " in _norm(word):
                phrases[_norm(word)] = kind
        for phrase in _FIXED:
            phrases[phrase] = literals.get(phrase, "UNKNOWN")
        for phrase, word in _SYNONYMS.items():
            if word in literals:
                phrases[phrase] = literals[word]
        for kw in (*(k.name for k in KEYWORDS), *keywords):
            phrases.setdefault(_norm(kw), "TRAIT")
        phrases["smackdown!"] = "TRAIT"  # the brand as printed
        self.names = {_norm(n) for n in names if n.strip()}
        for name in self.names:
            phrases.setdefault(name, "STAR")
        self.phrases = _by_first_word(phrases)
        # names and keywords printed with an exclamation mark ("SmackDown!"), which ends no sentence before a card word
        self._exclaimed = tuple(p for p, kind in phrases.items() if p.endswith("!") and kind in ("TRAIT", "STAR"))
        self.lists = {literals[w]: "ZONE_AND" for w in _ZONE_WORDS if w in literals}
        self.zone_nouns = {literals[w] for w in (*_ZONE_WORDS, "ring") if w in literals}
        self.lists.update({"DMG": "STAT_AND", "FORT": "STAT_AND", "SIGNED": "STAT_AND"})
        self.lists.update({"CARD_TITLE": "TITLE_AND", "STAR": "STAR_AND", "TRAIT": "DESC_AND",
                           "QUOTED": "QUOTED_AND"})
        self.lists.update({literals[w]: "BOUND_OR" for w in ("more", "less", "greater", "fewer") if w in literals})
        self.quantities = {literals[w] for w in ("the", "a", "an", "any", "up", "all") if w in literals} | {"NUM"}
        self.nouns = {literals[w] for w in _DESC_WORDS + _NOUNS if w in literals} | {"TRAIT", "DMG", "FORT"}
        self.lists.update({literals[w]: "DESC_AND" for w in _DESC_WORDS if w in literals})
        # the words a card description can open with ("Run-in", "non-unique", "Strike", "cards")
        self.describing = self.nouns | {literals[w] for w in ("non", "hybrid", "superstar-specific", "pre-match",
                                                              "mid-match", "other") if w in literals}
        self.imperatives = {literals[w] for w in _IMPERATIVES if w in literals}
        self.conjunctions = {literals.get(_SYNONYMS.get(w, w), "UNKNOWN") for w in _CONJUNCTIONS}
        self.and_type = literals.get("and", "UNKNOWN")
        self._seen: dict[str, str] = {}
        titles = [t for t in titles if t.strip()]
        # a title printed another way -> the pool's title ("...Bottom Line..." is "... Bottom Line ...")
        self.variants = {v: t for t in titles for v in _title_variants(_norm(t))[1:]}
        self.titles = _by_length({_norm(t) for t in titles} | set(self.variants))

    def phrase_kind(self, phrase: str) -> str:
        """The token kind of one of the pre-pass's multi-word words ("or if"), UNKNOWN if it has none."""
        return next((kind for said, kind in self.phrases.get(_first_word(phrase, 0), []) if said == phrase), "UNKNOWN")

    def sentences(self, text: str) -> list[Sentence]:
        """The text's sentences, never split inside a title of the pool."""
        norm = _norm(text)
        spans = []
        for m in _TITLED.finditer(norm):
            at, listed = m.end(), False
            while (found := self._listed_title(text, norm, at, listed)) is not None:
                spans.append((at, found))  # "titled A, B!, or C": each title of the list
                more = _TITLE_LIST.match(norm, found)
                if more is None:
                    break
                at, listed = more.end(), True
        for name in self._exclaimed:
            at = norm.find(name)
            while at >= 0:
                end = at + len(name)
                if self._word(_first_word(norm, end + 1)) in self.nouns:  # "any number of SmackDown! Enforcer cards"
                    spans.append((at, end + 1))
                at = norm.find(name, end)
        return split_sentences(text, spans)

    # -------------------------------------------------------------------------------------- tokens
    def tokens(self, sentence: str, offset: int = 0) -> list[Token]:
        return self._amounts_first(self._conjunctions(self._parenthetical(self._misprints(_labelled(self._scan(
            sentence, _norm(sentence), offset))))))

    def _misprints(self, tokens: list[Token]) -> list[Token]:
        """Two slips the printed texts make, read as meant: a place without its "in" after "is" ("When this card
        is your Ring area", the "in" is supplied) and "your" for "you" before a verb ("if your have a Title Belt
        card")."""
        words = [self.literals.get(w, "") for w in ("is", "in", "you", "your", "his", "has")]
        if not all(words):
            return tokens
        is_, in_, you, your, his, has = words
        out: list[Token] = []
        for i, tok in enumerate(tokens):
            nxt = tokens[i + 1].type if i + 1 < len(tokens) else ""
            if tok.type == your and nxt == has:
                tok = _retyped(tok, you, "you")
            out.append(tok)
            if tok.type == is_ and nxt in (your, his) and i + 2 < len(tokens) and tokens[i + 2].type in self.zone_nouns:
                out.append(_retyped(tokens[i + 1], in_, "in"))
        return out

    def _parenthetical(self, tokens: list[Token]) -> list[Token]:
        """"Draw 2 cards, if possible, during your draw segment": the commas setting off "if possible" join
        nothing (the grammar reads it as one more argument of the action)."""
        said = [i for i, t in enumerate(tokens) if t.value.casefold() == "if possible"]
        if not said:
            return tokens
        drop = {j for i in said for j in (i - 1, i + 1) if 0 <= j < len(tokens) and tokens[j].value == ","}
        return [t for i, t in enumerate(tokens) if i not in drop]

    def _amounts_first(self, tokens: list[Token]) -> list[Token]:
        """"-6F on this card if ...", "When successfully played, +5D if ...": amounts that open a clause and
        are followed by a condition are this card's, read as "this card is -6F if ..." (the words are
        supplied where the amounts stand; a following "on this card" is dropped)."""
        words = [self.literals.get(w, "") for w in ("this", "card", "is", "on", "if", "when")]
        if not all(words):
            return tokens
        this, card, is_, on, if_, when = words
        for i, tok in enumerate(tokens):
            if tok.type not in ("DMG", "FORT") or (i and tokens[i - 1].value != ","):
                continue
            j = i
            while j < len(tokens) and tokens[j].type in ("DMG", "FORT", "STAT_AND"):
                j += 1
            rest = tokens[j:]
            if len(rest) >= 3 and [t.type for t in rest[:3]] == [on, this, card]:
                rest = rest[3:]
            if rest and rest[0].type in (if_, when):
                made = [_retyped(tok, this, "this"), _retyped(tok, card, "card"), _retyped(tok, is_, "is")]
                before = tokens[:i]
                if before and before[-1].type == "STAT_AND":  # the comma closes the opening, no list of amounts
                    before[-1] = _retyped(before[-1], self.literals.get(",", before[-1].type))
                return before + made + tokens[i:j] + rest
            return tokens
        return tokens

    def _conjunctions(self, tokens: list[Token]) -> list[Token]:
        """Tell a conjunction inside a list of zones, titles, names or card words ("your Arsenal and
        Ringside pile", "Strike or Grapple maneuver") from one joining actions: the grammar needs
        two tokens of look-ahead for that, the pre-pass has them."""
        tokens = self._merge(tokens)
        for i in range(1, len(tokens) - 1):
            if tokens[i].type not in self.conjunctions:
                continue
            if tokens[i].type == self.and_type and tokens[i + 1].type in self.imperatives:
                tokens[i] = _retyped(tokens[i], "THEN_DO")
                continue  # "... if it is not the first card played this turn and end your opponent's turn"
            kind = self.lists.get(tokens[i + 1].type)
            if kind is None and i + 2 < len(tokens) and tokens[i + 1].value.casefold() in ("a", "an") \
                    and tokens[i + 2].value.casefold() == "successfully":
                kind = "PRIOR_OR"
            if kind is None and tokens[i - 1].value.casefold() == "you" and tokens[i + 1].value.casefold() in ("your", "opponent"):
                kind = "PLAYER_AND"
            if kind is None and (tokens[i].value != "," or tokens[i + 1].type == "NUM") \
                    and tokens[i + 1].type in self.quantities \
                    and any(t.type in self.nouns for t in tokens[i + 2:i + (3 if tokens[i + 1].value.casefold() == "all" else 5)]):
                kind = "OBJ_AND"  # "1 Action card, 1 Maneuver card and up to 1 Reversal card"
            if kind == "DESC_AND" and tokens[i - 1].type not in self.lists and tokens[i - 1].type in self.nouns:
                kind = "OBJ_AND"  # "hybrid Reversal cards or unique Reversal cards": a second description
            if kind and (kind != "DESC_AND" or tokens[i - 1].type in self.lists):
                tokens[i] = _retyped(tokens[i], kind)
        # the comma before a list's last "and"/"or" ("a Strike maneuver, or a Grapple maneuver") is the list's
        return [t for i, t in enumerate(tokens)
                if not (t.value == "," and i + 1 < len(tokens) and tokens[i + 1].type in _LIST_KINDS)]

    def _scan(self, text: str, norm: str, offset: int) -> list[Token]:
        """The sentence's tokens by longest match (the pre-pass's inner loop: one pass, ~95,000 tokens
        for the Classic pool, so the common cases are written out here)."""
        out: list[Token] = []
        pos, expect_title, after_title, length = 0, False, False, len(text)
        while pos < length:
            char = text[pos]
            if char.isspace() or char in _BULLETS or (char == "-" and pos and text[pos - 1].isalpha()):
                pos += 1
                continue
            # a list's "OR"/"AND", in capitals too, is no title of its own ("..., Test of Strength, OR I'm Not ...")
            # nor is a number after a list's "and" ("1 card titled A and 1 card titled B": "1" starts no title)
            found = self._title(text, norm, pos, fallback=_first_word(norm, pos) not in ("or", "and")
                                and not (char.isdigit() and len(out) > 1 and out[-2].type == "CARD_TITLE")) \
                if expect_title else None
            if found is not None:
                kind, end = found
            elif char.isalpha() and not (char in "DF" and text.startswith(":", pos + 1)):
                kind, end = self._words(text, norm, pos)  # a word ("F: 0", a printed stat, is not)
            else:
                kind, end = self._next(text, norm, pos)
            if kind == "UNKNOWN" and char.isupper():  # a title named without "titled": "If Arm Bar is ..."
                kind, end = self._title(text, norm, pos, fallback=False) or (kind, end)
            value = text[pos:end]
            if kind == "CARD_TITLE" and self.variants:
                value = self.variants.get(norm[pos:end], value)
            if kind == "NUM" and value.casefold() in WORD_NUMBERS:
                value = str(WORD_NUMBERS[value.casefold()])
            out.append(_new_token(kind, value, offset + pos, 1, offset + pos + 1))  # one line: column = offset + 1
            word = norm[pos:end]
            expect_title = word in ("titled", "named") or (after_title and word in ("or", "and", ",")) \
                or (expect_title and word == ":")
            after_title = kind == "CARD_TITLE" or (after_title and word == ",")  # "titled A, B, or C"
            pos = end
        return out

    def _next(self, text: str, norm: str, pos: int) -> tuple[str, int]:
        char = text[pos]
        if char in "DF" and text.startswith(":", pos + 1):  # "F: 0", the printed stat line's form
            m = _STAT.match(text, pos)
            if m:
                return ("DMG" if m.group(3) == "D" else "FORT"), m.end()
        if char.isalpha():
            return self._words(text, norm, pos)
        if char in "'\"":
            m = _QUOTED.match(text, pos)
            if m:
                return "QUOTED", m.end()
        elif char.isdigit() or char in "+-#":
            m = _STAT_WORD.match(text, pos)
            if m:
                return ("DMG" if m.group(2).casefold() == "damage" else "FORT"), m.end()
            m = _STAT.match(text, pos)
            if m:
                return ("DMG" if (m.group(2) or m.group(3)) == "D" else "FORT"), m.end()
            m = _SIGNED.match(text, pos)
            if m:
                return "SIGNED", m.end()
            m = _NUMBER.match(text, pos)
            if m:
                return "NUM", m.end()
        if _possessive(norm, pos):
            return self.literals.get("'s", "UNKNOWN"), pos + 2
        if char == "/":  # "The Undertaker / Deadman Inc": an alternative, as "or"
            return self.literals.get("or", "UNKNOWN"), pos + 1
        return (self.literals.get(char, "UNKNOWN") if char in _PUNCT else "UNKNOWN"), pos + 1

    def _words(self, text: str, norm: str, pos: int) -> tuple[str, int]:
        key = _KEY.match(norm, pos)
        phrases = self.phrases.get(key.group() if key else norm[pos:pos + 1])  # _first_word, written out
        found = self._phrase(phrases, text, norm, pos) if phrases else None  # most words start no phrase
        if found:
            return found
        if norm.startswith("non ", pos) and text[pos + 3] == "-":
            return self.literals.get("non", "UNKNOWN"), pos + 3
        m = _WORD.match(text, pos)
        if m:
            word = norm[pos:m.end()]
            kind = self._seen.get(word) or self._word(word)
            if kind == "UNKNOWN" and _possessive(norm, m.end() - 2):  # "that maneuver's": noun, then 's
                return self._word(word[:-2]), m.end() - 2
            return kind, m.end()
        return "UNKNOWN", pos + 1

    def _merge(self, tokens: list[Token]) -> list[Token]:
        """", or" before a list item is one conjunction; "the" before a Superstar name is part of it."""
        out: list[Token] = []
        last = len(tokens) - 1
        for i, tok in enumerate(tokens):
            if tok.value == "," and i < last:
                nxt = tokens[i + 1]
                if nxt.value.casefold() in ("and damage has been applied", "even") \
                        or (i + 1 < last and nxt.type in self.conjunctions and tokens[i + 2].type in self.lists):
                    continue
            elif tok.type == "STAR" and out and out[-1].value.casefold() == "the":
                first = out.pop()
                tok = _retyped(first, "STAR", f"{first.value} {tok.value}")
            out.append(tok)
        return out

    def _word(self, word: str) -> str:
        kind = self._seen.get(word)
        if kind is None:
            kind = self._seen[word] = self._lemma_kind(word)
        return kind

    def _lemma_kind(self, word: str) -> str:
        word = word.removesuffix("(s)")  # "card(s)", "opponent(s)": the plural is an inflection
        word = _LEMMAS.get(word, word)
        if word in self.literals:
            return self.literals[word]
        if word in WORD_NUMBERS:
            return "NUM"
        for lemma in _lemmas(word):
            if lemma in self.literals:
                return self.literals[lemma]
        return "UNKNOWN"

    def _phrase(self, phrases: list[tuple[str, str]], text: str, norm: str, pos: int) -> tuple[str, int] | None:
        """The longest of `phrases` (those starting with the word at `pos`) found at `pos`."""
        for phrase, kind in phrases:
            if not norm.startswith(phrase, pos):
                continue
            end = pos + len(phrase)
            if kind == "STAR" and not text[pos].isupper():
                continue
            if _boundary(norm, end) or _possessive(norm, end):
                return kind, end
            if kind != "STAR" and norm.startswith("s", end) and _boundary(norm, end + 1):  # "Title Belts"
                return kind, end + 1
        return None

    def _listed_title(self, text: str, norm: str, pos: int, listed: bool) -> int | None:
        """Where the title starting here ends: a title of the pool; after the first of a list ("titled A, B, or C"),
        also a run of capitalised words (a card from outside the pool) that runs over no sentence's end."""
        found = self._title(text, norm, pos, fallback=False)
        if found is None and listed:
            found = self._title(text, norm, pos)
            if found is not None and _SENTENCE_END.search(text, pos, found[1]):
                return None  # "titled X, or Flying TopT. When successfully played, ...": the sentence ends there
        return found[1] if found is not None else None

    def _title(self, text: str, norm: str, pos: int, fallback: bool = True) -> tuple[str, int] | None:
        """The longest title of the pool starting here; else a run of capitalised words (a card
        from outside the pool); else None (not a title: "titled X or a maneuver")."""
        lengths, titles = self.titles.get(_first_word(norm, pos), _NO_TITLES)
        for length in lengths:
            if norm[pos:pos + length] in titles and _boundary(norm, pos + length):
                return "CARD_TITLE", pos + length
        m = _TITLE_FALLBACK.match(text, pos) if fallback else None
        if m and m.group(0).rstrip(".,!?"):  # its closing "!" or "?" kept where a list's comma follows
            said = m.group(0) if text.startswith(",", m.end()) else m.group(0).rstrip(".,!?")
            return "CARD_TITLE", pos + len(said)
        return None


def _labelled(tokens: list[Token]) -> list[Token]:
    """An unknown word in capitals before a colon at the start ("ACE: ...") is a keyword label, whatever
    the label says: the sentence after it is read as usual."""
    if len(tokens) > 2 and tokens[0].type == "UNKNOWN" and tokens[1].value == ":" \
            and len(tokens[0].value) > 1 and tokens[0].value.isupper():
        tokens[0] = _retyped(tokens[0], "LABEL")
    return tokens


def _title_variants(title: str) -> tuple[str, ...]:
    """A title as printed on other cards: an ellipsis with or without a space before it ("And That's the
    Bottom Line ..." is printed "And That's the Bottom Line...")."""
    variant = title.replace(" ...", "...")
    return (title, variant) if variant != title else (title,)


def title_run(text: str, pos: int) -> int:
    """Where the run of capitalised words at `pos` ends (a title outside the pool: "Flying Purple Elbow")."""
    m = _TITLE_FALLBACK.match(text, pos)
    run = m.group(0).rstrip(".,!?") if m else ""
    return pos + (len(run) or 1)


def lemma(word: str) -> str:
    """A plain guess at an unknown verb's base form ("cuts" -> cut, "switches" -> switch, "applies" -> apply)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def _lemmas(word: str) -> list[str]:
    out = []
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    if word.endswith("ed"):
        out += [word[:-1], word[:-2]]
    return out


_KEY = re.compile(r"[\w']+")


def _first_word(norm: str, pos: int) -> str:
    m = _KEY.match(norm, pos)
    return m.group(0) if m else norm[pos:pos + 1]


def _possessive(norm: str, pos: int) -> bool:
    """A possessive 's at `pos` ("Kurt Angle's", "that maneuver's")."""
    return norm.startswith("'s", pos) and _boundary(norm, pos + 2)


def _boundary(norm: str, end: int) -> bool:
    return end >= len(norm) or not (norm[end].isalnum() or norm[end] in "'")


_NO_TITLES: tuple[tuple[int, ...], frozenset[str]] = ((), frozenset())


def _by_length(titles: set[str]) -> dict[str, tuple[tuple[int, ...], frozenset[str]]]:
    """Titles grouped by their first word: the lengths they come in (longest first) and the titles, so the
    longest title at a place is found with one set look-up a length (164 titles start with "The", in 37 lengths)."""
    table: dict[str, set[str]] = {}
    for title in titles:
        table.setdefault(_first_word(title, 0), set()).add(title)
    return {word: (tuple(sorted({len(t) for t in group}, reverse=True)), frozenset(group))
            for word, group in table.items()}


def _by_first_word(phrases: dict[str, str]) -> dict[str, list[tuple[str, str]]]:
    """Phrases grouped by their first word, longest first (the longest match wins)."""
    table: dict[str, list[tuple[str, str]]] = {}
    for phrase, kind in phrases.items():
        table.setdefault(_first_word(phrase, 0), []).append((phrase, kind))
    for entries in table.values():
        entries.sort(key=lambda e: (-len(e[0]), e[0]))
    return table
