""""You may not play any title belt except the Tag Team Title Belts" (Hardy Boyz' card): the Superstar's own ban, kept
with his ability (`fx.PlayBan`), so that his player is never offered those Pre-match cards; "the Tag Team Title Belts"
are the belts whose title says so. Lowered from the printed text, then played in a Pre-match phase."""

from __future__ import annotations

from rawdeal.cards.marks import TITLE_BELT
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, lower
from rawdeal.engine import prematch
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed, compiler, kinds_of, with_printed

BAN = "You may not play any title belt except the Tag Team Title Belts."
BAN_PLURAL = "You cannot play any Title Belts except the Tag Team Title Belts."
SUPERSTAR = frozenset({"superstar"})
TAG_BELTS = fx.PlayBan(fx.CardFilter(marks=(TITLE_BELT,)), fx.CardFilter(title_word="Tag Team", marks=(TITLE_BELT,)))


def test_the_sentences_are_printed() -> None:
    assert_printed(BAN, BAN_PLURAL)


def _ability(text: str) -> fx.Ability | None:
    result = lower(compiler().compile(text), CardFacts(SUPERSTAR, kinds_of(), "Hardy Boyz"))
    assert result.effect is not None, result.unlowered
    return result.ability


def test_a_superstars_ban_is_part_of_his_ability() -> None:
    assert _ability(BAN) == fx.Ability(fx.AbilityTiming.PASSIVE, bans=(TAG_BELTS,))
    assert _ability(BAN_PLURAL) == fx.Ability(fx.AbilityTiming.PASSIVE, bans=(TAG_BELTS,))
    hardy = next(c for c in classic_pool() if c.title == "Hardy Boyz")
    ability = _ability(hardy.text)  # with his "Once during your turn, you may discard 1 card and search ..."
    assert ability is not None and ability.bans == (TAG_BELTS,) and ability.timing is fx.AbilityTiming.ONCE_PER_TURN


def test_his_player_is_offered_only_the_tag_team_belts_in_the_pre_match_phase() -> None:
    cat = with_printed(shipped_classic().catalog, "Raw Tag Team Title Belts")
    heavy, tag = cat.id("World Wrestling Federation Heavyweight Title Belt"), len(cat.infos) - 1
    s = GameState(players=[PlayerState("Hardy Boyz", [], backlash=[heavy, tag]),
                           PlayerState("Kane", [], backlash=[heavy, tag])], tasks=[])
    game = Game(s, cat)
    assert prematch.playable(game, 0) == [tag]
    assert prematch.playable(game, 1) == [heavy, tag]  # another Superstar plays any belt
