"""The user's own places: --places FILE (CSV, GeoJSON), --include and --exclude NAME, and a
file of points given as --region (issue 31)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.core.errors import UserError
from generator.core.namekeys import name_key
from generator.geo.model import Place
from generator.geo.own_places import (
    FILE_BOUNDS,
    OwnChoice,
    PlacesBounds,
    apply_choice,
    find,
    find_all,
    is_own,
    parse_own_places,
    read_own_places,
)
from tests.conftest import one_line_error, pnp

CLASS_TRIP = (
    "name,lat,lon,kind\n"
    "École Jules-Ferry,48.11250,-1.68010,site\n"
    "Chez Mamie,48.00610,-1.52010,town\n"
    "Moulin du Boël,47.97500,-1.76900,\n"
)


def test_a_csv_file_of_points_gives_own_places(tmp_path):
    path = tmp_path / "sortie.csv"
    path.write_text(CLASS_TRIP, encoding="utf-8")
    places = read_own_places(path)
    assert [(p.name, p.kind, p.site_kind) for p in places] == [
        ("École Jules-Ferry", "site", None),
        ("Chez Mamie", "town", None),
        ("Moulin du Boël", "site", None),
    ]
    assert all(is_own(p) for p in places)
    assert len({p.id for p in places}) == 3
    # French points get the département of the nearest commune: the cards' backs print it
    assert {p.departement for p in places} == {"35"} and {p.country for p in places} == {"FR"}


def test_semicolons_decimal_commas_and_a_site_kind(tmp_path):
    path = tmp_path / "tableur.csv"
    path.write_text("Name;Latitude;Longitude;Kind\nLe château;48,1;-1,6;castle\n", "utf-8")
    (place,) = read_own_places(path)
    assert (place.lat, place.lon, place.kind, place.site_kind) == (48.1, -1.6, "site", "castle")


FRENCH_SPREADSHEET = (
    "nom;latitude;longitude;type\r\n"
    "École Jules-Ferry;48,1125;-1,6801;\r\n"
    "Chez Mamie;48,0061;-1,5201;village\r\n"
    "Moulin du Boël;47,975;-1,769;moulin;;\r\n"  # the empty cells a spreadsheet trails
).encode("cp1252")


def test_a_french_spreadsheets_file_is_read_as_it_was_saved(tmp_path):
    path = tmp_path / "sortie.csv"
    path.write_bytes(FRENCH_SPREADSHEET)
    places = read_own_places(path)
    assert [(p.name, p.kind, p.site_kind, p.lat, p.lon) for p in places] == [
        ("École Jules-Ferry", "site", None, 48.1125, -1.6801),
        ("Chez Mamie", "town", None, 48.0061, -1.5201),
        ("Moulin du Boël", "site", "moulin", 47.975, -1.769),
    ]
    assert {p.departement for p in places} == {"35"}


_NAME_LETTERS = st.characters(
    codec="cp1252", categories=("L", "N", "Zs", "Pd", "Po"), exclude_characters=";\"'"
)


@settings(max_examples=40, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            st.text(_NAME_LETTERS, min_size=1, max_size=60).filter(str.strip),
            st.decimals(-90, 90, places=5),
            st.decimals(-180, 180, places=5),
        ),
        min_size=1,
        max_size=12,
        unique_by=lambda row: name_key(row[0]),
    )
)
def test_a_french_spreadsheet_and_an_english_csv_give_the_same_places(rows):
    english = "name,lat,lon\n" + "".join(f'"{n}",{la},{lo}\n' for n, la, lo in rows)
    french = "nom;latitude;longitude\r\n" + "".join(
        f"{n};{str(la).replace('.', ',')};{str(lo).replace('.', ',')}\r\n" for n, la, lo in rows
    )
    saved = french.encode("cp1252")
    # bytes that are Windows-1252 and UTF-8 at once read as UTF-8 ("Â" then a symbol: "Â¡" is
    # "¡"); no French text writes that
    assume(_utf8(saved) in (None, french))
    read = [parse_own_places(data, "a.csv", FILE_BOUNDS) for data in (english.encode(), saved)]
    assert read[0] == read[1]
    assert [(p.name, p.lat, p.lon) for p in read[0]] == [
        (" ".join(n.split()), float(la), float(lo)) for n, la, lo in rows
    ]


def _utf8(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("ecoles.xlsx", b"PK\x03\x04" + bytes(60)),  # a zip, as xlsx and ods are
        ("ecoles.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(60)),  # an OLE file
        ("ecoles.ods", CLASS_TRIP.encode()),  # the name says it
        ("ecoles.csv", b"PK\x03\x04" + bytes(60)),  # an xlsx renamed
    ],
)
def test_a_spreadsheets_own_file_is_told_to_be_saved_as_csv(name, data):
    """An .xlsx got "line 1: the header must name the columns…": its zip read as a CSV."""
    with pytest.raises(UserError) as refused:
        parse_own_places(data, name, FILE_BOUNDS)
    said = str(refused.value)
    assert said.startswith(f"{name} is a spreadsheet, not a CSV file;"), said
    assert "(File > Save As > CSV)" in said and "header" not in said


def test_a_byte_order_mark_and_utf16_are_read(tmp_path):
    text = "name\tlat\tlon\nVitré\t48.1236\t\u22121.2081\n"  # a typographic minus
    for data in (b"\xef\xbb\xbf" + text.encode("utf-8"), text.encode("utf-16")):
        (place,) = parse_own_places(data, "a.csv", FILE_BOUNDS)
        assert (place.name, place.lat, place.lon) == ("Vitré", 48.1236, -1.2081)


def test_the_bounds_are_the_front_ends(tmp_path):
    rows = "name,lat,lon\n" + "".join(f"L{i},48,{i / 100}\n" for i in range(3))
    with pytest.raises(UserError, match=r"^a\.csv holds 3 places, more than 2; split it$"):
        parse_own_places(rows.encode(), "a.csv", PlacesBounds(1024, 2, 60))
    with pytest.raises(UserError, match=r"^a\.csv is larger than 1 kB; keep the places you need"):
        parse_own_places(rows.encode() + b" " * 1024, "a.csv", PlacesBounds(1024, 2, 60))
    with pytest.raises(UserError, match=r"line 2: the name is longer than 1 characters"):
        parse_own_places(rows.encode(), "a.csv", PlacesBounds(1024, 9, 1))


@pytest.mark.slow  # a whole deck PDF, built by the command
def test_the_command_line_deals_a_french_spreadsheets_places(tmp_path):
    from generator.games.oucedonc.deckfile import deck_from_json

    path = tmp_path / "sortie.csv"
    path.write_bytes(FRENCH_SPREADSHEET)
    out = tmp_path / "deck.pdf"
    result = pnp(*["oucedonc", "deck", "--region", "35", "--places", str(path), "--out", str(out)])
    assert result.returncode == 0, result.stderr
    deck = deck_from_json(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert {"École Jules-Ferry", "Chez Mamie", "Moulin du Boël"} <= {c.name for c in deck.places}


def test_places_count_reads_a_french_spreadsheets_file(tmp_path):
    path = tmp_path / "sortie.csv"
    path.write_bytes(FRENCH_SPREADSHEET)
    result = pnp(*["places", "--region", "35", "--count", "20", "--places", str(path)])
    assert result.returncode == 0, result.stderr
    assert all(name in result.stdout for name in ("École Jules-Ferry", "Chez Mamie"))


def test_a_geojson_file_of_points(tmp_path):
    path = tmp_path / "points.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"name": "Piton des Neiges", "kind": "mountain"},
                        "geometry": {"type": "Point", "coordinates": [55.4781, -21.0994]},
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    (place,) = read_own_places(path)
    assert (place.name, place.lat, place.lon, place.departement) == (
        "Piton des Neiges",
        -21.0994,
        55.4781,
        "974",
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("ville,a,b\nA,1,2\n", "line 1: the header must name the columns name, lat and lon"),
        ("name,lat,lon\nA,abc,2\n", "line 2: lat “abc” is not a number"),
        ("name,lat,lon\nA,48,2\n\nB,95,2\n", "line 4: lat 95 is out of range"),
        ("name,lat,lon\n,48,2\n", "line 2: the name is empty"),
        ("name,lat,lon\nA,48,2\na,47,2\n", "line 3: 'a' is already the place of line 2"),
        ("name,lat,lon\nA,48,2,9\n", "line 2: more cells than the header names"),
        ("name,lat,lon\nA,48,2\n" + "\x01,48,2\n", "line 3: the name holds a control character"),
        ("name,lat,lon\n" + "A" * 61 + ",48,2\n", "line 2: the name is longer than 60 characters"),
        ('name,lat,lon\n"A\nB",48,2\nC,4 8,2\n', "line 4: lat “4 8” is not a number"),
        ("name,lat,lon\n", "holds no place"),
    ],
)
def test_a_bad_row_is_one_line_naming_the_file_and_the_line(tmp_path, text, fragment):
    path = tmp_path / "mine.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match=re.escape(fragment)):
        read_own_places(path)
    with pytest.raises(UserError, match=r"mine\.csv"):
        read_own_places(path)


def test_a_geojson_feature_that_is_not_a_point_is_named(tmp_path):
    path = tmp_path / "mine.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {"type": "Feature", "properties": {"name": "A"}, "geometry": None},
                ],
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(UserError, match=r"mine\.geojson, feature 1: not a Point"):
        read_own_places(path)


def place(name: str, departement: str, code: str, lat: float, lon: float) -> Place:
    return Place(f"insee:{code}", name, "town", lat, lon, departement=departement, insee=code)


CANDIDATES = (
    place("Saint-Denis", "93", "93066", 48.93564, 2.35387),
    place("Saint-Denis", "974", "97411", -20.88231, 55.45040),
    place("Saint-Malo", "35", "35288", 48.64720, -2.00880),
    place("L'Île-d'Yeu", "85", "85113", 46.72280, -2.34720),
)


def test_names_match_as_the_referee_matches_them():
    assert find("st malo", CANDIDATES, "France", "--include").id == "insee:35288"
    assert find("l ile d yeu", CANDIDATES, "France", "--include").id == "insee:85113"
    assert find("Saint-Denis (974)", CANDIDATES, "France", "--include").id == "insee:97411"
    with pytest.raises(UserError, match=r"names 2 places: Saint-Denis \(93\), Saint-Denis \(974\)"):
        find("Saint-Denis", CANDIDATES, "France", "--include")
    with pytest.raises(UserError, match="did you mean Saint-Malo"):
        find("Saint-Malot", CANDIDATES, "France", "--exclude")


def test_a_village_that_is_a_commune_and_a_site_is_one_place():
    # Locronan is a commune of the Finistère and one of the villages curated as sites (the
    # village is the sight): one place, as its cards print it; --include pins the site,
    # --exclude leaves both out
    from generator.geo.pick import PickRequest, region_candidates

    _, candidates = region_candidates(PickRequest(region="29"))
    both = find_all("Locronan", candidates, "Finistère", "--exclude")
    assert sorted(p.kind for p in both) == ["site", "town"]
    assert find("locronan", candidates, "Finistère", "--include").kind == "site"
    kept, pinned = apply_choice(candidates, OwnChoice(exclude=("Locronan",)), "Finistère")
    assert "Locronan" not in {p.name for p in kept} and not pinned
    kept, pinned = apply_choice(candidates, OwnChoice(include=("Locronan",)), "Finistère")
    assert pinned == (find("Locronan", candidates, "Finistère", "--include").id,)


def test_a_place_both_included_and_excluded_is_one_line_that_says_so():
    with pytest.raises(UserError, match=r"--include 'st malo' names a place that --exclude leaves"):
        apply_choice(CANDIDATES, OwnChoice(include=("st malo",), exclude=("Saint-Malo",)), "x")
    # a name that is nowhere keeps its own refusal, with the closest names of the places kept
    with pytest.raises(UserError, match="no place of that name in x; did you mean Saint-Malo"):
        apply_choice(CANDIDATES, OwnChoice(include=("Saint-Malot",), exclude=("L'Île-d'Yeu",)), "x")


def test_the_choice_leaves_out_pins_and_adds(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text(CLASS_TRIP, encoding="utf-8")
    choice = OwnChoice(include=("saint malo",), exclude=("L'Île-d'Yeu",), places_file=path)
    places, pinned = apply_choice(CANDIDATES, choice, "France")
    names = [p.name for p in places]
    assert "L'Île-d'Yeu" not in names and names[:3] == [
        "École Jules-Ferry",
        "Chez Mamie",
        "Moulin du Boël",
    ]
    assert pinned[-1] == "insee:35288" and len(pinned) == 4


@pytest.mark.slow  # a whole deck PDF, built by the command
def test_a_deck_of_a_region_holds_the_included_and_own_places_credited_to_the_user(tmp_path):
    from generator.games.oucedonc.deckfile import deck_from_json

    path = tmp_path / "sortie.csv"
    path.write_text(CLASS_TRIP, encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = pnp(
        *[
            "oucedonc", "deck", "--region", "35", "--places", str(path), "--include", "Vitré",
            "--exclude", "Fougères", "--out", str(out),
        ]
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    deck = deck_from_json(out.with_suffix(".json").read_text(encoding="utf-8"))
    names = {card.name for card in deck.places}
    assert {"École Jules-Ferry", "Chez Mamie", "Moulin du Boël", "Vitré"} <= names
    assert "Fougères" not in names
    import pypdf

    text = "".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "votre propre liste" in text


def test_a_deck_of_own_places_alone_in_smaller_packs(tmp_path):
    from generator.games.oucedonc.deckfile import deck_from_json

    rows = ["name,lat,lon"] + [
        f"Lieu {i},{47.0 + 0.11 * i:.5f},{-2.0 + 0.137 * (i % 7) + 0.01 * i:.5f}" for i in range(20)
    ]
    path = tmp_path / "classe.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    out = tmp_path / "classe.pdf"
    result = pnp(*["oucedonc", "deck", "--places", str(path), "--out", str(out)])
    assert result.returncode == 0, result.stderr
    deck = deck_from_json(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert len(deck.places) == 20 and (deck.packs, deck.pack_size) == (3, 5)
    assert deck.region == "classe"


def test_a_file_of_points_given_as_region_says_to_use_places(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text(CLASS_TRIP, encoding="utf-8")
    result = pnp(*["oucedonc", "deck", "--region", str(path), "--out", str(tmp_path / "d.pdf")])
    one_line_error(result, "give it with --places")
    geojson = tmp_path / "mine.geojson"
    geojson.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"name": "A"},
                        "geometry": {"type": "Point", "coordinates": [-1.6, 48.1]},
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    result = pnp(*["oucedonc", "deck", "--region", str(geojson), "--out", str(tmp_path / "d.pdf")])
    one_line_error(result, "holds points, not a region's outline")


def test_a_bad_places_file_fails_before_writing_anything(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("name,lat,lon\nA,48.1,abc\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = pnp(*["oucedonc", "deck", "--region", "35", "--places", str(path), "--out", str(out)])
    one_line_error(result, "mine.csv, line 2: lon “abc” is not a number")
    assert not out.exists() and not out.with_suffix(".json").exists()


def test_own_places_that_tie_on_every_grid_are_named(tmp_path):
    path = tmp_path / "jumeaux.csv"
    rows = ["name,lat,lon"] + [
        f"Lieu {i},{47.0 + 0.2 * i:.5f},{-2.0 + 0.2 * i:.5f}" for i in range(19)
    ]
    rows.append("Lieu double,47.00002,-0.5")  # Lieu 0's printed latitude, even in seconds
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = pnp(*["oucedonc", "deck", "--places", str(path), "--out", str(tmp_path / "d.pdf")])
    one_line_error(result, "cannot be in this deck")


def test_an_unknown_include_is_one_line_with_the_closest_names(tmp_path):
    result = pnp(*["places", "--region", "35", "--count", "20", "--include", "Saint-Malot"])
    one_line_error(result, "did you mean Saint-Malo")


def test_own_places_options_need_a_count_in_places(tmp_path):
    result = pnp(*["places", "--region", "35", "--include", "Vitré"])
    one_line_error(result, "--include shapes a deck")
