"""Fresh test banks in the course's own layout: `data/<NAME>/` decks and `data/<NAME>-Tests/<n>.txt`.

Each transcript is a whole console session (`rawdeal.course.console`) answered by a seeded random
policy that plays as people do: mostly plays cards, sometimes looks at zones or cancels, now and then
types an answer out of range (the console reads it again), and only rarely surrenders. Some sessions
pick an invalid deck, which breaks exactly one deck-building rule, as 02-InvalidDecks does. The same
seed gives the same bytes: every choice comes from `random.Random` seeded by the bank's seed.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rawdeal.cards import CardDB, Trait, load_db
from rawdeal.course.console import CourseConsole, Prompt, deck_files
from rawdeal.decks import Deck, Rule, check_deck, copy_limit, read_deck
from rawdeal.decks.reader import format_deck
from rawdeal.arena.random_decks import random_titles
from rawdeal.engine import events as ev
from rawdeal.errors import UsageError
from rawdeal.io.files import replace_folder

VALID_DECKS = (8, 40)  # at least, at most: about one deck for every 5 sessions
INVALID_DECKS = 3
INVALID_SHARE = 0.1  # of the sessions pick an invalid deck
TYPO_SHARE = 0.02  # of the answers are typed out of range first
MAX_ANSWERS = 4000  # then the policy surrenders, so every session ends
_MENU_WEIGHTS = {"Ver cartas": 3, "Jugar carta": 60, "Usar habilidad": 12, "Terminar turno": 20, "Rendirse": 0.2}


@dataclass(frozen=True, slots=True)
class ExportSummary:
    folder: Path
    tests: int
    invalid: int
    played: frozenset[str]  # titles played, or that reversed a card

    def lines(self, total_cards: int) -> list[str]:
        return [f"wrote {self.tests} tests ({self.invalid} with an invalid deck) to {self.folder}",
                f"cards played: {len(self.played)} of {total_cards}"]


class Policy:
    """A seeded random player of the console: answers a `Prompt` with the text a person would type."""

    def __init__(self, rnd: random.Random, decks: tuple[int, int]) -> None:
        self.rnd = rnd
        self.decks = list(decks)  # the deck numbers to pick, in order
        self.answered = 0

    def __call__(self, prompt: Prompt) -> str:
        self.answered += 1
        rnd = self.rnd
        if prompt.kind != "deck" and rnd.random() < TYPO_SHARE:
            return rnd.choice([str(prompt.high + 1), str(prompt.low - 1), "", "x"])
        if prompt.kind == "yes_no":
            return rnd.choice("YN")
        if prompt.kind == "deck":
            return str(self.decks.pop(0))
        if prompt.kind == "main":
            return str(1 + self._main(prompt.options))
        if prompt.kind in ("play", "reverse") and prompt.high >= 0:
            decline = 0.05 if prompt.kind == "play" else 0.3
            return "-1" if rnd.random() < decline else str(rnd.randint(0, prompt.high))
        return str(rnd.randint(prompt.low, prompt.high))

    def _main(self, options: tuple[str, ...]) -> int:
        if self.answered > MAX_ANSWERS:
            return options.index("Rendirse")
        weights = [_MENU_WEIGHTS[o] for o in options]
        return self.rnd.choices(range(len(options)), weights)[0]


def export_bank(out: Path, category: str, games: int, seed: int, decks_from: Path | None = None,
                force: bool = False, progress: Callable[[float], None] | None = None) -> ExportSummary:
    """Write the bank under `out/data/`; each folder appears whole or not at all (built aside, then
    swapped in). A category already there is an error unless `force`; `progress` hears of each test."""
    if not category or "/" in category or category.startswith("."):
        raise UsageError(f"--category must be a folder name such as 12-Random, not {category!r}")
    if games < 1:
        raise UsageError("--games must be at least 1")
    held = [out / "data" / name for name in (category, f"{category}-Tests") if (out / "data" / name).exists()]
    if held and not force:
        raise UsageError(f"{held[0]} already exists: choose another --category, or add --force to replace it")
    db = load_db()
    rnd = random.Random(seed)
    data = out / "data"
    data.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".export.", dir=data))
    try:
        decks = stage / category
        decks.mkdir()
        invalid = _write_decks(decks, rnd, db, decks_from, games)
        tests = stage / f"{category}-Tests"
        tests.mkdir()
        played: set[str] = set()
        invalid_runs = 0
        for n in range(1, games + 1):
            picks = _picks(rnd, len(deck_files(decks)), invalid)
            invalid_runs += any(p - 1 in invalid for p in picks)
            text = _session(decks, f"data/{category}", Policy(random.Random(rnd.random()), picks), played.update)
            (tests / f"{n}.txt").write_bytes(text.encode())
            if progress is not None:
                progress(1)
        for name in (category, f"{category}-Tests"):
            replace_folder(stage / name, data / name)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return ExportSummary(data, games, invalid_runs, frozenset(played))


def _session(folder: Path, shown: str, policy: Policy, seen: Callable[[set[str]], None]) -> str:
    """One console session; the menus name the decks as the course's harness does (data/<NAME>/...)."""
    out: list[str] = []
    console = CourseConsole(policy, out.append, echo=True)
    console.watch = lambda events: seen({e.card for e in events if isinstance(e, (ev.Played, ev.Reversed))})
    console.play(folder, shown)
    return "".join(line + "\n" for line in out)


