"""Vector pictures of the Jeu de l'Oie squares: goose, bridge, inn, dice, well, labyrinth, prison,
death, garden, start. Drawn with reportlab paths, so they print sharp at any size.

Every function draws centred on ``(x, y)`` inside a square of side ``size`` (canvas units, the
board canvas is in millimetres) and leaves the canvas state as it found it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from reportlab.pdfgen.canvas import Canvas

from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.shapes import polygon
from generator.render.oie.palette import PALETTE


@contextmanager
def _unit(c: Canvas, x: float, y: float, size: float, line: float = 0.22) -> Iterator[float]:
    """Local frame where the picture spans [-1, 1]; yields the line width for ``line`` mm."""
    c.saveState()
    c.translate(x, y)
    scale = size / 2
    c.scale(scale, scale)
    width = line / scale
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.setLineCap(1)
    set_stroke(c, PALETTE.ink)
    try:
        yield width
    finally:
        c.restoreState()


def _shape(
    c: Canvas, points: list[tuple[float, float]], fill: Colour | None, stroke: bool = True
) -> None:
    """The polygon through ``points``, filled with ``fill`` (None: outline only)."""
    if fill is not None:
        set_fill(c, fill)
    polygon(c, points, fill=fill is not None, stroke=stroke, to_pt=None)


def _arc_points(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, n: int = 24
) -> list[tuple[float, float]]:
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / n)),
        )
        for i in range(n + 1)
    ]


def goose(c: Canvas, x: float, y: float, size: float, facing: int = -1) -> None:
    """A white goose with an orange beak; ``facing`` -1 looks left, 1 right."""
    with _unit(c, x, y, size) as lw:
        c.scale(-facing, 1) if facing == 1 else None
        # feet
        set_stroke(c, PALETTE.beak)
        c.setLineWidth(lw * 1.6)
        c.line(0.0, -0.62, -0.08, -0.86)
        c.line(0.22, -0.6, 0.2, -0.86)
        set_stroke(c, PALETTE.ink)
        c.setLineWidth(lw)
        # neck (outlined thick curve), drawn under the body
        neck = c.beginPath()
        neck.moveTo(-0.28, -0.15)
        neck.curveTo(-0.55, 0.1, -0.25, 0.35, -0.42, 0.6)
        c.setLineWidth(0.3 + 2 * lw)
        c.drawPath(neck, stroke=1, fill=0)
        set_stroke(c, PALETTE.goose_white)
        c.setLineWidth(0.3)
        c.drawPath(neck, stroke=1, fill=0)
        set_stroke(c, PALETTE.ink)
        c.setLineWidth(lw)
        # tail
        _shape(c, [(0.55, -0.12), (0.95, 0.12), (0.8, -0.38)], PALETTE.goose_white)
        # body
        set_fill(c, PALETTE.goose_white)
        c.ellipse(-0.62, -0.66, 0.78, -0.02, stroke=1, fill=1)
        # cover the neck join
        set_fill(c, PALETTE.goose_white)
        c.circle(-0.34, -0.12, 0.13, stroke=0, fill=1)
        # wing
        wing = c.beginPath()
        wing.moveTo(-0.2, -0.28)
        wing.curveTo(0.05, -0.05, 0.45, -0.08, 0.62, -0.22)
        wing.curveTo(0.4, -0.3, 0.3, -0.48, 0.0, -0.45)
        set_fill(c, PALETTE.goose_wing)
        c.drawPath(wing, stroke=1, fill=1)
        # head
        set_fill(c, PALETTE.goose_white)
        c.circle(-0.44, 0.66, 0.17, stroke=1, fill=1)
        _shape(c, [(-0.58, 0.72), (-0.92, 0.6), (-0.58, 0.56)], PALETTE.beak)
        set_fill(c, PALETTE.ink)
        c.circle(-0.47, 0.7, 0.035, stroke=0, fill=1)


def bridge(c: Canvas, x: float, y: float, size: float) -> None:
    with _unit(c, x, y, size) as lw:
        for i, yy in enumerate((-0.72, -0.86)):
            wave = c.beginPath()
            wave.moveTo(-1.0, yy)
            for k in range(8):
                x0 = -1.0 + k * 0.25
                wave.curveTo(x0 + 0.06, yy + 0.07, x0 + 0.19, yy - 0.07, x0 + 0.25, yy)
            set_stroke(c, PALETTE.water if i == 0 else PALETTE.water_light)
            c.setLineWidth(lw * 1.3)
            c.drawPath(wave, stroke=1, fill=0)
        set_stroke(c, PALETTE.ink)
        c.setLineWidth(lw)
        arch = _arc_points(0, -0.6, 0.55, 0.62, 0, 180)
        outline = [(-1.0, -0.6), (-1.0, 0.18), (1.0, 0.18), (1.0, -0.6), *arch]
        _shape(c, outline, PALETTE.stone)
        # voussoirs
        for a in range(15, 180, 30):
            r = math.radians(a)
            c.line(
                0.55 * math.cos(r),
                -0.6 + 0.62 * math.sin(r),
                0.72 * math.cos(r),
                -0.6 + 0.8 * math.sin(r),
            )
        # parapet
        _shape(c, [(-1.0, 0.18), (1.0, 0.18), (1.0, 0.34), (-1.0, 0.34)], PALETTE.stone_dark)
        for px in (-0.8, -0.4, 0.0, 0.4, 0.8):
            c.line(px, 0.34, px, 0.5)
        c.line(-0.95, 0.5, 0.95, 0.5)


def inn(c: Canvas, x: float, y: float, size: float) -> None:
    with _unit(c, x, y, size):
        _shape(c, [(-0.72, -0.85), (0.72, -0.85), (0.72, 0.15), (-0.72, 0.15)], PALETTE.wall)
        _shape(c, [(-0.92, 0.12), (0.0, 0.88), (0.92, 0.12)], PALETTE.roof)
        # chimney with smoke
        _shape(c, [(0.42, 0.5), (0.58, 0.5), (0.58, 0.78), (0.42, 0.78)], PALETTE.roof)
        # door
        door = [
            (-0.2, -0.85),
            (-0.2, -0.3),
            *_arc_points(0, -0.3, 0.2, 0.16, 180, 0, 10),
            (0.2, -0.85),
        ]
        _shape(c, door, PALETTE.wood)
        # windows, lit
        for wx in (-0.48, 0.48):
            _shape(
                c,
                [(wx - 0.15, -0.35), (wx + 0.15, -0.35), (wx + 0.15, -0.08), (wx - 0.15, -0.08)],
                PALETTE.petal_2,
            )
            c.line(wx, -0.35, wx, -0.08)
        # hanging sign with a tankard
        c.line(-0.72, -0.02, -1.0, -0.02)
        c.line(-0.95, -0.02, -0.95, -0.1)
        _shape(c, [(-1.0, -0.1), (-0.8, -0.1), (-0.8, -0.35), (-1.0, -0.35)], PALETTE.gold)


def dice(c: Canvas, x: float, y: float, size: float, faces: tuple[int, int] = (6, 3)) -> None:
    pips = {
        1: [(0, 0)],
        2: [(-1, 1), (1, -1)],
        3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
        5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
        6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
    }
    with _unit(c, x, y, size):
        for face, (dx, dy, turn) in zip(faces, ((-0.42, 0.2, 12), (0.42, -0.22, -10)), strict=True):
            c.saveState()
            c.translate(dx, dy)
            c.rotate(turn)
            set_fill(c, PALETTE.die)
            c.roundRect(-0.42, -0.42, 0.84, 0.84, 0.12, stroke=1, fill=1)
            set_fill(c, PALETTE.roof if face == 1 else PALETTE.ink)
            for px, py in pips[face]:
                c.circle(px * 0.22, py * 0.22, 0.075, stroke=0, fill=1)
            c.restoreState()


def well(c: Canvas, x: float, y: float, size: float) -> None:
    with _unit(c, x, y, size) as lw:
        # posts and roof
        c.setLineWidth(lw * 1.8)
        set_stroke(c, PALETTE.wood)
        c.line(-0.52, -0.2, -0.52, 0.55)
        c.line(0.52, -0.2, 0.52, 0.55)
        set_stroke(c, PALETTE.ink)
        c.setLineWidth(lw)
        _shape(c, [(-0.8, 0.5), (0.0, 0.92), (0.8, 0.5)], PALETTE.roof)
        c.line(-0.52, 0.32, 0.52, 0.32)  # axle
        c.line(0.0, 0.32, 0.0, 0.02)  # rope
        _shape(
            c, [(-0.1, 0.02), (0.1, 0.02), (0.08, -0.14), (-0.08, -0.14)], PALETTE.wood
        )  # bucket
        # stone drum
        _shape(c, [(-0.66, -0.85), (0.66, -0.85), (0.66, -0.3), (-0.66, -0.3)], PALETTE.stone)
        for yy in (-0.48, -0.66):
            c.line(-0.66, yy, 0.66, yy)
        for row, yy in enumerate((-0.3, -0.48, -0.66)):
            for xx in (-0.33, 0.0, 0.33) if row % 2 == 0 else (-0.5, -0.16, 0.16, 0.5):
                c.line(xx, yy, xx, yy - 0.18)
        set_fill(c, PALETTE.dark)
        c.ellipse(-0.66, -0.4, 0.66, -0.2, stroke=1, fill=1)
        set_fill(c, PALETTE.water)
        c.ellipse(-0.5, -0.36, 0.5, -0.26, stroke=0, fill=1)


def labyrinth(c: Canvas, x: float, y: float, size: float) -> None:
    with _unit(c, x, y, size) as lw:
        set_fill(c, PALETTE.hedge_light)
        c.roundRect(-0.95, -0.95, 1.9, 1.9, 0.12, stroke=1, fill=1)
        set_stroke(c, PALETTE.hedge)
        c.setLineWidth(0.13)
        c.setLineCap(0)
        for k, half in enumerate((0.78, 0.56, 0.34)):
            gap = 0.16
            # a square ring with one opening, on alternate sides
            pts = [(-half, -half), (-half, half), (half, half), (half, -half), (-half, -half)]
            path = c.beginPath()
            if k % 2 == 0:
                path.moveTo(-gap, -half)
                for px, py in pts[::-1][1:]:
                    path.lineTo(px, py)
                path.lineTo(gap, -half)
            else:
                path.moveTo(gap, half)
                for px, py in [(half, half), (half, -half), (-half, -half), (-half, half)]:
                    path.lineTo(px, py)
                path.lineTo(-gap, half)
            c.drawPath(path, stroke=1, fill=0)
        set_fill(c, PALETTE.petal)
        c.circle(0, 0, 0.1, stroke=0, fill=1)
        c.setLineWidth(lw)


def prison(c: Canvas, x: float, y: float, size: float) -> None:
    with _unit(c, x, y, size) as lw:
        set_fill(c, PALETTE.stone_dark)
        c.roundRect(-0.8, -0.9, 1.6, 1.8, 0.08, stroke=1, fill=1)
        for yy in (-0.45, 0.0, 0.45):
            c.line(-0.8, yy, 0.8, yy)
        window = [
            (-0.5, -0.6),
            (0.5, -0.6),
            (0.5, 0.3),
            *_arc_points(0, 0.3, 0.5, 0.4, 0, 180, 16)[1:-1],
            (-0.5, 0.3),
        ]
        _shape(c, window, PALETTE.dark)
        set_stroke(c, PALETTE.iron)
        c.setLineWidth(0.09)
        for bx in (-0.3, -0.1, 0.1, 0.3):
            top = 0.3 + 0.4 * math.sqrt(max(0.0, 1 - (bx / 0.5) ** 2))
            c.line(bx, -0.6, bx, top - 0.02)
        c.line(-0.5, -0.1, 0.5, -0.1)
        set_stroke(c, PALETTE.ink)
        c.setLineWidth(lw)


def death(c: Canvas, x: float, y: float, size: float) -> None:
    with _unit(c, x, y, size):
        set_fill(c, PALETTE.bone)
        # crossed bones
        for angle in (35, -35):
            c.saveState()
            c.rotate(angle)
            c.roundRect(-0.9, -0.07, 1.8, 0.14, 0.07, stroke=1, fill=1)
            for ex in (-0.9, 0.9):
                c.circle(ex, 0.08, 0.1, stroke=1, fill=1)
                c.circle(ex, -0.08, 0.1, stroke=1, fill=1)
            c.restoreState()
        # skull
        c.circle(0, 0.18, 0.55, stroke=1, fill=1)
        c.roundRect(-0.3, -0.5, 0.6, 0.45, 0.1, stroke=1, fill=1)
        set_fill(c, PALETTE.bone)
        c.rect(-0.28, -0.1, 0.56, 0.2, stroke=0, fill=1)
        set_fill(c, PALETTE.dark)
        c.circle(-0.22, 0.16, 0.14, stroke=0, fill=1)
        c.circle(0.22, 0.16, 0.14, stroke=0, fill=1)
        _shape(c, [(0, 0.0), (-0.07, -0.14), (0.07, -0.14)], PALETTE.dark, stroke=False)
        for tx in (-0.15, 0.0, 0.15):
            c.line(tx, -0.5, tx, -0.3)


def start(c: Canvas, x: float, y: float, size: float) -> None:
    """Four pawns waiting at the start."""
    with _unit(c, x, y, size):
        for colour, (px, py) in zip(
            PALETTE.pawns, ((-0.5, 0.25), (0.05, 0.35), (0.55, 0.15), (0.0, -0.35)), strict=True
        ):
            set_fill(c, colour)
            base = [
                (px - 0.24, py - 0.4),
                (px + 0.24, py - 0.4),
                (px + 0.1, py - 0.05),
                (px - 0.1, py - 0.05),
            ]
            _shape(c, base, colour)
            c.circle(px, py, 0.15, stroke=1, fill=1)


def flower(c: Canvas, x: float, y: float, size: float, colour: Colour = PALETTE.petal) -> None:
    with _unit(c, x, y, size, line=0.12):
        set_fill(c, colour)
        for k in range(5):
            a = math.radians(90 + 72 * k)
            c.circle(0.45 * math.cos(a), 0.45 * math.sin(a), 0.38, stroke=1, fill=1)
        set_fill(c, PALETTE.petal_2 if colour != PALETTE.petal_2 else PALETTE.petal)
        c.circle(0, 0, 0.3, stroke=1, fill=1)


def leaf(c: Canvas, x: float, y: float, size: float, angle: float) -> None:
    with _unit(c, x, y, size, line=0.12):
        c.rotate(angle)
        path = c.beginPath()
        path.moveTo(-1, 0)
        path.curveTo(-0.4, 0.55, 0.4, 0.55, 1, 0)
        path.curveTo(0.4, -0.55, -0.4, -0.55, -1, 0)
        set_fill(c, PALETTE.hedge_light)
        c.drawPath(path, stroke=1, fill=1)
        c.line(-0.9, 0, 0.8, 0)


PICTURES: dict[str, Callable[..., None]] = {
    "goose": goose,
    "bridge": bridge,
    "inn": inn,
    "dice": dice,
    "well": well,
    "labyrinth": labyrinth,
    "prison": prison,
    "death": death,
    "start": start,
}
