"""The studio's API under a fuzz: thousands of seeded malformed requests (paths, methods,
headers, bodies, recipes), and hypothesis's JSON documents as recipes. No answer is a 500 or
carries a traceback; every error is one line of JSON; the server keeps serving after each."""

from __future__ import annotations

import json
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.studio_helpers import studio_client

METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD")
KEY = "0123456789abcdef" * 2
PATHS = (
    "/",
    "/oucedonc",
    "/games/{word}",
    "/referee/{key}",
    "/phone/{key}",
    "/login",
    "/language/{word}",
    "/api/regions?q={word}",
    "/api/places?q={word}",
    "/api/places/file?name={word}",
    "/api/decks",
    "/api/decks/{key}",
    "/api/decks/{key}.pdf",
    "/api/decks/{key}/faces.pdf",
    "/api/decks/{key}/recipe.json",
    "/api/decks/{key}/referee.html",
    "/api/decks/{key}/qr.svg",
    "/api/decks/{key}/cards/{word}/{word}.png",
    "/api/maps/{word}.svg",
    "/api/material/{word}",
    "/api/material/{key}/{word}",
    "/static/{word}",
    "/{word}",
)
WORDS = (
    "",
    "..",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "P01",
    "front",
    "oie",
    "kit",
    "fr",
    "en",
    "france",
    "\u202e\u0000",
    "<script>alert(1)</script>",
    "a" * 3000,
    "Finistère",
    "%ff%fe",
    "studio.css",
)
FIELDS = {
    "region": ("dep:29", "Atlantide", "", 3, None, {"around": "29233", "km": 1}, ["x"], "a" * 500),
    "cards": (0, -1, 10**30, "63", 1.5, None, 47),
    "seed": (-1, 2**40, "x", True, 0.5),
    "include": ("Brest", [1], ["Nulle-Part"] * 3, [""], None),
    "exclude": ([], ["Brest"], "Brest", [{"a": 1}]),
    "places": (
        [{"name": "x", "lat": 1e309, "lon": 0}],
        [{"name": "", "lat": 0, "lon": 0}],
        [{"name": "x", "lat": "48", "lon": "-4"}],
        [{"name": "x" * 200, "lat": 48, "lon": -4}],
        [{}],
        "x",
    ),
    "paper": ("a4", "A5", 4),
    "card_size": ("poker", "1x1", "../../x", "9" * 30),
    "duplex": ("long", "diagonal"),
    "back_offset": ("0,0", "x,y", "1" * 50),
    "bleed": (-1, 100, "1"),
    "language": ("fr", "de", None),
    "profile": ("shop", "office"),
    "difficulty": ("easy", "impossible"),
    "sites_share": (2, -0.5, "half"),
    "tokens_each": (0, 99),
    "schema": ("pnp.oucedonc.recipe", "other"),
    "version": (1, 2, 0),
    "extra": (1,),
}


def random_recipe(rng: random.Random) -> object:
    """A recipe with a few fields, most of them wrong; never a buildable one (no region that
    resolves beside only valid fields), so that the fuzz stays fast."""
    document = {"region": "Atlantide"}
    for name in rng.sample(sorted(FIELDS), rng.randint(1, 5)):
        document[name] = rng.choice(FIELDS[name])
    if document.get("region") == "dep:29":
        document["paper"] = "A5"  # keep it unbuildable
    return rng.choice([document, [document], json.dumps(document), None])


def random_body(rng: random.Random) -> tuple[bytes, str | None]:
    kind = rng.randrange(6)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(200))), None
    if kind == 1:
        text = json.dumps(random_recipe(rng))
        return text[: rng.randrange(len(text) + 1)].encode(), "application/json"
    if kind == 2:
        return json.dumps(random_recipe(rng)).encode(), "application/json"
    if kind == 3:
        return b"nom;latitude;longitude\n" + "".join(
            rng.choice(string.printable) for _ in range(rng.randrange(300))
        ).encode(), "text/csv"
    if kind == 4:
        return b"[" * rng.randrange(1, 100_000), "application/json"
    return b"code=" + str(rng.randrange(10**8)).encode(), "application/x-www-form-urlencoded"


def random_request(rng: random.Random) -> dict:
    path = rng.choice(PATHS).replace("{key}", rng.choice((KEY, "zz", "", KEY[:-1] + "g")))
    while "{word}" in path:
        path = path.replace("{word}", rng.choice(WORDS), 1)
    headers = {}
    if rng.random() < 0.3:
        headers["accept-language"] = rng.choice(("fr", "en;q=x", "*", "fr;q=0.1, en;q=0.9", "ß"))
    if rng.random() < 0.2:
        headers["sec-fetch-site"] = rng.choice(("same-origin", "cross-site", "none", "x"))
    if rng.random() < 0.2:
        headers["cookie"] = rng.choice(("pnp_lang=de", "pnp_access=0", "pnp_lang=en", "=;="))
    if rng.random() < 0.1:
        headers["content-length"] = rng.choice(("-1", "abc", "99999999999"))
    body, media = random_body(rng) if rng.random() < 0.7 else (b"", None)
    if media:
        headers["content-type"] = media
    return {"method": rng.choice(METHODS), "url": path, "headers": headers, "content": body}


def check(answer) -> None:
    request = answer.request
    assert answer.status_code < 500, (request.method, str(request.url)[:200], answer.text[:300])
    assert "Traceback" not in answer.text
    if (
        answer.status_code >= 400
        and answer.headers.get("content-type") == "application/json"
        and answer.request.method != "HEAD"
    ):
        message = answer.json()["error"]
        assert message and "\n" not in message


def fuzz(count: int, seed: int, tmp_path) -> None:
    rng = random.Random(seed)
    with studio_client(tmp_path) as client:
        for number in range(count):
            request = random_request(rng)
            try:
                answer = client.request(**request)
            except Exception as exc:  # the client refused to send it (an invalid header)
                if type(exc).__name__ in ("LocalProtocolError", "InvalidURL", "UnicodeEncodeError"):
                    continue
                raise
            check(answer)
            if number % 250 == 0:
                assert client.get("/api/regions?q=bre").status_code == 200  # still serving
        assert client.get("/").status_code == 200


def test_a_short_fuzz_of_the_api(tmp_path):
    fuzz(200, 29, tmp_path)


@pytest.mark.slow
def test_thousands_of_fuzzed_requests(tmp_path):
    fuzz(4000, 2029, tmp_path)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=20,
)
RECIPE_KEYS = st.sampled_from(sorted(FIELDS))


@pytest.fixture(scope="module")
def hypothesis_client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("studio-hypothesis")) as client:
        yield client


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(document=st.dictionaries(RECIPE_KEYS, JSON, max_size=6) | JSON)
def test_any_json_document_as_a_recipe(hypothesis_client, document):
    if isinstance(document, dict):
        document["paper"] = "A5"  # never a deck to build: the answer is about the document
    answer = hypothesis_client.post(
        "/api/decks",
        content=json.dumps(document).encode(),
        headers={"content-type": "application/json"},
    )
    assert answer.status_code in (400, 422), answer.text[:300]
    check(answer)
