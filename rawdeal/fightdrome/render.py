"""Fightdrome's transcript lines, in English or in the rulebook's Spanish: one table of line makers
per language, keyed by event class, so a new event without a line fails the test that renders them all."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rawdeal.fightdrome import events as ev
from rawdeal.fightdrome.settings import settings

SEATS = {"en": ("Player 1", "Player 2"), "es": ("Jugador 1", "Jugador 2")}
# Each decision's prompt, by its kind (the phase, or "stagger"); game.py's English ones are these.
PROMPTS = {
    "en": {"attack": "attack", "answer": "answer", "feint": "follow the Feint with an attack", "press": "attack or rest",
           "recover": "attack after the rest", "fighter": "choose the next fighter",
           "stagger": "stagger: discard a card face down"},
    "es": {"attack": "ataca", "answer": "responde", "feint": "sigue la Finta con un ataque", "press": "ataca o descansa",
           "recover": "ataca tras el descanso", "fighter": "elige el siguiente luchador",
           "stagger": "tambaléate: descarta una carta boca abajo"},
}
_HOW = {"en": {"bout": "single bout", "fame": "Fame", "epic": "epic tournament"},
        "es": {"bout": "combate único", "fame": "Fama", "epic": "torneo épico"}}


def card(name: str, lang: str) -> str:
    """A card's name (as events hold it, in English) in `lang`."""
    if lang == "en" or not name:
        return name
    cat = settings().catalog
    face = cat.named(name)
    return name if face is None else cat.faces[face].name(lang)


def _played_en(e: ev.Played, p: Callable[[int], str]) -> str:
    if e.effect == "pause":
        return f"{p(e.player)} stops {e.against} with {e.card}: the fight pauses"
    if e.effect == "feint":
        return f"{p(e.player)} feints against {e.against} with {e.card} and must attack again"
    if e.against:
        return f"{p(e.player)} answers {e.against} with {e.card}"
    return f"{p(e.player)} attacks with {e.card}"


def _played_es(e: ev.Played, p: Callable[[int], str]) -> str:
    c, a = card(e.card, "es"), card(e.against, "es")
    if e.effect == "pause":
        return f"{p(e.player)} detiene {a} con {c}: la pelea se pausa"
    if e.effect == "feint":
        return f"{p(e.player)} finta contra {a} con {c} y debe atacar de nuevo"
    if e.against:
        return f"{p(e.player)} responde a {a} con {c}"
    return f"{p(e.player)} ataca con {c}"


_REASON_EN = {"staggered": "staggered with his last card", "empty-hand": "has no cards left",
              "rest": "cannot attack after the rest"}
_REASON_ES = {"staggered": "se tambaleó con su última carta", "empty-hand": "se quedó sin cartas",
              "rest": "no puede atacar tras el descanso"}

Line = Callable[[Any, Callable[[int], str]], str]

ENGLISH: dict[type, Line] = {
    ev.Dealt: lambda e, p: f"{p(e.player)} is {e.sleeve} + {e.stack}: a deck of {e.cards} cards",
    ev.FirstPlayer: lambda e, p: f"{p(e.player)} wins the arm-wrestle and goes first",
    ev.RoundStarted: lambda e, p: f"round {e.number}: {p(e.player)} starts",
    ev.Overstimulated: lambda e, p: f"{p(e.player)} is overstimulated, shows {', '.join(e.hand)} and draws 7 new cards",
    ev.Played: _played_en,
    ev.Drew: lambda e, p: f"{p(e.player)} draws {'a card' if e.count == 1 else f'{e.count} cards'}",
    ev.Reshuffled: lambda e, p: f"{p(e.player)} shuffles the discard pile ({e.cards} cards) into a new draw pile",
    ev.Staggered: lambda e, p: f"{p(e.player)} cannot play, staggers and discards a card face down ({e.left} left in hand)",
    ev.Rested: lambda e, p: f"{p(e.player)} rests and draws {'a card' if e.drew else 'nothing'}",
    ev.RoundOver: lambda e, p: f"round {e.number} is over: {p(e.winner)} wins, {p(1 - e.winner)} {_REASON_EN[e.reason]}",
    ev.FameScored: lambda e, p: f"{p(e.player)} scores {e.points} Fame ({e.total} in all)",
    ev.FighterFell: lambda e, p: f"{p(e.player)}'s fighter {e.sleeve} falls ({e.left} Sleeves left)",
    ev.FighterChosen: lambda e, p: f"{p(e.player)} fights on with {e.sleeve}: a deck of {e.cards} cards",
    ev.GameOver: lambda e, p: f"{p(e.winner)} wins the game ({_HOW['en'][e.how]})",
    ev.Status: lambda e, p: f"{p(e.player)}: {e.hand} cards in hand, {e.draw} to draw, {e.discard} discarded, {e.fame} Fame",
}

