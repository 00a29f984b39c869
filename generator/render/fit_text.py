"""Fit a short text (a place name) into a box: wrap at natural break points, then shrink.

Names break after a hyphen ("Saint-Rémy-" / "de-Provence"), after an apostrophe ("L'" /
"Isle-sur-la-Sorgue") or at a space (the space is dropped). For every possible number of lines,
the break points that make the widest line as narrow as possible are chosen (balanced lines),
and the font size is the largest at which that layout fits the box. The layout with the largest
size wins, but an extra line must buy at least ``LINE_GAIN`` (12 %) more size: a name reads
better on fewer lines. Widths are measured with the font's metrics, so
the result is exact, not estimated: no line is ever wider than the box.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from generator.errors import UserError

# A break is allowed after these; the space itself disappears at a line end.
_TOKEN = re.compile(r"[^\s\-'’/]*[\-'’/]|[^\s\-'’/]+\s*|\s+")


@dataclass(frozen=True)
class FittedText:
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

# Proportions of the font size, close to DejaVu's (measured once; used only to centre text).
CAP_HEIGHT = 0.73
DESCENT = 0.24


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


def _partitions(count: int, parts: int):
    for cuts in itertools.combinations(range(1, count), parts - 1):
        bounds = (0, *cuts, count)
        yield [(bounds[i], bounds[i + 1]) for i in range(parts)]


def fit_text(
    text: str,
    font: str,
    width_pt: float,
    height_pt: float,
    max_size: float,
    min_size: float = 5.0,
    max_lines: int = 3,
    leading_ratio: float = 1.08,
) -> FittedText:
    """The largest, most balanced layout of ``text`` inside ``width_pt`` × ``height_pt``.

    Raises a UserError if even ``min_size`` cannot fit (a single unbreakable word far too long).
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    tokens = break_tokens(text)
    if not tokens:
        return FittedText(("",), max_size, max_size * leading_ratio, font)
    best: FittedText | None = None
    for line_count in range(1, min(max_lines, len(tokens)) + 1):
        narrowest: tuple[float, tuple[str, ...]] | None = None
        for partition in _partitions(len(tokens), line_count):
            lines = tuple("".join(tokens[a:b]).rstrip() for a, b in partition)
            widest = max(stringWidth(line, font, 1.0) for line in lines)
            if narrowest is None or widest < narrowest[0] - 1e-9:
                narrowest = (widest, lines)
        assert narrowest is not None
        widest, lines = narrowest
        by_width = width_pt / widest if widest > 0 else max_size
        by_height = height_pt / (CAP_HEIGHT + DESCENT + leading_ratio * (line_count - 1))
        size = min(max_size, by_width, by_height)
        size = int(size * 4) / 4  # quarter points: stable, and never rounded up past the box
        if best is None or size > best.size * LINE_GAIN:
            best = FittedText(lines, size, size * leading_ratio, font)
    assert best is not None
    if best.size < min_size:
        raise UserError(
            f"the name {text!r} is too long to print on a card even at {min_size:g} pt; "
            "shorten it or choose a larger --card-size"
        )
    return best
