"""What lowering reads and says: the parse's nodes, players, zones and card descriptions; `Unsupported`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any

from rawdeal.cards.model import CardType, Subtype, Trait
from rawdeal.cards.marks import STUN_VALUE, TITLE_BELT, fortitude_mark
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.marks import either_marks, either_title, is_property, logo_marks, word_mark
from rawdeal.effects.classic.model import (
    Action, CardDesc, Cards, Frame, Node, Phrase, Statement, Value, ValueKind, Word, ZoneRef,
)


PARSE_FAILED = "does not parse: "


class Unsupported(Exception):
    """A parsed construct that has no engine meaning yet (its `reason` names it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Unlowered:
    """A sentence that parsed but could not be lowered: where it starts and why."""

    column: int
    sentence: str
    reason: str

    def message(self) -> str:
        return f"column {self.column}: cannot run yet: {self.reason}"

    def __reduce__(self) -> tuple[type[Unlowered], tuple[int, str, str]]:
        """Unpickled through the constructor (the lowered pool is kept in the user cache): compiled with mypyc,
        a frozen class refuses pickle's default of setting its fields one by one."""
        return Unlowered, (self.column, self.sentence, self.reason)


@dataclass(frozen=True, slots=True)
class LoweredText:
    """A card text lowered: its effect when every sentence lowered, else the sentences that did not."""

    effect: fx.CardEffect | None
    unlowered: tuple[Unlowered, ...] = ()
    ability: fx.Ability | None = None  # a Superstar card's: its ability (None: it has none the engine runs)

    @property
    def ok(self) -> bool:
        return self.effect is not None

    def __reduce__(self) -> tuple[type[LoweredText], tuple[fx.CardEffect | None, tuple[Unlowered, ...], fx.Ability | None]]:
        """Unpickled through the constructor, as `Unlowered` is."""
        return LoweredText, (self.effect, self.unlowered, self.ability)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What lowering needs to know of the card itself: its types (a reversal's "reverse" opens a
    reversal clause; a hybrid's "as an action" an action clause)."""

    types: frozenset[str] = frozenset()
    played_as: Mapping[str, tuple[CardType, ...]] = field(default_factory=dict)  # title -> playable types
    title: str = ""  # the card's own ("While Mr. Socko is in your Ring area")
    known: Mapping[str, str] = field(default_factory=dict)  # loose title key -> the database's title
    names: tuple[str, ...] = ()  # the pool's Superstar names (`lowering.names.superstar_names`)

    @property
    def is_reversal(self) -> bool:
        return "reversal" in self.types

    @property
    def is_superstar(self) -> bool:
        return "superstar" in self.types

    @property
    def only_reversal(self) -> bool:
        """A reversal card played as nothing else (its types name a maneuver it reverses: "Reversal: High Risk");
        known by what its title is played as, or, without a title, by its types."""
        if not self.is_reversal:
            return False
        if self.title:
            return not self.played_as.get(self.title)
        return not {"maneuver", "action"} & self.types


# ----------------------------------------------------------------------------------- reading helpers
def field_names(value: object) -> tuple[str, ...]:
    """The field names of a dataclass instance, none for any other value; found once per class (lowering walks
    every lowered effect's fields for titles and names, ~70,000 values over the Classic pool)."""
    kind = type(value)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind)) if is_dataclass(kind) else ()
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def words(node: object) -> list[str]:
    """The canonical words under a node, in order."""
    out: list[str] = []
    _add_words(node, out)
    return out


def _add_words(node: object, out: list[str]) -> None:
    """`words`, into one list (lowering asks for words ~120,000 times over the Classic pool)."""
    if isinstance(node, (Word, Value)):
        out.append(node.text)
    elif isinstance(node, (Phrase, Statement, Frame, Cards)):
        for part in node.parts:
            _add_words(part, out)
    elif isinstance(node, Action):
        out.append(node.verb)
        for part in (*node.subject, *node.parts):
            _add_words(part, out)
    elif isinstance(node, CardDesc):
        for part in node.words:
            _add_words(part, out)
        out += node.nouns
        for part in node.posts:
            _add_words(part, out)
    elif isinstance(node, ZoneRef):
        for part in node.owner:
            _add_words(part, out)
        out += node.zones


