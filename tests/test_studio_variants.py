"""The rule variants of the studio's material (issue 29 §5): ``POST /api/material/{game}`` takes
``variants``, checked by the games' own choices and bounds, and the PDFs print them exactly as
the command line's options do; the seed's rules build the files they always did."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from generator.games import variants as rules_variants
from generator.games.oie.rules import OCCUPIED_CHOICES
from generator.games.otcho.rolls import PENALTY_RANGE
from generator.games.pronostiques.piles import RACE_LENGTHS
from tests.conftest import pnp
from tests.studio_helpers import studio_client


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("studio-variants-cache")) as client:
        yield client


def material(client, game: str, **body):
    answer = client.post(f"/api/material/{game}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def file_bytes(client, made, name: str) -> bytes:
    (entry,) = [f for f in made["files"] if f["name"] == name]
    answer = client.get(entry["url"])
    assert answer.status_code == 200
    return answer.content


def text(data: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages
    )


def test_the_variants_are_the_rules_own_choices_and_bounds():
    by_name = {variant.name: variant for variant in rules_variants.VARIANTS}
    assert len(by_name) == len(rules_variants.VARIANTS)  # one name, one variant (the kit's too)
    assert by_name["occupied"].choices == OCCUPIED_CHOICES
    assert by_name["laps"].choices == RACE_LENGTHS
    assert (by_name["penalty"].low, by_name["penalty"].high) == PENALTY_RANGE
    for variant in rules_variants.VARIANTS:
        assert len(variant.choice_labels) == len(variant.choices)
        assert variant.check(variant.default) == variant.default
    assert rules_variants.choose(["pronostiques"], {"laps": 8, "pair_bonus": "each"}) == ()


@pytest.mark.parametrize(
    ("game", "variants", "fragments"),
    [
        ("pronostiques", {"laps": 9}, ["laps", "8, 10"]),
        ("pronostiques", {"laps": "10"}, ["laps", "8, 10"]),
        (
            "pronostiques",
            {"three_in_a_row": "diagonal"},
            ["three_in_a_row", "adjacent, relative, none"],
        ),
        ("pronostiques", {"pair_bonus": None}, ["pair_bonus", "each, once"]),
        ("otcho", {"penalty": 7}, ["penalty", "0 to 6"]),
        ("otcho", {"penalty": -1}, ["penalty", "0 to 6"]),
        ("otcho", {"penalty": True}, ["penalty", "0 to 6"]),
        ("otcho", {"penalty": 2.5}, ["penalty", "0 to 6"]),
        ("otcho", {"x_letter_any_card": "yes"}, ["x_letter_any_card", "true or false"]),
        ("oie", {"occupied": "bounce"}, ["occupied", "swap, return"]),
        ("oie", {"laps": 10}, ["'laps'", "occupied"]),
        ("territoires", {"laps": 10}, ["Les territoires has no rule variants"]),
        ("kit", {"bounce": 1}, ["'bounce'", "occupied", "x_letter_any_card", "laps"]),
        ("kit", {"penalty": 9}, ["penalty", "0 to 6"]),
        ("otcho", [], ["JSON object"]),
    ],
)
def test_a_bad_variant_is_one_line_naming_it_and_its_choices(client, game, variants, fragments):
    answer = client.post(
        f"/api/material/{game}", json={"variants": variants}, headers={"accept-language": "en"}
    )
    assert answer.status_code == 422, answer.text
    message = answer.json()["error"]
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message


def test_a_bad_variant_speaks_the_requests_language(client):
    answer = client.post(
        "/api/material/pronostiques",
        json={"variants": {"laps": 12}},
        headers={"accept-language": "fr-FR,fr;q=0.9"},
    )
    assert answer.status_code == 422
    assert answer.json()["error"] == "laps doit être l’un de 8, 10"
    answer = client.post(
        "/api/material/otcho",
        json={"variants": {"penalty": 12}},
        headers={"accept-language": "fr"},
    )
    assert answer.json()["error"] == "penalty doit être un nombre entier de 0 à 6"


@pytest.mark.slow  # two Pronostiques materials and the command's sheets
def test_pronostiques_variants_print_as_the_commands_options(client, tmp_path):
    chosen = {"laps": 10, "pair_bonus": "once", "three_in_a_row": "relative"}
    made = material(client, "pronostiques", variants=chosen)
    default = material(client, "pronostiques")
    assert made["id"] != default["id"]  # the variants are in the cache's key
    aid = file_bytes(client, made, "pronostiques-rules-aid.pdf")
    assert "course de 10 tours" in text(aid) and "(10 cartes)" in text(aid)
    assert "(2 au plus)" in text(aid) and "même séparées" in text(aid)
    assert "course de 8 tours" in text(file_bytes(client, default, "pronostiques-rules-aid.pdf"))
    ran = pnp(
        "pronostiques", "sheets", "--laps", "10", "--pair-bonus", "once",
        "--three-in-a-row", "relative", "--out", str(tmp_path),
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    for name in ("pronostiques-rules-aid.pdf", "pronostiques-score-pad.pdf"):
        assert file_bytes(client, made, name) == (tmp_path / name).read_bytes(), name


@pytest.mark.slow  # Neo Otcho's material twice and the command's
def test_otcho_variants_print_as_the_commands_options(client, tmp_path):
    made = material(
        client, "otcho", language="en", variants={"x_letter_any_card": True, "penalty": 4}
    )
    aid = text(file_bytes(client, made, "otcho-rules-aid.pdf"))
    assert "remove 4 of your pawns" in aid and "costs 4 of your pawns" in aid
    assert "any card" in aid
    ran = pnp(
        "otcho", "sheets", "--players", "6", "--x-letter-any-card", "--penalty", "4",
        "--lang", "en", "--out", str(tmp_path),
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert (
        file_bytes(client, made, "otcho-rules-aid.pdf")
        == (tmp_path / "otcho-rules-aid.pdf").read_bytes()
    )


@pytest.mark.slow  # three boards, one themed with France's places
def test_the_occupied_square_rule_reaches_every_board(client):
    made = material(client, "oie", variants={"occupied": "return"})
    boards = [f["name"] for f in made["files"] if f["name"].endswith(".pdf")]
    assert len(boards) == 3
    for name in boards:
        printed = text(file_bytes(client, made, name))
        assert "retourne à la case d’où il vient" in printed, name
        assert "échange sa place" not in printed, name


@pytest.mark.slow  # the seed's Pronostiques material, asked two ways, and the command's
def test_the_seeds_rules_build_the_files_they_always_did(client, tmp_path):
    nothing = material(client, "pronostiques")
    named = material(
        client,
        "pronostiques",
        variants={"laps": 8, "pair_bonus": "each", "three_in_a_row": "adjacent"},
    )
    empty = material(client, "pronostiques", variants={})
    assert nothing == named == empty  # one key: the same files from the cache
    ran = pnp("pronostiques", "sheets", "--out", str(tmp_path))
    assert ran.returncode == 0, ran.stderr
    for name in ("pronostiques-rules-aid.pdf", "pronostiques-score-pad.pdf"):
        assert file_bytes(client, nothing, name) == (tmp_path / name).read_bytes(), name


def test_a_kits_manifest_records_variants_only_when_chosen(tmp_path):
    from generator.kit.build import KitResult, validate_params
    from generator.kit.manifest import manifest_document
    from generator.kit.model import KitParams

    empty = KitResult((), (), ())
    seed = manifest_document(KitParams(out=tmp_path), empty, [])
    assert "variants" not in seed["parameters"]
    chosen = validate_params(KitParams(out=tmp_path, variants=(("laps", 10), ("penalty", 2))))
    assert chosen.variants == (("laps", 10),)  # the seed's penalty is no variant
    assert manifest_document(chosen, empty, [])["parameters"]["variants"] == {"laps": 10}


def test_each_game_page_shows_its_variants_in_the_pages_language(client):
    page = client.get("/games/pronostiques", headers={"accept-language": "fr"}).text
    assert "Variantes de règle" in page and "Longueur de la course" in page
    assert '<option value="10">10 tours</option>' in page
    assert 'data-variant="laps" data-type="number"' in page
    page = client.get("/games/otcho", headers={"accept-language": "en"}).text
    assert "Rule variants" in page and 'type="checkbox" data-variant="x_letter_any_card"' in page
    assert 'min="0" max="6"' in page and 'value="2"' in page
    page = client.get("/games/oie", headers={"accept-language": "en"}).text
    assert '<option value="swap" selected>' in page
    kit = client.get("/games/kit", headers={"accept-language": "en"}).text
    for legend in ("Jeu de l’Oie", "Neo Otcho", "Pronostiques"):
        assert f"<legend>{legend}</legend>" in kit
    assert "Rule variants" not in client.get("/games/territoires").text


def test_the_api_doc_lists_every_variant_with_its_values():
    import json
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "api.md").read_text(encoding="utf-8")
    rows = {
        cells[2].strip(" `"): cells
        for line in doc.splitlines()
        if len(cells := line.split("|")) == 6
        and cells[1].strip(" `") in {"oie", "otcho", "pronostiques"}
    }
    assert set(rows) == {variant.name for variant in rules_variants.VARIANTS}
    for variant in rules_variants.VARIANTS:
        game, _name, values, default = (cell.strip() for cell in rows[variant.name][1:5])
        assert game == f"`{variant.game}`"
        for value in variant.choices or (variant.low, variant.high):
            if value is not None:
                assert json.dumps(value) in values, (variant.name, value)
        assert default.strip("`") == json.dumps(variant.default), variant.name
