"""A printed card's marks: the properties card texts select cards by, read from the card database.

The engine's enums name the course's few keywords (`Trait`); Classic texts select by any keyword printed
in the pool ("a Heat card", "your Volley maneuvers", "non-Throwback"), by logo ("a card with the Raw logo",
"with the Eugene logo"), by "Superstar-specific" (a card with a Superstar's logo) and by "hybrid" (a card
of several types, "Strike / Action"). A mark is a plain string, so a keyword first printed in a new set
works as soon as the data carries it: nothing here lists the pool's keywords.
"""

from __future__ import annotations

from collections.abc import Iterable

from rawdeal.cards.pool.model import slug

HYBRID = "hybrid"
SUPERSTAR_SPECIFIC = "superstar-specific"
TITLE_BELT = "title-belt"
STUN_VALUE = "stun-value"
PERMANENT = "permanent"  # the keyword (rulebook: "A card with Permanent may not be removed from the Ring area")
FEMALE = "female"
MALE = "male"
# Rulebook: "All Diva Superstars are Female, but not all Female Superstars are Divas."
_IMPLIES = {"diva": (FEMALE,)}


def keyword_mark(word: str) -> str:
    """A printed keyword's mark: "Volley: 7" and "volley" are both `volley`; "Set-up" is `set-up`."""
    return slug(word.split(":")[0])


def type_mark(kind: str) -> str:
    """A type's mark ("maneuver", "action", "reversal"): "non-Maneuver cards" excludes a hybrid that is one."""
    return "type:" + slug(kind)


def fortitude_mark(f: int) -> str:
    """A printed Fortitude's mark: "an F:0 Maneuver card" is `f:0` (the value printed, whatever modifies it in play)."""
    return f"f:{f}"


def logo_mark(name: str) -> str:
    """A logo's mark: "the SmackDown! logo" and the data's "Smackdown" are both `logo:smackdown`."""
    return "logo:" + slug(name)


def card_marks(traits: Iterable[str], logos: Iterable[str], kinds: Iterable[str], title: str = "",
               modes: Iterable[str] = (), stun_value: int | None = None, fortitude: int | None = None) -> frozenset[str]:
    """The marks of a printed card: its keywords, its logos (the data files the brand logos, Raw and
    SmackDown!, among the keywords), its types (`kinds`: maneuver, action, reversal), Superstar-specific
    when it bears a Superstar's logo, hybrid when it is of several types ("Strike / Action"), a Title Belt
    (`is_title_belt`), a Stun Value ("a maneuver with Stun Value": one of at least 1) and its printed F ("an F:0
    card", `fortitude_mark`)."""
    traits, logos, kinds = tuple(traits), tuple(logos), tuple(kinds)
    marks = {keyword_mark(t) for t in traits} | {logo_mark(t) for t in (*traits, *logos)} | {type_mark(k) for k in kinds}
    for trait in traits:
        marks.update(_IMPLIES.get(keyword_mark(trait), ()))
    if logos:
        marks.add(SUPERSTAR_SPECIFIC)
    if len(kinds) > 1:
        marks.add(HYBRID)
    if is_title_belt(title, modes):
        marks.add(TITLE_BELT)
    if stun_value:
        marks.add(STUN_VALUE)
    if fortitude is not None:
        marks.add(fortitude_mark(fortitude))
    return frozenset(marks)


def is_title_belt(title: str, modes: Iterable[str]) -> bool:
    """Whether a printed card is a Title Belt. The rulebook makes Title Belts Pre-match Object cards ("Title Belt
    Card: these cards are considered Pre-match object cards"); the database files no Title Belt kind, only the
    type line and the title, so a Title Belt is a Pre-match Object whose title names a belt ("... Title Belt",
    "... Tag Team Title Belts", "WWE Championship Belt"). All of the pool's are Universally Unique, as the
    rulebook says every Title Belt is."""
    words = title.split()
    return bool(words) and words[-1].casefold() in ("belt", "belts") \
        and any(slug(mode) == "pre-match-object" for mode in modes)


def name_mark(name: str) -> str:
    """A Superstar's name as a mark: "played by The Rock", "if your opponent is Rock" are both `name:rock`
    (the leading "The" is dropped, as the deck rules compare names)."""
    return "name:" + slug(name).removeprefix("the-")


def superstar_marks(traits: Iterable[str], names: Iterable[str] = ()) -> frozenset[str]:
    """A Superstar's marks: his keywords (Diva, Legend, GM, ...) and what they imply (a Diva is female), and
    his names (`names`: his title and logos, `name_mark`). The Classic database prints no gender, so a
    Superstar is male or female only where a keyword says."""
    traits = tuple(traits)
    return frozenset({keyword_mark(t) for t in traits} | {m for t in traits for m in _IMPLIES.get(keyword_mark(t), ())}
                     | {name_mark(n) for n in names})
