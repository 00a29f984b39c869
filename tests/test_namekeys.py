"""The rules the referee page's script keys typed names with (``key_rules``) are name_key's.

The tables are made with filters over the whole Basic Multilingual Plane; here each is checked
against its definition, character by character, in plain Python (the browser tests of
``test_oucedonc_referee_page.py`` then check that the page's script keys as ``name_key`` does).
"""

from __future__ import annotations

import json
import unicodedata
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import namekeys
from generator.core.namekeys import _SEPARATORS, BMP, key_rules, name_key, unicode_tables


def _plane() -> list[str]:
    return [chr(code) for code in range(BMP) if not 0xD800 <= code <= 0xDFFF]


def test_each_table_holds_exactly_the_characters_of_its_definition() -> None:
    rules = key_rules()
    plane = _plane()
    combining = {code for first, last in rules["combining"] for code in range(first, last + 1)}
    assert combining == {ord(char) for char in plane if unicodedata.combining(char)}
    assert all(a[1] + 1 < b[0] for a, b in pairwise(rules["combining"]))
    assert rules["folds"] == {c: c.casefold() for c in plane if c.casefold() != c.lower()}
    assert rules["folds"]["ß"] == "ss"
    assert rules["separators"] == "".join(c for c in plane if _SEPARATORS.fullmatch(c))
    assert rules["spaces"] == "".join(c for c in plane if c.isspace())
    assert rules["abbreviations"] == {"st": "saint", "ste": "sainte", "mt": "mont"}


def _key_by_rules(text: str) -> str:
    """What the page's script does with the rules (in Python)."""
    rules = key_rules()
    combining = {code for first, last in rules["combining"] for code in range(first, last + 1)}
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if ord(c) not in combining)
    for ligature, letters in rules["ligatures"].items():
        bare = bare.replace(ligature, letters)
    lowered = "".join(rules["folds"].get(c, c.lower()) for c in bare)
    spaced = "".join(" " if c in rules["separators"] else c for c in lowered)
    words = spaced.split()
    return " ".join(rules["abbreviations"].get(word, word) for word in words)


def test_the_rules_key_names_as_name_key_does() -> None:
    for text in (
        "L'Isle-sur-la-Sorgue",
        "st brieuc",
        "ÉVREUX",
        "Straße",
        "Œuvre\u00a0d’art",
        "Mt   Saint–Michel",
        "Ste.-Foy",
    ):
        assert _key_by_rules(text) == name_key(text), text


def test_the_stored_tables_are_what_this_python_makes() -> None:
    """The referee page reads the tables from namekey_tables.json (no pass over the plane at
    every deck): written by scripts/namekey_tables.py, they must be this Python's own."""
    stored = json.loads(namekeys.TABLES_FILE.read_text(encoding="utf-8"))
    if stored["unidata"] != unicodedata.unidata_version:
        pytest.skip("another Unicode version: the tables are made, not read (tested below)")
    assert stored == unicode_tables()


def test_a_python_of_another_unicode_version_makes_the_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "tables.json"
    other.write_text(json.dumps({**unicode_tables(), "unidata": "1.0.0", "spaces": " "}))
    monkeypatch.setattr(namekeys, "TABLES_FILE", other)
    assert namekeys._stored_tables() is None
    assert key_rules.__wrapped__() == key_rules()  # made from this Python's database
    monkeypatch.setattr(namekeys, "TABLES_FILE", tmp_path / "missing.json")
    assert key_rules.__wrapped__() == key_rules()


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("Raʼs al Khaymah", ("ra s al khaymah", "ras al khaymah")),
        ("Hawaiʻi", ("hawai i", "hawaii")),
        ("ʻEua", ("eua",)),  # a leading mark is no inner apostrophe
        ("L'Haÿ-les-Roses", ("l hay les roses", "lhay les roses")),
        (
            "Illes Balears [Islas Baleares]",
            ("illes balears [islas baleares]", "illes balears islas baleares"),
        ),
        (
            "Haute-Sangha / Mambéré-Kadéï",
            ("haute sangha / mambere kadei", "haute sangha mambere kadei"),
        ),
        ("Saint-Étienne", ("saint etienne",)),
    ],
)
def test_a_name_has_the_keys_people_type_it_by(name, keys) -> None:
    assert namekeys.typed_keys(name) == keys
    assert name_key(name) == keys[0]


def _marks_dropped_one_by_one(text: str) -> str:
    """The plain definition: NFKD, then every character of a combining class left out."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@settings(max_examples=300)
@given(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12))
def test_the_marks_go_as_a_character_by_character_pass_drops_them(text: str) -> None:
    """name_key drops combining characters with one regular expression of the Plane's ranges
    (a text beyond the Plane character by character): what the plain pass leaves."""
    decomposed = unicodedata.normalize("NFKD", text)
    dropped = decomposed if decomposed.isascii() else namekeys._without_marks(decomposed)
    assert dropped == _marks_dropped_one_by_one(text)


def test_every_mark_of_the_plane_goes_and_nothing_else() -> None:
    plane = "".join(_plane())
    assert namekeys._without_marks(plane) == "".join(
        ch for ch in plane if not unicodedata.combining(ch)
    )