def phrases(node: object) -> Iterator[Phrase | Statement | Frame]:
    """Every named node under `node`, depth first (a stack, not nested generators: deep parses are common)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, (Phrase, Statement, Frame)):
            yield node
            stack += reversed(node.parts)
        elif isinstance(node, Cards):
            stack += reversed(node.parts)
        elif isinstance(node, Action):
            stack += reversed((*node.subject, *node.parts))
        elif isinstance(node, CardDesc):
            stack += reversed((*node.words, *node.posts))


def find(node: object, kind: str) -> Phrase | Statement | Frame | None:
    return next((p for p in phrases(node) if p.kind == kind), None)


def values(node: object, kind: ValueKind) -> list[Value]:
    out: list[Value] = []
    if isinstance(node, Value):
        return [node] if node.kind is kind else []
    for child in _children(node):
        out += values(child, kind)
    return out


def _leaves(node: object) -> Iterator[object]:
    """The words and values under a node, in printed order."""
    if isinstance(node, (Word, Value)):
        yield node
    for child in _children(node):
        yield from _leaves(child)


def _children(node: object) -> tuple[object, ...]:
    if isinstance(node, (Phrase, Statement, Frame, Cards)):
        return node.parts
    if isinstance(node, Action):
        return (*node.subject, *node.parts)
    if isinstance(node, CardDesc):
        return (*node.words, *node.posts)
    if isinstance(node, ZoneRef):
        return node.owner
    return ()


def _number(value: Value) -> int:
    digits = "".join(ch for ch in value.text if ch.isdigit())
    if not digits:
        raise Unsupported(f"a variable amount ({value.text})")
    sign = -1 if value.text.strip().startswith("-") else 1
    return sign * int(digits)


# --------------------------------------------------------------------------------------- players
_OPPONENT_WORDS = ("opponent", "opponent's", "his", "he", "him", "they", "their")


def _who_of_owner(owner: Sequence[object]) -> fx.Who:
    said = [w for o in owner for w in words(o)]
    if not said or said == ["your"] or said == ["you"] or said == ["the"]:
        return fx.Who.YOU  # "the Ringside pile": the acting player's (an opponent's action names its own subject)
    if said in (["your", "opponent's"], ["opponent's"], ["his"], ["their"], ["an", "opponent's"], ["a", "opponent's"]):
        return fx.Who.OPPONENT
    raise Unsupported(f"the zone of {' '.join(said)!r}")


def _subject(action: Action) -> tuple[fx.Who, str | None]:
    """(who acts, modal word or None)."""
    who, modal = fx.Who.YOU, None
    for part in action.subject:
        if isinstance(part, Phrase) and part.kind == "modal":
            modal = " ".join(words(part))
        else:
            said = words(part)
            if said in (["you"],):
                who = fx.Who.YOU
            elif said in (["your", "opponent"], ["opponent"], ["he"], ["that", "player"]):
                who = fx.Who.OPPONENT
            elif said in (["each", "player"], ["all", "player"], ["both", "player"], ["every", "player"]) or \
                    (said[:1] == ["you"] and said[-1:] == ["opponent"]):
                who = fx.Who.ALL
            elif said == ["either"]:
                pass  # "you may either A or B": the "or" makes the choice
            elif isinstance(part, Phrase) and part.kind == "adverb":
                if said == ["randomly"]:  # "randomly remove 1 card in his hand": no player picks it
                    raise Unsupported("a card picked at random")
            else:
                raise Unsupported(f"the subject {' '.join(said)!r}")
    if modal is not None and modal.split()[0] == "can":  # "can reverse", "you can either ...": a permission, as "may"
        modal = " ".join(["may", *modal.split()[1:]])
    if modal not in (None, "may", "must", "must then", "may then", "must first"):
        raise Unsupported(f"the modal {modal!r}")
    return who, modal


# A `#` whose meaning the sentence has not said yet ("where # is equal to ..." follows): never run.
HASH = fx.CountOf(fx.Who.ALL, None)


# ------------------------------------------------------------------------------------------ zones
_ZONES = {"hand": fx.Zone.HAND, "arsenal": fx.Zone.ARSENAL, "ringside pile": fx.Zone.RINGSIDE,
          "ring area": fx.Zone.RING, "ring": fx.Zone.RING, "backlash deck": fx.Zone.BACKLASH,
          "under this card": fx.Zone.UNDER}  # the last only as `leaving.under_read` says it


@dataclass(frozen=True, slots=True)
class _Zones:
    who: fx.Who
    zones: tuple[fx.Zone, ...]


def _zone(ref: ZoneRef) -> _Zones:
    zones = []
    for name in ref.zones:
        if name not in _ZONES:
            raise Unsupported(f"the zone {name!r}")
        zones.append(_ZONES[name])
    return _Zones(_who_of_owner(ref.owner), tuple(zones))


def _zone_in(node: object) -> _Zones:
    ref = next((c for c in _children(node) if isinstance(c, ZoneRef)), None)
    if ref is None:
        raise Unsupported(f"a zone in {' '.join(words(node))!r}")
    return _zone(ref)


# ------------------------------------------------------------------------------------------ cards
_SUBTYPES = {"strike": Subtype.STRIKE, "grapple": Subtype.GRAPPLE, "submission": Subtype.SUBMISSION,
             "high risk": Subtype.HIGH_RISK, "trademark finisher": Subtype.TRADEMARK_FINISHER}
_TYPES = {"maneuver": CardType.MANEUVER, "action": CardType.ACTION, "reversal": CardType.REVERSAL}
_KIND_MARKS = {"title belt": TITLE_BELT}  # kinds of card the database tells apart by a mark (`rawdeal.cards.marks`)
_TRAITS = {"unique": Trait.UNIQUE, "set up": Trait.SET_UP, "set-up": Trait.SET_UP, "heel": Trait.HEEL,
           "face": Trait.FACE, "foreign object": Trait.FOREIGN_OBJECT}
_BACKLASH_KINDS = {"pre-match": Trait.PRE_MATCH, "mid-match": Trait.MID_MATCH}  # Backlash deck cards' kinds


@dataclass(frozen=True, slots=True)
class _Desc:
    """A card description read: what a filter or a reversal target needs."""

    count: fx.Count = fx.ONE
    types: tuple[CardType, ...] = ()
    subtypes: tuple[Subtype, ...] = ()
    trait: Trait | None = None
    not_trait: Trait | None = None
    not_subtypes: tuple[Subtype, ...] = ()
    title_word: str | None = None
    title: str | None = None
    max_damage: int | None = None
    min_damage: int | None = None
    after_title: str | None = None
    marks: tuple[str, ...] = ()  # printed properties by name (`lowering.marks`): "Heat", "hybrid", a logo
    not_marks: tuple[str, ...] = ()
    any_marks: tuple[str, ...] = ()  # "Chain or Heat": at least one of them
    titles: tuple[str, ...] = ()  # "the card titled A, B, or C": any of them
    after: fx.After | None = None  # "played after a Set-up card": the card played right before it
    distinct: bool = False  # "2 different cards": of as many titles (read only where cards are picked)
    as_reversed: bool = False  # "copies of that card" after "reverse ...": the reversed card's title
    found: bool = False  # "it", "that card": the card the search just before found (`fx.Modifier.found`)

    @property
    def marked(self) -> bool:
        """Whether it selects by printed properties or by one of several titles (what a lowering that reads
        none of them must refuse)."""
        return bool(self.marks or self.not_marks or self.any_marks or self.titles)


def _quantity(node: object) -> fx.Count:
    if not isinstance(node, Phrase):
        return fx.ONE
    kind = node.kind
    if kind == "quantity":  # "a", "an", "one"
        return fx.ONE
    if kind in ("exactly", "up_to"):
        nums = values(node, ValueKind.NUMBER)
        return fx.Count(_number(nums[0]), up_to=kind == "up_to")
    if kind in ("any", "the"):
        return fx.ONE
    if kind == "any_n":  # "any 2 cards": 2, any of them
        return fx.Count(_number(values(node, ValueKind.NUMBER)[0]))
    if kind == "all":
        return fx.ALL
    if kind in ("hash", "up_to_hash"):  # "# cards": what # is equal to follows ("where # is ...")
        return fx.Count(0, up_to=kind == "up_to_hash", of=HASH)
    if kind == "any_number":  # "any number of cards": as many as the player likes, none to all
        return fx.ANY_NUMBER
    if kind == "same" or (kind == "that_many" and words(node) == ["that", "many"]):
        return fx.Count(1, same=True)  # as many as the previous action moved
    said = words(node)
    if kind == "that_many" and said[-3:-2] in (["double"], ["triple"]) and said[:-3] in ([], ["up", "to"]):
        return fx.Count(1, up_to=bool(said[:-3]), same=True, times=2 if said[-3] == "double" else 3)
    raise Unsupported(f"the quantity {' '.join(words(node))!r}")


def _said_once(desc: CardDesc) -> CardDesc:
    """"a non-unique Maneuver or non-unique Reversal card" is "a non-unique Maneuver or Reversal card": words that
    open every alternative joined by "or" are said of all of them once."""
    runs: list[list[object]] = [[]]
    for item in desc.words:
        if isinstance(item, Phrase) and item.kind == "desc_and":
            if words(item) != ["or"]:
                return desc
            runs.append([])
        else:
            runs[-1].append(item)
    said = [[words(i) for i in run] for run in runs]
    k = 0
    while len(runs) > 1 and all(len(r) > k + 1 and r[k] == said[0][k] for r in said):
        k += 1
    if not k:
        return desc
    joined: list[object] = list(runs[0])
    for item, run in zip([i for i in desc.words if isinstance(i, Phrase) and i.kind == "desc_and"], runs[1:]):
        joined += [item, *run[k:]]
    return replace(desc, words=tuple(joined))  # type: ignore[arg-type]  # the items of `desc.words`


def _desc(desc: CardDesc, count: fx.Count = fx.ONE) -> _Desc:
    desc = _said_once(desc)
    types: list[CardType] = []
    subtypes: list[Subtype] = []
    fields: dict[str, Any] = {}
    either = either_marks(desc.words, words)  # "any Chain or Heat maneuver": any of the keywords
    if either is None:
        raise Unsupported(f"a 'non' among alternatives in {' '.join(words(desc))!r}")
    if either:
        fields["any_marks"] = either
    for item in desc.words:
        kind = item.kind if isinstance(item, Phrase) else ""
        said = " ".join(words(item))
        if either and is_property(item, words):
            continue
        if kind == "noun" and said in _SUBTYPES:
            subtypes.append(_SUBTYPES[said])
        elif kind == "noun" and said in _TYPES:
            types.append(_TYPES[said])
        elif kind == "desc_and" or said in ("or", "and"):
            continue
        elif kind == "different" and "distinct" not in fields:
            fields["distinct"] = True
        elif kind in ("trait", "noun") and said.casefold() in _TRAITS and "trait" not in fields:
            fields["trait"] = _TRAITS[said.casefold()]
        elif kind == "trait" and said.startswith("non ") and said[4:].casefold() in _TRAITS and "not_trait" not in fields:
            fields["not_trait"] = _TRAITS[said[4:].casefold()]
        elif kind == "kind_adj" and said.casefold() in _BACKLASH_KINDS:  # "1 Mid-match card"
            fields["trait"] = _BACKLASH_KINDS[said.casefold()]
        elif kind == "kind_adj" and said.startswith("non ") and said[4:].casefold() in _BACKLASH_KINDS:
            fields["not_trait"] = _BACKLASH_KINDS[said[4:].casefold()]
        elif kind == "not_noun" and said == "non backlash deck card" and "not_trait" not in fields:
            fields["not_trait"] = Trait.BACKLASH  # "a non-Backlash-deck card"
        elif kind == "not_noun" and said[4:] in _SUBTYPES:
            fields["not_subtypes"] = (*fields.get("not_subtypes", ()), _SUBTYPES[said[4:]])
        elif (mark := word_mark(kind, said)) is not None:  # any other keyword, "hybrid", "non-Maneuver", ...
            key = "not_marks" if mark[1] else "marks"
            fields[key] = (*fields.get(key, ()), mark[0])
        elif kind == "noun" and said in _KIND_MARKS:  # "a Title Belt card"
            fields["marks"] = (*fields.get("marks", ()), _KIND_MARKS[said])
        elif kind == "damage_is":
            amount = _number(values(item, ValueKind.DAMAGE)[0])
            bound = words(item)[-1]
            if bound in ("less", "fewer"):
                fields["max_damage"] = amount
            elif bound in ("greater", "more", "+"):
                fields["min_damage"] = amount
            else:
                fields["max_damage"] = fields["min_damage"] = amount
        elif kind == "fortitude_is" and (printed := _printed_fortitude(item)) is not None:  # "1 F:0 Maneuver card"
            fields["marks"] = (*fields.get("marks", ()), fortitude_mark(printed))
        else:
            raise Unsupported(f"the card word {said!r}")
    for noun in desc.nouns:
        if noun in _SUBTYPES:
            subtypes.append(_SUBTYPES[noun])
            types.append(CardType.MANEUVER)
        elif noun in _TYPES:
            types.append(_TYPES[noun])
        elif noun == "foreign object":
            fields["trait"] = Trait.FOREIGN_OBJECT
        elif noun == "backlash deck card":
            fields["trait"] = Trait.BACKLASH
        elif noun in _KIND_MARKS:  # "a Title Belt"
            fields["marks"] = (*fields.get("marks", ()), _KIND_MARKS[noun])
        elif noun == "copy" and (copied := _copies_of_titled(desc)) is not None:
            fields["title"] = copied  # "all copies of the card titled X": the cards so titled
        elif noun == "copy" and _copies_of_that(desc):
            fields["as_reversed"] = True  # "copies of that card": a reversal's (`text.lower` refuses it elsewhere)
        elif noun != "card":
            raise Unsupported(f"the card noun {noun!r}")
    for post in desc.posts:
        inner = post.parts[0] if isinstance(post, Phrase) and post.kind == "post" and post.parts else post
        kind = inner.kind if isinstance(inner, Phrase) else ""
        if kind == "titled":
            titles = values(inner, ValueKind.TITLE)
            if len(titles) > 1:
                fields["titles"] = either_title(inner) if isinstance(inner, Phrase) else ()  # "titled A, B, or C": any
                if not fields["titles"]:
                    raise Unsupported("a description naming several titles (each of them)")
            elif len(titles) != 1:
                raise Unsupported("a description naming no title")
            else:
                fields["title"] = titles[0].text
        elif kind == "title_word" and len(values(inner, ValueKind.QUOTED)) == 1 and words(inner)[-1] == "title":
            fields["title_word"] = values(inner, ValueKind.QUOTED)[0].text.strip("'\"")
        elif kind in ("does_damage", "damage_bound_post"):  # "that does 7D or less", "of 6D or lower"
            amount = _number(values(inner, ValueKind.DAMAGE)[0])
            if words(inner)[-1] in ("less", "fewer"):
                fields["max_damage"] = amount
            else:
                fields["min_damage"] = amount
        elif kind == "being_played" and isinstance(inner, Phrase) and _by_opponent_from_hand(inner):
            pass  # "being played by your opponent (from his hand)": what every reversal reverses
        elif isinstance(inner, Phrase) and logo_marks(inner) is not None:  # "with the Raw logo"
            fields["marks"] = (*fields.get("marks", ()), *(logo_marks(inner) or ()))
        elif kind == "copy_of" and ("title" in fields or "as_reversed" in fields):
            pass  # read with the noun
        elif kind == "with_stun":  # "a maneuver with Stun Value": printed with one
            fields["marks"] = (*fields.get("marks", ()), STUN_VALUE)
        elif kind == "played_after":
            title = values(inner, ValueKind.TITLE)
            if len(title) == 1:
                fields["after_title"] = title[0].text
            else:
                fields["after"] = _played_after(inner)
        else:
            raise Unsupported(f"the description {' '.join(words(post))!r}")
    if subtypes and CardType.MANEUVER not in types:
        types.append(CardType.MANEUVER)
    return _Desc(count, tuple(dict.fromkeys(types)), tuple(dict.fromkeys(subtypes)), **fields)


def _printed_fortitude(item: object) -> int | None:
    """The F of "an F:0 card" (the printed value, a mark of the card); None for an amount ("5F") or a bound."""
    found = values(item, ValueKind.FORTITUDE)
    if len(found) != 1 or ":" not in found[0].text or len(words(item)) != 1:
        return None
    return _number(found[0])


def _copies_of_titled(desc: CardDesc) -> str | None:
    """The title of "copies of the card titled X" (the only words of the description), `OWN_TITLE` for "copies of this
    card"; None for copies of another card ("copies of that card": which card, the lowering does not know)."""
    if desc.words or desc.nouns != ("copy",) or len(desc.posts) != 1:
        return None
    post = desc.posts[0]
    inner = post.parts[0] if isinstance(post, Phrase) and post.kind == "post" and post.parts else post
    if not (isinstance(inner, Phrase) and inner.kind == "copy_of"):
        return None
    card = find(inner, "this_card")
    titles = values(card, ValueKind.TITLE) if card is not None else []
    said = words(card) if card is not None else []
    if said == ["this", "card"]:
        return OWN_TITLE  # "every copy of this card": the cards of its title (`text.lower` writes it in)
    return titles[0].text if len(titles) == 1 and said[:3] == ["the", "card", "titled"] else None


