"""Classic games: two Classic decks start a game that plays their lowered effects, saves and reloads with the
Classic cards, and refuses a card the engine cannot play yet."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.bots.random import pick
from rawdeal.cards import CardType, Subtype
from rawdeal.cli import app
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog
from rawdeal.decks import Deck
from rawdeal.effects.classic.playable import is_played_kind, lowered_classic
from rawdeal.engine.classic import new_classic_game, random_classic_deck, shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.state import CurrentPlay
from rawdeal.engine import tasks as T
from rawdeal.errors import DeckError
from rawdeal.io.save import dumps, loads

runner = CliRunner()


def _decks(seed: int) -> tuple[Deck, Deck]:
    rnd = random.Random(seed)
    made = [random_classic_deck(shipped_classic(), rnd) for _ in (0, 1)]
    return Deck.of(made[0][0], made[0][1], "a.txt"), Deck.of(made[1][0], made[1][1], "b.txt")


def _write(deck: Deck, path: Path) -> Path:
    path.write_text(f"{deck.superstar} (Superstar Card)\n" + "".join(f"{t}\n" for t in deck.titles), encoding="utf-8")
    return path


def test_new_classic_game_writes_a_save_that_names_its_pool(tmp_path: Path) -> None:
    a, b = _decks(1)
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["new", str(_write(a, tmp_path / "a.txt")), str(_write(b, tmp_path / "b.txt")),
                                 "--pool", "classic", "--seed", "4", "-o", str(save)])
    assert result.exit_code == 0, result.output
    assert '"pool": "classic"' in save.read_text(encoding="utf-8")
    moves = runner.invoke(app, ["moves", str(save)])
    assert moves.exit_code == 0 and "end" in moves.stdout


def _play(game: Game, rnd: random.Random, n: int) -> None:
    for _ in range(n):
        if game.over:
            return
        game.apply(pick(game, rnd))


@pytest.mark.parametrize("seed", [2, 3])
def test_save_reload_and_continue_equals_straight_play(seed: int) -> None:
    straight, _ = new_classic_game(_decks(seed), seed=seed)
    _play(straight, random.Random(seed), 300)

    split, _ = new_classic_game(_decks(seed), seed=seed)
    rnd = random.Random(seed)
    _play(split, rnd, 120)
    again = loads(dumps(split))
    _play(again, rnd, 180)
    assert dumps(again) == dumps(straight)


def test_a_deck_with_a_card_the_engine_cannot_play_yet_is_refused() -> None:
    a, b = _decks(5)
    cannot = next(c.card.title for c in lowered_classic().cards
                  if is_played_kind(c.card) and not c.lowered.ok and not c.card.logos and not c.card.traits
                  and c.card.title not in a.titles)
    titles = list(a.titles)
    titles[0] = cannot
    with pytest.raises(DeckError, match="cannot play these cards yet") as caught:
        new_classic_game((Deck.of(a.superstar, titles, "a.txt"), b))
    assert cannot in str(caught.value)


def test_check_names_the_cards_the_engine_cannot_play_yet(tmp_path: Path) -> None:
    a, _ = _decks(6)
    cannot = next(c.card.title for c in lowered_classic().cards
                  if is_played_kind(c.card) and not c.lowered.ok and not c.card.logos and not c.card.traits
                  and c.card.title not in a.titles)
    deck = _write(Deck.of(a.superstar, [cannot, *a.titles[1:]], "c.txt"), tmp_path / "c.txt")
    result = runner.invoke(app, ["check", "--pool", "classic", str(deck)])
    assert result.exit_code == 0  # a legal Classic deck; the engine just cannot play all of it yet
    assert f"the engine cannot play yet: {cannot}" in result.stdout
    data = runner.invoke(app, ["check", "--pool", "classic", str(deck), "--format", "json"]).stdout
    assert '"cannot_play": [' in data and cannot in data


def _catalog_with(effects: dict[str, fx.CardEffect]) -> Catalog:
    """The course catalog with some cards' effects replaced (engine rules for Classic constructs)."""
    from dataclasses import replace as dc_replace

    from rawdeal.engine.cardinfo import _info, catalog

    cat = catalog()
    infos = tuple(_info(i.id, i.card, effects[i.title]) if i.title in effects else i for i in cat.infos)
    return dc_replace(cat, infos=infos)


