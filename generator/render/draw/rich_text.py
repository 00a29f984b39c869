"""Short paragraphs of card markup set in the material's faces: the rules and the Intermède.

The card templates' markup is a few tags without attributes (:data:`TAGS`, the ones
:mod:`generator.render.card_templates` lets through): ``<b>``, ``<i>``, ``<u>``, ``<strike>``,
``<super>``, ``<sub>`` and ``<br/>``, and XML's entities. Parsing it, breaking it into lines and
drawing it here costs a card a fraction of a millisecond and keeps reportlab's platypus (whose
import compiles large character classes, a tenth of a deck's start) out of the deck.

Lines break at spaces only: a no-break space (and the narrow one French typography puts before
« : ; ! ? » and inside « ») never breaks, so "Intermède :" and "2 jetons" stay whole. Words are
laid greedily; a word wider than the line has one to itself. Sizes are points, positions
millimetres.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from msgspec import Struct
from msgspec.structs import replace

from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.fonts import FontSet

TAGS = ("b", "i", "u", "strike", "super", "sub")
_TOKEN = re.compile(r"<(/?)(b|i|u|strike|super|sub)>|<br\s*/?>|([^<]+)|(<)")
_ENTITIES = {"&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#34;": '"', "&apos;": "'"}
SCRIPT_SCALE = 0.7  # superscripts and subscripts, of the size
LINE = 1.3  # leading, of the size
AFTER = 0.6  # space after a paragraph, of the size


class Style(Struct, frozen=True):
    """How a span of rich text is set: weight, slant, lines, shift."""

    bold: bool = False
    italic: bool = False
    underline: bool = False
    strike: bool = False
    shift: int = 0  # +1 superscript, -1 subscript


class Piece(Struct, frozen=True):
    """A stretch of one style; ``text`` is None for a forced line break."""

    text: str | None
    style: Style = Style()


def _unescape(text: str) -> str:
    for entity, character in _ENTITIES.items():
        text = text.replace(entity, character)
    return text.replace("&amp;", "&")


def parse(markup: str) -> list[Piece]:
    """The pieces of ``markup``; ValueError for anything but :data:`TAGS`, ``<br/>`` and text,
    or for tags that do not nest."""
    pieces: list[Piece] = []
    open_tags: list[str] = []
    for match in _TOKEN.finditer(markup):
        closing, tag, text, stray = match.groups()
        if stray:
            raise ValueError(f"unexpected '<' at {match.start()}")
        if text is not None:
            pieces.append(Piece(_unescape(" ".join(text.split("\n"))), _style(open_tags)))
        elif tag is None:
            pieces.append(Piece(None))
        elif closing:
            if not open_tags or open_tags[-1] != tag:
                raise ValueError(f"</{tag}> closes nothing open")
            open_tags.pop()
        else:
            open_tags.append(tag)
    if open_tags:
        raise ValueError(f"<{open_tags[-1]}> is never closed")
    return pieces


def _style(tags: list[str]) -> Style:
    shift = 1 if "super" in tags else -1 if "sub" in tags else 0
    return Style("b" in tags, "i" in tags, "u" in tags, "strike" in tags, shift)


class Span(Struct, frozen=True):
    """Text of one style on a line, with its face, size and width (points)."""

    text: str
    style: Style
    font: str
    size: float
    width: float


class Line(Struct, frozen=True):
    """One set line of rich text: its spans and its width."""

    spans: tuple[Span, ...]
    width: float  # points


def _face(fonts: FontSet, style: Style) -> str:
    if style.bold:
        return fonts.bold
    return fonts.oblique if style.italic else fonts.regular


def _span(text: str, style: Style, fonts: FontSet, size: float) -> Span:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = _face(fonts, style)
    span_size = size * SCRIPT_SCALE if style.shift else size
    return Span(text, style, font, span_size, stringWidth(text, font, span_size))


def _words(pieces: list[Piece]) -> list[list[tuple[str, Style]] | None]:
    """Words (each its styled parts, a word may change style inside) and line breaks (None)."""
    words: list[list[tuple[str, Style]] | None] = []
    current: list[tuple[str, Style]] = []
    for piece in pieces:
        if piece.text is None:
            if current:
                words.append(current)
                current = []
            words.append(None)
            continue
        parts = piece.text.split(" ")
        for index, part in enumerate(parts):
            if index > 0 and current:
                words.append(current)
                current = []
            if part:
                current.append((part, piece.style))
    if current:
        words.append(current)
    return words


def lay_out(markup: str, fonts: FontSet, size: float, width: float) -> list[Line]:
    """``markup`` broken into lines no wider than ``width`` points (but a longer word)."""
    lines: list[Line] = []
    spans: list[Span] = []
    used = 0.0
    for word in _words(parse(markup)):
        if word is None:
            lines.append(Line(tuple(spans), used))
            spans, used = [], 0.0
            continue
        word_spans = [_span(text, style, fonts, size) for text, style in word]
        word_width = sum(span.width for span in word_spans)
        space = _span(" ", word[0][1], fonts, size) if spans else None
        needed = word_width + (space.width if space else 0.0)
        if spans and used + needed > width + 1e-6:
            lines.append(Line(tuple(spans), used))
            spans, used, space, needed = [], 0.0, None, word_width
        if space is not None:
            spans.append(space)
        spans.extend(word_spans)
        used += needed
    if spans:
        lines.append(Line(tuple(spans), used))
    return [_merged(line) for line in lines]


def _merged(line: Line) -> Line:
    """Neighbouring spans of one style as one (fewer text operators)."""
    merged: list[Span] = []
    for span in line.spans:
        if merged and merged[-1].style == span.style and merged[-1].font == span.font:
            last = merged[-1]
            merged[-1] = replace(last, text=last.text + span.text, width=last.width + span.width)
        else:
            merged.append(span)
    return Line(tuple(merged), line.width)


class Block(Struct, frozen=True):
    """Paragraphs laid out at one size: their lines, and the height they take (points)."""

    paragraphs: tuple[tuple[Line, ...], ...]
    size: float

    @property
    def leading(self) -> float:
        return self.size * LINE

    @property
    def height(self) -> float:
        lines = sum(len(paragraph) for paragraph in self.paragraphs)
        gaps = max(0, len(self.paragraphs) - 1)
        return lines * self.leading + gaps * self.size * AFTER


def block(parts: list[str], fonts: FontSet, size: float, width: float) -> Block:
    """The paragraphs ``parts`` (markup each) at ``size``, ``width`` points wide."""
    return Block(tuple(tuple(lay_out(part, fonts, size, width)) for part in parts), size)


def draw_block(
    canvas: Canvas,
    laid: Block,
    x: float,
    top: float,
    width: float,
    colour: Colour,
    centred: bool = False,
) -> None:
    """Draw ``laid`` from ``top`` (mm) down, each line left-aligned at ``x`` or centred in
    ``width`` (mm)."""
    set_fill(canvas, colour)
    set_stroke(canvas, colour)
    baseline = pt(top) - laid.size * 0.93  # the first line's ascenders touch the top
    for paragraph in laid.paragraphs:
        for line in paragraph:
            left = pt(x) + (pt(width) - line.width) / 2 if centred else pt(x)
            for span in line.spans:
                rise = span.style.shift * laid.size * 0.33
                canvas.setFont(span.font, span.size)
                canvas.drawString(left, baseline + rise, span.text)
                if span.style.underline or span.style.strike:
                    canvas.setLineWidth(max(0.25, span.size * 0.06))
                    height = -span.size * 0.12 if span.style.underline else span.size * 0.28
                    canvas.line(
                        left, baseline + rise + height, left + span.width, baseline + rise + height
                    )
                left += span.width
            baseline -= laid.leading
        baseline -= laid.size * AFTER


def text_of(markup: str) -> str:
    """What the markup prints, tags removed (for glyph checks and messages)."""
    return "".join(piece.text or "\n" for piece in parse(markup))
