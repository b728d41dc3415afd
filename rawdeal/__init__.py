"""rawdeal: rules engine, batch tool and grading service for the Raw Deal card game.

The layout, in the order data flows (each layer only uses the ones before it; pyproject.toml's
import contract says so and CI checks it): cards and decks -> effects (card text to effect objects)
-> engine (state, rules, decisions) -> io (saves, transcripts) -> replay (move files) and bots ->
arena (selfplay, tournaments), console (`rawdeal play`) and checks -> scenarios -> course and grading
-> cli.

Importing rawdeal changes nothing outside it: `RAWDEAL_PURE=1`, which a user sets to run the sources
instead of the compiled engine, only adds a finder for rawdeal's own modules.
"""

__version__ = "0.1.0"

from rawdeal.purepython import install as _install_pure  # noqa: E402 - before any engine module is imported

_install_pure()
