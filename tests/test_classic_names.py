"""Superstar names as texts print them: a logo is a Superstar's name ("If played by Billy Gunn": B.A. Billy Gunn's
logo), a name printed shorter than his card ("Steve Austin", "Moolah") is the one Superstar whose name ends so, and
a name no card of the pool bears is still reported. Lowered with the pool's names, then held in a game."""

from __future__ import annotations

from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, LoweredText, lower
from rawdeal.effects.classic.lowering.names import superstar_names
from rawdeal.effects.classic.playable import title_index
from rawdeal.engine import rules as R
from rawdeal.engine.classic import engine_superstar, shipped_classic
from rawdeal.engine.state import GameState, PlayerState
from classickit import STRIKE, assert_printed, compiler, kinds_of

REVERSAL = frozenset({"reversal", "special"})
PRE_MATCH = frozenset({"pre-match", "feud"})
SHORTER = "When played by Mae Young or Moolah, this card is -10F."
LOGO = "If played by Billy Gunn, your opponent skips his next turn."
SUFFIX_IN_LIST = ("Can only be played if your opponent is The Rock, Steve Austin, Chris Jericho, The Undertaker / "
                  "Deadman Inc, or Hollywood Hulk Hogan.")
UNBORNE = "If played by Dean Malenko this maneuver is -2F and +1D."


def _lowered(text: str, kinds: frozenset[str]) -> LoweredText:
    pool = classic_pool()
    starts = [s.start for s in compiler().lexicon.sentences(text)]
    facts = CardFacts(kinds, kinds_of(), "", title_index(pool), superstar_names(pool))
    return lower(compiler().compile(text), facts, starts)


def _holds(cond: fx.Condition, me: str, him: str, p: int = 0) -> bool:
    s = GameState(players=[PlayerState(me, []), PlayerState(him, [])], tasks=[])
    return R.holds(shipped_classic().catalog, s, p, cond, 0, None)


def test_the_sentences_are_printed() -> None:
    assert_printed(SHORTER, LOGO, SUFFIX_IN_LIST, UNBORNE)


def test_a_name_printed_shorter_is_the_one_superstar_whose_name_ends_so() -> None:
    (cost,) = _clauses(SHORTER, REVERSAL)
    assert isinstance(cost, fx.StatChange) and cost.amount == -10 and cost.condition is not None
    moolah = next(c for c in classic_pool() if c.title == "The Fabulous Moolah")  # printed without a hand size:
    assert cost.condition == fx.AnyOf((fx.SuperstarIs(fx.Who.YOU, "name:mae-young"),  # no game of the pool has her
                                       fx.SuperstarIs(fx.Who.YOU, "name:fabulous-moolah")))
    assert "name:fabulous-moolah" in engine_superstar(moolah).marks


def test_a_logo_is_a_superstar_name() -> None:
    (on_play,) = _clauses("When successfully played, your opponent discards 1 card. " + LOGO, STRIKE)
    assert isinstance(on_play, fx.OnPlay) and isinstance(skip := on_play.actions[1], fx.OnlyIf)
    assert skip.actions == (fx.SkipTurn(fx.Who.OPPONENT),)
    assert _holds(skip.condition, "B.A. Billy Gunn", "Kane")  # his card bears the Billy Gunn logo
    assert not _holds(skip.condition, "Billy and Chuck", "Kane")  # a team's card bears its own


def test_a_shorter_name_inside_a_list_of_names() -> None:
    (requirement,) = _clauses(SUFFIX_IN_LIST, PRE_MATCH)
    assert isinstance(requirement, fx.PlayRequirement)
    assert _holds(requirement.condition, "Kane", "Stone Cold Steve Austin")
    assert _holds(requirement.condition, "Kane", "The Rock")
    assert not _holds(requirement.condition, "Kane", "Triple H")


def test_a_name_no_card_of_the_pool_bears_is_still_reported() -> None:
    result = _lowered(UNBORNE, STRIKE)
    assert result.effect is None and "dean-malenko" in result.unlowered[0].reason


def test_the_cards_printing_them_are_playable_in_classic_games() -> None:
    titles = {i.title for i in shipped_classic().catalog.infos}
    assert {"Sloppy ... Very Sloppy", "We're Sorry ... But This Has Gone Too Far", "Keibler Instincts"} <= titles
    assert "Texas Cloverleaf" not in titles


def _clauses(text: str, kinds: frozenset[str]) -> tuple[fx.Clause, ...]:
    result = _lowered(text, kinds)
    assert result.effect is not None, result.unlowered
    return result.effect.clauses
