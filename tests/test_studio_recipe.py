"""A deck as a recipe (products/oucedonc_recipe.py, products/oucedonc_edits.py): the studio's
edits on the dealt deck, and ``pnp oucedonc deck --recipe`` writing the studio's bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.core.namekeys import name_key
from generator.products.oucedonc_recipe import (
    build_recipe,
    recipe_from_document,
    recipe_key,
    recipe_schema,
)
from generator.web import service
from tests.conftest import one_line_error, pnp

ROOT = Path(__file__).resolve().parent.parent
FINISTERE = {"region": "Finistère"}


def names(made) -> list[str]:
    return [card.name for card in made.built.detail.places]


@pytest.fixture(scope="module")
def plain():
    return build_recipe(recipe_from_document(FINISTERE))


@pytest.fixture(scope="module")
def edited():
    """The teacher's flow: Brest removed, Roscoff added by search, her school by file."""
    document = {
        **FINISTERE,
        "exclude": ["Brest"],
        "include": ["Roscoff"],
        "places": [{"name": "École Jean Jaurès", "lat": 48.4504, "lon": -4.2503}],
    }
    return document, build_recipe(recipe_from_document(document))


def test_the_schema_file_is_the_recipe_record():
    documented = json.loads((ROOT / "docs/schemas/oucedonc-recipe.schema.json").read_text())
    assert documented == recipe_schema()


def test_a_recipe_without_edits_is_the_command_line_deck(plain, tmp_path):
    result = pnp("oucedonc", "deck", "--region", "Finistère", "--out", str(tmp_path / "d.pdf"))
    assert result.returncode == 0, result.stderr
    written = json.loads((tmp_path / "d.json").read_text())
    assert [c["name"] for c in written["cards"] if c["kind"] == "place"] == names(plain)


def test_a_recipe_of_a_region_that_is_one_town_deals_its_sites_as_the_command_line(tmp_path):
    """Paris (75) is one commune: its deck deals its sites, not the town's card (which would
    stand for the whole deck), in the studio as on the command line."""
    made = build_recipe(recipe_from_document({"region": "75"}))
    result = pnp("oucedonc", "deck", "--region", "75", "--out", str(tmp_path / "d.pdf"))
    assert result.returncode == 0, result.stderr
    written = json.loads((tmp_path / "d.json").read_text())
    assert [c["name"] for c in written["cards"] if c["kind"] == "place"] == names(made)
    kinds = {card.place_kind for card in made.built.detail.places}
    assert "Paris" not in names(made) and kinds == {"site"}


def test_a_removed_card_is_replaced_by_one_place_near_it(plain):
    gone = "Brest"
    assert gone in names(plain)
    made = build_recipe(recipe_from_document({**FINISTERE, "exclude": [gone.upper()]}))
    before, after = set(names(plain)), set(names(made))
    assert before - after == {gone}
    (new,) = after - before
    brest = next(c for c in plain.built.detail.places if c.name == gone)
    card = next(c for c in made.built.detail.places if c.name == new)
    assert abs(card.lat - brest.lat) < 0.3 and abs(card.lon - brest.lon) < 0.4  # its place


def test_kept_and_own_places_are_dealt_and_the_rest_stays(plain, edited):
    _document, made = edited
    after = names(made)
    assert "Roscoff" in after and "École Jean Jaurès" in after and "Brest" not in after
    assert len(after) == len(names(plain))
    assert len(set(names(plain)) - set(after)) <= 4  # Brest, and what the new places displaced
    units = [(c.lat_units, c.lon_units) for c in made.built.detail.places]
    assert len({u[0] for u in units}) == len(units) and len({u[1] for u in units}) == len(units)
    keys = [name_key(n) for n in after]
    assert len(set(keys)) == len(keys)


def test_own_places_are_credited_to_the_deck_maker(edited, plain):
    def credits(made):  # the rule cards (credits inside their trim) are on the last sheets
        return " ".join(page.extract_text() for page in PdfReader(_pdf(made)).pages[-4:])

    text = credits(edited[1])
    assert "Lieux ajoutés\u202f:" in text and "votre propre liste" in text  # credited to the user
    assert "votre propre liste" not in credits(plain)  # ...and only when she added places


