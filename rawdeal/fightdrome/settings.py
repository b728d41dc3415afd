"""The numbers and rulings of `fightdrome.toml`, read once and checked, as one frozen value.

Every gap the rulebook leaves is settled there, beside the sentence it settles; this module only reads
it, so the engine holds no invented number of its own.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rawdeal.errors import RawdealError
from rawdeal.fightdrome.cards import KEYS, Catalog, Face, Kind

DATA = Path(__file__).with_name("fightdrome.toml")


@dataclass(frozen=True)
class Settings:
    catalog: Catalog
    census: tuple[int, ...]  # copies of each face in the box
    piles: tuple[str, ...]  # the five piles a Sleeve orders
    pile_faces: dict[str, tuple[int, ...]]  # the faces of each pile, with repeats, before shuffling
    sleeves: dict[str, tuple[str, ...]]
    stacks: dict[str, tuple[int, ...]]
    always: tuple[tuple[int, int], ...]  # (face, copies) every deck gets: Feint and Dodge
    opening: int
    limit: int
    neuro_most: int
    redraw_most: int
    fame: dict[str, Any]
    entries: dict[str, dict[str, Any]]  # the file's tables, for `rawdeal rules fightdrome`
    pile_of: tuple[str, ...]  # the supply pile of each face

    def fame_of(self, face: int) -> int:
        f = self.catalog.faces[face]
        if f.neuro:
            return int(self.fame["neuro"])
        if f.attack:
            return f.strength
        if f.kind in (Kind.PUNCH_BLOCK, Kind.KICK_BLOCK):
            return int(self.fame["block"])
        return int(self.fame["other"])


def _faces(raw: dict[str, Any]) -> tuple[Face, ...]:
    faces: set[Face] = set()
    for kind, key in zip(Kind, KEYS):
        strengths = raw["strengths"].get(key, [0] * int(raw["census"][key]))
        if len(strengths) != raw["census"][key]:
            raise RawdealError(f"{DATA}: [strengths] {key}: {len(strengths)} values for {raw['census'][key]} cards")
        faces.update(Face(kind, int(s)) for s in strengths)
    return tuple(sorted(faces, key=lambda f: (f.kind, f.strength)))


def _pile_of(face: Face) -> str:
    if face.neuro:
        return "neuro"
    if face.kind in (Kind.PUNCH_BLOCK, Kind.KICK_BLOCK):
        return "block"
    return KEYS[face.kind]


@cache
def settings() -> Settings:
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    faces = _faces(raw)
    catalog = Catalog(faces)
    census = []
    for f in faces:
        key = KEYS[f.kind]
        census.append(raw["strengths"].get(key, [0] * int(raw["census"][key])).count(f.strength))
    piles = tuple(raw["piles"]["names"])
    pile_faces: dict[str, tuple[int, ...]] = {p: () for p in (*piles, "feint", "dodge")}
    for i, f in enumerate(faces):
        pile_faces[_pile_of(f)] += (i,) * census[i]
    sleeves = {n: tuple(raw["sleeves"][n]) for n in raw["sleeves"]["names"]}
    stacks = {n: tuple(raw["stacks"][n]) for n in raw["stacks"]["names"]}
    for name, order in sleeves.items():
        if sorted(order) != sorted(piles):
            raise RawdealError(f"{DATA}: [sleeves] {name}: must list the piles {', '.join(piles)} once each")
    always = tuple((catalog.index[k], int(n)) for k, n in raw["always"].items() if k in ("feint", "dodge"))
    entries = {k: v for k, v in raw.items() if isinstance(v, dict) and "quote" in v}
    return Settings(catalog, tuple(census), piles, pile_faces, sleeves, stacks, always,
                    int(raw["hands"]["opening"]), int(raw["hands"]["limit"]),
                    int(raw["overstimulated"]["neuro_most"]), int(raw["overstimulated"]["most"]),
                    dict(raw["fame"]), entries, tuple(_pile_of(f) for f in faces))
