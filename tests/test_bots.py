"""Computer players: legal moves only, seeded (a game between bots replays exactly), they never see
the hidden cards, and the greedy player beats the random one."""

from __future__ import annotations

from rawdeal.engine.moves import Move

import random
from typing import Any

import pytest

from cardkit import fillers, pending, position, ring_of
from rawdeal.cards import CardType
from rawdeal.arena import selfplay as sp
from rawdeal.bots.evaluation import LOW_MARK, TUNED, WEIGHTS, Weights, evaluate
from rawdeal.bots.infoset import Unlikely, could_reverse, sample
from rawdeal.bots.base import Outcome, candidates, play_match
from rawdeal.bots.greedy import GreedyPlayer
from rawdeal.bots.registry import make_player
from rawdeal.arena.random_game import card_lists, check_invariants
from rawdeal.bots.search import SearchPlayer
from rawdeal.arena.selfplay import start_game as start
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, Surrender
from rawdeal.errors import UsageError

BOTS = ["random", "greedy", "search:12", "omniscient:12"]


def _start(seed: int) -> Game:
    """A game between two random legal decks, standard rules."""
    return start(sp.game_decks(seed, None), "standard", seed)


def _play(seed: int, names: tuple[str, str]) -> tuple[list[Move], Outcome]:
    """A whole game; every move is checked against the legal ones and the card invariant."""
    game = _start(seed)
    players = (make_player(names[0], seed), make_player(names[1], seed + 1))
    expected, moves = card_lists(game), list[Move]()
    while game.s.winner is None and len(moves) < 2000:
        d = game.decision()
        assert d is not None
        move = players[d.player].choose(game)
        assert move in d.moves or type(move).__name__ == "Arrange", (move, d.moves)
        assert not (type(move) is Surrender and len(d.moves) > 1), "a bot surrendered with other moves left"
        moves.append(move)
        game.apply(move)
        check_invariants(game, expected)
    return moves, Outcome(game.s.winner, game.s.how, 0, len(moves))


@pytest.mark.parametrize("bot", BOTS)
def test_bots_play_whole_games_and_replay_them_exactly(bot: str) -> None:
    moves, outcome = _play(11, (bot, "random"))
    assert outcome.winner is not None and outcome.how in sp.WINS
    again, _ = _play(11, (bot, "random"))
    assert [str(m) for m in again] == [str(m) for m in moves]


@pytest.mark.parametrize("options", [{"kept": 0.3}, {"lookahead": True}, {"plan_prior": 1}])
def test_search_options_of_the_benchmark_play_whole_games_and_replay_them(options: dict[str, Any]) -> None:
    """The search variants `benchmarks/bench_bots.py` measures (the opponent's kept hand inferred,
    leaves that count the next play, the prior with the plan) play legal, seeded games too."""

    def game() -> list[str]:
        g, moves = _start(12), list[str]()
        players = (SearchPlayer(12, 12, **options), make_player("greedy", 13))
        while g.s.winner is None and len(moves) < 2000:
            d = pending(g)
            move = players[d.player].choose(g)
            assert move in d.moves or type(move).__name__ == "Arrange"
            moves.append(str(move))
            g.apply(move)
        assert g.s.winner is not None
        return moves

    assert game() == game()


def test_registry_names_the_players_and_rejects_unknown_ones() -> None:
    assert make_player("greedy", 1).name == "greedy"
    assert make_player("search:30", 1).playouts == 30  # type: ignore[attr-defined]
    assert make_player("search", 1).name == "search"
    assert make_player("search:5ms", 1).millis == 5  # type: ignore[attr-defined]
    for bad in ("minimax", "search:fast", "search:0", "search:ms", "greedy:3", "search:\u00b2", "search:" + "9" * 5000):
        with pytest.raises(UsageError, match="player"):
            make_player(bad, 1)


