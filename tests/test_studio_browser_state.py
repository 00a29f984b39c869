"""What the studio's pages keep and what they replace, in a real browser (the QA pass's bugs):
the deck being edited across the language switch and the login, a recipe opened from a file in
place of the edits (a bad file changing nothing), the name typed at once after a point clicked
on the map, and a game's old files gone when new ones are refused.

The server, Chromium and their skip are :mod:`tests.test_studio_browser`'s: real clicks and key
presses, files given to the file picker, never values set by a script.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest

from tests import test_studio_browser as teacher
from tests.test_studio_browser import (
    FRAME,
    card_names,
    map_point,
    oucedonc,
    running_studio,
    settled,
)

pytestmark = teacher.pytestmark  # Chromium or CI, and slow
studio = teacher.studio  # the fixtures: one server and one Chromium for this module
browser = teacher.browser

CODE = "2468 1357"


def new_deck(address: str, recipe: dict, headers: dict[str, str] | None = None) -> dict:
    """The deck of ``recipe``, asked as a script asks (``POST /api/decks``)."""
    request = urllib.request.Request(
        f"{address}/api/decks",
        data=json.dumps(recipe).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def choose_region(page, typed: str, name: str) -> None:
    """The region typed key by key and picked in the list, as a teacher does; its deck shown."""
    page.locator("#region-search").click()
    page.keyboard.type(typed, delay=40)
    page.locator("#region-list li[role=option]", has_text=name).first.wait_for()
    page.keyboard.press("Enter")
    page.locator("#cards-grid li.card").first.wait_for()
    settled(page)


def shown_deck(page) -> str:
    """The id of the deck the page's address names."""
    found = re.search(r"[?&]deck=([0-9a-f]{32})", page.url)
    assert found, page.url
    return found.group(1)


def open_recipe(page, path: Path, recipe: dict) -> None:
    path.write_text(json.dumps(recipe), encoding="utf-8")
    page.locator("#recipe-file").set_input_files(str(path))


def test_the_language_switch_keeps_the_deck_being_edited(studio, browser):
    context, page = oucedonc(browser, studio, locale="en-GB")
    choose_region(page, "Finis", "Finistère")
    deck, dealt = shown_deck(page), card_names(page)

    # the page's address took the deck after it was drawn: the switch takes it too
    page.get_by_role("link", name="Français").click()
    page.wait_for_url(re.compile(rf"/oucedonc\?deck={deck}$"))
    page.locator("#cards-grid li.card").first.wait_for()
    assert card_names(page) == dealt
    assert page.locator("html").get_attribute("lang") == "fr"

    # the page opened on the deck's address: the switch as the server wrote it
    page.get_by_role("link", name="English").click()
    page.wait_for_url(re.compile(rf"/oucedonc\?deck={deck}$"))
    page.locator("#cards-grid li.card").first.wait_for()
    assert card_names(page) == dealt
    context.close()


@pytest.fixture(scope="module")
def locked_studio(tmp_path_factory):
    """``pnp serve`` open to the network: every page asks for the access code first."""
    cache = tmp_path_factory.mktemp("locked-studio-cache")
    with running_studio(cache, "--host", "0.0.0.0", "--access-code", CODE) as address:
        yield address


def test_the_login_opens_the_deck_that_was_asked_for(locked_studio, browser):
    deck = new_deck(locked_studio, {"region": "dep:29"}, {"X-Access-Code": CODE})
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{locked_studio}/oucedonc?deck={deck['id']}")
    page.wait_for_url(re.compile(r"/login\?"))
    page.locator("#code").click()
    page.keyboard.type(CODE, delay=20)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/oucedonc\?deck={deck['id']}$"))
    page.locator("#cards-grid li.card").first.wait_for()
    assert "Brest" in card_names(page)
    context.close()


