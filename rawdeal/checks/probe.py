"""The effects probe behind `rawdeal cards --check`: is every clause of every card executed?

For each card the probe builds small positions from the card's compiled effect (never from its title):
* a *play* run per type it can be played as: its requirements and conditional F/D changes are
  satisfied (previous card, Ring-area cards, a lower Fortitude than the opponent's), it is played,
  and what acts later is provoked: a maneuver after a "while in the Ring area" card, the follow-up
  card it allows, then a whole round of turns (start-of-turn, end-of-turn, skipped-turn and
  held-Submission effects);
  a card whose reversals are stronger (+D) is reversed by the opponent;
* a *reverse* run if it is a reversal: the opponent plays a card it can reverse and it reverses it
  from the hand;
* a *ringside* run if its effect also happens from the Ringside pile: it is overturned by damage
  from a card it can reverse;
* a *forced-discard* run if it reacts to forced discards: the opponent makes its owner discard it.
Decisions are answered with their first legal move (the windows the runs are about are answered with
the card; "how many?" with the most). The game's tracing hook (`Game.trace`) tells the probe's recorder
the clauses and actions it applied, and the plays, hits and reversals (events) that used the others; a
card counts as executed when every clause of its compiled effect and every action at the top of its
effect clauses was applied and no run raised. A card with no text counts when it is played (or reverses) cleanly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import cast, get_args

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.cardinfo import Catalog, CardInfo
from rawdeal.engine.game import Game
from rawdeal.engine.state import CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.engine.words import DecisionKind, PickVerb, Profile
from rawdeal.errors import RawdealError

MAX_STEPS = 200
RING_F = 45  # enough for every card (30F) plus the +F that reversals may need


@dataclass(frozen=True)
class ProbeReport:
    executed: int
    total: int
    failures: tuple[tuple[str, str], ...]


class ProbeError(RawdealError):
    pass


def probe_cards(cat: Catalog) -> ProbeReport:
    kit = _Kit(cat)
    failures = []
    for info in cat.infos:
        problem = probe_card(kit, info)
        if problem:
            failures.append((info.title, problem))
    return ProbeReport(len(cat.infos) - len(failures), len(cat.infos), tuple(failures))


def probe_card(kit: _Kit, info: CardInfo) -> str | None:
    """None when every clause ran, else what went wrong."""
    ran: set[tuple[int, object]] = set()
    runs = list(kit.runs(info))
    if not runs:
        return "no way to play, reverse with or reveal this card"
    for name, run in runs:
        try:
            game = run()
            ran |= _ran(game)
        except (RawdealError, AssertionError, IndexError, KeyError, ValueError, TypeError) as exc:
            return f"{name} run: {type(exc).__name__}: {exc}"
    missing = [item for item in required(info) if (info.id, item) not in ran]
    if missing:
        return "not executed: " + "; ".join(_render(m) or type(m).__name__ for m in missing)
    return None


def _render(item: object) -> str:
    """A clause's or an action's canonical English."""
    from rawdeal.effects.render import render_action, render_clause

    if isinstance(item, get_args(fx.Clause)):
        return render_clause(cast(fx.Clause, item))
    return render_action(cast(fx.Action, item))


def required(info: CardInfo) -> list[object]:
    """Every clause, and every action of the clauses that carry actions (inside "you may" too, which
    the probe answers with yes; of a "choose one", only the choice itself)."""
    out: list[object] = []

    def add(actions: tuple[fx.Action, ...]) -> None:
        for a in actions:
            if a not in out:
                out.append(a)
            if isinstance(a, fx.Optional):
                add(a.actions)

    for clause in info.effect.clauses:
        out.append(clause)
        if isinstance(clause, (fx.OnPlay, fx.OnReverse, fx.Triggered, fx.Delayed)):
            add(clause.actions)
        if isinstance(clause, fx.Reverses):
            add(clause.cost)
    return out


class _Kit:
    """Cards to build positions with, picked once from the catalog."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        plain = [i for i in cat.infos if not i.effect.clauses and i.card.types == (CardType.MANEUVER,)
                 and not i.card.traits and not i.card.logo]
        self.plain = [i.id for i in plain]
        strong: list[int] = []
        for i in sorted(plain, key=lambda i: -i.card.printed_damage):
            if sum(cat.infos[c].card.printed_damage for c in strong) >= RING_F:
                break
            strong.append(i.id)
        self.strong = strong

    # --------------------------------------------------------------------------------- positions
    def fill(self, n: int) -> list[int]:
        return [self.plain[k % len(self.plain)] for k in range(n)]

    def state(self, to_move: int) -> GameState:
        """Both players with a strong Ring area, 4 plain cards in hand, 40 in the Arsenal and 6 in the
        Ringside pile. The standard profile, so that shuffles happen (and can be seen to happen)."""
        players = [PlayerState("HHH", self.fill(40), self.fill(4), self.strong[:], self.fill(6)) for _ in (0, 1)]
        return GameState(players=players, current=to_move, profile=Profile.STANDARD)

    def provide(self, s: GameState, p: int, actions: tuple[fx.Action, ...]) -> None:
        """Cards the actions look for: a matching card in the hand a filtered discard reads, the
        titled card in the first zone a search looks through."""
        for a in actions:
            if isinstance(a, fx.Choice):
                for option in a.options:
                    self.provide(s, p, option)
            elif isinstance(a, fx.Optional):
                self.provide(s, p, a.actions)
            elif isinstance(a, fx.Discard) and a.filter != fx.CardFilter():
                who = p if a.who is fx.Who.YOU else 1 - p
                s.players[who].hand.append(self.matching(a.filter))
            elif isinstance(a, fx.Search) and a.filter.title is not None:
                who = p if a.who is fx.Who.YOU else 1 - p
                s.players[who].zone(a.zones[0]).insert(0, self.cat.id(a.filter.title))

    def matching(self, flt: fx.CardFilter) -> int:
        for i in self.cat.infos:
            if (flt.title is None or i.title == flt.title) and (flt.trait is None or flt.trait in i.card.traits) \
                    and (not flt.titles or i.title in flt.titles) and R.has_marks(i, flt.marks, flt.not_marks, flt.any_marks):
                return i.id
        raise ProbeError(f"no card matches {flt}")

    def after(self, cond: fx.After) -> LastPlay:
        """A previous card satisfying an "after ..." condition."""
        infos = self.cat.infos
        if cond.title is not None:
            card = self.cat.id(cond.title)
            as_type = cond.card_type if cond.card_type else infos[card].card.playable_types[0]
            return LastPlay(card, as_type, infos[card].card.printed_damage)
        for i in infos:
            if i.is_(CardType.MANEUVER) and (cond.subtype is None or i.card.subtype is cond.subtype):
                return LastPlay(i.id, CardType.MANEUVER, max(cond.min_damage or 0, i.card.printed_damage))
        raise ProbeError(f"no card satisfies {cond}")

    def satisfy(self, s: GameState, p: int, conditions: list[fx.Condition]) -> None:
        for cond in conditions:
            if isinstance(cond, fx.After):
                last = s.last[p] = self.after(cond)
                s.players[p].ring.append(last.card)
            elif isinstance(cond, fx.InRingArea):
                s.players[p].ring.append(self.cat.id(cond.title))
            elif isinstance(cond, fx.FortitudeBelowOpponent):
                s.players[1 - p].ring += self.strong
            elif isinstance(cond, fx.MinHandSize):
                s.players[p].hand += self.fill(cond.n)

    def conditions(self, info: CardInfo, as_type: CardType) -> list[fx.Condition]:
        out = [r.condition for r in info.requirements if r.as_type is None or r.as_type == as_type]
        out += [c.condition for c in info.stat_changes
                if c.condition is not None and (c.as_type is None or c.as_type == as_type)]
        return out

    # -------------------------------------------------------------------------------------- runs
    def runs(self, info: CardInfo) -> Iterator[tuple[str, Callable[[], Game]]]:
        for t in info.card.playable_types:
            yield f"play as {t}", partial(self.play_run, info, t)
        if info.reverses:
            yield "reverse", lambda: self.reverse_run(info, ringside=False)
        if info.triggers_from_ringside:
            yield "ringside", lambda: self.reverse_run(info, ringside=True)
        if any(t.trigger is fx.Trigger.FORCED_DISCARD for t in info.triggered):
            yield "forced discard", lambda: self.forced_discard_run(info)

    def play_run(self, info: CardInfo, as_type: CardType) -> Game:
        s = self.state(0)
        s.players[0].hand.insert(0, info.id)
        self.satisfy(s, 0, self.conditions(info, as_type))
        for clause in info.on_play:
            if clause.as_type is None or clause.as_type == as_type:
                self.provide(s, 0, clause.actions)
        for f in info.follow_ups:
            s.players[0].hand.append(self.cat.id(f.title))
        defender_reverses = False
        if info.reversal_bonus and as_type == CardType.MANEUVER:
            rev = self.reversal_for(s, CurrentPlay(0, info.id, as_type, previous=s.last[0]))
            s.players[1].hand.insert(0, rev)
            defender_reverses = True
        game = _game(s, self.cat)
        _apply(game, mv.Play(info.title, as_type))
        _settle(game, reverse_for={1} if defender_reverses else set())
        for f in info.follow_ups:
            if _is_main(game, 0):
                _apply(game, mv.Play(f.title, None))
                _settle(game)
        if info.while_in_ring and _is_main(game, 0):
            plain = next(c for c in s.players[0].hand if c in self.plain)
            _apply(game, mv.Play(self.cat.infos[plain].title, CardType.MANEUVER))
            _settle(game)
        _round(game)  # start/end-of-turn effects, skipped turns, held Submissions, next-turn modifiers
        return game

    def reversal_for(self, s: GameState, play: CurrentPlay) -> int:
        damage = R.base_damage(self.cat, s, play, 1 - play.player)
        for i in self.cat.infos:
            if i.reverses and R.reverses(self.cat, s, i.id, play, damage, True):
                return i.id
        raise ProbeError("no reversal can reverse it")

    def target(self, t: fx.Target) -> tuple[CardInfo, CardType]:
        """A card the target accepts, preferring cards with no text and no requirement."""
        types = [ct for ct in t.card_types if ct in (CardType.MANEUVER, CardType.ACTION)]
        fits = []
        for i in self.cat.infos:
            if t.title is not None and i.title != t.title:
                continue
            as_type = next((ct for ct in types if i.is_(ct) and ct in i.card.playable_types), None)
            if as_type is None or i.irreversible:
                continue
            if t.subtypes and i.card.subtype not in t.subtypes:
                continue
            if t.trait is not None and t.trait not in i.card.traits or not R.has_marks(i, t.marks, t.not_marks, t.any_marks):
                continue
            if t.max_damage is not None and i.card.printed_damage > t.max_damage:
                continue
            fits.append((len(i.effect.clauses) + 10 * len(i.requirements), i.id, i, as_type))
        if not fits:
            raise ProbeError(f"nothing to reverse: no card fits {t}")
        _, _, info, as_type = min(fits, key=lambda f: (f[0], f[1]))
        return info, as_type

    def reverse_run(self, info: CardInfo, ringside: bool) -> Game:
        s = self.state(1)
        r = info.reverses[0]
        target, as_type = self.target(r.target)
        attacker = s.players[1]
        attacker.hand.insert(0, target.id)
        self.satisfy(s, 1, self.conditions(target, as_type))
        if r.target.after_title is not None:
            s.last[1] = self.after(fx.After(title=r.target.after_title))
        if r.target.after is not None:
            s.last[1] = self.after(r.target.after)
        if r.target.played_before:  # the cards played before it this turn
            s.played = (r.target.played_before_type or as_type,) * r.target.played_before
        if r.target.min_trait_in_ring:
            attacker.ring += [i.id for i in self.cat.infos if r.target.trait in i.card.traits][:r.target.min_trait_in_ring]
        if ringside:
            s.players[0].arsenal.append(info.id)
        else:
            s.players[0].hand.insert(0, info.id)
        game = _game(s, self.cat)
        _apply(game, mv.Play(target.title, as_type))
        if not ringside:
            d = game.decision()
            if d is None or d.kind is not DecisionKind.REVERSE or mv.Reverse(info.title) not in d.moves:
                raise ProbeError(f"not offered as a reversal to {target.title}")
            _apply(game, mv.Reverse(info.title))
        _settle(game)
        return game

    def forced_discard_run(self, info: CardInfo) -> Game:
        s = self.state(1)
        forcing = next(i for i in self.cat.infos if not i.requirements and i.is_(CardType.MANEUVER) and any(
            isinstance(a, fx.Discard) and a.who is fx.Who.OPPONENT and a.chooser is fx.Who.OPPONENT and a.count.n
            for c in i.on_play for a in c.actions))
        s.players[1].hand.insert(0, forcing.id)
        s.players[0].hand.insert(0, info.id)
        game = _game(s, self.cat)
        _apply(game, mv.Play(forcing.title, CardType.MANEUVER))
        d = game.decision()
        if d is None or d.kind is not DecisionKind.DISCARD or d.player != 0:
            raise ProbeError(f"{forcing.title} did not make its opponent discard")
        _apply(game, mv.Pick(PickVerb.DISCARD, info.title))
        _settle(game)
        return game


