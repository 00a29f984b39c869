"""A recipe or a places file edited by hand, refused in words (QA pass 43, findings 5 and 6):
what a field takes, the nearest field, a JSON syntax error's line and column, a places file's
column as the file names it, a GeoJSON's areas and lines."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from msgspec import Struct

from generator.products.oucedonc_recipe import MAX_CARDS, MIN_CARDS
from tests.conftest import one_line_error, pnp
from tests.studio_helpers import studio_client

NBSP = ("\u202f", "\xa0")


class Record(Struct, forbid_unknown_fields=True):
    """A record whose allowed values msgspec sorts (alpha, mu, zeta) and the code does not."""

    mode: Literal["zeta", "alpha", "mu"] = "zeta"


def plain(text: str) -> str:
    for space in NBSP:
        text = text.replace(space, " ")
    return text


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("recipe-words-cache")) as client:
        yield client


def refused(client, content: str, language: str) -> str:
    answer = client.post(
        "/api/decks",
        content=content.encode(),
        headers={"content-type": "application/json", "accept-language": language},
    )
    assert answer.status_code in (400, 422), answer.text
    return plain(answer.json()["error"])


#: A recipe edited by hand, what it said (schema jargon), and what it says in each language.
CASES = [
    (
        '{"region": "dep:29", "cards": "45"}',
        f'cards: should be a whole number from {MIN_CARDS} to {MAX_CARDS}, not "45"',
        f'cards : doit être un nombre entier de {MIN_CARDS} à {MAX_CARDS}, pas "45"',
    ),
    (
        '{"region": "dep:29", "difficulty": "facile"}',
        'difficulty: should be easy, normal or hard, not "facile"',
        'difficulty : doit être easy, normal ou hard, pas "facile"',
    ),
    (
        '{"region": "dep:29", "colour": "red"}',
        "recipe: unknown field “colour”; the fields are schema, version, region, cards,",
        "recette : champ inconnu « colour » ; les champs sont schema, version, region, cards,",
    ),
    (
        '{"region": "dep:29", "dificulty": "easy"}',
        "recipe: unknown field “dificulty” (did you mean “difficulty”?)",
        "recette : champ inconnu « dificulty » (vouliez-vous dire « difficulty » ?)",
    ),
    (
        '{"region": "dep:29", "places": [{"name": "École", "lat": "48,39", "lon": -4}]}',
        'places[0].lat: should be a number from −90 to 90, not "48,39"',
        'places[0].lat : doit être un nombre de −90 à 90, pas "48,39"',
    ),
    (
        '{"region": {"around": "Brest", "kms": 10}}',
        "region: unknown field “kms” (did you mean “km”?)",
        "region : champ inconnu « kms » (vouliez-vous dire « km » ?)",
    ),
    (
        '{"region": "dep:29",\n "cards": 45,\n}',
        "not valid JSON at line 3, column 1: a name in double quotes was expected (a comma too "
        "many before “}”?)",
        "n’est pas du JSON valide à la ligne 3, colonne 1 : un nom entre guillemets droits était "
        "attendu (une virgule de trop avant « } » ?)",
    ),
]


@pytest.mark.parametrize(("content", "english", "french"), CASES)
def test_a_hand_edited_recipe_is_refused_in_words(client, content, english, french):
    """It said « cards : on attend `int | null`, pas `str` », « valeur 'facile' non permise »,
    « champ inconnu `colour` », and a trailing comma gave no line."""
    said_en, said_fr = refused(client, content, "en"), refused(client, content, "fr")
    assert english in said_en, said_en
    assert french in said_fr, said_fr
    for jargon in ("`", "int", "str", "null", "enum", "Expecting"):
        assert jargon not in said_en + said_fr


@pytest.mark.parametrize(("content", "english", "french"), CASES)
def test_the_command_line_says_the_same_of_a_recipe_file(tmp_path, content, english, french):
    path = tmp_path / "recette.json"
    path.write_text(content, encoding="utf-8")
    args = ["oucedonc", "deck", "--recipe", str(path), "--out", str(tmp_path / "d.pdf")]
    # the studio names the file "recipe"; the command line its path
    en = english.removeprefix("recipe: ")
    fr = french.removeprefix("recette : ")
    assert en in plain(one_line_error(pnp("--lang", "en", *args)))
    assert fr in plain(one_line_error(pnp("--lang", "fr", *args)))


def test_the_allowed_values_are_read_from_the_recipes_own_type():
    """The words come from the record (msgspec's types and the annotations' order): a value
    added to the schema is said without a second list to keep."""
    from generator.core.schema_words import schema_problem

    problem = schema_problem("Invalid enum value 'x'", "$.mode", Record, {"mode": "x"})
    assert problem is not None and problem.to_json() == 'should be zeta, alpha or mu, not "x"'


# ------------------------------------------------------------------- places files


def test_a_latitude_out_of_range_is_said_as_the_file_writes_it(client, tmp_path):
    """It said « lat 148.39 est hors limites » of a file written « latitude » / « 148,39 »."""
    csv = "nom;latitude;longitude\nÉcole;148,39;-3,5\n".encode("cp1252")
    for language, said in (
        (
            "fr",
            "ecole.csv, ligne 2 : latitude 148,39 est hors limites : une latitude va de −90 à 90",
        ),
        (
            "en",
            "ecole.csv, line 2: latitude 148,39 is out of range: a latitude goes from −90 to 90",
        ),
    ):
        answer = client.post(
            "/api/places/file",
            params={"name": "ecole.csv"},
            content=csv,
            headers={"accept-language": language},
        )
        assert answer.status_code == 422
        assert plain(answer.json()["error"]) == said
    path = tmp_path / "ecole.csv"
    path.write_bytes(csv)
    result = pnp(
        "--lang", "fr", "oucedonc", "deck", "--places", str(path), "--out", str(tmp_path / "d.pdf")
    )
    assert "latitude 148,39 est hors limites : une latitude va de −90 à 90" in plain(
        one_line_error(result)
    )


def feature(name: str, kind: str, coordinates: object) -> dict[str, object]:
    return {
        "type": "Feature",
        "properties": {"name": name},
        "geometry": {"type": kind, "coordinates": coordinates},
    }


def test_a_geojson_of_points_areas_and_lines_keeps_its_places(client):
    """uMap exports mix them: one polygon among points refused the whole file. An area is a
    place at a point inside it; a line (a route) is skipped, and the answer says how many."""
    u_shape = [[[-4.5, 48.3], [-4.4, 48.3], [-4.4, 48.4], [-4.42, 48.4], [-4.42, 48.32],
                [-4.48, 48.32], [-4.48, 48.4], [-4.5, 48.4], [-4.5, 48.3]]]  # fmt: skip
    document = {
        "type": "FeatureCollection",
        "features": [
            feature("École", "Point", [-4.1, 48.2]),
            feature("Cour", "Polygon", u_shape),
            feature("Rando", "LineString", [[-4.5, 48.3], [-4.4, 48.3]]),
            feature("Côte", "MultiLineString", [[[-4.5, 48.3], [-4.4, 48.3]]]),
        ],
    }
    answer = client.post(
        "/api/places/file",
        params={"name": "umap.geojson"},
        content=json.dumps(document),
        headers={"accept-language": "fr"},
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [p["name"] for p in body["places"]] == ["École", "Cour"]
    from shapely.geometry import Point, shape

    court = body["places"][1]
    area = shape({"type": "Polygon", "coordinates": u_shape})
    assert area.contains(Point(court["lon"], court["lat"]))  # inside the U, not its centroid
    assert [plain(w) for w in body["warnings"]] == [
        "umap.geojson : 2 entités sont des lignes, pas des lieux, et ont été ignorées (un point "
        "ou une surface fait une carte)"
    ]
    lines_only = {"type": "FeatureCollection", "features": document["features"][2:]}
    refused_lines = client.post(
        "/api/places/file",
        params={"name": "rando.geojson"},
        content=json.dumps(lines_only),
        headers={"accept-language": "en"},
    )
    assert refused_lines.status_code == 422
    assert refused_lines.json()["error"] == (
        "rando.geojson holds no point nor area; give one Point feature per place"
    )


def test_the_command_line_says_what_a_places_file_left_out(tmp_path):
    """`--places` reads a mixed GeoJSON as the studio does, and says as it does that its line
    was left out (it said nothing: the walk to school vanished without a word)."""
    path = tmp_path / "umap.geojson"
    features = [
        feature("École du Bourg", "Point", [-4.49, 48.39]),
        feature("Le chemin", "LineString", [[-4.49, 48.39], [-4.5, 48.4]]),
    ]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), "utf-8")
    args = ["oucedonc", "deck", "--region", "dep:29", "--cards", "20", "--places", str(path)]
    done = pnp("--lang", "en", *args, "--out", str(tmp_path / "d.pdf"))
    assert done.returncode == 0, done.stderr
    assert f"{path}: 1 feature is a line, not a place, and was skipped" in done.stdout
