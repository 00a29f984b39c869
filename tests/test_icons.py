"""The icon subset, the SVG path converter and the form XObjects the pictures are drawn with."""

from __future__ import annotations

import io
import json
import math
import tarfile
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.games.oucedonc import pictograms
from generator.games.pronostiques import emblems
from generator.games.territoires import LENORMAND
from generator.geo.databuild.icons import (
    AUTHORS,
    GAME_ICONS,
    UPSTREAM,
    attribution,
    author_of,
    subset_icons,
)
from generator.geo.databuild.npm import PackedPackage
from generator.geo.databuild.svgpath import ops_text, parse_ops, path_extent, svg_path_ops
from generator.geo.embedded import dataset_path
from generator.render.colour import Colour
from generator.render.document import DocInfo, new_document
from generator.render.icons import draw_icon, icon_credit, icon_names, icon_placement
from tests.pdf_forms import icon_name, icon_uses

SUBSET = json.loads(dataset_path("game_icons.json").read_text(encoding="utf-8"))


# --- the tracked subset --------------------------------------------------------------------


def test_the_subset_holds_exactly_the_icons_the_games_use():
    used = {card.picture for card in LENORMAND} | pictograms.icons() | emblems.icons()
    assert used == set(UPSTREAM) == set(SUBSET["icons"]) == icon_names()
    assert len({card.picture for card in LENORMAND}) == 36  # one picture per subject


def test_every_icon_is_cc_by_with_its_author_and_upstream_file():
    assert SUBSET["licence"] == "CC BY 3.0"
    assert SUBSET["package"] == GAME_ICONS.name and SUBSET["version"] == GAME_ICONS.version
    assert SUBSET["integrity"].startswith("sha512-")
    authors = {author.name for author in AUTHORS.values()}
    for name, entry in SUBSET["icons"].items():
        folder, file = entry["upstream"].split("/")
        assert folder in AUTHORS and file == f"{name}.svg"
        assert entry["author"] == author_of(name).name in authors
    # the two CC0 authors of game-icons.net are not used; everyone used is credited
    assert not {"viscious-speed", "zeromancer"} & set(AUTHORS)
    credited = sorted({entry["author"] for entry in SUBSET["icons"].values()})
    assert SUBSET["attribution_fr"] == attribution(credited, "fr")
    for name in credited:
        assert name in SUBSET["attribution_en"] and name in SUBSET["attribution_fr"]
    assert "CC BY 3.0" in SUBSET["attribution_fr"]


def test_stored_operators_are_a_fresh_conversion_of_the_stored_svg_path():
    for name, entry in SUBSET["icons"].items():
        ops = svg_path_ops(entry["svg_path"], SUBSET["grid"])
        assert ops_text(ops) == entry["pdf_path"], name
        assert list(path_extent(ops)) == entry["box"], name
        x0, y0, x1, y1 = entry["box"]
        assert 0 <= x0 < x1 <= 512 and 0 <= y0 < y1 <= 512


def test_credit_names_only_the_authors_of_the_icons_drawn():
    assert icon_credit(["oak", "anchor"], "en") == attribution(["Lorc"], "en")
    credit = icon_credit(["oak", "fox", "house"], "fr")
    assert credit.startswith("Icônes : Caro Asercion, Delapouite et Lorc, game-icons.net")
    assert "Skoll" not in credit


# --- the converter --------------------------------------------------------------------------


def test_relative_shorthand_and_implicit_commands_become_absolute_and_flipped():
    # m with implicit lineto pairs, h/v, relative l, close: a 10 × 20 box at (5, 7)
    ops = svg_path_ops("m5 7 10 0v20h-10z", 100)
    assert ops == (
        ("m", (5.0, 93.0)),
        ("l", (15.0, 93.0)),
        ("l", (15.0, 73.0)),
        ("l", (5.0, 73.0)),
        ("h", ()),
    )
    assert path_extent(ops) == (5.0, 73.0, 15.0, 93.0)


def test_arcs_with_packed_flags_become_cubics_on_the_circle():
    # a circle of radius 50 around (100, 100) in two arcs, flags written without spaces
    ops = svg_path_ops("M50 100a50 50 0 1150 50A50 50 0 0150 100z", 200)
    curves = [values for op, values in ops if op == "c"]
    assert curves
    for values in curves:
        x, y = values[4], values[5]
        assert math.hypot(x - 100, y - 100) == pytest.approx(50, abs=0.02)
    x0, y0, x1, y1 = path_extent(ops)
    assert (x0, y0, x1, y1) == pytest.approx((50, 50, 150, 150), abs=0.05)


def test_a_quadratic_is_raised_to_the_cubic_of_the_same_curve():
    (_, (op, values)) = svg_path_ops("M0 0Q50 100 100 0", 0)
    assert op == "c"
    # controls at 2/3 of the way to the quadratic control point, y flipped (height 0)
    expected = (100 / 3, -200 / 3, 200 / 3, -200 / 3, 100, 0)
    assert values == pytest.approx(expected, abs=0.006)  # stored to 0.01 of the grid
    # the curve's apex (t = 1/2) is y = -50 in both forms: the extent sees it exactly
    assert path_extent(svg_path_ops("M0 0Q50 100 100 0", 0))[1] == pytest.approx(-50)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from("lc"),
            st.lists(st.integers(-500, 500), min_size=6, max_size=6),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_ops_text_round_trips_and_the_extent_contains_every_end_point(segments):
    ops = [("m", (0.0, 0.0))]
    for kind, numbers in segments:
        values = tuple(n / 4 for n in numbers)
        ops.append(("l", values[:2]) if kind == "l" else ("c", values))
    ops.append(("h", ()))
    assert parse_ops(ops_text(ops)) == tuple(ops)
    x0, y0, x1, y1 = path_extent(ops)
    for _, values in ops:
        if values:
            assert x0 <= values[-2] <= x1 and y0 <= values[-1] <= y1


