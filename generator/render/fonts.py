"""The type of the printed material, embedded, and a check that text can be printed.

Two families (SIL Open Font License 1.1), pinned and subset by ``pnp data build``
(:mod:`generator.geo.databuild.fonts`) into ``datasets/fonts-*.ttf``:

* **Fraunces** Bold, the display face (:data:`DISPLAY`): titles, place names, big numbers;
* **Fira Sans** and **Fira Sans Condensed**, the text face: rules, labels, tables.

Each face is parsed once per process, from its subset (a few milliseconds), and registered
under its PostScript name. A place name that one of these faces cannot print (a Cyrillic name
in Fraunces, an Arabic one anywhere) is set in the next face of its fallback chain
(:func:`printable_face`): Fraunces → Fira Sans SemiBold → DejaVu Sans Bold; Fira → DejaVu Sans.
The two DejaVu faces (Bitstream Vera licence) ship in ``render/fonts/`` and are read only when
a name needs them. A user's ``--font FILE.ttf`` replaces every face (and has no fallback).
Use the names below, never reportlab's built-in Helvetica (not embedded, Latin-1 only).
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import N_, _

FONT_DIR = Path(__file__).parent / "fonts"

#: The smallest type we print (points), for credits and printer's marks only: below it text is
#: hard to read once printed, and print shops' preflights flag it. ``pnp preflight`` checks
#: every file against it.
MIN_TEXT_PT = 6.0
#: The smallest type of anything a player reads: rules, labels, values (points).
MIN_READING_PT = 7.0
#: The same in millimetres, for drawings made on a canvas scaled to millimetres.
MIN_TEXT_MM = MIN_TEXT_PT * 25.4 / 72
MIN_READING_MM = MIN_READING_PT * 25.4 / 72

DISPLAY = "Fraunces-Bold"
REGULAR = "FiraSans-Regular"
ITALIC = "FiraSans-Italic"
BOLD = "FiraSans-SemiBold"
CONDENSED = "FiraSansCondensed-Regular"
CONDENSED_BOLD = "FiraSansCondensed-SemiBold"
FALLBACK = "DejaVuSans"
FALLBACK_BOLD = "DejaVuSans-Bold"

#: The faces ``pnp data build`` writes (datasets/fonts-NAME.ttf), by name.
FACES = (DISPLAY, REGULAR, ITALIC, BOLD, CONDENSED, CONDENSED_BOLD)
_FALLBACK_FILES = {FALLBACK: "DejaVuSans.ttf", FALLBACK_BOLD: "DejaVuSans-Bold.ttf"}

#: The faces tried, in order, for text a face cannot print (place names from the data).
FALLBACKS: dict[str, tuple[str, ...]] = {
    DISPLAY: (BOLD, FALLBACK_BOLD),
    BOLD: (FALLBACK_BOLD,),
    CONDENSED_BOLD: (BOLD, FALLBACK_BOLD),
    REGULAR: (FALLBACK,),
    ITALIC: (REGULAR, FALLBACK),
    CONDENSED: (REGULAR, FALLBACK),
}


def face_file(name: str) -> Path:
    """The subset file of face ``name`` in the embedded set."""
    from generator.geo.embedded import dataset_path

    return dataset_path(f"fonts-{name}.ttf")


class FontSet(Struct, frozen=True):
    """The faces a renderer uses, by role; a user's ``--font FILE.ttf`` fills every role."""

    regular: str = REGULAR
    bold: str = BOLD
    oblique: str = ITALIC
    condensed: str = CONDENSED
    condensed_bold: str = CONDENSED_BOLD
    title: str = DISPLAY  # the display face: titles, place names, big numbers


def register_fonts(faces: tuple[str, ...] = FACES) -> FontSet:
    """Register the embedded ``faces`` with reportlab (each once; all of them by default) and
    return their names by role. A role whose face is not among ``faces`` takes the face of the
    same weight that is (condensed → regular, condensed bold → bold, and so on): the set names
    registered faces only. A product that prints in a few faces parses those only (the
    Oucédonc deck: four of six, :data:`~generator.render.oucedonc.cards.DECK_FACES`)."""
    for name in faces:
        register_face(name)
    return _font_set(frozenset(faces))