def test_an_opened_recipe_replaces_the_edits(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="en-GB")
    choose_region(page, "Finis", "Finistère")
    page.locator("li.card", has_text="Brest").get_by_role("button", name="Keep Brest").click()
    page.locator("#edits li", has_text="Brest").wait_for()
    settled(page)
    page.locator("#place-search").click()
    page.keyboard.type("Roscof", delay=40)
    page.locator("#place-list li[role=option]", has_text="Roscoff").first.wait_for()
    page.keyboard.press("Enter")
    page.locator("#cards-grid li.card", has_text="Roscoff").wait_for()
    settled(page)

    recipe = {"region": "dep:34"}
    open_recipe(page, tmp_path / "herault.json", recipe)
    expected = new_deck(studio, recipe)  # the deck `pnp oucedonc deck --recipe` builds
    page.wait_for_url(re.compile(rf"deck={expected['id']}$"))
    settled(page)
    # the captions show the names printed ("Clermont-l’Hérault"), the API as the data has them
    assert card_names(page) == [card["name"].replace("'", "\u2019") for card in expected["cards"]]
    assert page.locator("#edits li").count() == 0
    assert page.locator("#region-chosen").inner_text() == "Chosen: Hérault"
    assert page.locator("#region-search").input_value() == "Hérault"
    context.close()


def test_a_bad_recipe_file_changes_nothing(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="en-GB")
    choose_region(page, "Finis", "Finistère")
    page.locator("#cards").click()
    page.keyboard.type("48")
    page.keyboard.press("Tab")  # the field's change
    page.locator("#status", has_text="48 place cards").wait_for()
    settled(page)
    before, dealt = shown_deck(page), card_names(page)

    open_recipe(page, tmp_path / "bad.json", {"region": "dep:29", "cards": "lots"})
    problem = page.locator("#problem")
    problem.wait_for()
    assert "cards" in problem.inner_text()
    settled(page)
    assert shown_deck(page) == before and card_names(page) == dealt
    assert page.locator("#cards").input_value() == "48"

    page.get_by_label("Easy: well-known places").click()  # the deck it had, made easy
    page.wait_for_url(lambda url: before not in url)
    settled(page)
    assert page.locator("#problem").is_hidden()
    easy = {"region": "dep:29", "cards": 48, "difficulty": "easy", "language": "en"}
    assert shown_deck(page) == new_deck(studio, easy)["id"]
    context.close()


def test_a_point_clicked_on_the_map_is_named_at_once(studio, browser):
    context, page = oucedonc(browser, studio, locale="en-GB")
    choose_region(page, "Finis", "Finistère")
    page.get_by_role("button", name="Point on the map").click()  # the map shows Finistère
    zoomed = page.evaluate(FRAME)
    assert page.locator("#map .landmark").count() == 63  # the deck's places, to click beside
    assert "Brest" in page.locator("#map .landmark-name").all_text_contents()
    page.get_by_role("button", name="Point on the map").click()
    whole = page.evaluate(FRAME)  # leaving the point mode: the whole map again
    assert page.locator("#map .landmark").count() == 0
    assert whole["width"] > 8 * zoomed["width"], (whole, zoomed)  # France / Finistère
    page.get_by_role("button", name="Point on the map").click()
    page.mouse.click(*map_point(page, -4.1, 48.3))
    page.keyboard.type("Chez nous", delay=20)  # no click in the field first
    assert page.locator("#point-name").input_value() == "Chez nous"
    where = page.locator("#point-where").inner_text()  # "Latitude 48.3012, longitude -4.1008"
    lat, lon = (float(n) for n in re.findall(r"-?\d+\.\d+", where))
    assert abs(lat - 48.3) < 0.005 and abs(lon + 4.1) < 0.005, where  # 300 m a pixel, not 3 km
    page.keyboard.press("Enter")
    page.locator("#cards-grid li.card", has_text="Chez nous").wait_for()
    assert page.evaluate(FRAME)["width"] == whole["width"]  # the point named: the whole map
    context.close()


def test_a_recipe_opened_around_a_commune_zooms_the_map(studio, browser, tmp_path):
    """A recipe's commune is its INSEE code alone: the map stayed on France, adding a point."""
    context, page = oucedonc(browser, studio, locale="en-GB")
    whole = page.evaluate(FRAME)
    open_recipe(page, tmp_path / "quimperle.json", {"region": {"around": "29233", "km": 30}})
    page.locator("#region-chosen", has_text="Quimperlé and 30 km around").wait_for()
    settled(page)
    page.get_by_role("button", name="Point on the map").click()
    zoomed = page.evaluate(FRAME)
    assert whole["width"] > 8 * zoomed["width"], (whole, zoomed)  # 60 km of France's 1,000
    assert page.locator("#map .landmark").count() == page.locator("#cards-grid .coords").count()
    page.screenshot(path=str(teacher.shots_folder(tmp_path) / "studio-around-opened.png"))
    page.mouse.click(*map_point(page, -3.55, 47.87))  # Quimperlé, on the zoomed map
    where = page.locator("#point-where").inner_text()
    lat, lon = (float(n) for n in re.findall(r"-?\d+\.\d+", where))
    assert abs(lat - 47.87) < 0.005 and abs(lon + 3.55) < 0.005, where
    context.close()


