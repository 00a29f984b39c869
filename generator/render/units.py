"""Millimetres in the API, points at the reportlab boundary: the one conversion.

Drawing code works in millimetres. It either converts each coordinate with :func:`pt` at the
reportlab call (the decks and sheets), or scales a canvas once with :func:`scale_to_mm` and
draws in millimetres on it (the Jeu de l'Oie board, drawn once for a page or a poster); sizes
read back from reportlab (string widths, wrapped heights) come back with :func:`to_mm`.
"""

from __future__ import annotations

from typing import Any

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
PT_PER_MM = POINTS_PER_INCH / MM_PER_INCH


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / PT_PER_MM


def scale_to_mm(canvas: Any) -> None:
    """From here on, one unit of ``canvas`` is a millimetre."""
    canvas.scale(PT_PER_MM, PT_PER_MM)


def scale_to_points(canvas: Any) -> None:
    """Undo :func:`scale_to_mm`: one unit of ``canvas`` is a point again."""
    canvas.scale(1 / PT_PER_MM, 1 / PT_PER_MM)
