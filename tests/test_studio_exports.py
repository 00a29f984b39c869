"""The studio's export downloads (``GET /api/decks/{id}/export/{format}.zip``, docs/api.md):
``pnp export``'s packages of the deck being edited (its own places, not France's default deck),
read back from the zip; a bad format or shop is one clear sentence."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest

from tests.studio_helpers import studio_client

SCHOOL = "École Jean Jaurès"
#: A small edited deck: Finistère’s 15 places and the school (the default deck has neither).
ENGLISH = {"accept-language": "en-GB"}
RECIPE = {"region": "dep:29", "cards": 15, "places": [{"name": SCHOOL, "lat": 48.0, "lon": -4.1}]}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("studio-cache")) as client:
        yield client


@pytest.fixture(scope="module")
def deck(client):
    answer = client.post("/api/decks", json=RECIPE)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _zip(answer) -> zipfile.ZipFile:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/zip"
    return zipfile.ZipFile(io.BytesIO(answer.content))


def _names(deck) -> list[str]:
    return [card["name"] for card in deck["cards"] if card["kind"] in ("town", "site")]


@pytest.mark.slow  # a deck and its images drawn
def test_the_screentop_package_is_the_edited_deck(client, deck):
    answer = client.get(f"/api/decks/{deck['id']}/export/screentop.zip")
    assert 'filename="oucedonc-finistere-screentop.zip"' in answer.headers["content-disposition"]
    archive = _zip(answer)
    rows = list(csv.DictReader(io.StringIO(archive.read("oucedonc-cards.csv").decode())))
    assert len(rows) == len(deck["cards"])  # every card of this deck, none of France's
    assert SCHOOL in {row["name"] for row in rows}
    assert {row["name"] for row in rows} >= set(_names(deck))
    assert "README.txt" in archive.namelist()


@pytest.mark.slow  # a deck and its images drawn
def test_the_print_shops_faces_follow_the_shops_template(client, deck):
    archive = _zip(client.get(f"/api/decks/{deck['id']}/export/faces.zip?shop=mpc"))
    manifest = json.loads(archive.read("manifest.json"))
    assert manifest["shop"] == "mpc"
    cards = [row for row in manifest["files"] if row["deck"] == "oucedonc-cards"]
    assert len(cards) == 2 * len(deck["cards"])  # a front and a back each
    assert SCHOOL in {row["name"] for row in cards}
    assert all(row["pixels"] == manifest["template"]["pixels"] for row in cards)


@pytest.mark.slow  # a deck and its images drawn
def test_the_same_package_is_the_same_bytes_from_the_cache(client, deck):
    url = f"/api/decks/{deck['id']}/export/screentop.zip"
    assert client.get(url).content == client.get(url).content


@pytest.mark.slow  # a deck and its images drawn
def test_tabletop_simulator_finds_its_images_at_the_studio(client, deck):
    archive = _zip(client.get(f"/api/decks/{deck['id']}/export/tts.zip"))
    save = json.loads(archive.read("oucedonc.json"))
    text = json.dumps(save, ensure_ascii=False)
    base = f"http://127.0.0.1:8000/api/decks/{deck['id']}/export/tts/oucedonc_images/"
    images = [name for name in archive.namelist() if name.startswith("oucedonc_images/")]
    assert images and all(base + name.split("/")[1] in text for name in images)
    first = images[0].split("/")[1]
    served = client.get(f"/api/decks/{deck['id']}/export/tts/oucedonc_images/{first}")
    assert served.status_code == 200 and served.content == archive.read(images[0])
    first_deck = save["ObjectStates"][0]
    assert len(first_deck["DeckIDs"]) == len(deck["cards"])  # this deck's, not France's 72
    assert SCHOOL in {card["Nickname"] for card in first_deck["ContainedObjects"]}
    missing = client.get(f"/api/decks/{deck['id']}/export/tts/oucedonc_images/none.png")
    assert missing.status_code == 404


@pytest.mark.parametrize(
    ("address", "status", "fragment"),
    [
        ("export/pdf.zip", 404, "no such export; choose faces, tts, tabletopia or screentop"),
        ("export/..%2fdeck.zip", 404, ""),
        (
            "export/faces.zip?shop=printerstudio",
            422,
            "no such print shop; choose tgc, mpc, generic",
        ),
        ("export/tts/oucedonc_images/..%2frecipe.json", 404, ""),
        ("export/tts/oucedonc_images/a.svg", 404, "no such image"),
    ],
)
def test_a_bad_format_is_one_clear_sentence(client, address, status, fragment):
    """Checked before the deck is looked for: no deck needs building."""
    answer = client.get(f"/api/decks/{'0' * 32}/{address}", headers=ENGLISH)
    assert answer.status_code == status
    assert fragment in answer.json()["error"]
    assert "Traceback" not in answer.text


def test_a_deck_not_built_has_no_export(client):
    answer = client.get("/api/decks/" + "0" * 32 + "/export/faces.zip", headers=ENGLISH)
    assert answer.status_code == 404
    assert "no such deck" in answer.json()["error"]


def test_the_studio_serves_the_tts_images_where_pnp_export_puts_them():
    from generator.exports.tts import images_folder
    from generator.web.decks import TTS_IMAGES

    assert images_folder("oucedonc") == TTS_IMAGES
