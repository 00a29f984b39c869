"""Read a PDF once and collect the facts the preflight rules judge.

The content streams of every page are interpreted with pikepdf's parser (form XObjects, tiling
patterns and Type 3 glyphs included, with their resources and matrices), keeping a graphics
state: the current transformation, fill and stroke colours with their colour spaces, line
width, the text state (font, size, text matrix, rendering mode). Each painting operator becomes
a :class:`Mark` (what was painted, in which colour, how thick or how large); identical marks on
one page are kept once, with the first place they occur. Everything else (boxes, fonts, output
intents, metadata, viewer preferences, transparency) is read from the objects themselves.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, overload

from generator.core.errors import UserError
from generator.core.i18n import N_, _
from generator.core.i18n import number as numeral

if TYPE_CHECKING:  # pikepdf is imported where a PDF is read
    from pikepdf import ContentStreamInlineImage, Object, Page, Pdf

MM_PER_PT = 25.4 / 72
#: Spot colours that drive a cutter rather than print: their "ink" is not ink.
CUT_SPOTS = frozenset(
    {"cutcontour", "cut", "cutline", "die", "dieline", "diecut", "die cut", "thru-cut", "kiss-cut"}
)
#: PDF version in which a key or feature first appeared (for the version rule).
VIEWER_PREFERENCE_VERSIONS = {
    "/PrintScaling": "1.6",
    "/Duplex": "1.7",
    "/PickTrayByPDFSize": "1.7",
    "/PrintPageRange": "1.7",
    "/NumCopies": "1.7",
}
_SUBSET = re.compile(r"^([A-Z]{6})\+")
_MAX_DEPTH = 12
_MAX_MARKS_PER_PAGE = 20000


@dataclass(frozen=True)
class Colour:
    """A colour as painted: its colour space (named as a preflight report names it), the
    family that matters to a print shop, and its component values."""

    space: str  # DeviceCMYK, DeviceGray, DeviceRGB, ICCBased RGB, Separation CutContour, ...
    family: str  # cmyk | gray | rgb | spot | lab | pattern | other
    values: tuple[float, ...] = ()
    #: For a spot colour or DeviceN: the colorant names, in the order of ``values``.
    colorants: tuple[str, ...] = ()

    @property
    def technical(self) -> bool:
        """A cutting spot colour (die line): not printed artwork."""
        return self.family == "spot" and all(name.lower() in CUT_SPOTS for name in self.colorants)

    @property
    def cmyk(self) -> tuple[float, float, float, float] | None:
        """The process inks (fractions), for DeviceCMYK, CMYK ICC, and grey (black only)."""
        if self.family == "cmyk" and len(self.values) == 4:
            c, m, y, k = self.values
            return (c, m, y, k)
        if self.family == "gray" and len(self.values) == 1:
            return (0.0, 0.0, 0.0, 1.0 - self.values[0])
        return None

    @property
    def ink(self) -> float | None:
        """Total ink in percent, or None where it cannot be known (RGB, Lab, patterns)."""
        process = self.cmyk
        if process is not None:
            return 100 * sum(max(0.0, min(1.0, v)) for v in process)
        if self.family == "spot":
            total = 0.0
            for name, tint in zip(self.colorants, self.values, strict=False):
                tint = max(0.0, min(1.0, tint))
                if name == "All":
                    total += 400 * tint
                elif name != "None" and name.lower() not in CUT_SPOTS:
                    total += 100 * tint
            return total
        return None

    def describe(self) -> str:
        values = self.values
        if self.family == "cmyk" and len(values) == 4:
            return "C{:.0f} M{:.0f} Y{:.0f} K{:.0f}".format(*(100 * v for v in values))
        if self.family == "gray" and values:
            return _("K{value} (grey)").format(value=f"{100 * (1 - values[0]):.0f}")
        if self.family == "rgb" and len(values) == 3:
            return "RGB {:.2f} {:.2f} {:.2f}".format(*values)
        if self.family == "spot":
            return " ".join(
                f"{n} {100 * v:.0f} %" for n, v in zip(self.colorants, values, strict=False)
            )
        return self.space


BLACK = Colour("DeviceGray", "gray", (0.0,))


@dataclass(frozen=True)
class Mark:
    """One kind of thing painted on a page: a fill, a stroke, text, an image or a shading."""

    page: int  # 1-based
    kind: str  # fill | stroke | text | image | shading
    colour: Colour
    size: float = 0.0  # stroke: line width (pt); text: effective font size (pt)
    font: str = ""
    sample: str = ""  # the first text shown in this font, size and colour
    x: float = 0.0  # mm from the page's lower-left corner, first occurrence
    y: float = 0.0
    ink: float | None = None  # images: the highest total ink of any pixel

    def where(self) -> str:
        kinds = {
            "text": _("text"),
            "preview-text": _("preview text"),
            "stroke": _("stroke"),
            "fill": _("fill"),
            "image": _("image"),
            "shading": _("shading"),
        }
        what = kinds.get(self.kind, self.kind)
        if self.kind == "text" and self.sample:
            what = _("text {sample!r}").format(sample=self.sample)
        return _("page {page}, {what} at ({x}, {y}) mm").format(
            page=self.page,
            what=what,
            x=numeral(self.x, decimals=1),
            y=numeral(self.y, decimals=1),
        )


@dataclass(frozen=True)
class FontInfo:
    name: str  # BaseFont without the slash
    subtype: str
    embedded: bool
    subset_tag: str | None
    program: tuple[int, int] | None  # the embedded font program's object, to tell subsets apart
    first_page: int


@dataclass(frozen=True)
class PageBoxes:
    page: int
    media: tuple[float, float, float, float]
    trim: tuple[float, float, float, float] | None
    bleed: tuple[float, float, float, float] | None
    art: tuple[float, float, float, float] | None
    crop: tuple[float, float, float, float] | None


@dataclass
class Scan:
    path: str
    header_version: str
    catalog_version: str | None
    has_id: bool
    info: dict[str, str]
    xmp: dict[str, str]
    output_intents: list[dict[str, Any]]
    viewer_preferences: dict[str, str]
    pages: list[PageBoxes]
    marks: list[Mark] = field(default_factory=list)
    fonts: list[FontInfo] = field(default_factory=list)
    transparency: list[str] = field(default_factory=list)  # where, one line each
    features: dict[str, str] = field(default_factory=dict)  # feature → PDF version it needs

    @property
    def version(self) -> str:
        versions = [self.header_version] + ([self.catalog_version] if self.catalog_version else [])
        return max(versions, key=_version_key)


def _version_key(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split("."))
    except ValueError:
        return (0,)


# ------------------------------------------------------------------ matrices

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF row-vector convention: the result is m × n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


class _Numbers(Protocol):
    """Six numbers or more: an operator's operands, a /Matrix array or a Python tuple."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: slice) -> Iterable[Any]: ...


