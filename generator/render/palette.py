"""The shared palette: colours of the parts every game's sheets and decks have in common.

Each game has its own palette beside its drawing code (``generator/render/<game>/palette.py``);
this one holds what they share: the Okabe–Ito colours (player and team colours that
colour-blind players can still tell apart), the text colours of the A4/Letter game sheets,
the printer's marks of the imposition engine and the calibration sheet's inks. Change a
colour here and every drawing that uses it follows; nothing else in ``render/`` spells one.
"""

from __future__ import annotations

from msgspec import Struct

from generator.render.colour import Colour, cmyk, hex_colour

WHITE = hex_colour("#FFFFFF", cmyk(0, 0, 0, 0))


class OkabeIto(Struct, frozen=True):
    """Okabe & Ito's colour-blind-safe set (safe for protanopia, deuteranopia, tritanopia)."""

    orange: Colour = hex_colour("#E69F00", cmyk(2, 37, 97, 9))
    sky_blue: Colour = hex_colour("#56B4E9", cmyk(62, 13, 1, 2))
    bluish_green: Colour = hex_colour("#009E73", cmyk(80, 0, 65, 11))
    yellow: Colour = hex_colour("#F0E442", cmyk(11, 4, 85, 0))
    blue: Colour = hex_colour("#0072B2", cmyk(87, 43, 0, 11))
    vermillion: Colour = hex_colour("#D55E00", cmyk(0, 67, 100, 14))
    reddish_purple: Colour = hex_colour("#CC79A7", cmyk(15, 61, 5, 7))


OKABE_ITO = OkabeIto()


class SheetPalette(Struct, frozen=True):
    """The text of the game sheets (titles, paragraphs, footers, table rules)."""

    ink: Colour = hex_colour("#1F2328", cmyk(0, 0, 0, 100))
    muted: Colour = hex_colour("#5C6370", cmyk(0, 0, 0, 77))
    rule: Colour = hex_colour("#C9CED6", cmyk(0, 0, 0, 26))  # table lines and separators


SHEET = SheetPalette()


class MarkPalette(Struct, frozen=True):
    """The printer's marks of the imposition engine: crop marks, the fold guide, the credit, the
    die line of round pieces."""

    crop: Colour = Colour(0.0, 0.0, 0.0, alpha=None, cmyk=cmyk(0, 0, 0, 100))
    fold_guide: Colour = Colour(0.35, 0.35, 0.35, alpha=None, cmyk=cmyk(0, 0, 0, 81))
    # the attribution under the crop marks
    credit: Colour = Colour(0.35, 0.35, 0.35, alpha=None, cmyk=cmyk(0, 0, 0, 81))
    #: The cut circle of a round piece in print-shop files: the spot colour cutters and print
    #: shops' workflows expect (``CutContour``), shown as magenta; not printed.
    die_line: Colour = hex_colour("#EC008C", cmyk(0, 100, 0, 0), "CutContour")


MARKS = MarkPalette()


class CalibrationPalette(Struct, frozen=True):
    """The duplex calibration sheet of ``pnp calibrate``: opaque inks that set no opacity, so the
    sheet has no transparency and stays a PDF 1.3 that every printer driver reads alike."""

    # text, crosses, the grids' bold lines
    ink: Colour = Colour(0.12, 0.14, 0.18, alpha=None, cmyk=cmyk(0, 0, 0, 100))
    # target circles, labels, zero lines
    accent: Colour = Colour(0.80, 0.20, 0.16, alpha=None, cmyk=cmyk(0, 93, 91, 15))
    # the grids' fine lines, footers and axis labels (7 pt): 4.8:1 on the paper (0.45, 0.47,
    # 0.50 read at 4.45:1)
    muted: Colour = Colour(0.43, 0.45, 0.48, alpha=None, cmyk=cmyk(0, 0, 0, 70))


CALIBRATION = CalibrationPalette()


class PosterPalette(Struct, frozen=True):
    """The marks a poster's pages carry (plan, labels, cut lines, alignment ticks); the game
    whose sheet is tiled gives its own (see :mod:`generator.render.poster`)."""

    ink: Colour  # titles and page labels
    guide: Colour  # cut lines, crop marks, small print
    mark: Colour  # the plan's page frames, the alignment ticks
    label: Colour  # the plan's page-label chips
    overlap: Colour  # the hatching of the plan's overlap bands
