"""The studio's HTTP API (docs/api.md) and its checks, through Starlette's test client: the
answers' shapes, the files, the cache, the errors, the language, the access code, the origin."""

from __future__ import annotations

import html
import io
import json
import re
import struct

import pytest
from pypdf import PdfReader

from generator.web.security import MAX_FAILURES
from tests.studio_helpers import FINISTERE, studio_client

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("studio-cache")) as client:
        yield client


@pytest.fixture(scope="module")
def deck(client):
    answer = client.post("/api/decks", json=FINISTERE)
    assert answer.status_code == 200, answer.text
    return answer.json()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_region_search_finds_the_departement_first(client):
    answer = client.get("/api/regions", params={"q": "Finis"})
    assert answer.status_code == 200
    first = answer.json()["regions"][0]
    assert first == {
        "name": "Finistère",
        "kind": "departement",
        "code": "29",
        "region": "dep:29",
        "within": "Bretagne",
    }


def test_a_town_is_offered_with_the_places_around_it(client):
    hits = client.get("/api/regions", params={"q": "quimperle"}).json()["regions"]
    assert hits[0]["name"] == "Quimperlé" and hits[0]["region"] == {"around": "29233", "km": 30}


def test_countries_are_found_by_either_name(client):
    for query in ("Italie", "Italy"):
        hits = client.get("/api/regions", params={"q": query}).json()["regions"]
        assert hits[0]["region"] == "IT"


def test_the_region_search_speaks_the_pages_language(client):
    """A country or subdivision is named as the page speaks (the cookie, else Accept-Language),
    once; places in France keep their French names."""
    english = {"accept-language": "en"}
    hits = client.get("/api/regions", params={"q": "allemagne"}, headers=english).json()
    assert hits["regions"][0] == {
        "name": "Germany",
        "kind": "country",
        "code": "DE",
        "region": "DE",
        "name_fr": "Allemagne",
    }
    hits = client.get("/api/regions", params={"q": "texas"}, headers=english).json()
    assert hits["regions"][0]["within"] == "United States"
    vatican = client.get("/api/regions", params={"q": "vatican"}, headers=english).json()
    assert [hit["name"] for hit in vatican["regions"]] == ["Vatican City"]
    client.cookies.set("pnp_lang", "fr")
    try:
        hits = client.get("/api/regions", params={"q": "texas"}, headers=english).json()
        assert hits["regions"][0]["within"] == "États-Unis"
    finally:
        client.cookies.delete("pnp_lang")
    finistere = client.get("/api/regions", params={"q": "finis"}, headers=english).json()
    assert finistere["regions"][0]["name"] == "Finistère"


def test_place_search_covers_towns_and_sites(client):
    hits = client.get("/api/places", params={"q": "mont saint mi"}).json()["places"]
    assert any(hit["name"] == "Mont-Saint-Michel" for hit in hits)


def test_a_deck_answers_its_cards_and_printed_coordinates(deck):
    assert len(deck["id"]) == 32 and deck["title"] == "Oucédonc · Finistère"
    places = [card for card in deck["cards"] if card["kind"] in ("town", "site")]
    assert len(places) == 63
    brest = next(card for card in places if card["name"] == "Brest")
    assert brest["latitude"].endswith("N") and brest["longitude"].endswith("O")
    assert deck["recipe"]["region"] == "dep:29" and deck["warnings"] == []


