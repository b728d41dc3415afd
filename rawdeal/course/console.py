"""The course's reference console, driven by the engine: deck menus, game menus and every prompt.

`CourseConsole.play` runs one whole session: two deck picks from a folder, deck validation, then the
game. The engine decides (whose decision it is, the legal moves); this driver draws each decision
as the course's menus and lists, turns the number read into a rawdeal move, and prints the events
the move caused (`rawdeal.course.spanish`). Answers come from an `Answers` source (a file, standard
input, a policy) that sees the prompt; with `echo` each answer read is printed as `INPUT: <answer>`,
as the course's test harness records it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rawdeal.cards import load_db
from rawdeal.course.lines import DECK_DIVIDER, DIVIDER, PLACES, line
from rawdeal.course.spanish import EventPrinter, card_line, items, option_label, tagged
from rawdeal.decks import Deck, check_deck, read_deck
from rawdeal.effects.model import Zone
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import tasks as T
from rawdeal.engine.decision import Decision
from rawdeal.engine.game import Game
from rawdeal.errors import InputEndedError, InputError, RawdealError, UsageError, not_utf8

MAIN_MENU = ("Ver cartas", "Jugar carta", "Usar habilidad", "Terminar turno", "Rendirse")
ZONE_MENU = (("Mi mano", False, "hand"), ("Mi ring area", False, "ring"), ("Mi ringside pile", False, "ringside"),
             ("El ring area de mi oponente", True, "ring"), ("El ringside pile de mi oponente", True, "ringside"))
# What the reference accepts as a number (C#'s int.TryParse): optional white space and sign, ASCII digits.
_NUMBER = re.compile(r"[ \t\n\v\f\r]*[+-]?[0-9]{1,10}[ \t\n\v\f\r]*")
_INT32 = 2**31


def deck_files(folder: str | os.PathLike[str]) -> list[str]:
    """The names of the folder's `*.txt` deck files, sorted (as the reference's menu lists them)."""
    try:
        return sorted(e.name for e in os.scandir(folder) if e.name.endswith(".txt") and e.is_file())
    except OSError as exc:
        raise UsageError(f"{os.fspath(folder)}: cannot list the deck folder: {exc.strerror or exc}") from None


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the console is asking: `kind` (deck, main, zones, play, reverse, pick, count, choose, yes_no,
    arrange), the answers it accepts (`low`..`high`; yes_no takes Y or N) and the prompt in words."""

    kind: str
    low: int
    high: int
    what: str
    options: tuple[str, ...] = ()


class Answers(Protocol):
    """Where answers come from: a file, a person, a policy. None: there are no more answers."""

    def __call__(self, prompt: Prompt) -> str | None: ...


def from_lines(lines: Iterable[str]) -> Answers:
    """Answers taken in order from lines, whatever is asked."""
    it = iter(lines)
    return lambda prompt: next(it, None)


def read_number(text: str) -> int | None:
    """The answer as the reference reads it, or None when it would ask again."""
    if not _NUMBER.fullmatch(text):
        return None
    n = int(text)
    return n if -_INT32 <= n < _INT32 else None


