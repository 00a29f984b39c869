"""The type faces of the printed material: pinned Google Fonts packages, subset at build time.

Two families, both under the SIL Open Font License 1.1 without Reserved Font Names (so a subset
may keep its name):

* **Fraunces** (Undercase Type, Phaedra Charles and Flavia Zimbardi), the display face: titles,
  place names, big indexes. A soft, warm "Old Style" serif with lining figures;
* **Fira Sans** and **Fira Sans Condensed** (Carrois Apostrophe for Mozilla), the text face: rules,
  labels, tables. A humanist sans drawn for small sizes, with Latin, Greek, Cyrillic and
  Vietnamese.

The ``@expo-google-fonts/*`` npm packages ship Google Fonts' static TrueType instances with the
licence text (``LICENSE_FONT``). The build keeps, from each face, the characters of the blocks a
place name or a printed sentence may use (:data:`UNICODE_BLOCKS`), and adds to the faces that
lack them the few symbols the games print (card suits, the star of the Otcho die, ✓ ✗, the
prime of the coordinates: :data:`SYMBOLS`), drawn from **Noto Sans Symbols 2** (OFL, the Noto
Project) and, for the primes, from **Fraunces** itself, scaled to the face's em. Hinting and the
OpenType layout tables go (reportlab reads neither). The result is a few tens of kilobytes a
face, parsed in a couple of milliseconds, where reportlab's pure-Python reader took 10 to 15 ms
over each full DejaVu face.

Faces are written as ``datasets/fonts-*.ttf`` with the licence texts in ``datasets/OFL-*.txt``
(the OFL asks for its text to travel with the fonts).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.databuild.npm import NpmPackage, PackedPackage

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

FRAUNCES = NpmPackage("@expo-google-fonts/fraunces", "0.4.1")
FIRA_SANS = NpmPackage("@expo-google-fonts/fira-sans", "0.4.1")
FIRA_SANS_CONDENSED = NpmPackage("@expo-google-fonts/fira-sans-condensed", "0.4.1")
NOTO_SYMBOLS = NpmPackage("@expo-google-fonts/noto-sans-symbols-2", "0.4.1")
FONT_PACKAGES = (FRAUNCES, FIRA_SANS, FIRA_SANS_CONDENSED, NOTO_SYMBOLS)

LICENCE = "SIL Open Font License 1.1"
LICENCE_SPDX = "OFL-1.1"
LICENCE_URL = "https://openfontlicense.org"


@dataclass(frozen=True)
class Face:
    """One face the material prints with: where it comes from and the file it becomes."""

    name: str  # reportlab's name for it, and its PostScript name
    package: NpmPackage
    member: str  # the TrueType file inside the package
    file: str  # the subset written in datasets/
    prime_member: str  # the Fraunces instance whose primes it takes if it has none


def _face(name: str, package: NpmPackage, member: str, prime: str) -> Face:
    return Face(name, package, member, f"fonts-{name}.ttf", prime)


_FRAUNCES_REGULAR = "400Regular/Fraunces_400Regular.ttf"
_FRAUNCES_SEMIBOLD = "600SemiBold/Fraunces_600SemiBold.ttf"

#: The faces, by the name the renderers register them under.
FACES: tuple[Face, ...] = (
    _face("Fraunces-Bold", FRAUNCES, "700Bold/Fraunces_700Bold.ttf", _FRAUNCES_SEMIBOLD),
    _face("FiraSans-Regular", FIRA_SANS, "400Regular/FiraSans_400Regular.ttf", _FRAUNCES_REGULAR),
    _face(
        "FiraSans-Italic",
        FIRA_SANS,
        "400Regular_Italic/FiraSans_400Regular_Italic.ttf",
        _FRAUNCES_REGULAR,
    ),
    _face(
        "FiraSans-SemiBold", FIRA_SANS, "600SemiBold/FiraSans_600SemiBold.ttf", _FRAUNCES_SEMIBOLD
    ),
    _face(
        "FiraSansCondensed-Regular",
        FIRA_SANS_CONDENSED,
        "400Regular/FiraSansCondensed_400Regular.ttf",
        _FRAUNCES_REGULAR,
    ),
    _face(
        "FiraSansCondensed-SemiBold",
        FIRA_SANS_CONDENSED,
        "600SemiBold/FiraSansCondensed_600SemiBold.ttf",
        _FRAUNCES_SEMIBOLD,
    ),
)

#: The licence text of each family, written beside the faces.
LICENCE_FILES: Mapping[str, NpmPackage] = {
    "OFL-Fraunces.txt": FRAUNCES,
    "OFL-FiraSans.txt": FIRA_SANS,
    "OFL-NotoSansSymbols2.txt": NOTO_SYMBOLS,
}

#: The Unicode blocks kept (first, last code point): Latin with its extensions and Vietnamese,
#: the combining accents, Greek and Cyrillic (the place names of the world towns), punctuation,
#: currency and letter-like signs, arrows, mathematical operators (−, ≤), geometric shapes,
#: miscellaneous symbols and dingbats (what the games print of them).
UNICODE_BLOCKS: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),
    (0x00A0, 0x024F),
    (0x02B0, 0x036F),
    (0x0370, 0x03FF),
    (0x0400, 0x04FF),
    (0x1E00, 0x1EFF),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2100, 0x214F),
    (0x2190, 0x21FF),
    (0x2200, 0x22FF),
    (0x25A0, 0x25FF),
    (0x2600, 0x26FF),
    (0x2700, 0x27BF),
)

#: The symbols every face must print; a face without one takes it from Noto Sans Symbols 2
#: (suits, star, checks, triangle) or from Fraunces (the primes of the coordinates).
SYMBOLS = "♠♣♥♦★✓✗✱▲′″"
PRIMES = "′″"
SYMBOLS_MEMBER = "400Regular/NotoSansSymbols2_400Regular.ttf"
#: The narrow no-break space French typography puts before ; : ! ? and %, inside « » and
#: between thousands, as a share of the face's word space, for a face that lacks it.
NARROW_SPACE = "\u202f"
NARROW_SPACE_SHARE = 0.6


def _open(packed: PackedPackage, member: str) -> TTFont:
    from fontTools.ttLib import TTFont

    try:
        return TTFont(io.BytesIO(packed.read(member)), recalcTimestamp=False, lazy=False)
    except UserError:
        raise
    except Exception as exc:  # fontTools raises many kinds on a damaged file
        raise UserError(
            _("{spec}: {member} is not a TrueType font ({error}); check the pinned version").format(
                spec=packed.package.spec, member=member, error=type(exc).__name__
            )
        ) from exc


def _add_glyph(font: TTFont, donor: TTFont, code: int, name: str) -> None:
    """Copy the glyph of ``code`` from ``donor`` into ``font`` as ``name``, scaled to its em."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    source = donor.getBestCmap()[code]
    scale = font["head"].unitsPerEm / donor["head"].unitsPerEm
    glyphs = donor.getGlyphSet()
    outline = DecomposingRecordingPen(glyphs)  # components drawn as their own outlines
    glyphs[source].draw(outline)
    pen = TTGlyphPen(None)
    outline.replay(TransformPen(pen, (scale, 0, 0, scale, 0, 0)))
    glyph = pen.glyph()
    glyph.recalcBounds(font["glyf"])
    advance, _lsb = donor["hmtx"][source]
    font["glyf"][name] = glyph
    font["hmtx"][name] = (round(advance * scale), getattr(glyph, "xMin", 0))
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[code] = name