def test_only_reversible_from_the_arsenal_stops_reversals_from_the_hand_only() -> None:
    from rawdeal.engine import rules as R
    from rawdeal.engine.state import CurrentPlay, GameState, LastPlay, PlayerState

    cat = _catalog_with({"Punch": fx.CardEffect((fx.Irreversible(from_arsenal=False),)),
                         "Chop": fx.CardEffect((fx.Irreversible(condition=fx.After(title="Punch")),))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert R.irreversible(cat, s, punch, 3, from_hand=True) and not R.irreversible(cat, s, punch, 3, from_hand=False)
    chop = cat.id("Chop")
    after_punch = CurrentPlay(0, chop, CardType.MANEUVER, previous=LastPlay(cat.id("Punch"), CardType.MANEUVER, 3))
    assert R.irreversible(cat, s, after_punch, 2, from_hand=False)
    assert not R.irreversible(cat, s, CurrentPlay(0, chop, CardType.MANEUVER), 2, from_hand=True)


def test_a_search_for_a_subtype_offers_only_cards_of_that_subtype() -> None:
    from rawdeal.engine.game import Game
    from rawdeal.engine.state import GameState, PlayerState
    from rawdeal.engine import tasks as T

    strike = fx.CardFilter(subtype=Subtype.STRIKE)
    cat = _catalog_with({"Chop": fx.CardEffect((fx.OnPlay((fx.Search(fx.Who.YOU, (fx.Zone.ARSENAL,), strike),)),))})
    arsenal = [cat.id(t) for t in ("Arm Bar Takedown", "Punch", "Head Butt", "Arm Drag")]
    s = GameState(players=[PlayerState("HHH", arsenal), PlayerState("THE ROCK", [])])
    s.tasks.append(T.Act(0, fx.Search(fx.Who.YOU, (fx.Zone.ARSENAL,), strike), cat.id("Chop")))
    game = Game(s, cat)
    game.resume()
    decision = game.decision()
    assert decision is not None
    offered = {str(m) for m in decision.moves}
    assert offered == {'take "Punch"', 'take "Head Butt"'}


def test_card_shows_what_the_engine_plays_of_a_classic_card() -> None:
    plays = runner.invoke(app, ["card", "Ankle Lock", "--pool", "classic"])
    assert plays.exit_code == 0 and "effects: when played, opponent discards 1 card" in plays.stdout
    title, why = next((c.card.title, c.lowered.unlowered[0].reason) for c in lowered_classic().cards
                      if is_played_kind(c.card) and not c.lowered.ok)
    cannot = runner.invoke(app, ["card", title, "--pool", "classic"])
    assert "the engine cannot play it yet:" in cannot.stdout and why in cannot.stdout


def test_a_card_the_opponents_ability_forbids_is_not_playable() -> None:
    from dataclasses import replace as dc_replace

    from rawdeal.engine import rules as R
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.engine.state import GameState, PlayerState

    base = catalog()
    rock = dc_replace(base.abilities["THE ROCK"], forbids_opponent=("Chop",))
    cat = dc_replace(base, abilities={**base.abilities, "THE ROCK": rock})
    hand = [cat.id("Chop"), cat.id("Punch")]
    s = GameState(players=[PlayerState("HHH", [], hand), PlayerState("THE ROCK", [])])
    assert [cat.titles[c] for c, _ in R.playable(cat, s, 0)] == ["Punch"]
    assert {cat.titles[c] for c, _ in R.playable(base, s, 0)} == {"Chop", "Punch"}


def _acting(effect_action: fx.Action, mine: list[str], theirs_ringside: list[str]) -> Game:
    """A game where HHH's Chop runs one action: his hand `mine`, The Rock's Ringside pile `theirs_ringside`."""
    from rawdeal.engine import tasks as T
    from rawdeal.engine.state import GameState, PlayerState

    cat = _catalog_with({"Chop": fx.CardEffect((fx.OnPlay((effect_action,)),))})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id(t) for t in mine]),
                           PlayerState("THE ROCK", [], ringside=[cat.id(t) for t in theirs_ringside])],
                  constructed=True)
    s.tasks.append(T.Act(0, effect_action, cat.id("Chop")))
    game = Game(s, cat)
    game.resume()
    return game