def test_the_files_of_a_deck(client, deck):
    base = f"/api/decks/{deck['id']}"
    pdf = client.get(f"{base}.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    assert 'filename="oucedonc-finistere.pdf"' in pdf.headers["content-disposition"]
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == deck["pages"]
    faces = PdfReader(io.BytesIO(client.get(f"{base}/faces.pdf").content))
    assert len(faces.pages) == 2 * len(deck["cards"])
    assert json.loads(client.get(f"{base}/deck.json").content)["title"] == deck["title"]
    recipe = json.loads(client.get(f"{base}/recipe.json").content)
    assert recipe["schema"] == "pnp.oucedonc.recipe"
    referee = client.get(f"{base}/referee.html")
    assert "<code>pnp oucedonc verify --deck</code>" in referee.text
    assert "unsafe-inline" in referee.headers["content-security-policy"]


def test_previews_are_the_faces_drawn(client, deck):
    base = f"/api/decks/{deck['id']}/cards"
    front = client.get(f"{base}/P01/front.png")
    back = client.get(f"{base}/P01/back.png")
    assert front.status_code == back.status_code == 200
    assert png_size(front.content)[0] == 360 and front.content != back.content
    assert client.get(f"{base}/R1/front.png").status_code == 200
    assert client.get(f"{base}/P99/front.png").status_code == 404
    assert client.get(f"{base}/P01/side.png").status_code == 404


def test_a_disputed_placement_is_settled_on_the_printed_coordinates(client, deck):
    cards = {card["name"]: card for card in deck["cards"] if card["kind"] in ("town", "site")}
    brest, quimper = cards["Brest"], cards["Quimper"]
    url = f"/api/decks/{deck['id']}/verify"
    answer = client.get(url, params={"a": "brest", "direction": "north-of", "b": "Quimper"})
    assert answer.status_code == 200, answer.text
    verdict = answer.json()
    assert verdict["a"] == "Brest" and verdict["b"] == "Quimper"
    # Brest's printed latitude is north of Quimper's: the verdict reads the cards' own backs
    assert verdict["correct"] is (brest["lat"] > quimper["lat"]) is True
    assert verdict["printed"]["Brest"] == [brest["latitude"], brest["longitude"]]
    assert (
        verdict["sentence"] == "OUI\u00a0: Brest est au nord de Quimper"
    )  # the browser's language
    english = client.get(
        url,
        params={"a": "Brest", "direction": "south-of", "b": "Quimper"},
        headers={"accept-language": "en"},
    )
    assert english.json()["sentence"] == "NO: Brest is not south of Quimper"


@pytest.fixture(scope="module")
def english_deck(client):
    answer = client.post("/api/decks", json={**FINISTERE, "language": "en", "cards": 15})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_an_english_deck_prints_west_everywhere_the_api_quotes_it(client, english_deck):
    """The cards' ``longitude`` and the verdict's ``printed`` are as the backs print them: W
    on an English deck, whatever the request's language (O on a French one: the deck fixture);
    the referee page is the deck's, in English with its plural."""
    places = [card for card in english_deck["cards"] if card["kind"] in ("town", "site")]
    assert places and all(card["longitude"].endswith(" W") for card in places)
    base = f"/api/decks/{english_deck['id']}"
    a, b = places[0]["name"], places[1]["name"]
    for language in ("en", "fr"):
        verdict = client.get(
            f"{base}/verify",
            params={"a": a, "direction": "north-of", "b": b},
            headers={"accept-language": language},
        ).json()
        assert [text[-1] for pair in verdict["printed"].values() for text in pair] == list("NWNW")
    referee = client.get(f"{base}/referee.html", headers={"accept-language": "fr"}).text
    assert '<html lang="en">' in referee and "15 place cards" in referee
    assert "cartes Lieu" not in referee and "Arbitre" not in referee


def test_the_other_cards_are_named_as_printed_in_the_decks_language(deck, english_deck):
    """The captions under the rule cards, the Interludes and the Direction card: the titles the
    cards print, in the deck's language (an English deck's said "Mise en place" under a card
    printed "Set-up")."""
    others = {card["id"]: card["name"] for card in english_deck["cards"] if "lat" not in card}
    assert others["R2"] == "Set-up" and others["I1"] == "Interlude"
    assert others["D1"] == "Direction" and others["R1"] == "Oucédonc"
    french = {card["id"]: card["name"] for card in deck["cards"] if "lat" not in card}
    assert french["R2"] == "Mise en place" and french["I1"] == "Intermède"


def test_a_verification_of_a_card_not_in_the_deck_is_one_sentence(client, deck):
    url = f"/api/decks/{deck['id']}/verify"
    for params in (
        {"a": "Lyon", "direction": "north-of", "b": "Brest"},  # not a card of this deck
        {"a": "Brest", "direction": "above", "b": "Quimper"},  # no such direction
        {"a": "Brest", "direction": "north-of", "b": "Brest"},  # a card against itself
        {"a": HOSTILE, "direction": "north-of", "b": "x" * 5000},
    ):
        answer = client.get(url, params=params)
        assert answer.status_code == 422, (params, answer.text)
        message = answer.json()["error"]
        assert "\n" not in message and "Traceback" not in message


def test_the_same_recipe_is_served_from_the_cache(client, deck, tmp_path):
    folder = client.app.state.studio.cache_dir / "studio" / "decks" / deck["id"]
    stamp = (folder / "deck.pdf").stat().st_mtime_ns
    again = client.post("/api/decks", json={"schema": "pnp.oucedonc.recipe", **FINISTERE})
    assert again.json() == deck
    assert (folder / "deck.pdf").stat().st_mtime_ns == stamp


def test_a_deck_is_rebuilt_from_its_recipe_alone(client, deck):
    folder = client.app.state.studio.cache_dir / "studio" / "decks" / deck["id"]
    pdf = (folder / "deck.pdf").read_bytes()
    for path in folder.iterdir():
        if path.name != "recipe.json":
            path.unlink()
    assert client.get(f"/api/decks/{deck['id']}.pdf").content == pdf


@pytest.mark.parametrize(
    ("request_args", "status", "fragment"),
    [
        ({"content": b"{", "headers": {"content-type": "application/json"}}, 400, "not valid JSON"),
        ({"content": b"{}", "headers": {"content-type": "text/plain"}}, 415, "JSON"),
        ({"json": {"region": "Atlantide"}}, 422, "Atlantide"),
        ({"json": {"region": "dep:29", "cards": "many"}}, 422, "cards"),
        ({"json": [1, 2]}, 422, "recipe: should be an object, not [1, 2]"),
        (
            {"json": {"region": "dep:29", "cards": 3}},
            422,
            "cards: should be a whole number from 15 to 400, not 3",
        ),
        ({"json": {"region": "/etc/passwd"}}, 422, "not a file"),
        (
            {"content": b" " * 300_000, "headers": {"content-type": "application/json"}},
            413,
            "too large",
        ),
    ],
)
def test_bad_recipes_get_one_clear_line(client, request_args, status, fragment):
    headers = {"accept-language": "en", **request_args.pop("headers", {})}
    answer = client.post("/api/decks", headers=headers, **request_args)
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert fragment in message and "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "ma-recette.json is not valid JSON at line 4, column 1: "),
        ("fr", "ma-recette.json n’est pas du JSON valide à la ligne 4, colonne 1\u00a0: "),
    ],
)
def test_a_recipe_file_not_json_is_named_with_its_line(client, language, said):
    """The page sends a recipe file it cannot read as it is, with its name: the sentence names
    the file, not "the request", and the line at fault (a comma too many)."""
    answer = client.post(
        "/api/decks?file=ma-recette.json",
        content=b'{\n  "region": "dep:29",\n  "cards": 30,\n}\n',
        headers={"content-type": "application/json", "accept-language": language},
    )
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(said)


