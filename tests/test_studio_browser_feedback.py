"""What the studio says to a teacher while it works and when it refuses, in a real browser (the
second QA pass on the Oucédonc page): a refused rebuild leaves nothing of the previous deck
presented as current, a slow download says it is being prepared, a preview still coming is a
calm card-shaped placeholder, a field or a file the studio refuses is said in words (no
developer's pointer), the distances offered are those a recipe takes, names shown take the
typographic apostrophe, a game's material that could not all be made says which part.

The server, Chromium and their skip are :mod:`tests.test_studio_browser`'s: real clicks and key
presses, files given to the file picker, never values set by a script. A network answer is
stubbed only to hold a preview back or to make a download fail.
"""

from __future__ import annotations

import json
import re

from tests import test_studio_browser as teacher
from tests.test_studio_browser import WIDE, oucedonc, settled
from tests.test_studio_browser_state import choose_region, new_deck, open_recipe, shown_deck

pytestmark = teacher.pytestmark  # Chromium or CI, and slow
studio = teacher.studio  # the fixtures: one server and one Chromium for this module
browser = teacher.browser


def choose_distance(page, km: int) -> None:
    """The distance menu focused and stepped with the arrow keys to ``km``, as a keyboard user
    does (each step is a change, the newest deck is the one shown)."""
    menu = page.locator("#around-km")
    menu.focus()
    for _step in range(12):
        now = int(menu.input_value())
        if now == km:
            return
        page.keyboard.press("ArrowDown" if now < km else "ArrowUp")
    raise AssertionError(f"no {km} km in the menu")


def test_a_refused_rebuild_shows_nothing_of_the_previous_deck_as_current(studio, browser):
    """Locronan at 30 km, then 10 km (14 places): the red refusal came with the 30 km deck's
    yellow warning, a green "Locronan and 10 km around", its cards and its download links."""
    context, page = oucedonc(browser, studio)
    choose_region(page, "Locronan", "Locronan")
    before = shown_deck(page)
    assert page.locator("#downloads a[data-file=pdf][href]").count() == 1

    choose_distance(page, 10)
    problem = page.locator("#problem")
    problem.wait_for()
    settled(page)
    assert "14 places" in problem.inner_text()
    assert page.locator("#warnings").is_hidden()
    assert page.locator("#changes").is_hidden()
    assert page.locator("#downloads a[href]").count() == 0  # no file of the 30 km deck
    assert (
        page.locator("#downloads a[aria-disabled=true]").count()
        == page.locator("#downloads a").count()
    )
    assert page.locator("#stale").is_visible()  # the cards are said to be the previous deck's
    assert "previous deck" in page.locator("#stale").inner_text()
    chosen = page.locator("#region-chosen").inner_text()
    assert chosen == "No deck for Locronan and 10 km around", chosen
    assert page.locator("#around-hint").is_visible()  # widen the distance
    assert page.locator("#around-km").input_value() == "10"  # the edit stays
    # the address names no deck: a reload or a shared link showed the 30 km deck as current
    assert "deck=" not in page.url, page.url

    choose_distance(page, 30)  # undone: the deck comes back, and its files
    page.locator("#stale").wait_for(state="hidden")
    settled(page)
    assert shown_deck(page) == before
    assert page.locator("#problem").is_hidden() and page.locator("#around-hint").is_hidden()
    assert page.locator("#region-chosen").inner_text() == "Locronan and 30 km around"
    assert page.locator("#downloads a[data-file=pdf][href]").count() == 1
    context.close()


def test_the_distances_are_those_a_recipe_takes(studio, browser):
    context, page = oucedonc(browser, studio)
    offered = [int(v) for v in page.locator("#around-km option").evaluate_all(
        "options => options.map(o => o.value)")]  # fmt: skip
    assert offered[0] == 5 and offered[-1] == 200 and offered == sorted(offered), offered
    assert page.locator("#around-km").input_value() == "30"
    choose_region(page, "Quimperl", "Quimperlé")
    choose_distance(page, 5)  # a small town's 5 km
    page.locator("#region-chosen", has_text="5 km").wait_for()
    page.locator("#problem").wait_for()  # too few places at 5 km: said, and widen suggested
    assert page.locator("#around-hint").is_visible()
    context.close()


def test_the_wider_distance_is_suggested_only_for_too_few_places(studio, browser):
    """400 cards around Quimperlé (44 at most) is refused for another reason than too few
    places: the hint to widen the distance showed on it too."""
    context, page = oucedonc(browser, studio)
    choose_region(page, "Quimperl", "Quimperlé")
    page.locator("#cards").click()
    page.keyboard.type("400")
    page.keyboard.press("Tab")  # the field's change
    page.locator("#problem", has_text="400").wait_for()
    settled(page)
    assert page.locator("#around-hint").is_hidden()
    choose_distance(page, 5)  # 4 places: too few for any deck
    page.locator("#problem", has_text="4 places").wait_for()
    settled(page)
    assert page.locator("#around-hint").is_visible()
    context.close()