def test_a_card_removed_from_the_game_stays_its_owners_and_survives_save_and_reload() -> None:
    from rawdeal.engine.invariants import card_lists

    remove = fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RINGSIDE, fx.Zone.REMOVED)
    game = _acting(remove, [], ["Punch", "Head Butt"])
    before = card_lists(game.s)
    decision = game.decision()
    assert decision is not None and decision.player == 0 and {str(m) for m in decision.moves} == {
        'take "Punch"', 'take "Head Butt"'}
    game.apply(next(m for m in decision.moves if str(m) == 'take "Head Butt"'))
    rock = game.s.players[1]
    assert [game.title(c) for c in rock.removed] == ["Head Butt"] and [game.title(c) for c in rock.ringside] == ["Punch"]
    assert card_lists(game.s) == before
    again = loads(dumps(game))
    assert again.s.players[1].removed == rock.removed and dumps(again) == dumps(game)


def test_a_save_without_removed_cards_does_not_write_them() -> None:
    game = _acting(fx.Draw(fx.Who.YOU), [], [])
    assert b'"removed"' not in dumps(game)


def test_your_opponent_may_asks_the_opponent_and_his_yes_acts_for_him() -> None:
    shuffle_in = fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RINGSIDE, fx.Zone.ARSENAL, fx.Position.SHUFFLE,
                              chooser=fx.Who.OPPONENT)
    game = _acting(fx.Optional((shuffle_in,), fx.Who.OPPONENT), [], ["Punch"])
    decision = game.decision()
    assert decision is not None and decision.player == 1
    game.apply(next(m for m in decision.moves if str(m) == "yes"))
    pick = game.decision()
    assert pick is not None and pick.player == 1
    game.apply(pick.moves[0])
    assert [game.title(c) for c in game.s.players[1].arsenal] == ["Punch"]


def test_discard_any_number_asks_how_many_then_which() -> None:
    game = _acting(fx.Discard(fx.Who.YOU, fx.ANY_NUMBER), ["Punch", "Head Butt", "Arm Drag"], [])
    decision = game.decision()
    assert decision is not None and [str(m) for m in decision.moves] == [f"discard {n}" for n in range(4)]
    game.apply(decision.moves[2])
    for _ in range(2):
        pick = game.decision()
        assert pick is not None
        game.apply(pick.moves[0])
    assert len(game.s.players[0].hand) == 1 and len(game.s.players[0].ringside) == 2


def test_a_play_requirement_that_must_not_hold() -> None:
    from rawdeal.engine import rules as R
    from rawdeal.engine.state import GameState, LastPlay, PlayerState

    cat = _catalog_with({"Chop": fx.CardEffect((fx.PlayRequirement(fx.Not(fx.After(title="Punch"))),))})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Chop")]), PlayerState("THE ROCK", [])])
    assert R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER)
    s.last[0] = LastPlay(cat.id("Punch"), CardType.MANEUVER, 2)
    assert not R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER)


def test_a_card_not_reversed_by_a_title_is_not_reversed_by_it_whatever_its_punctuation() -> None:
    from rawdeal.engine import rules as R

    cat = _catalog_with({"Chop": fx.CardEffect((fx.NotReversedBy(("have a nice day",)),))})
    play = CurrentPlay(0, cat.id("Chop"), CardType.MANEUVER)
    assert "Have a Nice Day!" not in {cat.titles[c] for c in R.reversers(cat, play)}
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert "Have a Nice Day!" in {cat.titles[c] for c in R.reversers(cat, punch)}


