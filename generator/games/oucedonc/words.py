"""The words of the table, one table per language: how players say where a card goes.

Every front-end of the referee (the interactive session, the one-shot commands, the phone page)
reads these tables and nothing else, so "brest ouest rennes" means the same everywhere. Every
word is written as :func:`~generator.core.namekeys.name_key` writes it (no accent, lower case,
"l'est" as "l est"). Both languages' words are read whatever the language the command line
speaks: players type what they type, and no French direction word means something else in
English ("o" and "w" are both west). The help shows the command line's own words first.

A placement is a card, a direction word and an anchor ("brest au nord de lyon"), or a card,
"entre"/"between" and two anchors ("brest entre lyon et paris"). :func:`placement_readings`
lists the ways a line of words can be read so, cheapest first, without knowing any name: the
caller tries them in order against its own names (a deck, the table, the embedded places) and
keeps the first whose names all resolve, so a place called "Cap Nord" still reads.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from generator.core.i18n import Language
from generator.games.oucedonc.compare import Direction, Line


@dataclass(frozen=True)
class TableWords:
    """The words of one language."""

    directions: Mapping[str, Direction]
    between: frozenset[str]
    conjunctions: frozenset[str]  # "et", "and": between two anchors
    fillers: frozenset[str]  # little words next to a direction word: "au nord de"
    lines: Mapping[str, Line]  # the line a "between" is asked on
    shown: tuple[str, ...]  # the words a help or a refusal lists, as typed


FRENCH = TableWords(
    directions={
        **dict.fromkeys(("n", "nord", "haut"), Direction.NORTH_OF),
        **dict.fromkeys(("s", "sud", "bas"), Direction.SOUTH_OF),
        **dict.fromkeys(("e", "est", "droite"), Direction.EAST_OF),
        **dict.fromkeys(("o", "ouest", "gauche"), Direction.WEST_OF),
    },
    between=frozenset({"entre"}),
    conjunctions=frozenset({"et", "&"}),
    fillers=frozenset({"au", "a", "l", "de", "du", "d"}),
    lines={
        **dict.fromkeys(("colonne", "nord sud", "ns", "verticale"), Line.COLUMN),
        **dict.fromkeys(("ligne", "rangee", "ouest est", "oe", "horizontale"), Line.ROW),
    },
    shown=("nord", "sud", "est", "ouest", "entre"),
)

ENGLISH = TableWords(
    directions={
        **dict.fromkeys(("n", "north", "up"), Direction.NORTH_OF),
        **dict.fromkeys(("s", "south", "down"), Direction.SOUTH_OF),
        **dict.fromkeys(("e", "east", "right"), Direction.EAST_OF),
        **dict.fromkeys(("w", "west", "left"), Direction.WEST_OF),
    },
    between=frozenset({"between"}),
    conjunctions=frozenset({"and", "&"}),
    fillers=frozenset({"of", "the", "to"}),
    lines={
        **dict.fromkeys(("column", "north south", "ns", "vertical"), Line.COLUMN),
        **dict.fromkeys(("row", "west east", "we", "ew", "horizontal"), Line.ROW),
    },
    shown=("north-of", "south-of", "east-of", "west-of", "between"),
)

WORDS: Mapping[Language, TableWords] = {"fr": FRENCH, "en": ENGLISH}

DIRECTIONS: Mapping[str, Direction] = {**FRENCH.directions, **ENGLISH.directions}
BETWEEN = FRENCH.between | ENGLISH.between
CONJUNCTIONS = FRENCH.conjunctions | ENGLISH.conjunctions
FILLERS = FRENCH.fillers | ENGLISH.fillers
LINES: Mapping[str, Line] = {**FRENCH.lines, **ENGLISH.lines}
MAX_FILLERS = 3  # "a l ouest de": little words next to a direction word, on either side


def direction_of(words: Sequence[str]) -> Direction | None:
    """The direction a few words say, in either language ("nord", "au nord de", "north of",
    "west-of" keyed as "west of"), or None when they say no single direction."""
    found = [DIRECTIONS[word] for word in words if word in DIRECTIONS]
    rest = [word for word in words if word not in DIRECTIONS and word not in FILLERS]
    if len(found) != 1 or rest or len(words) > 1 + 2 * MAX_FILLERS:
        return None
    return found[0]


def line_of(key: str) -> Line | None:
    """The line a word names ("colonne", "north-south" keyed as "north south"), or None."""
    return LINES.get(key.strip())


def is_keyword(word: str) -> bool:
    """A word of a placement that is never the end of a card's name being typed."""
    return word in DIRECTIONS or word in BETWEEN or word in CONJUNCTIONS or word in FILLERS


@dataclass(frozen=True)
class Reading:
    """One way of reading a placement: the card's words, then a direction and one anchor, or
    ``direction`` None and two anchors ("between")."""

    card: str
    direction: Direction | None
    anchors: tuple[str, ...]


def strip_fillers(tokens: Sequence[str], *, end: bool) -> list[str]:
    """``au nord de lyon``: drop the little words next to the direction word (at the ``end``
    of the card's words, or at the start of the anchor's)."""
    if end:
        kept = len(tokens)
        while kept and tokens[kept - 1] in FILLERS:
            kept -= 1
        return list(tokens[:kept])
    dropped = 0
    while dropped < len(tokens) and tokens[dropped] in FILLERS:
        dropped += 1
    return list(tokens[dropped:])


def placement_readings(tokens: Sequence[str], card_words: int) -> Iterator[Reading]:
    """The ways ``tokens`` (name keys' words) can be read as a placement, left to right: each
    split on a direction word or "between" whose card part could be a card's name (at most
    ``card_words`` words and a few fillers), then, for "between", each cut of the anchors (at
    "and", else after each of the first few words). A handful, whatever the line's length."""
    splits = [i for i in range(1, len(tokens)) if tokens[i] in DIRECTIONS or tokens[i] in BETWEEN]
    longest = card_words + MAX_FILLERS
    for at in [at for at in splits if at <= longest] or splits[:1]:
        card = " ".join(strip_fillers(tokens[:at], end=True))
        after = strip_fillers(tokens[at + 1 :], end=False)
        if tokens[at] in DIRECTIONS:
            yield Reading(card, DIRECTIONS[tokens[at]], (" ".join(after),))
            continue
        for first, second in between_cuts(after, card_words):
            yield Reading(card, None, (" ".join(first), " ".join(second)))


def between_cuts(words: Sequence[str], card_words: int) -> list[tuple[list[str], list[str]]]:
    """``lyon paris``, ``lyon et paris``, ``saint malo et rennes``: the ways two anchors can be
    cut apart. The first is a card's name: only its few possible ends are tried."""
    cuts = [i for i, word in enumerate(words) if word in CONJUNCTIONS]
    if cuts:
        return [
            (list(words[:i]), list(words[i + 1 :]))
            for i in [i for i in cuts if i <= card_words] or cuts[:1]
        ]
    return [(list(words[:i]), list(words[i:])) for i in range(1, min(len(words), card_words + 1))]
