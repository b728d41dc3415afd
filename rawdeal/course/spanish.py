"""The course console's Spanish text: card lines, choice labels and the lines each engine event prints.

Every line comes from a template of `rawdeal.course.lines`; nothing here is copied from a transcript.
`event_lines` is the event half of the console; the prompts (menus, lists, questions) are drawn by
`rawdeal.course.console`, which knows what is being asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from rawdeal.cards import Card, CardDB
from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.course.lines import DIVIDER, PLACES, line

# rawdeal's words -> the course database's CamelCase tags (as its card lines print them).
_TAG = {"strike": "Strike", "grapple": "Grapple", "submission": "Submission", "high-risk": "HighRisk",
        "trademark-finisher": "TrademarkFinisher", "action": "Action", "special": "Special",
        "strike-special": "StrikeSpecial", "grapple-special": "GrappleSpecial", "unique": "Unique",
        "set-up": "SetUp", "heel": "Heel", "face": "Face", "foreign-object": "ForeignObject",
        "maneuver": "Maneuver", "reversal": "Reversal"}
_TRAIT_ORDER = ("unique", "foreign-object", "heel", "face")  # after the subtype, reversal kind and logo


def subtypes(card: Card) -> list[str]:
    """The card's subtypes in the course's order: SetUp, maneuver subtype, reversal kind, logo, traits."""
    traits = {t.value for t in card.traits}
    out = ["SetUp"] if "set-up" in traits else []
    if card.subtype is not None:
        out.append(_TAG[card.subtype.value])
    if card.reverses is not None:
        out.append("Reversal" + _TAG[card.reverses])
    if card.logo:
        out.append(card.logo)
    return out + [_TAG[t] for t in _TRAIT_ORDER if t in traits]


def card_line(card: Card) -> str:
    """`*Title*. Info: 3F/4D[/1SV], Types[, Subtypes].[ Effect: text]`"""
    info = f"{card.fortitude}F/{card.damage_label}D" + (f"/{card.stun_value}SV" if card.stun_value else "")
    info += ", " + "/".join(_TAG[t.value] for t in card.types)
    tags = subtypes(card)
    if tags:
        info += ", " + "/".join(tags)
    info += "." + (f" Effect: {card.text}" if card.text else "")
    return line("card", title=card.title, info=info)


def tagged(card: Card, as_type: str) -> str:
    return f"[{as_type.upper()}] " + card_line(card)


def items(texts: Iterable[str], first: int = 0) -> list[str]:
    return [f"{i}- {t}" for i, t in enumerate(texts, start=first)]


def option_label(option: tuple[fx.Action, ...]) -> str:
    """The course's words for one option of a "choose one" effect."""
    a = option[0]
    if isinstance(a, fx.Draw):
        return "Robar cartas."
    if isinstance(a, fx.Discard):
        return "Forzar al oponente a descartar cartas." if a.who is fx.Who.OPPONENT else "Descartar cartas."
    if isinstance(a, fx.MoveCards) and a.who is fx.Who.YOU and a.dest is fx.Zone.HAND:
        return f"Obtener carta desde el {PLACES[a.source.value]}."
    whose = "tu arsenal" if getattr(a, "who", None) is fx.Who.YOU else "el arsenal del oponente"
    if isinstance(a, fx.MoveCards):
        owner = "tu" if a.who is fx.Who.YOU else "tu oponente"
        return f"Mover cartas del {PLACES[a.source.value]} de {owner} a su {PLACES[a.dest.value]}."
    if isinstance(a, fx.Arrange):
        return f"Ordenar las cartas de arriba de {whose}."
    if isinstance(a, fx.Shuffle):
        return f"Barajar {whose}."
    if isinstance(a, fx.Search):
        return f"Buscar una carta en tu {PLACES[a.zones[0].value]}."
    if isinstance(a, fx.Modify):
        m = a.modifier
        kind = f", si es un {_TAG[m.subtype.value]}," if m.subtype is not None else ""
        if m.stat is fx.Stat.FORTITUDE and m.reversals:
            return f"Tu siguiente carta{kind} tu oponente requiere +{m.amount}F para revertirla."
        return f"Tu siguiente carta{kind} tiene +{m.amount}{m.stat.value}."
    from rawdeal.effects.render import option_label as english

    return str(english(option))