class CourseConsole:
    """One session of the course's console. `write` gets each output line (without newline)."""

    def __init__(self, answers: Answers, write: Callable[[str], None], echo: bool = False,
                 legacy: bool = False) -> None:
        self.answers = answers
        self.write = write
        self.echo = echo
        self.legacy = legacy
        self.db = load_db()
        self.printer = EventPrinter(self.db)
        self.prompt = Prompt("deck", 1, 1, "the first deck menu")
        self.watch: Callable[[list[ev.Event]], None] | None = None  # sees every event (e.g. to count cards)

    # ---------------------------------------------------------------------------- output, input
    def say(self, *texts: str) -> None:
        for text in texts:
            self.write(text)

    def read(self) -> str:
        answer = self.answers(self.prompt)
        if answer is None:
            raise InputEndedError(f"the answers ran out at {self.prompt.what}")
        if self.echo:
            self.write(line("input", value=answer))
        return answer

    def ask(self, kind: str, low: int, high: int, what: str, options: Sequence[str] = ()) -> int:
        """Print the range and read until a number in it comes (out of range: read again, silently)."""
        self.prompt = Prompt(kind, low, high, what, tuple(options))
        self.say(line("range", lo=low, hi=high))
        while True:
            n = read_number(self.read())
            if n is not None and low <= n <= high:
                return n

    def ask_yes_no(self, question: str) -> bool:
        self.prompt = Prompt("yes_no", 0, 1, f"the question {question!r}")
        self.say(question)
        while True:
            answer = self.read()
            if answer in ("Y", "N"):
                return answer == "Y"

    # ---------------------------------------------------------------------------------- session
    def play(self, folder: str | os.PathLike[str], shown: str | None = None) -> int:
        """A whole session with the decks of `folder`, which the menu names `shown` (default: as given).
        0 when the game ends or a deck is invalid (as the reference program)."""
        names = deck_files(folder)
        if not names:
            raise UsageError(f"{os.fspath(folder)}: no *.txt deck files to offer in the menu")
        label = os.fspath(folder) if shown is None else shown
        decks = []
        for which in ("first", "second"):
            menu = [os.path.join(label, n) for n in names]
            self.say(DECK_DIVIDER, line("deck_menu"), *items(menu, first=1))
            name = names[self.ask("deck", 1, len(menu), f"the {which} deck menu", menu) - 1]
            deck = _valid_deck(os.path.join(folder, name))
            if deck is None:
                self.say(line("invalid_deck"))
                return 0
            decks.append(deck)
        if self.legacy:
            self.say("")
        from rawdeal.engine.setup import new_game

        game, events = new_game(decks[0], decks[1], "course")
        self.printer.plain = game.renamed()
        self.show(events)
        while not game.over:
            self.decide(game)
        return 0

    def show(self, events: list[ev.Event]) -> None:
        if self.watch is not None:
            self.watch(events)
        self.say(*self.printer.lines(events))

    def decide(self, game: Game) -> None:
        self.show(game.apply(self.answer(game)))

    def answer(self, game: Game) -> mv.Move:
        """The move for the pending decision: its menu drawn and the answer read."""
        d = game.decision()
        assert d is not None
        return _DECIDE[d.kind](self, game, d)

    # ------------------------------------------------------------------------- the main menu
    def main_menu(self, game: Game, d: Decision) -> mv.Move:
        while True:
            me, other = game.s.current, 1 - game.s.current
            self.say(DIVIDER, *(self.status(game, p) for p in (me, other)), DIVIDER)
            options = [o for o in MAIN_MENU if o != "Usar habilidad" or mv.ABILITY in d.moves]
            self.say(*items(options, first=1))
            choice = options[self.ask("main", 1, len(options), "the main menu", options) - 1]
            if choice == "Ver cartas":
                self.view_cards(game)
                continue
            if choice == "Jugar carta":
                move = self.play_menu(game)
                if move is None:
                    continue
                return move
            return {"Usar habilidad": mv.ABILITY, "Terminar turno": mv.END, "Rendirse": mv.SURRENDER}[choice]

    def status(self, game: Game, p: int) -> str:
        s = game.status(p)
        return line("status", player=superstar(game, p), fortitude=s.fortitude, hand=s.hand, arsenal=s.arsenal)

    def view_cards(self, game: Game) -> None:
        self.say(*items((text for text, _, _ in ZONE_MENU), first=1))
        _, theirs, zone = ZONE_MENU[self.ask("zones", 1, len(ZONE_MENU), "the menu of zones to see") - 1]
        owner = 1 - game.s.current if theirs else game.s.current
        cards = game.s.players[owner].zone(Zone(zone))
        shown = items(card_line(game.cat.infos[c].card) for c in cards) or [line("empty_zone")]
        self.say(DIVIDER, *shown, DIVIDER)

    def play_menu(self, game: Game) -> mv.Move | None:
        playable = game.playable()
        if not playable:
            self.say(DIVIDER, line("nothing_playable"), DIVIDER)
            return None
        self.say(DIVIDER, *items(tagged(self.db.by_title[t], k) for t, k in playable), DIVIDER)
        n = self.ask("play", -1, len(playable) - 1, "the list of cards to play")
        if n < 0:
            return None
        title, as_type = playable[n]
        return mv.Play(title, as_type, playable[: n + 1].count((title, as_type)))

    # ------------------------------------------------------------------------ other decisions
    def reverse_menu(self, game: Game, d: Decision) -> mv.Move:
        player = superstar(game, d.player)
        self.say(line("reversal_offer", player=player), DIVIDER,
                 *items(tagged(self.db.by_title[t], "reversal") for t in d.cards), DIVIDER)
        n = self.ask("reverse", -1, len(d.cards) - 1, f"{player}'s list of reversals")
        if n < 0:
            self.say(DIVIDER)
            return mv.PASS
        return mv.Reverse(d.cards[n], d.cards[: n + 1].count(d.cards[n]))

    def pick_menu(self, game: Game, d: Decision) -> mv.Move:
        t = game.s.tasks[-1]
        assert isinstance(t, T.PickCard)
        chooser, owner = superstar(game, t.chooser), superstar(game, t.owner)
        self.say(*_pick_header(t, chooser, owner), DIVIDER, *items(map(self._card, d.cards)), DIVIDER)
        n = self.ask("pick", 0, len(d.cards) - 1, f"{chooser}'s pick of a card")
        self.printer.skip = _ECHO[t.verb]
        return mv.Pick(t.verb, d.cards[n], d.cards[: n + 1].count(d.cards[n]))

    def count_menu(self, game: Game, d: Decision) -> mv.Move:
        t = game.s.tasks[-1]
        assert isinstance(t, T.AskCount)
        player = superstar(game, t.player)
        if t.verb == "draw":
            reason = "stun value" if t.reason == "stun value" else "efecto de la carta"
            self.say(DIVIDER, line("may_draw", player=player, n=t.most, reason=reason))
        else:
            self.say(DIVIDER, line("may_discard", player=player, n=t.most))
        return mv.Count(t.verb, self.ask("count", 0, t.most, f"{player}'s question how many cards to {t.verb}"))

    def choice_menu(self, game: Game, d: Decision) -> mv.Move:
        t = game.s.tasks[-1]
        assert isinstance(t, T.AskChoice)
        self.say(DIVIDER, line("choose", player=superstar(game, t.player)), *items(map(option_label, t.options), first=1))
        n = self.ask("choose", 1, len(t.options), f"{superstar(game, t.player)}'s choice of an effect")
        self.printer.skip = ev.Chose
        return d.moves[n - 1]

    def ability_question(self, game: Game, d: Decision) -> mv.Move:
        return mv.ABILITY if self.ask_yes_no(line("yes_no", player=superstar(game, d.player))) else mv.PASS

    def yes_no_question(self, game: Game, d: Decision) -> mv.Move:
        t = game.s.tasks[-1]
        assert isinstance(t, T.AskYesNo)
        question = line("card_yes_no", player=superstar(game, t.player), title=game.title(t.card))
        return mv.YES if self.ask_yes_no(question) else mv.NO

    def arrange_menu(self, game: Game, d: Decision) -> mv.Move:
        """The looked-at cards are put back one at a time, top first (no course transcript shows it)."""
        t = game.s.tasks[-1]
        assert isinstance(t, T.AskArrange)
        left, order = list(d.cards), []
        player, owner = superstar(game, t.player), superstar(game, t.owner)
        while left:
            self.say("", DIVIDER, line("pick_to_top", player=player, n=len(left), owner=owner), DIVIDER,
                     *items(map(self._card, left)), DIVIDER)
            order.append(left.pop(self.ask("arrange", 0, len(left) - 1, f"{player}'s order of the cards")))
        return mv.Arrange(tuple(order))

    def _card(self, title: str) -> str:
        return card_line(self.db.by_title[title])