OWN_TITLE = "\x00this card"  # a title standing for the lowered card's own (no printed title holds a NUL)


def _copies_of_that(desc: CardDesc) -> bool:
    """"copies of that card" (the only words of the description)."""
    if desc.words or desc.nouns != ("copy",) or len(desc.posts) != 1:
        return False
    inner = find(desc.posts[0], "copy_of")
    return inner is not None and words(inner) == ["of", "that", "card"]


def _played_after(said: object) -> fx.After:
    """"played after a Set-up card": the one kind of card played right before it."""
    from rawdeal.effects.classic.lowering.conditions import _prior  # conditions reads descriptions with this module

    prior = _prior(said)
    if not isinstance(prior, fx.After) or prior.title is not None:
        raise Unsupported(f"'played after' {' '.join(words(said))!r}")
    return prior


def _by_opponent_from_hand(being: Phrase) -> bool:
    """"being played by your opponent from his hand" (either part may be left out)."""
    for part in being.parts:
        said = words(part)
        if isinstance(part, Phrase) and part.kind == "played_by" and said[1:] in (["your", "opponent"], ["opponent"]):
            continue
        if isinstance(part, Phrase) and part.kind == "from_zone" and _zone_in(part) == _Zones(fx.Who.OPPONENT, (fx.Zone.HAND,)):
            continue
        if said not in (["being"], ["played"]):
            return False
    return True