def test_parse_ops_refuses_what_is_not_a_path():
    for text in ("1 2 3 m", "1 2 m 3", "1 2 m q"):
        with pytest.raises(ValueError):
            parse_ops(text)


# --- the subset build ----------------------------------------------------------------------


def _packed(tmp_path: Path, icons: dict, spdx: str = "CC-BY-3.0") -> PackedPackage:
    files = {
        "icons.json": json.dumps({"icons": icons, "width": 512, "height": 512}).encode(),
        "info.json": json.dumps({"license": {"spdx": spdx}}).encode(),
    }
    tarball = tmp_path / "icons.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return PackedPackage(package=GAME_ICONS, tarball=tarball, integrity="sha512-test")


def _every_icon(body: str = '<path fill="currentColor" d="M0 0h8v8z"/>') -> dict:
    return {name: {"body": body} for name in UPSTREAM}


def test_subset_keeps_the_used_icons_only_with_their_credit(tmp_path):
    icons = _every_icon()
    icons["unused-icon"] = {"body": '<path fill="currentColor" d="M0 0h1v1z"/>'}
    document = subset_icons(_packed(tmp_path, icons))
    assert set(document["icons"]) == set(UPSTREAM)
    assert document["icons"]["oak"]["pdf_path"] == "0 512 m 8 512 l 8 504 l h"
    assert document["integrity"] == "sha512-test"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"oak": {"body": '<path fill="currentColor" d="M0 0h8v8z"/><circle r="2"/>'}}, "oak"),
        ({"oak": {"body": '<path fill="#f00" d="M0 0h8v8z"/>'}}, "single-colour"),
        ({"oak": {"body": "<path d="}}, "well-formed"),
        ({"oak": {"body": '<path fill="currentColor" d="M0 0h8v8z"/>', "width": 24}}, "grid"),
    ],
)
def test_subset_refuses_icons_it_cannot_draw_faithfully(tmp_path, change, message):
    icons = _every_icon()
    icons.update(change)
    with pytest.raises(UserError, match=message):
        subset_icons(_packed(tmp_path, icons))


def test_subset_refuses_a_missing_icon_or_a_new_licence(tmp_path):
    icons = _every_icon()
    del icons["anchor"]
    with pytest.raises(UserError, match="no icon anchor"):
        subset_icons(_packed(tmp_path, icons))
    with pytest.raises(UserError, match=r"CC-BY-3\.0"):
        subset_icons(_packed(tmp_path, _every_icon(), spdx="CC-BY-NC-4.0"))


# --- drawing: one form per icon, colours from the caller -------------------------------------


def test_each_icon_is_one_form_reused_in_any_colour(tmp_path):
    doc = new_document(100, 100, DocInfo(title="icons"))
    canvas = doc.canvas
    places = []
    blue, red = Colour(0.1, 0.2, 0.3), Colour(0.8, 0.1, 0.1)
    for index, colour in enumerate((blue, red, blue)):
        places.append(draw_icon(canvas, "oak", 20 + 30 * index, 30, 20, colour))
    draw_icon(canvas, "anchor", 50, 70, 15, Colour(0, 0, 0))
    canvas.showPage()
    draw_icon(canvas, "oak", 50, 50, 40, Colour(0, 0.5, 0))
    canvas.showPage()
    path = doc.save(tmp_path / "icons.pdf")

    reader = PdfReader(path)
    objects = {
        (name, xobjects.raw_get(name).idnum)
        for page in reader.pages
        for xobjects in [page["/Resources"]["/XObject"]]
        for name in xobjects
    }
    # one object per icon for the whole document, whatever the page or the colour
    assert sorted(name for name, _ in objects) == [
        "/FormXob.GameIcon-anchor",
        "/FormXob.GameIcon-oak",
    ]
    oak = reader.get_object(dict(objects)["/FormXob.GameIcon-oak"])
    content = oak.get_data().decode("latin-1")
    assert content.rstrip().endswith(" f")  # nonzero fill, no stroke
    for colour_operator in (" rg", " RG", " k", " K", " g", " G", " cs", " scn"):
        assert colour_operator not in content
    assert content.count(" c") > 10  # real curves, not a placeholder

    with pikepdf.open(path) as pdf:
        uses = icon_uses(pdf.pages[0])
    assert [icon_name(use) for use in uses] == ["oak", "oak", "oak", "anchor"]
    for use, place in zip(uses, places, strict=False):
        assert (use.x0, use.y0, use.x1, use.y1) == pytest.approx(
            (place.x, place.y, place.right, place.top), abs=0.01
        )
        assert max(place.width, place.height) == pytest.approx(20)
    page_one = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert page_one.count(".8 .1 .1 rg") == 1  # the red is set by the caller, outside the form


def test_placement_fits_the_shape_in_its_square():
    place = icon_placement("caravel", 30, 40, 25)
    assert max(place.width, place.height) == pytest.approx(25)
    assert (place.x + place.right) / 2 == pytest.approx(30)
    assert (place.y + place.top) / 2 == pytest.approx(40)