def add_narrow_space(font: TTFont) -> bool:
    """Give ``font`` an empty glyph for :data:`NARROW_SPACE` if it has none (its width
    :data:`NARROW_SPACE_SHARE` of the word space's); True when added."""
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    cmap = font.getBestCmap()
    if ord(NARROW_SPACE) in cmap or 0x20 not in cmap:
        return False
    name = f"uni{ord(NARROW_SPACE):04X}"
    font.setGlyphOrder([*font.getGlyphOrder(), name])
    font["glyf"][name] = Glyph()  # no outline: a space
    font["hmtx"][name] = (round(font["hmtx"][cmap[0x20]][0] * NARROW_SPACE_SHARE), 0)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[ord(NARROW_SPACE)] = name
    font["maxp"].numGlyphs = len(font.getGlyphOrder())
    return True


def merge_symbols(font: TTFont, symbols: TTFont, primes: TTFont) -> list[str]:
    """Give ``font`` the :data:`SYMBOLS` it lacks; returns the characters added."""
    cmap = font.getBestCmap()
    added = []
    order = list(font.getGlyphOrder())
    for char in SYMBOLS:
        code = ord(char)
        if code in cmap:
            continue
        donor = primes if char in PRIMES else symbols
        if code not in donor.getBestCmap():
            raise UserError(
                _("no pinned font has the symbol {char} (U+{code:04X})").format(
                    char=char, code=code
                )
            )
        name = f"uni{code:04X}"
        order.append(name)
        font.setGlyphOrder(order)
        _add_glyph(font, donor, code, name)
        added.append(char)
    font["maxp"].numGlyphs = len(order)
    return added


def kept_code_points(font: TTFont) -> list[int]:
    """The code points of :data:`UNICODE_BLOCKS` that ``font`` has a glyph for."""
    return sorted(
        code
        for code in font.getBestCmap()
        if any(first <= code <= last for first, last in UNICODE_BLOCKS)
    )


def subset_face(font: TTFont) -> bytes:
    """``font`` cut to :func:`kept_code_points`, without hinting or layout tables."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "DSIG", "STAT", "gasp"]
    options.recalc_timestamp = False
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept_code_points(font))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _check_licence(packed: PackedPackage) -> str:
    text = packed.read("LICENSE_FONT").decode("utf-8")
    if (
        "SIL Open Font License, Version 1.1" not in text
        or "Reserved Font Name" in text.split("This Font Software is licensed", 1)[0]
    ):
        raise UserError(
            _(
                "{spec} is no longer under the SIL Open Font License 1.1 without a Reserved Font "
                "Name; review the licence first"
            ).format(spec=packed.package.spec)
        )
    return text


def build_fonts(packed: Mapping[str, PackedPackage]) -> dict[str, bytes]:
    """The subset faces and their licence texts, by file name."""
    files: dict[str, bytes] = {}
    for name, package in LICENCE_FILES.items():
        files[name] = _check_licence(packed[package.name]).encode("utf-8")
    symbols = _open(packed[NOTO_SYMBOLS.name], SYMBOLS_MEMBER)
    primes: dict[str, Any] = {}
    for face in FACES:
        font = _open(packed[face.package.name], face.member)
        if face.prime_member not in primes:
            primes[face.prime_member] = _open(packed[FRAUNCES.name], face.prime_member)
        merge_symbols(font, symbols, primes[face.prime_member])
        add_narrow_space(font)
        files[face.file] = subset_face(font)
    return files


def face_files() -> Iterable[str]:
    """Every file the font build writes (the set's :data:`~generator.geo.embedded.FONT_FILES`)."""
    return (*(face.file for face in FACES), *LICENCE_FILES)