def superstar(game: Game, p: int) -> str:
    """A player as the course names him: by his Superstar (rawdeal adds the seat in a mirror match)."""
    return game.s.players[p].superstar


def _pick_header(t: T.PickCard, chooser: str, owner: str) -> list[str]:
    """The lines before a pick list, by where the card goes from and to."""
    if t.verb == "discard":
        return [line("must_discard", player=owner, n=t.remaining), line("discard_pick", player=chooser)]
    mine = t.owner == t.chooser
    if (t.zone, t.dest) == ("ring", "ringside"):
        return [line("ring_pick", player=chooser, owner=owner)]
    if (t.zone, t.dest, mine) == ("hand", "arsenal", True):
        return [line("return_pick", player=chooser)]
    if (t.dest, mine) == ("hand", True) and t.zone in ("ringside", "arsenal"):
        return ["", DIVIDER, line("pick_to_hand", player=chooser, n=t.remaining)]
    if (t.zone, t.dest, mine) == ("ringside", "arsenal", True):
        return ["", DIVIDER, line("pick_to_arsenal", player=chooser, n=t.remaining)]
    return ["", DIVIDER, line("pick_move", player=chooser, n=t.remaining, source=PLACES[t.zone], owner=owner,
                              dest=PLACES[t.dest])]


