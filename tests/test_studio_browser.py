"""The studio in a real browser: ``pnp serve`` in its own process, the system's Chromium driven
by Playwright with real key presses and clicks (never values set by a script).

The teacher's flow of issue 29: type "Finis", pick Finistère, remove a card, add Roscoff by
search, add her school from a CSV, download the PDF and read it. Then the table's phone opens
the referee page the studio serves and types two cards. Every page is photographed at 1280×800
and 390×844 (``PNP_SCREENSHOTS=DIR`` keeps the pictures) and checked for a horizontal scroll.
Skipped only when Chromium is absent and CI is unset; under CI=true it must run.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pypdf import PdfReader

CHROMIUM = next(
    (
        path
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (path := shutil.which(name))
    ),
    None,
)
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
SCHOOL = "École Jean Jaurès"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None and not IN_CI,
        reason="chromium is not installed (apt-get install chromium); "
        "CI=true makes this test mandatory",
    ),
    pytest.mark.slow,  # a server process and a browser
]


@contextmanager
def running_studio(cache: Path, *options: str) -> Iterator[str]:
    """``pnp serve OPTIONS`` on a free port, its cache in ``cache``; its address, read from what
    it prints once it listens. Its log must hold no traceback."""
    log = (cache / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "--lang", "en", "serve", "--port", "0",
         "--no-browser", "--workers", "1", "--cache", str(cache), *options],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline()  # printed once the socket answers
    found = re.search(r"http://127\.0\.0\.1:\d+", line)
    try:
        assert found, (line, (cache / "server.log").read_text())
        yield found.group(0)
    finally:  # the server stops whatever the tests did
        process.terminate()
        process.wait(timeout=30)
        log.close()
    errors = (cache / "server.log").read_text()
    assert "Traceback" not in errors, errors[-3000:]


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """``pnp serve`` on a free port; its address."""
    with running_studio(tmp_path_factory.mktemp("studio-cache")) as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM, "CI=true but chromium is not installed: apt-get install -y chromium"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PNP_SCREENSHOTS", tmp_path / "shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def photograph(page, folder: Path, name: str) -> None:
    """A screenshot of what the user sees, and no horizontal scroll at this width."""
    from playwright.sync_api import expect

    previews = page.locator("#cards-grid img")
    for index in range(min(4, previews.count())):  # the first previews drawn
        expect(previews.nth(index)).to_have_js_property("naturalWidth", 360, timeout=60_000)
    page.screenshot(path=str(folder / f"{name}.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (name, width)


WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def oucedonc(browser, studio: str, locale: str = "en-GB", viewport=WIDE, **options):
    """A new browser context on the deck studio's page, its map drawn."""
    context = browser.new_context(viewport=viewport, locale=locale, **options)
    page = context.new_page()
    page.goto(f"{studio}/oucedonc")
    page.wait_for_selector("#map svg .area")
    return context, page


def settled(page) -> None:
    """The deck the page shows is the newest the server built."""
    page.locator(".deck[aria-busy=false]").wait_for()