class _Operands(Protocol):
    """An operator's operands as pikepdf gives them (a list of PDF objects)."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Object]: ...
    @overload
    def __getitem__(self, index: slice, /) -> Iterable[Object]: ...
    @overload
    def __getitem__(self, index: int, /) -> Object: ...


def _matrix(numbers: _Numbers) -> Matrix:
    if len(numbers) < 6:
        return IDENTITY
    a, b, c, d, e, f = (float(v) for v in numbers[:6])
    return (a, b, c, d, e, f)


def _scale(m: Matrix) -> float:
    """The matrix's mean linear scale (square root of the area factor)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


# ------------------------------------------------------------------ colour spaces


@dataclass(frozen=True)
class Space:
    name: str
    family: str
    components: int
    colorants: tuple[str, ...] = ()
    lookup: tuple[Space, bytes, int] | None = None  # Indexed: base space, table, hival

    def initial(self) -> tuple[float, ...]:
        if self.family == "cmyk" and self.components == 4:
            return (0.0, 0.0, 0.0, 1.0)
        if self.family == "spot":
            return (1.0,) * self.components
        return (0.0,) * self.components

    def colour(self, values: tuple[float, ...]) -> Colour:
        if self.lookup is not None:
            base, table, hival = self.lookup
            index = int(max(0, min(hival, round(values[0] if values else 0))))
            n = base.components
            raw = table[index * n : index * n + n]
            if len(raw) == n:
                return base.colour(tuple(v / 255 for v in raw))
            return Colour(self.name, "other", values)
        return Colour(self.name, self.family, values, self.colorants)


_DEVICE = {
    "/DeviceGray": Space("DeviceGray", "gray", 1),
    "/G": Space("DeviceGray", "gray", 1),
    "/DeviceRGB": Space("DeviceRGB", "rgb", 3),
    "/RGB": Space("DeviceRGB", "rgb", 3),
    "/DeviceCMYK": Space("DeviceCMYK", "cmyk", 4),
    "/CMYK": Space("DeviceCMYK", "cmyk", 4),
    "/Pattern": Space("Pattern", "pattern", 0),
}
_ICC_FAMILY = {
    1: ("gray", "ICCBased Gray"),
    3: ("rgb", "ICCBased RGB"),
    4: ("cmyk", "ICCBased CMYK"),
}


def _resource(resources: Object | None, category: str, name: str) -> Object | None:
    """The resource ``name`` of ``category`` (``/Font``, ``/XObject``…), None if absent."""
    if not resources:
        return None
    named = resources.get(category)
    return None if named is None else named.get(name)


def _name(obj: Object) -> str:
    return str(obj)


