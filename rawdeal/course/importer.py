"""Translate a course transcript into a rawdeal scenario: decks, moves and expected checkpoints.

The transcript's menu numbers only name things: every answer is read against the numbered list the
transcript printed just before it and becomes a move in rawdeal's own language (`play "Punch" as
maneuver`). Everything the transcript shows about the game becomes a checkpoint for the verifier:
status lines, offered lists, zone views and the engine events (`rawdeal.engine.events`) it prints.
Nothing here depends on a file name, a category or a menu position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rawdeal.cards import CardType, load_db
from rawdeal.course.console import read_number
from rawdeal.course.lines import PLACES
from rawdeal.course.transcript import Line, read_lines
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine.words import CountVerb, PickVerb
from rawdeal.errors import ImportTestError

MAIN_MENU = frozenset({"Ver cartas", "Jugar carta", "Usar habilidad", "Terminar turno", "Rendirse"})
# Zone menu option -> (is it the opponent's zone, rawdeal zone name)
ZONE_MENU = {
    "Mi mano": (False, "hand"),
    "Mi ring area": (False, "ring"),
    "Mi ringside pile": (False, "ringside"),
    "El ring area de mi oponente": (True, "ring"),
    "El ringside pile de mi oponente": (True, "ringside"),
}
# Prompt kind -> (kind of numbered item it lists, first index, lowest answer offset, needs input)
_LISTS: dict[str, tuple[str, int, int, bool]] = {
    "deck": ("deck", 1, 0, True),
    "menu": ("option", 1, 0, True),
    "zones": ("option", 1, 0, True),
    "choose": ("option", 1, 0, True),
    "playable": ("tagged_card", 0, -1, True),
    "reversals": ("tagged_card", 0, -1, True),
    "pick": ("card", 0, 0, True),
    "count": ("", 0, 0, True),
    "yes_no": ("", 0, 0, True),
    "zone_view": ("card", 0, 0, False),
    "reveal": ("card", 0, 0, False),
}
DECLINE = "decline"  # the answer -1 to a list that may be declined
# Lines that leave a pending damage (a possible pin) pending.
_KEEPS_DAMAGE = frozenset({"overturn", "card", "blank", "divider", "win"})


@dataclass(frozen=True, slots=True)
class ImportedTranscript:
    """One course transcript read: `moves` are (move text, transcript line) pairs, `checks` JSON objects.
    `rawdeal.course.bank` writes it as a scenario folder."""

    name: str
    description: str
    decks: tuple[Path, ...]
    moves: tuple[tuple[str, int], ...]
    checks: tuple[dict[str, Any], ...]


@dataclass(slots=True)
class _Prompt:
    """A question the transcript is asking: the lines it listed and what the answer will mean."""

    kind: str
    line: int
    player: str = ""
    items: list[Line] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)
    ranged: bool = False
    started: bool = False  # a list without input has begun (first item or the empty marker)


class _Reader:
    """Walks the typed lines once, building moves and checks."""

    def __init__(self, lines: list[Line], source: str) -> None:
        self.lines = lines
        self.source = source
        self.db = load_db()
        self.moves: list[tuple[str, int]] = []
        self.checks: list[dict[str, Any]] = []
        self.deck_paths: list[tuple[str, int]] = []
        self.prompt: _Prompt | None = None
        self.expect: tuple[str, ...] | None = None  # a card line that must come next, and why
        self.turn_player = ""
        self.opponent = ""
        self.last_status: dict[tuple[int, str], tuple[int, dict[str, int]]] = {}
        self.prev_kind = ""
        self.played: tuple[str, str] | None = None  # (player, title) of the card being played
        self.effect_card = ""  # the card whose effect is running (for "choose one")
        self.discarder = ""
        self.collateral: tuple[str, int] | None = None
        self.damaged = ""
        self.damage_left = 0
        self.last_overturn: tuple[str, str] | None = None
        self.draw_reason = "effect"
        self.hand_source = ""  # where the next pick into the hand comes from, when a choice named it
        self.searching: tuple[str, str, str] | None = None
        self.arranged: list[str] = []  # the cards put back on top so far (arrange picks)
        self.surrendered = False
        self.collateral_loss = False
        self.finished = False

    # ---------------------------------------------------------------------------------- plumbing
    def fail(self, line: Line, expected: str) -> ImportTestError:
        return ImportTestError(f"{self.source}:{line.no}: cannot interpret: {line.text} (expected {expected})")

    def check(self, line: Line, kind: str, **fields: Any) -> None:
        self.checks.append({"step": len(self.moves), "line": line.no, "check": kind, **fields})

    def event(self, line: Line, event: type[ev.Event], **fields: Any) -> None:
        self.check(line, "event", event=event.kind, **fields)

    def move(self, line: Line, move: mv.Move) -> None:
        self.moves.append((str(move), line.no))

    def card_title(self, line: Line) -> str:
        title = line["title"]
        if title not in self.db.by_title:
            raise self.fail(line, f"a card of the database, not {title!r}")
        return title

    def player(self, line: Line, key: str = "player") -> str:
        name = line[key]
        if name not in self.db.by_name:
            raise self.fail(line, f"a Superstar's name, not {name!r}")
        return name

    def run(self) -> None:
        for index, line in enumerate(self.lines):
            if self.finished and line.kind != "blank":
                raise self.fail(line, "nothing after the end of the game")
            if self.expect and line.kind not in ("card", "tagged_card"):
                raise self.fail(line, f"the card line of the {self.expect[0]}")
            if line.kind not in _KEEPS_DAMAGE:
                self.damage_left = 0
            if line.kind == "input":
                self.on_input(line, self.lines[index + 1] if index + 1 < len(self.lines) else None)
            else:
                handler: Callable[[Line], None] | None = getattr(self, "on_" + line.kind, None)
                if handler is None:
                    raise self.fail(line, "a line of a kind no course transcript has shown yet")
                handler(line)
            if line.kind != "blank":
                self.prev_kind = line.kind
        if not self.finished:
            last = self.lines[-1] if self.lines else Line(0, "blank", "(empty file)")
            waiting = f" or an answer to the prompt of line {self.prompt.line}" if self.prompt else ""
            raise self.fail(last, f"the end of the game (a winner or an invalid deck){waiting}")

    def open(self, line: Line, kind: str, player: str = "", **info: Any) -> None:
        if self.prompt and (_LISTS[self.prompt.kind][3] or self.prompt.started):
            raise self.fail(line, f"an answer to the {self.prompt.kind} prompt of line {self.prompt.line}")
        self.prompt = _Prompt(kind, line.no, player, info=info)

    # --------------------------------------------------------------------------- layout lines
    def on_blank(self, line: Line) -> None:
        pass

    def on_divider(self, line: Line) -> None:
        prompt = self.prompt
        if prompt and not _LISTS[prompt.kind][3] and prompt.started:
            self.close_view(line, prompt)

    on_deck_divider = on_divider

    def close_view(self, line: Line, prompt: _Prompt) -> None:
        titles = [item["title"] for item in prompt.items]
        at = self.lines[prompt.line - 1]
        if prompt.kind == "zone_view":
            self.check(at, "zone", player=prompt.player, zone=prompt.info["zone"], cards=titles)
        else:
            self.event(at, ev.Revealed, viewer=prompt.player, owner=prompt.info["owner"], zone=prompt.info["zone"],
                       cards=titles)
        self.prompt = None

    def on_empty_zone(self, line: Line) -> None:
        if not self.prompt or _LISTS[self.prompt.kind][3] or self.prompt.items:
            raise self.fail(line, "this only inside a zone view")
        self.prompt.started = True
        self.prompt.line = line.no

    def on_item(self, line: Line) -> None:
        prompt = self.prompt
        if prompt is None and line["item"] == "option" and line["text"] in MAIN_MENU:
            self.open(line, "menu")
            prompt = self.prompt
        if prompt is None or prompt.ranged:
            raise self.fail(line, "a numbered line only inside a list")
        what, first, _, _ = _LISTS[prompt.kind]
        if line["item"] != what or line.int("index") != first + len(prompt.items):
            raise self.fail(line, f"item {first + len(prompt.items)} of the {prompt.kind} list (a {what} line)")
        if what in ("card", "tagged_card"):
            self.card_title(line)
        if not prompt.items and prompt.kind in ("menu", "zones", "playable", "zone_view"):
            prompt.line = line.no  # prompts without a header line are located by their list
        if prompt.kind == "playable" and line["tag"] == "REVERSAL" or prompt.kind == "reversals" and line["tag"] != "REVERSAL":
            raise self.fail(line, f"a card of the right type for the {prompt.kind} list")
        prompt.items.append(line)
        prompt.started = True

    def on_range(self, line: Line) -> None:
        prompt = self.prompt
        if prompt is None or prompt.ranged or not _LISTS[prompt.kind][3] or prompt.kind == "yes_no":
            raise self.fail(line, "a number range only after a prompt")
        _, first, low_offset, _ = _LISTS[prompt.kind]
        if prompt.kind == "count":
            low, high = 0, prompt.info["max"]
        else:
            low, high = first + low_offset, first + len(prompt.items) - 1
        if (line.int("lo"), line.int("hi")) != (low, high) or (not prompt.items and prompt.kind != "count"):
            raise self.fail(line, f"the range {low}..{high} of the {prompt.kind} list above")
        prompt.ranged = True
        titles = [item.parts.get("title", "") for item in prompt.items]
        at = self.lines[prompt.line - 1]
        if prompt.kind == "playable":
            self.check(at, "playable", cards=[[i["title"], i["tag"].lower()] for i in prompt.items])
        elif prompt.kind == "reversals":
            self.check(at, "reversals", player=prompt.player, cards=titles)
        elif prompt.kind == "pick" and prompt.info["to"] != "top":
            self.check(at, "options", player=prompt.player, cards=titles)

    # -------------------------------------------------------------------------------- answers
    def on_input(self, line: Line, following: Line | None) -> None:
        prompt = self.prompt
        if prompt is None or not (prompt.ranged or prompt.kind == "yes_no"):
            raise self.fail(line, "an INPUT only after a prompt and its range")
        value = line["value"].strip()
        answer = self.answer(prompt, value)
        if following is not None and following.kind == "input":
            if answer is not None:
                raise self.fail(line, "an out-of-range answer when the same prompt reads again")
            return
        if answer is None:
            raise self.fail(line, "an answer in the range of the prompt")
        self.prompt = None
        getattr(self, "answer_" + prompt.kind)(line, prompt, answer)

    def answer(self, prompt: _Prompt, value: str) -> Any:
        """The answer as the prompt reads it, or None when it would be read again."""
        if prompt.kind == "yes_no":
            return value if value in ("Y", "N") else None
        number = read_number(value)  # as the reference reads it: "1_0" or "\u0663" is asked again
        if number is None:
            return None
        _, first, low_offset, _ = _LISTS[prompt.kind]
        if prompt.kind == "count":
            return number if 0 <= number <= prompt.info["max"] else None
        if not first + low_offset <= number < first + len(prompt.items):
            return None
        return DECLINE if number < first else prompt.items[number - first]

    def answer_deck(self, line: Line, prompt: _Prompt, item: Line) -> None:
        self.deck_paths.append((item["path"], item.no))

    def answer_menu(self, line: Line, prompt: _Prompt, item: Line) -> None:
        option = item["text"]
        if option == "Ver cartas":
            self.prompt = _Prompt("zones", line.no)
        elif option == "Jugar carta":
            self.prompt = _Prompt("playable", line.no, self.turn_player)
        elif option == "Usar habilidad":
            self.move(line, mv.ABILITY)
        elif option == "Terminar turno":
            self.move(line, mv.END)
        else:
            self.move(line, mv.SURRENDER)
            self.surrendered = True

    def answer_zones(self, line: Line, prompt: _Prompt, item: Line) -> None:
        if item["text"] not in ZONE_MENU:
            raise self.fail(self.lines[item.no - 1], "one of the zone menu's options: " + ", ".join(ZONE_MENU))
        theirs, zone = ZONE_MENU[item["text"]]
        self.prompt = _Prompt("zone_view", line.no, self.opponent if theirs else self.turn_player, info={"zone": zone})

    def answer_playable(self, line: Line, prompt: _Prompt, item: Line | str) -> None:
        if isinstance(item, Line):
            self.move(line, mv.Play(item["title"], CardType(item["tag"].lower()), _copy(prompt, item)))

    def answer_reversals(self, line: Line, prompt: _Prompt, item: Line | str) -> None:
        self.move(line, mv.Reverse(item["title"], _copy(prompt, item)) if isinstance(item, Line) else mv.PASS)

    def answer_pick(self, line: Line, prompt: _Prompt, item: Line) -> None:
        title = item["title"]
        info = prompt.info
        if info["to"] == "top":  # one pick a card, top first; the last one completes the move
            self.arranged.append(title)
            if info["left"] == 1:
                self.move(line, mv.Arrange(tuple(self.arranged)))
                self.arranged = []
        elif info["to"] == "discard":
            self.move(line, mv.Pick(PickVerb.DISCARD, title, _copy(prompt, item)))
            self.event(line, ev.Discarded, player=info["owner"], card=title)
        else:
            self.move(line, mv.Pick(PickVerb.TAKE, title, _copy(prompt, item)))
            source = {"source": info["source"]} if info["source"] else {}  # the header does not say
            self.event(line, ev.Moved, player=info["owner"], card=title, dest=info["to"], **source)

    def answer_choose(self, line: Line, prompt: _Prompt, item: Line) -> None:
        index = item.int("index")
        self.move(line, mv.Choose(str(index)))  # options are named by number
        self.event(line, ev.Chose, player=prompt.player, option=item["text"])
        self.hand_source = "arsenal" if "desde el arsenal" in item["text"] else "ringside" if "desde el ringside" in item["text"] else ""

    def answer_count(self, line: Line, prompt: _Prompt, count: int) -> None:
        self.move(line, mv.Count(CountVerb(prompt.info["verb"]), count))

    def answer_yes_no(self, line: Line, prompt: _Prompt, value: str) -> None:
        if prompt.info.get("card"):
            self.move(line, mv.YES if value == "Y" else mv.NO)
        else:
            self.move(line, mv.ABILITY if value == "Y" else mv.PASS)

    # ----------------------------------------------------------------------- prompts opening
    def on_deck_menu(self, line: Line) -> None:
        self.open(line, "deck")

    def on_reversal_offer(self, line: Line) -> None:
        self.open(line, "reversals", self.player(line))

    def on_must_discard(self, line: Line) -> None:
        self.discarder = self.player(line)

    def on_discard_pick(self, line: Line) -> None:
        if not self.discarder or self.prev_kind not in ("must_discard",):
            raise self.fail(line, "'<P> debe descartar N carta(s).' just before")
        self.open(line, "pick", self.player(line), owner=self.discarder, to="discard")

    def on_pick_to_hand(self, line: Line) -> None:
        player = self.player(line)
        self.open(line, "pick", player, owner=player, source=self.hand_source, to="hand")
        self.hand_source = ""

    def on_pick_to_arsenal(self, line: Line) -> None:
        player = self.player(line)
        self.open(line, "pick", player, owner=player, source="ringside", to="arsenal")

    def on_pick_move(self, line: Line) -> None:
        zone = {spanish: zone for zone, spanish in PLACES.items()}
        self.open(line, "pick", self.player(line), owner=self.player(line, "owner"), source=zone[line["source"]],
                  to=zone[line["dest"]])

    def on_return_pick(self, line: Line) -> None:
        player = self.player(line)
        self.open(line, "pick", player, owner=player, source="hand", to="arsenal")

    def on_ring_pick(self, line: Line) -> None:
        self.open(line, "pick", self.player(line), owner=self.player(line, "owner"), source="ring", to="ringside")

    def on_ring_pick_none(self, line: Line) -> None:
        self.check(line, "options", player=self.played[0] if self.played else self.turn_player, cards=[])

    def on_choose(self, line: Line) -> None:
        self.open(line, "choose", self.player(line))

    def on_may_draw(self, line: Line) -> None:
        self.open(line, "count", self.player(line), max=line.int("n"), verb="draw")
        self.draw_reason = "stun value" if line["reason"] == "stun value" else "effect"

    def on_may_discard(self, line: Line) -> None:
        self.open(line, "count", self.player(line), max=line.int("n"), verb="discard")

    def on_yes_no(self, line: Line) -> None:
        self.open(line, "yes_no", self.player(line))

    def on_card_yes_no(self, line: Line) -> None:
        self.card_title(line)
        self.open(line, "yes_no", self.player(line), card=True)

    def on_look_hand(self, line: Line) -> None:
        self.open(line, "reveal", self.player(line), owner=self.player(line, "owner"), zone="hand")

    def on_look_arsenal(self, line: Line) -> None:
        self.open(line, "reveal", self.player(line), owner=self.player(line, "owner"), zone="arsenal")

    def on_pick_to_top(self, line: Line) -> None:
        player = self.player(line)
        self.open(line, "pick", player, owner=self.player(line, "owner"), to="top", left=line.int("n"))

    def on_skip_turn(self, line: Line) -> None:
        self.event(line, ev.TurnSkipped, player=self.player(line))

    def on_nothing_playable(self, line: Line) -> None:
        if not self.prompt or self.prompt.kind != "playable" or self.prompt.items:
            raise self.fail(line, "this only after 'Jugar carta'")
        self.check(line, "playable", cards=[])
        self.prompt = None

    # ------------------------------------------------------------------------------- events
    def on_status(self, line: Line) -> None:
        player = self.player(line)
        slot = 1 if self.prev_kind == "status" else 0
        if slot == 0:
            self.turn_player = player
        else:
            self.opponent = player
        values = {"fortitude": line.int("fortitude"), "hand": line.int("hand"), "arsenal": line.int("arsenal")}
        key, now = (slot, player), (len(self.moves), values)
        if self.last_status.get(key) != now:
            self.check(line, "status", player=player, **values)
        self.last_status[key] = now

    def on_turn(self, line: Line) -> None:
        self.turn_player = self.player(line)
        self.event(line, ev.TurnStarted, player=self.turn_player)

    def on_ability(self, line: Line) -> None:
        player = self.player(line)
        if line["text"] != self.db.superstar(player).ability:
            raise self.fail(line, f"{player}'s ability text")
        self.event(line, ev.AbilityUsed, player=player)

    def on_play(self, line: Line) -> None:
        self.expect = ("play", self.player(line), str(line.no))

    def on_hold(self, line: Line) -> None:
        self.expect = ("hold", self.player(line), str(line.no))

    def on_reverse_hand(self, line: Line) -> None:
        self.expect = ("reversal", self.player(line), str(line.no))

    def on_overturn(self, line: Line) -> None:
        index, total = line.int("index"), line.int("total")
        if not self.damaged or index + self.damage_left - 1 != total or total == 0:
            raise self.fail(line, f"overturn {total - self.damage_left + 1} of a damage just announced")
        self.expect = ("overturn", str(index), str(total))
        self.damage_left -= 1

    def on_tagged_card(self, line: Line) -> None:
        title = self.card_title(line)
        why, player, header = self.expect or ("", "", "0")
        at = self.lines[int(header) - 1]  # the "intenta jugar" / "revierte la carta usando" line
        if why == "hold":
            self.played = (player, title)
            self.effect_card = title
            self.event(at, ev.HoldApplied, player=player, card=title)
        elif why == "play":
            self.played = (player, title)
            self.effect_card = title
            self.event(at, ev.Played, player=player, card=title, as_type=line["tag"].lower())
        elif why == "reversal" and line["tag"] == "REVERSAL":
            self.effect_card = title
            target = {"target": self.played[1]} if self.played else {}
            self.event(at, ev.Reversed, player=player, card=title, source="hand", **target)
        else:
            raise self.fail(line, "a card line only after 'intenta jugar' or 'revierte la carta usando'")
        self.expect = None

    def on_card(self, line: Line) -> None:
        if not self.expect or self.expect[0] != "overturn":
            raise self.fail(line, "a card line only after an overturn header")
        title = self.card_title(line)
        index, total = int(self.expect[1]), int(self.expect[2])
        self.event(line, ev.Overturned, player=self.damaged, card=title, index=index, total=total)
        self.last_overturn = (self.damaged, title)
        self.expect = None

    def on_success(self, line: Line) -> None:
        if not self.played:
            raise self.fail(line, "a card being played")
        self.event(line, ev.Succeeded, player=self.played[0], card=self.played[1])

    def on_reverse_arsenal(self, line: Line) -> None:
        player = self.player(line)
        if not self.last_overturn or self.last_overturn[0] != player:
            raise self.fail(line, f"a card just overturned by {player}")
        target = {"target": self.played[1]} if self.played else {}
        self.event(line, ev.Reversed, player=player, card=self.last_overturn[1], source="arsenal", **target)

    def on_collateral(self, line: Line) -> None:
        self.collateral = (self.player(line), line.int("n"))

    def on_damage(self, line: Line) -> None:
        player, amount = self.player(line), line.int("n")
        collateral = self.collateral is not None
        if collateral and self.collateral != (player, amount):
            raise self.fail(line, f"the collateral damage announced: {self.collateral}")
        self.collateral = None
        self.event(line, ev.Damage, player=player, amount=amount, collateral=collateral)
        self.damaged, self.damage_left = player, amount
        self.last_overturn = None

    def on_collateral_loss(self, line: Line) -> None:
        self.collateral_loss = True

    def on_draw(self, line: Line) -> None:
        self.event(line, ev.Drew, player=self.player(line), count=line.int("n"), reason=self.draw_reason)
        self.draw_reason = "effect"

    def on_discard_card(self, line: Line) -> None:
        self.event(line, ev.Discarded, player=self.player(line), card=self.card_title(line))

    def on_discard_hand(self, line: Line) -> None:
        """`X descarta su mano.` names no card: the hand's contents are not in the transcript."""
        self.event(line, ev.HandDiscarded, player=self.player(line))

    def on_to_bottom(self, line: Line) -> None:
        self.event(line, ev.Moved, player=self.player(line), card=self.card_title(line), dest="arsenal",
                   position="bottom")

    def on_search(self, line: Line) -> None:
        zone = {spanish: zone for zone, spanish in PLACES.items()}[line["zone"]]
        self.searching = (self.player(line), self.card_title(line), zone)

    def on_search_miss(self, line: Line) -> None:
        self.searched(line, found=False)

    def on_search_hit(self, line: Line) -> None:
        self.searched(line, found=True)

    def searched(self, line: Line, found: bool) -> None:
        if not self.searching or self.searching[0] != self.player(line) or self.prev_kind != "search":
            raise self.fail(line, "the search line just before")
        player, title, zone = self.searching
        self.event(line, ev.Searched, player=player, title=title, zone=zone, found=found)
        self.searching = None

    def on_invalid_deck(self, line: Line) -> None:
        if not self.deck_paths or self.moves:
            raise self.fail(line, "the verdict right after a deck was picked")
        number = len(self.deck_paths)
        self.check(line, "invalid_deck", player=number, deck=deck_file(number))
        self.finished = True

    def on_win(self, line: Line) -> None:
        if self.surrendered:
            how = "surrender"
        elif self.collateral_loss:
            how = "collateral"
        elif self.damage_left > 0:
            how = "pin"
        else:
            how = "count-out"
        self.event(line, ev.Won, player=self.player(line), how=how)
        self.finished = True