def card_names(page) -> list[str]:
    return page.locator("#cards-grid li.card .caption strong").all_inner_texts()


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_a_teacher_makes_her_departements_deck(studio, browser, size, tmp_path):
    width, height = SIZES[size]
    folder = shots_folder(tmp_path)
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="fr-FR", accept_downloads=True
    )
    page = context.new_page()
    failures: list[str] = []
    page.on("response", lambda answer: answer.status >= 500 and failures.append(answer.url))
    page.goto(f"{studio}/")
    photograph(page, folder, f"home-{size}")
    page.get_by_role("link", name="Faire un paquet d’Oucédonc").click()
    page.wait_for_selector("#map svg .area")
    photograph(page, folder, f"studio-empty-{size}")

    # 1. the region, typed key by key, chosen in the list
    page.locator("#region-search").click()
    page.keyboard.type("Finis", delay=40)
    option = page.locator("#region-list li[role=option]").first
    option.wait_for()
    assert option.inner_text().startswith("Finistère")
    photograph(page, folder, f"studio-typeahead-{size}")
    page.keyboard.press("Enter")
    page.wait_for_selector("#cards-grid li.card img")
    settled(page)
    dealt = card_names(page)
    assert len(dealt) == 63 + 9 and "Brest" in dealt
    assert "Finistère" in page.locator("#status").inner_text()
    photograph(page, folder, f"studio-deck-{size}")

    # 2. a card removed: it leaves, one place takes its place
    page.locator("li.card", has_text="Brest").get_by_role(
        "button", name="Retirer Brest du paquet"
    ).click()
    page.locator("#changes:not([hidden])").wait_for()
    settled(page)
    after = card_names(page)
    assert "Brest" not in after and len(after) == len(dealt)
    assert len(set(after) - set(dealt)) == 1
    assert "Brest" in page.locator("#changes").inner_text()

    # 3. Roscoff added by search
    page.locator("#place-search").click()
    page.keyboard.type("Roscof", delay=40)
    page.locator("#place-list li[role=option]", has_text="Roscoff").first.wait_for()
    page.keyboard.press("Enter")
    page.locator("#cards-grid li.card", has_text="Roscoff").wait_for()
    settled(page)

    # 4. her school from a CSV file (semicolons and decimal commas, as a French spreadsheet)
    csv = tmp_path / "mon-ecole.csv"
    csv.write_bytes(f"nom;latitude;longitude\n{SCHOOL};48,0017;-4,0972\n".encode("cp1252"))
    page.locator("#places-file").set_input_files(str(csv))
    page.locator("#cards-grid li.card", has_text=SCHOOL).wait_for()
    settled(page)
    names = card_names(page)
    assert {"Roscoff", SCHOOL} <= set(names) and "Brest" not in names
    chips = page.locator("#edits").inner_text()
    assert "Brest" in chips and "Roscoff" in chips and SCHOOL in chips
    assert "Quimper" in page.locator("#warnings").inner_text()  # the school is in Quimper
    page.get_by_role("button", name="Dos", exact=True).click()
    page.locator("#cards-grid li.card img").first.wait_for()
    photograph(page, folder, f"studio-edited-backs-{size}")

    # 5. the PDF downloaded and read
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger le PDF").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == "oucedonc-finistere.pdf"
    pdf = PdfReader(io.BytesIO(path.read_bytes()))
    assert len(pdf.pages) == 18
    fronts = " ".join(pdf.pages[index].extract_text() for index in range(0, 14, 2))
    assert "Roscoff" in fronts and "Jaurès" in fronts
    deck_id = re.search(r"deck=([0-9a-f]{32})", page.url).group(1)
    with urllib.request.urlopen(f"{studio}/api/decks/{deck_id}/deck.json") as answer:
        cards = json.load(answer)["cards"]
    # the deck file keeps the data's names ("Île d'Ouessant"), the captions show them printed
    printed = [card["name"].replace("'", "\u2019") for card in cards if card["kind"] == "place"]
    assert printed == [name for name in names if name in printed] and "Brest" not in printed

    assert failures == []

    # 6. the other pages of the studio
    page.goto(f"{studio}/phone/{deck_id}")
    assert page.locator(".note").count() == 1  # on loopback: phones cannot reach it
    assert page.get_by_role("link", name="Télécharger la page de l’arbitre").count() == 1

    # 7. a doubt settled by the referee service, on the deck's printed coordinates
    page.get_by_label("Cette carte", exact=True).click()
    page.keyboard.type("roscoff", delay=20)
    page.get_by_label("cette carte-là").click()
    page.keyboard.type(SCHOOL, delay=10)
    page.get_by_role("button", name="Vérifier").click()
    verdict = page.locator("#verdict .yes")
    verdict.wait_for()
    assert verdict.inner_text() == f"OUI\u00a0: Roscoff est au nord d’{SCHOOL}"  # elided
    photograph(page, folder, f"phone-qr-{size}")
    page.goto(f"{studio}/games/oie")
    photograph(page, folder, f"game-oie-{size}")
    context.close()