@pytest.mark.parametrize(
    ("language", "advice"),
    [("en", "choose a larger card size"), ("fr", "choisissez un format de cartes plus grand")],
)
def test_a_name_too_long_for_a_card_is_refused_in_the_studios_words(client, language, advice):
    """A school's name of 77 letters (the studio takes 80): the refusal advises the studio's
    own choice, where it named the command line's --card-size."""
    name = "École maternelle et élémentaire publique Jean-Baptiste-de-La-Salle de Lampaul"
    recipe = {**FINISTERE, "places": [{"name": name, "lat": 48.5, "lon": -4.2}]}
    answer = client.post("/api/decks", json=recipe, headers={"accept-language": language})
    assert answer.status_code == 422, answer.text
    message = answer.json()["error"]
    assert advice in message and name in message and "--" not in message


def test_errors_speak_the_browsers_language(client):
    answer = client.post(
        "/api/decks", json={"region": "Atlantide"}, headers={"accept-language": "fr-FR,fr;q=0.9"}
    )
    assert answer.status_code == 422 and "inconnue" in answer.json()["error"]
    english = client.post(
        "/api/decks", json={"region": "Atlantide"}, headers={"accept-language": "en-GB"}
    )
    assert "unknown region" in english.json()["error"]


def test_a_region_too_small_is_named_in_the_sentences_language(client):
    """The refusal names the region as the request speaks, whatever the deck's language, with
    its number's plural: it said "État de la Cité du Vatican offers only 1 places"."""
    vatican = {"region": "VA"}  # a French deck, asked by an English page
    english = client.post("/api/decks", json=vatican, headers={"accept-language": "en"})
    assert english.status_code == 422
    assert english.json()["error"].startswith("Vatican City offers only 1 place and a deck")
    french = client.post("/api/decks", json={**vatican, "language": "en"})
    assert french.json()["error"].startswith(
        "État de la Cité du Vatican n’offre que 1 lieu et un paquet"
    )
    around = {"region": {"around": "29130", "km": 5}}  # Locmaria-Plouzané, 2 places
    english = client.post("/api/decks", json=around, headers={"accept-language": "en"})
    assert english.json()["error"].startswith(
        "Locmaria-Plouzané and 5 km around offers only 2 places and"
    )


