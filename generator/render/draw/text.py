"""Text on the printed material: widths, shrinking a size until text fits, wrapping.

Every renderer sizes and wraps its text here:

- :func:`shrink_until` is the one "largest size that fits" loop: from a size, step down by a
  :class:`Shrink` (a quarter point, or a ratio) until the text fits or the smallest size is
  reached; :func:`shrink_to_width` applies it to one line and a width;
- :func:`scaled_to_width` is the exact size of one line in a width (a single proportional
  step, for labels whose size needs no rounding); :func:`cut_to_width` ends a line too long
  even then with an ellipsis;
- :func:`wrap` (:func:`split_lines`) breaks a paragraph into lines of a width, :func:`paragraph`
  draws it; :func:`platypus_paragraph` makes a reportlab paragraph (markup with bullets);
- :func:`text` draws one line, aligned left, centre or right of a point;
- :func:`generator.render.draw.fit_text.fit_text` lays out a place name on balanced lines.

Widths are measured with the embedded fonts' metrics (reportlab's ``stringWidth``), never
estimated. Sizes are points; positions and widths are millimetres unless a name says ``pt``.

Lines break at ordinary spaces only, never at a no-break space (U+00A0) or at the narrow one
French typography puts before ``; : ! ?`` and inside « » (U+202F,
:mod:`generator.core.typography`): those are part of a word, measured and printed as they are.
reportlab's own line breaking (``simpleSplit``, and its paragraphs for U+202F) breaks there
and prints a plain space instead: this module's functions are used in their place.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from msgspec import Struct

from generator.core.typography import NARROW_NO_BREAK_SPACE, NO_BREAK_SPACES
from generator.render.colour import Colour, set_fill
from generator.render.units import pt, to_mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

# The spaces a line breaks at: ASCII whitespace, never a no-break space.
_BREAKING_SPACES = re.compile(r"[ \t\r\f\v]+")


class Shrink(Struct, frozen=True):
    """One step down in size: ``size * factor - minus``."""

    factor: float = 1.0
    minus: float = 0.0

    @classmethod
    def by(cls, points: float) -> Shrink:
        return cls(minus=points)

    @classmethod
    def times(cls, factor: float) -> Shrink:
        return cls(factor=factor)

    def next(self, size: float) -> float:
        return size * self.factor - self.minus


QUARTER_POINT = Shrink.by(0.25)


def shrink_until(
    size: float, smallest: float, fits: Callable[[float], bool], step: Shrink = QUARTER_POINT
) -> float:
    """The first size, stepping down from ``size``, at which ``fits(size)``; never below
    ``smallest`` by more than one step (the caller decides what a size that still does not fit
    means)."""
    while not fits(size) and size > smallest:
        size = step.next(size)
    return size


def string_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points (or in the canvas's units, at a size in those units)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, size))


def width_mm(text: str, font: str, size: float) -> float:
    """Width of ``text`` at ``size`` points, in millimetres."""
    return to_mm(string_width(text, font, size))


def shrink_to_width(
    text: str,
    font: str,
    size: float,
    width: float,
    smallest: float,
    step: Shrink = QUARTER_POINT,
    measure: Callable[[str, str, float], float] = width_mm,
) -> float:
    """The largest size, stepping down from ``size``, at which one line fits ``width``
    (in the units of ``measure``: millimetres by default)."""
    return shrink_until(size, smallest, lambda s: measure(text, font, s) <= width, step)


def scaled_to_width(size: float, width_pt: float, limit_pt: float) -> float:
    """``size`` scaled down so that a line ``width_pt`` wide becomes ``limit_pt`` (if wider)."""
    return size * limit_pt / width_pt if width_pt > limit_pt else size


def cut_to_width(text: str, font: str, size: float, width_pt: float) -> str:
    """``text`` whole if one line of it fits ``width_pt`` at ``size``, else cut and ended with
    an ellipsis (trailing spaces dropped) where it fits. A line of any length costs a few
    measures: the cut starts where the line first overflows (:func:`overflow_at`), not at its
    end; a line that fits (nearly every one) costs one."""
    if string_width(text, font, size) <= width_pt:
        return text
    text = text[: overflow_at(text, font, size, width_pt) + 3]
    while len(text) > 1 and string_width(text, font, size) > width_pt:
        text = text[:-2].rstrip() + "…"
    return text


def overflow_at(text: str, font: str, size: float, width_pt: float) -> int:
    """The length of the longest prefix of ``text`` that fits ``width_pt`` (``len(text)`` when
    all of it does), by bisection: widths only grow with the prefix."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high) // 2
        if string_width(text[: middle + 1], font, size) > width_pt:
            high = middle
        else:
            low = middle + 1
    return low


