"""The enum members (and shared moves) the engine reads on every move, as plain module constants.

In Python 3.11 reading `CardType.MANEUVER` goes through the enum's metaclass and costs several
times a global name (measured about 5x); random games read these members a few times per move.
They are the very same members, so `is` and `==` behave as with the spelled-out names. This module
is compiled with the engine: there each of its Final names is a C static, not even a look-up.
"""

from __future__ import annotations

from typing import Final

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import moves as mv
from rawdeal.engine.words import CountVerb, DecisionKind, DrawReason, PickVerb, Profile

MANEUVER: Final = CardType.MANEUVER
REVERSAL: Final = CardType.REVERSAL
MAIN: Final = DecisionKind.MAIN
REVERSE: Final = DecisionKind.REVERSE
DISCARD: Final = PickVerb.DISCARD
DRAW: Final = CountVerb.DRAW
STUN_VALUE: Final = DrawReason.STUN_VALUE
COURSE: Final = Profile.COURSE
YOU: Final = fx.Who.YOU
ALL: Final = fx.Who.ALL
ARSENAL: Final = fx.Zone.ARSENAL
COUNT: Final = DecisionKind.COUNT
FORTITUDE: Final = fx.Stat.FORTITUDE
DAMAGE: Final = fx.Stat.DAMAGE
IRREVERSIBLE: Final = fx.Stat.IRREVERSIBLE
UNPLAYABLE: Final = fx.Stat.UNPLAYABLE
UNRESTRICTED: Final = fx.Stat.UNRESTRICTED
AFTER: Final = fx.Stat.AFTER
ONCE_PER_TURN: Final = fx.AbilityTiming.ONCE_PER_TURN
START_OF_TURN: Final = fx.AbilityTiming.START_OF_TURN
HAND: Final = fx.Zone.HAND
BOTTOM: Final = fx.Position.BOTTOM
SHUFFLE: Final = fx.Position.SHUFFLE
TAKE: Final = PickVerb.TAKE
COUNT_DISCARD: Final = CountVerb.DISCARD
COUNT_MOVE: Final = CountVerb.MOVE
STANDARD: Final = Profile.STANDARD
END: Final = mv.END
SURRENDER: Final = mv.SURRENDER
PASS: Final = mv.PASS
ANY_CARD: Final = fx.ANY_CARD
RING: Final = fx.Zone.RING
UNDER: Final = fx.Zone.UNDER
LEFT_RING: Final = fx.Trigger.LEFT_RING
