"""The English studio names places abroad in English, in a real browser (the QA pass: the
type-ahead offered "Allemagne", a click on the world map wrote "Tchad" in the field, the chosen
line and the warning while the deck was "Chad", and Vatican City was offered twice).

The server, Chromium and their skip are :mod:`tests.test_studio_browser`'s: real clicks and key
presses, never values set by a script.
"""

from __future__ import annotations

from tests import test_studio_browser as teacher
from tests.test_studio_browser import map_point, oucedonc, photograph, settled, shots_folder

pytestmark = teacher.pytestmark  # Chromium or CI, and slow
studio = teacher.studio  # the fixtures: one server and one Chromium for this module
browser = teacher.browser


def options(page, typed: str) -> list[str]:
    """The region list's options once ``typed`` is typed key by key in an empty field."""
    field = page.locator("#region-search")
    field.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type(typed, delay=40)
    page.locator("#region-list li").first.wait_for()
    page.wait_for_timeout(600)  # the list answers the last key (120 ms after it)
    return page.locator("#region-list li[role=option] span").all_inner_texts()


def test_the_english_studio_offers_and_writes_countries_in_english(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="en-GB")
    assert options(page, "vatican") == ["Vatican City"]  # one place, one hit
    found = options(page, "allemagne")  # the French name finds it too
    assert found[0] == "Germany" and "Allemagne" not in found
    page.keyboard.press("Enter")
    page.locator("#cards-grid li.card").first.wait_for()
    settled(page)
    assert page.locator("#region-search").input_value() == "Germany"
    assert "Germany" in page.locator("#region-chosen").inner_text()
    assert "Oucédonc · Germany" in page.locator("#status").inner_text()
    photograph(page, shots_folder(tmp_path), "studio-english-germany-wide")

    page.get_by_role("button", name="World").click()
    page.wait_for_selector("#map svg .country")
    page.mouse.click(*map_point(page, 18.7, 15.0))  # Chad
    page.locator("#status", has_text="Oucédonc · Chad").wait_for()
    settled(page)
    assert page.locator("#region-search").input_value() == "Chad"
    assert "Chad" in page.locator("#region-chosen").inner_text()
    warnings = " ".join(page.locator("#warnings li").all_inner_texts())
    assert "Tchad" not in warnings + page.locator("body").inner_text()
    photograph(page, shots_folder(tmp_path), "studio-english-chad-wide")
    context.close()