def test_the_phone_opens_the_referee_the_studio_serves(studio, browser, tmp_path):
    request = urllib.request.Request(
        f"{studio}/api/decks",
        data=json.dumps({"region": "Finistère"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        deck = json.load(answer)
    cards = {card["id"]: card for card in deck["cards"] if "lat" in card}
    first, second = cards["P01"], cards["P02"]
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{studio}/referee/{deck['id']}")
    page.locator("#a").click()
    page.keyboard.type("P01", delay=40)
    page.get_by_role("button", name="au nord de").click()
    page.locator("#b").click()
    page.keyboard.type("P02", delay=40)
    verdict = page.locator("#verdict .big")
    verdict.wait_for()
    north = first["lat"] > second["lat"]
    assert verdict.inner_text() == ("OUI" if north else "NON")
    assert first["latitude"] in page.locator("#verdict").inner_text()
    photograph(page, shots_folder(tmp_path), "referee-phone")
    context.close()


def test_another_games_material_is_made_and_shown(studio, browser, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{studio}/games/otcho")
    page.get_by_role("button", name="Fabriquer le matériel").click()
    files = page.locator("#files li")
    files.first.wait_for()
    names = page.locator("#files li strong").all_inner_texts()
    assert "otcho-cards.pdf" in names and all(name.endswith(".pdf") for name in names)
    link = page.get_by_role("link", name="Télécharger otcho-cards.pdf")
    with urllib.request.urlopen(studio + link.get_attribute("href")) as answer:
        assert answer.read(5) == b"%PDF-"
    from playwright.sync_api import expect

    expect(page.locator("#files img").first).to_have_js_property("complete", True)
    photograph(page, shots_folder(tmp_path), "game-otcho-made-wide")
    context.close()


def test_a_box_drawn_on_the_map_and_a_point_named_on_it(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="en-GB")
    page.get_by_role("button", name="Draw a box").click()
    page.mouse.move(*map_point(page, -4.8, 48.7))  # Brittany's west
    page.mouse.down()
    page.mouse.move(*map_point(page, -3.0, 47.9), steps=8)
    page.mouse.up()
    page.locator(".deck[aria-busy=false] #cards-grid li.card").first.wait_for()
    assert "Box 47.90–48.70° N, 4.80–3.00° W" in page.locator("#region-chosen").inner_text()
    assert len(card_names(page)) == 63 + 9
    page.get_by_role("button", name="Point on the map").click()  # the map comes into view
    page.mouse.click(*map_point(page, -4.1, 48.3))
    page.locator("#point-name").type("Chez nous", delay=20)
    page.keyboard.press("Enter")
    page.locator("#cards-grid li.card", has_text="Chez nous").wait_for()
    card = page.locator("#cards-grid li.card", has_text="Chez nous")
    assert card.locator(".badge").inner_text() == "Yours"
    photograph(page, shots_folder(tmp_path), "studio-box-point-wide")
    context.close()


#: Where the map's SVG is on the screen, what part of it shows (zoomed in, a region) and how
#: its units turn into degrees.
FRAME = """() => {
  const svg = document.querySelector('#map svg');
  const box = svg.getBoundingClientRect();
  const view = svg.viewBox.baseVal;
  return {left: box.left, top: box.top, scale: box.width / view.width, x: view.x, y: view.y,
          width: view.width, west: +svg.dataset.west, north: +svg.dataset.north,
          kx: +svg.dataset.kx, ky: +svg.dataset.ky};
}"""


def map_point(page, lon: float, lat: float) -> tuple[float, float]:
    """Where on the screen the map shows (``lon``, ``lat``): where a person clicks for it."""
    frame = page.evaluate(FRAME)
    x = frame["left"] + ((lon - frame["west"]) * frame["kx"] - frame["x"]) * frame["scale"]
    y = frame["top"] + ((frame["north"] - lat) * frame["ky"] - frame["y"]) * frame["scale"]
    return x, y


def test_the_deck_being_edited_downloads_as_an_online_tables_package(studio, browser, tmp_path):
    """The recipe's own deck (15 places of Finistère and a school), not France's default deck:
    the Screentop package clicked in the download panel, its card list read from the zip."""
    import csv
    import zipfile

    recipe = {
        "region": "dep:29",
        "cards": 15,
        "places": [{"name": SCHOOL, "lat": 48.0, "lon": -4.1}],
    }
    request = urllib.request.Request(
        f"{studio}/api/decks",
        data=json.dumps(recipe).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        deck = json.load(answer)
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="en-GB", accept_downloads=True
    )
    page = context.new_page()
    page.goto(f"{studio}/oucedonc?deck={deck['id']}")
    page.locator("#cards-grid li.card", has_text=SCHOOL).wait_for()
    page.locator("#downloads a[data-file=export-screentop][href]").wait_for()  # the deck's link
    link = page.get_by_role("link", name="Screentop")
    link.scroll_into_view_if_needed()
    with page.expect_download(timeout=120_000) as download:
        link.click()
    assert download.value.suggested_filename == "oucedonc-finistere-screentop.zip"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    with zipfile.ZipFile(path) as archive:
        rows = list(csv.DictReader(io.StringIO(archive.read("oucedonc-cards.csv").decode())))
        grids = [name for name in archive.namelist() if name.endswith(".png")]
    assert len(rows) == len(deck["cards"]) and SCHOOL in {row["name"] for row in rows}
    assert grids
    photograph(page, shots_folder(tmp_path), "studio-exports-wide")
    context.close()


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_a_rule_variant_picked_on_a_game_page_reaches_the_pdf(studio, browser, size, tmp_path):
    """Neo Otcho's page: tick "'X and a letter' on any card", type a penalty of 4, make the
    material: the rules aid prints both, as ``pnp otcho sheets --x-letter-any-card --penalty 4``
    does."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{studio}/games/otcho")
    page.get_by_label("'X and a letter' on any card").click()
    page.get_by_label("Penalty of a losing continuation roll").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("4", delay=40)
    photograph(page, shots_folder(tmp_path), f"game-otcho-variants-{size}")
    page.get_by_role("button", name="Make the material").click()
    link = page.get_by_role("link", name="Download otcho-rules-aid.pdf")
    link.wait_for(timeout=120_000)
    with urllib.request.urlopen(studio + link.get_attribute("href")) as answer:
        pages = PdfReader(io.BytesIO(answer.read())).pages
    printed = " ".join(" ".join(page.extract_text().split()) for page in pages)
    assert "remove 4 of your pawns" in printed and "costs 4 of your pawns" in printed
    assert "any card" in printed
    # the tiles' buttons: each its own height, at its tile's foot (they were stretched to fill
    # the tile, as tall as a first page, one tile to the next at other heights)
    boxes = [button.bounding_box() for button in page.locator("#files .button").all()]
    assert {round(box["height"]) for box in boxes if box} == {round(boxes[0]["height"])}
    assert boxes[0] and boxes[0]["height"] < 48  # one line: "Download", named in full for AT
    tiles = [tile.bounding_box() for tile in page.locator("#files li").all()]
    for tile, box in zip(tiles, boxes, strict=True):
        assert tile and box and abs(tile["y"] + tile["height"] - (box["y"] + box["height"])) < 20
    for game in ("pronostiques", "kit"):  # the other pages of variants fit the screen too
        page.goto(f"{studio}/games/{game}")
        photograph(page, shots_folder(tmp_path), f"game-{game}-variants-{size}")
    context.close()
