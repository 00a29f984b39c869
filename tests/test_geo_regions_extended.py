"""--region beyond régions and départements: boxes, polygon files, ISO country codes."""

from __future__ import annotations

import json

import pytest

from generator.core.errors import UserError
from generator.core.i18n import speaking
from generator.geo import embedded
from generator.geo.model import Place
from generator.geo.regions import resolve_region

# A triangle around Bordeaux and the Bassin d'Arcachon (lon, lat)
TRIANGLE = [[-1.4, 44.4], [-0.3, 44.6], [-0.9, 45.2], [-1.4, 44.4]]


def _point_in_triangle(lon, lat):
    from shapely.geometry import Point, Polygon

    return Polygon(TRIANGLE).covers(Point(lon, lat))


def test_bbox_region():
    box = resolve_region("-5.2,47.2,-1,48.9")
    assert box.kind == "bbox" and box.bbox == (-5.2, 47.2, -1.0, 48.9)
    inside = box.filter(embedded.communes())
    assert inside and all(47.2 <= p.lat <= 48.9 and -5.2 <= p.lon <= -1 for p in inside)
    names = {p.name for p in inside}
    assert {"Brest", "Rennes", "Quimper"} <= names and "Paris" not in names
    assert box.area().bbox == (-5.2, 47.2, -1.0, 48.9) and box.area().country == ""


@pytest.mark.parametrize(
    "text, message",
    [
        ("1,2,3", "cannot read the box"),
        ("a,b,c,d", "cannot read the box"),
        ("5,50,1,40", "empty or off the globe"),
        ("-200,40,10,50", "empty or off the globe"),
    ],
)
def test_bad_boxes(text, message):
    with pytest.raises(UserError, match=message):
        resolve_region(text)


def test_geojson_polygon_file(tmp_path):
    path = tmp_path / "bassin.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {},
                        "geometry": {"type": "Polygon", "coordinates": [TRIANGLE]},
                    }
                ],
            }
        )
    )
    region = resolve_region(str(path))
    assert region.kind == "polygon" and region.name == "bassin"
    communes = embedded.communes()
    inside = region.filter(communes)
    expected = [p for p in communes if _point_in_triangle(p.lon, p.lat)]
    assert inside == tuple(expected) and len(inside) > 10
    assert "Bordeaux" in {p.name for p in inside} and "Libourne" not in {p.name for p in inside}
    assert region.contains(next(p for p in communes if p.name == "Bordeaux"))


def test_projected_geopackage_is_reprojected(tmp_path):
    import geopandas
    from shapely.geometry import Polygon

    frame = geopandas.GeoDataFrame(
        {"name": ["bassin"]}, geometry=[Polygon(TRIANGLE)], crs=4326
    ).to_crs(2154)
    path = tmp_path / "bassin.gpkg"
    frame.to_file(path, driver="GPKG")
    region = resolve_region(str(path))
    names = {p.name for p in region.filter(embedded.communes())}
    assert "Bordeaux" in names and "Arcachon" in names and "Libourne" not in names


def test_polygon_file_errors(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        resolve_region(str(tmp_path / "missing.geojson"))
    broken = tmp_path / "broken.geojson"
    broken.write_text("{not json")
    with pytest.raises(UserError, match="cannot read polygon file") as info:
        resolve_region(str(broken))
    assert "\n" not in str(info.value)
    points = tmp_path / "points.geojson"
    points.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {},
                        "geometry": {"type": "Point", "coordinates": [0, 45]},
                    }
                ],
            }
        )
    )
    with pytest.raises(
        UserError, match="holds points, not a region's outline; give it with --places"
    ):
        resolve_region(str(points))


@pytest.mark.parametrize("code", ["IT", "be", "CH", "es"])
def test_country_codes_are_served_offline(code):
    region = resolve_region(code)
    assert region.kind == "world" and region.code == code.upper()
    towns = embedded.world_towns(code)
    assert region.filter(towns) == towns
    area = region.area()
    assert area.country == code.upper()
    assert all(area.covers(p.lat, p.lon) for p in towns)


@pytest.mark.parametrize(
    "name, code",
    [("Italie", "IT"), ("belgique", "BE"), ("Cote d'Ivoire", "CI"), ("ROYAUME UNI", "GB")],
)
def test_countries_by_their_french_name(name, code):
    region = resolve_region(name)
    assert (region.kind, region.code) == ("world", code)


def test_a_misspelt_country_name_is_suggested_in_the_cli_language():
    # Either name matches; the suggestion names the country once, in the CLI's language.
    with speaking("en"), pytest.raises(UserError, match="did you mean Belgium, "):
        resolve_region("belgiqe")
    with speaking("fr"), pytest.raises(UserError, match="vouliez-vous dire Belgique, "):
        resolve_region("belgiqe")
    with speaking("fr"), pytest.raises(UserError, match="Italie, Mali") as refused:
        resolve_region("Itali")
    assert "Italy" not in str(refused.value)


def test_a_name_wins_over_a_file_or_folder_of_that_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bretagne").mkdir()
    (tmp_path / "Gironde").write_text("not a polygon")
    assert resolve_region("bretagne").code == "53"
    assert resolve_region("Gironde").code == "33"


def test_a_folder_or_punctuation_is_not_a_region(tmp_path):
    with pytest.raises(UserError, match="is a folder"):
        resolve_region(str(tmp_path))
    for text in ("-", "'", "_"):
        with pytest.raises(UserError, match="unknown region"):
            resolve_region(text)
    assert resolve_region("").kind == "country"  # nothing at all still means France


def test_unknown_country_and_unknown_name():
    with pytest.raises(UserError, match="no embedded towns for country code 'ZZ'"):
        resolve_region("ZZ")
    with pytest.raises(UserError, match="did you mean Bretagne"):
        resolve_region("Brtagne")
    with pytest.raises(UserError, match=r"did you mean .*Provence-Alpes-Côte d'Azur"):
        resolve_region("provence alpes cote dazur")


def test_area_of_french_regions():
    gironde = resolve_region("Gironde")
    area = gironde.area()
    assert area.departements == ("33",) and area.country == "FR"
    assert all(area.covers(p.lat, p.lon) for p in embedded.communes() if p.departement == "33")
    assert resolve_region("france").area().bbox is not None


def test_place_without_departement_counts_for_france_by_position():
    france = resolve_region("france")
    alps = Place(id="wd:Q583", name="Mont Blanc", kind="site", lat=45.83, lon=6.86)
    reunion = Place(id="wd:Q17070", name="Piton des Neiges", kind="site", lat=-21.1, lon=55.5)
    assert france.contains(alps) and not france.contains(reunion)
    assert not resolve_region("bretagne").contains(alps)


@pytest.mark.parametrize(
    ("region", "english", "french"),
    [
        ("-5.2,47.2,-1,48.9", "box -5.2,47.2,-1,48.9", "cadre -5.2,47.2,-1,48.9"),
        ("region:53", "Bretagne (région 53)", "Bretagne (région 53)"),
        ("29", "Finistère (département 29)", "Finistère (département 29)"),
    ],
)
def test_a_region_is_labelled_in_the_language_spoken(region, english, french):
    """A message names the region in the sentence's language: a box is a "cadre" in French
    (région and département are the names English uses too)."""
    selection = resolve_region(region)
    with speaking("en"):
        assert selection.label == english
    with speaking("fr"):
        assert selection.label == french
