"""Does a text of the referee speak one language only? A check by function words.

The data the referee prints (card names such as "Le Havre", players, file paths, typed lines,
the commands it suggests, which are the same in every language) is taken out first; what is
left must hold words of its language and none of the other's. The words are the little ones
every sentence needs (articles, prepositions, auxiliaries) and the game's own nouns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FRENCH = _words(
    "le la les de du des un une et est sont pas au aux à avec dans pour sur ne "
    "carte cartes jeton jetons partie décompte paquet paquets joueur joueurs pioché piochée "
    "posé posée avait raison tort quitte reste tour aucune aucun écartées départ fin nord sud "
    "ouest retournez enregistrez gagne donne mal placée placées déjà"
)
ENGLISH = _words(
    "the of and is are was not to in with for no card cards token tokens game count pack "
    "packs player players drew placed right wrong leaves stays turn none set aside start end "
    "north south west east between over wins left due"
)
WORDS = {"fr": FRENCH, "en": ENGLISH}
_COMMAND = re.compile(r"pnp oucedonc \S+.*")  # a suggested command, to the end of its line
_FRAME = re.compile(r"[│╭╮╰╯]|─(?=─)|(?<=─)─")  # the board's frame (a lone ─ joins the row)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def words(text: str, data: Iterable[str] = ()) -> set[str]:
    """The lower-case words of ``text`` once ``data`` (names, paths) and commands are out.

    Lines wrapped by the terminal (a name over two lines, inside the board's frame) are joined
    first, so that a name is found whole."""
    text = " ".join(_FRAME.sub(" ", _COMMAND.sub(" ", text)).split())
    for item in sorted(data, key=len, reverse=True):
        text = text.replace(item, " ")
    return {word.lower() for word in _WORD.findall(text)}


def foreign_words(language: str, text: str, data: Iterable[str] = ()) -> set[str]:
    """The other language's words found in ``text`` (none when it speaks ``language`` only)."""
    other = "en" if language == "fr" else "fr"
    found = words(text, data)
    return (found & WORDS[other]) - WORDS[language]


def assert_speaks(language: str, text: str, data: Iterable[str] = ()) -> None:
    """``text`` is in ``language``: some of its words, none of the other language's."""
    found = words(text, data)
    assert found & WORDS[language], f"no {language} word in {text[:300]!r}"
    foreign = foreign_words(language, text, data)
    assert not foreign, f"{sorted(foreign)} in the {language} text: {text[:2000]}"