def _space(obj: Object, resources: Object | None, depth: int = 0) -> Space:
    """The colour space ``obj`` (a name or an array) means, resolved in ``resources``."""
    import pikepdf

    if depth > 4:
        return Space("unknown", "other", 1)
    if isinstance(obj, pikepdf.Name):
        key = str(obj)
        if key in _DEVICE:
            return _DEVICE[key]
        named = _resource(resources, "/ColorSpace", key)
        if named is None:
            return Space(key.lstrip("/"), "other", 1)
        return _space(named, resources, depth + 1)
    if isinstance(obj, pikepdf.Array) and len(obj) > 0:
        return _array_space(obj, resources, depth)
    return Space("unknown", "other", 1)


def _array_space(obj: Object, resources: Object | None, depth: int) -> Space:
    """The colour space of a non-empty array ``[/Family parameters…]``."""
    import pikepdf

    kind = str(obj[0])
    if kind in _DEVICE and len(obj) == 1:
        return _DEVICE[kind]
    if kind == "/ICCBased" and len(obj) > 1:
        n = int(obj[1].get("/N", 0))
        family, label = _ICC_FAMILY.get(n, ("other", f"ICCBased N={n}"))
        return Space(label, family, n)
    if kind in _CIE_SPACES:
        return _CIE_SPACES[kind]
    if kind in ("/Separation", "/DeviceN") and len(obj) > 1:
        return _spot_space(kind, obj[1])
    if kind == "/Indexed" and len(obj) > 3:
        base = _space(obj[1], resources, depth + 1)
        table = obj[3]
        data = table.read_bytes() if isinstance(table, pikepdf.Stream) else bytes(table)
        return Space(
            f"Indexed {base.name}", base.family, 1, base.colorants, (base, data, int(obj[2]))
        )
    if kind == "/Pattern":
        return Space("Pattern", "pattern", 0)
    return Space("unknown", "other", 1)


_CIE_SPACES = {
    "/CalRGB": Space("CalRGB", "rgb", 3),
    "/CalGray": Space("CalGray", "gray", 1),
    "/Lab": Space("Lab", "lab", 3),
}
_PROCESS_COLORANTS = frozenset({"Cyan", "Magenta", "Yellow", "Black"})


def _spot_space(kind: str, colorants: Object) -> Space:
    """A /Separation (``colorants``: one name) or /DeviceN (an array of names) space: a spot
    colour, or process inks when DeviceN names only Cyan, Magenta, Yellow and Black."""
    if kind == "/Separation":
        name = _name(colorants).lstrip("/")
        if name == "All":
            return Space("Separation All", "spot", 1, ("All",))
        return Space(f"Separation {name}", "spot", 1, (name,))
    names = tuple(_name(n).lstrip("/") for n in colorants)
    if set(names) <= _PROCESS_COLORANTS:
        return Space(
            f"DeviceN {'/'.join(names)}",
            "cmyk" if len(names) == 4 else "spot",
            len(names),
            names,
        )
    return Space(f"DeviceN {'/'.join(names)}", "spot", len(names), names)


# ------------------------------------------------------------------ fonts and text


def _parse_to_unicode(data: bytes) -> dict[int, str]:
    """Character code → text, from a ToUnicode CMap's bfchar and bfrange sections."""
    table: dict[int, str] = {}
    text = data.decode("latin-1")

    def hex_text(h: str) -> str:
        raw = bytes.fromhex(h)
        try:
            return raw.decode("utf-16-be")
        except UnicodeDecodeError:
            return ""

    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            table[int(src, 16)] = hex_text(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, dst in re.findall(
            r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block
        ):
            start = int(dst, 16)
            for offset, code in enumerate(
                range(int(lo, 16), min(int(hi, 16), int(lo, 16) + 1024) + 1)
            ):
                table[code] = chr(start + offset) if start + offset < 0x110000 else ""
    return table


@dataclass
class _Font:
    name: str
    two_byte: bool
    to_unicode: dict[int, str]

    def decode(self, raw: bytes) -> str:
        if self.two_byte:
            codes = [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw) - 1, 2)]
        else:
            codes = list(raw)
        if self.to_unicode:
            return "".join(self.to_unicode.get(code, "") for code in codes)
        return raw.decode("latin-1") if not self.two_byte else ""


def _font_info(font: Object, page: int) -> FontInfo:
    subtype = str(font.get("/Subtype", ""))
    name = str(font.get("/BaseFont", font.get("/Name", "?"))).lstrip("/")
    descriptor = font.get("/FontDescriptor")
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if descendants is not None and len(descendants) > 0:
            descriptor = descendants[0].get("/FontDescriptor")
    program = None
    if descriptor is not None:
        for key in ("/FontFile", "/FontFile2", "/FontFile3"):
            if key in descriptor:
                program = descriptor[key].objgen
                break
    embedded = subtype == "/Type3" or program is not None
    match = _SUBSET.match(name)
    return FontInfo(
        name, subtype.lstrip("/"), embedded, match.group(1) if match else None, program, page
    )


