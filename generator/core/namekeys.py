"""The comparison key of a name as people type it: accents, case, hyphens and apostrophes ignored.

"evreux", "EVREUX" and "Évreux" have one key; so have "l isle sur la sorgue" and
"L'Isle-sur-la-Sorgue", and "st brieuc" and "Saint-Brieuc". The referee's name index
(:mod:`generator.games.oucedonc.names`) compares these keys; 'pnp data build' writes the key of
every embedded commune (``commune_name_keys.txt``) so that ``pnp oucedonc verify`` need not work
out 35,000 of them at every start. It lives in ``core`` because both layers use it.
"""

from __future__ import annotations

import re
import unicodedata

_SEPARATORS = re.compile(r"[\s\-‐‑‒–—'’‘`´ʼ.]+")
_ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mt": "mont"}


def name_key(text: str) -> str:
    """The comparison key of a name: no accents, case-folded, separators turned into one space,
    the usual abbreviations written out (``st`` Saint, ``ste`` Sainte, ``mt`` Mont)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    bare = bare.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    words = _SEPARATORS.sub(" ", bare.casefold()).split()
    return " ".join(_ABBREVIATIONS.get(word, word) for word in words)
