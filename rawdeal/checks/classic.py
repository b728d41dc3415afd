"""Classic cards in play: random games between random legal Classic decks, traced.

A card's effect is *exercised* when the engine applied one of its clauses or actions in at least one of
the games (the effects probe's tracer, `Recorder`, hears them). Every game is also checked: no card is
lost or duplicated (`rawdeal.engine.invariants`), and no move raises. The players are random but eager
(`eager_pick`: they play, reverse and say yes when they can, nine times in ten), and the decks are drawn
coverage-first; the games are seeded: the same seed and count give the same games and the same figures.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import orjson

from rawdeal.bots.base import MAX_MOVES, worth_trying
from rawdeal.cards.pool.model import PoolCard
from rawdeal.bots.random import pick
from rawdeal.checks.probe import Recorder
from rawdeal.effects.classic.check import PoolCheck, check_pool
from rawdeal.effects.classic.playable import lower_cards
from rawdeal.engine.classic import ClassicCatalog, classic_catalog, random_backlash, random_classic_deck
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, Play, Reverse, Use, UseAbility, Yes
from rawdeal.engine.invariants import card_lists
from rawdeal.engine.words import Profile
from rawdeal.errors import RawdealError

GAMES = 800  # random games `rawdeal cards --pool classic --check` plays
EAGER = 0.9  # how often a game's player acts (plays, reverses, says yes) when it can


class ClassicGameError(RawdealError):
    """A random Classic game broke an invariant or raised: its seed and moves reproduce it."""


@dataclass(frozen=True)
class Exercise:
    """What the games exercised: titles of cards whose effect ran, and how the games ended."""

    titles: frozenset[str]
    games: int
    endings: tuple[tuple[str, int], ...]


def start_random_game(cc: ClassicCatalog, seed: int, prefer: frozenset[str] = frozenset(),
                      companions: Mapping[str, tuple[str, ...]] | None = None,
                      star: PoolCard | None = None, second: PoolCard | None = None) -> Game:
    """Two random legal Classic decks (from the playable cards, Pre-match cards in a Backlash deck; `prefer`:
    titles drawn first) and a new game between them. The first seat plays `star`, by default the n-th
    Superstar (in title order) for seed n, so that a run of games meets every Superstar and the cards only
    his deck may hold."""
    rnd = random.Random(seed)
    stars = cc.stars_by_title
    decks = [random_classic_deck(cc, rnd, star or stars[seed % len(stars)], prefer, companions),
             random_classic_deck(cc, rnd, second, prefer, companions)]
    index = cc.catalog.db.index
    arsenals = ([index[t] for t in decks[0][1]], [index[t] for t in decks[1][1]])
    backlash = tuple([index[t] for t in random_backlash(cc, rnd, star, titles, prefer)] for star, titles in decks)
    game, _ = Game.start((decks[0][0], decks[1][0]), arsenals, Profile.STANDARD, seed, cat=cc.catalog,
                         backlash=(backlash[0], backlash[1]))
    return game


def eager_pick(game: Game, rnd: random.Random, wanted: frozenset[str] = frozenset()) -> Move:
    """A random legal move that acts when it can: a card played, reversed or its ability used before the
    turn ends or a reversal window passes (so that more effects run in fewer games), a card of `wanted`
    (titles whose effect has not run yet, and the cards they name) first; otherwise `pick`."""
    d = game.decision()
    assert d is not None
    acting = [m for m in worth_trying(d) if type(m) in (Play, Reverse, Use, UseAbility, Yes)]
    if acting and rnd.random() < EAGER:
        first = [m for m in acting if isinstance(m, (Play, Reverse, Use)) and m.title in wanted]
        return (first or acting)[int(rnd.random() * len(first or acting))]
    return pick(game, rnd)


def play_traced(cc: ClassicCatalog, seed: int, prefer: frozenset[str] = frozenset(),
                max_moves: int = MAX_MOVES,
                companions: Mapping[str, tuple[str, ...]] | None = None,
                star: PoolCard | None = None, second: PoolCard | None = None) -> tuple[Game, Recorder]:
    """One random game, traced and checked after every move; its players play the `prefer`red cards, and
    the cards they name, first when they may."""
    game = start_random_game(cc, seed, prefer, companions, star, second)
    named = companions or {}
    wanted = prefer | {c for t in prefer for c in named.get(t, ())}
    recorder = Recorder()
    game.trace = recorder
    rnd = random.Random(seed)
    expected = card_lists(game.s)
    moves: list[Move] = []
    try:
        while game.s.winner is None and len(moves) < max_moves:
            move = eager_pick(game, rnd, wanted)
            moves.append(move)
            recorder.heard(game, game.apply(move))
            if card_lists(game.s) != expected:
                raise AssertionError("a card was lost or duplicated")
    except Exception as exc:
        lines = "".join(f"{m}\n" for m in moves)
        raise ClassicGameError(f"Classic game seed {seed}: {type(exc).__name__}: {exc}\nmoves:\n{lines}") from exc
    return game, recorder


def exercise(cc: ClassicCatalog, games: int = GAMES, seed: int = 0, known: Iterable[str] = ()) -> Exercise:
    """Play `games` random games (seeds seed, seed+1, ...) and gather the cards whose effect ran. Coverage-
    guided, still random and legal: both seats go to the Superstars with the most own cards whose effect has
    not run yet (`first_seat`), each deck prefers those cards, each with the cards its text names
    (`companions`; `known`: the pool's titles), and the players play them first when they may."""
    ran: set[str] = set()
    endings: Counter[str] = Counter()
    seated: Counter[str] = Counter()
    titles = cc.catalog.titles
    with_effects = {i.title for i in cc.catalog.infos if i.effect.clauses}
    named = companions(cc, with_effects, known)
    own = own_cards(cc)
    for n in range(games):
        left = frozenset(with_effects - ran)
        star = first_seat(cc, seed + n, left, own, seated)
        seated[star.title] += 1
        second = first_seat(cc, seed + n + 1, left, own, seated)
        seated[second.title] += 1
        game, recorder = play_traced(cc, seed + n, left, companions=named, star=star, second=second)
        ran.update(titles[card] for card, _ in recorder.ran if card >= 0)
        endings[game.s.how or "unfinished"] += 1
    return Exercise(frozenset(ran), games, tuple(sorted(endings.items())))


def own_cards(cc: ClassicCatalog) -> dict[str, frozenset[str]]:
    """Each Superstar -> the playable titles his Arsenal may hold that not every Superstar's may (his own
    cards, his logo's, his side's)."""
    from rawdeal.engine.classic import SIDES, room

    held = {s.title: frozenset(t for side in SIDES for t, _ in room(cc, s, side)) for s in cc.stars_by_title}
    common = frozenset.intersection(*held.values()) if held else frozenset()
    return {star: titles - common for star, titles in held.items()}


def first_seat(cc: ClassicCatalog, seed: int, left: frozenset[str], own: Mapping[str, frozenset[str]],
               seated: Mapping[str, int]) -> PoolCard:
    """The first seat's Superstar for game `seed`: the one with the most own cards (`own_cards`) whose effect
    has not run yet (`left`), per game he has already had (`seated`), so that the cards only a few decks
    may hold get their games; ties (and none left) go to the n-th Superstar in title order and after."""
    stars = cc.stars_by_title
    start = seed % len(stars)
    order = stars[start:] + stars[:start]
    return max(order, key=lambda s: len(own[s.title] & left) / (1 + seated.get(s.title, 0)))


def companions(cc: ClassicCatalog, titles: Iterable[str], known: Iterable[str] = ()) -> dict[str, tuple[str, ...]]:
    """Each title -> the playable titles its text names ("if Mr. Socko card is in your Ring area", "after
    the card titled Kane's Chokeslam"): dealt with it, so that its condition can hold in a random game. A
    name inside a longer title of the pool (`known`, and the catalog's: "Throw" in "Throw Into the Corner
    Turnbuckle") is not one."""
    printed = sorted({*cc.printed, *known}, key=len, reverse=True)
    folded = {t: t.casefold() for t in printed}
    playable = cc.catalog.db.index
    out: dict[str, tuple[str, ...]] = {}
    for title in titles:
        text = cc.printed[title].text.casefold()
        taken: list[tuple[int, int]] = []
        named: list[str] = []
        for name in (t for t in printed if folded[t] in text):
            for m in re.finditer(rf"(?<![\w']){re.escape(folded[name])}(?![\w'])", text):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                taken.append(m.span())
                if name != title and name in playable and name not in named:
                    named.append(name)
        if named:
            out[title] = tuple(named)
    return out


def pool_report(cards: tuple[PoolCard, ...], dictionary: tuple[PoolCard, ...] = (), games: int = GAMES,
                seed: int = 0) -> PoolCheck:
    """Parsed, lowered (`check_pool`) and exercised: `games` random games between random legal decks
    of the pool's playable cards (none when the pool has no Superstar, or too few playable cards)."""
    report = check_pool(cards, dictionary)
    pool = lower_cards(cards, dictionary)
    cc = classic_catalog(pool)
    if not games or not cc.superstars or not any(_room_ok(cc, s) for s in cc.superstars):
        return report
    done = exercise(cc, games, seed, {c.title for c in (*cards, *dictionary)})
    texts = {cc.printed[t].text for t in done.titles}
    return report.with_exercised(texts, done.games)


def _room_ok(cc: ClassicCatalog, superstar: PoolCard) -> bool:
    from rawdeal.decks.classic import ARSENAL
    from rawdeal.engine.classic import SIDES, room_size

    return any(room_size(cc, superstar, side) >= ARSENAL for side in SIDES)


def check_output(cards: tuple[PoolCard, ...], dictionary: tuple[PoolCard, ...], fmt: str,
                 games: int | None = None) -> tuple[str, bool]:
    """What `rawdeal cards --pool classic --check` prints (after `games` random games, `GAMES` if None),
    and whether the check passed."""
    report = pool_report(cards, dictionary, GAMES if games is None else games)
    if fmt == "json":
        return orjson.dumps(report.to_dict(), option=orjson.OPT_INDENT_2).decode(), report.ok
    lines = [f"FAIL {f.card}: {f.error}\n  {f.sentence}" for f in report.failures]
    return "\n".join([*lines, report.summary()]), report.ok


def selfplay_lines(games: int, seed: int = 0) -> list[str]:
    """`rawdeal selfplay --pool classic --random-decks`: seeded random games between random legal Classic
    decks, the card invariant checked after every move (a failure raises `ClassicGameError`)."""
    from rawdeal.engine.classic import shipped_classic

    cc = shipped_classic()
    done = exercise(cc, games, seed)
    endings = ", ".join(f"{how} {n}" for how, n in done.endings)
    return [f"{done.games} Classic games (seeds {seed}..{seed + games - 1}), no invariant broken: {endings}",
            f"{len(cc.catalog.infos)} playable Classic cards, {len(done.titles)} of them had an effect run"]