def _valid_deck(path: str) -> Deck | None:
    """The deck at `path` if it can be read and keeps every deck-building rule, else None."""

    try:
        deck = read_deck(path)
    except RawdealError:
        return None
    return None if check_deck(deck, load_db()) else deck


_ECHO = {"discard": ev.Discarded, "take": ev.Moved}  # the event that repeats a pick just made
_DECIDE: dict[str, Callable[[CourseConsole, Game, Decision], mv.Move]] = {
    "main": CourseConsole.main_menu, "reverse": CourseConsole.reverse_menu, "discard": CourseConsole.pick_menu,
    "take": CourseConsole.pick_menu, "count": CourseConsole.count_menu, "choose": CourseConsole.choice_menu,
    "ability": CourseConsole.ability_question, "yes-no": CourseConsole.yes_no_question,
    "arrange": CourseConsole.arrange_menu,
}


def run_session(folder: str, answers: Iterable[str] | Answers, echo: bool, legacy: bool = False) -> str:
    """A whole session as text (tests and graders); raises InputEndedError if the answers run out."""
    out: list[str] = []
    source = answers if callable(answers) else from_lines(answers)
    CourseConsole(source, out.append, echo, legacy).play(folder)
    return "".join(text + "\n" for text in out)


def answers_of(transcript: str) -> list[str]:
    """The `INPUT:` answers of a course transcript, in order."""
    prefix = "INPUT: "
    return [text[len(prefix):] for text in transcript.removeprefix("\ufeff").split("\n") if text.startswith(prefix)]



def file_answers(path: os.PathLike[str] | str) -> Answers:
    """The answers of an inputs file: one a line; a course transcript's `INPUT:` lines if it has any."""
    from rawdeal.inputs import TEXT_CAP, read_input

    data = read_input(path, TEXT_CAP, "file of answers")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(not_utf8(path, data, exc)) from None
    answers = answers_of(text)
    return from_lines(answers if answers else [a.removesuffix("\r") for a in text.split("\n")][: _count(text)])


def _count(text: str) -> int:
    """How many answer lines a text holds (a final newline ends the last line, it opens none)."""
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def stdin_answers(flush: Callable[[], None]) -> Answers:
    """Answers typed at standard input; the output is flushed first, so the prompt is seen."""
    import sys

    def read(prompt: Prompt) -> str | None:
        flush()
        raw = sys.stdin.buffer.readline()
        return raw.decode("utf-8", "replace").removesuffix("\n").removesuffix("\r") if raw else None

    return read
