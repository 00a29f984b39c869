"""The comparison key of a name as people type it: accents, case, hyphens and apostrophes ignored.

"evreux", "EVREUX" and "Évreux" have one key; so have "l isle sur la sorgue" and
"L'Isle-sur-la-Sorgue", and "st brieuc" and "Saint-Brieuc". The referee's name index
(:mod:`generator.games.oucedonc.names`) compares these keys; 'pnp data build' writes the key of
every embedded commune (``commune_name_keys.txt``) so that ``pnp oucedonc verify`` need not work
out 35,000 of them at every start. It lives in ``core`` because both layers use it.

:func:`key_rules` gives the same rules as data, for a page's script to key what is typed
exactly as this function does (the referee's phone page: its cards' keys are made here, the
typed text's there, and the two agree on every text of the Basic Multilingual Plane).
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

# ʼ and ʻ (the modifier letters of a transliteration: Raʼs al Khaymah, ʻEua, Hawaiʻi) are
# typed as ' or not at all
_SEPARATOR_MARKS = "-‐‑‒–—'’‘`´ʼʻ."
_SEPARATORS = re.compile(rf"[\s{re.escape(_SEPARATOR_MARKS)}]+")
#: an apostrophe between two letters: a French elision (L'Haÿ) or a transliteration's glottal stop
_INNER_APOSTROPHE = re.compile(r"(?<=\w)['’ʼʻ`´](?=\w)")
#: what sets a place's second name apart ("Illes Balears [Islas Baleares]", "Haute-Sangha /
#: Mambéré-Kadéï"); the referee reads a qualifier in parentheses, so they stay in the key
_OTHER_NAME_MARKS = re.compile(r"[\[\]()/]")
_ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mt": "mont"}
_LIGATURES = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}


def name_key(text: str) -> str:
    """The comparison key of a name: no accents, case-folded, separators turned into one space,
    the usual abbreviations written out (``st`` Saint, ``ste`` Sainte, ``mt`` Mont)."""
    bare = unicodedata.normalize("NFKD", text)
    if not bare.isascii():
        bare = _without_marks(bare)
    for ligature, letters in _LIGATURES.items():
        bare = bare.replace(ligature, letters)
    words = _SEPARATORS.sub(" ", bare.casefold()).split()
    return " ".join(_ABBREVIATIONS.get(word, word) for word in words)


def _without_marks(text: str) -> str:
    """``text`` without its combining characters: one pass of a regular expression made of the
    Plane's ranges (:func:`_marks`), a character at a time only for a text beyond the Plane."""
    if max(text) < _BEYOND_BMP:
        return _marks().sub("", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


_BEYOND_BMP = chr(0x10000)


@cache
def _marks() -> re.Pattern[str]:
    """The combining characters of the Basic Multilingual Plane, as one character class."""
    ranges = (_stored_tables() or unicode_tables())["combining"]
    return re.compile(
        "[" + "".join(f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high in ranges) + "]"
    )


def typed_keys(name: str) -> tuple[str, ...]:
    """The keys a search finds ``name`` by: :func:`name_key`, then the name's other names as
    words of their own ("islas" finds "Illes Balears [Islas Baleares]"), then, when the name has
    apostrophes between letters, its key with them left out, as typed by someone who does not
    type them ("ras al khaymah" for Raʼs al Khaymah, "hawaii", "lhay")."""
    spaced = _OTHER_NAME_MARKS.sub(" ", name)
    forms = (name, spaced, _INNER_APOSTROPHE.sub("", spaced))
    return tuple(dict.fromkeys(name_key(form) for form in dict.fromkeys(forms)))


BMP = 0x10000  # the Basic Multilingual Plane: every character a phone's keyboard types


#: :func:`unicode_tables` as the Python that wrote it found them (``scripts/namekey_tables.py``):
#: read instead of a pass over the plane (20 ms of every deck's referee page) when the running
#: Python has the same Unicode version, made again otherwise
TABLES_FILE = Path(__file__).with_name("namekey_tables.json")


@cache
def key_rules() -> dict[str, Any]:
    """:func:`name_key`'s rules as data, for a script (in the order it applies them): NFKD, then
    drop the characters of ``combining`` (ranges of code points with a combining class), then
    ``ligatures``, then lower case, with ``folds`` where case folding differs from lower case
    (ß is ss), then each run of ``separators`` (characters) is one space, then each word of
    ``abbreviations`` is written out. ``spaces`` are the characters Python's ``str.split()``
    splits on. A referee page is written with every deck."""
    tables = _stored_tables() or unicode_tables()
    return {
        "combining": tables["combining"],
        "ligatures": dict(_LIGATURES),
        "folds": tables["folds"],
        "separators": "".join(sorted({*tables["spaces"], *_SEPARATOR_MARKS})),
        "spaces": tables["spaces"],
        "abbreviations": dict(_ABBREVIATIONS),
    }


def unicode_tables() -> dict[str, Any]:
    """What :func:`key_rules` reads of the Unicode database, in one pass over the plane: the
    ranges of combining characters, the case folds that differ from lower case, the spaces
    (the separators are the spaces and the marks: the class of ``_SEPARATORS``, whose ``\\s``
    is ``str.isspace()``), and the Unicode version they are of."""
    combining: list[list[int]] = []
    folds: dict[str, str] = {}
    for code in range(BMP):
        if 0xD800 <= code <= 0xDFFF:  # surrogates: no character
            continue
        char = chr(code)
        if unicodedata.combining(char):
            if combining and combining[-1][1] == code - 1:
                combining[-1][1] = code
            else:
                combining.append([code, code])
        folded = char.casefold()
        if folded != char.lower():
            folds[char] = folded
    spaces = "".join(filter(str.isspace, map(chr, range(BMP))))
    return {
        "unidata": unicodedata.unidata_version,
        "combining": combining,
        "folds": folds,
        "spaces": spaces,
    }


def _stored_tables() -> dict[str, Any] | None:
    """:data:`TABLES_FILE`, if it is of the running Python's Unicode version."""
    try:
        stored: dict[str, Any] = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stored if stored.get("unidata") == unicodedata.unidata_version else None
