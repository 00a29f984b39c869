"""SVG path data → PDF path operators, for the icon subset.

`svgelements <https://pypi.org/project/svgelements/>`_ parses the SVG path grammar (relative and
shorthand commands, implicit repeats, packed numbers and arc flags) into absolute segments;
quadratic Béziers are raised to cubics (same curve) and elliptical arcs are split into cubics by
the library. The result is flipped from SVG's downward y axis to PDF's upward one and written as
PDF path operators (``x y m``, ``x y l``, ``x1 y1 x2 y2 x y c``, ``h``), numbers rounded to 0.01 of
the grid (0.001 mm on a 50 mm picture).

This runs in ``pnp data build`` (and the tests), not when a deck is drawn: the drawing code
reads the stored operators and never parses SVG.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

#: One PDF path operator and its operands: "m" (x, y), "l" (x, y), "c" (x1, y1, x2, y2, x, y), "h".
PathOp = tuple[str, tuple[float, ...]]

OPERAND_COUNT = {"m": 2, "l": 2, "c": 6, "h": 0}


def svg_path_ops(data: str, height: float) -> tuple[PathOp, ...]:
    """SVG path data → absolute PDF operators, y flipped within ``height`` (the viewBox's)."""
    from svgelements import Arc, Close, CubicBezier, Line, Move, Path, QuadraticBezier

    def flip(*points: Any) -> tuple[float, ...]:
        return tuple(v for p in points for v in (_round(p.x), _round(height - p.y)))

    ops: list[PathOp] = []
    for segment in Path(data):
        if isinstance(segment, Move):
            ops.append(("m", flip(segment.end)))
        elif isinstance(segment, Close):
            ops.append(("h", ()))
        elif isinstance(segment, Line):
            ops.append(("l", flip(segment.end)))
        elif isinstance(segment, CubicBezier):
            ops.append(("c", flip(segment.control1, segment.control2, segment.end)))
        elif isinstance(segment, QuadraticBezier):
            # the cubic drawing the same curve: controls 2/3 of the way to the quadratic's one
            start, control, end = segment.start, segment.control, segment.end
            third = 2 / 3
            ops.append(
                ("c", flip(start + (control - start) * third, end + (control - end) * third, end))
            )
        elif isinstance(segment, Arc):
            for cubic in segment.as_cubic_curves():
                ops.append(("c", flip(cubic.control1, cubic.control2, cubic.end)))
        else:  # pragma: no cover - svgelements yields only the kinds above for path data
            raise ValueError(f"unexpected path segment {type(segment).__name__}")
    return tuple(ops)


def ops_text(ops: Sequence[PathOp]) -> str:
    """The operators as PDF content-stream text: ``"27.79 11.48 m 30 40 l … h"``."""
    words: list[str] = []
    for op, values in ops:
        words.extend(_number(v) for v in values)
        words.append(op)
    return " ".join(words)


def parse_ops(text: str) -> tuple[PathOp, ...]:
    """The inverse of :func:`ops_text` (ValueError on anything else)."""
    ops: list[PathOp] = []
    operands: list[float] = []
    for word in text.split():
        if word in OPERAND_COUNT:
            if len(operands) != OPERAND_COUNT[word]:
                raise ValueError(f"operator {word} takes {OPERAND_COUNT[word]} numbers")
            ops.append((word, tuple(operands)))
            operands = []
        else:
            operands.append(float(word))
    if operands:
        raise ValueError("path text ends with numbers and no operator")
    return tuple(ops)


def path_extent(ops: Sequence[PathOp]) -> tuple[float, float, float, float]:
    """The exact extent (x0, y0, x1, y1) of the path: end points and each cubic's extrema."""
    xs: list[float] = []
    ys: list[float] = []
    current = (0.0, 0.0)
    for op, values in ops:
        if op == "c":
            x1, y1, x2, y2, x3, y3 = values
            for t in (*_extrema(current[0], x1, x2, x3), *_extrema(current[1], y1, y2, y3)):
                xs.append(_bezier(current[0], x1, x2, x3, t))
                ys.append(_bezier(current[1], y1, y2, y3, t))
        if values:
            current = (values[-2], values[-1])
            xs.append(current[0])
            ys.append(current[1])
    if not xs:
        raise ValueError("the path draws nothing")
    return (_round(min(xs)), _round(min(ys)), _round(max(xs)), _round(max(ys)))


def _extrema(p0: float, p1: float, p2: float, p3: float) -> tuple[float, ...]:
    """Parameters in (0, 1) where a cubic's coordinate turns (roots of its derivative)."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        roots: tuple[float, ...] = (-c / b,) if abs(b) > 1e-12 else ()
    else:
        disc = b * b - 4 * a * c
        if disc < 0:
            return ()
        root = math.sqrt(disc)
        roots = ((-b + root) / (2 * a), (-b - root) / (2 * a))
    return tuple(t for t in roots if 0.0 < t < 1.0)


def _bezier(p0: float, p1: float, p2: float, p3: float, t: float) -> float:
    u = 1.0 - t
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3


def _round(value: float) -> float:
    return round(float(value), 2) + 0.0  # + 0.0 turns -0.0 into 0.0


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