SPANISH: dict[type, Line] = {
    ev.Dealt: lambda e, p: f"{p(e.player)} es {e.sleeve} + {e.stack}: un mazo de {e.cards} cartas",
    ev.FirstPlayer: lambda e, p: f"{p(e.player)} gana el pulso y va primero",
    ev.RoundStarted: lambda e, p: f"ronda {e.number}: empieza {p(e.player)}",
    ev.Overstimulated: lambda e, p: (f"{p(e.player)} está sobrestimulado, muestra "
                                     f"{', '.join(card(c, 'es') for c in e.hand)} y roba 7 cartas nuevas"),
    ev.Played: _played_es,
    ev.Drew: lambda e, p: f"{p(e.player)} roba {'una carta' if e.count == 1 else f'{e.count} cartas'}",
    ev.Reshuffled: lambda e, p: f"{p(e.player)} baraja su pila de descarte ({e.cards} cartas) para formar una nueva pila para robar",
    ev.Staggered: lambda e, p: f"{p(e.player)} no puede jugar, se tambalea y descarta una carta boca abajo (le quedan {e.left} en la mano)",
    ev.Rested: lambda e, p: f"{p(e.player)} descansa y {'roba una carta' if e.drew else 'no roba nada'}",
    ev.RoundOver: lambda e, p: f"fin de la ronda {e.number}: gana {p(e.winner)}, {p(1 - e.winner)} {_REASON_ES[e.reason]}",
    ev.FameScored: lambda e, p: f"{p(e.player)} suma {e.points} puntos de Fama ({e.total} en total)",
    ev.FighterFell: lambda e, p: f"cae el luchador {e.sleeve} de {p(e.player)} (le quedan {e.left} Sleeves)",
    ev.FighterChosen: lambda e, p: f"{p(e.player)} sigue con {e.sleeve}: un mazo de {e.cards} cartas",
    ev.GameOver: lambda e, p: f"{p(e.winner)} gana la partida ({_HOW['es'][e.how]})",
    ev.Status: lambda e, p: f"{p(e.player)}: {e.hand} cartas en la mano, {e.draw} para robar, {e.discard} descartadas, {e.fame} de Fama",
}

_TABLES = {"en": ENGLISH, "es": SPANISH}


def line(event: ev.Event, lang: str = "en") -> str:
    seats = SEATS[lang]
    return _TABLES[lang][type(event)](event, seats.__getitem__)


_SHOW = {"en": ("{p}: {hand} in hand, {draw} to draw, {discard} discarded, {fame} Fame; fighter {fighter}",
                "your hand: {cards}", "to answer: {card}"),
         "es": ("{p}: {hand} en la mano, {draw} para robar, {discard} descartadas, {fame} de Fama; luchador {fighter}",
                "tu mano: {cards}", "hay que responder a: {card}")}


def show(game: Any, player: int, lang: str = "en") -> list[str]:
    """What `player` sees at his decision: both sides' counts, his own hand, the card to answer."""
    f, cat, text = game.f, settings().catalog, _SHOW[lang]
    lines = [f"  {text[0].format(p=SEATS[lang][p], hand=len(me.hand), draw=len(me.draw), discard=len(me.discard) + len(me.down), fame=me.fame, fighter=f'{me.sleeve}/{me.stack}')}"
             for p, me in ((p, f.players[p]) for p in (player, 1 - player))]
    hand = ", ".join(cat.faces[x].name(lang) for x in sorted(f.players[player].hand))
    lines.append(f"  {text[1].format(cards=hand or '-')}")
    if f.previous >= 0:
        lines.append(f"  {text[2].format(card=cat.faces[f.previous].name(lang))}")
    return lines
