"""Line-level reading of a course transcript (the Spanish console session of the reference program).

Each line becomes one typed `Line`: its kind (one of `KINDS`) and the named parts its template
holds. The templates are the table in `rawdeal.course.lines`, the one the console prints from.
Nothing here knows about the game's flow; `rawdeal.course.importer` gives the lines meaning.
A line that fits no template is an `ImportTestError` naming the file and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rawdeal.course.lines import patterns
from rawdeal.errors import ImportTestError

PATTERNS = patterns()
KINDS = frozenset(kind for kind, _ in PATTERNS) | {"blank"}
_BY_KIND = dict(PATTERNS)

# What a numbered item holds: a card (plain or tagged), a deck path, or an option text.
_ITEM_PARTS = (
    ("tagged_card", _BY_KIND["tagged_card"]),
    ("card", _BY_KIND["card"]),
    ("deck", re.compile(r"(?P<path>data/\S+\.txt)")),
    ("option", re.compile(r"(?P<text>\S.*)")),
)


@dataclass(frozen=True, slots=True)
class Line:
    """One transcript line: 1-based number, kind, and the named parts of its template (strings).

    For `item` lines, `parts["item"]` says what the item holds (`tagged_card`, `card`, `deck` or
    `option`) and the parts of that template are merged in.
    """

    no: int
    kind: str
    text: str
    parts: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> str:
        return self.parts[key]

    def int(self, key: str) -> int:
        return int(self.parts[key])


def classify(text: str, no: int, source: str) -> Line:
    """The typed form of one line; raises ImportTestError when no template fits."""
    if not text:
        return Line(no, "blank", text)
    for kind, pattern in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            parts = match.groupdict()
            if kind == "item":
                parts.update(_item_parts(parts.pop("rest")))
            return Line(no, kind, text, parts)
    raise ImportTestError(f"{source}:{no}: cannot interpret: {text} (expected a line of the course's console output)")


def _item_parts(rest: str) -> dict[str, str]:
    for what, pattern in _ITEM_PARTS:
        match = pattern.fullmatch(rest)
        if match:
            return {"item": what, **match.groupdict()}
    return {"item": "option", "text": rest}  # unreachable: the option template takes any text


def read_lines(text: str, source: str) -> list[Line]:
    """Every line of a transcript, typed. `source` names the file in error messages."""
    text = text.removeprefix("\ufeff")
    raw = text.split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    return [classify(line.rstrip("\r"), no, source) for no, line in enumerate(raw, start=1)]