def _hidden_shuffled(game: Game, observer: int, seed: int) -> Game:
    """The same game as the observer sees it, with the cards he cannot see arranged differently."""
    other = game.copy()
    rnd = random.Random(seed)
    opp = other.s.players[1 - observer]
    pool = opp.hand + opp.arsenal
    rnd.shuffle(pool)
    opp.hand[:], opp.arsenal[:] = pool[: len(opp.hand)], pool[len(opp.hand):]
    rnd.shuffle(other.s.players[observer].arsenal)
    other.s.rng = 12345
    other.forget_decision()
    return other


def _midgame(seed: int) -> Game:
    game = _start(seed)
    rnd = random.Random(seed)
    for _ in range(12):
        d = pending(game)
        game.apply([m for m in d.moves if type(m) is not Surrender][0] if rnd.random() < 0.5 else d.moves[-2])
    while pending(game).kind != "main":
        game.apply(pending(game).moves[0])
    return game


def test_a_sample_keeps_what_the_player_sees_and_redeals_the_rest() -> None:
    game = _midgame(5)
    me = pending(game).player
    world = sample(game, me, random.Random(1))
    real, seen = game.s.players, world.s.players
    assert seen[me].hand == real[me].hand
    for p in (0, 1):
        assert seen[p].ring == real[p].ring and seen[p].ringside == real[p].ringside
        assert len(seen[p].hand) == len(real[p].hand) and len(seen[p].arsenal) == len(real[p].arsenal)
        assert sorted(seen[p].hand + seen[p].arsenal) == sorted(real[p].hand + real[p].arsenal)
    opp = 1 - me
    worlds = [sample(game, me, random.Random(k)).s.players[opp].hand for k in range(5)]
    assert len({tuple(h) for h in worlds}) > 1  # the opponent's hand is really guessed


@pytest.mark.parametrize("bot", ["greedy", "search:20"])
def test_bots_never_see_the_hidden_cards(bot: str) -> None:
    """Rearranging what the player cannot see changes neither his samples nor his move."""
    for seed in (5, 6, 7):
        game = _midgame(seed)
        me = pending(game).player
        assert len(candidates(game)) > 1  # a real choice, made on samples
        other = _hidden_shuffled(game, me, seed)
        a, b = sample(game, me, random.Random(3)), sample(other, me, random.Random(3))
        assert [p.hand for p in a.s.players] == [p.hand for p in b.s.players]
        assert [p.arsenal for p in a.s.players] == [p.arsenal for p in b.s.players]
        assert make_player(bot, seed).choose(game) == make_player(bot, seed).choose(other)


def test_evaluation_prefers_damage_dealt_and_counts_a_win() -> None:
    game = _midgame(8)
    me = pending(game).player
    hurt = game.copy()
    hurt.s.players[1 - me].ringside += [hurt.s.players[1 - me].arsenal.pop() for _ in range(5)]
    assert evaluate(hurt, me) > evaluate(game, me) > evaluate(hurt, 1 - me) - 1000
    won = game.copy()
    won.s.winner = me
    assert evaluate(won, me) > evaluate(hurt, me) and evaluate(won, 1 - me) < evaluate(hurt, 1 - me)


def test_evaluation_counts_the_damage_a_hand_can_already_play() -> None:
    """A maneuver the Fortitude pays for is next turn's damage; one it cannot pay for is not yet."""
    game = _midgame(8)
    me = pending(game).player
    cat = game.cat
    f = sum(cat.damages[c] for c in game.s.players[me].ring)
    maneuvers = [i for i in cat.infos if i.is_(CardType.MANEUVER) and not i.reverses and i.card.printed_damage >= 2]
    ready = next(i.id for i in maneuvers if i.card.fortitude <= f)
    dead = next(i.id for i in maneuvers if i.card.fortitude > f)

    def holding(card: int) -> float:
        g = game.copy()
        g.s.players[me].hand[0] = card
        return evaluate(g, me)

    assert holding(ready) > holding(dead)
    assert evaluate(game, 1 - me) == pytest.approx(-evaluate(game, me))  # zero-sum, as search assumes


def _score(a: str, b: str, games: int) -> float:
    """a's share of wins over `games` games, seats alternating, on random legal decks."""
    wins = 0.0
    for seed in range(games):
        names = (a, b) if seed % 2 == 0 else (b, a)
        out = play_match(_start(900 + seed), (make_player(names[0], seed), make_player(names[1], seed + 7)))
        wins += 0.5 if out.winner is None else names[out.winner] == a
    return wins / games


