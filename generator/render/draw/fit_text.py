"""Fit a short text (a place name) into a box: wrap at natural break points, then shrink.

Names break after a hyphen ("Saint-Rémy-" / "de-Provence"), after an apostrophe ("Village martyr" /
"d'Oradour-sur-Glane") or at a space (the space is dropped). A short linking word ("de", "la",
"l'", "sur", "lès"...) or a prefix such as "Saint-" never ends a line when the name can fit
otherwise: it stays with the word that follows ("Cathédrale" / "de Strasbourg", never a line
holding "de" alone). Only when such a glued group is itself too long for the box at the smallest
size are those breaks allowed again, and then a line holding nothing but a linking word is still
avoided whenever another break exists. For every possible number of lines,
the break points that make the widest line as narrow as possible are chosen (balanced lines),
and the font size is the largest at which that layout fits the box. The layout with the largest
size wins, but an extra line must buy at least ``LINE_GAIN`` (12 %) more size: a name reads
better on fewer lines. Widths are measured with the font's metrics, so
the result is exact, not estimated: no line is ever wider than the box.

With a type ``scale`` (a few sizes, largest first) the size is the largest size of the scale
at which a layout fits, fewer lines winning a tie: a deck's names then come in two or three
sizes, not in as many as there are names. A name too long for the scale's smallest size takes
the largest size that fits below it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import lru_cache

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import _, number

# A break is allowed after these; the space itself disappears at a line end.
# Spaces are the ASCII ones: a no-break space (U+00A0, U+202F) is part of its word.
_TOKEN = re.compile(r"[^ \t\n\-'’/]*[\-'’/]|[^ \t\n\-'’/]+[ \t\n]*|[ \t\n]+")

# Words that belong with the word after them: a line never ends on one of these when it can
# be avoided (French typography keeps articles and prepositions with their noun).
LINKING_WORDS = frozenset(
    {
        "à",
        "au",
        "aux",
        "d",
        "de",
        "des",
        "du",
        "en",
        "et",
        "l",
        "la",
        "le",
        "les",
        "lès",
        "lez",
        "sous",
        "sur",
    }
)
# Prefixes of a compound proper name, kept with the next word too ("Saint-" / "Germain" reads
# badly).
NAME_PREFIXES = frozenset({"notre", "saint", "sainte", "st", "ste"})


class FittedText(Struct, frozen=True):
    """Lines to draw at ``size`` points, ``leading`` points apart (baseline to baseline)."""

    lines: tuple[str, ...]
    size: float
    leading: float
    font: str

    @property
    def height(self) -> float:
        """From the top of the first line's capitals to the lowest descender, in points."""
        return self.size * (CAP_HEIGHT + DESCENT) + self.leading * (len(self.lines) - 1)


LINE_GAIN = 1.12

# Proportions of the font size, those of the embedded faces (Fraunces 0.70 and 0.255, Fira Sans
# 0.69 and 0.265; used only to centre text).
CAP_HEIGHT = 0.70
DESCENT = 0.26


def break_tokens(text: str) -> list[str]:
    """Pieces of ``text`` that may end a line: "Saint-", "Rémy-", "de-", "Provence"."""
    tokens = [token for token in _TOKEN.findall(text.strip()) if token]
    merged: list[str] = []
    for token in tokens:
        if token.isspace() and merged:
            merged[-1] += " "
        elif not token.isspace():
            merged.append(token)
    return merged


def _core(token: str) -> str:
    """The word of a token, without its break character: "l'" -> "l", "de-" -> "de"."""
    return token.strip().rstrip("-'’/").casefold()


def glue_tokens(tokens: list[str]) -> list[str]:
    """Join each linking word or name prefix to the token after it: no break right after it."""
    glued: list[str] = []
    pending = ""
    for token in tokens:
        core = _core(token)
        if core in LINKING_WORDS or core in NAME_PREFIXES:
            pending += token
        else:
            glued.append(pending + token)
            pending = ""
    if pending:  # the name ends on a linking word: it stays with what comes before
        if glued:
            glued[-1] += pending
        else:
            glued.append(pending)
    return glued


def _lone_linking_word(lines: tuple[str, ...]) -> bool:
    return len(lines) > 1 and any(_core(line) in LINKING_WORDS for line in lines)


def _partitions(count: int, parts: int) -> Iterator[list[tuple[int, int]]]:
    for cuts in itertools.combinations(range(1, count), parts - 1):
        bounds = (0, *cuts, count)
        yield [(bounds[i], bounds[i + 1]) for i in range(parts)]


@lru_cache(maxsize=4096)  # a deck made again (the studio's print options): the same names
def fit_text(
    text: str,
    font: str,
    width_pt: float,
    height_pt: float,
    max_size: float,
    min_size: float = 6.0,  # MIN_TEXT_PT: nothing smaller is printed
    max_lines: int = 3,
    leading_ratio: float = 1.08,
    scale: tuple[float, ...] = (),
) -> FittedText:
    """The largest, most balanced layout of ``text`` inside ``width_pt`` × ``height_pt`` (on
    ``scale`` when given, see the module's text).

    Raises a UserError if even ``min_size`` cannot fit (a single unbreakable word far too long).
    """
    tokens = break_tokens(text)
    if not tokens:
        return FittedText(("",), max_size, max_size * leading_ratio, font)
    args = (font, width_pt, height_pt, max_size, max_lines, leading_ratio, scale)
    best = _best_layout(glue_tokens(tokens), *args)
    if best.size < min_size:  # a glued group is too long: break inside it rather than refuse
        best = _best_layout(tokens, *args)
    if best.size < min_size:
        raise UserError(
            _(
                "the name {text!r} is too long to print on a card even at {min_size} pt; "
                "shorten it or choose a larger card size"
            ).format(text=text, min_size=number(min_size))
        )
    return best


def _best_layout(
    tokens: list[str],
    font: str,
    width_pt: float,
    height_pt: float,
    max_size: float,
    max_lines: int,
    leading_ratio: float,
    scale: tuple[float, ...] = (),
) -> FittedText:
    """The largest layout of these tokens; an extra line must buy ``LINE_GAIN`` more size (on
    a scale: the next size of the scale)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    best: FittedText | None = None
    for line_count in range(1, min(max_lines, len(tokens)) + 1):
        narrowest: tuple[bool, float, tuple[str, ...]] | None = None
        for partition in _partitions(len(tokens), line_count):
            lines = tuple("".join(tokens[a:b]).rstrip() for a, b in partition)
            candidate = (
                _lone_linking_word(lines),
                max(stringWidth(line, font, 1.0) for line in lines),
                lines,
            )
            if (
                narrowest is None
                or candidate[0] < narrowest[0]
                or (candidate[0] == narrowest[0] and candidate[1] < narrowest[1] - 1e-9)
            ):
                narrowest = candidate
        assert narrowest is not None
        _, widest, lines = narrowest
        by_width = width_pt / widest if widest > 0 else max_size
        by_height = height_pt / (CAP_HEIGHT + DESCENT + leading_ratio * (line_count - 1))
        size = min(max_size, by_width, by_height)
        if scale:
            size = next((step for step in scale if step <= size + 1e-9), size)
            better = best is None or size > best.size + 1e-9
        else:
            better = best is None or size > best.size * LINE_GAIN
        size = int(size * 4) / 4  # quarter points: stable, and never rounded up past the box
        if better:
            best = FittedText(lines, size, size * leading_ratio, font)
    assert best is not None
    return best
