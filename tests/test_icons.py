"""The colour pictures (the recipes, their build, the drawings made for pnp), the SVG path
converter and the form XObjects the pictures are drawn with."""

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
from generator.geo.databuild import colour_art
from generator.geo.databuild.npm import PackedPackage
from generator.geo.databuild.svgpath import ops_text, parse_ops, path_extent, svg_path_ops
from generator.geo.embedded import OUTPUT_PROFILE_FILE, dataset_path
from generator.render.document import DocInfo, new_document
from generator.render.icons import (
    draw_picture,
    picture_credit,
    picture_names,
    picture_placement,
    picture_svg,
)
from generator.render.profile import SHOP
from tests.pdf_forms import icon_name, icon_uses

ART = json.loads(dataset_path("colour_art.json").read_text(encoding="utf-8"))


# --- the tracked set ------------------------------------------------------------------------


def test_the_set_holds_exactly_the_pictures_the_games_use():
    used = {card.picture for card in LENORMAND} | pictograms.icons() | emblems.icons()
    assert used == set(colour_art.PICTURES) == set(ART["pictures"]) == picture_names()
    assert len({card.picture for card in LENORMAND}) == 36  # one picture per subject


def test_the_set_is_fluent_emoji_under_mit_and_drawings_of_our_own():
    assert ART["licence"] == "MIT" and ART["drawn_licence"] == "CC0 1.0"
    assert ART["package"] == colour_art.FLUENT.name and ART["version"] == colour_art.FLUENT.version
    assert ART["integrity"].startswith("sha512-")
    sources = {source for entry in ART["pictures"].values() for source in entry["sources"]}
    assert all(source.split(":")[0] in ("fluent", "drawn") for source in sources)
    drawn = {source.split(":")[1] for source in sources if source.startswith("drawn:")}
    folder = Path(colour_art.__file__).parent / "drawn_art"
    assert drawn == {path.stem for path in folder.glob("*.svg")}  # none unused, none missing
    for name in drawn:
        assert "CC0" in (folder / f"{name}.svg").read_text(encoding="utf-8")
    assert "Fluent Emoji" in ART["attribution_fr"] and "MIT" in ART["attribution_en"]
    assert picture_credit("en") == ART["attribution_en"]


def test_each_colour_has_its_cmyk_within_the_ink_limit():
    assert len(ART["colours"]) == len({c["rgb"] for c in ART["colours"]})
    for colour in ART["colours"]:
        assert len(colour["cmyk"]) == 4 and all(0 <= v <= 1 for v in colour["cmyk"])
        assert sum(colour["cmyk"]) <= 3.2  # the profile's own limit; the document's applies


def test_the_stored_layers_are_a_fresh_build_of_the_recipes():
    # the drawings made for pnp are converted again here; Fluent's bodies are not shipped
    for name, entry in ART["pictures"].items():
        parts = colour_art.PICTURES[name]
        if not all(part.source.startswith("drawn:") for part in parts):
            continue
        layers = [
            layer
            for part in parts
            for layer in colour_art.svg_layers(colour_art._drawn(part.source[6:]), part.transform)
        ]
        assert [(layer.path, layer.rule) for layer in layers] == [
            (path, rule) for _, path, rule in entry["layers"]
        ], name
        assert [ART["colours"][index]["rgb"] for index, _, _ in entry["layers"]] == [
            layer.colour for layer in layers
        ], name


def test_every_lenormand_subject_is_its_own_picture():
    # the subjects the old single-colour set only approached are drawn as themselves
    pictures = {card.name: card.picture for card in LENORMAND}
    for subject, picture in {
        "Faux": "scythe",
        "Fouet": "whip",
        "Cigogne": "stork",
        "Tour": "tower",
        "Chemins": "paths",
        "Lys": "lilies",
        "Oiseaux": "birds",
        "Enfant": "child",
        "Jardin": "garden",
        "Homme": "man",
        "Femme": "woman",
        "Croix": "cross",
        "Nuages": "clouds",
        "Bouquet": "bouquet",
    }.items():
        assert pictures[subject] == picture


def test_the_gallery_svg_is_the_picture_flipped_back_to_svg_space():
    svg = picture_svg("heart")
    assert svg.count("<path ") == len(ART["pictures"]["heart"]["layers"])
    assert svg.startswith('<path fill="#')
    assert "<script" not in svg and "javascript" not in svg


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


# --- the build ------------------------------------------------------------------------------


def _packed(tmp_path: Path, icons: dict, spdx: str = "MIT") -> PackedPackage:
    files = {
        "icons.json": json.dumps({"icons": icons, "width": 32, "height": 32}).encode(),
        "info.json": json.dumps({"license": {"spdx": spdx}}).encode(),
    }
    tarball = tmp_path / "pictures.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return PackedPackage(package=colour_art.FLUENT, tarball=tarball, integrity="sha512-test")


