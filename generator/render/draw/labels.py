"""Labels placed beside points on a map without overlapping one another or any point.

Each label is tried in eight places around its point (right, left, above, below, and the four
corners: the cartographers' order of preference, right of the point first), then the same
further out with a leader line back to the point, the labels of the most crowded points first;
a place is taken only if its box stays inside the frame and meets no placed label and no point.
The result is exact: every box is checked against every other (tests check the PDF's text boxes
the same way). A label that finds no place at all is returned as such, for the caller to list
beside the map.

Units are the caller's (millimetres on the page); text widths come from the caller's measure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # left, bottom, right, top

#: The eight directions a label may take from its point, in order of preference (dx, dy):
#: right, left, above, below, then the corners.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
REACH = (1.0, 2.2, 3.6)  # the rings tried, in multiples of the label's height


@dataclass(frozen=True)
class Point:
    """A point to label: where it is, the text's width and height, how big its dot is."""

    x: float
    y: float
    width: float  # of its label
    height: float
    radius: float  # of its dot


@dataclass(frozen=True)
class Placed:
    """A label's box (its text's lower-left corner is ``box[0], box[1]``) and whether it stands
    away from its point (a leader line joins them)."""

    box: Box
    leader: bool


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box: Box, frame: Box) -> bool:
    return frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]


def candidate(point: Point, direction: tuple[int, int], reach: float, gap: float) -> Box:
    """The label's box ``reach`` label-heights out from the point in ``direction``."""
    dx, dy = direction
    away = point.radius + gap + (reach - 1) * point.height
    if dx > 0:
        left = point.x + away
    elif dx < 0:
        left = point.x - away - point.width
    else:
        left = point.x - point.width / 2
    if dy > 0:
        bottom = point.y + away
    elif dy < 0:
        bottom = point.y - away - point.height
    else:
        bottom = point.y - point.height / 2
    return (left, bottom, left + point.width, bottom + point.height)


def crowding(points: Sequence[Point]) -> list[int]:
    """The points' indices, the most crowded first (the most neighbours within a few label
    heights), ties in their order."""

    def neighbours(i: int) -> int:
        here = points[i]
        reach = 4 * here.height
        return sum(
            1
            for j, other in enumerate(points)
            if j != i
            and abs(other.x - here.x) < reach + here.width
            and abs(other.y - here.y) < reach
        )

    return sorted(range(len(points)), key=lambda i: -neighbours(i))


def place_labels(points: Sequence[Point], frame: Box, gap: float = 0.6) -> list[Placed | None]:
    """A box for each point's label (None: no room anywhere within reach), none overlapping
    another box or any point's dot, all inside ``frame``."""
    dots = [(p.x - p.radius, p.y - p.radius, p.x + p.radius, p.y + p.radius) for p in points]
    taken: list[Box] = []
    placed: list[Placed | None] = [None] * len(points)
    for index in crowding(points):
        point = points[index]
        for reach in REACH:
            box = next(
                (
                    box
                    for direction in DIRECTIONS
                    if inside(box := candidate(point, direction, reach, gap), frame)
                    and not any(overlaps(box, other) for other in taken)
                    and not any(overlaps(box, dot) for dot in dots)
                ),
                None,
            )
            if box is not None:
                placed[index] = Placed(box, leader=reach > REACH[0])
                taken.append(box)
                break
    return placed
