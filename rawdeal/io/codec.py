"""Plain-data form of the engine's frozen records (tasks, effects, modifiers) for saves.

A dataclass becomes `{"type": ClassName, field: value...}` (fields at their default are left out),
an enum its value, a tuple a list; decoding reverses it through a registry of known classes. Fields
typed `CardId` (or a tuple of them) hold card ids: saves name those cards by title instead.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from functools import cache
from typing import Annotated, Any, Callable, get_args, get_origin, get_type_hints

from rawdeal.effects import model as fx
from rawdeal.engine import state as st
from rawdeal.engine import tasks as T
from rawdeal.engine.words import CARD


@cache
def _registry() -> dict[str, type]:
    out: dict[str, type] = {}
    for module in (fx, T, st):
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and dataclasses.is_dataclass(obj):
                out[name] = obj
    return out


Names = Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


def encode(value: Any, title: Names = _identity) -> Any:
    """Plain data for `value`; `title` names a card id (None for -1, "no card")."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        cards = _card_fields(cls)
        out: dict[str, Any] = {"type": cls.__name__}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if f.name in cards:
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
    return get_type_hints(cls, vars(fx) | vars(T) | vars(st), include_extras=True)


@cache
def _card_fields(cls: type) -> frozenset[str]:
    """The fields of `cls` typed `CardId` or `tuple[CardId, ...]`."""
    return frozenset(name for name, hint in _hints(cls).items() if _is_card(hint))


def _is_card(hint: Any) -> bool:
    if get_origin(hint) is Annotated:
        return CARD in hint.__metadata__
    args = get_args(hint)
    return get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and _is_card(args[0])


def decode(data: Any, card_id: Names = _identity) -> Any:
    """Rebuild a record; unknown types or titles raise KeyError / TypeError for the caller to report."""
    if isinstance(data, list):
        return tuple(decode(v, card_id) for v in data)
    if not isinstance(data, dict) or "type" not in data:
        return data
    cls = _registry()[data["type"]]
    hints, cards = _hints(cls), _card_fields(cls)
    kwargs = {}
    for k, v in data.items():
        if k == "type":
            continue
        if k in cards:
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
