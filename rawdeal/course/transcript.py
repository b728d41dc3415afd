"""Line-level reading of a course transcript (the Spanish console session of the reference program).

Each line becomes one typed `Line`: its kind (one of `KINDS`) and the named parts its template
holds. Nothing here knows about the game's flow; `rawdeal.course.importer` gives the lines meaning.
A line that fits no template is an `ImportTestError` naming the file and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rawdeal.errors import ImportTestError

_P = r"(?P<player>[A-Z][A-Z ]*[A-Z])"  # a Superstar's name as printed (upper case, spaces)
_N = r"(?P<n>\d+)"
_CARD = r"\*(?P<title>.+?)\*\. Info: .*"  # `*Title*. Info: ...` (a title may hold a `*`: "Sumb*tch")

# (kind, template) in match order; more specific templates come before more general ones.
_TEMPLATES: tuple[tuple[str, str], ...] = (
    ("divider", r"-{25,}"),
    ("overturn", r"-{32} (?P<index>\d+)/(?P<total>\d+)"),
    ("input", r"INPUT: (?P<value>.*)"),
    ("range", r"\(Ingresa un número entre (?P<lo>-?\d+) y (?P<hi>-?\d+)\)"),
    ("status", _P + r": (?P<fortitude>\d+)F, tiene (?P<hand>\d+) cartas en la mano y (?P<arsenal>\d+) en el arsenal\."),
    ("item", r"(?P<index>-?\d+)- (?P<rest>.*)"),
    ("tagged_card", r"\[(?P<tag>MANEUVER|ACTION|REVERSAL)\] " + _CARD),
    ("card", _CARD),
    ("deck_menu", r"Elige un mazo"),
    ("invalid_deck", r"El mazo ingresado es inválido\."),
    ("turn", r"Comienza el turno de " + _P + r"\."),
    ("yes_no", _P + r": ¿Quieres usar tu habilidad\? \(Y/N\)\."),
    ("ability", _P + r" usa su habilidad: (?P<text>.+)"),
    ("play", _P + r" intenta jugar la siguiente carta:"),
    ("success", r"La carta fue exitosamente jugada\."),
    ("reversal_offer", _P + r" tiene la opción de revertir la carta:"),
    ("reverse_hand", _P + r" revierte la carta usando:"),
    ("reverse_arsenal", _P + r" revierte la carta desde el mazo\."),
    ("damage", _P + r" recibe " + _N + r" de daño\."),
    ("collateral", r"Como resultado de jugar la carta, " + _P + r" se pega " + _N + r" de daño colateral a si mismo\."),
    ("collateral_loss", _P + r" pierde debido al daño colateral\."),
    ("draw", _P + r" roba " + _N + r" carta\(s\)\."),
    ("may_draw", _P + r" puede robar hasta " + _N + r" cartas debido al (?P<reason>efecto de la carta|stun value)\. "
     r"¿Cuántas cartas quieres robar\?"),
    ("may_discard", _P + r" puede descartar hasta " + _N + r" cartas\. ¿Cuántas cartas quieres descartar\?"),
    ("must_discard", _P + r" debe descartar " + _N + r" carta\(s\)\."),
    ("discard_pick", _P + r" elige una carta para descartar\."),
    ("discard_hand", _P + r" descarta su mano\."),
    ("discard_card", _P + r" descarta (?P<title>.+)\."),
    ("pick_to_hand", _P + r" debe elegir " + _N + r" carta\(s\) para poner en su mano\. ¿Qué carta quieres obtener\?"),
    ("pick_to_arsenal", _P + r" debe elegir " + _N + r" carta\(s\) para devolver de su ringside a su arsenal\. "
     r"¿Qué carta quieres recuperar\?"),
    ("return_pick", _P + r" elige una carta para devolver a tu arsenal\."),
    ("ring_pick", r"Como resultado, " + _P + r" puede elegir una de estas cartas del ring area de "
     r"(?P<owner>[A-Z][A-Z ]*[A-Z]) y descartarla\."),
    ("ring_pick_none", r"Lamentablemente, ninguna carta cumple las condiciones para ser removida\."),
    ("choose", r"Como resultado, " + _P + r" debe elegir uno de los siguientes efectos:"),
    ("look_hand", _P + r" mira la mano de (?P<owner>[A-Z][A-Z ]*[A-Z])\."),
    ("search", _P + r" busca la carta (?P<title>.+) en su (?P<zone>ringside|arsenal)\."),
    ("search_miss", _P + r" no encontró la carta\."),
    ("search_hit", _P + r" encontró la carta y la puso en su mano\."),
    ("to_bottom", _P + r" pone (?P<title>.+) al final de su arsenal\."),
    ("nothing_playable", r"No hay nada que puedas jugar"),
    ("empty_zone", r"No hay cartas aquí"),
    ("win", r"Felicidades, gana " + _P + r"\."),
)
_COMPILED = tuple((kind, re.compile(template)) for kind, template in _TEMPLATES)
KINDS = frozenset(kind for kind, _ in _TEMPLATES) | {"blank"}

# What a numbered item holds: a card (plain or tagged), a deck path, or an option text.
_ITEM_PARTS = (
    ("tagged_card", re.compile(r"\[(?P<tag>MANEUVER|ACTION|REVERSAL)\] " + _CARD)),
    ("card", re.compile(_CARD)),
    ("deck", re.compile(r"(?P<path>data/\S+\.txt)")),
    ("option", re.compile(r"(?P<text>\S.*)")),
)


@dataclass(frozen=True, slots=True)
class Line:
    """One transcript line: 1-based number, kind, and the named parts of its template (strings).

    For `item` lines, `parts["item"]` says what the item holds (`tagged_card`, `card`, `deck` or
    `option`) and the parts of that template are merged in.
    """

    no: int
    kind: str
    text: str
    parts: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> str:
        return self.parts[key]

    def int(self, key: str) -> int:
        return int(self.parts[key])


def classify(text: str, no: int, source: str) -> Line:
    """The typed form of one line; raises ImportTestError when no template fits."""
    if not text:
        return Line(no, "blank", text)
    for kind, pattern in _COMPILED:
        match = pattern.fullmatch(text)
        if match:
            parts = match.groupdict()
            if kind == "item":
                parts.update(_item_parts(parts.pop("rest")))
            return Line(no, kind, text, parts)
    raise ImportTestError(f"{source}:{no}: cannot interpret: {text} (expected a line of the course's console output)")


def _item_parts(rest: str) -> dict[str, str]:
    for what, pattern in _ITEM_PARTS:
        match = pattern.fullmatch(rest)
        if match:
            return {"item": what, **match.groupdict()}
    return {"item": "option", "text": rest}  # unreachable: the option template takes any text


def read_lines(text: str, source: str) -> list[Line]:
    """Every line of a transcript, typed. `source` names the file in error messages."""
    text = text.removeprefix("\ufeff")
    raw = text.split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    return [classify(line.rstrip("\r"), no, source) for no, line in enumerate(raw, start=1)]