# ------------------------------------------------------------------ the interpreter


@dataclass
class _GState:
    ctm: Matrix = IDENTITY
    fill_space: Space = _DEVICE["/DeviceGray"]
    stroke_space: Space = _DEVICE["/DeviceGray"]
    fill: Colour = BLACK
    stroke: Colour = BLACK
    line_width: float = 1.0
    font: str = ""
    font_size: float = 0.0
    render_mode: int = 0
    leading: float = 0.0
    horizontal_scale: float = 100.0
    rise: float = 0.0

    def copy(self) -> _GState:
        return _GState(**self.__dict__)


class _Interpreter:
    def __init__(self, scan: Scan) -> None:
        self.scan = scan
        self.fonts_seen: dict[tuple[int, int], FontInfo] = {}
        self.font_cache: dict[tuple[int, int], _Font] = {}
        self.marks: dict[tuple[object, ...], Mark] = {}
        self.page_marks = 0
        #: the form XObjects being drawn (object, linear scale of the placement)
        self.forms: list[tuple[tuple[int, int], float]] = []
        self.form_scales: dict[tuple[int, int], float] = {}  # the largest placement of each
        self.in_form: dict[tuple[object, ...], tuple[tuple[int, int], float]] = {}

    # -- resources

    def note_fonts(self, resources: Object | None, page: int) -> None:
        if resources is None:
            return
        for font in resources.get("/Font", {}).values():
            key = font.objgen if font.objgen != (0, 0) else (id(font), 0)
            if key not in self.fonts_seen:
                self.fonts_seen[key] = _font_info(font, page)

    def text_font(self, resources: Object | None, name: str) -> _Font | None:
        font = _resource(resources, "/Font", name)
        if font is None:
            return None
        key = font.objgen if font.objgen != (0, 0) else (id(font), 0)
        cached = self.font_cache.get(key)
        if cached is None:
            table: dict[int, str] = {}
            if "/ToUnicode" in font:
                try:
                    table = _parse_to_unicode(font.ToUnicode.read_bytes())
                except Exception:  # a broken CMap only costs the sample text
                    table = {}
            cached = _Font(
                str(font.get("/BaseFont", name)).lstrip("/"),
                str(font.get("/Subtype", "")) == "/Type0",
                table,
            )
            self.font_cache[key] = cached
        return cached

    def note_transparency(self, what: str) -> None:
        if what not in self.scan.transparency:
            self.scan.transparency.append(what)
        self.scan.features.setdefault("transparency", "1.4")

    def ext_gstate(self, state: _GState, gs: Object | None, page: int, name: str) -> None:
        if gs is None:
            return
        for key in ("/ca", "/CA"):
            if key in gs and float(gs[key]) < 1.0:
                self.note_transparency(
                    f"page {page}: graphics state {name} sets {key} {float(gs[key]):g}"
                )
        if "/SMask" in gs and str(gs.SMask) != "/None":
            self.note_transparency(f"page {page}: graphics state {name} has a soft mask")
        if "/BM" in gs:
            modes = gs.BM if hasattr(gs.BM, "__iter__") and not isinstance(gs.BM, str) else [gs.BM]
            try:
                names = [str(m) for m in modes]
            except TypeError:
                names = [str(gs.BM)]
            if any(m not in ("/Normal", "/Compatible") for m in names):
                self.note_transparency(f"page {page}: graphics state {name} blends with {names[0]}")
        if "/LW" in gs:
            state.line_width = float(gs.LW)

    # -- marks

    def mark(
        self,
        page: int,
        kind: str,
        colour: Colour,
        state: _GState,
        size: float = 0.0,
        font: str = "",
        sample: str = "",
        point: tuple[float, float] | None = None,
        ink: float | None = None,
    ) -> None:
        key: tuple[object, ...] = (page, kind, colour, round(size, 2), font, ink)
        if kind == "text" and self.forms:
            key = (*key, self.forms[-1])
            self.in_form[key] = self.forms[-1]
        if key in self.marks or self.page_marks > _MAX_MARKS_PER_PAGE:
            return
        self.page_marks += 1
        x, y = point if point is not None else (state.ctm[4], state.ctm[5])
        self.marks[key] = Mark(
            page, kind, colour, size, font, sample[:40], x * MM_PER_PT, y * MM_PER_PT, ink
        )

    # -- content

    def run(
        self,
        stream: Object | Page,
        resources: Object | None,
        state: _GState,
        page: int,
        depth: int = 0,
    ) -> None:
        import pikepdf

        if depth > _MAX_DEPTH:
            return
        self.note_fonts(resources, page)
        try:
            instructions = pikepdf.parse_content_stream(stream)
        except pikepdf.PdfError:
            return
        stack: list[_GState] = []
        tm = tlm = IDENTITY
        for instruction in instructions:
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                self.inline_image(instruction, resources, state, page)
                continue
            operands, operator = instruction.operands, str(instruction.operator)
            if operator in _PATH_OPS:
                continue
            if operator == "q":
                stack.append(state.copy())
            elif operator == "Q":
                if stack:
                    state = stack.pop()
            elif operator in _TEXT_OPS:
                tm, tlm = self.text(operator, operands, resources, state, tm, tlm, page)
            elif operator in _PAINT_OPS:
                self.paint(operator, operands, resources, state, page, depth)
            else:
                self.set_state(operator, operands, resources, state, page, depth)

    def set_state(
        self,
        operator: str,
        operands: _Operands,
        resources: Object | None,
        state: _GState,
        page: int,
        depth: int,
    ) -> None:
        """A graphics-state operator: the matrix, the line width, a colour or a named state
        (``gs``); an operator this reader does not know changes nothing."""
        if operator == "cm":
            state.ctm = _mul(_matrix(operands), state.ctm)
        elif operator in ("g", "G", "rg", "RG", "k", "K"):
            self.set_device_colour(state, operator, operands)
        elif operator in ("sc", "scn", "SC", "SCN"):
            self.set_colour(state, operator, operands, resources, page, depth)
        elif not operands:
            return
        elif operator == "w":
            state.line_width = float(operands[0])
        elif operator in ("cs", "CS"):
            space = _space(operands[0], resources)
            colour = space.colour(space.initial())
            if operator == "cs":
                state.fill_space, state.fill = space, colour
            else:
                state.stroke_space, state.stroke = space, colour
        elif operator == "gs":
            name = str(operands[0])
            self.ext_gstate(state, _resource(resources, "/ExtGState", name), page, name)

    def paint(
        self,
        operator: str,
        operands: _Operands,
        resources: Object | None,
        state: _GState,
        page: int,
        depth: int,
    ) -> None:
        """A painting operator: a path filled or stroked, a shading, an XObject drawn."""
        if operator in ("f", "F", "f*"):
            self.mark(page, "fill", state.fill, state)
        elif operator in ("B", "B*", "b", "b*"):
            self.mark(page, "fill", state.fill, state)
            self.mark(page, "stroke", state.stroke, state, state.line_width * _scale(state.ctm))
        elif operator in ("S", "s"):
            self.mark(page, "stroke", state.stroke, state, state.line_width * _scale(state.ctm))
        elif not operands:
            return
        elif operator == "sh":
            shading = _resource(resources, "/Shading", str(operands[0]))
            if shading is not None and "/ColorSpace" in shading:
                space = _space(shading.ColorSpace, resources)
                colour = Colour(space.name, space.family, (), space.colorants)
                self.mark(page, "shading", colour, state)
        elif operator == "Do":
            self.xobject(str(operands[0]), resources, state, page, depth)

    def text(
        self,
        operator: str,
        operands: _Operands,
        resources: Object | None,
        state: _GState,
        tm: Matrix,
        tlm: Matrix,
        page: int,
    ) -> tuple[Matrix, Matrix]:
        """A text operator: the text state set, text shown; the text matrix and the text line
        matrix after it (``tm``, ``tlm`` before)."""
        if operator == "BT":
            return IDENTITY, IDENTITY
        if operator == "Tm":
            tm = tlm = _matrix(operands)
        elif operator in ("Td", "TD"):
            if len(operands) >= 2:
                tx, ty = float(operands[0]), float(operands[1])
                if operator == "TD":
                    state.leading = -ty
                tm = tlm = _mul((1.0, 0.0, 0.0, 1.0, tx, ty), tlm)
        elif operator in ("T*", "'", '"'):  # to the next line (and show, for ' and ")
            tm = tlm = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -state.leading), tlm)
        if operator in ("Tj", "TJ", "'", '"'):
            self.show_text(operands, resources, state, tm, page)
        else:
            _set_text_state(state, operator, operands)
        return tm, tlm

    def set_device_colour(self, state: _GState, operator: str, operands: _Operands) -> None:
        space = {"g": "/DeviceGray", "rg": "/DeviceRGB", "k": "/DeviceCMYK"}[operator.lower()]
        values = tuple(float(v) for v in operands)
        colour = _DEVICE[space].colour(values)
        if operator.islower():
            state.fill_space, state.fill = _DEVICE[space], colour
        else:
            state.stroke_space, state.stroke = _DEVICE[space], colour

    def set_colour(
        self,
        state: _GState,
        operator: str,
        operands: _Operands,
        resources: Object | None,
        page: int,
        depth: int,
    ) -> None:
        import pikepdf

        fill = operator in ("sc", "scn")
        space = state.fill_space if fill else state.stroke_space
        if operands and isinstance(operands[-1], pikepdf.Name):
            pattern_name = str(operands[-1])
            colour = Colour("Pattern", "pattern", (), ())
            pattern = _resource(resources, "/Pattern", pattern_name)
            if pattern is not None:
                self.pattern(pattern, resources, state, page, depth)
        else:
            colour = space.colour(tuple(float(v) for v in operands))
        if fill:
            state.fill = colour
        else:
            state.stroke = colour

    def pattern(
        self, pattern: Object, resources: Object | None, state: _GState, page: int, depth: int
    ) -> None:
        pattern_type = int(pattern.get("/PatternType", 0))
        if pattern_type == 1:
            inner = _GState(ctm=_mul(_matrix(pattern.get("/Matrix", IDENTITY)), state.ctm))
            self.run(pattern, pattern.get("/Resources"), inner, page, depth + 1)
        elif pattern_type == 2 and "/Shading" in pattern:
            shading = pattern.Shading
            if "/ColorSpace" in shading:
                space = _space(shading.ColorSpace, resources)
                self.mark(
                    page, "shading", Colour(space.name, space.family, (), space.colorants), state
                )
        if "/ExtGState" in pattern:
            self.ext_gstate(state, pattern.ExtGState, page, "of a pattern")

    def show_text(
        self, operands: _Operands, resources: Object | None, state: _GState, tm: Matrix, page: int
    ) -> None:
        import pikepdf

        if state.render_mode in (3, 7):
            return
        font = self.text_font(resources, state.font)
        raw = b""
        if operands:
            last = operands[-1]
            if isinstance(last, pikepdf.Array):
                raw = b"".join(bytes(item) for item in last if isinstance(item, pikepdf.String))
            elif isinstance(last, pikepdf.String):
                raw = bytes(last)
        sample = font.decode(raw) if font is not None else ""
        if not sample.strip():
            return
        matrix = _mul(tm, state.ctm)
        size = abs(state.font_size) * math.hypot(matrix[2], matrix[3])
        point = (matrix[4], matrix[5])
        name = font.name if font is not None else state.font
        if state.render_mode in (0, 2, 4, 6):
            self.mark(page, "text", state.fill, state, size, name, sample.strip(), point)
        if state.render_mode in (1, 2, 5, 6):
            self.mark(page, "text", state.stroke, state, size, name, sample.strip(), point)

    def xobject(
        self, name: str, resources: Object | None, state: _GState, page: int, depth: int
    ) -> None:
        xobject = _resource(resources, "/XObject", name)
        if xobject is None:
            return
        subtype = str(xobject.get("/Subtype", ""))
        if subtype == "/Form":
            group = xobject.get("/Group")
            if group is not None and str(group.get("/S", "")) == "/Transparency":
                self.note_transparency(f"page {page}: form {name} is a transparency group")
            inner = state.copy()
            inner.ctm = _mul(_matrix(xobject.get("/Matrix", IDENTITY)), state.ctm)
            scale = _scale(inner.ctm)
            key = xobject.objgen
            self.form_scales[key] = max(self.form_scales.get(key, 0.0), scale)
            self.forms.append((key, scale))
            try:
                self.run(xobject, xobject.get("/Resources", resources), inner, page, depth + 1)
            finally:
                self.forms.pop()
        elif subtype == "/Image":
            self.image(xobject, name, resources, state, page)

    def image(
        self, image: Object, name: str, resources: Object | None, state: _GState, page: int
    ) -> None:
        if "/SMask" in image or int(image.get("/SMaskInData", 0)):
            self.note_transparency(f"page {page}: image {name} has a soft mask")
        if bool(image.get("/ImageMask", False)):
            self.mark(page, "fill", state.fill, state)
            return
        if "/ColorSpace" not in image:
            return
        space = _space(image.ColorSpace, resources)
        ink = _image_ink(image) if space.family == "cmyk" else None
        self.mark(
            page, "image", Colour(space.name, space.family, (), space.colorants), state, ink=ink
        )

    def inline_image(
        self,
        instruction: ContentStreamInlineImage,
        resources: Object | None,
        state: _GState,
        page: int,
    ) -> None:
        import pikepdf

        try:
            image = instruction.iimage.obj
        except (AttributeError, pikepdf.PdfError):
            return
        for key in ("/CS", "/ColorSpace"):
            if key in image:
                space = _space(image[key], resources)
                self.mark(
                    page, "image", Colour(space.name, space.family, (), space.colorants), state
                )
                return