def titles_each(node: Cards) -> tuple[str, ...]:
    """The titles of "the card(s) titled X, Y or Z" (a description of titles and nothing else), else ()."""
    descs = [p for p in node.parts if isinstance(p, CardDesc)]
    if len(descs) != 1 or descs[0].words or descs[0].nouns != ("card",) or len(descs[0].posts) != 1:
        return ()
    post = descs[0].posts[0]
    inner = post.parts[0] if isinstance(post, Phrase) and post.kind == "post" and post.parts else post
    if not (isinstance(inner, Phrase) and inner.kind == "titled"):
        return ()
    titles = values(inner, ValueKind.TITLE)
    # a conjunction printed in capitals ("X, Y, OR Z") is read into the title after it: it is no part of it
    said = tuple(" ".join(w for i, w in enumerate(t.text.split()) if i or w not in ("OR", "AND")) for t in titles)
    return said if len(said) > 1 else ()


def named_belts(node: Cards) -> _Desc | None:
    """"the Tag Team Title Belts": the words before a definite Title Belt name the belts (those whose title says
    them), not keywords of theirs ("a Raw Title Belt" is one with the Raw logo); None for any other description."""
    descs = [p for p in node.parts if isinstance(p, CardDesc)]
    if len(descs) != 1 or words(node.parts[0]) != ["the"] or descs[0].nouns != ("title belt",) or descs[0].posts \
            or not descs[0].words:
        return None
    named = [w.parts[0] for w in descs[0].words if isinstance(w, Phrase) and w.kind == "trait" and len(w.parts) == 1]
    if len(named) != len(descs[0].words) or not all(isinstance(v, Value) for v in named):
        return None  # only names read as keywords ("Tag Team"); anything else ("non-...") is not a belt's name
    return _Desc(title_word=" ".join(v.text for v in named if isinstance(v, Value)), marks=(TITLE_BELT,))


