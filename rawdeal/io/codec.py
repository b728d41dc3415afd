"""Plain-data form of the engine's frozen records (tasks, effects, modifiers) for saves.

A dataclass becomes `{"type": ClassName, field: value...}` (fields at their default are left out),
an enum its value, a tuple a list; decoding reverses it through a registry of known classes. Fields
typed `CardId` (or a tuple of them) hold card ids: saves name those cards by title instead.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from enum import Enum
from functools import cache
from types import SimpleNamespace, UnionType
from typing import Annotated, Any, Callable, Union, get_args, get_origin, get_type_hints

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
    """The type of each field of `cls`, as written (`CardId` names a card)."""
    written: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        written.update(_compiled_annotations(base) or vars(base).get("__annotations__", {}))
    return get_type_hints(SimpleNamespace(__annotations__=written), vars(fx) | vars(T) | vars(st), include_extras=True)


def _compiled_annotations(cls: type) -> dict[str, str] | None:
    """The annotations of a class compiled by mypyc (`pyproject.toml`), as written in its source, which
    the wheel ships beside it: at run time it keeps only plain classes (`int` for `CardId`, `type` for
    a union). None for a class defined in Python."""
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None) or ".py"
    if path.endswith(".py"):
        return None
    return _source_annotations(os.path.join(os.path.dirname(path), cls.__module__.rpartition(".")[2] + ".py")).get(
        cls.__qualname__, {})


@cache
def _source_annotations(source: str) -> dict[str, dict[str, str]]:
    """Class name -> {attribute: its annotation's text} for the classes of a module's source."""
    import ast

    with open(source, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), source)
    return {c.name: {a.target.id: ast.unparse(a.annotation) for a in c.body
                     if isinstance(a, ast.AnnAssign) and isinstance(a.target, ast.Name)}
            for c in tree.body if isinstance(c, ast.ClassDef)}


@cache
def _card_fields(cls: type) -> frozenset[str]:
    """The fields of `cls` typed `CardId` or `tuple[CardId, ...]`."""
    return frozenset(name for name, hint in _hints(cls).items() if _is_card(hint))


def _is_card(hint: Any) -> bool:
    if get_origin(hint) is Annotated:
        return CARD in hint.__metadata__
    args = get_args(hint)
    return get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and _is_card(args[0])


class DecodeError(ValueError):
    """A record that cannot be rebuilt; `path` is the JSON path of the offending value."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path, self.message = path, message


# Integers in records: player indexes are 0 or 1 (`by` may be -1, "nobody"); `amount`s may be
# negative (-2D); every other count is 0 or more. Nothing in a game comes near the cap.
PLAYER_FIELDS = frozenset({"owner", "player", "chooser", "defender"})
INT_CAP = 1000
# Fields older saves hold that rawdeal now derives: read and ignored (a choice's English labels).
RETIRED = frozenset({("AskChoice", "labels")})
# Card fields where None ("no card": a Superstar ability) is allowed.
NO_CARD_OK = frozenset({("Act", "card"), ("ReversalHit", "card"), ("AskChoice", "card"), ("AskYesNo", "card"),
                        ("ActiveModifier", "from_card")})


def decode(data: Any, card_id: Names = _identity, path: str = "$", hint: Any = Any) -> Any:
    """Rebuild a value of type `hint` from plain data, checking every type on the way.

    Records name their class in "type"; enums are their values; tuples are lists. Anything that does
    not fit raises DecodeError naming the JSON path; `card_id` turns a title into a card id (and
    raises DecodeError for an unknown title)."""
    if hint is Any or hint is object:
        if isinstance(data, dict):
            return _record(data, card_id, path, None)
        if isinstance(data, list):
            return tuple(decode(v, card_id, f"{path}[{i}]") for i, v in enumerate(data))
        return data
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        return _union(data, args, card_id, path)
    if origin in (tuple, list, frozenset):
        if not isinstance(data, list):
            raise DecodeError(path, f"expected a list, found {_kind(data)}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(data) != len(args):
                raise DecodeError(path, f"expected {len(args)} items, found {len(data)}")
            return tuple(decode(v, card_id, f"{path}[{i}]", a) for i, (v, a) in enumerate(zip(data, args)))
        item = args[0] if args else Any
        items = [decode(v, card_id, f"{path}[{i}]", item) for i, v in enumerate(data)]
        return frozenset(items) if origin is frozenset else tuple(items) if origin is tuple else items
    if isinstance(hint, type) and issubclass(hint, Enum):
        if isinstance(data, str):
            try:
                return hint(data)
            except ValueError:
                pass
        known = ", ".join(repr(m.value) for m in hint)
        raise DecodeError(path, f"expected one of {known}, found {_kind(data)}")
    if hint is bool:
        if not isinstance(data, bool):
            raise DecodeError(path, f"expected true or false, found {_kind(data)}")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DecodeError(path, f"expected an integer, found {_kind(data)}")
        return data
    if hint is str:
        if not isinstance(data, str):
            raise DecodeError(path, f"expected a string, found {_kind(data)}")
        return data
    if hint is type(None):
        if data is not None:
            raise DecodeError(path, f"expected null, found {_kind(data)}")
        return None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise DecodeError(path, f"expected a {hint.__name__} record, found {_kind(data)}")
        return _record(data, card_id, path, (hint,))
    raise DecodeError(path, f"cannot read a value of type {hint}")  # pragma: no cover - a new field type


def _union(data: Any, args: tuple[Any, ...], card_id: Names, path: str) -> Any:
    if data is None:
        if type(None) in args:
            return None
        raise DecodeError(path, "expected a value, found null")
    records = tuple(a for a in args if isinstance(a, type) and dataclasses.is_dataclass(a))
    if isinstance(data, dict) and records:
        return _record(data, card_id, path, records)
    problem: DecodeError | None = None
    for a in args:
        if a is type(None) or a in records:
            continue
        try:
            return decode(data, card_id, path, a)
        except DecodeError as exc:
            problem = problem or exc
    raise problem or DecodeError(path, f"expected a record, found {_kind(data)}")


def _record(data: dict[str, Any], card_id: Names, path: str, allowed: tuple[type, ...] | None) -> Any:
    name = data.get("type")
    cls = _registry().get(name) if isinstance(name, str) else None
    if cls is None or (allowed is not None and not issubclass(cls, allowed)):
        kinds = ", ".join(sorted(c.__name__ for c in allowed)) if allowed else "a known record type"
        raise DecodeError(f"{path}.type", f"unknown record type {name!r}: expected {kinds}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints, cards = _hints(cls), _card_fields(cls)
    kwargs: dict[str, Any] = {}
    for k, v in data.items():
        if k == "type":
            continue
        at = f"{path}.{k}"
        if (name, k) in RETIRED:
            continue  # written by an older rawdeal, derived now
        if k not in fields:
            raise DecodeError(at, f"unknown field of {name}: expected one of {', '.join(fields)}")
        if k in cards:
            kwargs[k] = _cards(v, card_id, at, (name, k) in NO_CARD_OK) if get_origin(hints[k]) is tuple else \
                _card(v, card_id, at, (name, k) in NO_CARD_OK)
        else:
            kwargs[k] = _check_value(cls.__name__, k, decode(v, card_id, at, hints[k]), at)
    missing = [f for f, spec in fields.items() if f not in kwargs and spec.default is dataclasses.MISSING
               and spec.default_factory is dataclasses.MISSING]
    if missing:
        raise DecodeError(path, f"{name} record without {', '.join(missing)}")
    return cls(**kwargs)


def _cards(value: Any, card_id: Names, path: str, none_ok: bool) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise DecodeError(path, f"expected a list of card titles, found {_kind(value)}")
    return tuple(_card(v, card_id, f"{path}[{i}]", False) for i, v in enumerate(value))


def _card(value: Any, card_id: Names, path: str, none_ok: bool) -> Any:
    if value is None and none_ok:
        return -1
    if not isinstance(value, str):
        raise DecodeError(path, f"expected a card title, found {_kind(value)}")
    try:
        return card_id(value)
    except KeyError:
        raise DecodeError(path, f"unknown card {value[:80]!r}") from None


def _check_value(record: str, field: str, value: Any, path: str) -> Any:
    """Integers within their range (words are enums, which `decode` already checked)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    low, high = (0, 1) if field in PLAYER_FIELDS else (-1, 1) if field == "by" else (
        (-INT_CAP, INT_CAP) if field == "amount" else (0, INT_CAP))
    if record == "Hit" and field == "amount":
        low = -1  # "not yet computed"
    if not low <= value <= high:
        raise DecodeError(path, f"{value} is out of range: expected {low} to {high}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    return "a list" if isinstance(value, list) else "an object"