class _Recorder:
    """The probe's tracer: (card, clause or action) pairs the engine applied, in `ran`. Plays,
    resolutions, hits and reversals (from the events) are turned into the static clauses they used,
    so the rules need tell the tracer only of the clauses and actions they apply."""

    def __init__(self) -> None:
        self.ran: set[tuple[int, object]] = set()

    def __call__(self, game: Game, card: int, item: object) -> None:
        if isinstance(item, CurrentPlay):
            self.played(game, item)
        elif isinstance(item, (T.Resolve, T.Hit)):
            self.landed(game, item)
        else:
            self.ran.add((card, item))
            self.ran.update((card, a) for a in _done_with(item))
            if isinstance(item, fx.Discard) and card >= 0:
                self.ran.update((card, look) for look in _shown_by(game.cat.infos[card], item))

    def heard(self, game: Game, events: list[ev.Event]) -> None:
        """A reversal used the reversing card's "reverse ..." clauses; from the hand, also its
        variable damage and the reversed card's "reversals to this maneuver are +D"."""
        cat = game.cat
        for e in events:
            if isinstance(e, ev.Reversed) and e.source == "backstage":
                continue  # a Superstar's ability: no card of the catalog
            if isinstance(e, ev.Reversed):
                card, target = cat.infos[cat.id(e.card)], cat.id(e.target)
                self.ran.update((card.id, r) for r in (*card.reverses, *card.used_reverses))
                if e.source == "hand" and card.variable_damage:
                    self.ran.add((card.id, fx.VariableDamage()))
                if e.source == "hand" and cat.infos[target].reversal_bonus:
                    self.ran.add((target, fx.ReversalBonus(cat.infos[target].reversal_bonus)))

    def played(self, game: Game, play: CurrentPlay) -> None:
        """The requirements, own F/D changes and follow-up permission a play used."""
        cat, info = game.cat, game.cat.infos[play.card]
        for req in info.requirements:
            if req.as_type is None or req.as_type == play.as_type:
                self.ran.add((play.card, req))
        for sc in info.stat_changes:
            if (sc.as_type is None or sc.as_type == play.as_type) and (
                    sc.condition is None or R.holds(cat, game.s, play.player, sc.condition, play.card, play.previous)):
                self.ran.add((play.card, sc))
        if play.previous is not None:
            for f in cat.infos[play.previous.card].follow_ups:
                if f.title == info.title:
                    self.ran.add((play.previous.card, f))
        if info.irreversible:  # it kept the opponent from reversing it from his hand
            dmg = R.base_damage(cat, game.s, play, 1 - play.player) if play.as_type == CardType.MANEUVER else 0
            if R.irreversible(cat, game.s, play, dmg, from_hand=True):
                self.ran.add((play.card, fx.Irreversible()))

    def landed(self, game: Game, task: T.Resolve | T.Hit) -> None:
        """A card that is not a maneuver used its "no damage"; a hit used the attacker's
        while-in-the-Ring-area modifiers."""
        play = game.s.playing
        assert play is not None
        if isinstance(task, T.Resolve):
            if play.as_type != CardType.MANEUVER:
                for nd in game.cat.infos[play.card].effect.of(fx.NoDamage):
                    self.ran.add((play.card, nd))
            return
        for c in game.s.players[play.player].ring:
            for m in game.cat.infos[c].while_in_ring:
                self.ran.add((c, fx.WhileInRing(m)))


