"""Bugs found by trying the studio as its users would (a teacher, a script, a hostile client on
the classroom's network): each test failed before its fix."""

from __future__ import annotations

import asyncio
import json

import pytest

from generator.web import jobs as jobs_module
from generator.web import service
from generator.web.app import create_app
from generator.web.security import MAX_FAILURES, loopback
from generator.web.studio import Studio
from tests.studio_helpers import FINISTERE, studio_client


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("studio-qa-cache")) as client:
        yield client


def test_a_name_that_only_starts_with_127_is_no_loopback():
    # 127.0.0.1.nip.io resolves to 127.0.0.1, and a rebinding attacker's name can too
    assert loopback("127.0.0.1") and loopback("127.5.6.7") and loopback("[::1]")
    assert not loopback("127.0.0.1.nip.io")
    assert not loopback("127.attacker.example")


def test_on_loopback_a_host_name_starting_with_127_is_refused(client):
    for host in ("127.0.0.1.nip.io:8000", "127.attacker.example:8000"):
        answer = client.get("/api/regions?q=brest", headers={"host": host})
        assert answer.status_code == 403, host


def test_wrong_codes_in_the_header_are_throttled_too(tmp_path):
    with studio_client(tmp_path, code="1234 5678", base="http://192.0.2.10:8000") as client:
        for _ in range(MAX_FAILURES):
            wrong = client.get("/api/regions?q=brest", headers={"x-access-code": "0000 0000"})
            assert wrong.status_code == 403
        guessed = client.get("/api/regions?q=brest", headers={"x-access-code": "1234 5678"})
        assert guessed.status_code == 429
        assert "error" in guessed.json()


