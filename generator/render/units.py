"""Millimetres in the API, points at the reportlab boundary."""

from __future__ import annotations

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
PT_PER_MM = POINTS_PER_INCH / MM_PER_INCH


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / PT_PER_MM
