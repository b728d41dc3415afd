"""rawdeal: rules engine, batch tool and grading service for the Raw Deal card game.

Architecture (each layer only uses the ones before it):
cards + grammar -> effects -> engine (state, rules, decisions) -> drivers (move files, course
transcripts, random play) -> outputs (transcripts, saves, grades).
"""

__version__ = "0.1.0"

from rawdeal.classdefs import install as _install_classdefs  # noqa: E402 - before any dataclass is defined

from rawdeal.purepython import install as _install_pure  # noqa: E402 - before any engine module is imported

_install_classdefs()
_install_pure()
