"""Fightdrome on the viewer's board (`rawdeal.games.board`): each fighter's Sleeve and Stack, hand, face-up
and face-down discards, the sizes of the piles, Fame in a match, and the Attack waiting for an answer;
in English or the rulebook's Spanish. Every card by its face name, as moves and transcripts name it."""

from __future__ import annotations

from rawdeal.fightdrome.cards import Kind
from rawdeal.fightdrome.game import Game
from rawdeal.fightdrome.options import EPIC
from rawdeal.fightdrome.events import GameOver
from rawdeal.fightdrome.render import SEATS, line
from rawdeal.fightdrome.settings import settings
from rawdeal.fightdrome.state import ANSWER
from rawdeal.games.board import Board, CardFace, Side, Zone

_WORDS = {
    "en": {"round": "Round {n}", "hand": "Hand", "discard": "Discard pile", "down": "Face down", "in hand": "in hand",
           "to draw": "to draw", "discarded": "discarded", "fame": "Fame", "reserve": "Sleeves left",
           "answer": "to answer", "strength": "strength", "fame of": "Fame when held at a round's end",
           "deck": "{sleeve} + {stack}: {piles}, plus 2 Feint and 2 Dodge", "options": "rules: {names}",
           "bout": "single bout: the last player with cards wins"},
    "es": {"round": "Ronda {n}", "hand": "Mano", "discard": "Pila de descarte", "down": "Boca abajo", "in hand": "en la mano",
           "to draw": "para robar", "discarded": "descartadas", "fame": "Fama", "reserve": "Sleeves restantes",
           "answer": "hay que responder a", "strength": "fuerza", "fame of": "Fama si está en la mano al acabar la ronda",
           "deck": "{sleeve} + {stack}: {piles}, más 2 Finta y 2 Esquiva", "options": "reglas: {names}",
           "bout": "combate único: gana el último jugador con cartas"},
}
_PILES = {"en": {"punch": "Punch", "kick": "Kick", "hold": "Hold", "block": "Block", "neuro": "Neuro"},
          "es": {"punch": "Puñetazo", "kick": "Patada", "hold": "Llave", "block": "Bloqueo", "neuro": "Neuroquímico"}}
# What each card does, from the rulebook's "TIPOS DE CARTAS" (and the data file's readings of it).
_DOES = {
    "en": {Kind.PUNCH: "Attack. Answers a Punch or a Hold of equal or lower strength.",
           Kind.KICK: "Attack. Answers a Kick or a Hold of equal or lower strength.",
           Kind.HOLD: "Attack. Answers any Attack of equal or lower strength.",
           Kind.PUNCH_BLOCK: "Stops a Punch or a Hold of equal or lower strength: the fight pauses, the other player attacks again.",
           Kind.KICK_BLOCK: "Stops a Kick or a Hold of equal or lower strength: the fight pauses, the other player attacks again.",
           Kind.NEURO_PUNCH: "Neuro Attack: answers a Punch or a Hold of any strength; only a Neuro card answers it; no draw after it.",
           Kind.NEURO_KICK: "Neuro Attack: answers a Kick or a Hold of any strength; only a Neuro card answers it; no draw after it.",
           Kind.NEURO_HOLD: "Neuro Attack: answers any Attack; only a Neuro card answers it; no draw after it.",
           Kind.NEURO_BLOCK: "Stops any Attack, Neuro ones too: the fight pauses; no draw after it.",
           Kind.DODGE: "Stops any Attack of any strength: the fight pauses.",
           Kind.FEINT: "Played against any Attack; then you attack again at once."},
    "es": {Kind.PUNCH: "Ataque. Responde a un Puñetazo o una Llave de fuerza igual o menor.",
           Kind.KICK: "Ataque. Responde a una Patada o una Llave de fuerza igual o menor.",
           Kind.HOLD: "Ataque. Responde a cualquier Ataque de fuerza igual o menor.",
           Kind.PUNCH_BLOCK: "Detiene un Puñetazo o una Llave de fuerza igual o menor: la pelea se pausa y el otro jugador vuelve a atacar.",
           Kind.KICK_BLOCK: "Detiene una Patada o una Llave de fuerza igual o menor: la pelea se pausa y el otro jugador vuelve a atacar.",
           Kind.NEURO_PUNCH: "Ataque Neuroquímico: responde a un Puñetazo o una Llave de cualquier fuerza; solo lo responde una carta Neuroquímica; no se roba tras él.",
           Kind.NEURO_KICK: "Ataque Neuroquímico: responde a una Patada o una Llave de cualquier fuerza; solo lo responde una carta Neuroquímica; no se roba tras él.",
           Kind.NEURO_HOLD: "Ataque Neuroquímico: responde a cualquier Ataque; solo lo responde una carta Neuroquímica; no se roba tras él.",
           Kind.NEURO_BLOCK: "Detiene cualquier Ataque, también los Neuroquímicos: la pelea se pausa; no se roba tras él.",
           Kind.DODGE: "Detiene cualquier Ataque de cualquier fuerza: la pelea se pausa.",
           Kind.FEINT: "Se juega contra cualquier Ataque; después atacas de nuevo."},
}


