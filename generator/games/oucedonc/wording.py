"""The referee's small phrases in the command line's language: where a card lies, lists of
names, ordinals.

The games layer words its own results through :mod:`generator.core.i18n` (the ``pnp`` catalog,
English in the code, French in ``locale/fr``): :mod:`events` words what a move did from its
typed fields, and a refusal's default sentence (:mod:`refusals`) is filled with values such as
:class:`Beside`. What scripts read (``to_json``, the game file) never goes through here.

French joins "de" to the name that follows: "au nord d’Angers", "à l’ouest du Mans", "au sud
des Sables-d’Olonne" (:func:`of_place`).
"""

from __future__ import annotations

import re

from msgspec import Struct

from generator.core.i18n import _, cli_language, either, listed
from generator.core.refusal import Json
from generator.games.oucedonc.compare import Direction

# "de" before a vowel (h is left alone: h aspiré or not cannot be told from the spelling)
VOWEL = re.compile(r"[AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜŸaeiouyàâäæéèêëîïôöœùûüÿ]")
_ARTICLE = re.compile(r"(?P<article>Le|Les) (?P<rest>.+)")

__all__ = ["Beside", "beside", "between", "either", "listed", "of_place", "of_places", "ordinal"]


def of_place(text: str, place: str) -> str:
    """``text`` ending in "de {place}" with French's contraction of "de" and the name's first
    word: "de Angers" -> "d’Angers", "de Le Mans" -> "du Mans", "de Les Andelys" -> "des
    Andelys". Other languages (and other endings) are returned as they are."""
    ending = "de " + place
    if cli_language() != "fr" or not text.endswith(ending):
        return text
    return text[: -len(ending)] + _joined(place)


def _joined(place: str) -> str:
    """French "de" and ``place``: "d’Angers", "du Mans", "des Andelys", "de Brest"."""
    article = _ARTICLE.fullmatch(place)
    if article:
        return ("du " if article["article"] == "Le" else "des ") + article["rest"]
    if VOWEL.match(place):
        return "d’" + place
    return "de " + place


def of_places(template: str, **fields: str) -> str:
    """``template`` (a translated sentence) filled with ``fields``, where French's "de {name}"
    joins "de" to the name as :func:`of_place` does ("prend la place d’Abbaye de Landévennec",
    "du Mans"); other languages are filled as they are."""
    if cli_language() == "fr":
        for name, value in fields.items():
            joined = _joined(value).replace("{", "{{").replace("}", "}}").replace("\\", "\\\\")
            template = re.sub(rf"\bde \{{{name}\}}", joined, template)
    return template.format(**fields)


def beside(direction: Direction, place: str) -> str:
    """ "north of Lyon", "au nord de Lyon": ``direction`` of ``place``."""
    words = {
        Direction.NORTH_OF: _("north of {place}"),
        Direction.SOUTH_OF: _("south of {place}"),
        Direction.EAST_OF: _("east of {place}"),
        Direction.WEST_OF: _("west of {place}"),
    }[direction]
    return of_place(words.format(place=place), place)


class Beside(Struct, frozen=True):
    """ "north of Lyon" as a value of a refusal (``{"direction": "north-of", "card": "Lyon"}``
    in JSON), said in the command line's language."""

    direction: Direction
    place: str

    def words(self) -> str:
        return beside(self.direction, self.place)

    def to_json(self) -> Json:
        return {"direction": self.direction.value, "card": self.place}


def between(first: str, second: str) -> str:
    return _("between {first} and {second}").format(first=first, second=second)


def ordinal(number: int) -> str:
    """A count's or a pack's rank: "1" and "2" in English ("count 2"), "1er" and "2e" in
    French ("2e décompte")."""
    if cli_language() == "fr":
        return "1er" if number == 1 else f"{number}e"
    return str(number)
