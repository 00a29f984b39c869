"""The pictures of Oucédonc and Pronostiques, read back from the PDFs: which icon form each card
draws, where, and that no text touches it."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from generator.games.oucedonc.pictograms import SITE_PICTOGRAMS, TOWN, UNKNOWN_SITE, pictogram
from generator.games.pronostiques import SUITS
from generator.games.pronostiques.emblems import POWER_PICTURES, TEAM_EMBLEMS
from generator.geo.embedded import landmarks
from generator.products.oucedonc_deck import PRODUCT, OucedoncDeckOptions
from generator.render.card_size import card_size
from generator.render.deck_files import impose
from generator.render.imposition import Duplex, SheetSpec, plan_sheet
from generator.render.paper import paper
from generator.render.pronostiques.deck import deck_info, prediction_deck, race_deck
from generator.render.pronostiques.sheets import PronostiquesOptions, score_pad
from generator.render.units import to_mm
from tests.pdf_forms import FormUse, icon_name, icon_uses


def _page_icons(path: Path) -> Callable[[int], list[FormUse]]:
    """The icon uses of page N of the PDF at ``path``, read once per page (the card loops ask
    for the same sheet once per card)."""
    pdf = pikepdf.open(path)
    return cache(lambda index: icon_uses(pdf.pages[index]))


def _in(slot, uses):
    return [icon_name(u) for u in uses if u.inside(slot.x, slot.y, slot.right, slot.top)]


def _apart(chars, page_height, use, rect):
    """No character inside ``rect`` (mm) overlaps the icon ``use``."""
    for c in chars:
        x0, x1 = to_mm(c["x0"]), to_mm(c["x1"])
        y0, y1 = page_height - to_mm(c["bottom"]), page_height - to_mm(c["top"])
        if not (rect.x <= x0 and x1 <= rect.right and rect.y <= y0 and y1 <= rect.top):
            continue
        assert x1 <= use.x0 or x0 >= use.x1 or y1 <= use.y0 or y0 >= use.y1, c["text"]


# --- Oucédonc -------------------------------------------------------------------------------


def test_pictograms_cover_every_site_kind_the_sources_name():
    from generator.geo.sources.geonames import SITE_KINDS
    from generator.geo.sources.overpass import TAG_KINDS
    from generator.geo.sources.wikidata import SITE_CLASSES

    kinds = {*SITE_KINDS.values(), *TAG_KINDS.values(), *SITE_CLASSES.values()}
    kinds |= {place.site_kind for place in landmarks()}
    assert kinds <= set(SITE_PICTOGRAMS)
    assert pictogram("town", "castle") == TOWN
    assert pictogram("site", "castle") == "castle"
    assert pictogram("site", None) == pictogram("site", "crater") == UNKNOWN_SITE


@pytest.fixture(scope="module")
def oucedonc(tmp_path_factory):
    out = tmp_path_factory.mktemp("ouc") / "deck.pdf"
    written = PRODUCT.make(OucedoncDeckOptions(region="bretagne", seed=2), out)
    deck = json.loads(written.path("oucedonc.json").read_text(encoding="utf-8"))
    return out, deck


def test_each_place_card_shows_its_pictogram_front_and_back(oucedonc):
    pdf, deck = oucedonc
    params = deck["params"]
    layout = plan_sheet(
        SheetSpec(
            paper=paper(params["paper"]),
            card=card_size(params["card_size"]),
            bleed=params["bleed_mm"],
            duplex=Duplex.LONG,
        )
    )
    icons = _page_icons(pdf)
    places = [card for card in deck["cards"] if card["kind"] == "place"]
    sites = 0
    for index, card in enumerate(places):
        sheet, slot = divmod(index, layout.per_sheet)
        front = _in(layout.fronts[slot].trim, icons(2 * sheet))
        back = _in(layout.backs[slot].trim, icons(2 * sheet + 1))
        expected = pictogram(card["place_kind"], card.get("site_kind"))
        assert front == back == [expected], card["name"]
        sites += expected != TOWN
    assert sites >= 3


def test_no_text_touches_a_front_pictogram(oucedonc):
    pdf, _ = oucedonc
    icons = _page_icons(pdf)
    layout = plan_sheet(
        SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0, duplex=Duplex.LONG)
    )
    with pdfplumber.open(pdf) as plumber:
        for page_index in (0, 2):
            page = plumber.pages[page_index]
            height = to_mm(page.height)
            for use in icons(page_index):
                slot = next(
                    s.trim
                    for s in layout.fronts
                    if use.inside(s.trim.x, s.trim.y, s.trim.right, s.trim.top)
                )
                _apart(page.chars, height, use, slot)


# --- Pronostiques ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pronostiques(tmp_path_factory):
    out = tmp_path_factory.mktemp("pro")
    options = PronostiquesOptions(players=4, paper=paper("a4"))
    spec = SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0)
    deck = impose([race_deck(), prediction_deck()], spec, deck_info("fr")).save(out / "cards.pdf")
    return deck, score_pad(options).save(out / "score-pad.pdf")


def test_race_deck_shows_team_emblems_and_power_pictures(pronostiques):
    deck, _ = pronostiques
    layout = plan_sheet(
        SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0, duplex=Duplex.LONG)
    )
    expected = []
    for suit in SUITS:
        expected += [[TEAM_EMBLEMS[suit]]] * 10
        expected += [[POWER_PICTURES[rank]] for rank in ("V", "D", "R")]
    expected += [[POWER_PICTURES["JK"]]] * 2
    expected += [[TEAM_EMBLEMS[suit] for suit in p] for p in _prediction_orders()]
    icons = _page_icons(deck)
    with pdfplumber.open(deck) as plumber:
        for index, pictures in enumerate(expected):
            sheet, slot = divmod(index, layout.per_sheet)
            uses = icons(2 * sheet)
            trim = layout.fronts[slot].trim
            assert _in(trim, uses) == pictures, index
            page = plumber.pages[2 * sheet]
            for use in uses:
                if use.inside(trim.x, trim.y, trim.right, trim.top):
                    _apart(page.chars, to_mm(page.height), use, trim)
        assert not icons(1)  # the backs carry no picture


def _prediction_orders():
    from generator.games.pronostiques import PREDICTIONS

    return [prediction.order for prediction in PREDICTIONS]


def test_score_pad_has_the_team_legend_and_the_credit(pronostiques):
    _, pad = pronostiques
    uses = _page_icons(pad)(0)
    assert [icon_name(u) for u in uses] == [TEAM_EMBLEMS[suit] for suit in SUITS]
    with pdfplumber.open(pad) as plumber:
        text = plumber.pages[0].extract_text()
    assert "Images : Fluent Emoji (Microsoft, licence MIT)" in text
    for name in ("Cœur de Piston", "Carreau-sserie Racing", "Pique de Vitesse"):
        assert name in text