def board(game: Game, lang: str = "en") -> Board:
    """The board of `game` with its labels and card names in `lang`."""
    f, words = game.f, _WORDS[lang]
    table = ((words["answer"], _name(f.previous, lang)),) if f.phase == ANSWER else ()
    notes = (words["options"].format(names=", ".join(f.options)) if f.options else words["bout"],)
    result = "" if f.winner is None else line(GameOver(f.winner, f.how), lang)
    return Board(words["round"].format(n=f.round), f.current, (_side(game, 0, lang), _side(game, 1, lang)), table,
                 notes, result)


def _side(game: Game, p: int, lang: str) -> Side:
    me, words = game.f.players[p], _WORDS[lang]
    values = [(words["in hand"], len(me.hand)), (words["to draw"], len(me.draw)),
              (words["discarded"], len(me.discard) + len(me.down))]
    if game.opts.mode == "fame":
        values.append((words["fame"], me.fame))
    about = _deck(me.sleeve, me.stack, lang)
    if EPIC in game.f.options:
        values.append((words["reserve"], len(me.reserve)))
        about += f"; {words['reserve']}: {', '.join(me.reserve) or '-'}"
    zones = (Zone(words["hand"], _names(me.hand, lang), private=True), Zone(words["discard"], _names(me.discard, lang)),
             Zone(words["down"], _names(me.down, lang), private=True))
    return Side(SEATS[lang][p], f"{me.sleeve} + {me.stack}", about, tuple(values), zones)


def _deck(sleeve: str, stack: str, lang: str) -> str:
    cfg = settings()
    piles = ", ".join(f"{n} {_PILES[lang][pile]}" for pile, n in zip(cfg.sleeves[sleeve], cfg.stacks[stack]))
    return _WORDS[lang]["deck"].format(sleeve=sleeve, stack=stack, piles=piles)


def _name(face: int, lang: str) -> str:
    return settings().catalog.faces[face].name(lang)


def _names(faces: list[int], lang: str) -> tuple[str, ...]:
    return tuple(_name(x, lang) for x in faces)


def card_face(name: str, lang: str = "en") -> CardFace:
    """A card by its face name (English or Spanish), for the page's hover box."""
    cfg = settings()
    face = cfg.catalog.named(name)
    if face is None:
        raise KeyError(name)
    f, words = cfg.catalog.faces[face], _WORDS[lang]
    kind = "neuro" if f.neuro else "attack" if f.attack else "block" if f.pauses else "feint"
    facts = [(f.name(lang).removesuffix(f" {f.strength}") if f.strength else f.name(lang))]
    if f.strength:
        facts.append(f"{words['strength']} {f.strength}")
    facts.append(f"{words['fame of']}: {cfg.fame_of(face)}")
    return CardFace(f.name(lang), kind, " · ".join(facts), _DOES[lang][f.kind])
