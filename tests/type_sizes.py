"""Type sizes read from a PDF, as a printer prints them (issue 30: 7 pt for what a player reads,
6 pt for credits and marks, nothing smaller).

A character's size is its effective size: the font size through the text matrix and the
current transformation matrix (a board drawn scaled, a form XObject), which is what pdfplumber
reports as ``size`` for an upright glyph; for a glyph turned a quarter its ``size`` is its
advance, and its size is then the box's width (:func:`char_size`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

READING_PT = 7.0  # generator.render.fonts.MIN_READING_PT
SMALLEST_PT = 6.0  # generator.render.fonts.MIN_TEXT_PT
TOLERANCE = 0.01

#: The lines that may print between 6 and 7 pt: credits of the pictures and the data, licence
#: lines, the "printed with pnp" line, print marks and ids; nothing a player reads to play.
CREDIT = re.compile(
    r"Images\s?:|Pictures:|Fluent Emoji|dessins pnp|pnp drawings|\(CC0\)|\(CC BY|"
    r"Licence|licence|license|Insee|Etalab|GeoNames|IGN|imprimé avec pnp|printed with pnp"
)


def char_size(char: dict) -> float:
    """A character's type size (points) whatever its direction."""
    return float(char["size"] if char["upright"] else char["x1"] - char["x0"])


def small_lines(path: Path, under: float = READING_PT) -> list[tuple[int, float, str]]:
    """The lines (page, size, text) of ``path`` printed under ``under`` points: the characters
    under it, grouped by page, size and baseline."""
    import pdfplumber

    lines: dict[tuple[int, float, float], list[tuple[float, str]]] = defaultdict(list)
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for c in page.chars:
                size = char_size(c)
                if size < under - TOLERANCE and not c["text"].isspace():
                    key = (number, round(size, 2), round(c["bottom"], 0))
                    lines[key].append((c["x0"], c["text"]))
    return [
        (page, size, "".join(t for _, t in sorted(chars)))
        for (page, size, _), chars in sorted(lines.items())
    ]


def unread_small(path: Path) -> list[tuple[int, float, str]]:
    """The lines under 7 pt that are not credits, licences or marks (should be none), and
    every line under 6 pt whatever it says."""
    return [
        (page, size, text)
        for page, size, text in small_lines(path)
        if size < SMALLEST_PT - TOLERANCE or not CREDIT.search(text)
    ]


#: At most this share of a deck's characters under 7 pt (issue 30): credits and marks only.
SMALL_SHARE = 0.10


def small_share(path: Path, under: float = READING_PT) -> float:
    """The share of ``path``'s printed characters (spaces aside) under ``under`` points."""
    import pdfplumber

    total = small = 0
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for c in page.chars:
                if c["text"].isspace():
                    continue
                total += 1
                small += char_size(c) < under - TOLERANCE
    return small / total if total else 0.0