def _cards(node: Cards) -> _Desc:
    """One quantity and one description ("2 cards", "a Strike maneuver", "the card titled X")."""
    parts = [p for p in node.parts]
    count = fx.ONE
    descs = [p for p in parts if isinstance(p, CardDesc)]
    titles = [p for p in parts if isinstance(p, Value) and p.kind is ValueKind.TITLE]
    if titles and not descs and len(titles) == 1:
        return _Desc(title=titles[0].text)
    if len(descs) != 1:
        raise Unsupported(f"the cards {' '.join(words(node))!r}")
    first = parts[0]
    if isinstance(first, Phrase):
        count = _quantity(first)
    return _desc(descs[0], count)


def alternatives(node: Cards) -> list[Cards]:
    """"the card titled Offer Handshake or any Strike maneuver", "1 Chain card or 1 Volley card": each description
    with its own quantity, when "or" joins several (else the cards as they are)."""
    groups: list[list[Node]] = [[]]
    for part in node.parts:
        if isinstance(part, Word) and part.text.casefold() == "or" and groups[-1] \
                and isinstance(groups[-1][-1], CardDesc):
            groups.append([])
        else:
            groups[-1].append(part)
    return [Cards(tuple(g)) for g in groups] if len(groups) > 1 and all(groups) else [node]


