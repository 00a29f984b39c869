"""Embedded fonts (DejaVu, Bitstream Vera licence) and a check that text can be printed.

Fonts are TrueType, embedded and subset by reportlab. :func:`register_fonts` is idempotent and
cheap after the first call (reportlab keeps its own registry; nothing here is mutable).
Use the family names below, never reportlab's built-in Helvetica (not embedded, Latin-1 only).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import N_, _

FONT_DIR = Path(__file__).parent / "fonts"

#: The smallest type we print (points): below it text is hard to read once printed, and print
#: shops' preflights flag it. ``pnp preflight`` checks every file against it.
MIN_TEXT_PT = 6.0
#: The same in millimetres, for drawings made on a canvas scaled to millimetres.
MIN_TEXT_MM = MIN_TEXT_PT * 25.4 / 72

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
SANS_OBLIQUE = "DejaVuSans-Oblique"
CONDENSED = "DejaVuSansCondensed"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold"
SERIF_BOLD = "DejaVuSerif-Bold"

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    SANS_OBLIQUE: "DejaVuSans-Oblique.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
}


@dataclass(frozen=True)
class FontSet:
    """The font names a renderer uses; ``extra`` is a user's ``--font FILE.ttf`` if given."""

    regular: str = SANS
    bold: str = SANS_BOLD
    oblique: str = SANS_OBLIQUE
    condensed: str = CONDENSED
    condensed_bold: str = CONDENSED_BOLD
    title: str = SERIF_BOLD


@cache
def register_fonts() -> FontSet:
    """Register the embedded fonts with reportlab (once) and return their names.

    The families are registered too, so that ``<b>`` and ``<i>`` in a platypus paragraph find
    the bold and oblique faces whatever was drawn before in the process (without it the setup
    sheet of Les territoires lost its bold when written alone, not within the kit)."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    for bold, italic, face in (
        (0, 0, SANS),
        (1, 0, SANS_BOLD),
        (0, 1, SANS_OBLIQUE),
        (1, 1, SANS_BOLD),
    ):
        addMapping(SANS, bold, italic, face)
    for bold, italic, face in (
        (0, 0, CONDENSED),
        (1, 0, CONDENSED_BOLD),
        (0, 1, CONDENSED),
        (1, 1, CONDENSED_BOLD),
    ):
        addMapping(CONDENSED, bold, italic, face)
    return FontSet()


@cache
def paragraph_family(fonts: FontSet) -> None:
    """Let <b> and <i> in Paragraph markup set in ``fonts.regular`` pick the bold and oblique
    faces. reportlab keeps this mapping in a registry of its own for the whole process: every
    renderer whose markup has <b> or <i> calls this first, so that its PDF does not depend on
    what another renderer did before it in the same process (the kit builds in worker
    processes). The embedded faces are registered first: registering a face after the mapping
    would reset its part of it."""
    from reportlab.lib.fonts import addMapping

    register_fonts()
    addMapping(fonts.regular, 0, 0, fonts.regular)
    addMapping(fonts.regular, 1, 0, fonts.bold)
    addMapping(fonts.regular, 0, 1, fonts.oblique)
    addMapping(fonts.regular, 1, 1, fonts.bold)


MAX_FONT_BYTES = 64 << 20  # the largest CJK fonts are about 20 MB


@cache
def register_user_font(path: str) -> FontSet:
    """Register a user's TrueType font for every style and return a FontSet using it."""
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    from generator.core.inputs import read_input

    font_path = Path(path)
    data = read_input(font_path, N_("font file"), MAX_FONT_BYTES)  # a regular file, bounded
    name = f"User-{font_path.stem}"
    try:
        font = TTFont(name, io.BytesIO(data))
        # Embedding reads the glyph tables, which the constructor does not: embed every glyph
        # once now (0.1 s for 6,000 glyphs), so a truncated file fails here, not in a PDF.
        font.face.makeSubset(sorted(font.face.charToGlyph))
    except TTFError as exc:
        raise UserError(
            _("cannot use font {path}: {exc}; give a TrueType (.ttf) file").format(
                path=path, exc=exc
            )
        ) from None
    except (
        Exception
    ) as exc:  # a damaged file: struct.error, IndexError, KeyError... from the parser
        raise UserError(
            _(
                "cannot use font {path}: it is damaged or not a TrueType font ({error}); give a "
                "TrueType (.ttf) file"
            ).format(path=path, error=type(exc).__name__)
        ) from None
    pdfmetrics.registerFont(font)
    register_fonts()
    return FontSet(name, name, name, name, name, name)


def missing_characters(font_name: str, text: str) -> list[str]:
    """The characters of ``text`` that ``font_name`` has no glyph for (spaces ignored)."""
    from reportlab.pdfbase import pdfmetrics

    font = pdfmetrics.getFont(font_name)
    char_to_glyph = font.face.charToGlyph
    return sorted(
        ch for ch in set(text) if not ch.isspace() and ord(ch) not in char_to_glyph
    )  # each distinct character once: a long text costs one pass in C


def require_glyphs(font_name: str, text: str, what: str) -> None:
    """Raise a UserError naming ``what`` and the character if the font cannot print ``text``."""
    missing = missing_characters(font_name, text)
    if missing:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        raise UserError(
            _(
                "font {font_name} has no glyph for {shown} in {what}; pass --font FILE.ttf with a "
                "font that has it"
            ).format(font_name=font_name, shown=shown, what=what)
        )
