"""Lowering: a Classic parse (`classic.model`) to the engine's typed effects (`effects.model`).

The parse says what the words are (frames, actions with their verb and arguments, statements about the
card); lowering says what they *do*, as the clauses the engine runs. It reads the parse's structure, never
its wording: a verb and the kinds of its arguments decide the action, a card description's nouns, subtypes,
keywords and bounds decide a filter or a reversal target, a frame decides the clause (on play, as an
action, as a reversal, once successfully played). Whatever it cannot give a meaning the engine runs raises
`Unsupported` with the construct's name, so that a card is marked as not playable yet instead of being
played as if it had no text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rawdeal.cards.model import CardType, Subtype, Trait
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import (
    Action, CardDesc, Cards, CompiledText, Frame, Phrase, Sentence, SentenceFailure, Statement, Value, ValueKind,
    Word, ZoneRef,
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


@dataclass(frozen=True, slots=True)
class LoweredText:
    """A card text lowered: its effect when every sentence lowered, else the sentences that did not."""

    effect: fx.CardEffect | None
    unlowered: tuple[Unlowered, ...] = ()
    ability: fx.Ability | None = None  # a Superstar card's: its ability (None: it has none the engine runs)

    @property
    def ok(self) -> bool:
        return self.effect is not None


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What lowering needs to know of the card itself: its types (a reversal's "reverse" opens a
    reversal clause; a hybrid's "as an action" an action clause)."""

    types: frozenset[str] = frozenset()
    played_as: Mapping[str, tuple[CardType, ...]] = field(default_factory=dict)  # title -> playable types
    title: str = ""  # the card's own ("While Mr. Socko is in your Ring area")

    @property
    def is_reversal(self) -> bool:
        return "reversal" in self.types

    @property
    def is_superstar(self) -> bool:
        return "superstar" in self.types


# ----------------------------------------------------------------------------------- reading helpers
def words(node: object) -> list[str]:
    """The canonical words under a node, in order."""
    if isinstance(node, (Word, Value)):
        return [node.text]
    if isinstance(node, ZoneRef):
        return [*(w for o in node.owner for w in words(o)), *node.zones]
    if isinstance(node, CardDesc):
        return [*(w for x in node.words for w in words(x)), *node.nouns, *(w for x in node.posts for w in words(x))]
    if isinstance(node, (Phrase, Statement, Frame, Cards, Action)):
        out = [node.verb] if isinstance(node, Action) else []
        parts = (*node.subject, *node.parts) if isinstance(node, Action) else node.parts
        return [*out, *(w for p in parts for w in words(p))]
    return []


def phrases(node: object) -> Iterator[Phrase | Statement | Frame]:
    """Every named node under `node`, depth first."""
    if isinstance(node, (Phrase, Statement, Frame)):
        yield node
    children: Iterable[object] = ()
    if isinstance(node, (Phrase, Statement, Frame, Cards)):
        children = node.parts
    elif isinstance(node, Action):
        children = (*node.subject, *node.parts)
    elif isinstance(node, CardDesc):
        children = (*node.words, *node.posts)
    for child in children:
        yield from phrases(child)


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
    if not said or said == ["your"] or said == ["you"]:
        return fx.Who.YOU
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
                pass
            else:
                raise Unsupported(f"the subject {' '.join(said)!r}")
    if modal not in (None, "may", "must", "must then", "may then", "must first"):
        raise Unsupported(f"the modal {modal!r}")
    return who, modal


# ------------------------------------------------------------------------------------------ zones
_ZONES = {"hand": fx.Zone.HAND, "arsenal": fx.Zone.ARSENAL, "ringside pile": fx.Zone.RINGSIDE,
          "ring area": fx.Zone.RING, "ring": fx.Zone.RING}


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
_TRAITS = {"unique": Trait.UNIQUE, "set up": Trait.SET_UP, "set-up": Trait.SET_UP, "heel": Trait.HEEL,
           "face": Trait.FACE, "foreign object": Trait.FOREIGN_OBJECT}


@dataclass(frozen=True, slots=True)
class _Desc:
    """A card description read: what a filter or a reversal target needs."""

    count: fx.Count = fx.ONE
    types: tuple[CardType, ...] = ()
    subtypes: tuple[Subtype, ...] = ()
    trait: Trait | None = None
    not_trait: Trait | None = None
    not_subtypes: tuple[Subtype, ...] = ()
    title: str | None = None
    max_damage: int | None = None
    min_damage: int | None = None
    after_title: str | None = None


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
    if kind == "same":
        return fx.Count(1, same=True)
    raise Unsupported(f"the quantity {' '.join(words(node))!r}")


def _desc(desc: CardDesc, count: fx.Count = fx.ONE) -> _Desc:
    types: list[CardType] = []
    subtypes: list[Subtype] = []
    fields: dict[str, Any] = {}
    for item in desc.words:
        kind = item.kind if isinstance(item, Phrase) else ""
        said = " ".join(words(item))
        if kind == "noun" and said in _SUBTYPES:
            subtypes.append(_SUBTYPES[said])
        elif kind == "noun" and said in _TYPES:
            types.append(_TYPES[said])
        elif kind == "desc_and" or said in ("or", "and"):
            continue
        elif kind == "trait" and said.casefold() in _TRAITS:
            fields["trait"] = _TRAITS[said.casefold()]
        elif kind == "trait" and said.startswith("non ") and said[4:].casefold() in _TRAITS:
            fields["not_trait"] = _TRAITS[said[4:].casefold()]
        elif kind == "not_noun" and said[4:] in _SUBTYPES:
            fields["not_subtypes"] = (*fields.get("not_subtypes", ()), _SUBTYPES[said[4:]])
        elif kind == "damage_is":
            amount = _number(values(item, ValueKind.DAMAGE)[0])
            bound = words(item)[-1]
            if bound in ("less", "fewer"):
                fields["max_damage"] = amount
            elif bound in ("greater", "more", "+"):
                fields["min_damage"] = amount
            else:
                fields["max_damage"] = fields["min_damage"] = amount
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
        elif noun != "card":
            raise Unsupported(f"the card noun {noun!r}")
    for post in desc.posts:
        inner = post.parts[0] if isinstance(post, Phrase) and post.kind == "post" and post.parts else post
        kind = inner.kind if isinstance(inner, Phrase) else ""
        if kind == "titled":
            titles = values(inner, ValueKind.TITLE)
            if len(titles) != 1:
                raise Unsupported("a description naming several titles")
            fields["title"] = titles[0].text
        elif kind in ("does_damage", "damage_bound_post"):  # "that does 7D or less", "of 6D or lower"
            amount = _number(values(inner, ValueKind.DAMAGE)[0])
            if words(inner)[-1] in ("less", "fewer"):
                fields["max_damage"] = amount
            else:
                fields["min_damage"] = amount
        elif kind == "played_after":
            title = values(inner, ValueKind.TITLE)
            if len(title) != 1:
                raise Unsupported(f"'played after' {' '.join(words(inner))!r}")
            fields["after_title"] = title[0].text
        else:
            raise Unsupported(f"the description {' '.join(words(post))!r}")
    if subtypes and CardType.MANEUVER not in types:
        types.append(CardType.MANEUVER)
    return _Desc(count, tuple(dict.fromkeys(types)), tuple(dict.fromkeys(subtypes)), **fields)


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


def _filter(d: _Desc) -> fx.CardFilter:
    if d.max_damage is not None or d.min_damage is not None or d.after_title is not None or len(d.subtypes) > 1 \
            or d.not_subtypes:
        raise Unsupported("a card filter on damage or on several subtypes")
    types = () if d.types == () else d.types
    subtype = d.subtypes[0] if d.subtypes else None
    if subtype is not None and types == (CardType.MANEUVER,):
        types = ()
    return fx.CardFilter(title=d.title, trait=d.trait, types=types, subtype=subtype, not_trait=d.not_trait)


