"""DECK-referee.html in headless Chromium: its verdicts are those of `pnp oucedonc verify --deck
--json`, for thousands of ordered pairs and directions, with each equal-coordinates option, the
cards picked by typing a few letters into the page as a player would; it is self-contained and
has no horizontal scroll on a 360 × 740 screen. The page speaks its deck's language: the
English page gives the same verdicts with no French word left, the French page is byte for byte
the one before the English existed.

The page is driven through its own inputs and buttons by a small script appended to a copy of
it (the page itself holds no test code); Chromium dumps the DOM, where that script wrote what
the page showed. Skipped only when Chromium is absent and CI is unset.
"""

from __future__ import annotations

import json
import random
import re
import struct
import subprocess
from pathlib import Path

import pytest

from generator.games.oucedonc.compare import EqualCoordinates
from generator.games.oucedonc.coords import printed_coordinate
from generator.games.oucedonc.deckfile import Deck, deck_from_json
from generator.games.oucedonc.names import Entry, NameIndex, name_key
from generator.products.oucedonc_referee_page import PAGE_MARKER, page_path, render_page
from tests.referee_fixtures import deck_json, make_deck, pnp
from tests.test_kit_browser import CHROMIUM, pytestmark  # noqa: F401 - the same skip rule

DIRECTIONS = ("north-of", "south-of", "east-of", "west-of")

HARNESS = """<script>
(function () {
  const cases = JSON.parse(document.getElementById("cases").textContent);
  const results = [];
  const equal = document.getElementById("equal-misplaced");
  function pick(which, typed) {
    const input = document.getElementById(which);
    input.value = typed;
    input.dispatchEvent(new Event("input"));
    const chosen = document.querySelector("#" + which + "-chosen .id");
    return chosen ? chosen.textContent : null;
  }
  for (const [a, b, direction, misplaced] of cases) {
    equal.checked = misplaced;
    equal.dispatchEvent(new Event("change"));
    const idA = pick("a", a), idB = pick("b", b);
    document.querySelector('[data-direction="' + direction + '"]').click();
    const box = document.getElementById("verdict");
    const cells = [...box.querySelectorAll("td.coord")].map(td => td.textContent);
    const said = {"true": true, "false": false}[box.dataset.correct];
    const big = (box.querySelector(".big") || {}).textContent || null;
    const words = [...box.querySelectorAll(".sentence, .note, .hint")].map(p => p.textContent);
    results.push([idA, idB, said === undefined ? null : said, big, cells, words]);
    box.dataset.correct = "";
  }
  const out = document.createElement("pre");
  out.id = "results";
  out.textContent = JSON.stringify({results});
  document.body.append(out);
})();
</script>"""


def chromium(*args: str, profile: Path) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM, "CI=true but chromium is not installed: apt-get install -y chromium"
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            "--window-size=360,740",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )


def typed_names(deck: Deck) -> dict[str, str]:
    """What a player types for each card: the fewest letters that name it alone (accents and
    capitals dropped), its id, or its name as printed, in turn."""
    index = NameIndex([Entry(card.name, card.id, aliases=(card.id,)) for card in deck.places])
    typed = {}
    for number, card in enumerate(deck.places):
        style = number % 3
        if style == 1:
            typed[card.id] = card.id.lower()
            continue
        if style == 2:
            typed[card.id] = card.name.upper()
            continue
        key = name_key(card.name)
        for length in range(1, len(key) + 1):
            letters = key[:length].strip()
            if letters and [e.value for e in index.matches(letters)] == [card.id]:
                typed[card.id] = letters
                break
        else:
            typed[card.id] = card.name
    return typed


