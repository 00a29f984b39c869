"""Where a PDF page draws its form XObjects, read back from the content stream with pikepdf
(qpdf parses a sheet's stream in milliseconds; pypdf took a tenth of a second a page).

The content stream is replayed with the graphics-state stack (``q``/``Q``) and every ``cm``;
each ``Do`` of a form gives the form's name and its ``/BBox`` carried to page coordinates by the
current matrix (millimetres, origin at the page's lower-left corner).
"""

from __future__ import annotations

from dataclasses import dataclass

import pikepdf

from generator.render.units import to_mm


@dataclass(frozen=True)
class FormUse:
    name: str  # the XObject's resource name without the slash, e.g. "FormXob.Picture-tree"
    x0: float
    y0: float
    x1: float
    y1: float

    def inside(self, x: float, y: float, right: float, top: float, tolerance: float = 0.05) -> bool:
        return (
            self.x0 >= x - tolerance
            and self.y0 >= y - tolerance
            and self.x1 <= right + tolerance
            and self.y1 <= top + tolerance
        )


def _multiply(a: list[float], b: list[float]) -> list[float]:
    """a then b (PDF matrices [a b c d e f], row vectors)."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def form_uses(page: pikepdf.Page, nested: bool = True) -> list[FormUse]:
    """Every form the page draws, in drawing order; with ``nested``, forms drawn inside forms
    too (their matrices composed)."""
    uses: list[FormUse] = []
    _replay(page, page.resources, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], uses, nested, {})
    return uses


def _replay(
    contents: pikepdf.Page | pikepdf.Object,
    resources: pikepdf.Object | None,
    matrix: list[float],
    uses: list[FormUse],
    nested: bool,
    parsed: dict[tuple[int, int], list[pikepdf.ContentStreamInstruction]],
) -> None:
    """``parsed``: the instructions of each form already read on this page, by its object
    number (a card's picture drawn twice is parsed once)."""
    xobjects = resources.get("/XObject", {}) if resources is not None else {}
    stack: list[list[float]] = []
    for operands, operator in _instructions(contents, parsed):
        if operator == pikepdf.Operator("q"):
            stack.append(matrix)
        elif operator == pikepdf.Operator("Q"):
            matrix = stack.pop()
        elif operator == pikepdf.Operator("cm"):
            matrix = _multiply([float(v) for v in operands], matrix)
        elif operator == pikepdf.Operator("Do"):
            name = str(operands[0])
            form = xobjects[name]
            bx0, by0, bx1, by1 = (float(v) for v in form["/BBox"])
            corners = [
                (
                    matrix[0] * x + matrix[2] * y + matrix[4],
                    matrix[1] * x + matrix[3] * y + matrix[5],
                )
                for x, y in ((bx0, by0), (bx1, by0), (bx0, by1), (bx1, by1))
            ]
            xs = [to_mm(x) for x, _ in corners]
            ys = [to_mm(y) for _, y in corners]
            uses.append(FormUse(name.lstrip("/"), min(xs), min(ys), max(xs), max(ys)))
            if nested and form.get("/Subtype") == pikepdf.Name.Form:
                inner = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                matrix_inside = _multiply(inner, matrix)
                _replay(form, form.get("/Resources"), matrix_inside, uses, nested, parsed)


def _instructions(
    contents: pikepdf.Page | pikepdf.Object,
    parsed: dict[tuple[int, int], list[pikepdf.ContentStreamInstruction]],
) -> list[pikepdf.ContentStreamInstruction]:
    if isinstance(contents, pikepdf.Page) or not contents.is_indirect:
        return pikepdf.parse_content_stream(contents)
    if contents.objgen not in parsed:
        parsed[contents.objgen] = pikepdf.parse_content_stream(contents)
    return parsed[contents.objgen]


def icon_uses(page: pikepdf.Page) -> list[FormUse]:
    """The colour pictures the page draws."""
    return [use for use in form_uses(page) if use.name.startswith("FormXob.Picture-")]


def icon_name(use: FormUse) -> str:
    return use.name.removeprefix("FormXob.Picture-")