def _target(d: _Desc) -> fx.Target:
    if d.min_damage is not None:
        raise Unsupported("a reversal of cards of at least some damage")
    types = d.types or ((CardType.MANEUVER,) if d.subtypes else (CardType.MANEUVER, CardType.ACTION))
    return fx.Target(card_types=types, subtypes=d.subtypes, title=d.title, max_damage=d.max_damage,
                     after_title=d.after_title, trait=d.trait, not_subtypes=d.not_subtypes, not_trait=d.not_trait)


def _object_cards(action: Action) -> _Desc | None:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "counted":
        return _cards(next(p for p in obj.parts if isinstance(p, Cards)))
    return None


def _arg(action: Action, kind: str) -> Phrase | None:
    return next((p for p in action.parts if isinstance(p, Phrase) and p.kind == kind), None)


def _only_args(action: Action, allowed: Iterable[str]) -> None:
    allowed = set(allowed)
    for part in action.parts[1:]:
        if isinstance(part, Phrase) and part.kind not in allowed:
            raise Unsupported(f"{action.verb!r} with {' '.join(words(part))!r}")


# ---------------------------------------------------------------------------------------- actions
@dataclass
class _Seq:
    """What a sentence's pronouns refer to: the last action lowered ("search ... for a card, reveal
    it, put it into your hand": the search already puts it there)."""

    last: object = None
    next_card: _Desc | None = None  # "if your next card played this turn is a maneuver, it is +2D"
    condition: fx.Condition | None = None  # an opening "if/when <condition>," of the sentence


def _action(action: Action, seq: _Seq, card: CardFacts) -> list[Any]:
    if seq.next_card is not None and action.verb == "reverse" and _pronoun(action) == "it" \
            and [words(p) for p in action.subject] in ([["your", "opponent"], ["cannot"]], [["opponent"], ["cannot"]]):
        d = seq.next_card  # "if your next card played this turn is a maneuver of 7D or less, your opponent cannot reverse it"
        return [fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD,
                                      subtype=d.subtypes[0] if d.subtypes else None, max_damage=d.max_damage))]
    who, modal = _subject(action)
    lowered = _verb(action, who, seq, card)
    if modal in ("may", "may then") and lowered:
        either = any(isinstance(p, Word) and p.text == "either" for p in action.subject)
        return [fx.Optional(tuple(lowered))] if either else _may(lowered)
    return lowered


def _may(lowered: list[Any]) -> list[Any]:
    """"You may ...": a reversal's "may reverse" is what a reversal is; "you may draw 2 cards" is a draw
    of up to 2 (the player draws fewer, or none); anything else is the owner's yes or no."""
    if any(isinstance(a, (fx.Reverses, _FollowUp)) for a in lowered):
        return lowered
    if len(lowered) == 1 and isinstance(lowered[0], fx.Draw) and lowered[0].count.n:
        draw = lowered[0]
        return [fx.Draw(draw.who, fx.Count(draw.count.n, up_to=True))]
    return [fx.Optional(tuple(lowered))]