def test_a_hash_count_is_worked_out_when_the_action_runs() -> None:
    in_hand = fx.CountOf(fx.Who.YOU, fx.Zone.HAND, fx.CardFilter(types=(CardType.MANEUVER,)), plus=-1)
    discard = fx.Discard(fx.Who.OPPONENT, fx.Count(0, of=in_hand), chooser=fx.Who.OPPONENT)
    game = _acting(fx.Draw(fx.Who.YOU), ["Punch", "Head Butt", "Arm Drag"], [])  # HHH: 3 maneuvers, # = 2
    game.s.players[1].hand = [game.cat.id("Punch")] * 4
    game.s.tasks.append(T.Act(0, discard, game.cat.id("Chop")))
    game.resume()
    while (d := game.decision()) is not None:
        game.apply(d.moves[0])
    assert len(game.s.players[1].hand) == 2
    value = fx.CountOf(fx.Who.OPPONENT, None)  # The Rock's Superstar Value
    game = _acting(fx.Draw(fx.Who.YOU), [], [])
    game.s.players[0].arsenal = [game.cat.id("Punch")] * 10
    game.s.tasks.append(T.Act(0, fx.Draw(fx.Who.YOU, fx.Count(0, of=value)), game.cat.id("Chop")))
    game.resume()
    assert len(game.s.players[0].hand) == game.cat.db.by_name["THE ROCK"].value > 0


def test_the_lowered_classic_pool_is_kept_in_the_user_cache_and_read_back_whole(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A later process reads the lowered pool instead of parsing and lowering every text again."""
    from rawdeal.effects.classic import playable

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("RAWDEAL_CACHE", raising=False)
    fresh = playable.lowered_classic.__wrapped__()
    assert len(list((tmp_path / "rawdeal").glob("classic-lowered-*.pickle"))) == 1

    def no_lowering(*args: object) -> None:
        raise AssertionError("lowered again instead of read from the cache")

    monkeypatch.setattr(playable, "lower_cards", no_lowering)
    again = playable.lowered_classic.__wrapped__()
    assert again == fresh and again is not fresh


def test_random_decks_hold_a_title_and_its_throwback_version_within_one_limit() -> None:
    """The pool prints a few Throwback versions in other capitals ("Entangle In the Ropes", "Entangle in the
    Ropes"): the rulebook limits their copies together, and the game plays each version as printed."""
    cc = shipped_classic()
    folds = Counter(t.casefold() for t in cc.catalog.db.index)
    twins = frozenset(t for t in cc.catalog.db.index if folds[t.casefold()] > 1)
    assert twins, "the shared pool prints no title in two capitalisations any more"
    both = 0
    for seed in range(30):
        rnd = random.Random(seed)
        made = [random_classic_deck(cc, rnd, None, twins) for _ in (0, 1)]
        decks = Deck.of(made[0][0], made[0][1], "a.txt"), Deck.of(made[1][0], made[1][1], "b.txt")
        game, _ = new_classic_game(decks, seed=seed)  # raises DeckError naming the line of a copy too many
        both += any(len({t for t in d.titles if t.casefold() == f}) > 1 for d in decks for f in map(str.casefold, twins))
        held = sorted(game.title(c) for p in game.s.players for c in (*p.arsenal, *p.hand))
        assert held == sorted(t for t in made[0][1] + made[1][1] if t not in cc.backlash)
    assert both  # the case this guards: one deck holding both


def test_a_deck_may_write_titles_in_other_capitals() -> None:
    """A deck list typed by hand ("irish whip") starts the same game as one that copies the printed titles."""
    cc = shipped_classic()
    folds = Counter(t.casefold() for t in cc.catalog.db.index)
    # the first two random decks holding no title printed in two capitalisations (else a line is ambiguous): which
    # seeds give them changes with every card made playable
    drawn = (random_classic_deck(cc, random.Random(seed)) for seed in range(10, 110))
    made = [d for d in drawn if not any(folds[t.casefold()] > 1 for t in d[1])][:2]
    assert len(made) == 2
    printed = tuple(Deck.of(star, titles, f"{star}.txt") for star, titles in made)
    typed = tuple(Deck.of(star, [t.lower() for t in titles], f"{star}.txt") for star, titles in made)
    assert dumps(new_classic_game((typed[0], typed[1]), seed=3)[0]) == dumps(new_classic_game((printed[0], printed[1]), seed=3)[0])
