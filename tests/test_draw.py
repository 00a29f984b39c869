"""The shared drawing kit: paths from points, stars, text that shrinks until it fits."""

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.render.draw.shapes import polygon, star_points, trace
from generator.render.draw.text import (
    QUARTER_POINT,
    Shrink,
    scaled_to_width,
    shrink_to_width,
    shrink_until,
    string_width,
    width_mm,
    wrap,
)
from generator.render.fonts import register_fonts
from generator.render.units import pt


def _canvas() -> Canvas:
    return Canvas(io.BytesIO(), invariant=1)


def test_a_polygon_is_one_move_then_lines_then_a_close():
    c = _canvas()
    polygon(c, [(0, 0), (10, 0), (10, 5)], fill=True, stroke=True)
    # millimetres become points; filled and stroked
    assert c._code == ["n 0 0 m 28.34646 0 l 28.34646 14.17323 l h", "B*"]


def test_trace_on_a_millimetre_canvas_keeps_the_coordinates():
    c = _canvas()
    path = c.beginPath()
    trace(path, [(1, 2), (3, 4)], to_pt=None, close=False)
    assert path.getCode() == "n 1 2 m 3 4 l"


def test_a_star_alternates_outer_and_inner_radius_first_point_up():
    points = star_points(0, 0, 10, points=5, inner=0.5)
    assert len(points) == 10
    assert points[0] == pytest.approx((0, 10))
    radii = [round((x * x + y * y) ** 0.5, 9) for x, y in points]
    assert radii == [10, 5] * 5


def test_shrink_until_stops_at_the_first_size_that_fits_or_at_the_floor():
    assert shrink_until(10, 5, lambda s: s <= 8) == 8
    assert shrink_until(10, 5, lambda s: False) == 5  # the floor reached, the caller decides
    assert shrink_until(10, 1, lambda s: s < 9, Shrink.times(0.5)) == 5
    assert QUARTER_POINT.next(7.0) == 6.75


def test_shrink_to_width_gives_a_line_no_wider_than_the_box():
    font = register_fonts().regular
    text = "Saint-Rémy-de-Provence"
    size = shrink_to_width(text, font, 30, 40.0, 4)
    assert width_mm(text, font, size) <= 40.0 < width_mm(text, font, size + 0.25)


def test_scaled_to_width_is_exact_and_never_grows():
    assert scaled_to_width(10, 200, 100) == 5
    assert scaled_to_width(10, 50, 100) == 10


def test_wrap_keeps_every_line_inside_the_width():
    font = register_fonts().regular
    text = "Remplace n'importe quelle carte de sa couleur sur une pile. " * 3
    lines = wrap(text, font, 8, 40)
    assert len(lines) > 3
    assert all(string_width(line, font, 8) <= pt(40) for line in lines)