def _verb(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    verb = action.verb
    handler = _VERBS.get(verb)
    if handler is None:
        raise Unsupported(f"the verb {verb!r}")
    return handler(action, who, seq, card)


def _pronoun(action: Action) -> str | None:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "pronoun":
        return " ".join(words(obj))
    return None


def _draw(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    d = _object_cards(action)
    if d is None or d.types or d.subtypes or d.title or d.trait:
        raise Unsupported(f"draw {' '.join(words(action)[1:])!r}")
    _only_args(action, ())
    return [fx.Draw(who, d.count)]


def _discard(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    purpose = _arg(action, "purpose")
    if purpose is not None:  # "discard this card to draw 1 card": the discard, then what it pays for
        plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not purpose))
        return [*_discard(plain, who, seq, card), *_purpose(purpose, who, seq, card)]
    into = _arg(action, "into_arg")
    if into is not None:
        zone = _zone_in(into)
        if zone.zones == (fx.Zone.RINGSIDE,) and words(into)[0] == "to":
            pass  # "discard 2 cards to your Ringside pile": where discards go anyway
        elif zone.zones == (fx.Zone.HAND,) and words(into)[0] == "in":
            pass  # "discard all cards in his hand": the hand discarded from
        else:
            raise Unsupported(f"discard {' '.join(words(into))!r}")
    _only_args(action, ("of_choice", "from_arg", "into_arg"))
    src = _arg(action, "from_arg") or (into if into is not None and words(into)[0] == "in" else None)
    if src is not None and _zone_in(src).zones != (fx.Zone.HAND,):
        raise Unsupported("a discard from elsewhere than the hand")
    pronoun = _pronoun(action)
    if pronoun == "this card" or pronoun == "it" and seq.last is None:
        return [fx.DiscardThis()]
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "zone_obj":
        zones = _zone_in(obj)
        if zones.zones != (fx.Zone.HAND,):
            raise Unsupported("discarding a whole zone other than the hand")
        if who is fx.Who.ALL:  # "all players discard their hands": you, then your opponent
            return [fx.Discard(fx.Who.YOU, fx.ALL, chooser=fx.Who.YOU),
                    fx.Discard(fx.Who.OPPONENT, fx.ALL, chooser=fx.Who.OPPONENT)]
        target = zones.who if who is fx.Who.YOU else who
        return [fx.Discard(target, fx.ALL, chooser=target)]
    d = _object_cards(action)
    if d is None:
        raise Unsupported(f"discard {' '.join(words(action)[1:])!r}")
    if who is fx.Who.ALL and d.count == fx.ALL and src is not None:
        return [fx.Discard(fx.Who.YOU, fx.ALL, chooser=fx.Who.YOU, filter=_filter(d)),
                fx.Discard(fx.Who.OPPONENT, fx.ALL, chooser=fx.Who.OPPONENT, filter=_filter(d))]
    owner = _zone_in(src).who if src is not None else fx.Who.YOU
    if who is not fx.Who.YOU:  # "your opponent discards 2 cards": he discards from his hand, and chooses
        return [fx.Discard(who, d.count, chooser=who, filter=_filter(d))]
    return [fx.Discard(owner, d.count, chooser=fx.Who.YOU, filter=_filter(d))]


def _purpose(purpose: Phrase, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    inner = next((p for p in purpose.parts if isinstance(p, Phrase) and p.kind == "verb_phrase"), None)
    verb = inner.parts[0] if inner is not None and inner.parts else None
    if inner is None or not (isinstance(verb, Phrase) and verb.kind == "verb"):
        raise Unsupported(f"the purpose {' '.join(words(purpose))!r}")
    return _verb(Action((), " ".join(words(verb)), inner.parts[1:]), who, seq, card)


def _end(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if not (isinstance(obj, Phrase) and obj.kind == "turn_obj") or len(action.parts) > 1:
        raise Unsupported(f"end {' '.join(words(action)[1:])!r}")
    said = words(obj)
    if said[-1] != "turn" or len(said) > 3:
        raise Unsupported(f"end {' '.join(said)!r}")
    owner = [w for w in said[:-1]]
    if owner in (["your", "opponent's"], ["opponent's"], ["his"]):
        return [fx.EndTurn(fx.Who.OPPONENT if who is fx.Who.YOU else fx.Who.YOU)]
    if owner == ["your"]:
        return [fx.EndTurn(who)]
    raise Unsupported(f"end {' '.join(said)!r}")


def _skip(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    said = words(action.parts[0]) if action.parts else []
    if said[-2:] != ["next", "turn"] or len(action.parts) > 1:
        raise Unsupported(f"skip {' '.join(said)!r}")
    owner = said[:-2]
    if owner == ["your"] or owner == ["his"] and who is fx.Who.OPPONENT:
        return [fx.SkipTurn(who)]
    if owner in (["your", "opponent's"], ["opponent's"]):
        return [fx.SkipTurn(fx.Who.OPPONENT)]
    raise Unsupported(f"skip {' '.join(said)!r}")


def _win(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if not (isinstance(obj, Phrase) and obj.kind == "game_obj") or who is not fx.Who.YOU:
        raise Unsupported(f"win {' '.join(words(action)[1:])!r}")
    how = _arg(action, "via")
    _only_args(action, ("via",))
    return [fx.WinGame(" ".join(w for w in words(how)[1:] if w not in ("a", "victory", "condition")) if how else "effect")]


def _look(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    _only_args(action, ())
    if isinstance(obj, Phrase) and obj.kind == "zone_obj":
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.HAND,):
            return [fx.LookAt(zones.who, fx.Zone.HAND)]
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        zones = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        if zones.zones == (fx.Zone.ARSENAL,):
            return [fx.LookAt(zones.who, fx.Zone.ARSENAL, _number(nums[0]) if nums else 1)]
    raise Unsupported(f"look at {' '.join(words(obj))!r}")


def _search(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, ZoneRef):  # "look through your Arsenal for ..."
        obj = Phrase("zone_obj", (obj,))
    elif isinstance(obj, Phrase) and obj.kind == "through_arg":  # "search through your Arsenal"
        obj = Phrase("zone_obj", tuple(c for c in obj.parts if isinstance(c, ZoneRef)))
    if not (isinstance(obj, Phrase) and obj.kind == "zone_obj"):
        raise Unsupported(f"search {' '.join(words(action)[1:])!r}")
    zones = _zone_in(obj)
    _only_args(action, ("for_card",))
    wanted = _arg(action, "for_card")
    cards = next((p for p in wanted.parts if isinstance(p, Cards)), None) if wanted else None
    flt = _filter(_cards(cards)) if cards is not None else fx.ANY_CARD
    search = fx.Search(zones.who, zones.zones, flt)
    seq.last = search
    return [search]


def _reveal(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    rest = [p for p in action.parts[1:] if not (isinstance(p, Phrase) and p.kind == "to_player")]
    if _pronoun(action) in ("it", "them") and isinstance(seq.last, fx.Search) and not rest:
        return []  # the searched card is shown as it is found
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "zone_obj" and not rest:
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.HAND,) and (who is fx.Who.OPPONENT or zones.who is fx.Who.OPPONENT):
            return [fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND)]
        if zones.zones == (fx.Zone.HAND,):
            return []  # your own hand shown to the opponent: nothing the engine hides from him changes play
    raise Unsupported(f"reveal {' '.join(words(action)[1:])!r}")


def _put(action: Action, who: fx.Who, seq: _Seq, card: CardFacts, shuffle: bool = False) -> list[Any]:
    pronoun = _pronoun(action)
    dest_arg = _arg(action, "into_arg") or _arg(action, "bottom_arg") or _arg(action, "top_arg") \
        or _arg(action, "back_on_top")
    _only_args(action, ("from_arg", "into_arg", "bottom_arg", "top_arg", "back_on_top", "of_choice"))
    if dest_arg is None:
        raise Unsupported(f"{action.verb} without a destination")
    dest = _zone_in(dest_arg)
    if len(dest.zones) != 1:
        raise Unsupported("a destination of several zones")
    position = fx.Position.SHUFFLE if shuffle else (
        fx.Position.BOTTOM if dest_arg.kind == "bottom_arg" else fx.Position.TOP)
    if pronoun is not None and isinstance(seq.last, _Taken):
        taken, seq.last = seq.last, None
        return _move_taken(taken, dest, position)
    if pronoun is not None:
        if isinstance(seq.last, fx.Search) and dest.zones == (fx.Zone.HAND,) and dest.who is seq.last.who:
            return []  # "search ... for a card, put it into your hand": the search's own end
        if pronoun in ("this card", "it") and seq.last is None and dest.zones == (fx.Zone.RINGSIDE,):
            return [fx.DiscardThis()]
        if pronoun in ("this card", "it") and seq.last is None and dest.zones == (fx.Zone.ARSENAL,):
            return [fx.ReturnThis(position)]
        raise Unsupported(f"{action.verb} {pronoun!r} (what it stands for)")
    obj = action.parts[0] if action.parts else None
    if isinstance(seq.last, fx.Search) and dest.zones == (fx.Zone.HAND,) and _arg(action, "from_arg") is None \
            and (_object_cards(action) or _Desc()).count == fx.ONE:
        return []  # "search through your Arsenal and put 1 card into your hand": the search's own pick
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        src = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        n = _number(nums[0]) if nums else 1
        if src.zones == (fx.Zone.ARSENAL,) and dest.zones == (fx.Zone.RINGSIDE,) and src.who is dest.who:
            return [fx.MillTop(src.who if who is fx.Who.YOU else who, n)]
        raise Unsupported("moving the top cards of a zone elsewhere than the Ringside pile")
    d = _object_cards(action)
    src_arg = _arg(action, "from_arg")
    if d is None or src_arg is None:
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    src = _zone_in(src_arg)
    if len(src.zones) != 1 or src.who is not dest.who:
        raise Unsupported("a move between two players' zones or from several zones")
    if src.zones == dest.zones:
        raise Unsupported("a move within one zone")
    mover = src.who if who is fx.Who.YOU else who
    chooser = fx.Who.YOU if who is fx.Who.YOU else who
    return [fx.MoveCards(mover, d.count, src.zones[0], dest.zones[0], position, chooser=chooser, filter=_filter(d))]


@dataclass(frozen=True, slots=True)
class _Taken:
    """Cards taken ("take the top card of your Arsenal", "remove 1 maneuver in his Ring area"), waiting
    for the "put it ..." that says where they go."""

    who: fx.Who
    count: fx.Count
    source: fx.Zone
    filter: fx.CardFilter
    top: bool = False


def _take(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        src = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        _only_args(action, ())
        seq.last = _Taken(src.who, fx.Count(_number(nums[0]) if nums else 1), src.zones[0], fx.ANY_CARD, top=True)
        return []
    d = _object_cards(action)
    where = _arg(action, "into_arg") or _arg(action, "from_arg")
    _only_args(action, ("into_arg", "from_arg"))
    if d is None or where is None:
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    src = _zone_in(where)
    if len(src.zones) != 1 or words(where)[0] not in ("in", "from"):
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    seq.last = _Taken(src.who, d.count, src.zones[0], _filter(d))
    return []


def _move_taken(taken: _Taken, dest: _Zones, position: fx.Position) -> list[Any]:
    if dest.who is not taken.who or len(dest.zones) != 1:
        raise Unsupported("cards put into another player's zone")
    if taken.top:
        if taken.source is fx.Zone.ARSENAL and dest.zones == (fx.Zone.RINGSIDE,) and taken.count.n:
            return [fx.MillTop(taken.who, taken.count.n)]
        raise Unsupported("the top cards of a zone put elsewhere than the Ringside pile")
    if taken.source is dest.zones[0]:
        raise Unsupported("a move within one zone")
    return [fx.MoveCards(taken.who, taken.count, taken.source, dest.zones[0], position, filter=taken.filter)]


def _overturn(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"Overturn 2 cards": the top cards of your Arsenal into your Ringside pile (damage to yourself)."""
    obj = action.parts[0] if action.parts else None
    _only_args(action, ())
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        src = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        if src.zones == (fx.Zone.ARSENAL,):
            return [fx.MillTop(src.who if who is fx.Who.YOU else who, _number(nums[0]) if nums else 1)]
    d = _object_cards(action)
    if d is not None and d.count.n and not (d.types or d.subtypes or d.title or d.trait) and not d.count.up_to:
        return [fx.MillTop(who, d.count.n)]
    raise Unsupported(f"overturn {' '.join(words(action)[1:])!r}")


def _arrange(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"look at the top 5 cards of your Arsenal ... arrange them in any order"."""
    looked = seq.last
    if _pronoun(action) != "them" or not isinstance(looked, fx.LookAt) or looked.zone is not fx.Zone.ARSENAL \
            or not looked.n:
        raise Unsupported(f"arrange {' '.join(words(action)[1:])!r}")
    _only_args(action, ("any_order",))
    return [fx.Arrange(looked.who, looked.n)]


def _choose(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"choose and discard 1 card from his hand": the choosing is the discard's own."""
    if action.parts:
        raise Unsupported(f"choose {' '.join(words(action)[1:])!r}")
    return []


def _play(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"Play after a successfully played maneuver": a play requirement."""
    after = _arg(action, "after_arg")
    d = _object_cards(action)
    if who is fx.Who.YOU and d is not None and d.title and _arg(action, "before_playing") is not None \
            and len(action.parts) == 2:  # "you must play the card titled X before playing this card"
        return [fx.PlayRequirement(fx.After(title=d.title))]
    as_if = _arg(action, "as_if")
    if who is fx.Who.YOU and d is not None and d.title and after is not None and as_if is not None \
            and find(after, "prior_this") is not None and len(action.parts) == 3:
        # "you may play the card titled X after this card as if it were a Submission maneuver"
        kind = next((p for p in as_if.parts if isinstance(p, CardDesc)), None)
        like = _desc(kind) if kind is not None else _Desc()
        if len(like.subtypes) == 1 and not (like.title or like.trait):
            return [_FollowUp(fx.AllowsFollowUp(d.title, like.subtypes[0]))]
    if after is None or len(action.parts) != 1 or who is not fx.Who.YOU:
        raise Unsupported(f"play {' '.join(words(action)[1:])!r}")
    return [fx.PlayRequirement(_prior(after))]


@dataclass(frozen=True, slots=True)
class _FollowUp:
    """A permission the card gives (a clause of its own, whatever "you may" says)."""

    clause: fx.AllowsFollowUp


def _make_do(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"force your opponent to discard 2 cards": the inner verb phrase, said by that player."""
    player = next((p for p in action.parts if isinstance(p, Phrase) and p.kind == "player"), None)
    inner = next((p for p in action.parts if isinstance(p, Phrase) and p.kind == "verb_phrase"), None)
    if player is None or inner is None or who is not fx.Who.YOU:
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    said = words(player)
    if said not in (["opponent"], ["your", "opponent"], ["him"], ["his", "opponent"]):
        raise Unsupported(f"{action.verb} {' '.join(said)!r}")
    verb = inner.parts[0] if inner.parts else None
    if not (isinstance(verb, Phrase) and verb.kind == "verb"):
        raise Unsupported(f"{action.verb} {' '.join(words(inner))!r}")
    nested = Action((), " ".join(words(verb)), inner.parts[1:])
    return _verb(nested, fx.Who.OPPONENT, seq, card)


def _shuffle(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "zone_obj" and len(action.parts) == 1:
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.ARSENAL,):
            return [fx.Shuffle(zones.who if who is fx.Who.YOU else who)]
    if obj is None:
        return [fx.Shuffle(who)]
    return _put(action, who, seq, card, shuffle=True)


def _reverse(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    if not card.is_reversal or who is not fx.Who.YOU:
        raise Unsupported("'reverse' on a card that is no reversal")
    if not action.parts or not (isinstance(action.parts[0], Phrase) and action.parts[0].kind == "counted"):
        raise Unsupported(f"reverse {' '.join(words(action)[1:])!r}")
    _only_args(action, ())
    return _reverses(action, card)


def _reverses(node: object, card: CardFacts) -> list[Any]:
    """"Reverse the card titled X, Y or Z": one reversal clause per title; else one for the description."""
    found = _find_cards(node)
    titles = [v for v in found.parts if isinstance(v, Value) and v.kind is ValueKind.TITLE]
    desc = next((p for p in found.parts if isinstance(p, CardDesc)), None)
    if desc is not None and not titles:
        posts = [p for p in desc.posts if find(p, "titled") is not None]
        if posts and len(desc.posts) == 1 and not desc.words and desc.nouns in (("card",), ("maneuver",)):
            titles = values(posts[0], ValueKind.TITLE)
    if len(titles) > 1:
        return [fx.Reverses(fx.Target(card_types=_played_as(t.text, card), title=t.text)) for t in titles]
    target = _target(_cards(found))
    if target.title is not None and (desc is None or desc.nouns == ("card",)):  # whatever X is played as
        target = replace(target, card_types=_played_as(target.title, card))
    return [fx.Reverses(target)]


def _played_as(title: str, card: CardFacts) -> tuple[CardType, ...]:
    return card.played_as.get(title) or (CardType.MANEUVER, CardType.ACTION)


def _find_cards(node: object) -> Cards:
    if isinstance(node, Cards):
        return node
    for child in _children(node):
        found = _find_cards_or_none(child)
        if found is not None:
            return found
    raise Unsupported(f"what {' '.join(words(node))!r} reverses")


def _find_cards_or_none(node: object) -> Cards | None:
    try:
        return _find_cards(node)
    except Unsupported:
        return None


_VERBS = {
    "draw": _draw, "discard": _discard, "end": _end, "skip": _skip, "win": _win, "look at": _look,
    "search": _search, "reveal": _reveal, "put": _put, "shuffle": _shuffle, "reverse": _reverse,
    "take": _take, "remove": _take, "overturn": _overturn, "choose": _choose, "play": _play,
    "force": _make_do, "make": _make_do, "look through": _search, "return": _put, "arrange": _arrange,
}


# -------------------------------------------------------------------------------------- statements
@dataclass(frozen=True, slots=True)
class _SelfStat:
    stat: fx.Stat
    amount: int
    condition: fx.Condition | None = None


@dataclass(frozen=True, slots=True)
class _DeckRule:
    """A sentence about deck building ("Can only be packed by X"): checked by the deck rules, no play effect."""


def _statement(st: Statement, card: CardFacts, seq: _Seq) -> list[Any]:
    if seq.next_card is not None and st.kind == "stats_are":
        return _next_card_is(st, seq.next_card)
    handler = _STATEMENTS.get(st.kind)
    if handler is None:
        raise Unsupported(f"the statement {st.kind.replace('_', ' ')!r}")
    return handler(st, card)


def _tails(st: Statement) -> list[Phrase]:
    return [p for p in st.parts if isinstance(p, Phrase) and p.kind.endswith(("_tail", "or_if", "or_by", "or_when", "or_after"))]


def _irreversible(st: Statement, card: CardFacts) -> list[Any]:
    tails = _tails(st)
    holder = find(st, "holder")
    ref = find(holder, "next_ref") if holder is not None else None
    if ref is not None and words(ref) in (["your", "next", "maneuver"], ["your", "next", "maneuver", "this", "turn"]) \
            and not tails:  # "your next maneuver may not be reversed"
        return [fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_MANEUVER))]
    if len(tails) > 1 or _holder_other(st):
        raise Unsupported(f"'cannot be reversed' {' '.join(words(st))!r}")
    if tails:
        return [fx.Irreversible(condition=_tail_condition(tails[0]))]
    return [fx.Irreversible()]


def _only_reversed(st: Statement, card: CardFacts) -> list[Any]:
    """"Can only be reversed from your opponent's Arsenal" (or hand): the other source is stopped."""
    tails = _tails(st)
    if not 1 <= len(tails) <= 2 or tails[0].kind != "from_tail" or _holder_other(st):
        raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")
    zones = _zone_in(tails[0])
    if len(tails) == 2:  # "... from your opponent's Arsenal when played after the card titled Irish Whip"
        narrowed = _only_reversed(Statement(st.kind, tuple(p for p in st.parts if p is not tails[1])), card)
        return [replace(narrowed[0], condition=_tail_condition(tails[1]))]
    if zones.who is not fx.Who.OPPONENT or len(zones.zones) != 1:
        raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")
    if zones.zones == (fx.Zone.ARSENAL,):
        return [fx.Irreversible(from_arsenal=False)]
    if zones.zones == (fx.Zone.HAND,):
        return [fx.Irreversible(from_hand=False)]
    raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")


def _reversals_to(st: Statement, card: CardFacts) -> list[Any]:
    """"Reversals to this maneuver are +2D"."""
    desc = next((p for p in st.parts if isinstance(p, CardDesc)), None)
    this = find(st, "self_ref")
    stats = find(st, "stats")
    if desc is None or desc.nouns != ("reversal",) or desc.words or desc.posts or this is None or stats is None \
            or words(this) not in (["this", "maneuver"], ["this", "card"]) or _tails(st):
        raise Unsupported(f"{' '.join(words(st))!r}")
    amounts = _stat_list(stats)
    if len(amounts) != 1 or amounts[0][0] is not fx.Stat.DAMAGE:
        raise Unsupported("reversals to this card changed other than by +D")
    return [fx.ReversalBonus(amounts[0][1])]


def _holder_other(st: Statement) -> bool:
    holder = next((p for p in st.parts if isinstance(p, Phrase) and p.kind == "holder"), None)
    return holder is not None and words(holder) not in (["this", "card"], ["this"], ["this", "maneuver"])


def _prior(node: object) -> fx.After:
    """"after a 5D or greater maneuver", "after a Strike maneuver", "after the card titled X"."""
    prior = find(node, "prior")
    if prior is None or len(prior.parts) != 1:
        raise Unsupported("a play after one of several cards")
    one = prior.parts[0]
    if isinstance(one, Phrase) and one.kind == "prior_success":
        desc = next((p for p in one.parts if isinstance(p, CardDesc)), None)
        if desc is None or len(one.parts) > 4:
            raise Unsupported("a play after several kinds of card")
        d = _desc(desc)
    elif isinstance(one, Phrase) and one.kind == "prior_card":
        d = _cards(next(p for p in one.parts if isinstance(p, Cards)))
    else:
        raise Unsupported(f"a play after {' '.join(words(one))!r}")
    if d.max_damage is not None or d.trait is not None or len(d.subtypes) > 1 or len(d.types) > 1:
        raise Unsupported(f"a play after {' '.join(words(one))!r}")
    card_type = d.types[0] if d.types else None
    return fx.After(card_type, d.subtypes[0] if d.subtypes else None, d.title, d.min_damage)


def condition(node: Phrase) -> fx.Condition:
    """A `condition` phrase the engine can test: a titled card in your Ring area, a lower Fortitude
    Rating than the opponent's, a hand of N or more cards, the previous card played."""
    clauses = [p for p in node.parts if isinstance(p, Phrase)]
    if len(clauses) != 1:
        raise Unsupported(f"the condition {' '.join(words(node))!r}")
    one = clauses[0]
    said = words(one)
    if one.kind in ("card_in", "has_cards") and "not" not in said:
        place = next((p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"), one)
        zones = _zone_in(one) if any(isinstance(c, ZoneRef) for c in _children(one)) else _zone_in(place)
        titles = values(one, ValueKind.TITLE)
        if zones.zones == (fx.Zone.RING,) and zones.who is fx.Who.YOU and len(titles) == 1 \
                and (one.kind == "card_in" or said[:2] == ["you", "has"]):
            return fx.InRingArea(titles[0].text)
        if one.kind == "has_cards" and said[:2] == ["you", "has"] and zones.zones == (fx.Zone.HAND,) \
                and "or more" in " ".join(said):
            nums = values(one, ValueKind.NUMBER)
            return fx.MinHandSize(_number(nums[0]))
    if one.kind == "stat_compare" and said[:5] in (["your", "fortitude rating", "is", "less", "than"],
                                                   ["your", "fortitude rating", "is", "greater", "than"]) \
            and said[5:] in (["your", "opponent's", "fortitude rating"], ["your", "opponent's"], ["his"]):
        return fx.FortitudeBelowOpponent() if said[3] == "less" else fx.FortitudeAboveOpponent()
    if one.kind == "prior_cond":
        return _prior(one)
    raise Unsupported(f"the condition {' '.join(said)!r}")


def _tail_condition(tail: Phrase) -> fx.Condition:
    """"if/when <condition>", "if played after ...", "after ..."."""
    if tail.kind in ("if_tail", "when_tail"):
        cond = next((p for p in tail.parts if isinstance(p, Phrase) and p.kind == "condition"), None)
        if cond is not None:
            return condition(cond)
    if tail.kind == "played_tail" and find(tail, "played_after") is not None \
            and words(tail)[0] in ("if", "when", "played after"):
        return _prior(tail)
    if tail.kind == "after_tail":
        return _prior(tail)
    raise Unsupported(f"the condition {' '.join(words(tail))!r}")


def _played_condition(st: Statement) -> fx.Condition | str:
    """The condition of "can only be played ..." (a Superstar name: a deck rule, said as 'deck')."""
    how = find(st, "played_how")
    if how is None or len(how.parts) != 1 or not isinstance(how.parts[0], Phrase):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    inner = how.parts[0]
    if inner.kind == "played_after":
        return _prior(inner)
    if inner.kind == "played_by":
        return "deck"
    raise Unsupported(f"'can only be played' {' '.join(words(inner))!r}")


def _only_played(st: Statement, card: CardFacts) -> list[Any]:
    extra = [p for p in st.parts if isinstance(p, Phrase) and p.kind not in ("played_how", "holder", "played_plain")]
    if _holder_other(st):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    how = find(st, "played_how")
    if how is None and len(extra) == 1 and (find(st, "played_plain") is not None or "playable" in words(st)):
        return [fx.PlayRequirement(_tail_condition(extra[0]))]  # "can only be played if ...", "playable only if ..."
    if extra:
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    cond = _played_condition(st)
    if cond == "deck":
        return [_DeckRule()]  # "Can only be played by X": only X's deck may hold it
    assert not isinstance(cond, str)
    return [fx.PlayRequirement(cond)]


_STATS = {"D": fx.Stat.DAMAGE, "F": fx.Stat.FORTITUDE}


def _stat_list(node: object) -> list[tuple[fx.Stat, int]]:
    out = []
    for v in _leaves(node):  # in printed order
        if isinstance(v, Value) and v.kind in (ValueKind.DAMAGE, ValueKind.FORTITUDE):
            out.append((fx.Stat.DAMAGE if v.kind is ValueKind.DAMAGE else fx.Stat.FORTITUDE, _number(v)))
    if not out or values(node, ValueKind.SIGNED):
        raise Unsupported(f"the amounts {' '.join(words(node))!r}")
    return out


def _stats_are(st: Statement, card: CardFacts) -> list[Any]:
    holder = next((p for p in st.parts if isinstance(p, Phrase) and p.kind == "holder"), None)
    stats = next((p for p in st.parts if isinstance(p, Phrase) and p.kind == "stats"), None)
    if holder is None or stats is None:
        raise Unsupported(f"{' '.join(words(st))!r}")
    tails = _tails(st)
    inner = holder.parts[0] if holder.parts else None
    if isinstance(inner, Phrase) and inner.kind == "self_ref":
        if len(tails) > 1 or any(w in words(st) for w in ("instead", "also")):
            raise Unsupported(f"{' '.join(words(st))!r}")
        cond = _tail_condition(tails[0]) if tails else None
        return [_SelfStat(stat, n, cond) for stat, n in _stat_list(stats)]
    if isinstance(inner, Phrase) and inner.kind == "next_ref" and not tails:
        return [_next_card_modifier(inner, stats)]
    if isinstance(inner, Phrase) and inner.kind == "card_group":
        return [_group_modifier(inner, stats, tails)]
    raise Unsupported(f"the amounts of {' '.join(words(holder))!r}")


def _next_card_modifier(ref: Phrase, stats: Phrase) -> Any:
    """"Your next maneuver this turn is +2D", "your next Strike maneuver is +3D"."""
    said = words(ref)
    if said[:2] != ["your", "next"] or any(isinstance(p, Value) and p.kind is ValueKind.NUMBER for p in ref.parts):
        raise Unsupported(f"{' '.join(said)!r}")
    desc = next((p for p in ref.parts if isinstance(p, CardDesc)), None)
    d = _desc(desc) if desc is not None else _Desc()
    if d.title or d.trait or d.max_damage or d.min_damage or len(d.subtypes) > 1 or d.types not in ((), (CardType.MANEUVER,)):
        raise Unsupported(f"{' '.join(said)!r}")
    amounts = _stat_list(stats)
    if len(amounts) != 1:
        raise Unsupported("a next card's amounts other than one +D or one F")
    stat, n = amounts[0]
    if not d.types and stat is fx.Stat.FORTITUDE:  # "your next card played is -5F": whatever it is
        return fx.Modify(fx.Modifier(stat, n, fx.Duration.NEXT_CARD, card_type=None))
    if stat is not fx.Stat.DAMAGE:
        raise Unsupported("a next maneuver's F")
    duration = fx.Duration.NEXT_MANEUVER if d.types == (CardType.MANEUVER,) and not d.subtypes else fx.Duration.NEXT_CARD
    return fx.Modify(fx.Modifier(stat, n, duration, subtype=d.subtypes[0] if d.subtypes else None))


@dataclass(frozen=True, slots=True)
class _GroupMod:
    """"All your Strike maneuvers are +2D": a modifier whose lifetime the context decides (while this
    card is in the Ring area) unless the sentence says it ("for the rest of the turn", "next turn")."""

    modifier: fx.Modifier
    said: bool


def _group_modifier(group: Phrase, stats: Phrase, tails: list[Phrase]) -> _GroupMod:
    said = words(group)
    if said[:1] == ["all"]:
        said = said[1:]
        if said[:1] not in (["his"], ["their"], ["opponent's"], ["your"]) and said[:2] != ["your", "opponent's"]:
            said = ["your", *said]  # "all Strike maneuvers are +1D": the card's owner's
    if said[:1] != ["your"] or said[:2] == ["your", "opponent's"]:
        raise Unsupported(f"the amounts of {' '.join(words(group))!r}")
    desc = next((p for p in group.parts if isinstance(p, CardDesc)), None)
    d = _desc(desc) if desc is not None else _Desc()
    if d.title or d.trait or d.max_damage or d.min_damage or d.not_trait or d.not_subtypes or len(d.subtypes) > 1 \
            or d.types not in ((CardType.MANEUVER,),):
        raise Unsupported(f"the amounts of {' '.join(words(group))!r}")
    amounts = _stat_list(stats)
    if len(amounts) != 1 or amounts[0][0] is not fx.Stat.DAMAGE:
        raise Unsupported("a group's amounts other than one +D")
    duration, said_it = fx.Duration.WHILE_IN_RING, False
    for tail in tails:
        if tail.kind == "for_the_rest_tail" or words(tail) == ["this", "turn"]:
            duration, said_it = fx.Duration.REST_OF_TURN, True
        elif tail.kind == "during_tail" and words(tail)[-2:] == ["next", "turn"]:
            duration, said_it = fx.Duration.NEXT_TURN, True
        else:
            raise Unsupported(f"the lifetime {' '.join(words(tail))!r}")
    stat, n = amounts[0]
    return _GroupMod(fx.Modifier(stat, n, duration, subtype=d.subtypes[0] if d.subtypes else None), said_it)


def _reverse_only(st: Statement, card: CardFacts) -> list[Any]:
    if not card.is_reversal or _tails(st):
        raise Unsupported(f"{' '.join(words(st))!r}")
    return _reverses(st, card)


def _no_damage(st: Statement, card: CardFacts) -> list[Any]:
    return [fx.NoDamage()]


def _deck_rule(st: Statement, card: CardFacts) -> list[Any]:
    return [_DeckRule()]


def _played_before(st: Statement, card: CardFacts) -> list[Any]:
    titles = values(st, ValueKind.TITLE)
    if len(titles) != 1:
        raise Unsupported("'must be played before' naming several cards")
    return [fx.PlayRequirement(fx.After(title=titles[0].text))]


_STATEMENTS = {
    "irreversible": _irreversible, "only_played": _only_played, "stats_are": _stats_are,
    "reverse_only": _reverse_only, "no_damage": _no_damage, "pack_never": _deck_rule, "pack_only": _deck_rule,
    "pack_also": _deck_rule, "sheet": _deck_rule, "played_before": _played_before,
    "only_reversed": _only_reversed, "reversals_to": _reversals_to, "must_play": _only_played,
}


# ------------------------------------------------------------------------------------------ frames
@dataclass(frozen=True, slots=True)
class _Ctx:
    kind: str = "play"  # "play", "reverse", "ring" (while this card is in the Ring area) or "ring start"
    as_type: CardType | None = None
    success: bool = False
    from_hand: bool = False


def _frames(frames: Sequence[Frame], ctx: _Ctx | None, card: CardFacts) -> _Ctx | None:
    for frame in frames:
        if frame.kind == "as_kind":
            said = " ".join(w for w in words(frame) if w not in ("as", "a", "an"))
            if said == "reversal":
                ctx = _Ctx("reverse")
            elif said in ("action", "maneuver"):
                ctx = _Ctx("play", as_type=_TYPES[said])
            else:
                raise Unsupported(f"'as a {said}'")
        elif frame.kind == "on_success" and words(frame) == ["when", "successfully", "played"]:
            ctx = _Ctx("play", as_type=ctx.as_type if ctx else None, success=True)
        elif frame.kind == "while_in" and _in_own_ring(frame, card):
            ctx = _Ctx("ring")
        elif frame.kind == "when_cond" and _this_in_ring(frame):
            ctx = _Ctx("ring")
        elif frame.kind == "at_edge" and ctx is not None and ctx.kind == "ring" \
                and words(frame) == ["at", "the", "start", "of", "your", "turn"]:
            ctx = _Ctx("ring start")
        elif card.is_superstar and frame.kind == "at_edge" and words(frame) == ["at", "the", "start", "of", "your", "turn"]:
            ctx = _Ctx("ability start")
        elif card.is_superstar and frame.kind == "once_during" and words(frame) in (
                ["once", "during", "each", "of", "your", "turn"], ["once", "during", "your", "turn"],
                ["once", "per", "turn"], ["once", "a", "turn"], ["once", "each", "turn"]):
            ctx = _Ctx("ability once")
        elif frame.kind == "before_phase" and ctx is not None and ctx.kind in ("ring start", "ability start") \
                and words(frame) == ["before", "your", "draw segment"]:
            continue  # the start of the turn is before the draw segment
        elif frame.kind == "at_edge" and words(frame) in (["at", "end", "of", "turn"], ["at", "the", "end", "of", "turn"],
                                                          ["at", "the", "end", "of", "your", "turn"],
                                                          ["at", "the", "end", "of", "the", "turn"]):
            ctx = _Ctx("end of turn")
        elif frame.kind in ("then", "in_addition"):
            continue  # order and addition: the sentence simply follows
        elif frame.kind == "if_so" and card.is_reversal:
            ctx = _Ctx("reverse")
        elif frame.kind in ("if_played", "on_play") and words(frame) in (["if", "played from", "your", "hand"],
                                                                           ["when", "played from", "your", "hand"]) \
                and card.is_reversal:
            ctx = _Ctx("reverse", from_hand=True)
        else:
            raise Unsupported(f"the opening {' '.join(words(frame))!r}")
    return ctx


def _in_own_ring(frame: Frame, card: CardFacts) -> bool:
    this = find(frame, "this_card")
    ref = next((p for p in frame.parts if isinstance(p, ZoneRef)), None)
    own = this is not None and (words(this) == ["this", "card"] or (bool(card.title) and words(this) == [card.title]))
    return own and ref is not None \
        and _zone(ref) == _Zones(fx.Who.YOU, (fx.Zone.RING,))


def _this_in_ring(frame: Frame) -> bool:
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not (isinstance(one, Phrase) and one.kind == "this_is") or words(one)[:3] != ["this", "card", "is"]:
        return False
    zone = find(one, "in_zone_event")
    return zone is not None and _zone_in(zone) == _Zones(fx.Who.YOU, (fx.Zone.RING,))


# ------------------------------------------------------------------------------------------ sentences
def _items(sentence: Sentence, card: CardFacts, seq: _Seq) -> list[Any]:
    """The sentence's items lowered, joined: "or" between two actions is a choice."""
    groups: list[list[Any]] = [[]]
    either = False
    joined: list[str] = []
    may: int | None = None  # where the open "you may ..." stands in the group: it runs on until "then"
    for item in sentence.items:
        if isinstance(item, Phrase) and item.kind == "joiner":
            joined = words(item)
            if "or" in joined:
                groups.append([])
                either, may = True, None
            continue
        if isinstance(item, Action):
            out = _action(item, seq, card)
            if out:
                last = out[-1]
                seq.last = last.actions[-1] if isinstance(last, fx.Optional) and last.actions else last
            group = groups[-1]
            modal = [words(p) for p in item.subject if isinstance(p, Phrase) and p.kind == "modal"]
            if modal == [["must", "first"]] and group and isinstance(group[-1], fx.Reverses) and out:
                group[-1] = replace(group[-1], cost=tuple(out))  # "reverse ..., but you must first discard 1 card"
                continue
            if may is not None and out and not item.subject and "then" not in joined:
                opt = group[may]
                group[may] = fx.Optional((*opt.actions, *out))
                continue
            if item.subject or "then" in joined:
                may = None
            if len(out) == 1 and isinstance(out[0], fx.Optional) and modal in ([["may"]], [["may", "then"]]):
                may = len(group)
            group += out
        elif isinstance(item, Statement):
            groups[-1] += _statement(item, card, seq)
        else:
            raise Unsupported(f"{' '.join(words(item))!r}")
    groups = [_shuffled_in(g) for g in groups]
    if not either:
        return groups[0]
    if any(not g or not all(isinstance(a, _ACTIONS) for a in g) for g in groups):
        raise Unsupported("a choice between things that are not actions")
    first = groups[0][0]
    if isinstance(first, fx.Optional) and len(groups[0]) == 1:  # "you may either A or B": the choice is the may
        groups[0] = list(first.actions)
    return [fx.Choice(tuple(tuple(g) for g in groups))]


def _shuffled_in(actions: list[Any]) -> list[Any]:
    """"Put this card back in your Arsenal, shuffle": cards put into an Arsenal that is shuffled right
    after are shuffled in (the course profile then puts them at the bottom, as it does every shuffle-in)."""
    out = list(actions)
    for i, (a, b) in enumerate(zip(actions, actions[1:])):
        if not isinstance(b, fx.Shuffle):
            continue
        if isinstance(a, fx.ReturnThis) and a.position is fx.Position.TOP and b.who is fx.Who.YOU:
            out[i] = fx.ReturnThis(fx.Position.SHUFFLE)
        elif isinstance(a, fx.MoveCards) and a.dest is fx.Zone.ARSENAL and a.position is fx.Position.TOP \
                and a.who is b.who:
            out[i] = replace(a, position=fx.Position.SHUFFLE)
    return out


_ACTIONS = (fx.Draw, fx.Discard, fx.DiscardThis, fx.ReturnThis, fx.MillTop, fx.MoveCards, fx.Search, fx.Shuffle,
            fx.LookAt, fx.Arrange, fx.SkipTurn, fx.EndTurn, fx.WinGame, fx.Modify, fx.EqualizeFortitude,
            fx.Choice, fx.Optional, fx.HoldSubmission)


def lower_sentence(sentence: Sentence, ctx: _Ctx | None, card: CardFacts,
                   seq: _Seq | None = None) -> tuple[_Ctx | None, list[Any]]:
    """(the context it leaves open, its parts): raises `Unsupported`. `seq`: what the card's earlier
    sentences left for pronouns ("look at the top 5 cards ... You may arrange them")."""
    meaningful = [w for w in sentence.ignored if not w.casefold().endswith("ly")]
    if meaningful:  # a manner adverb ("quickly") changes no rule; any other word might
        raise Unsupported(f"the unknown word {meaningful[0]!r}")
    frames = list(sentence.frames)
    seq = seq or _Seq()
    seq.next_card = seq.condition = None
    if frames and frames[-1].kind == "if_cond" and find(frames[-1], "next_is") is not None:
        seq.next_card = _next_is(frames.pop())
    elif frames and frames[-1].kind in ("if_cond", "when_cond") and not _this_in_ring(frames[-1]):
        cond = find(frames[-1], "condition")
        if cond is not None and isinstance(cond, Phrase):
            seq.condition = condition(cond)
            frames.pop()
    new = _frames(frames, ctx, card)
    parts = _items(sentence, card, seq)
    if seq.condition is not None:
        parts = [_conditioned(p, seq.condition) for p in parts]
    if any(f.kind == "as_kind" for f in frames) and new is not None and new.as_type is CardType.ACTION:
        # "As an action, you may discard this card to draw 1 card": choosing to play it as an action is the may
        parts = [a for p in parts for a in (p.actions if isinstance(p, fx.Optional) else (p,))]
    return new, parts


def _conditioned(part: Any, cond: fx.Condition) -> Any:
    """An opening "if/when <condition>," on what can hold a condition: this card's own F/D, its "cannot be
    reversed", its play requirement."""
    if isinstance(part, _SelfStat) and part.condition is None:
        return replace(part, condition=cond)
    if isinstance(part, fx.Irreversible) and part.condition is None:
        return replace(part, condition=cond)
    raise Unsupported("a condition on an effect the engine cannot make conditional yet")


def _next_is(frame: Frame) -> _Desc:
    """"if your next card played this turn is a Strike maneuver": which card the next sentence changes."""
    cond = find(frame, "next_is")
    assert cond is not None
    ref = find(cond, "next_ref")
    cards = next((p for p in cond.parts if isinstance(p, Cards)), None)
    if ref is None or cards is None or words(ref)[:3] != ["your", "next", "card"] or len(cond.parts) != 3:
        raise Unsupported(f"the condition {' '.join(words(cond))!r}")
    d = _cards(cards)
    if d.title or d.trait or d.not_trait or d.not_subtypes or d.min_damage or len(d.subtypes) > 1 \
            or d.types != (CardType.MANEUVER,):
        raise Unsupported(f"the condition {' '.join(words(cond))!r}")
    return d


def _next_card_is(st: Statement, d: _Desc) -> list[Any]:
    holder = find(st, "holder")
    stats = find(st, "stats")
    if holder is None or stats is None or words(holder) != ["it"] or _tails(st):
        raise Unsupported(f"{' '.join(words(st))!r}")
    amounts = _stat_list(stats)
    if len(amounts) != 1 or amounts[0][0] is not fx.Stat.DAMAGE:
        raise Unsupported("a next card's amounts other than one +D")
    return [fx.Modify(fx.Modifier(fx.Stat.DAMAGE, amounts[0][1], fx.Duration.NEXT_CARD,
                                  subtype=d.subtypes[0] if d.subtypes else None, max_damage=d.max_damage))]


def lower(compiled: CompiledText, card: CardFacts, starts: Sequence[int] = ()) -> LoweredText:
    """Lower every sentence; the effect only when all parsed and lowered (else the reasons).
    `starts`: each sentence's offset in the card text (for the columns of what did not lower)."""
    ctx: _Ctx | None = None
    clauses: list[Any] = []
    bad: list[Unlowered] = []
    offsets = [s + 1 for s in starts] if len(starts) == len(compiled.sentences) else [1] * len(compiled.sentences)
    seq = _Seq()
    for sentence, column in zip(compiled.sentences, offsets):
        if isinstance(sentence, SentenceFailure):
            bad.append(Unlowered(sentence.column, sentence.sentence, PARSE_FAILED + sentence.message()))
            continue
        try:
            new, parts = lower_sentence(sentence, ctx, card, seq)
            ctx = _assemble(clauses, parts, new or _Ctx(), card)
        except Unsupported as exc:
            bad.append(Unlowered(column, _said(sentence), exc.reason))
    if bad:
        return LoweredText(None, tuple(bad))
    try:
        ability, rest = _ability(clauses)
    except Unsupported as exc:
        return LoweredText(None, (Unlowered(1, "", exc.reason),))
    return LoweredText(fx.CardEffect(tuple(rest)), ability=ability)


def _said(sentence: Sentence) -> str:
    from rawdeal.effects.classic.render import render_sentence

    return render_sentence(sentence)


def _assemble(clauses: list[Any], parts: list[Any], ctx: _Ctx, card: CardFacts) -> _Ctx:
    """Each part into its clause: actions join the context's `OnPlay` / `OnReverse` (consecutive
    sentences in one context make one clause), a `Reverses` opens the reversal context."""
    for part in parts:
        if isinstance(part, fx.Reverses):
            if ctx.kind == "reverse" and ctx.from_hand:  # "If played from your hand, may reverse ..."
                part = replace(part, from_hand_only=True)
            ctx = _Ctx("reverse", from_hand=part.from_hand_only)
            clauses.append(part)
        elif isinstance(part, _GroupMod) and ctx.kind == "ring" and not part.said:
            clauses.append(fx.WhileInRing(part.modifier))
        elif isinstance(part, _GroupMod) and ctx.kind in ("play", "reverse") and part.said:
            _add_action(clauses, fx.Modify(part.modifier), ctx)
        elif isinstance(part, _GroupMod):
            raise Unsupported("a modifier without a lifetime outside the Ring area")
        elif ctx.kind == "ring start" and isinstance(part, _ACTIONS):
            last = clauses[-1] if clauses else None
            if isinstance(last, fx.Triggered) and last.trigger is fx.Trigger.START_OF_TURN:
                clauses[-1] = replace(last, actions=(*last.actions, part))
            else:
                clauses.append(fx.Triggered(fx.Trigger.START_OF_TURN, (part,), zone=fx.Zone.RING))
        elif ctx.kind.startswith("ability") and isinstance(part, _ACTIONS):
            clauses.append(_AbilityPart(ctx.kind, part))
        elif ctx.kind == "end of turn" and isinstance(part, _ACTIONS):
            last = clauses[-1] if clauses else None
            if isinstance(last, fx.Delayed) and last.trigger is fx.Trigger.END_OF_TURN:
                clauses[-1] = replace(last, actions=(*last.actions, part))
            else:
                clauses.append(fx.Delayed(fx.Trigger.END_OF_TURN, (part,)))
        elif isinstance(part, _FollowUp):
            clauses.append(part.clause)
        elif ctx.kind == "ring" and isinstance(part, _ACTIONS):
            raise Unsupported("an effect used from the Ring area")
        elif isinstance(part, _ACTIONS):
            _add_action(clauses, part, ctx)
        elif isinstance(part, _SelfStat):
            clauses.append(fx.StatChange(part.stat, part.amount, part.condition, ctx.as_type, on_success=ctx.success))
        elif isinstance(part, _DeckRule):
            continue
        elif isinstance(part, fx.PlayRequirement) and ctx.as_type is not None:  # "As a maneuver, can only ..."
            clauses.append(replace(part, as_type=ctx.as_type))
        else:
            clauses.append(part)
    return ctx


@dataclass(frozen=True, slots=True)
class _AbilityPart:
    """An action of a Superstar's ability, with when it is used."""

    timing: str
    action: Any


def _ability(clauses: list[Any]) -> tuple[fx.Ability | None, list[Any]]:
    """A Superstar card's ability from its lowered sentences ("Once during each of your turns you may ...",
    "At the start of your turn, before your draw segment, ..."); the card's other clauses are returned."""
    parts = [c for c in clauses if isinstance(c, _AbilityPart)]
    rest = [c for c in clauses if not isinstance(c, _AbilityPart)]
    if not parts:
        return None, rest
    if len({p.timing for p in parts}) > 1:
        raise Unsupported("an ability used at two times")
    timing = fx.AbilityTiming.ONCE_PER_TURN if parts[0].timing == "ability once" else fx.AbilityTiming.START_OF_TURN
    actions = [p.action for p in parts]
    optional = False
    first = actions[0]
    if isinstance(first, fx.Optional):  # "you may ...": the whole ability is the owner's choice
        optional, actions = True, [*first.actions, *actions[1:]]
    elif isinstance(first, fx.Draw) and first.count.up_to:  # "you may draw 1 card"
        optional, actions[0] = True, fx.Draw(first.who, fx.Count(first.count.n))
    return fx.Ability(timing, tuple(actions), optional=optional), rest


def _add_action(clauses: list[Any], action: Any, ctx: _Ctx) -> None:
    last = clauses[-1] if clauses else None
    if ctx.kind == "play":
        if isinstance(last, fx.OnPlay) and last.as_type is ctx.as_type:
            clauses[-1] = fx.OnPlay((*last.actions, action), last.as_type)
        else:
            clauses.append(fx.OnPlay((action,), ctx.as_type))
    elif isinstance(last, fx.OnReverse) and last.from_hand_only == ctx.from_hand:
        clauses[-1] = fx.OnReverse((*last.actions, action), last.from_hand_only)
    else:
        clauses.append(fx.OnReverse((action,), ctx.from_hand))
