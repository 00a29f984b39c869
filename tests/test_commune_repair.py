"""The IGN outline check of ``pnp data build``: derive, decode, and each repair rule."""

from __future__ import annotations

import gzip
import json

import pytest

from generator.core.errors import UserError
from generator.geo.databuild.cities_pbf import GeoNamesCity
from generator.geo.databuild.etalab import EtalabCommune
from generator.geo.databuild.ign_outlines import (
    commune_geometry,
    derive,
    geometry,
    outside_m,
    read_outlines,
)
from generator.geo.databuild.join import join_communes
from generator.geo.databuild.repair import check_communes

# a commune 0.1° square (about 7.4 km by 11 km at 47° N) and its neighbour to the east
SQUARE = [[[0.0, 47.0], [0.1, 47.0], [0.1, 47.1], [0.0, 47.1], [0.0, 47.0]]]
EAST = [[[0.1, 47.0], [0.2, 47.0], [0.2, 47.1], [0.1, 47.1], [0.1, 47.0]]]


def _reference(tmp_path, features):
    path = tmp_path / "communes.geojson.gz"
    document = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"code": code, "nom": name},
                "geometry": {"type": "Polygon", "coordinates": rings},
            }
            for code, name, rings in features
        ],
    }
    path.write_bytes(gzip.compress(json.dumps(document).encode()))
    return path


@pytest.fixture
def outlines(tmp_path):
    reference = _reference(
        tmp_path,
        [
            ("72001", "Carré", SQUARE),
            ("72002", "Voisine", EAST),
            ("97101", "Outre-mer", SQUARE),
        ],
    )
    return read_outlines(derive(reference))


def city(gid, lat, lon, code="72001", name="Carré", feature="PPL", population=1000):
    return GeoNamesCity(
        geonames_id=gid,
        name=name,
        country="FR",
        admin1="52",
        admin3="",
        admin4=code,
        feature_code=feature,
        population=population,
        lat_e5=round(lat * 100_000),
        lon_e5=round(lon * 100_000),
    )


COMMUNE = EtalabCommune("72001", "Carré", "72", "52", 1000)


def _check(outlines, places, commune=COMMUNE):
    joined = join_communes(places, [commune])
    return check_communes(joined.joined, outlines).communes[0]


def test_derive_keeps_metropolitan_outlines_exactly(outlines):
    assert sorted(outlines) == ["72001", "72002"]  # overseas left out
    shape = geometry(outlines["72001"])
    assert shape.bounds == pytest.approx((0.0, 47.0, 0.1, 47.1))


def test_derive_refuses_a_file_that_is_not_the_reference(tmp_path):
    bad = tmp_path / "bad.geojson.gz"
    bad.write_bytes(b"not json")
    with pytest.raises(UserError, match="communes-ign-2018"):
        derive(bad)


def test_a_point_inside_or_on_the_simplified_border_is_kept(outlines):
    inside = _check(outlines, [city(1, 47.05, 0.05)])
    assert (inside.point, inside.outside_before_m) == ("geonames", 0.0)
    near = _check(outlines, [city(1, 47.05, 0.1009)])  # 68 m east of the border
    assert near.point == "geonames" and 0 < near.outside_before_m < 100
    assert (near.lat_e5, near.lon_e5) == (4_705_000, 10_090)


def test_another_geonames_place_of_the_commune_comes_first(outlines):
    wrong = city(1, 47.05, 0.15, feature="PPLA3")  # preferred by the join, but next door
    right = city(2, 47.02, 0.03, name="Carré-Bourg")
    checked = _check(outlines, [wrong, right])
    assert checked.point == "geonames-other"
    assert (checked.geonames_id, checked.lat_e5, checked.lon_e5) == (2, 4_702_000, 3_000)


@pytest.mark.parametrize(
    ("lat", "lon"),
    [(47.05, -0.05), (47.05, 1.05), (47.05, -0.95), (48.05, 0.05), (46.05, 0.05)],
)
def test_a_typing_slip_is_undone_when_the_fix_lands_inside(outlines, lat, lon):
    checked = _check(outlines, [city(1, lat, lon)])
    assert checked.point == "geonames-fixed"
    assert outside_m(geometry(outlines["72001"]), checked.lat_e5 / 1e5, checked.lon_e5 / 1e5) == 0
    assert checked.outside_before_m > 1000


def test_a_point_just_across_the_border_moves_inside_near_where_it_was(outlines):
    checked = _check(outlines, [city(1, 47.05, 0.11)])  # 760 m into the neighbour
    assert checked.point == "geonames-moved"
    lat, lon = checked.lat_e5 / 1e5, checked.lon_e5 / 1e5
    assert lat == pytest.approx(47.05, abs=1e-4)
    # 150 m inside the border: 0.1 - 150 m / (111.2 km × cos 47°)
    assert lon == pytest.approx(0.1 - 0.150 / (111.195 * 0.682), abs=2e-4)
    assert checked.outside_after_m == 0


def test_a_point_far_away_goes_to_the_heart_of_the_outline(outlines):
    checked = _check(outlines, [city(1, 47.35, 0.35)])
    assert checked.point == "ign-interior"
    assert (checked.lat_e5 / 1e5, checked.lon_e5 / 1e5) == pytest.approx((47.05, 0.05), abs=1e-3)


def test_a_commune_nouvelle_is_checked_against_the_union_of_its_former_communes(outlines):
    merged = EtalabCommune("72001", "Carré-Voisine", "72", "52", 2000, former_codes=("72002",))
    checked = _check(outlines, [city(1, 47.05, 0.15, name="Carré-Voisine")], merged)
    assert checked.point == "geonames"
    assert commune_geometry(outlines, "72001", ("72002",)).area == pytest.approx(0.02)
