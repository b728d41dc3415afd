"""The Classic grammar's parse tables kept built in the user cache: read back, they parse as lark does."""

from __future__ import annotations

import pickle
from pathlib import Path

import lark
import pytest
from lark import Token, Transformer

from rawdeal.effects.classic import tables

GRAMMAR = """
start: verb quantity NOUN
verb: DRAW | DISCARD
quantity: NUM | "up" "to" NUM
DRAW: "draw"
DISCARD: "discard"
NOUN: "card"
NUM: /[0-9]+/
"""


@pytest.fixture(autouse=True)
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("RAWDEAL_CACHE", raising=False)
    return tmp_path / "cache" / "rawdeal"


@pytest.fixture
def grammar(tmp_path: Path) -> Path:
    path = tmp_path / "demo.lark"
    path.write_text(GRAMMAR, encoding="utf-8")
    return path


class _Words(Transformer):  # type: ignore[type-arg]
    def __default__(self, data: str, children: list[object], meta: object) -> object:
        return (str(data), [c if isinstance(c, tuple) else str(c) for c in children])


def _tokens(*words: str) -> list[Token]:
    kinds = {"draw": "DRAW", "discard": "DISCARD", "card": "NOUN", "up": "UP", "to": "TO"}
    return [Token(kinds.get(w, "NUM"), w, start_pos=i, column=i + 1, line=1) for i, w in enumerate(words)]


def _parse(grammar: Path, *words: str) -> object:
    return tables.Parser(tables.load(grammar), _Words()).parse(_tokens(*words))


def test_tables_read_back_from_the_cache_parse_as_freshly_built_ones(grammar: Path, cache_home: Path) -> None:
    fresh = _parse(grammar, "discard", "up", "to", "2", "card")  # built and stored
    assert len(list(cache_home.glob("demo-tables-*.pickle"))) == 1
    assert _parse(grammar, "discard", "up", "to", "2", "card") == fresh  # read back
    assert fresh == ("start", [("verb", ["discard"]), ("quantity", ["up", "to", "2"]), "card"])


def test_a_token_that_does_not_fit_raises_lark_s_error_with_what_was_expected(grammar: Path) -> None:
    tables.load(grammar)  # stored: the error below comes from the tables read back
    with pytest.raises(lark.exceptions.UnexpectedToken) as exc:
        _parse(grammar, "draw", "card")
    assert exc.value.token.column == 2 and exc.value.expected == {"NUM", "UP"}


def test_a_changed_grammar_is_a_new_entry(grammar: Path, cache_home: Path) -> None:
    _parse(grammar, "draw", "1", "card")
    grammar.write_text(GRAMMAR.replace('NOUN: "card"', 'NOUN: "cards"'), encoding="utf-8")
    _parse(grammar, "draw", "1", "card")
    assert len(list(cache_home.glob("demo-tables-*.pickle"))) == 2


def test_a_damaged_cache_file_is_built_again_and_replaced(grammar: Path, cache_home: Path) -> None:
    tables.load(grammar)
    [stored] = cache_home.glob("demo-tables-*.pickle")
    good = stored.read_bytes()
    stored.write_bytes(good[: len(good) // 2])
    assert _parse(grammar, "draw", "3", "card") == ("start", [("verb", ["draw"]), ("quantity", ["3"]), "card"])
    assert isinstance(pickle.loads(stored.read_bytes()), tables.Tables)  # whole again


def test_without_a_cache_folder_the_tables_are_built_in_memory(grammar: Path, cache_home: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAWDEAL_CACHE", "0")
    assert _parse(grammar, "draw", "3", "card")[0] == "start"  # type: ignore[index]
    assert not cache_home.exists() or not list(cache_home.iterdir())


def test_tables_that_do_not_pickle_are_used_without_a_cache(grammar: Path, cache_home: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(_: tables.Tables) -> bytes:
        raise pickle.PicklingError("not this lark")

    monkeypatch.setattr(tables, "_dumps", refuse)
    assert _parse(grammar, "draw", "3", "card") == ("start", [("verb", ["draw"]), ("quantity", ["3"]), "card"])
    assert not list(cache_home.glob("demo-tables-*.pickle"))