def test_a_region_with_too_few_places_says_so_in_a_code(client):
    """The page suggests a larger distance around a commune for this refusal alone: it showed
    the hint on any refusal (400 cards asked of a region that holds a deck of 44)."""
    for too_few in ({"around": "29130", "km": 5}, "VA"):  # 2 places, 1 place
        answer = client.post(
            "/api/decks", json={"region": too_few}, headers={"accept-language": "en"}
        )
        assert answer.status_code == 422
        assert answer.json()["reason"] == "too-few-places", answer.json()
        # around a commune the sentence advises the distance first, as the page's hint does
        around = isinstance(too_few, dict)
        assert ("choose a larger distance or a larger region" in answer.json()["error"]) is around
    for other in ({"region": {"around": "29233", "km": 30}, "cards": 400}, {"region": "Atlantide"}):
        answer = client.post("/api/decks", json=other)
        assert answer.status_code == 422 and "reason" not in answer.json(), answer.json()


def test_a_deck_around_a_commune_says_where_the_commune_is(client, deck):
    """A recipe opened from a file names the commune by its code alone: the page zooms its map
    on the point the server gives."""
    answer = client.post("/api/decks", json={"region": {"around": "29233", "km": 30}})
    centre = answer.json()["centre"]
    assert centre == {"lat": pytest.approx(47.87, abs=0.01), "lon": pytest.approx(-3.55, abs=0.01)}
    assert deck["centre"] is None  # Finistère


def test_the_place_cards_are_ranked_best_known_first(deck):
    """The zoomed map labels the deck's best-known places, as the deal ranks them; it labelled
    the first dozen of the alphabet (Audierne, Bénodet…, never Quimper)."""
    places = [card for card in deck["cards"] if "lat" in card]
    ranks = {card["name"]: card["rank"] for card in places}
    assert sorted(ranks.values()) == list(range(1, len(places) + 1))
    assert {ranks["Quimper"], ranks["Brest"]} == {1, 2}, ranks
    assert ranks["Morlaix"] < ranks["Coat-Méal"], ranks  # a sous-préfecture, a small town
    assert all("rank" not in card for card in deck["cards"] if "lat" not in card)


def test_unknown_addresses_and_methods(client):
    assert client.get("/api/decks/" + "0" * 32).status_code == 404
    assert client.get("/api/decks/../../etc/passwd").status_code == 404
    assert client.get("/api/decks/%2e%2e%2fetc").status_code == 404
    assert client.delete("/api/decks").status_code == 405
    assert client.get("/static/../../pyproject.toml").status_code == 404


def test_a_hostile_name_stays_text(client):
    document = {**FINISTERE, "places": [{"name": HOSTILE, "lat": 48.3, "lon": -4.0}]}
    answer = client.post("/api/decks", json=document)
    assert answer.status_code == 200, answer.text
    built = answer.json()
    assert any(card["name"] == HOSTILE for card in built["cards"])
    referee = client.get(f"/api/decks/{built['id']}/referee.html").text
    assert HOSTILE not in referee  # inside the page's JSON every "<" is escaped
    pdf = PdfReader(io.BytesIO(client.get(f"/api/decks/{built['id']}.pdf").content))
    assert any(HOSTILE in "".join(page.extract_text().split()) for page in pdf.pages)