Recorder = _Recorder  # for other checks that trace games (`rawdeal.checks.classic`)


def _done_with(clause: object) -> tuple[fx.Action, ...]:
    """Actions a clause's application covers without running them: the turn a reversal ends
    anyway; the discard of a card reacting to a forced discard, which the pick itself was."""
    if isinstance(clause, fx.OnReverse):
        return tuple(a for a in clause.actions if isinstance(a, fx.EndTurn))
    if isinstance(clause, fx.Triggered) and clause.trigger is fx.Trigger.FORCED_DISCARD:
        return tuple(a for a in clause.actions if isinstance(a, fx.DiscardThis))
    return ()


def _shown_by(info: CardInfo, discard: fx.Discard) -> list[fx.LookAt]:
    """The looks at the opponent's hand that `discard`, a pick from that hand right after, shows:
    the engine shows such a hand once, in the pick."""
    if discard.chooser is not fx.Who.YOU or discard.who is fx.Who.YOU:
        return []
    return [look for actions in _sequences(info) for look, then in zip(actions, actions[1:])
            if then == discard and look == fx.LookAt(discard.who, fx.Zone.HAND)]


def _sequences(info: CardInfo) -> Iterator[tuple[fx.Action, ...]]:
    """Every run of actions in a card's effect, those inside "you may" and "choose one" too."""
    todo = [c.actions for c in info.effect.clauses if isinstance(c, (fx.OnPlay, fx.OnReverse, fx.Triggered, fx.Delayed))]
    while todo:
        actions = todo.pop()
        yield actions
        for a in actions:
            if isinstance(a, fx.Optional):
                todo.append(a.actions)
            elif isinstance(a, fx.Choice):
                todo.extend(a.options)