def deck_file(number: int) -> str:
    """The scenario file of the n-th picked deck: deck-a.txt, deck-b.txt."""
    return f"deck-{'ab'[number - 1]}.txt"


# ------------------------------------------------------------------------------ whole files
def data_root_of(transcript: Path) -> Path:
    """The folder that contains the transcript's `data/` folder (the course harness's working dir)."""
    for folder in transcript.resolve().parents:
        if folder.name == "data":
            return folder.parent
    raise ImportTestError(f"{transcript}: not inside a data/ folder; give the data root (--data-root)")


def scenario_name(transcript: Path) -> str:
    """`<category>-<n>` from `<NN-Category>-Tests/<n>.txt`."""
    return f"{transcript.parent.name.removesuffix('-Tests')}-{transcript.stem}"


def import_transcript(transcript: Path, data_root: Path | None = None) -> ImportedTranscript:
    """Read one transcript; raises ImportTestError naming the file and line it cannot interpret."""
    root = (data_root or data_root_of(transcript)).resolve()
    try:
        relative = transcript.resolve().relative_to(root).as_posix()
    except ValueError:
        relative = f"{transcript.parent.name}/{transcript.name}"
    from rawdeal.errors import UsageError
    from rawdeal.inputs import TEXT_CAP, read_input

    try:
        text = read_input(transcript, TEXT_CAP, "transcript").decode("utf-8")
    except (UsageError, UnicodeDecodeError) as exc:
        raise ImportTestError(f"{relative}: cannot read: {exc}") from None
    reader = _Reader(read_lines(text, relative), relative)
    reader.run()
    decks = []
    for path, no in reader.deck_paths:
        deck = root / path
        if not deck.is_file():
            raise ImportTestError(f"{relative}:{no}: deck file {path} not found under {root.name or root}")
        decks.append(deck)
    return ImportedTranscript(
        name=scenario_name(transcript),
        description=f"Imported from {relative}",
        decks=tuple(decks),
        moves=tuple(reader.moves),
        checks=tuple(reader.checks),
    )


def _copy(prompt: _Prompt, item: Line) -> int:
    """Which copy of its title (and type tag) the chosen item is, counting from 1 in list order.

    The order of the cards left in a zone depends on which copy goes, so the move names it."""
    same = [i for i in prompt.items if i["title"] == item["title"] and i.parts.get("tag") == item.parts.get("tag")]
    return next(k for k, i in enumerate(same, start=1) if i is item)
