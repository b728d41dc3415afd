"""The course console's line formats: one table read in both directions.

`rawdeal.course.spanish` renders lines from these templates (`line(kind, **fields)`) and
`rawdeal.course.transcript` reads transcripts with regular expressions derived from the very same
templates (`patterns()`), so what rawdeal prints and what it can import cannot drift apart.
A template is a `str.format` string; each `{field}` matches the pattern its name gives in `_FIELDS`.
"""

from __future__ import annotations

import re
from functools import cache

DIVIDER = "-" * 44
DECK_DIVIDER = "-" * 25

# (kind, template) in match order: more specific templates come before more general ones.
TEMPLATES: tuple[tuple[str, str], ...] = (
    ("divider", DIVIDER),
    ("deck_divider", DECK_DIVIDER),
    ("overturn", "-" * 32 + " {index}/{total}"),
    ("input", "INPUT: {value}"),
    ("range", "(Ingresa un número entre {lo} y {hi})"),
    ("status", "{player}: {fortitude}F, tiene {hand} cartas en la mano y {arsenal} en el arsenal."),
    ("item", "{index}- {rest}"),
    ("tagged_card", "[{tag}] *{title}*. Info: {info}"),
    ("card", "*{title}*. Info: {info}"),
    ("deck_menu", "Elige un mazo"),
    ("invalid_deck", "El mazo ingresado es inválido."),
    ("turn", "Comienza el turno de {player}."),
    ("yes_no", "{player}: ¿Quieres usar tu habilidad? (Y/N)."),
    ("card_yes_no", "{player}: ¿Quieres usar el efecto de {title}? (Y/N)."),
    ("ability", "{player} usa su habilidad: {text}"),
    ("play", "{player} intenta jugar la siguiente carta:"),
    ("hold", "{player} mantiene la llave con la siguiente carta:"),
    ("success", "La carta fue exitosamente jugada."),
    ("reversal_offer", "{player} tiene la opción de revertir la carta:"),
    ("reverse_hand", "{player} revierte la carta usando:"),
    ("reverse_arsenal", "{player} revierte la carta desde el mazo."),
    ("damage", "{player} recibe {n} de daño."),
    ("collateral", "Como resultado de jugar la carta, {player} se pega {n} de daño colateral a si mismo."),
    ("collateral_loss", "{player} pierde debido al daño colateral."),
    ("draw", "{player} roba {n} carta(s)."),
    ("may_draw", "{player} puede robar hasta {n} cartas debido al {reason}. ¿Cuántas cartas quieres robar?"),
    ("may_discard", "{player} puede descartar hasta {n} cartas. ¿Cuántas cartas quieres descartar?"),
    ("must_discard", "{player} debe descartar {n} carta(s)."),
    ("discard_pick", "{player} elige una carta para descartar."),
    ("discard_hand", "{player} descarta su mano."),
    ("discard_card", "{player} descarta {title}."),
    ("pick_to_hand", "{player} debe elegir {n} carta(s) para poner en su mano. ¿Qué carta quieres obtener?"),
    ("pick_to_arsenal", "{player} debe elegir {n} carta(s) para devolver de su ringside a su arsenal. "
                        "¿Qué carta quieres recuperar?"),
    ("pick_move", "{player} debe elegir {n} carta(s) del {source} de {owner} para ponerlas en su {dest}. "
                  "¿Qué carta quieres mover?"),
    ("pick_to_top", "{player} debe elegir {n} carta(s) para poner sobre el arsenal de {owner}. ¿Qué carta va arriba?"),
    ("return_pick", "{player} elige una carta para devolver a tu arsenal."),
    ("ring_pick", "Como resultado, {player} puede elegir una de estas cartas del ring area de {owner} y descartarla."),
    ("ring_pick_none", "Lamentablemente, ninguna carta cumple las condiciones para ser removida."),
    ("choose", "Como resultado, {player} debe elegir uno de los siguientes efectos:"),
    ("look_hand", "{player} mira la mano de {owner}."),
    ("look_arsenal", "{player} mira las {n} cartas de arriba del arsenal de {owner}."),
    ("search", "{player} busca la carta {title} en su {zone}."),
    ("search_miss", "{player} no encontró la carta."),
    ("search_hit", "{player} encontró la carta y la puso en su mano."),
    ("to_bottom", "{player} pone {title} al final de su arsenal."),
    ("skip_turn", "{player} pierde su turno."),
    ("nothing_playable", "No hay nada que puedas jugar"),
    ("empty_zone", "No hay cartas aquí"),
    ("win", "Felicidades, gana {player}."),
)

TEXT: dict[str, str] = dict(TEMPLATES)

_NAME = r"[A-Z][A-Z ]*[A-Z]"  # a Superstar's name as printed (upper case, spaces)
_PLACE = "mano|arsenal|ringside|ring area"  # the zones' names in the console (see PLACES)
PLACES = {"hand": "mano", "arsenal": "arsenal", "ringside": "ringside", "ring": "ring area"}
_COUNT = "[0-9]{1,9}"  # the console's numbers: ASCII digits, short enough for int() on any input
_FIELDS = {
    "player": _NAME, "owner": _NAME,
    "index": f"-?{_COUNT}", "total": _COUNT, "lo": f"-?{_COUNT}", "hi": f"-?{_COUNT}", "n": _COUNT,
    "fortitude": _COUNT, "hand": _COUNT, "arsenal": _COUNT,
    "tag": "MANEUVER|ACTION|REVERSAL", "title": ".+?", "info": ".*", "value": ".*", "rest": ".*",
    "source": _PLACE, "dest": _PLACE, "text": ".+", "reason": "efecto de la carta|stun value", "zone": _PLACE,
}


def _regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    out = [re.escape(p) if i % 2 == 0 else f"(?P<{p}>{_FIELDS[p]})" for i, p in enumerate(parts)]
    return re.compile("".join(out))


@cache
def patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(kind, regular expression) of every template, in match order (built when a reader needs them)."""
    return tuple((kind, _regex(t)) for kind, t in TEMPLATES)


def line(kind: str, **fields: object) -> str:
    """The text of one console line of `kind`."""
    return TEXT[kind].format(**fields)