class EventPrinter:
    """Turns engine events into console lines. `skip` names the event that echoes the answer just
    given (the card picked, the option chosen), which the console does not print again."""

    def __init__(self, db: CardDB) -> None:
        self.db = db
        self.skip: type | None = None
        self.damaged = ""  # who took the last damage (a collateral loss names him)
        # rawdeal's seat names that the course prints otherwise ("HHH (2)" -> "HHH" in a mirror match)
        self.plain: dict[str, str] = {}
        self._lines: dict[type[ev.Event], Callable[[Any], list[str]]] = {
            ev.TurnStarted: lambda e: [DIVIDER, line("turn", player=e.player)],
            ev.TurnSkipped: lambda e: [DIVIDER, line("skip_turn", player=e.player)],
            ev.AbilityUsed: self._ability,
            ev.Drew: lambda e: [] if e.reason == "draw segment" else [line("draw", player=e.player, n=e.count)],
            ev.Played: lambda e: [DIVIDER, line("play", player=e.player), self._tagged(e.card, e.as_type), DIVIDER],
            ev.HoldApplied: lambda e: [DIVIDER, line("hold", player=e.player), self._tagged(e.card, "maneuver"),
                                       DIVIDER],
            ev.Succeeded: lambda e: [line("success")],
            ev.Reversed: self._reversed,
            ev.Damage: self._damage,
            ev.Overturned: lambda e: ["-" * 32 + f" {e.index}/{e.total}", self._card(e.card)],
            ev.Discarded: lambda e: [line("discard_card", player=e.player, title=e.card)],
            ev.HandDiscarded: lambda e: [line("discard_hand", player=e.player)],
            ev.Moved: self._moved,
            ev.NothingToPick: lambda e: [line("ring_pick_none")] if e.zone == "ring" else [],
            ev.Searched: self._searched,
            ev.Revealed: self._revealed,
            ev.Won: self._won,
        }

    def _card(self, title: str) -> str:
        return card_line(self.db.by_title[title])

    def _tagged(self, title: str, as_type: str) -> str:
        return tagged(self.db.by_title[title], as_type)

    def _ability(self, e: ev.AbilityUsed) -> list[str]:
        return [DIVIDER, line("ability", player=e.player, text=self.db.superstar(e.player).ability)]

    def _reversed(self, e: ev.Reversed) -> list[str]:
        if e.source == "hand":
            return [DIVIDER, line("reverse_hand", player=e.player), self._tagged(e.card, "reversal")]
        return [DIVIDER, line("reverse_arsenal", player=e.player)]

    def _moved(self, e: ev.Moved) -> list[str]:
        if e.dest == "arsenal" and e.position == "bottom":
            return [line("to_bottom", player=e.player, title=e.card)]
        return []

    def _searched(self, e: ev.Searched) -> list[str]:
        found = line("search_hit" if e.found else "search_miss", player=e.player)
        return [line("search", player=e.player, title=e.title, zone=PLACES[e.zone]), found]

    def _revealed(self, e: ev.Revealed) -> list[str]:
        if e.zone == "hand":
            head = line("look_hand", player=e.viewer, owner=e.owner)
        else:
            head = line("look_arsenal", player=e.viewer, n=len(e.cards), owner=e.owner)
        return [head, DIVIDER, *(items(map(self._card, e.cards)) or [line("empty_zone")]), DIVIDER]

    def _damage(self, e: ev.Damage) -> list[str]:
        self.damaged = e.player
        hit = line("damage", player=e.player, n=e.amount)
        return [DIVIDER, line("collateral", player=e.player, n=e.amount), hit] if e.collateral else [hit]

    def _won(self, e: ev.Won) -> list[str]:
        loser = [line("collateral_loss", player=self.damaged)] if e.how == "collateral" else []
        return [*loser, "", DIVIDER, line("win", player=e.player)]

    def lines(self, events: Iterable[ev.Event]) -> list[str]:
        out: list[str] = []
        for e in events:
            if self.skip is not None and type(e) is self.skip:
                self.skip = None
                continue
            render = self._lines.get(type(e))
            if render is not None:
                out += render(self._plain(e) if self.plain else e)
        return out

    def _plain(self, e: ev.Event) -> ev.Event:
        """The event naming players as the course does: by Superstar only (a mirror match too)."""
        named = {f: self.plain[v] for f in ev.PLAYER_FIELDS if (v := getattr(e, f, None)) in self.plain}
        return replace(e, **named) if named else e