def test_a_box_drawn_on_the_map_zooms_it_for_a_point(studio, browser):
    """Only a département, a région or a commune's distance zoomed the map: after a box drawn
    on Brittany's west, "Point on the map" left the whole of France, 1,000 km in 360 pixels."""
    context, page = oucedonc(browser, studio, locale="en-GB")
    whole = page.evaluate(FRAME)
    page.get_by_role("button", name="Draw a box").click()
    page.mouse.move(*map_point(page, -4.8, 48.7))
    page.mouse.down()
    page.mouse.move(*map_point(page, -3.0, 47.9), steps=8)
    page.mouse.up()
    page.locator(".deck[aria-busy=false] #cards-grid li.card").first.wait_for()
    # named as people read it (it said "Box -4.800,47.900,-3.000,48.700": signs, no letters)
    named = page.locator("#region-search").input_value()
    assert re.fullmatch(r"Box 47\.\d\d–48\.\d\d° N, [43]\.\d\d–[43]\.\d\d° W", named), named
    page.get_by_role("button", name="Point on the map").click()
    zoomed = page.evaluate(FRAME)
    assert whole["width"] > 4 * zoomed["width"], (whole, zoomed)  # 180 km of France's 1,000
    assert page.locator("#map .landmark").count() == page.locator("#cards-grid .coords").count()
    page.mouse.click(*map_point(page, -4.1, 48.3))  # where the zoomed map shows it
    where = page.locator("#point-where").inner_text()
    lat, lon = (float(n) for n in re.findall(r"-?\d+\.\d+", where))
    assert abs(lat - 48.3) < 0.01 and abs(lon + 4.1) < 0.01, where
    context.close()


#: The labels of the zoomed map, as the screen shows them.
LABELS = """() => [...document.querySelectorAll('#map .landmark-name')].map((t) => {
  const b = t.getBoundingClientRect();
  return {name: t.textContent, left: b.left, top: b.top, right: b.right, bottom: b.bottom};
})"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_zoomed_map_names_the_best_known_places_apart(studio, browser, size, tmp_path):
    """It named the first dozen cards of the alphabet that fitted (Audierne, Bénodet…: no
    Quimper), and guessed their widths: two names could overlap."""
    width, height = size
    context, page = oucedonc(
        browser, studio, locale="en-GB", viewport={"width": width, "height": height}
    )
    choose_region(page, "Finis", "Finistère")
    page.get_by_role("button", name="Point on the map").click()
    labels = page.evaluate(LABELS)
    named = [label["name"] for label in labels]
    assert {"Brest", "Quimper", "Morlaix"} <= set(named), named
    frame = page.locator("#map svg").bounding_box()
    for n, one in enumerate(labels):
        assert frame["x"] <= one["left"] and one["right"] <= frame["x"] + frame["width"], one
        assert frame["y"] <= one["top"] and one["bottom"] <= frame["y"] + frame["height"], one
        for other in labels[n + 1 :]:
            apart = (
                one["right"] <= other["left"]
                or other["right"] <= one["left"]
                or one["bottom"] <= other["top"]
                or other["bottom"] <= one["top"]
            )
            assert apart, (one, other)
    page.screenshot(path=str(teacher.shots_folder(tmp_path) / f"studio-landmarks-{width}.png"))
    context.close()


def test_a_refused_region_takes_the_old_files_away(studio, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{studio}/games/oie")
    page.get_by_role("button", name="Make the material").click()
    page.locator("#files li").first.wait_for()
    assert "oie-board-france.pdf" in page.locator("#files li strong").all_inner_texts()

    region = page.get_by_label("Region of the themed board")
    region.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("Atlantis", delay=20)
    page.get_by_role("button", name="Make the material").click()
    page.locator("#problem").wait_for()
    assert "Atlantis" in page.locator("#problem").inner_text()
    assert page.locator("#files a").count() == 0  # nothing of France's to download
    context.close()
