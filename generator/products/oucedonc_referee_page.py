"""``DECK-referee.html``: the referee on a phone, one self-contained page beside the deck JSON.

Two cards are picked by typing a few letters (accents, case, hyphens ignored, ``st`` for Saint,
the start of a name or its id), a direction chosen, and the verdict shown large with both
cards' printed coordinates, exactly as the backs print them. The page holds the deck's place
cards as JSON and its own script and style: no network, no external script, font or image, so
it opens from the phone's files. Its verdict is the one of ``pnp oucedonc verify --deck``
(tests/test_oucedonc_referee_page.py checks thousands of pairs in headless Chromium).

The template is ``templates/referee/page.html.j2``, rendered in an autoescaped sandbox.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.core.i18n import MATERIAL_DEFAULT, N_, P_, Language
from generator.core.outputs import text_holds
from generator.core.resources import package_folder
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.compare import EqualCoordinates
from generator.games.oucedonc.coords import printed_coordinate
from generator.games.oucedonc.deckfile import Deck
from generator.products.contract import Built, BuiltFile, FileKind, Product

TEMPLATE = package_folder("templates") / "referee" / "page.html.j2"


# What every page says in its footer: how the next deck recognises the page as pnp's own.
PAGE_MARKER = b"<code>pnp oucedonc verify --deck</code>"
REFEREE_PAGE = FileKind(
    N_("referee page"),
    text_holds(PAGE_MARKER),
    N_("wrote {path} (the referee on a phone: open it from the phone's files)"),
)
MAIN = "oucedonc-referee.html"


def page_path(deck_json: Path) -> Path:
    """``output/bretagne.json`` -> ``output/bretagne-referee.html``."""
    return deck_json.with_name(f"{deck_json.stem}-referee.html")


def page_data(
    deck: Deck, equal: EqualCoordinates, language: Language = MATERIAL_DEFAULT
) -> dict[str, object]:
    """What the page's script reads: every place card as its back prints it in ``language``."""
    return {
        "title": deck.title,
        "precision": deck.precision.value,
        "equal_coordinates": equal.value,
        "cards": [
            {
                "id": card.id,
                "name": card.name,
                "lat_units": card.lat_units,
                "lon_units": card.lon_units,
                "lat_text": printed_coordinate(card.lat_text, language),
                "lon_text": printed_coordinate(card.lon_text, language),
            }
            for card in deck.places
        ],
    }


def render_page(
    deck: Deck,
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED,
    language: Language = MATERIAL_DEFAULT,
) -> str:
    """The page's HTML for ``deck`` in ``language`` (its words through the printed material's
    catalog: the page is printed material, in the deck's language); ``equal`` is the
    equal-coordinates option it opens with."""
    from generator.render.template_sandbox import RegularFileLoader, sandboxed_environment

    environment = sandboxed_environment(
        RegularFileLoader(str(TEMPLATE.parent)), autoescape=True, language=language
    )
    environment.keep_trailing_newline = False
    # The script's words are JSON strings ({{ _("…")|tojson }}), written as the page's own
    # literals were: UTF-8, keys in their order ("<", ">", "&" and "'" are still escaped).
    environment.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "sort_keys": False}
    template = environment.get_template(TEMPLATE.name)
    data = json.dumps(page_data(deck, equal, language), ensure_ascii=False, separators=(",", ":"))
    # Inside <script>, "</script" or "<!--" would end or confuse the element: write every "<"
    # as its JSON escape (it only occurs inside strings).
    safe = data.replace("<", "\\u003c")
    return template.render(
        title=deck.title,
        places=len(deck.places),
        precision_label=P_(language, deck.precision.label),
        deck_json=safe,
    )


@dataclass(frozen=True)
class RefereePageOptions:
    """The page of ``deck``, printed in ``language``, opening with the ``equal`` rule."""

    deck: Deck
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED
    language: Language = MATERIAL_DEFAULT


def page_file(deck: Deck, language: Language, equal: EqualCoordinates) -> BuiltFile:
    """The page as a built file (the deck's companion, or the page alone)."""
    page = render_page(deck, equal, language=language)
    return BuiltFile(MAIN, REFEREE_PAGE, page.encode("utf-8"))


def build(options: RefereePageOptions) -> Built[None]:
    """The page in memory."""
    page = page_file(options.deck, options.language, options.equal)
    return Built(PRODUCT.key, (page,), None, main=MAIN)


PRODUCT: Product[RefereePageOptions, None] = Product(
    "oucedonc-referee-page", OUCEDONC.key, build, main=lambda options: MAIN, main_kind=REFEREE_PAGE
)
