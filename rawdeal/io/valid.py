"""Inputs already found valid, remembered on disk by digest, so a process need not check them again.

Validating a save against its JSON Schema means importing jsonschema (~60 ms, a fifth of a short
`rawdeal run`), and a course's CI loads the same few saves hundreds of times. A save whose exact
bytes passed the exact same schema before is valid again; anything else is checked as usual. The
marks are empty files in the user cache folder; without one (RAWDEAL_CACHE=0, read-only home)
everything is checked every time.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from rawdeal.resources import user_cache_dir


def _mark(schema: bytes, data: bytes) -> Path | None:
    folder = user_cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(b"%d\0%b\0%b" % (len(schema), schema, data)).hexdigest()[:32]
    return folder / "valid" / digest


def known_valid(schema: bytes, data: bytes) -> bool:
    mark = _mark(schema, data)
    return mark is not None and mark.is_file()


def remember_valid(schema: bytes, data: bytes) -> None:
    mark = _mark(schema, data)
    if mark is None:
        return
    try:
        mark.parent.mkdir(exist_ok=True, mode=0o700)
        mark.touch()
    except OSError:  # a cache that cannot be written only costs time
        pass
