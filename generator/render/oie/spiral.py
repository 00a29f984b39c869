"""Geometry of the centripetal spiral: 63 cells (start + squares 1..62) and the garden in the
centre.

Pure geometry in millimetres, no drawing. The track is a band of constant width along an
Archimedean spiral ``r(t) = r0 - pitch * t / 2π`` turning clockwise inward; consecutive turns
touch, so the band tiles the disc. Cells have equal length along the centre line, chosen so the
cells are about as long as the band is wide (nearly square cells).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

Point = tuple[float, float]

SAMPLES_PER_CELL = 14


@dataclass(frozen=True)
class Cell:
    number: int  # 0 = start, 1..62 on the spiral
    outline: tuple[Point, ...]  # closed polygon, mm, board centre at (0, 0)
    centre: Point  # mid-point of the cell on the centre line
    angle: float  # direction of travel at the centre (radians)
    length: float  # along the centre line, mm
    width: float  # across the band, mm


@dataclass(frozen=True)
class Spiral:
    radius: float  # outer radius of the track
    pitch: float  # band width = distance between turns
    turns: float
    cells: tuple[Cell, ...]  # 0..62
    garden: tuple[Point, ...]  # closed outline of the central garden (square 63)
    garden_centre: Point
    garden_radius: float  # radius of the largest circle inside the garden
    outer_edge: tuple[
        Point, ...
    ]  # outer edge of the first turn: with a radial closing, the track's outline


def _r(r0: float, pitch: float, t: float) -> float:
    return r0 - pitch * t / (2 * math.pi)


def _point(radius: float, angle: float) -> Point:
    return (radius * math.cos(angle), radius * math.sin(angle))


def _arc_lengths(r0: float, pitch: float, total_t: float, steps: int) -> list[float]:
    """Cumulative centre-line length at ``steps + 1`` equally spaced values of t."""
    lengths = [0.0]
    dt = total_t / steps
    k = pitch / (2 * math.pi)
    for i in range(steps):
        t = (i + 0.5) * dt
        r = _r(r0, pitch, t)
        lengths.append(lengths[-1] + math.hypot(r, k) * dt)
    return lengths


def _t_at_lengths(r0: float, pitch: float, total_t: float, targets: list[float]) -> list[float]:
    steps = 20000
    lengths = _arc_lengths(r0, pitch, total_t, steps)
    dt = total_t / steps
    result, i = [], 0
    for target in targets:
        while i < steps and lengths[i + 1] < target:
            i += 1
        span = lengths[i + 1] - lengths[i] if i < steps else 1.0
        fraction = 0.0 if span == 0 else (target - lengths[i]) / span
        result.append((i + min(max(fraction, 0.0), 1.0)) * dt)
    return result


@lru_cache(maxsize=8)
def build_spiral(
    radius: float, cells: int = 63, start_angle: float = math.pi, aspect: float = 1.0
) -> Spiral:
    """The spiral of ``cells`` cells inside a circle of ``radius`` mm.

    ``aspect`` is the wanted cell length / band width. The number of turns is solved so that the
    cells come out with that aspect while leaving a garden about 1.5 band widths across.
    """
    garden_factor = 1.45  # garden radius in band widths

    def layout(turns: float) -> tuple[float, float, float, float]:
        pitch = radius / (turns + 1 + garden_factor - 0.5)
        r0 = radius - pitch / 2
        total_t = 2 * math.pi * turns
        length = _arc_lengths(r0, pitch, total_t, 2000)[-1]
        return pitch, r0, total_t, length / cells / pitch

    low, high = 1.0, 8.0
    for _ in range(60):  # cell aspect grows with the number of turns
        mid = (low + high) / 2
        if layout(mid)[3] > aspect:
            high = mid
        else:
            low = mid
    turns = (low + high) / 2
    pitch, r0, total_t, _ = layout(turns)
    total_length = _arc_lengths(r0, pitch, total_t, 2000)[-1]
    boundaries = _t_at_lengths(
        r0, pitch, total_t, [total_length * i / cells for i in range(cells + 1)]
    )

    def angle(t: float) -> float:
        return start_angle - t  # clockwise

    made = []
    for number in range(cells):
        t0, t1 = boundaries[number], boundaries[number + 1]
        ts = [t0 + (t1 - t0) * j / SAMPLES_PER_CELL for j in range(SAMPLES_PER_CELL + 1)]
        outer = [_point(_r(r0, pitch, t) + pitch / 2, angle(t)) for t in ts]
        inner = [_point(_r(r0, pitch, t) - pitch / 2, angle(t)) for t in reversed(ts)]
        tm = (t0 + t1) / 2
        rm = _r(r0, pitch, tm)
        made.append(
            Cell(
                number,
                tuple(outer + inner),
                _point(rm, angle(tm)),
                angle(tm) - math.pi / 2,
                total_length / cells,
                pitch,
            )
        )
    # the garden: inside the inner edge of the last turn, closed by the end of the band
    ts = [total_t - 2 * math.pi + 2 * math.pi * j / 160 for j in range(161)]
    garden = tuple(_point(_r(r0, pitch, t) - pitch / 2, angle(t)) for t in ts)
    # the garden's medallion: around the centroid, as large as the outline allows
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(garden, garden[1:] + garden[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    cx, cy = cx / (3 * area), cy / (3 * area)
    garden_radius = min(math.hypot(x - cx, y - cy) for x, y in garden)
    ts = [2 * math.pi * j / 240 for j in range(241)]
    outer_edge = tuple(_point(_r(r0, pitch, t) + pitch / 2, angle(t)) for t in ts)
    return Spiral(radius, pitch, turns, tuple(made), garden, (cx, cy), garden_radius, outer_edge)