@pytest.mark.parametrize(
    "body",
    [
        '{"region": "\\ud800"}',
        '{"region": "dep:29", "exclude": ["\\ud83d"]}',
        '{"region": "dep:29", "places": [{"name": "\\udfff", "lat": 48.1, "lon": -4.0}]}',
    ],
)
def test_a_lone_surrogate_in_a_recipe_is_a_400_not_a_500(client, body):
    answer = client.post(
        "/api/decks", content=body.encode(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400, answer.text
    assert "JSON" in answer.json()["error"]


def test_a_lone_surrogate_in_a_geojson_upload_is_a_422_not_a_500(client):
    geojson = (
        '{"type": "FeatureCollection", "features": [{"type": "Feature", '
        '"properties": {"name": "\\ud800"}, '
        '"geometry": {"type": "Point", "coordinates": [-3.55, 47.8]}}]}'
    )
    answer = client.post("/api/places/file?name=school.geojson", content=geojson.encode())
    assert answer.status_code == 422, answer.text
    assert "school.geojson" in answer.json()["error"]


@pytest.mark.parametrize("region", ["README.md", "Makefile", "generator", ".."])
def test_a_recipes_region_never_opens_a_file_of_the_servers_folder(
    client, region, monkeypatch, tmp_path
):
    # the server's working folder holds these names (tmp_path does, made so)
    (tmp_path / "README.md").write_text("# notes\n")
    (tmp_path / "Makefile").write_text("all:\n")
    (tmp_path / "generator").mkdir()
    monkeypatch.chdir(tmp_path)
    answer = client.post("/api/decks", json={"region": region})
    assert answer.status_code == 422
    message = answer.json()["error"]
    # the line of a name no file has (French: the client asked no language): nothing read,
    # nothing told of what the folder holds
    assert "inconnue" in message
    assert "impossible de lire" not in message and "dossier" not in message


def test_a_material_region_never_opens_a_file_of_the_servers_folder(client, monkeypatch, tmp_path):
    (tmp_path / "notes").mkdir()
    monkeypatch.chdir(tmp_path)
    answer = client.post("/api/material/oie", json={"region": "notes"})
    assert answer.status_code == 422
    assert "inconnue" in answer.json()["error"]
    assert "dossier" not in answer.json()["error"]


def test_identical_material_requests_at_once_all_get_the_files(tmp_path, monkeypatch):
    """Two teachers (or one double click) asking the same material at once: the second one
    used to get the first one's file names in its own, empty, scratch folder (a 500)."""

    def fake_build(slug, options, scratch, language):
        from pathlib import Path

        (Path(scratch) / "board.pdf").write_bytes(b"%PDF-1.4 board")
        (Path(scratch) / "board.pdf.png").write_bytes(b"\x89PNG board")
        return {"files": ["board.pdf"], "failures": []}

    async def slow_submit(self, function, *args):
        await asyncio.sleep(0.05)  # a worker takes its time: the requests overlap
        return function(*args)

    monkeypatch.setattr(service, "build_material", fake_build)
    monkeypatch.setattr(jobs_module.Jobs, "_submit", slow_submit)
    app = create_app(Studio(tmp_path, workers=0))

    async def post(body: bytes) -> tuple[int, bytes]:
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/api/material/oie",
            "raw_path": b"/api/material/oie",
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json")],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
            "state": {},
        }
        sent = [{"type": "http.request", "body": body, "more_body": False}]
        status, chunks = 0, []

        async def receive() -> dict:
            return sent.pop() if sent else {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await app(scope, receive, send)
        return status, b"".join(chunks)

    async def together() -> list[tuple[int, bytes]]:
        return list(await asyncio.gather(*(post(b'{"seed": 7}') for _ in range(3))))

    answers = asyncio.run(together())
    assert [status for status, _body in answers] == [200, 200, 200], answers
    assert len({json.dumps(json.loads(body), sort_keys=True) for _s, body in answers}) == 1


@pytest.mark.parametrize("query", ["bavaria", "bayern", "Bavière", "baviere"])
def test_the_region_search_finds_the_subdivisions_abroad(client, query):
    """Issue 29 §2: "countries and their subdivisions"; the deck resolved Bavaria, the search
    found nothing."""
    hits = client.get("/api/regions", params={"q": query}).json()["regions"]
    assert hits, query
    first = hits[0]
    assert first["kind"] == "subdivision" and first["region"] == "DE-BY"
    assert first["within"] == "Allemagne"  # the page writes the country beside the name
    assert first.get("name_fr", first["name"]) == "Bavière"
    deck = client.post("/api/decks", json={"region": first["region"], "cards": 15})
    assert deck.status_code == 200, deck.text
    assert deck.json()["title"] == "Oucédonc · Bavière"


def test_every_subdivision_offered_is_a_region_a_recipe_takes():
    from generator.products.oucedonc_recipe import resolve_recipe_region

    offered = {}
    for entry in service._region_index():
        if entry.hit["kind"] == "subdivision":
            offered[entry.hit["region"]] = entry.hit.get("name_fr", entry.hit["name"])
    assert len(offered) > 3000  # every one with an outline (so with towns), not only ISO's
    assert any(":" in key for key in offered)  # no ISO 3166-2 code: its admin1 code
    # the admin1 codes, and one ISO code in ten (every one is a resolution: seconds)
    checked = [key for i, key in enumerate(sorted(offered)) if ":" in key or i % 10 == 0]
    for key in checked:
        name = offered[key]
        selection = resolve_recipe_region(key)
        assert selection.kind == "subdivision" and selection.name == name, key


def test_material_file_names_fold_accents_as_deck_names_do(tmp_path):
    """A Finistère board was "oie-board-finist-re.pdf": the accent became a dash."""
    with studio_client(tmp_path) as client:
        answer = client.post("/api/material/oie", json={"region": "Finistère"})
        assert answer.status_code == 200, answer.text
        names = [file["name"] for file in answer.json()["files"]]
        assert "oie-board-finistere.pdf" in names, names
        assert all(name.isascii() and "-re." not in name for name in names), names
        board = client.get(f"/api/material/{answer.json()['id']}/oie-board-finistere.pdf")
        assert board.status_code == 200 and board.content[:5] == b"%PDF-"


@pytest.mark.parametrize(
    ("document", "french", "english"),
    [
        ([1, 2], "recette : doit être un objet, pas [1, 2] ; voir docs/schemas/",
         "recipe: should be an object, not [1, 2]; see docs/schemas/"),
        ({"colour": "red"}, "champ inconnu « colour » ; les champs sont schema, version, region",
         "unknown field “colour”; the fields are schema, version, region"),
        ({"cards": "many"}, 'cards : doit être un nombre entier de 15 à 400, pas "many"',
         'cards: should be a whole number from 15 to 400, not "many"'),
        ({"seed": -1}, "seed : doit être un nombre entier de 0 à 2 147 483 647, pas -1",
         "seed: should be a whole number from 0 to 2,147,483,647, not -1"),
        ({"places": [{"name": "a"}]}, "le champ « lat » manque (un nombre de −90 à 90)",
         "the field “lat” is missing (a number from −90 to 90)"),
        ({"difficulty": "x"}, 'difficulty : doit être easy, normal ou hard, pas "x"',
         'difficulty: should be easy, normal or hard, not "x"'),
        ({"region": "a\x01"}, "un texte de 1 à 100 caractères sans caractères de contrôle",
         "should be a text of 1 to 100 characters without control characters"),
    ],
)  # fmt: skip
def test_schema_errors_speak_one_language(client, document, french, english):
    """In French the schema's words were English: "recipe : the top level : expected `object`…"."""
    said = {}
    for language in ("fr", "en"):
        answer = client.post("/api/decks", json=document, headers={"accept-language": language})
        assert answer.status_code == 422, answer.text
        said[language] = answer.json()["error"].replace("\u202f", " ").replace("\xa0", " ")
    assert french in said["fr"], said["fr"]
    assert english in said["en"], said["en"]
    for word in ("recipe :", "expected", "got", "top level", "field", "missing", "invalid", "see "):
        assert word not in said["fr"], said["fr"]


def test_warnings_elide_de_before_a_vowel(client):
    """ "prend la place de Abbaye de Landévennec": French writes "d’Abbaye"."""
    school = {"name": "Chez nous", "lat": 48.2915, "lon": -4.2655}  # 0.1 km from the abbey
    said = {}
    # (another recipe for each language: a recipe's summary is cached with the words of the
    # first request's language)
    for language, tokens in (("fr", 5), ("en", 4)):
        document = {**FINISTERE, "places": [school], "tokens_each": tokens}
        answer = client.post("/api/decks", json=document, headers={"accept-language": language})
        assert answer.status_code == 200, answer.text
        said[language] = " ".join(answer.json()["warnings"])
    assert "Chez nous prend la place d’Abbaye de Landévennec" in said["fr"], said["fr"]
    assert "de Abbaye" not in said["fr"]
    assert "gardez aussi Abbaye de Landévennec" in said["fr"]  # the name itself stays whole
    assert "Chez nous takes the place of Abbaye de Landévennec" in said["en"], said["en"]


def test_the_same_recipe_warns_each_language_in_its_own_words(client):
    """The summary (its warnings are sentences) is cached once per language: a script asking
    in English used to get the French warnings of the browser that built the recipe first."""
    school = {"name": "Chez nous", "lat": 48.2915, "lon": -4.2655}  # 0.1 km from the abbey
    document = {**FINISTERE, "places": [school], "tokens_each": 6}
    answers = {}
    for language in ("fr", "en", "fr"):
        answer = client.post("/api/decks", json=document, headers={"accept-language": language})
        assert answer.status_code == 200, answer.text
        answers.setdefault(language, []).append(answer.json())
    assert "prend la place" in " ".join(answers["fr"][0]["warnings"])
    assert "takes the place" in " ".join(answers["en"][0]["warnings"])
    assert answers["fr"][0] == answers["fr"][1]  # each language's own, from the cache
    assert answers["fr"][0]["id"] == answers["en"][0]["id"]  # one deck, one recipe key
    pdf = client.get(f"/api/decks/{answers['en'][0]['id']}.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


@pytest.mark.parametrize(
    ("place", "joined"),
    [("Angers", "d’Angers"), ("Île-de-Batz", "d’Île-de-Batz"), ("Écouen", "d’Écouen"),
     ("Le Mans", "du Mans"), ("Les Andelys", "des Andelys"), ("Brest", "de Brest"),
     ("La Baule", "de La Baule"), ("{old}", "de {old}"), ("A\\1", "d’A\\1")],
)  # fmt: skip
def test_of_places_joins_de_to_the_name_in_french_only(place, joined):
    from generator.core.i18n import speaking
    from generator.games.oucedonc.wording import of_places

    with speaking("fr"):
        text = of_places("{new} prend la place de {old} ; gardez {old}", new="X", old=place)
        assert text == f"X prend la place {joined} ; gardez {place}"
    with speaking("en"):
        assert of_places("{new} of {old}", new="X", old=place) == f"X of {place}"


@pytest.mark.parametrize("address", ["/api/decks", "/api/material/oie"])
def test_an_unknown_region_on_the_web_suggests_no_polygon_file(client, address):
    """The web reads no file: "ou un fichier de polygones" was advice it cannot take."""
    for language, unknown, polygon in (
        ("fr", "inconnue", "fichier de polygones"),
        ("en", "unknown region", "polygon file"),
    ):
        answer = client.post(
            address, json={"region": "Atlantide"}, headers={"accept-language": language}
        )
        assert answer.status_code == 422, answer.text
        message = answer.json()["error"]
        assert unknown in message and "-5.2,47.2,-1,48.9" in message, message
        assert polygon not in message and "fichier" not in message, message


def test_the_command_line_still_suggests_a_polygon_file():
    from generator.core.errors import UserError
    from generator.geo.regions import resolve_region

    with pytest.raises(UserError, match="polygon file"):
        resolve_region("Atlantide")


@pytest.mark.parametrize("body", [b"[1, 2", b"FeatureCollection", b"\n  oops {", b""])
def test_a_broken_geojson_upload_is_said_to_be_broken_json(client, body):
    """A .geojson that did not start with "{" got the CSV's "no header" line."""
    answer = client.post(
        "/api/places/file?name=ecole.geojson", content=body, headers={"accept-language": "en"}
    )
    assert answer.status_code == 422, answer.text
    message = answer.json()["error"]
    assert message.startswith("ecole.geojson is not valid JSON"), message
    assert "header" not in message and "name,lat,lon" not in message, message
    french = client.post("/api/places/file?name=ecole.geojson", content=body)
    assert "n’est pas du JSON valide" in french.json()["error"], french.json()["error"]


@pytest.mark.parametrize("region", ["", "   "])
def test_an_empty_region_is_refused_not_france(client, region):
    """{"region": ""} silently built France; left out, the region is France as documented."""
    answer = client.post("/api/decks", json={"region": region}, headers={"accept-language": "en"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == (
        "recipe: region is empty; name a region (e.g. 'bretagne', '33') or leave region out "
        "for France"
    )
    french = client.post("/api/decks", json={"region": region}).json()["error"]
    assert "region est vide" in french


def test_the_command_line_refuses_an_empty_region_too(tmp_path):
    from generator.cli.own_places import own_region
    from generator.core.errors import UserError

    with pytest.raises(UserError, match="--region is empty"):
        own_region("", None)
    assert own_region(None, None) == "france"


@pytest.mark.parametrize(("cards", "status"), [(14, 422), (15, 200), (47, 200), (401, 422)])
def test_the_card_count_the_schema_takes_is_the_one_that_builds(client, cards, status):
    """The schema took 1 to 400, docs/api.md said 48 or more; 15 (packs of 4) is the floor."""
    answer = client.post(
        "/api/decks", json={"region": "dep:29", "cards": cards}, headers={"accept-language": "en"}
    )
    assert answer.status_code == status, answer.text
    if status == 200:
        places = [c for c in answer.json()["cards"] if c["kind"] in ("town", "site")]
        assert len(places) == cards
    else:
        assert "cards: should be a whole number from 15 to 400" in answer.json()["error"]


def test_the_schema_and_the_rules_agree_on_the_smallest_deck():
    from generator.games.oucedonc.deck import smallest_deck
    from generator.products.oucedonc_recipe import recipe_schema

    cards = recipe_schema()["$defs"]["RecipeRecord"]["properties"]["cards"]["anyOf"][0]
    assert cards["minimum"] == smallest_deck() == 15


def test_a_mistyped_page_address_gets_a_page_not_a_line_of_json(client):
    """A teacher typing /pronostiques (the game pages are /games/pronostiques) got
    {"error": "pas de telle page"}; a browser now gets a page with the menu, a script still
    gets JSON."""
    browser = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8", "accept-language": "fr"}
    page = client.get("/pronostiques", headers=browser)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "Cette page n’existe pas" in page.text and 'href="/games/pronostiques"' in page.text
    script = client.get("/pronostiques", headers={"accept": "application/json"})
    assert script.status_code == 404 and "error" in script.json()
    api = client.get("/api/nothing", headers=browser)
    assert api.status_code == 404 and "error" in api.json()


def test_a_country_code_in_a_material_request_is_the_country_not_a_file(
    client, monkeypatch, tmp_path
):
    """The kit resolves a material request's region again, and looked a country's code up as
    a file of the server's folder first: a file named "IT" there was read as a polygon."""
    (tmp_path / "IT").write_text("not a polygon\n")
    monkeypatch.chdir(tmp_path)
    answer = client.post("/api/material/oie", json={"region": "IT", "seed": 3})
    assert answer.status_code == 200, answer.text
    names = [file["name"] for file in answer.json()["files"]]
    assert any("italie" in name for name in names), names


def test_a_decks_id_names_the_files_stored_under_it(tmp_path, monkeypatch):
    """POST /api/decks answered an id under which nothing was stored (then every preview and
    download a 404): the worker worked the key out again, with its own code digest, which
    differs from the server's when the checkout changes under a running server. The answer's
    id is now the server's key, the one the files are stored under."""
    from generator.core import resources

    digests = iter(["the server's code", *["the checkout pulled since"] * 10])
    monkeypatch.setattr(resources, "code_digest", lambda: next(digests))
    with studio_client(tmp_path) as client:
        answer = client.post("/api/decks", json=FINISTERE)
        assert answer.status_code == 200, answer.text
        key = answer.json()["id"]
        assert (tmp_path / "studio" / "decks" / key / "deck.pdf").is_file()
        again = client.get(f"/api/decks/{key}")
        assert again.status_code == 200 and again.json()["id"] == key


BROWSER = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8", "accept-language": "fr"}
NETWORK = "http://192.0.2.10:8000"


def test_the_pages_own_requests_carry_their_origin(client):
    """``Referrer-Policy: no-referrer`` made Chromium send ``Origin: null`` with the login
    form's POST; a phone at http://192.168.x.y sends no ``Sec-Fetch-Site`` (not a trustworthy
    origin), so every sign-in on the network was refused. ``same-origin`` keeps the origin on
    the studio's own requests and hides the address from other sites."""
    assert client.get("/").headers["referrer-policy"] == "same-origin"
    assert client.get("/api/nothing").headers["referrer-policy"] == "same-origin"


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},  # a plain-HTTP page: no Sec-Fetch-* sent
        {"origin": "null"},  # a sandboxed frame, a data: page, a page hiding its origin
        {"origin": "http://192.0.2.10:8000.evil.example"},
        {"origin": "http://evil.example", "sec-fetch-site": "cross-site"},
        {"origin": "http://192.0.2.10:8000", "sec-fetch-site": "same-site"},
        {"origin": "null", "sec-fetch-site": "cross-site"},
    ],
)
def test_a_change_from_another_site_is_still_refused_on_the_network(tmp_path, headers):
    with studio_client(tmp_path, code="1234 5678", base=NETWORK) as client:
        answer = client.post("/login", data={"code": "1234 5678"}, headers=headers)
        assert answer.status_code == 403 and "pnp_access" not in answer.headers.get(
            "set-cookie", ""
        )
        api = client.post(
            "/api/decks", json=FINISTERE, headers={**headers, "x-access-code": "1234 5678"}
        )
        assert api.status_code == 403 and "error" in api.json()


def test_a_sign_in_from_a_phone_on_the_network_is_taken(tmp_path):
    with studio_client(tmp_path, code="1234 5678", base=NETWORK) as client:
        answer = client.post(
            "/login",
            data={"code": "1234 5678", "next": "/oucedonc"},
            headers={**BROWSER, "origin": NETWORK},  # and no Sec-Fetch-Site
            follow_redirects=False,
        )
        assert answer.status_code == 303 and answer.headers["location"] == "/oucedonc"


def test_a_browser_meets_a_refusal_as_a_page_a_script_as_json(tmp_path):
    """Ten wrong codes showed a phone ``{"error": "trop de mauvais codes…"}``; a refused change
    a line of JSON too. A person now gets the page (the login form again, with the sentence);
    scripts and the pages' own scripts keep JSON."""
    with studio_client(tmp_path, code="1234 5678", base=NETWORK) as client:
        for _ in range(MAX_FAILURES):
            client.post("/login", data={"code": "0"}, headers=BROWSER)
        waiting = client.post(
            "/login", data={"code": "1234 5678", "next": "/oucedonc"}, headers=BROWSER
        )
        assert waiting.status_code == 429
        assert waiting.headers["content-type"].startswith("text/html")
        assert "Trop de mauvais codes\xa0; attendez une minute" in waiting.text
        assert 'id="code"' in waiting.text and 'name="next" value="/oucedonc"' in waiting.text
        script = client.post("/login", data={"code": "1234 5678"})
        assert script.status_code == 429 and "error" in script.json()
        away = client.post("/login", data={"code": "0"}, headers={**BROWSER, "origin": "null"})
        assert away.status_code == 403 and away.headers["content-type"].startswith("text/html")
        assert "Les changements ne viennent que des pages du studio" in away.text
        assert 'href="/"' in away.text
    with studio_client(tmp_path / "loopback") as client:
        other = client.get("/", headers={**BROWSER, "host": "rebound.example:8000"})
        assert other.status_code == 403 and "Ce studio ne répond que sur localhost" in other.text
        assert "error" in client.get("/", headers={"host": "rebound.example:8000"}).json()