def test_greedy_beats_random() -> None:
    assert _score("greedy", "random", 30) >= 0.6


def test_a_search_budget_in_milliseconds_still_answers_legally() -> None:
    game = _midgame(9)
    assert make_player("search:5ms", 2).choose(game) in pending(game).moves


def test_a_sample_deals_the_opponent_no_card_he_is_known_not_to_hold() -> None:
    game = _midgame(5)
    me = pending(game).player
    opp = game.s.players[1 - me]
    kinds = sorted(set(opp.hand + opp.arsenal))
    absent = frozenset(kinds[::2])
    assert sum(c not in absent for c in opp.hand + opp.arsenal) >= len(opp.hand)
    hands = set()
    for k in range(20):
        seen = sample(game, me, random.Random(k), absent).s.players[1 - me]
        assert not absent & set(seen.hand)
        assert len(seen.hand) == len(opp.hand) and sorted(seen.hand + seen.arsenal) == sorted(opp.hand + opp.arsenal)
        hands.add(tuple(seen.hand))
    assert len(hands) > 1  # still a guess among the hands that fit


def test_a_sample_deals_unlikely_cards_to_the_hand_less_often_and_keeps_every_count() -> None:
    """Cards the opponent would probably have played come into his sampled hand only at the chance
    `kept`: each sample still holds his cards in his zones' sizes, and still never sees the real order."""
    game = _midgame(5)
    me = pending(game).player
    opp = game.s.players[1 - me]
    pool = opp.hand + opp.arsenal
    unlikely = Unlikely(frozenset(sorted(set(pool))[::2]), 0.0)
    assert sum(c not in unlikely.cards for c in pool) >= len(opp.hand)

    def share(u: Unlikely, world: Game) -> float:
        hands = [sample(world, me, random.Random(k), unlikely=u).s.players[1 - me] for k in range(30)]
        for seen in hands:
            assert len(seen.hand) == len(opp.hand) and sorted(seen.hand + seen.arsenal) == sorted(pool)
        return sum(c in unlikely.cards for h in hands for c in h.hand) / (30 * len(opp.hand))

    assert share(unlikely, game) == 0.0  # kept 0: none while other cards fill the hand
    assert 0.0 < share(Unlikely(unlikely.cards, 0.3), game) < share(Unlikely(), game)
    other = _hidden_shuffled(game, me, 5)
    assert share(Unlikely(unlikely.cards, 0.3), game) == share(Unlikely(unlikely.cards, 0.3), other)


def _plays(game: Game) -> list[Move]:
    return [m for m in candidates(game) if type(m).__name__ == "Play"]


def test_what_could_reverse_a_play_depends_only_on_what_the_player_sees() -> None:
    found = 0
    for seed in (5, 7, 8, 10, 12, 13):
        game = _midgame(seed)
        me = pending(game).player
        other = _hidden_shuffled(game, me, seed)
        for move in _plays(game) if game.s.current == me else []:
            cards = could_reverse(game, move, me)
            assert cards == could_reverse(other, move, me)
            opp = game.s.players[1 - me]
            assert cards <= set(opp.hand + opp.arsenal)  # cards he might hold, nothing else
            found += bool(cards)
    assert found  # some plays can be reversed