@cache
def register_face(name: str) -> str:
    """Register one embedded face with reportlab (once) and return its name.

    The families are mapped again after each face, so that ``<b>`` and ``<i>`` in a platypus
    paragraph find the bold and italic faces whatever was drawn before in the process
    (registering a face resets its own family's mapping in reportlab; without this the setup
    sheet of Les territoires lost its bold when written alone, not within the kit)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(name, str(face_file(name))))
    _map_families()
    return name


def _map_families() -> None:
    from reportlab.lib.fonts import addMapping

    for family, regular, bold, italic in (
        (REGULAR, REGULAR, BOLD, ITALIC),
        (CONDENSED, CONDENSED, CONDENSED_BOLD, CONDENSED),
        (DISPLAY, DISPLAY, DISPLAY, DISPLAY),
    ):
        addMapping(family, 0, 0, regular)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, italic)
        addMapping(family, 1, 1, bold)


@cache
def _font_set(faces: frozenset[str]) -> FontSet:
    """The roles' faces among ``faces``: each role's own, else the nearest registered one."""
    if REGULAR not in faces:
        raise ValueError(f"the regular face {REGULAR} must be among the faces registered")

    def face(*chain: str) -> str:
        return next(name for name in chain if name in faces)

    return FontSet(
        regular=REGULAR,
        bold=face(BOLD, REGULAR),
        oblique=face(ITALIC, REGULAR),
        condensed=face(CONDENSED, REGULAR),
        condensed_bold=face(CONDENSED_BOLD, BOLD, REGULAR),
        title=face(DISPLAY, BOLD, REGULAR),
    )


@cache
def _register_fallback(name: str) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / _FALLBACK_FILES[name])))
    return name


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
        if _lacks_no_break_spaces(font.face.charToGlyph):
            font = TTFont(name, io.BytesIO(_no_break_spaces_as_word_space(data)))
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


#: The no-break spaces the material sets (French spacing, thousands: core/typography.py); a
#: font without them would print its missing-glyph box there, and the glyph check, which
#: ignores spaces, would not say so.
_NO_BREAK_SPACES = (0x00A0, 0x202F)


def _lacks_no_break_spaces(char_to_glyph: dict[int, int]) -> bool:
    return 0x20 in char_to_glyph and any(c not in char_to_glyph for c in _NO_BREAK_SPACES)


def _no_break_spaces_as_word_space(data: bytes) -> bytes:
    """The font file ``data`` with the no-break spaces it lacks mapped to its word space's glyph
    (its character map changed, nothing else: a font of 20 MB is not rebuilt). Narrow spaces
    then print as wide as a word space, where the shipped faces print them narrow."""
    import io

    from fontTools.ttLib import TTFont as FontFile

    font = FontFile(io.BytesIO(data), lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    space = font.getBestCmap()[0x20]
    for table in font["cmap"].tables:
        if table.isUnicode() and table.format != 14:  # 14: variation sequences, no char map
            for code in _NO_BREAK_SPACES:
                table.cmap.setdefault(code, space)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@lru_cache(maxsize=64)
def _printable(font_name: str) -> frozenset[str]:
    """The characters ``font_name`` has a glyph for."""
    from reportlab.pdfbase import pdfmetrics

    return frozenset(map(chr, pdfmetrics.getFont(font_name).face.charToGlyph))


def missing_characters(font_name: str, text: str) -> list[str]:
    """The characters of ``text`` that ``font_name`` has no glyph for (spaces ignored); asked
    for every string a deck draws, so the common answer (none) is one set look-up."""
    printable = _printable(font_name)
    if printable.issuperset(text):
        return []
    # each distinct character once: a long text costs one pass in C
    return sorted(ch for ch in set(text) - printable if not ch.isspace())


def printable_face(font_name: str, text: str) -> str:
    """``font_name`` if it prints every character of ``text``, else the first face of its
    fallback chain (:data:`FALLBACKS`) that does; the last of the chain when none does (the
    glyph check, :func:`require_glyphs`, refuses such text before anything is drawn)."""
    if not missing_characters(font_name, text):
        return font_name
    chain = FALLBACKS.get(font_name, ())
    for face in chain:
        name = _register_fallback(face) if face in _FALLBACK_FILES else face
        if not missing_characters(name, text):
            return name
    return chain[-1] if chain else font_name


def require_glyphs(font_name: str, text: str, what: str) -> None:
    """Raise a UserError naming ``what`` and the character if neither the font nor its
    fallbacks can print ``text``."""
    face = printable_face(font_name, text)
    missing = missing_characters(face, text)
    if missing:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        raise UserError(
            _(
                "font {font_name} has no glyph for {shown} in {what}; pass --font FILE.ttf with a "
                "font that has it"
            ).format(font_name=face, shown=shown, what=what)
        )