def test_a_slow_download_says_it_is_being_prepared(studio, browser, tmp_path):
    """The faces zip takes 20 s: the link said nothing after the click."""
    deck = new_deck(studio, {"region": "dep:29", "cards": 15})
    context = browser.new_context(viewport=WIDE, locale="fr-FR", accept_downloads=True)
    page = context.new_page()
    page.goto(f"{studio}/oucedonc?deck={deck['id']}")
    page.locator("#downloads a[data-file=export-tabletopia][href]").wait_for()
    link = page.locator("#downloads a[data-file=export-tabletopia]")
    link.scroll_into_view_if_needed()
    with page.expect_download(timeout=120_000) as download:
        link.click()
        assert link.inner_text() == "Préparation… (jusqu’à 30\u00a0s)"
        assert link.get_attribute("aria-disabled") == "true"
    assert download.value.suggested_filename == "oucedonc-finistere-tabletopia.zip"
    assert download.value.failure() is None
    page.locator("#downloads a[data-file=export-tabletopia]", has_text="Tabletopia").wait_for()
    assert link.get_attribute("aria-disabled") is None

    # a download the studio refuses is said beside the links, the page stays
    page.route(
        "**/export/screentop.zip",
        lambda route: route.fulfill(
            status=503,
            content_type="application/json",
            body=json.dumps({"error": "le studio est occupé ; réessayez dans une minute"}),
        ),
    )
    page.locator("#downloads a[data-file=export-screentop]").click()
    problem = page.locator("#download-problem")
    problem.wait_for()
    assert "Screentop" in problem.inner_text()
    assert "réessayez dans une minute" in problem.inner_text()
    assert page.url.endswith(f"/oucedonc?deck={deck['id']}")
    context.close()


def test_a_preview_still_coming_is_a_blank_card_not_its_alt_text(studio, browser):
    held = []
    context, page = oucedonc(browser, studio)
    page.route(
        re.compile(r"/cards/[^/]+/front\.png$"), lambda route: held.append(route)
    )  # never answered yet
    choose_region(page, "Finis", "Finistère")
    image = page.locator("#cards-grid li.card img").first
    style = image.evaluate(
        "img => { const s = getComputedStyle(img); return [s.color, s.backgroundColor] }"
    )
    assert style[0] == "rgba(0, 0, 0, 0)", style  # the alt text is not drawn
    assert style[1] == "rgb(248, 244, 234)", style  # the cards' paper
    assert image.get_attribute("alt").startswith("Front of the card ")  # for screen readers
    assert held
    for route in held:
        route.continue_()
    context.close()


def test_a_card_count_out_of_range_is_said_before_sending(studio, browser):
    context, page = oucedonc(browser, studio, locale="fr-FR")
    choose_region(page, "Finis", "Finistère")
    before = shown_deck(page)
    assert page.locator("#cards").get_attribute("min") == "15"  # the rules' smallest deck
    page.locator("#cards").click()
    page.keyboard.type("10")
    page.keyboard.press("Tab")
    said = page.locator("#cards-problem")
    said.wait_for()
    assert said.inner_text() == "Un paquet compte de 15 à 400 cartes Lieu."
    settled(page)
    assert page.locator("#problem").is_hidden() and shown_deck(page) == before

    page.locator("#cards").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("15")
    page.keyboard.press("Tab")
    page.wait_for_url(lambda url: before not in url)
    assert said.is_hidden()
    context.close()


def test_an_opened_file_is_told_apart_from_a_recipe(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="fr-FR")
    choose_region(page, "Morbih", "Morbihan")
    problem = page.locator("#problem")

    # the deck file the studio downloads beside the recipe
    before = shown_deck(page)
    open_recipe(page, tmp_path / "oucedonc-finistere.json", {"schema": "pnp.oucedonc.deck"})
    problem.wait_for()
    assert "fichier du paquet" in problem.inner_text()
    assert "-recipe.json" in problem.inner_text()
    assert "docs/schemas" not in problem.inner_text()

    # a field the server refuses: its sentence without the pointer to the schema files
    open_recipe(page, tmp_path / "negative.json", {"region": "dep:29", "seed": -1})
    page.locator("#problem", has_text="seed").wait_for()
    assert "docs/schemas" not in problem.inner_text()

    # no region: the API's France, as the page's too, and said
    open_recipe(page, tmp_path / "short.json", {"cards": 54})
    page.locator("#status", has_text="France").wait_for()
    settled(page)
    assert problem.is_hidden()
    assert "ne nomme pas de région" in page.locator("#status").inner_text()
    assert shown_deck(page) != before
    context.close()