Align = Literal["left", "centre", "right"]


def text(
    canvas: Canvas,
    x: float,
    y: float,
    string: str,
    font: str,
    size: float,
    colour: Colour,
    align: Align = "left",
) -> None:
    """One line of ``string`` on baseline ``y`` mm, in ``font`` at ``size`` pt and ``colour``,
    starting at, centred on or ending at ``x`` mm (``align``)."""
    canvas.setFont(font, size)
    set_fill(canvas, colour)
    if align == "centre":
        canvas.drawCentredString(pt(x), pt(y), string)
    elif align == "right":
        canvas.drawRightString(pt(x), pt(y), string)
    else:
        canvas.drawString(pt(x), pt(y), string)


def split_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken at its spaces into lines no wider than ``width`` (points, or the
    canvas's units at a size in those units; a word wider than that has a line of its own),
    and at its newlines; ``width`` 0: its newlines only. reportlab's ``simpleSplit`` without
    its breaks at no-break spaces (see the module's text)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not width:
        return text.split("\n")
    space = stringWidth(" ", font, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = -space
        for word in _BREAKING_SPACES.split(paragraph):
            if not word:
                continue
            word_width = stringWidth(word, font, size)
            if line and used + space + word_width > width:
                lines.append(" ".join(line))
                line, used = [], -space
            line.append(word)
            used += space + word_width
        if line:
            lines.append(" ".join(line))
    return lines


def wrap(text: str, font: str, size: float, width_mm: float) -> list[str]:
    """``text`` broken into lines no wider than ``width_mm`` (at spaces, :func:`split_lines`)."""
    return split_lines(text, font, size, pt(width_mm))


def platypus_paragraph(markup: str, style: Any, bullet: str | None = None) -> Paragraph:
    """A reportlab ``Paragraph`` of ``markup`` (``bullet`` in its margin) that keeps the narrow
    no-break space (U+202F) as one: see :func:`_no_break_at_narrow_spaces`."""
    from reportlab.platypus import Paragraph

    _no_break_at_narrow_spaces()
    return Paragraph(markup, style, bulletText=bullet)


@cache
def _no_break_at_narrow_spaces() -> None:
    """Teach reportlab's paragraphs (5.x) that U+202F is a no-break space, once per process.

    Their word splitting (``reportlab.platypus.paragraph.split``) treats U+00A0 as part of a
    word but U+202F as a space: "Intermède\u202f:" could end a line before its colon, and
    the narrow space printed as a full one. The split is replaced by one that, for a text
    holding U+202F, splits at the same spaces but those two (reportlab's own path for a text
    holding U+00A0); any other text is split as before, so nothing else moves."""
    from reportlab.platypus import paragraph as module

    original = module.split
    if getattr(original, "keeps_narrow_spaces", False):
        return
    spaces = "".join(ch for ch in module._wsc if ch not in NO_BREAK_SPACES)
    split_at_spaces = re.compile(f"[{re.escape(spaces)}]+").split

    def split(text: str | bytes, delim: str | bytes | None = None) -> list[str]:
        if isinstance(text, bytes):
            text = text.decode("utf8")
        if delim is None and NARROW_NO_BREAK_SPACE in text:
            return split_at_spaces(text)
        return list(original(text, delim))

    split.keeps_narrow_spaces = True  # type: ignore[attr-defined]
    module.split = split


def paragraph(
    canvas: Canvas,
    text: str,
    x: float,
    top: float,
    width: float,
    font: str,
    size: float,
    colour: Colour,
    leading: float | None = None,
    centred: bool = False,
) -> float:
    """Draw ``text`` wrapped to ``width`` mm from ``top`` mm down (``leading`` in points, 1.3 ×
    the size by default); return the y (mm) just below its last line."""
    leading_mm = to_mm(leading or size * 1.3)
    set_fill(canvas, colour)
    canvas.setFont(font, size)
    y = top - to_mm(size)
    for line in wrap(text, font, size, width):
        if centred:
            canvas.drawCentredString(pt(x + width / 2), pt(y), line)
        else:
            canvas.drawString(pt(x), pt(y), line)
        y -= leading_mm
    return y + leading_mm - to_mm(size * 0.3)