_TEXT_OPS = frozenset(
    {"BT", "Tf", "Tm", "Td", "TD", "TL", "Tz", "Tr", "Ts", "T*", "Tj", "TJ", "'", '"'}
)
_PAINT_OPS = frozenset({"f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "sh", "Do"})


def _set_text_state(state: _GState, operator: str, operands: _Operands) -> None:
    """The text state operators: font and size, leading, horizontal scale, rendering mode, rise
    (any other operator changes nothing)."""
    if operator == "Tf" and len(operands) >= 2:
        state.font, state.font_size = str(operands[0]), float(operands[1])
    elif not operands:
        return
    elif operator == "TL":
        state.leading = float(operands[0])
    elif operator == "Tz":
        state.horizontal_scale = float(operands[0])
    elif operator == "Tr":
        state.render_mode = int(operands[0])
    elif operator == "Ts":
        state.rise = float(operands[0])


_PATH_OPS = frozenset(
    {
        "m",
        "l",
        "c",
        "v",
        "y",
        "h",
        "re",
        "n",
        "W",
        "W*",
        "d",
        "j",
        "J",
        "M",
        "i",
        "ri",
        "BX",
        "EX",
        "MP",
        "DP",
        "BMC",
        "BDC",
        "EMC",
        "Tc",
        "Tw",
        "ET",
        "d0",
        "d1",
    }
)


def _image_ink(image: Object) -> float | None:
    """The highest total ink (%) of any pixel of a DeviceCMYK image, or None if undecodable."""
    import pikepdf

    if not isinstance(image, pikepdf.Stream):
        return None
    try:
        pil = pikepdf.PdfImage(image).as_pil_image()
    except Exception:  # an image pikepdf cannot decode is reported by its colour space only
        return None
    if pil.mode != "CMYK":
        return None
    data = pil.tobytes()
    best = 0
    for i in range(0, len(data), 4):
        total = data[i] + data[i + 1] + data[i + 2] + data[i + 3]
        if total > best:
            best = total
    return 100 * best / 255


# ------------------------------------------------------------------ the document


def _box(page: Page, key: str) -> tuple[float, float, float, float] | None:
    value = page.obj.get(key)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _xmp(pdf: Pdf) -> dict[str, str]:
    """The XMP packet's simple properties as ``prefix:Name`` → text."""
    from xml.etree import ElementTree

    metadata = pdf.Root.get("/Metadata")
    if metadata is None:
        return {}
    try:
        root = ElementTree.fromstring(metadata.read_bytes().strip(b"\x00 \r\n\t"))
    except ElementTree.ParseError:
        return {"_invalid": "true"}
    prefixes = {
        "http://www.npes.org/pdfx/ns/id/": "pdfxid",
        "http://ns.adobe.com/pdfx/1.3/": "pdfx",
        "http://ns.adobe.com/pdf/1.3/": "pdf",
        "http://ns.adobe.com/xap/1.0/": "xmp",
        "http://ns.adobe.com/xap/1.0/mm/": "xmpMM",
        "http://purl.org/dc/elements/1.1/": "dc",
    }
    rdf = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
    found: dict[str, str] = {}
    for description in root.iter(f"{rdf}Description"):
        for key, value in description.attrib.items():
            if key.startswith("{"):
                ns, local = key[1:].split("}", 1)
                if ns in prefixes:
                    found[f"{prefixes[ns]}:{local}"] = value
        for child in description:
            if not child.tag.startswith("{"):
                continue
            ns, local = child.tag[1:].split("}", 1)
            if ns not in prefixes:
                continue
            text = (child.text or "").strip()
            if not text:
                items = [li.text or "" for li in child.iter(f"{rdf}li")]
                text = items[0] if items else ""
            found[f"{prefixes[ns]}:{local}"] = text
    return found


def _output_intents(pdf: Pdf) -> list[dict[str, Any]]:
    intents = []
    for intent in pdf.Root.get("/OutputIntents", []):
        entry: dict[str, Any] = {
            "S": str(intent.get("/S", "")),
            "OutputConditionIdentifier": str(intent.get("/OutputConditionIdentifier", "")),
            "RegistryName": str(intent.get("/RegistryName", "")),
            "Info": str(intent.get("/Info", "")),
            "profile": None,
        }
        profile = intent.get("/DestOutputProfile")
        if profile is not None:
            try:
                header = profile.read_bytes()[:128]
            except Exception:
                header = b""
            entry["profile"] = {
                "N": int(profile.get("/N", 0)),
                "class": header[12:16].decode("latin-1") if len(header) >= 20 else "",
                "space": header[16:20].decode("latin-1").strip() if len(header) >= 20 else "",
                "valid": header[36:40] == b"acsp",
            }
        intents.append(entry)
    return intents


#: The largest file preflight reads (a print-ready deck is a few MiB; a big poster some tens).
MAX_PDF_BYTES = 1 << 30


def scan_pdf(path: str | Path) -> Scan:
    """Read ``path`` and interpret every page; a file that is not a readable, unencrypted PDF
    is a UserError (exit code 2). The file is read once, as a regular file of bounded size
    (:func:`generator.core.inputs.read_input`: never a FIFO or a device), then parsed from
    memory."""
    import io

    import pikepdf

    from generator.core.inputs import read_input

    file = Path(path)
    data = read_input(file, N_("PDF"), MAX_PDF_BYTES)
    if b"%PDF-" not in data[:1024]:
        raise UserError(
            _("{file} is not a PDF (no %PDF- header); give a PDF file").format(file=file)
        )
    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except pikepdf.PasswordError:
        raise UserError(
            _("{file} is encrypted; preflight needs an unencrypted PDF").format(file=file)
        ) from None
    except (pikepdf.PdfError, OSError, ValueError, RecursionError) as exc:
        raise UserError(
            _("{file} cannot be read as a PDF ({first_line}); export it again").format(
                file=file, first_line=_first_line(exc)
            )
        ) from None
    with pdf:
        if pdf.is_encrypted:
            raise UserError(
                _("{file} is encrypted; print shops refuse encrypted PDFs: save it without").format(
                    file=file
                )
            )
        try:
            return _scan(pdf, str(file))
        except (pikepdf.PdfError, ValueError, RecursionError, KeyError, TypeError) as exc:
            # a damaged or hostile file (broken object, endless nesting): one line, exit 2
            raise UserError(
                _("{file} is a damaged PDF ({first_line}); export it again").format(
                    file=file, first_line=_first_line(exc)
                )
            ) from None


def _first_line(exc: BaseException) -> str:
    """The error's first line, without qpdf's name for the in-memory stream (an address)."""
    import re

    text = re.sub(r"stream <[^>]*>:?\s*", "", str(exc)).strip()
    first = text.splitlines()[0] if text else type(exc).__name__
    return first[:200]


def _scan(pdf: Pdf, path: str) -> Scan:
    import pikepdf

    info = {}
    try:
        for key, value in pdf.docinfo.items():
            info[str(key).lstrip("/")] = str(value)
    except (pikepdf.PdfError, AttributeError):
        info = {}
    prefs: dict[str, str] = {}
    viewer = pdf.Root.get("/ViewerPreferences")
    if isinstance(viewer, pikepdf.Dictionary):
        prefs = {str(k): str(v) for k, v in viewer.items()}
    catalog_version = pdf.Root.get("/Version")
    scan = Scan(
        path=path,
        header_version=str(pdf.pdf_version),
        catalog_version=str(catalog_version).lstrip("/") if catalog_version is not None else None,
        has_id="/ID" in pdf.trailer,
        info=info,
        xmp=_xmp(pdf),
        output_intents=_output_intents(pdf),
        viewer_preferences=prefs,
        pages=[],
    )
    for key in prefs:
        if key in VIEWER_PREFERENCE_VERSIONS:
            scan.features[f"ViewerPreferences {key}"] = VIEWER_PREFERENCE_VERSIONS[key]
    if "/OutputIntents" in pdf.Root:
        scan.features["OutputIntents"] = "1.4"
    if "/OCProperties" in pdf.Root:
        scan.features["optional content"] = "1.5"
    interpreter = _Interpreter(scan)
    for number, page in enumerate(pdf.pages, start=1):
        scan.pages.append(
            PageBoxes(
                number,
                _box(page, "/MediaBox") or (0.0, 0.0, 0.0, 0.0),
                _box(page, "/TrimBox"),
                _box(page, "/BleedBox"),
                _box(page, "/ArtBox"),
                _box(page, "/CropBox"),
            )
        )
        group = page.obj.get("/Group")
        if group is not None and str(group.get("/S", "")) == "/Transparency":
            interpreter.note_transparency(f"page {number}: the page is a transparency group")
        interpreter.page_marks = 0
        resources = page.obj.get("/Resources")
        interpreter.run(page, resources, _GState(), number)
    # Text in a form drawn elsewhere at least twice as large is a reduced preview of it (the
    # poster's plan shows the poster): it is not reading text, the full-size placement is.
    marks = []
    for mark_key, mark in interpreter.marks.items():
        placed = interpreter.in_form.get(mark_key)
        if placed is not None and placed[1] < 0.5 * interpreter.form_scales[placed[0]]:
            mark = Mark(
                mark.page,
                "preview-text",
                mark.colour,
                mark.size,
                mark.font,
                mark.sample,
                mark.x,
                mark.y,
                mark.ink,
            )
        marks.append(mark)
    scan.marks = marks
    scan.fonts = list(interpreter.fonts_seen.values())
    return scan