def test_names_shown_take_the_typographic_apostrophe(studio, browser):
    context, page = oucedonc(browser, studio, locale="fr-FR")
    assert page.get_by_role("link", name="Jeu de l’Oie").count() == 1  # the menu
    choose_region(page, "Côtes-d'Ar", "Côtes-d’Armor")
    assert "Côtes-d’Armor" in page.locator("#status").inner_text()
    assert "Côtes-d’Armor" in page.locator("#region-chosen").inner_text()
    assert "'" not in page.locator("#status").inner_text()
    page.get_by_role("link", name="Jeu de l’Oie").click()
    page.wait_for_url(re.compile(r"/games/oie$"))
    assert page.title().startswith("Jeu de l’Oie")
    assert page.locator("h1").inner_text() == "Jeu de l’Oie"

    deck = new_deck(studio, {"region": {"around": "L'Haÿ-les-Roses", "km": 5}, "cards": 15})
    page.goto(f"{studio}/phone/{deck['id']}")
    title = page.locator("main strong").first.inner_text()
    assert "L’Haÿ" in title and "L'Haÿ" not in title, title
    page.get_by_label("Cette carte", exact=True).click()
    page.keyboard.type("L'Haÿ-les-Roses", delay=10)  # as typed: matched as the data writes it
    page.get_by_label("cette carte-là", exact=True).click()
    page.keyboard.type("Antony", delay=10)
    page.get_by_role("button", name="Vérifier").click()
    verdict = page.locator("#verdict .yes")
    verdict.wait_for()
    said = page.locator("#verdict").inner_text()
    assert "L’Haÿ-les-Roses" in said and "L'Haÿ" not in said, said
    context.close()


def test_a_part_of_the_material_not_made_is_said(studio, browser):
    """A kit for Monaco: its deck and themed board cannot be made; game.js ignored `failures`."""
    context = browser.new_context(viewport=WIDE, locale="en-GB")
    page = context.new_page()
    page.goto(f"{studio}/games/kit")
    assert page.locator("legend", has_text="Jeu de l’Oie").count() == 1  # a game's name shown
    region = page.get_by_label("Region of the themed board")
    region.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("MC", delay=20)
    page.get_by_role("button", name="Make the material").click()
    page.locator("#files li").first.wait_for(timeout=180_000)
    problem = page.locator("#problem")
    assert problem.is_visible()
    said = problem.inner_text()
    assert "could not be made" in said and "Monaco" in said, said
    assert "Failure(" not in said and "is_bug" not in said, said
    context.close()


def test_a_spreadsheet_given_as_places_says_to_save_it_as_csv(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="fr-FR")
    choose_region(page, "Finis", "Finistère")
    sheet = tmp_path / "ecoles.xlsx"
    sheet.write_bytes(b"PK\x03\x04" + bytes(200))  # a zip's start, as every xlsx's
    page.locator("#places-file").set_input_files(str(sheet))
    problem = page.locator("#problem")
    problem.wait_for()
    said = problem.inner_text()
    assert "Enregistrer sous" in said and "CSV" in said and "ecoles.xlsx" in said, said
    context.close()


def test_a_homonym_picked_in_the_search_is_the_one_dealt(studio, browser):
    """Valence of the Drôme picked for a Bretagne deck: the recipe kept "Valence" and the deal
    took the Valence nearest Bretagne (the Charente's); it keeps "Valence (26)" now. Then the
    card's "Stop keeping" takes it out of the recipe."""
    context, page = oucedonc(browser, studio)
    choose_region(page, "Bretagne", "Bretagne")
    page.locator("#place-search").click()
    page.keyboard.type("Valence", delay=40)
    page.locator("#place-list li[role=option]", has_text="Drôme (26)").first.wait_for()
    while "Drôme" not in page.locator("#place-list li[aria-selected=true]").inner_text():
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    card = page.locator("#cards-grid li.card", has_text="Valence")
    card.wait_for()
    settled(page)
    assert recipe_shown(page)["include"] == ["Valence (26)"]
    assert "44°5" in card.inner_text(), card.inner_text()  # 44°56′ N: the Drôme's
    card.get_by_role("button", name=re.compile("^Stop keeping")).click()
    settled(page)
    assert recipe_shown(page)["include"] == []
    context.close()


def recipe_shown(page) -> dict:
    """The recipe of the deck the page shows, as the API gives it."""
    script = "id => fetch(`/api/decks/${id}/recipe.json`).then(answer => answer.text())"
    return json.loads(page.evaluate(script, shown_deck(page)))
