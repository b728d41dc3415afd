"""Plain-data form of the engine's frozen records (tasks, effects, modifiers) for saves.

A dataclass becomes `{"type": ClassName, field: value...}` (fields at their default are left out),
an enum its value, a tuple a list; decoding reverses it through a registry of known classes.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from functools import cache
from typing import Any, Callable, get_type_hints

from rawdeal.effects import model as fx
from rawdeal.engine import state as st
from rawdeal.engine import tasks as T


@cache
def _registry() -> dict[str, type]:
    out: dict[str, type] = {}
    for module in (fx, T, st):
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and dataclasses.is_dataclass(obj):
                out[name] = obj
    return out


# Fields that hold card ids: saves name cards by title, so these are converted on the way.
CARD_FIELDS = {
    ("Act", "card"), ("AskChoice", "card"), ("AskYesNo", "card"), ("ReverseWindow", "options"),
    ("ActiveModifier", "from_card"), ("LastPlay", "card"), ("CurrentPlay", "card"), ("ReversalHit", "card"),
}
Names = Callable[[int], Any]


def encode(value: Any, title: Names = lambda c: c) -> Any:
    """Plain data for `value`; `title` names a card id (None for -1, "no card")."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value).__name__
        out: dict[str, Any] = {"type": cls}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if (cls, f.name) in CARD_FIELDS:
                out[f.name] = [title(c) for c in v] if isinstance(v, tuple) else (None if v < 0 else title(v))
            else:
                out[f.name] = encode(v, title)
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [encode(v, title) for v in value]
    if isinstance(value, frozenset):
        return sorted(encode(v, title) for v in value)
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, vars(fx) | vars(T) | vars(st))


def decode(data: Any, card_id: Names = lambda t: t) -> Any:
    """Rebuild a record; unknown types or titles raise KeyError / TypeError for the caller to report."""
    if isinstance(data, list):
        return tuple(decode(v, card_id) for v in data)
    if not isinstance(data, dict) or "type" not in data:
        return data
    name = data["type"]
    cls = _registry()[name]
    hints = _hints(cls)
    kwargs = {}
    for k, v in data.items():
        if k == "type":
            continue
        if (name, k) in CARD_FIELDS:
            kwargs[k] = tuple(card_id(t) for t in v) if isinstance(v, list) else (-1 if v is None else card_id(v))
        else:
            kwargs[k] = _coerce(hints.get(k), decode(v, card_id))
    return cls(**kwargs)


def _coerce(hint: Any, value: Any) -> Any:
    """Turn decoded strings back into enums where the field is an enum (possibly optional)."""
    for t in getattr(hint, "__args__", None) or (hint,):
        if isinstance(t, type) and issubclass(t, Enum) and isinstance(value, str):
            return t(value)
        if t is frozenset and isinstance(value, tuple):
            return frozenset(value)
        args = getattr(t, "__args__", None)
        if args and isinstance(value, tuple) and all(isinstance(a, type) and issubclass(a, Enum) for a in args[:1]):
            return tuple(args[0](v) if isinstance(v, str) else v for v in value)
    return value
