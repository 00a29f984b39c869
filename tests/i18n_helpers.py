"""A detector of the other language in what a command printed, for every test of the CLI.

    from tests.i18n_helpers import foreign

    result = run_pnp("oucedonc", "deck", "--region", "bretagne", env={"LANG": "fr_FR.UTF-8"})
    assert foreign(result.stdout + result.stderr, "fr", masks=["Rennes", str(tmp_path)]) == []

``foreign(text, language, masks)`` returns the pieces of ``text`` (printed by a command speaking
``language``) that belong to the other language:

* in French output, any sentence of the pnp catalog's English (a msgid's literal part of three
  words or more, the ``{fields}`` cut out) printed as it is, and English function words ("the",
  "and", "which", "cannot"...) that French never uses;
* in English output, any French translation of the pnp catalog (its literal parts of three words
  or more) printed as it is, and French function words ("les", "des", "est", "vous", "n’est"...).

Data is not language: the caller masks what came from data or from the user (place names,
players, the text of a file) by passing it in ``masks``; paths (anything from a ``/`` to the
next space) are masked always; option names and values typed on
the command line (``--back-offset``, ``shop``) are neither language's function words, so they
need no mask. Rich tables are read as text: their borders are dropped and the white space
collapsed, so that a sentence wrapped in a cell is still found.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PNP_PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "pnp.po"

#: English words that French text never holds (lower case, whole words).
_ENGLISH = """the and of with which this that these those cannot does doesn't is are was were
your you from for not into than then when where there their its it's to be has have should
would must only each every"""
_FRENCH = """les des une est sont pas pour avec dans vous votre cette ces aux du d’un d’une n’est
n’a l’option qu’il c’est aucun aucune doit être également puis ou"""
#: English words that French text never holds (lower case, whole words, with ’).
ENGLISH_WORDS = frozenset(word.replace("'", "’") for word in _ENGLISH.split())
#: French words that English text never holds (lower case, whole words, with ’).
FRENCH_WORDS = frozenset(_FRENCH.split())
_BORDERS = re.compile(r"[│╭╮╰╯─┃━┏┓┗┛]")
_PATH = re.compile(r"(?<![\w.])(?:~|\.{1,2})?/[^\s:;,)»]*")
_WORD = re.compile(r"[^\W\d_]+(?:[’'][^\W\d_]+)?")


def _normalise(text: str) -> str:
    text = _BORDERS.sub(" ", text).replace("\u00a0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", text).strip()


def _chunks(template: str) -> list[str]:
    """The literal parts of a message template, three words or more, normalised."""
    parts: list[str] = []
    try:
        pieces = [literal for literal, *_rest in string.Formatter().parse(template)]
    except ValueError:
        pieces = [template]
    for piece in pieces:
        piece = _normalise(piece).strip(" .,;:()")
        if len(piece.split()) >= 3:
            parts.append(piece)
    return parts


@cache
def _catalog_chunks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(English sentences, French sentences) of the pnp catalog, cut into literal chunks."""
    from babel.messages.pofile import read_po

    with PNP_PO.open("rb") as stream:
        catalog = read_po(stream, locale="fr")
    english: set[str] = set()
    french: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs = [(i, s) for i, s in zip(ids, strings, strict=False) if s and s != i]
        for msgid, msgstr in pairs:
            english.update(_chunks(msgid))
            french.update(_chunks(msgstr))
    shared = english & french  # "PNP_PO_URL variables..." the same in both: no evidence
    return tuple(sorted(english - shared)), tuple(sorted(french - shared))


def foreign(text: str, language: str, masks: Iterable[str] = ()) -> list[str]:
    """The pieces of ``text``, printed in ``language`` ("fr" or "en"), that are the other
    language's (see the module's docstring); ``masks`` are data, removed first."""
    for mask in sorted((m for m in masks if m), key=len, reverse=True):
        text = text.replace(mask, " ")
    text = _PATH.sub(" ", text)  # paths are data: /tmp/pytest-of-root/..., ~/.cache/pnp
    flat = _normalise(text)
    english, french = _catalog_chunks()
    sentences, words = (english, ENGLISH_WORDS) if language == "fr" else (french, FRENCH_WORDS)
    found = [sentence for sentence in sentences if sentence in flat]
    # lower case only: a capitalised "Les" or "The" is a name (Les territoires), an upper case
    # "AND" a licence expression; a function word inside a sentence is in lower case
    found += sorted({w for w in _WORD.findall(flat) if w.replace("'", "’") in words})
    return found