def counted_groups(node: Cards) -> list[tuple[Node, ...]]:
    """"1 Maneuver card and 1 Action card": each number with its description (one group when there is one)."""
    groups: list[tuple[Node, ...]] = []
    group: list[Node] = []
    for part in node.parts:
        if isinstance(part, Word) and part.text in ("and", ",") and group and isinstance(group[-1], CardDesc):
            groups.append(tuple(group))
            group = []
        else:
            group.append(part)
    return [*groups, tuple(group)]


def _filter(d: _Desc, picked: bool = False) -> fx.CardFilter:
    """The filter of a description; "different" only for cards `picked` one at a time (each of another title)."""
    if d.distinct and (not picked or d.count.n is None or d.count.n < 2 or d.count.same or d.count.of is not None):
        raise Unsupported("the card word 'different'")
    if d.max_damage is not None or d.min_damage is not None or d.after_title is not None or len(d.subtypes) > 1 \
            or d.not_subtypes:
        raise Unsupported("a card filter on damage or on several subtypes")
    if d.after is not None:
        raise Unsupported("a card filter on the card played before it")
    types = () if d.types == () else d.types
    subtype = d.subtypes[0] if d.subtypes else None
    if subtype is not None and types == (CardType.MANEUVER,):
        types = ()
    return fx.CardFilter(title=d.title, trait=d.trait, types=types, subtype=subtype, not_trait=d.not_trait,
                         title_word=d.title_word, marks=d.marks, not_marks=d.not_marks,
                         any_marks=d.any_marks, titles=d.titles, distinct=d.distinct, as_reversed=d.as_reversed)


