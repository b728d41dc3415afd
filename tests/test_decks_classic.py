"""`rawdeal check --pool classic`: the Classic deck-building rules with the keyword registry."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cards.pool.load import classic_pool
from rawdeal.cards.pool.model import PoolCard
from rawdeal.cli import app
from rawdeal.decks.classic import ClassicPool, superstar_names, copy_limit
from rawdeal.effects.classic.packing import packing_rule

runner = CliRunner()


def _plain() -> list[PoolCard]:
    """Arsenal cards with no keyword, logo or packing rule: 3 copies of each are always allowed."""
    titles = ClassicPool(classic_pool()).by_title
    return [c for c in titles.values() if not c.traits and not c.logos and "pack" not in c.text.casefold()
            and not c.kinds & {"pre-match", "mid-match", "backstage"}]


def _deck(tmp_path: Path, superstar: str, titles: list[str], name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join([f"{superstar} (Superstar Card)", *titles]) + "\n", encoding="utf-8")
    return path


def _check(path: Path) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, ["check", "--pool", "classic", "--format", "json", str(path)])
    return {"exit": result.exit_code, **json.loads(result.stdout)["decks"][0]}


def _rules(report: dict) -> list[str]:  # type: ignore[type-arg]
    return [e["rule"] for e in report["errors"]]


def _base() -> list[str]:
    return [c.title for c in _plain()[:20] for _ in range(3)]


def test_a_legal_classic_deck_passes(tmp_path: Path) -> None:
    report = _check(_deck(tmp_path, "Stone Cold Steve Austin", _base()))
    assert report["exit"] == 0 and report["valid"], report["errors"]


def test_unique_and_set_up_copy_limits_come_from_the_keyword_registry(tmp_path: Path) -> None:
    pool = ClassicPool(classic_pool()).by_title.values()
    unique = next(c for c in pool if c.traits == ("Unique",) and not c.logos and not c.kinds & {"pre-match", "mid-match"})
    set_up = next(c for c in pool if "Set-up" in c.traits and not c.logos and not c.kinds & {"pre-match", "mid-match"}
                  and "heel" not in c.trait_slugs and "face" not in c.trait_slugs)
    assert copy_limit(unique) == 1 and copy_limit(set_up) is None
    titles = _base()[:54] + [unique.title] * 2 + [set_up.title] * 4
    report = _check(_deck(tmp_path, "Stone Cold Steve Austin", titles))
    assert _rules(report) == ["unique"]


def test_heel_and_face_cards_do_not_mix(tmp_path: Path) -> None:
    pool = ClassicPool(classic_pool()).by_title.values()
    heel = next(c for c in pool if c.traits == ("Heel",) and not c.logos and not c.kinds & {"pre-match", "mid-match"})
    face = next(c for c in pool if c.traits == ("Face",) and not c.logos and not c.kinds & {"pre-match", "mid-match"})
    report = _check(_deck(tmp_path, "Stone Cold Steve Austin", _base()[:58] + [heel.title, face.title]))
    assert _rules(report) == ["heel-face"]


def test_a_card_with_another_superstars_logo_is_refused(tmp_path: Path) -> None:
    pool = ClassicPool(classic_pool()).by_title.values()
    rock = next(c for c in pool if c.logos == ("The Rock",) and not c.traits and not c.kinds & {"pre-match", "mid-match"})
    report = _check(_deck(tmp_path, "Stone Cold Steve Austin", _base()[:59] + [rock.title]))
    assert _rules(report) == ["superstar-logo"] and rock.title in report["errors"][0]["message"]
    assert _check(_deck(tmp_path, "The Rock", _base()[:59] + [rock.title], "rock.txt"))["valid"]


def test_cannot_be_packed_by_is_read_from_the_card_text(tmp_path: Path) -> None:
    pool = ClassicPool(classic_pool())
    ruled = [(c, packing_rule(c)) for c in pool.by_title.values() if not c.traits and not c.logos
             and not c.kinds & {"pre-match", "mid-match"}]
    card, (only, never) = next((c, r) for c, r in ruled if r is not None and r[1] and not r[0])
    assert "cannot be packed by" in card.text.casefold()
    barred = next(s for s in pool.superstars.values() if superstar_names(s) & never)
    allowed = next(s for s in pool.superstars.values() if not superstar_names(s) & never)
    titles = _base()[:59] + [card.title]
    assert "packed-by" in _rules(_check(_deck(tmp_path, barred.title, titles)))
    assert "packed-by" not in _rules(_check(_deck(tmp_path, allowed.title, titles, "other.txt")))


def test_size_backlash_and_unknown_cards(tmp_path: Path) -> None:
    report = _check(_deck(tmp_path, "Stone Cold Steve Austin", _base()[:58] + ["Not A Real Card"]))
    assert _rules(report) == ["unknown-card", "deck-size"]
    assert "add 1" in report["errors"][1]["message"]
    assert _rules(_check(_deck(tmp_path, "Stone Cold Stev Austin", _base(), "typo.txt"))) == ["unknown-superstar"]


def test_unknown_pool_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", "--pool", "modern", str(_deck(tmp_path, "Kane", _base()))])
    assert result.exit_code == 2


def test_superstar_names_ignore_case_and_a_leading_the(tmp_path: Path) -> None:
    assert _check(_deck(tmp_path, "THE UNDERTAKER", _base()))["valid"]


def _twins() -> list[list[str]]:
    """Titles the pool prints in two capitalisations: an original and its Throwback version, with different
    texts ("Entangle In the Ropes", Backlash; "Entangle in the Ropes", Royal Rumble)."""
    twins = [t for t in ClassicPool(classic_pool()).spellings.values() if len(t) > 1]
    assert twins, "the pool prints no title in two capitalisations any more"
    return twins


def _plain_twins() -> list[str]:
    pool = ClassicPool(classic_pool())
    return next(t for t in _twins() if all(not pool.by_title[s].logos and copy_limit(pool.by_title[s]) == 3
                                           and not pool.by_title[s].kinds & {"pre-match", "mid-match"} for s in t))


def test_a_title_and_its_throwback_version_share_one_limit_of_copies(tmp_path: Path) -> None:
    """"It is legal to pack a Throwback version of a card and the original version, but ... a limit of 3 cards"
    (rulebook): 2 + 1 copies pass, 2 + 2 are one copy too many."""
    pair = _plain_twins()
    pool = ClassicPool(classic_pool())
    assert pool.by_title[pair[0]].text != pool.by_title[pair[1]].text  # each line names its own printing
    ok = _check(_deck(tmp_path, "Stone Cold Steve Austin", _base()[:57] + [pair[0]] * 2 + [pair[1]]))
    assert ok["exit"] == 0 and ok["valid"], ok["errors"]
    over = _check(_deck(tmp_path, "Stone Cold Steve Austin", _base()[:56] + [pair[0]] * 2 + [pair[1]] * 2, "over.txt"))
    assert _rules(over) == ["copies"] and "4 copies" in over["errors"][0]["message"]


def test_a_title_in_other_capitals_names_its_card_unless_it_could_be_two(tmp_path: Path) -> None:
    base = _base()
    shouted = _check(_deck(tmp_path, "Stone Cold Steve Austin", base[:59] + [base[0].upper()]))
    assert _rules(shouted) == ["copies"]  # read as the card it spells: a fourth copy
    pair = _plain_twins()
    report = _check(_deck(tmp_path, "Stone Cold Steve Austin", base[:59] + [pair[0].lower()], "twin.txt"))
    assert _rules(report) == ["unknown-card"]
    message = report["errors"][0]["message"]
    assert all(repr(t) in message for t in pair) and "as printed" in message