def _pdf(made):
    import io

    return io.BytesIO(made.built.file("oucedonc.pdf").data)


@pytest.mark.slow  # a deck drawn twice more
def test_the_command_line_writes_the_studio_bytes(edited, tmp_path):
    document, made = edited
    recipe = tmp_path / "deck-recipe.json"
    recipe.write_text(json.dumps(document), encoding="utf-8")
    result = pnp("oucedonc", "deck", "--recipe", str(recipe), "--out", str(tmp_path / "d.pdf"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "d.pdf").read_bytes() == made.built.file("oucedonc.pdf").data
    read = service.read_recipe(document)
    studio = service.build_deck(read.to_json(), service.recipe_key(read), "en")
    assert not isinstance(studio, service.Refusal)
    assert studio["deck.pdf"] == made.built.file("oucedonc.pdf").data


def test_options_the_recipe_sets_are_refused_beside_it(tmp_path):
    recipe = tmp_path / "r.json"
    recipe.write_text(json.dumps(FINISTERE), encoding="utf-8")
    result = pnp(
        "--lang", "en", "oucedonc", "deck", "--recipe", str(recipe), "--seed", "2",
        "--out", str(tmp_path / "d.pdf"),
    )  # fmt: skip
    one_line_error(result, "--seed is set by the recipe")
    assert not (tmp_path / "d.pdf").exists()


@pytest.mark.parametrize(
    ("document", "fragment"),
    [
        ({"region": "Finistère", "seed": "1"}, "seed: should be a whole number"),
        ({"region": "Finistère", "colour": "red"}, "unknown field “colour”"),
        ({"region": "Finistère", "places": [{"name": "x", "lat": 91, "lon": 0}]}, "lat"),
        ({"region": "Finistère", "places": [{"name": "a\u202eb", "lat": 1, "lon": 0}]}, "name"),
        ({"region": "/etc/passwd"}, "not a file"),
        ({"region": "deck.geojson"}, "not a file"),
        ({"region": "Finistère", "include": ["Nulle-Part-sur-Mer"]}, "Nulle-Part-sur-Mer"),
        ({"region": "Finistère", "include": ["Roscoff"], "exclude": ["roscoff"]}, "both"),
    ],
)
def test_a_bad_recipe_is_one_line(document, fragment, tmp_path):
    recipe = tmp_path / "r.json"
    recipe.write_text(json.dumps(document), encoding="utf-8")
    result = pnp(
        "--lang",
        "en",
        "oucedonc",
        "deck",
        "--recipe",
        str(recipe),
        "--out",
        str(tmp_path / "d.pdf"),
    )
    one_line_error(result, fragment)
    assert not (tmp_path / "d.pdf").exists()


def test_two_kept_places_on_one_printed_latitude_are_named(tmp_path):
    document = {
        **FINISTERE,
        "places": [
            {"name": "Ici", "lat": 48.00010, "lon": -4.1},
            {"name": "Là", "lat": 48.00012, "lon": -3.9},  # the same second of latitude
        ],
    }
    with pytest.raises(UserError, match=r"^Ici and Là would print the same latitude, so no player"):
        build_recipe(recipe_from_document(document))


def test_a_name_that_is_no_place_of_the_region_is_a_warning(plain):
    made = build_recipe(recipe_from_document({**FINISTERE, "exclude": ["Lyon"]}))
    assert names(made) == names(plain)
    assert any("Lyon" in warning for warning in made.warnings)


def test_a_place_kept_from_elsewhere_is_dealt_with_its_own_point():
    made = build_recipe(recipe_from_document({**FINISTERE, "include": ["Mont-Saint-Michel"]}))
    card = next(c for c in made.built.detail.places if c.name == "Mont-Saint-Michel")
    assert 48.5 < card.lat < 48.7 and card.place_kind in ("town", "site")


def card_named(made, name):
    return next(c for c in made.built.detail.places if name_key(c.name) == name_key(name))


def test_a_homonym_kept_from_elsewhere_is_the_one_near_the_region():
    """Saint-Denis kept in a Hauts-de-Seine deck is the 93's, not the prefecture of La Réunion
    (a bigger town, 9,000 km away), whether named alone or with its département."""
    hauts_de_seine = {"region": "Hauts-de-Seine", "cards": 15}
    for name in ("Saint-Denis", "Saint-Denis (93)", "Saint-Denis (93066)"):
        made = build_recipe(recipe_from_document({**hauts_de_seine, "include": [name]}))
        card = card_named(made, "Saint-Denis")
        assert 48.9 < card.lat < 49.0 and 2.3 < card.lon < 2.4, name
        assert not any("Saint-Denis lies" in warning for warning in made.warnings), made.warnings
    far = build_recipe(recipe_from_document({**hauts_de_seine, "include": ["Saint-Denis (974)"]}))
    assert card_named(far, "Saint-Denis").lat < -20  # asked for by its code: that one
    assert any(warning.startswith("Saint-Denis lies") for warning in far.warnings), far.warnings


def test_a_place_far_outside_the_region_is_dealt_with_a_warning_naming_it(plain):
    """A point clicked in Ille-et-Vilaine for a Finistère deck, and a school whose file swapped
    latitude and longitude: dealt (it is hers), and said in words."""
    document = {
        **FINISTERE,
        "places": [
            {"name": "Gîte de Guichen", "lat": 47.9664, "lon": -1.7947},
            {"name": "École des Abers", "lat": -4.5637, "lon": 48.5710},
            {"name": "École de Plouzané", "lat": 48.3819, "lon": -4.6190},
        ],
    }
    made = build_recipe(recipe_from_document(document))
    dealt = {card.name for card in made.built.detail.places}
    assert {"Gîte de Guichen", "École des Abers", "École de Plouzané"} <= dealt
    outside = [w for w in made.warnings if w.startswith("Gîte de Guichen lies")]
    swapped = [w for w in made.warnings if w.startswith("École des Abers lies")]
    assert len(outside) == 1 and "Finistère" in outside[0] and "km" in outside[0]
    assert len(swapped) == 1 and "swapped" in swapped[0]
    assert not any(w.startswith("École de Plouzané lies") for w in made.warnings)


def test_around_a_commune_is_a_circle_named_in_the_deck_language():
    document = {"region": {"around": "29233", "km": 50}, "language": "en"}
    made = build_recipe(recipe_from_document(document))
    assert made.built.detail.title == "Oucédonc · Quimperlé and 50 km around"
    quimperle = (47.8726, -3.5498)
    for card in made.built.detail.places:
        assert abs(card.lat - quimperle[0]) < 0.5 and abs(card.lon - quimperle[1]) < 0.75


def test_the_key_is_the_content():
    one = recipe_from_document({"region": "Finistère", "seed": 1})
    same = recipe_from_document({"seed": 1, "region": "Finistère", "schema": "pnp.oucedonc.recipe"})
    other = recipe_from_document({"region": "Finistère", "seed": 2})
    assert recipe_key(one) == recipe_key(same) != recipe_key(other)


def test_the_key_changes_with_the_code_that_makes_the_deck(monkeypatch, tmp_path):
    """A checkout updated in place (git pull) keeps pnp's version: the studio's cache must not
    serve what the older code made (Paris' recipe deck dealt the town card until stop 38)."""
    from generator.core import resources

    recipe = recipe_from_document({"region": "75"})
    before = recipe_key(recipe)
    monkeypatch.setattr(resources, "code_digest", lambda: "another code")
    assert recipe_key(recipe) != before
    monkeypatch.undo()
    assert recipe_key(recipe) == before
    # the digest reads the package's files and the shipped templates, not the bytecode
    digest = resources.code_digest.__wrapped__
    assert digest() == resources.code_digest()
    template = tmp_path / "templates"
    template.mkdir()
    (template / "a.j2").write_text("one", encoding="utf-8")
    monkeypatch.setattr(resources, "package_folder", lambda name: tmp_path / name)
    first = digest()
    (template / "a.j2").write_text("two", encoding="utf-8")
    assert digest() != first