def test_uploaded_places(client):
    csv = "nom;latitude;longitude\nÉcole Jules Ferry;47,87;-3,55\n".encode("cp1252")
    answer = client.post("/api/places/file", params={"name": "école.csv"}, content=csv)
    assert answer.json() == {
        "places": [{"name": "École Jules Ferry", "lat": 47.87, "lon": -3.55, "kind": "site"}],
        "warnings": [],
    }
    bad = client.post(
        "/api/places/file",
        params={"name": "a.csv"},
        content=b"name,lat,lon\nx,north,1\n",
        headers={"accept-language": "en"},
    )
    assert bad.status_code == 422
    assert bad.json()["error"] == (
        "a.csv, line 2: lat “north” is not a number; write decimal degrees such as 48.1173"
    )
    rows = "".join(f"Lieu {i};48,{i:04d};-3,5\n" for i in range(201))
    too_many = client.post(
        "/api/places/file",
        params={"name": "classe.csv"},
        content=f"nom;latitude;longitude\n{rows}".encode("cp1252"),
        headers={"accept-language": "en"},
    )
    assert too_many.status_code == 422
    assert too_many.json()["error"] == "classe.csv holds 201 places, more than 200; split it"
    geojson = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"name": "Ici"},
                "geometry": {"type": "Point", "coordinates": [-4.1, 48.2]},
            }
        ],
    }
    answer = client.post(
        "/api/places/file", params={"name": "a.geojson"}, content=json.dumps(geojson)
    )
    assert answer.json()["places"][0] == {"name": "Ici", "lat": 48.2, "lon": -4.1, "kind": "site"}
    big = client.post("/api/places/file", content=b"x" * 600_000, headers={"accept-language": "en"})
    assert big.status_code == 413
    assert big.json()["error"] == (
        "places.csv is larger than 512 kB; keep the places you need, 200 at most"
    )