class _Checked(SearchPlayer):
    """Records what the search rules out of the opponent's hand, beside his real hand."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, playouts=8)
        self.inferred: list[tuple[frozenset[int], list[int]]] = []

    def _observe(self, game: Game, me: int) -> frozenset[int]:
        absent = super()._observe(game, me)
        self.inferred.append((absent, list(game.s.players[1 - me].hand)))
        return absent


def test_search_rules_out_only_reversals_the_opponent_did_not_hold() -> None:
    """The greedy player reverses whenever it can, so a play of the search player that went
    through proves its reversers were not in that hand: the search rules them out, and only them."""
    ruled_out = 0
    for seed in (11, 12):
        game, search = _start(seed), _Checked(seed)
        play_match(game, (search, make_player("greedy", seed + 1)))
        for absent, real_hand in search.inferred:
            assert not absent & set(real_hand)
            ruled_out += len(absent)
    assert ruled_out > 0


def test_evaluation_features_beyond_the_greedy_ones() -> None:
    """`later` counts maneuvers the Fortitude cannot pay for yet, `low` an Arsenal near empty,
    `overkill` ready damage beyond the opponent's Arsenal; at 0 (greedy's weights) they count nothing."""
    game = _midgame(8)
    me = pending(game).player
    cat, pl = game.cat, game.s.players[me]
    f = sum(cat.damages[c] for c in pl.ring)
    dead = next(i.id for i in cat.infos if i.is_(CardType.MANEUVER) and not i.reverses and i.card.fortitude > f
                and i.card.printed_damage >= 2)
    ready = next(i.id for i in cat.infos if i.is_(CardType.MANEUVER) and not i.reverses and i.card.fortitude <= f
                 and i.card.printed_damage >= 2)
    holding = game.copy()
    holding.s.players[me].hand[0] = dead
    later = Weights(later=1.0)
    assert evaluate(holding, me, later) - evaluate(game, me, later) > evaluate(holding, me) - evaluate(game, me)
    short = game.copy()
    short.s.players[me].ringside += [short.s.players[me].arsenal.pop() for _ in range(len(pl.arsenal) - 3)]
    low = Weights(low=1.0)
    assert evaluate(short, me, low) < evaluate(short, me) - 6  # 7 cards below the mark, 1 each
    assert evaluate(game, me, low) == evaluate(game, me) or len(pl.arsenal) < LOW_MARK
    lethal = game.copy()
    lethal.s.players[me].hand[:] = [ready] * 3
    opp = lethal.s.players[1 - me]
    opp.ringside += [opp.arsenal.pop() for _ in range(len(opp.arsenal) - 1)]
    overkill = Weights(overkill=1.0)
    assert evaluate(lethal, me, overkill) < evaluate(lethal, me)


def test_both_players_play_with_the_tuned_weights_not_the_hand_set_ones() -> None:
    assert make_player("search", 1).weights == TUNED  # type: ignore[attr-defined]
    assert make_player("greedy", 1).weights == TUNED  # type: ignore[attr-defined]
    assert TUNED != WEIGHTS


def test_greedy_plays_the_card_that_boosts_its_next_maneuver_first() -> None:
    """Atomic Drop (6D) makes the next maneuver +2D: played before Discus Punch (9D) the turn deals
    2 more, though Discus Punch alone deals more at once; the one-ply player takes the bigger hit.
    (The opponent's 30 cards outlast both plays: with a short Arsenal both orders win, a tie.)"""
    game = position({"hand": ["Atomic Drop", "Discus Punch"], "ring": ring_of(12)},
                    {"hand": fillers(5), "arsenal_size": 30})
    assert str(make_player("greedy", 1).choose(game)) == 'play "Atomic Drop" as maneuver'
    assert str(GreedyPlayer(1, plan=0).choose(game)) == 'play "Discus Punch" as maneuver'


def test_search_stops_early_only_when_the_move_can_no_longer_change() -> None:
    """Stopping once the most visited move cannot be overtaken saves playouts, never changes a move."""
    saved: list[int] = []
    for seed in (5, 6, 7, 8):
        game = _midgame(seed)
        quick, full = SearchPlayer(seed, 60), SearchPlayer(seed, 60, early=False)
        assert quick.choose(game) == full.choose(game)
        saved.append(full.spent - quick.spent)
    assert min(saved) >= 0 and max(saved) > 0


def test_memory_keeps_cards_seen_going_into_the_opponents_hand_until_seen_leaving() -> None:
    from rawdeal.bots.memory import Memory, remember

    game = _midgame(6)
    me = game.decision().player  # type: ignore[union-attr]
    opp = game.s.players[1 - me]
    opp.ringside.append(opp.arsenal.pop(0))  # a card he has in the open
    taken = opp.ringside[-1]
    memory = remember(Memory(), game, me)
    assert memory.in_hand == ()
    later = game.copy()
    later.s.players[1 - me].hand.append(later.s.players[1 - me].ringside.pop())  # taken back into his hand
    memory = remember(memory, later, me)
    assert memory.in_hand == (taken,)
    worlds = [sample(later, me, random.Random(k), memory=memory) for k in range(8)]
    assert all(taken in w.s.players[1 - me].hand for w in worlds)
    assert len({tuple(w.s.players[1 - me].hand) for w in worlds}) > 1  # the rest is still guessed
    gone = later.copy()
    gone.s.players[1 - me].ring.append(gone.s.players[1 - me].hand.pop())  # played: it left his hand
    assert remember(memory, gone, me).in_hand == ()


def test_memory_knows_an_arranged_arsenal_top_until_it_is_drawn_and_drops_what_the_cards_belie() -> None:
    from dataclasses import replace

    from rawdeal.bots.memory import Memory, remember

    game = _midgame(7)
    me = game.decision().player  # type: ignore[union-attr]
    seen = remember(Memory(), game, me)
    top = tuple(game.s.players[1 - me].arsenal[-3:])
    memory = replace(seen, tops=((), top) if me == 0 else (top, ()))  # as after arranging them
    worlds = [sample(game, me, random.Random(k), memory=memory) for k in range(6)]
    assert all(tuple(w.s.players[1 - me].arsenal[-3:]) == top for w in worlds)
    assert len({tuple(w.s.players[1 - me].arsenal) for w in worlds}) > 1
    drawn = game.copy()
    drawn.s.players[1 - me].hand.append(drawn.s.players[1 - me].arsenal.pop())  # he draws the top card
    assert remember(memory, drawn, me).tops[1 - me] == top[:2]
    shuffled = game.copy()
    shuffled.s.players[1 - me].arsenal.append(shuffled.s.players[1 - me].hand.pop())  # one more: a shuffle
    assert remember(memory, shuffled, me).tops[1 - me] == ()
    stale = replace(memory, in_hand=(10**6,))  # a card he cannot hold: the memory went wrong, it is dropped
    assert 10**6 not in sample(game, me, random.Random(1), memory=stale).s.players[1 - me].hand


def test_an_older_inference_keeps_its_cards_out_of_the_part_of_the_hand_he_kept() -> None:
    game = _midgame(5)
    me = pending(game).player
    opp = game.s.players[1 - me]
    banned = frozenset(opp.hand + opp.arsenal[:6])
    n = len(opp.hand)

    def hands(faded: tuple[frozenset[int], int]) -> list[list[int]]:
        return [sample(game, me, random.Random(k), faded=faded).s.players[1 - me].hand for k in range(10)]

    assert any(c in banned for h in hands((frozenset(), 0)) for c in h)  # without it, they come
    assert all(c not in banned for h in hands((banned, n)) for c in h)  # he kept his whole hand
    assert all(sum(c in banned for c in h) <= 1 for h in hands((banned, n - 1)))  # one card is new


def test_a_remembered_arsenal_top_that_disagrees_with_the_cards_shown_is_not_used() -> None:
    from dataclasses import replace

    from rawdeal.bots.memory import Memory

    game = _midgame(7)
    me = pending(game).player
    own = game.s.players[me].arsenal
    wrong = tuple(reversed(own[-4:])) if own[-4:] != own[-4:][::-1] else tuple(own[-5:-1])
    memory = replace(Memory(), tops=(wrong, ()) if me == 0 else ((), wrong))
    from rawdeal.bots import infoset

    real_shown = infoset._shown
    infoset._shown = lambda g, o: {(me, "top"): 2}  # type: ignore[assignment]  # as an arrangement of 2 shows
    try:
        world = sample(game, me, random.Random(1), memory=memory)
    finally:
        infoset._shown = real_shown
    assert world.s.players[me].arsenal[-2:] == own[-2:]  # the cards shown stay as they are


def test_search_leaves_greedys_choice_only_for_a_move_its_playouts_show_clearly_better() -> None:
    """The search ranks the moves as greedy does and plays the best out in sampled worlds: asked
    for no evidence it can never get (z huge), it plays greedy's ranking; with its defaults it
    leaves it at some decisions of a game, each time for a move that did better in the same worlds."""
    from rawdeal.bots.turns import TurnSearchPlayer

    for seed in (5, 6, 7, 8):
        game = _midgame(seed)
        sure, plain = TurnSearchPlayer(seed, z=1e9), TurnSearchPlayer(seed, worlds=0)
        assert sure.choose(game) == plain.choose(game) and sure.changed == 0
    search = TurnSearchPlayer(3)
    play_match(_start(3), (search, make_player("greedy", 4)))
    assert search.checked > 0 and 0 < search.changed < search.checked


def test_a_search_playout_ends_at_the_players_next_turn_and_leaves_the_world_as_it_was() -> None:
    from rawdeal.bots.turns import TurnSearchPlayer

    for seed in (6, 7):
        game = _midgame(seed)
        me, turn, before = pending(game).player, game.s.turn, repr(game.s)
        end = TurnSearchPlayer(seed).turn_out(game, candidates(game)[0], me)
        assert repr(game.s) == before
        d = end.decision()
        assert end.s.winner is not None or (d is not None and d.kind == "main" and d.player == me
                                            and end.s.turn == turn + 2)


def test_more_worlds_go_only_to_moves_still_open_and_a_game_replays_exactly() -> None:
    """Time management (`most`): after each round of worlds a move that trails greedy's is dropped
    and one clearly better is settled; only the open ones get more. Asked for evidence it can never
    get, the search still plays greedy's ranking; a game with it replays move for move."""
    from rawdeal.bots.turns import TurnSearchPlayer

    judge = TurnSearchPlayer(1, z=1.5, edge=0.005)
    assert judge._verdict([-0.2, 0.1, -0.1]) is False  # behind on average: dropped
    assert judge._verdict([0.3, 0.31, 0.29, 0.3]) is True  # ahead by many standard errors: settled
    assert judge._verdict([0.3, -0.2, 0.25, -0.1]) is None  # ahead, not clearly: more worlds
    for seed in (5, 6):
        position = _midgame(seed)
        sure, plain = TurnSearchPlayer(seed, z=1e9, most=24), TurnSearchPlayer(seed, worlds=0)
        assert sure.choose(position) == plain.choose(position)

    def game() -> list[str]:
        players = (TurnSearchPlayer(3, most=24), make_player("greedy", 4))
        g, moves = _start(3), list[str]()
        while g.s.winner is None and len(moves) < 2000:
            move = players[pending(g).player].choose(g)
            moves.append(str(move))
            g.apply(move)
        return moves

    assert game() == game()


def test_the_turn_search_deals_the_opponent_the_hand_its_inference_expects() -> None:
    """With `kept` (issue 30's fifth pass), the turn search's worlds follow the tree search's
    inference: in its own turn, kept at 0, the opponent is dealt no maneuver his Fortitude pays for
    while other cards can fill his hand; without it such cards come up."""
    from rawdeal.bots.infoset import playable_maneuvers
    from rawdeal.bots.turns import TurnSearchPlayer
    from rawdeal.engine import rules as R

    checked = 0
    for seed in range(5, 15):
        game = _midgame(seed)
        me = pending(game).player
        opp = game.s.players[1 - me]
        payable = playable_maneuvers(game.cat, R.fortitude(game.cat, game.s, 1 - me))
        pool = opp.hand + opp.arsenal
        if game.s.current != me or len(candidates(game)) < 2 or sum(c in payable for c in pool) < 3 or sum(c not in payable for c in pool) < len(opp.hand):
            continue

        def dealt(player: TurnSearchPlayer) -> int:
            player.choose(game)  # what the decision shows, and what the player infers from it
            return sum(c in payable for _ in range(20) for c in player._world(game, me, frozenset()).s.players[1 - me].hand)

        assert dealt(TurnSearchPlayer(seed, worlds=0, kept=0.0)) == 0
        assert dealt(TurnSearchPlayer(seed, worlds=0)) > 0
        checked += 1
    assert checked