def _target(d: _Desc) -> fx.Target:
    if d.titles:
        raise Unsupported("a reversal of one of several titles in one description")
    types = d.types or ((CardType.MANEUVER,) if d.subtypes or d.min_damage is not None
                        else (CardType.MANEUVER, CardType.ACTION))
    if d.min_damage is not None and types != (CardType.MANEUVER,):
        raise Unsupported("a reversal of cards of at least some damage that are not maneuvers")
    return fx.Target(card_types=types, subtypes=d.subtypes, title=d.title, max_damage=d.max_damage,
                     after_title=d.after_title, trait=d.trait, not_subtypes=d.not_subtypes, not_trait=d.not_trait,
                     marks=d.marks, not_marks=d.not_marks, any_marks=d.any_marks, after=d.after, min_damage=d.min_damage,
                     title_word=d.title_word)


def _object_cards(action: Action) -> _Desc | None:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "counted":
        return _cards(next(p for p in obj.parts if isinstance(p, Cards)))
    if isinstance(obj, Phrase) and obj.kind == "same_number":  # "draw the same number of cards"
        return _Desc(count=fx.Count(1, same=True))
    return None


def _arg(action: Action, kind: str) -> Phrase | None:
    return next((p for p in action.parts if isinstance(p, Phrase) and p.kind == kind), None)


def _only_args(action: Action, allowed: Iterable[str]) -> None:
    allowed = set(allowed)
    for part in action.parts[1:]:
        if isinstance(part, Phrase) and part.kind not in allowed:
            raise Unsupported(f"{action.verb!r} with {' '.join(words(part))!r}")


# A change to this card's own F or D (a `StatChange` once its clause is known)
@dataclass(frozen=True, slots=True)
class _SelfStat:
    stat: fx.Stat
    amount: int
    condition: fx.Condition | None = None
    per_title_word: str | None = None
    per: fx.CountOf | None = None  # "for every Heat card in your Ring area"
    paid: fx.Paid | None = None  # "for each card discarded", "If you do, ...": paid down by a When played action
