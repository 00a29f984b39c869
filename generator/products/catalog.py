"""The table of products and the table of decks: everything a user can build, and every deck
of every game, each listed once.

:data:`PRODUCTS` holds one :class:`~generator.products.contract.Product` per thing a user builds
(the command line, the kit and the studio find them here); :data:`DECKS` is the table of decks,
each deck with its game and the product that prints it. A product's ``decks(options)`` gives its
decks as faces (painters, card size, bleed, ids, names) without making a file: what an export
needs. ``tests/test_products.py`` checks that the table, each game's
:class:`~generator.games.catalog.GameInfo` and the decks the products build agree, and that each
deck's card count is the count its PDFs print.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.products import (
    calibration,
    oie_board,
    otcho_sheets,
    oucedonc_deck,
    oucedonc_map,
    oucedonc_referee_page,
    pronostiques_sheets,
    territoires_sheets,
)
from generator.products.contract import Product

#: Every product, by key, in the order the kit and the studio list them.
PRODUCTS: dict[str, Product[Any, Any]] = {
    product.key: product
    for product in (
        oucedonc_deck.PRODUCT,
        oucedonc_referee_page.PRODUCT,
        oucedonc_map.PRODUCT,
        oie_board.PRODUCT,
        territoires_sheets.PRODUCT,
        otcho_sheets.PRODUCT,
        pronostiques_sheets.PRODUCT,
        calibration.PRODUCT,
    )
}


@dataclass(frozen=True)
class DeckEntry:
    """One line of the table of decks: a deck's key, its game and the product that prints it."""

    key: str
    game: str
    product: str


#: The table of decks, in the order of the products that print them.
DECKS: tuple[DeckEntry, ...] = tuple(
    DeckEntry(key, product.game, product.key)
    for product in PRODUCTS.values()
    for key in product.deck_keys
)


def product(key: str) -> Product[Any, Any]:
    """The product ``key`` (a KeyError names it when there is none)."""
    try:
        return PRODUCTS[key]
    except KeyError:
        raise KeyError(f"no product {key!r}; the products are {', '.join(PRODUCTS)}") from None


def game_products(game: str) -> tuple[Product[Any, Any], ...]:
    """The products of the game ``game`` (a GameInfo key)."""
    return tuple(product for product in PRODUCTS.values() if product.game == game)