def _picks(rnd: random.Random, count: int, invalid: set[int]) -> tuple[int, int]:
    """Two deck numbers (1-based); sometimes one of them invalid (then the session ends at it)."""
    valid = [i for i in range(count) if i not in invalid]
    first, second = rnd.choice(valid), rnd.choice(valid)
    if invalid and rnd.random() < INVALID_SHARE:
        bad = rnd.choice(sorted(invalid))
        first, second = (bad, second) if rnd.random() < 0.5 else (first, bad)
    return first + 1, second + 1


def _write_decks(folder: Path, rnd: random.Random, db: CardDB, decks_from: Path | None, games: int) -> set[int]:
    """The bank's decks, with the course's file conventions; returns the indexes of the invalid ones."""
    if decks_from is not None:
        if not decks_from.is_dir():
            raise UsageError(f"{decks_from}: no such deck folder")
        given = [read_deck(p) for p in sorted(decks_from.glob("*.txt"))]
        if not given:
            raise UsageError(f"{decks_from}: no *.txt deck files")
        decks = [(d.superstar, list(d.titles)) for d in given]
        bad = {i for i, d in enumerate(given) if check_deck(d, db)}
    else:
        decks = [_valid(rnd, db) for _ in range(min(max(VALID_DECKS[0], games // 5), VALID_DECKS[1]))]
        broken = [_broken(rnd, db, *rnd.choice(decks)) for _ in range(INVALID_DECKS)]
        decks += broken
        rnd.shuffle(decks)
        bad = {i for i, d in enumerate(decks) if any(d is b for b in broken)}
    for i, (superstar, titles) in enumerate(decks, start=1):
        name = f"{i:02d}_{db.superstar(superstar).logo}.txt" if superstar in db.by_name else f"{i:02d}.txt"
        text = "\ufeff" + format_deck(superstar, titles).removesuffix("\n")  # the course's BOM, no final newline
        (folder / name).write_text(text, encoding="utf-8", newline="\n")
    return bad


def _valid(rnd: random.Random, db: CardDB) -> tuple[str, list[str]]:
    """A random legal deck that, as players build them, holds its Superstar's own logo cards."""
    superstar, titles = random_titles(rnd, db)
    sides = {tr for t in titles for tr in db.by_title[t].traits} & {Trait.HEEL, Trait.FACE}
    own = [c.title for c in db.cards if c.logo == superstar.logo and c.title not in titles
           and not ({Trait.HEEL, Trait.FACE} - sides) & c.traits - sides]
    for title in own:
        plain = [i for i, t in enumerate(titles) if db.by_title[t].logo is None and titles.count(t) > 1]
        if plain:
            titles[rnd.choice(plain)] = title
    candidate = Deck.of(superstar.name, titles)
    return (superstar.name, titles) if not check_deck(candidate, db) else _valid(rnd, db)


def _broken(rnd: random.Random, db: CardDB, superstar: str, titles: list[str]) -> tuple[str, list[str]]:
    """A copy of a legal deck that breaks exactly one deck-building rule."""
    while True:
        rule, broken = rnd.choice(_BREAKERS)(rnd, db, superstar, list(titles))
        problems = check_deck(Deck.of(superstar, broken, "broken.txt"), db)
        if problems and {p.rule for p in problems} == {rule}:
            return superstar, broken


def _one_more(rnd: random.Random, db: CardDB, superstar: str, titles: list[str]) -> tuple[Rule, list[str]]:
    return Rule.DECK_SIZE, titles + [rnd.choice(titles)]


def _one_less(rnd: random.Random, db: CardDB, superstar: str, titles: list[str]) -> tuple[Rule, list[str]]:
    titles.pop(rnd.randrange(len(titles)))
    return Rule.DECK_SIZE, titles


def _too_many(rnd: random.Random, db: CardDB, superstar: str, titles: list[str]) -> tuple[Rule, list[str]]:
    """Unique cards twice, or others four times, in place of other cards (the size stays 60)."""
    card = db.by_title[rnd.choice(titles)]
    limit = copy_limit(card)
    if limit is None:
        return Rule.COPIES, titles
    rule = Rule.UNIQUE if limit == 1 else Rule.COPIES
    for i, t in enumerate(titles):
        if titles.count(card.title) > limit:
            break
        if t != card.title:
            titles[i] = card.title
    return rule, titles


def _both_sides(rnd: random.Random, db: CardDB, superstar: str, titles: list[str]) -> tuple[Rule, list[str]]:
    present = {tr for t in titles for tr in db.by_title[t].traits} & {Trait.HEEL, Trait.FACE}
    other = Trait.FACE if Trait.HEEL in present or not present else Trait.HEEL
    choices = [c.title for c in db.cards if other in c.traits and c.logo is None]
    titles[rnd.randrange(len(titles))] = rnd.choice(choices)
    return Rule.HEEL_FACE, titles


def _other_logo(rnd: random.Random, db: CardDB, superstar: str, titles: list[str]) -> tuple[Rule, list[str]]:
    logo = db.superstar(superstar).logo
    choices = [c.title for c in db.cards if c.logo and c.logo != logo and Trait.HEEL not in c.traits
               and Trait.FACE not in c.traits]
    titles[rnd.randrange(len(titles))] = rnd.choice(choices)
    return Rule.SUPERSTAR_LOGO, titles


_BREAKERS = (_one_more, _one_less, _too_many, _both_sides, _other_logo)
