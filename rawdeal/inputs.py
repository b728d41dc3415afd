"""Every input file rawdeal reads on a user's word: a regular file (or `-` for standard input), with a
size cap suited to its kind, JSON with a nesting limit, and its name printable whatever its bytes.

A folder, device or named pipe where a file is expected is a usage error at once (opened without
waiting, so a FIFO never hangs and `/dev/zero` is never read). Every layer may use this module.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

from rawdeal.errors import UsageError


# Characters a terminal may act on (escape sequences, carriage return, bell, C1 controls, bidi overrides).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` safe to print on a terminal: each control character shown as its escape (`\\x1b`, `\\r`),
    new lines and tabs kept, and bytes that are not UTF-8 (a file name's) shown as `\\xff`. The one
    escaper for messages, reports and names that came from outside."""
    if text.isprintable():  # the usual case, checked in C
        return text
    return _CONTROL.sub(lambda m: repr(m[0])[1:-1] if m[0] != "\x1b" else "\\x1b", utf8(text))


def utf8(text: str) -> str:
    """`text` with the bytes of a file name that are not UTF-8 (held as surrogates) shown as `\\xff`:
    what every name taken from the file system goes through before a JSON, CSV, HTML or XML report
    (whose own escaping handles the rest)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return text


def utf8_tree(data: Any) -> Any:
    """JSON-like `data` (dicts, lists, tuples, strings, numbers) with `utf8` applied to every string,
    keys included: for a writer whose first try failed on a file name somewhere inside."""
    if isinstance(data, str):
        return utf8(data)
    if isinstance(data, dict):
        return {utf8_tree(k): utf8_tree(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [utf8_tree(v) for v in data]
    return data


def shown(path: str | os.PathLike[str]) -> str:
    """A path as it can be printed: bytes that are not UTF-8 shown escaped (`\\xff`), never a crash."""
    return printable(os.fspath(path))


# Size caps by kind of input: far above any real file, far below what would exhaust memory.
DECK_CAP = 1 << 20
SAVE_CAP = 1 << 24
TEXT_CAP = 1 << 26  # transcripts, answers, scenario files
POOL_CAP = 1 << 27
JSON_DEPTH = 64  # no rawdeal file nests deeper than ~10 levels


def stdin_binary() -> BinaryIO:
    """Standard input as bytes; a closed one is a usage error in one line."""
    if sys.stdin is None:
        raise UsageError("standard input is closed; give a file, or pipe the input in")
    return sys.stdin.buffer


def open_input(path: str | os.PathLike[str], what: str = "file") -> BinaryIO:
    """An input opened for reading: a regular file, or standard input for `-`. A folder, device or
    named pipe is refused at once (opened without waiting, so a FIFO never hangs)."""
    if os.fspath(path) == "-":
        return stdin_binary()
    name = shown(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise UsageError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{name}: is a folder, not a {what}") from None
    except OSError as exc:
        raise UsageError(f"{name}: cannot read: {exc.strerror or exc}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode) else "a device or socket"
        raise UsageError(f"{name}: is {kind}, not a {what}; give a regular file")
    os.set_blocking(fd, True)
    return open(fd, "rb")  # noqa: SIM115 - the caller closes it


def read_input(path: str | os.PathLike[str], cap: int, what: str = "file") -> bytes:
    """The bytes of an input (see `open_input`), at most `cap` of them: a larger one is a usage error."""
    with _closing(open_input(path, what)) as fh:
        data = fh.read(cap + 1)
    if len(data) > cap:
        raise UsageError(f"{shown(path)}: larger than {cap:,} bytes, too large for a {what}")
    return data


@contextmanager
def _closing(fh: BinaryIO) -> Iterator[BinaryIO]:
    try:
        yield fh
    finally:
        if sys.stdin is None or fh is not sys.stdin.buffer:
            fh.close()


def parse_json(data: bytes | str, limit: int = JSON_DEPTH) -> Any:
    """JSON parsed (orjson) and refused past `limit` levels of nesting, before anything walks it
    recursively. Raises ValueError (orjson's JSONDecodeError is one) with the reason."""
    import orjson

    value = orjson.loads(data)
    level: list[Any] = [value] if isinstance(value, (dict, list)) else []
    for depth in range(limit + 1):
        level = [v for item in level for v in (item.values() if isinstance(item, dict) else item)
                 if isinstance(v, (dict, list))]
        if not level:
            return value
    raise ValueError(f"nested deeper than {limit} levels")
