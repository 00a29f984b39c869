"""The outside QA pass of issue 29 (its findings: a teacher's own places and the print
options), in a real browser: a CSV of places imported again once corrected, and the print
options' menus readable whole.

The server, Chromium and their skip are :mod:`tests.test_studio_browser`'s: real clicks and key
presses, files given to the file picker, never values set by a script.
"""

from __future__ import annotations

import json

import pytest

from tests import test_studio_browser as teacher
from tests.test_studio_browser import PHONE, card_names, oucedonc, settled
from tests.test_studio_browser_state import choose_region

pytestmark = teacher.pytestmark  # Chromium or CI, and slow
studio = teacher.studio  # the fixtures: one server and one Chromium for this module
browser = teacher.browser

SCHOOL = "École du Bourg"


def test_a_places_file_imported_again_replaces_its_places(studio, browser, tmp_path):
    """Her school's coordinates were wrong: she corrects the spreadsheet and imports the file
    again. The corrected place replaces the first (one chip, the new point), where both were
    kept and the deck refused ("two cards would both be named …")."""
    context, page = oucedonc(browser, studio, locale="fr-FR")
    choose_region(page, "Finis", "Finistère")
    places = tmp_path / "ecole.csv"
    places.write_text(f"nom;latitude;longitude\n{SCHOOL};48,39;-4,49\n", encoding="utf-8")
    page.locator("#places-file").set_input_files(str(places))
    card = page.locator("#cards-grid li.card", has_text=SCHOOL)
    card.wait_for()
    settled(page)
    assert "48°23′24″ N" in card.inner_text()
    places.write_text(f"nom;latitude;longitude\n{SCHOOL};48,0;-4,1\n", encoding="utf-8")
    page.locator("#places-file").set_input_files(str(places))
    page.locator("#cards-grid li.card", has_text="48°00′00″ N").wait_for()
    settled(page)
    assert page.locator("#problem").is_hidden()
    assert card_names(page).count(SCHOOL) == 1
    assert page.locator("#edits li", has_text=SCHOOL).count() == 1
    context.close()


#: The width of each print menu's chosen option as drawn in its font, and the room its box
#: gives the text (its inner width less the drop-down arrow's).
MENUS = """() => [...document.querySelectorAll('.grid2 select')].map((menu) => {
  const style = getComputedStyle(menu);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = menu.options[menu.selectedIndex].text;
  const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    - 20;
  return {id: menu.id, text, width: context.measureText(text).width, room};
})"""


@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
def test_the_print_menus_show_their_option_whole(studio, browser, locale):
    """Step 4's menus at 1280×800: each shows its chosen option whole ("Poker (63 × 88 mm)",
    "Retourner sur le bord long"), where a column of labels left them ~155 px and cut them."""
    context, page = oucedonc(browser, studio, locale=locale)
    page.locator("#duplex").scroll_into_view_if_needed()
    for choice in ("long", "fold"):  # the longest options, chosen with the keyboard
        page.locator("#duplex").focus()
        page.keyboard.press("End" if choice == "fold" else "Home")
        cut = [menu for menu in page.evaluate(MENUS) if menu["width"] > menu["room"]]
        assert cut == [], cut
    context.close()


def test_a_mixed_geojson_says_what_it_left_out(studio, browser, tmp_path):
    """A map drawn in uMap holds her school (a point) and the walk to it (a line): the school
    is dealt and the deck's notes say the line was left out (the page dropped the server's
    note: the line vanished without a word)."""
    context, page = oucedonc(browser, studio, locale="fr-FR")
    choose_region(page, "Finis", "Finistère")
    features = [
        {"type": "Feature", "properties": {"name": SCHOOL},
         "geometry": {"type": "Point", "coordinates": [-4.49, 48.39]}},
        {"type": "Feature", "properties": {"name": "Le chemin"},
         "geometry": {"type": "LineString", "coordinates": [[-4.49, 48.39], [-4.5, 48.4]]}},
    ]  # fmt: skip
    drawn = tmp_path / "umap.geojson"
    drawn.write_text(json.dumps({"type": "FeatureCollection", "features": features}), "utf-8")
    page.locator("#places-file").set_input_files(str(drawn))
    page.locator("#cards-grid li.card", has_text=SCHOOL).wait_for()
    settled(page)
    notes = page.locator("#warnings")
    assert notes.is_visible()
    assert "umap.geojson" in notes.inner_text() and "ligne" in notes.inner_text()
    context.close()


def test_a_recipe_edited_by_hand_says_the_line_at_fault(studio, browser, tmp_path):
    """A recipe with a comma too many (edited by hand): the page says which line and column in
    its language, where it said only that the file was not a studio recipe."""
    context, page = oucedonc(browser, studio, locale="fr-FR")
    recipe = tmp_path / "ma-recette.json"
    recipe.write_text('{\n  "region": "dep:29",\n  "cards": 30,\n}\n', encoding="utf-8")
    page.locator("#recipe-file").set_input_files(str(recipe))
    problem = page.locator("#problem")
    problem.wait_for()
    said = problem.inner_text()
    assert "ma-recette.json" in said and "ligne 4, colonne 1" in said, said
    context.close()


def test_a_refused_recipe_is_said_where_she_looks_on_a_phone(studio, browser, tmp_path):
    """On a phone, "Open a recipe" is a screen away from the refusal's box: the refusal is
    scrolled into view (she tapped, and nothing seemed to happen)."""
    context, page = oucedonc(
        browser, studio, locale="fr-FR", viewport=PHONE, is_mobile=True, has_touch=True
    )
    recipe = tmp_path / "recette.json"
    recipe.write_text('{"region": "dep:29", "cards": "beaucoup"}', encoding="utf-8")
    opener = page.locator("label.button.file", has=page.locator("#recipe-file"))
    # scrolled as far as the button, no further: it is at the screen's foot
    mark = opener.bounding_box()
    assert mark is not None
    page.mouse.wheel(0, mark["y"] + mark["height"] - 844 + 8)
    for _ in range(500):  # the wheel returns before the page has scrolled
        if page.evaluate("() => window.scrollY") > 0:
            break
    mark = opener.bounding_box()
    assert mark is not None and mark["y"] + mark["height"] <= 844, mark
    with page.expect_file_chooser() as chooser:
        opener.tap()
    chooser.value.set_files(str(recipe))
    problem = page.locator("#problem")
    problem.wait_for(state="visible")
    assert "cards" in problem.inner_text()
    box = problem.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 845, box  # subpixels
    context.close()
