"""The studio's words, in a real browser (the QA pass of issue 29, findings 7, 8, 9 and 12): the
phone page's refusal is a sentence of its own (a capital, the typed name in the language's
quotation marks, advice about the printed card, never "the deck file"); the same thing has one
name on the page and on the referee page ("cartes Lieu" / "place cards"); the chips say what was
done (a card kept, a place added by the search, one's own place); the legend lines up with the
labels; the phone page on this computer alone leads with what a teacher can do; the divider
names the other cards as the deck prints them.

The server, Chromium and their skip are :mod:`tests.test_studio_browser`'s: real clicks and key
presses, never values set by a script.
"""

from __future__ import annotations

import pytest

from tests import test_studio_browser as teacher
from tests.test_studio_browser import PHONE, oucedonc, settled
from tests.test_studio_browser_state import choose_region, new_deck

pytestmark = teacher.pytestmark  # Chromium or CI, and slow
studio = teacher.studio  # the fixtures: one server and one Chromium for this module
browser = teacher.browser

NBSP = "\u00a0"


def chip_after(page, card: str, button: str) -> str:
    """The change's chip once ``button`` of ``card``'s card is clicked and the deal settled."""
    page.locator("li.card", has_text=card).get_by_role("button", name=button).click()
    page.locator("#edits li", has_text=card).wait_for()
    settled(page)
    return page.locator("#edits li", has_text=card).locator("span").inner_text()


@pytest.fixture(scope="module")
def deck_id(studio) -> str:
    return new_deck(studio, {"region": "dep:29"})["id"]


@pytest.mark.parametrize(
    ("locale", "label", "other", "check", "said", "closest"),
    [
        (
            "fr-FR",
            "Cette carte",
            "cette carte-là",
            "Vérifier",
            f"Aucune carte ne s’appelle «{NBSP}Brezt{NBSP}»{NBSP}; les plus proches{NBSP}: ",
            f"{NBSP}; tapez le nom tel qu’il est imprimé sur la carte, ou le numéro dans son coin.",
        ),
        (
            "en-US",
            "This card",
            "that card",
            "Check",
            "No card is called “Brezt”; the closest: ",
            "; type the name as printed on the card, or the number in its corner.",
        ),
    ],
)
def test_the_phone_pages_refusal_is_a_sentence_for_a_player(
    studio, browser, deck_id, locale, label, other, check, said, closest
):
    """« carte inconnue 'Brezt' ; … ; donnez le nom ou l’identifiant d’une carte du fichier du
    jeu »: lower case in a box of its own, Python's quotes, and a file the player never saw."""
    context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{studio}/phone/{deck_id}")
    page.get_by_label(label, exact=True).tap()
    page.keyboard.type("Quimper", delay=10)
    page.get_by_label(other, exact=True).tap()
    page.keyboard.type("Brezt", delay=10)
    page.get_by_role("button", name=check).tap()
    alert = page.locator("#verdict .alert")
    alert.wait_for()
    text = alert.inner_text()
    assert text.startswith(said), text
    assert "Brest (29)" in text and text.endswith(closest), text
    assert "'" not in text and "fichier" not in text and "file" not in text, text
    context.close()


def test_the_phone_page_leads_with_what_a_teacher_can_do(studio, browser, deck_id):
    """On this computer alone, the note began "Start it with pnp serve --host 0.0.0.0": a
    terminal the teacher of issue 29 never opens. The download comes first, the command last,
    for whoever runs the studio."""
    for locale, download in (("fr-FR", "Téléchargez"), ("en-GB", "Download")):
        context = browser.new_context(viewport=PHONE, locale=locale)
        page = context.new_page()
        page.goto(f"{studio}/phone/{deck_id}")
        said = page.locator(".note p").all_inner_texts()
        assert len(said) >= 3, said
        assert not any("pnp serve" in line for line in said[:-1]), said
        assert download in said[1] or download in said[0], said
        assert "pnp serve --host 0.0.0.0" in said[-1], said
        assert page.locator(".note p").last.locator("code").inner_text() == (
            "pnp serve --host 0.0.0.0"
        )
        context.close()


def test_one_name_for_the_place_cards_and_chips_that_say_what_was_done(studio, browser):
    """ "63 cartes de lieux" (status), "Cartes de lieux" (field), "15 à 400 cartes Lieu" (the
    field's problem), "63 cartes Lieu" (referee page); « Gardée » on the button, « Gardée :
    Brest » on its chip, « Retirée : Morlaix » beside it, « Ajouté : Roscoff » for a place the
    search added."""
    context, page = oucedonc(browser, studio, locale="fr-FR")
    choose_region(page, "Finis", "Finistère")
    status = page.locator("#status").inner_text()
    assert "63 cartes Lieu" in status, status
    assert page.locator("label[for=cards]").inner_text() == "Cartes Lieu"
    # the legend lines up with the labels below it (its own padding put it 2 px right)
    legend = page.locator("fieldset.choices legend").bounding_box()
    field = page.locator("label[for=cards]").bounding_box()
    assert legend is not None and field is not None
    assert abs(legend["x"] - field["x"]) < 0.5, (legend, field)

    assert chip_after(page, "Brest", "Garder Brest quelle que soit la donne") == (
        f"Gardée{NBSP}: Brest"
    )
    page.locator("#place-search").click()
    page.keyboard.type("Roscof", delay=40)
    page.locator("#place-list li[role=option]", has_text="Roscoff").first.wait_for()
    page.keyboard.press("Enter")
    page.locator("#edits li", has_text="Roscoff").wait_for()
    settled(page)
    assert page.locator("#edits li", has_text="Roscoff").locator("span").inner_text() == (
        f"Ajouté{NBSP}: Roscoff"
    )
    # a card removed agrees as the kept one does, side by side (it said « Retiré : Morlaix »)
    assert chip_after(page, "Morlaix", "Retirer Morlaix du paquet") == f"Retirée{NBSP}: Morlaix"

    page.locator("#cards").click()
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    problem = page.locator("#cards-problem")
    problem.wait_for()
    assert "cartes Lieu" in problem.inner_text(), problem.inner_text()

    deck = new_deck(studio, {"region": "dep:29"})
    page.goto(f"{studio}/referee/{deck['id']}")
    assert "63 cartes Lieu" in page.locator(".sub").inner_text()
    context.close()


def test_an_own_place_chip_says_it_is_ones_own(studio, browser, tmp_path):
    context, page = oucedonc(browser, studio, locale="en-GB")
    choose_region(page, "Finis", "Finistère")
    csv = tmp_path / "school.csv"
    csv.write_text("name,lat,lon\nÉcole A,48.0017,-4.0972\n", encoding="utf-8")
    page.locator("#places-file").set_input_files(str(csv))
    page.locator("#edits li", has_text="École A").wait_for()
    assert page.locator("#edits li", has_text="École A").locator("span").inner_text() == (
        "Your place: École A"
    )
    context.close()


def test_the_divider_names_the_other_cards_as_they_print(studio, browser):
    """An English deck's cards print "Interlude": the divider said "Intermèdes"."""
    context, page = oucedonc(browser, studio, locale="en-US")
    choose_region(page, "Finis", "Finistère")
    divider = page.locator("#cards-grid li.divider").inner_text()
    assert divider == "Other cards: the Interlude cards, the Direction card and the rules", divider
    context.close()