def run_page(
    deck: Deck, cases: list[tuple[str, str, str, bool]], tmp_path: Path, language: str = "fr"
) -> dict:
    typed = typed_names(deck)
    page = render_page(deck, language=language)  # type: ignore[arg-type]
    driven = [(typed[a], typed[b], d, misplaced) for a, b, d, misplaced in cases]
    harness = (
        '<script type="application/json" id="cases">'
        + json.dumps(driven, ensure_ascii=False).replace("<", "\\u003c")
        + "</script>"
        + HARNESS
    )
    path = tmp_path / "driven.html"
    path.write_text(page.replace("</body>", harness + "</body>"), encoding="utf-8")
    completed = chromium(
        "--virtual-time-budget=20000", "--dump-dom", path.as_uri(), profile=tmp_path / "profile"
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    found = re.search(r'<pre id="results">(.*?)</pre>', completed.stdout, re.S)
    assert found, completed.stdout[-2000:]
    import html

    return json.loads(html.unescape(found.group(1)))


def verify_json(deck_file: Path, a: str, direction: str, b: str, misplaced: bool) -> dict:
    equal = "misplaced" if misplaced else "well-placed"
    result = pnp(
        "oucedonc", "verify", a, direction, b, "--deck", str(deck_file), "--json",
        "--equal-coordinates", equal,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


YES_NO = {"fr": ("OUI", "NON"), "en": ("YES", "NO")}
SAID = {  # the verdict's sentence and the note on equal coordinates, in each language
    "fr": (" est ", " n’est pas ", "imprimée : comptée"),
    "en": (" is ", " is not ", ": counted as"),
}


def check_against_verify(
    deck: Deck, deck_file: Path, cases, tmp_path: Path, language: str = "fr"
) -> int:
    shown = run_page(deck, cases, tmp_path, language)
    assert len(shown["results"]) == len(cases)
    equal_seen = 0
    yes, no = YES_NO[language]
    for (a, b, direction, misplaced), (id_a, id_b, correct, big, cells, words) in zip(
        cases, shown["results"], strict=True
    ):
        assert (id_a, id_b) == (a, b), (a, b)  # a few typed letters picked the right cards
        expected = verify_json(deck_file, a, direction, b, misplaced)
        assert correct is expected["correct"], (a, direction, b, misplaced)
        assert big == (yes if expected["correct"] else no)
        assert cells == [  # as the backs of a deck in this language print them
            printed_coordinate(expected[f"{card}_coordinates"][axis], language)  # type: ignore[arg-type]
            for card in ("a", "b")
            for axis in ("lat", "lon")
        ]
        is_, is_not, note = SAID[language]
        assert (is_ if expected["correct"] else is_not) in words[0], words
        if len(words) > 1:
            assert note in words[1], words
        if language != "fr":
            assert not french_words(" ".join(words)), words
        axis = "lat" if direction in ("north-of", "south-of") else "lon"
        if expected["a_coordinates"][f"{axis}_units"] == expected["b_coordinates"][f"{axis}_units"]:
            equal_seen += 1
    return equal_seen


@pytest.fixture(scope="module")
def bretagne(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A deck generated by `pnp oucedonc deck`: its PDF (the JSON and the page beside it)."""
    out = tmp_path_factory.mktemp("deck") / "bretagne.pdf"
    result = pnp("oucedonc", "deck", "--region", "bretagne", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert f"wrote {page_path(out.with_suffix('.json'))}" in result.stdout
    return out


def test_the_ids_the_referee_takes_are_printed_on_the_name_side(bretagne: Path) -> None:
    from pypdf import PdfReader

    deck = deck_from_json(bretagne.with_suffix(".json").read_text(encoding="utf-8"))
    fronts = PdfReader(bretagne).pages[0].extract_text()
    for card in deck.places[:9]:  # the first sheet's fronts
        assert card.id in fronts.split(), card.id


def test_a_generated_decks_page_agrees_with_verify_on_2000_pairs(
    bretagne: Path, tmp_path: Path
) -> None:
    deck_file = bretagne.with_suffix(".json")
    page = page_path(deck_file)
    assert page.name == "bretagne-referee.html" and page.is_file()
    text = page.read_text(encoding="utf-8")
    deck = deck_from_json(deck_file.read_text(encoding="utf-8"))
    assert text == render_page(deck)
    # Self-contained: no URL the browser would fetch (no src=, no href=, no url(), no import).
    assert not re.search(r"\b(src|href)\s*=|url\(|@import|https?://", text)
    rng = random.Random(5)
    ids = [card.id for card in deck.places]
    cases = []
    while len(cases) < 2000:
        a, b = rng.sample(ids, 2)
        cases.append((a, b, rng.choice(DIRECTIONS), rng.random() < 0.5))
    check_against_verify(deck, deck_file, cases, tmp_path)


def test_equal_printed_coordinates_under_both_options(tmp_path: Path) -> None:
    """The test deck has Paris and Saint-Denis on one printed longitude, Montpellier and
    Colomiers on one printed latitude: every pair and direction, with each option."""
    deck = make_deck()
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(deck_json(), encoding="utf-8")
    ids = {card.name: card.id for card in deck.places}
    equal_pairs = [("Paris", "Saint-Denis (93)"), ("Montpellier", "Colomiers")]
    cases = [
        (ids[x], ids[y], direction, misplaced)
        for first, second in equal_pairs
        for x, y in ((first, second), (second, first))
        for direction in DIRECTIONS
        for misplaced in (False, True)
    ]
    rng = random.Random(8)
    names = list(ids.values())
    while len(cases) < 400:
        a, b = rng.sample(names, 2)
        cases.append((a, b, rng.choice(DIRECTIONS), rng.random() < 0.5))
    assert check_against_verify(deck, deck_file, cases, tmp_path) >= 8


FRAME = """<!doctype html><html><body style="margin:0">
<iframe id="phone" style="width:360px;height:740px;border:0"></iframe>
<script type="application/json" id="page">PAGE</script>
<script>
const frame = document.getElementById("phone");
frame.addEventListener("load", () => {
  const inner = frame.contentDocument;
  const pick = (which, typed) => {
    const input = inner.getElementById(which);
    input.value = typed;
    input.dispatchEvent(new Event("input"));
  };
  pick("a", "A_TYPED");
  inner.querySelector('[data-direction="west-of"]').click();
  pick("b", "B_TYPED");
  inner.querySelector("details").open = true;
  const out = document.createElement("pre");
  out.id = "results";
  out.textContent = JSON.stringify({
    verdict: (inner.querySelector("#verdict .big") || {}).textContent || null,
    scrollWidth: inner.documentElement.scrollWidth,
    innerWidth: frame.contentWindow.innerWidth,
  });
  document.body.append(out);
});
frame.srcdoc = JSON.parse(document.getElementById("page").textContent);
</script></body></html>"""


def test_a_360_pixel_screen_has_no_horizontal_scroll(tmp_path: Path) -> None:
    """The longest names of the deck in the verdict, the options open: nothing wider than 360 px."""
    import html

    deck = make_deck()
    longest = sorted(deck.places, key=lambda card: len(card.name))[-2:]
    page = render_page(deck)
    frame = (
        FRAME.replace("PAGE", json.dumps(page).replace("<", "\\u003c"))
        .replace("A_TYPED", longest[0].id)
        .replace("B_TYPED", longest[1].id)
    )
    path = tmp_path / "frame.html"
    path.write_text(frame, encoding="utf-8")
    completed = chromium(
        "--virtual-time-budget=10000", "--dump-dom", path.as_uri(), profile=tmp_path / "profile"
    )
    found = re.search(r'<pre id="results">(.*?)</pre>', completed.stdout, re.S)
    assert found, completed.stdout[-2000:] + completed.stderr[-2000:]
    shown = json.loads(html.unescape(found.group(1)))
    assert shown["verdict"] in ("OUI", "NON")
    assert shown["innerWidth"] == 360 and shown["scrollWidth"] <= 360, shown
    # And a real 360 × 740 screenshot of the page itself (looked at by hand; here: it renders).
    alone = tmp_path / "page.html"
    alone.write_text(page, encoding="utf-8")
    shot = tmp_path / "page.png"
    completed = chromium(f"--screenshot={shot}", alone.as_uri(), profile=tmp_path / "shot-profile")
    assert completed.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", shot.read_bytes()[16:24])
    assert (width, height) == (360, 740)


@pytest.mark.parametrize("name", ["</script><script>alert(1)</script>", "A & B <!--"])
def test_names_that_look_like_html_stay_text(name: str, tmp_path: Path) -> None:
    from dataclasses import replace

    deck = make_deck()
    odd = replace(deck, places=(replace(deck.places[0], name=name), *deck.places[1:]))
    text = render_page(odd)
    assert "<script>alert" not in text and text.count("</script>") == 2
    shown = run_page(odd, [(odd.places[0].id, odd.places[1].id, "north-of", False)], tmp_path)
    assert shown["results"][0][0] == odd.places[0].id


# --------------------------------------------------------------------------- two languages

#: Every French word of the page's own text (the deck's title and card names are data).
FRENCH = (
    "Arbitre", "carte", "cartes", "Lieu", "coordonnées", "près", "minute d", "posée", "voisine",
    "quelques", "lettres", "nord", "sud", "ouest", "l’est", "Choisissez", "une direction",
    "versos", "imprimés", "imprimée", "Options", "partie", "égales", "mal placée", "bien placée",
    "défaut", "personne", "Fonctionne", "hors ligne", "fichier", "Même", "aucune", "OUI", "NON",
    "n’est", "comptée", "de ce nom",
)  # fmt: skip


def french_words(text: str) -> list[str]:
    return [word for word in FRENCH if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def page_text(page: str, deck: Deck) -> str:
    """What the page shows or its script may show: the HTML without the deck's data (its JSON,
    its title, its card names), tags and all (attributes such as placeholders are shown too)."""
    text = re.sub(r'<script type="application/json" id="deck">.*?</script>', "", page, flags=re.S)
    for name in sorted([deck.title, *(card.name for card in deck.places)], key=len, reverse=True):
        text = text.replace(name, " ")
    return text


@pytest.mark.parametrize("equal", list(EqualCoordinates))
def test_the_french_page_is_unchanged(equal: EqualCoordinates, golden) -> None:
    """The French page of the test deck, as it was before the page spoke English (byte for
    byte), but for one character: the precision reads "d’arc" (the rule cards' typographic
    apostrophe, one label for both since the two languages) where it read "d&#39;arc"."""
    page = render_page(make_deck(), equal)
    golden(f"oucedonc-referee-page-fr-{equal.value}.html", page)
    assert page == render_page(make_deck(), equal, language="fr")
    assert page.startswith('<!doctype html>\n<html lang="fr">')


def test_the_english_page_has_no_french_word_left() -> None:
    deck = make_deck()
    page = render_page(deck, language="en")
    assert page.startswith('<!doctype html>\n<html lang="en">')
    assert PAGE_MARKER.decode() in page  # the next deck still knows the page as pnp's
    shown = page_text(page, deck)
    assert not french_words(shown), french_words(shown)
    for english in ("Oucédonc referee", "50 place cards", "coordinates to the nearest arc-minute",
                    "The card placed", "Its neighbour", "north of", "west of", "Game options",
                    '"no card of that name"', '"YES"', '"NO"', "Works offline"):  # fmt: skip
        assert english in shown, english
    # The check itself: the French page is full of them.
    assert len(french_words(page_text(render_page(deck), deck))) > 20


def test_the_english_page_agrees_with_verify(bretagne: Path, tmp_path: Path) -> None:
    """The English page of a generated deck: 600 pairs, the backs' coordinates as an English
    deck prints them (W for west), the verdicts and sentences in English."""
    deck_file = bretagne.with_suffix(".json")
    deck = deck_from_json(deck_file.read_text(encoding="utf-8"))
    rng = random.Random(19)
    ids = [card.id for card in deck.places]
    cases = []
    while len(cases) < 600:
        a, b = rng.sample(ids, 2)
        cases.append((a, b, rng.choice(DIRECTIONS), rng.random() < 0.5))
    check_against_verify(deck, deck_file, cases, tmp_path, language="en")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_equal_coordinates_and_a_card_twice_in_each_language(language: str, tmp_path: Path) -> None:
    deck = make_deck()
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(deck_json(), encoding="utf-8")
    ids = {card.name: card.id for card in deck.places}
    cases = [
        (ids[x], ids[y], direction, misplaced)
        for x, y in (("Paris", "Saint-Denis (93)"), ("Colomiers", "Montpellier"))
        for direction in DIRECTIONS
        for misplaced in (False, True)
    ]
    assert check_against_verify(deck, deck_file, cases, tmp_path, language) == 8
    same = run_page(deck, [(ids["Paris"], ids["Paris"], "north-of", False)], tmp_path, language)
    said = " ".join(same["results"][0][5])
    expected = {"fr": "deux fois la même carte", "en": "the same card twice"}[language]
    assert expected in said, said