def _game(s: GameState, cat: Catalog) -> Game:
    game = Game(s, cat)
    game.trace = _Recorder()
    return game


def _ran(game: Game) -> set[tuple[int, object]]:
    return game.trace.ran if isinstance(game.trace, _Recorder) else set()


def _apply(game: Game, move: mv.Move) -> None:
    events = game.apply(move)
    if isinstance(game.trace, _Recorder):
        game.trace.heard(game, events)


def _is_main(game: Game, p: int) -> bool:
    d = game.decision()
    return d is not None and d.kind is DecisionKind.MAIN and d.player == p


def _settle(game: Game, reverse_for: set[int] = frozenset()) -> None:  # type: ignore[assignment]
    """Answer every pending decision but the main one: the first legal move, passing reversal
    windows (except for the players in `reverse_for`, who take the first reversal)."""
    for _ in range(MAX_STEPS):
        d = game.decision()
        if d is None or d.kind is DecisionKind.MAIN:
            return
        if d.kind is DecisionKind.REVERSE and d.player not in reverse_for:
            _apply(game, mv.PASS)
        elif d.kind is DecisionKind.COUNT:
            _apply(game, d.moves[-1])  # "how many?": as many as allowed, so that what follows happens
        else:
            _apply(game, d.moves[0])
    raise ProbeError("the effect did not settle")


def _round(game: Game) -> None:
    """End turns until player 0 is back at his main decision a turn later."""
    start = game.s.turn
    for _ in range(MAX_STEPS):
        _settle(game)
        d = game.decision()
        if d is None or (d.player == 0 and game.s.turn >= start + 2):
            return
        _apply(game, mv.END)
    raise ProbeError("the round of turns did not end")
