"""The card database shipped with rawdeal (`rawdeal/data/*.toml`), loaded and checked once per process."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rawdeal.cards.model import REVERSES, Card, CardType, Subtype, Superstar, Trait
from rawdeal.errors import CardDataError

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

_CARD_KEYS = {"title", "types", "subtype", "reverses", "traits", "logo", "f", "d", "sv", "text"}


def normalize_title(title: str) -> str:
    """A key that ignores case, spacing and punctuation: how users misspell titles."""
    return re.sub(r"[^0-9a-z]+", "", title.casefold())


@dataclass(frozen=True)
class CardDB:
    """All cards and Superstars, indexed by title and name."""

    cards: tuple[Card, ...]
    superstars: tuple[Superstar, ...]
    by_title: dict[str, Card] = field(init=False, repr=False, compare=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    by_name: dict[str, Superstar] = field(init=False, repr=False, compare=False)
    loose: dict[str, str] = field(init=False, repr=False, compare=False)  # normalized title -> title

    def __post_init__(self) -> None:
        object.__setattr__(self, "loose", {normalize_title(c.title): c.title for c in self.cards})
        object.__setattr__(self, "by_title", {c.title: c for c in self.cards})
        object.__setattr__(self, "index", {c.title: i for i, c in enumerate(self.cards)})
        object.__setattr__(self, "by_name", {s.name: s for s in self.superstars})

    def card(self, title: str) -> Card:
        try:
            return self.by_title[title]
        except KeyError:
            raise CardDataError(f"unknown card {title!r}{suggest(title, self.by_title)}") from None

    def superstar(self, name: str) -> Superstar:
        try:
            return self.by_name[name]
        except KeyError:
            raise CardDataError(f"unknown Superstar {name!r}{suggest(name, self.by_name)}") from None

    def superstar_by_logo(self, logo: str) -> Superstar:
        return next(s for s in self.superstars if s.logo == logo)

    def resolve_title(self, text: str) -> str | None:
        """The real title a loosely written reference means ("Kane's Choke Slam"), or None."""
        return self.loose.get(normalize_title(text))


def closest(name: str, choices: Any, n: int = 3) -> list[str]:
    """The closest known names, first by normalized equality, then by similarity."""
    choices = list(choices)
    key = normalize_title(name)
    exact = [c for c in choices if normalize_title(c) == key]
    if exact:
        return exact[:n]
    keyed = {normalize_title(c): c for c in choices}
    return [keyed[k] for k in difflib.get_close_matches(key, list(keyed), n=n, cutoff=0.6)]


def suggest(name: str, choices: Any) -> str:
    """A ' (did you mean ...?)' suffix, or '' when nothing is close."""
    near = closest(name, choices)
    return f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""


def _card(raw: dict[str, Any], logos: set[str]) -> Card:
    title = raw.get("title")
    where = f"card {title!r}"
    if not isinstance(title, str) or not title:
        raise CardDataError(f"a card has no title: {raw}")
    extra = set(raw) - _CARD_KEYS
    if extra:
        raise CardDataError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
    try:
        types = tuple(CardType(t) for t in raw["types"])
        subtype = Subtype(raw["subtype"]) if "subtype" in raw else None
        traits = frozenset(Trait(t) for t in raw.get("traits", ()))
        damage = None if raw["d"] == "#" else int(raw["d"])
        card = Card(
            title=title, types=types, fortitude=int(raw["f"]), damage=damage, stun_value=int(raw["sv"]),
            subtype=subtype, reverses=raw.get("reverses"), traits=traits, logo=raw.get("logo"),
            text=raw.get("text", ""),
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise CardDataError(f"{where}: bad or missing field: {exc}") from None
    _check(card, where, logos)
    return card


def _check(card: Card, where: str, logos: set[str]) -> None:
    problems = []
    if not 1 <= len(card.types) <= 2 or len(set(card.types)) != len(card.types):
        problems.append("needs one type, or two different types for a hybrid")
    if card.is_(CardType.MANEUVER) and card.subtype is None:
        problems.append("a maneuver needs a subtype")
    if not card.is_(CardType.MANEUVER) and card.subtype is not None:
        problems.append("only maneuvers have a subtype")
    if card.is_(CardType.REVERSAL) != (card.reverses is not None):
        problems.append("a reversal, and only a reversal, says what it reverses")
    if card.reverses is not None and card.reverses not in REVERSES:
        problems.append(f"reverses must be one of {', '.join(REVERSES)}")
    if card.damage is None and not card.is_(CardType.REVERSAL):
        problems.append("only reversals may have variable damage '#'")
    if card.logo is not None and card.logo not in logos:
        problems.append(f"logo {card.logo!r} is no Superstar's")
    if {Trait.HEEL, Trait.FACE} <= card.traits:
        problems.append("a card cannot be both Heel and Face")
    if min(card.fortitude, card.printed_damage, card.stun_value) < 0:
        problems.append("F, D and SV cannot be negative")
    if problems:
        raise CardDataError(f"{where}: {'; '.join(problems)}")


def _superstar(raw: dict[str, Any]) -> Superstar:
    try:
        return Superstar(
            name=raw["name"], logo=raw["logo"], hand_size=int(raw["hand_size"]),
            value=int(raw["value"]), ability=raw["ability"],
        )
    except (KeyError, ValueError) as exc:
        raise CardDataError(f"Superstar {raw.get('name')!r}: bad or missing field: {exc}") from None


def parse_db(cards_toml: str, superstars_toml: str) -> CardDB:
    """Build and check a database from the two TOML texts."""
    import tomllib  # here: a process that finds the database in the cache never needs it

    superstars = tuple(_superstar(s) for s in tomllib.loads(superstars_toml).get("superstar", []))
    logos = {s.logo for s in superstars}
    cards = tuple(_card(c, logos) for c in tomllib.loads(cards_toml).get("card", []))
    seen: set[str] = set()
    for card in cards:
        if card.title in seen:
            raise CardDataError(f"card {card.title!r} appears twice")
        seen.add(card.title)
    return CardDB(cards=cards, superstars=superstars)


@cache
def load_db() -> CardDB:
    """The shipped database, read once per process (and kept parsed in the user cache between
    processes: `rawdeal.diskcache`, named by the data files and this reader's source)."""
    from rawdeal.diskcache import cached

    return cached("cards", _sources(), _read_shipped, CardDB)


def _sources() -> list[Path]:
    here = Path(__file__).resolve().parent
    return [DATA_DIR / "cards.toml", DATA_DIR / "superstars.toml", here / "db.py", here / "model.py"]


def _read_shipped() -> CardDB:
    return parse_db(
        (DATA_DIR / "cards.toml").read_text(encoding="utf-8"),
        (DATA_DIR / "superstars.toml").read_text(encoding="utf-8"),
    )