EMPTY_GEOJSON = b'{"type": "FeatureCollection", "features": []}'


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("vide.csv", b"", "vide.csv is empty; write a header line (name,lat,lon) then"),
        ("vide.csv", b"\xef\xbb\xbf\r\n \r\n", "vide.csv is empty; write a header line"),
        ("ecoles.geojson", EMPTY_GEOJSON, "ecoles.geojson holds no feature; give one Point"),
        ("ecoles.geojson", b'{"type":\n"Feature"', "ecoles.geojson is not valid JSON (line 2)"),
    ],
)
def test_an_empty_or_broken_places_file_is_told_what_it_lacks(client, name, content, said):
    """An empty file is said empty (it was refused for its header on "line 1"), a GeoJSON
    without features gets GeoJSON's advice (it got the CSV's "name,lat,lon"), a broken one says
    the line in the page's language (it quoted the parser's English: "Expecting ',' delimiter:
    line 2 column 1 (char 18)")."""
    answer = client.post(
        "/api/places/file",
        params={"name": name},
        content=content,
        headers={"accept-language": "en"},
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"].startswith(said), answer.json()["error"]


def test_a_places_file_too_long_counts_its_rows_in_the_pages_language(client):
    rows = "".join(f"Lieu {i};48,{i:04d};-3,5\n" for i in range(5000))
    answer = client.post(
        "/api/places/file",
        params={"name": "classe.csv"},
        content=f"nom;latitude;longitude\n{rows}".encode(),
        headers={"accept-language": "fr"},
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"].startswith("classe.csv contient 5\u202f000 lieux, plus de 200")


def test_the_maps_are_svg_of_every_departement(client):
    france = client.get("/api/maps/france.svg")
    assert france.headers["content-type"].startswith("image/svg+xml")
    assert france.text.count('data-region="dep:') == 96
    assert france.text.count('data-region="region:') == 13
    assert 'data-region="IT"' in client.get("/api/maps/world.svg").text


def test_the_world_map_names_the_countries_in_the_pages_language(client):
    """Clicking Chad on the English page chooses "Chad", as the English deck prints it; the
    answer varies with the language, so a browser's cache keeps one map per language."""
    english = client.get("/api/maps/world.svg", headers={"accept-language": "en"})
    french = client.get("/api/maps/world.svg", headers={"accept-language": "fr"})
    assert 'data-region="TD" data-name="Chad"' in english.text and "Tchad" not in english.text
    assert 'data-region="TD" data-name="Tchad"' in french.text
    assert 'aria-label="World"' in english.text and 'aria-label="Monde"' in french.text
    for answer in (english, french):
        assert "Accept-Language" in answer.headers["vary"] and "Cookie" in answer.headers["vary"]


def test_pages_and_headers(client, deck):
    for path in ("/", "/oucedonc", "/games/oie", "/games/kit", f"/phone/{deck['id']}"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
    phone = client.get(f"/phone/{deck['id']}").text
    assert f"http://127.0.0.1:8000/referee/{deck['id']}" in phone
    assert "<svg" not in phone  # no QR code a phone could not open: the studio is on loopback
    qr = client.get(f"/api/decks/{deck['id']}/qr.svg")
    assert qr.headers["content-type"].startswith("image/svg+xml") and "<path" in qr.text


def test_the_language_follows_the_browser_and_the_switch(client):
    assert 'lang="fr"' in client.get("/", headers={"accept-language": "fr-CA,en;q=0.5"}).text
    assert 'lang="en"' in client.get("/", headers={"accept-language": "de, en;q=0.8"}).text
    switched = client.get("/language/en", params={"next": "/oucedonc"}, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/oucedonc"
    client.cookies.set("pnp_lang", "en")
    try:
        assert 'lang="en"' in client.get("/", headers={"accept-language": "fr"}).text
    finally:
        client.cookies.delete("pnp_lang")
    away = client.get("/language/fr", params={"next": "//evil.example"}, follow_redirects=False)
    assert away.headers["location"] == "/"


def test_changes_from_another_site_are_refused(client):
    for headers in ({"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"}):
        answer = client.post("/api/decks", json=FINISTERE, headers=headers)
        assert answer.status_code == 403
    same = client.post("/api/decks", json=FINISTERE, headers={"origin": "http://127.0.0.1:8000"})
    assert same.status_code == 200


def test_on_loopback_another_host_name_is_refused(client):
    assert client.get("/", headers={"host": "rebound.example:8000"}).status_code == 403


def test_on_a_network_the_access_code_is_asked(tmp_path):
    with studio_client(tmp_path, code="1234 5678", base="http://192.0.2.10:8000") as client:
        assert client.get("/api/regions?q=bre").status_code == 403
        page = client.get("/oucedonc", follow_redirects=False)
        assert page.status_code == 303 and page.headers["location"] == "/login?next=/oucedonc"
        assert (
            client.get("/api/regions?q=bre", headers={"x-access-code": "12345678"}).status_code
            == 200
        )
        wrong = client.post("/login", data={"code": "0000 0000"})
        assert wrong.status_code == 403
        right = client.post(
            "/login", data={"code": "1234-5678", "next": "/oucedonc"}, follow_redirects=False
        )
        assert right.status_code == 303 and right.headers["location"] == "/oucedonc"
        assert client.get("/oucedonc").status_code == 200  # the cookie
        assert "1234" not in right.headers["set-cookie"]
        key = "ab" * 16  # a deck in the cache, as another server built it
        folder = tmp_path / "studio" / "decks" / key
        folder.mkdir(parents=True)
        for language in ("fr", "en"):
            (folder / f"summary.{language}.json").write_text(
                json.dumps({"id": key, "title": "Oucédonc", "cards": []})
            )
        phone = client.get(f"/phone/{key}").text
        assert f"http://192.0.2.10:8000/referee/{key}" in phone and "<svg" in phone


def test_wrong_codes_are_throttled(tmp_path):
    with studio_client(tmp_path, code="1234 5678", base="http://192.0.2.10:8000") as client:
        for _ in range(MAX_FAILURES):
            assert client.post("/login", data={"code": "1"}).status_code == 403
        assert client.post("/login", data={"code": "1234 5678"}).status_code == 429


def test_the_login_and_the_language_switch_come_back_with_the_query(tmp_path):
    key = "ab" * 16
    with studio_client(tmp_path, code="1234 5678", base="http://192.0.2.10:8000") as client:
        asked = client.get(f"/oucedonc?deck={key}", follow_redirects=False)
        assert asked.headers["location"] == f"/login?next=/oucedonc%3Fdeck%3D{key}"
        form = client.get(asked.headers["location"]).text
        assert f'name="next" value="/oucedonc?deck={key}"' in form
        assert switch_back(client, form) == asked.headers["location"]  # and the deck after
        for away in ("//evil.example", "/\\evil.example", "https://evil.example"):
            assert 'name="next" value="/"' in client.get("/login", params={"next": away}).text
            wrong = client.post("/login", data={"code": "0", "next": away})
            assert 'name="next" value="/"' in wrong.text
            switched = client.get("/language/en", params={"next": away}, follow_redirects=False)
            assert switched.headers["location"] == "/"
        right = client.post(
            "/login",
            data={"code": "12345678", "next": f"/oucedonc?deck={key}"},
            follow_redirects=False,
        )
        assert right.headers["location"] == f"/oucedonc?deck={key}"
        assert switch_back(client, client.get(f"/oucedonc?deck={key}").text) == (
            f"/oucedonc?deck={key}"
        )


def switch_back(client, page: str) -> str:
    """Where the page's language switch leads."""
    link = re.search(r'class="language" href="([^"]+)"', page)
    assert link
    switched = client.get(html.unescape(link.group(1)), follow_redirects=False)
    return str(switched.headers["location"])