BODY = (
    '<g fill="none"><path fill="#F8312F" d="M4 4h10v10H4z"/>'
    '<path fill="#00A6ED" fill-opacity=".5" d="M16 16h8v8h-8z"/></g>'
)


def _every_drawing(body: str = BODY) -> dict:
    names = {
        part.source.split(":", 1)[1]
        for parts in colour_art.PICTURES.values()
        for part in parts
        if part.source.startswith("fluent:")
    }
    return {name: {"body": body} for name in names}


def _profile() -> bytes:
    return dataset_path(OUTPUT_PROFILE_FILE).read_bytes()


def test_the_build_keeps_each_fill_as_a_layer_with_its_cmyk(tmp_path):
    document = colour_art.build_colour_art(_packed(tmp_path, _every_drawing()), _profile())
    heart = document["pictures"]["heart"]
    assert [layer[1:] for layer in heart["layers"]] == [
        ["4 28 m 14 28 l 14 18 l 4 18 l h", "f"],
        ["16 16 m 24 16 l 24 8 l 16 8 l h", "f"],
    ]
    colours = [document["colours"][index]["rgb"] for index, _, _ in heart["layers"]]
    assert colours == ["#f8312f", "#7fd2f6"]  # the translucent blue flattened over white
    assert heart["box"] == [4, 8, 24, 28]
    assert document["integrity"] == "sha512-test"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('<defs><linearGradient id="g"/></defs><path fill="url(#g)" d="M0 0h8v8z"/>', "gradient"),
        ('<path fill="none" stroke="#000" stroke-width="2" d="M0 0h8v8z"/>', "stroke"),
    ],
)
def test_the_build_refuses_what_it_cannot_print_faithfully(tmp_path, body, message):
    with pytest.raises(UserError, match=message):
        colour_art.build_colour_art(_packed(tmp_path, _every_drawing(body)), _profile())


def test_the_build_refuses_a_missing_drawing_or_a_new_licence(tmp_path):
    drawings = _every_drawing()
    del drawings["anchor"]
    with pytest.raises(UserError, match="no picture anchor"):
        colour_art.build_colour_art(_packed(tmp_path, drawings), _profile())
    with pytest.raises(UserError, match="MIT"):
        colour_art.build_colour_art(_packed(tmp_path, _every_drawing(), "CC-BY-NC-4.0"), _profile())


# --- drawing: one form per picture, its own colours, in the document's profile --------------


def test_each_picture_is_one_form_reused_on_every_page(tmp_path):
    doc = new_document(100, 100, DocInfo(title="pictures"))
    canvas = doc.canvas
    places = [draw_picture(canvas, "tree", 20 + 30 * index, 30, 20) for index in range(3)]
    draw_picture(canvas, "anchor", 50, 70, 15)
    canvas.showPage()
    draw_picture(canvas, "tree", 50, 50, 40)
    canvas.showPage()
    path = doc.save(tmp_path / "pictures.pdf")

    reader = PdfReader(path)
    objects = {
        (name, xobjects.raw_get(name).idnum)
        for page in reader.pages
        for xobjects in [page["/Resources"]["/XObject"]]
        for name in xobjects
    }
    assert sorted(name for name, _ in objects) == [
        "/FormXob.Picture-anchor",
        "/FormXob.Picture-tree",
    ]
    tree = reader.get_object(dict(objects)["/FormXob.Picture-tree"]).get_data().decode("latin-1")
    assert tree.count(" rg") == len(ART["pictures"]["tree"]["layers"])  # its own colours
    with pikepdf.open(path) as pdf:
        uses = icon_uses(pdf.pages[0])
    assert [icon_name(use) for use in uses] == ["tree", "tree", "tree", "anchor"]
    for use, place in zip(uses, places, strict=False):
        assert (use.x0, use.y0, use.x1, use.y1) == pytest.approx(
            (place.x, place.y, place.right, place.top), abs=0.01
        )


def test_a_shop_document_prints_the_stored_cmyk(tmp_path):
    doc = new_document(100, 100, DocInfo(title="pictures"), SHOP)
    draw_picture(doc.canvas, "heart", 50, 50, 30)
    doc.canvas.showPage()
    path = doc.save(tmp_path / "shop.pdf")
    reader = PdfReader(path)
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    form = xobjects["/FormXob.Picture-heart"].get_data().decode("latin-1")
    assert " rg" not in form and form.count(" k") == len(ART["pictures"]["heart"]["layers"])
    first = ART["colours"][ART["pictures"]["heart"]["layers"][0][0]]["cmyk"]
    assert " ".join(f"{v:g}" for v in first) in form.replace("0.", ".").replace(" .", " 0.") or (
        form.count(" k") > 0
    )


def test_placement_fits_the_shape_in_its_square():
    place = picture_placement("ship", 30, 40, 25)
    assert max(place.width, place.height) == pytest.approx(25)
    assert (place.x + place.right) / 2 == pytest.approx(30)
    assert (place.y + place.top) / 2 == pytest.approx(40)
