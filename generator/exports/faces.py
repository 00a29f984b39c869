"""``pnp export faces``: every face of every deck of the named games as an image at a print
shop's exact pixel size, with a manifest and the shop's README.

A shop's template is a trim size, a bleed and a resolution (:class:`Shop`); the pixel size is
computed from those figures exactly (The Game Crafter's poker card: (2.5 + 2 × 1/8) in × 300 dpi
= 825 px wide, never 826). A deck cut to the shop's card (every deck that takes a card size) is
drawn at that size with the shop's bleed and rendered at exactly those pixels; a deck of its own
size (Oucédonc's round tokens, Neo Otcho's player cards, the Pronostiques cards laid out for
63 × 88 mm) keeps it, at the shop's resolution, unless it is within 1 mm of the shop's card a
side: then it fills the shop's template (scaled by less than 2 %, said in the manifest). Figures
and sources: docs/exports.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from generator.core.i18n import MATERIAL_DEFAULT, Language
from generator.exports.manifest import Row, deck_faces, manifest_file, readme_file
from generator.exports.source import DeckSource, Game, decks_of
from generator.products.contract import Built, BuiltFile, Product
from generator.products.options import DeckFormat
from generator.render.card_size import CardSize, card_size
from generator.render.deck import Backs, CardDeck, Shape
from generator.render.deck_files import ImageSize

INCH = Fraction(127, 5)  # 25.4 mm, exactly
CLOSE_ENOUGH = 1.0  # mm a side: a deck this close to the shop's card fills its template


class ShopKey(Enum):
    TGC = "tgc"
    MPC = "mpc"
    GENERIC = "generic"


@dataclass(frozen=True)
class Shop:
    """A print shop's card template: ``card`` trimmed, ``bleed`` inches a side, at ``dpi``;
    ``source`` is where the figures were read, ``upload`` how its uploader takes the files."""

    key: str
    name: str
    card: CardSize
    bleed: Fraction  # inches, each side
    dpi: int
    source: str
    upload: str

    @property
    def bleed_mm(self) -> float:
        return float(self.bleed * INCH)

    def pixels_for(self, width_mm: float, height_mm: float) -> tuple[int, int]:
        """The pixels of a face ``width_mm`` × ``height_mm`` trimmed, with the shop's bleed, at its
        resolution: exact when the figures are (inches stay fractions), never a pixel short."""
        return (
            math.ceil((_inches(width_mm) + 2 * self.bleed) * self.dpi),
            math.ceil((_inches(height_mm) + 2 * self.bleed) * self.dpi),
        )

    @property
    def pixels(self) -> tuple[int, int]:
        """The template's pixel size."""
        return self.pixels_for(self.card.width, self.card.height)


def _inches(mm: float) -> Fraction:
    """``mm`` in inches, exactly for a size typed in inches or in hundredths of a millimetre."""
    return Fraction(mm).limit_denominator(10_000) / INCH


SHOPS: dict[ShopKey, Shop] = {
    ShopKey.TGC: Shop(
        "tgc",
        "The Game Crafter (poker card)",
        card_size("2.5x3.5in"),
        Fraction(1, 8),
        300,
        "https://www.thegamecrafter.com/make/products/PokerDeck (template 825 x 1125 px)",
        "Make > Poker Deck: drop the *_front.png files on the cards' faces and the back-*.png "
        "(or each *_back.png) on the backs.",
    ),
    ShopKey.MPC: Shop(
        "mpc",
        "MakePlayingCards (poker size)",
        card_size("2.5x3.5in"),
        Fraction(36, 300),
        300,
        "https://www.makeplayingcards.com (poker size template 822 x 1122 px; not re-read)",
        "Custom Game Cards > Poker size: choose the deck's card count, upload the fronts, then "
        "'same image for all backs' (back-*.png) or 'different images' (*_back.png).",
    ),
    ShopKey.GENERIC: Shop(
        "generic",
        "Any shop (63 x 88 mm, 3 mm bleed, 300 dpi)",
        card_size("poker"),
        Fraction(3) / INCH,
        300,
        "the bleed print shops ask for (3 mm), as pnp's shop profile",
        "Upload the *_front.png and the back images as the shop's form asks.",
    ),
}


@dataclass(frozen=True)
class FacesOptions:
    games: tuple[Game, ...]
    shop: Shop = SHOPS[ShopKey.TGC]
    card: CardSize | None = None  # another card size than the shop's template (--card-size)
    language: Language = MATERIAL_DEFAULT  # of the printed words
    source: DeckSource | None = None  # one deck's (the studio's recipe); None: the game's


def _shop(options: FacesOptions) -> Shop:
    shop = options.shop
    if options.card is None:
        return shop
    return Shop(shop.key, shop.name, options.card, shop.bleed, shop.dpi, shop.source, shop.upload)


def _size(deck: CardDeck, shop: Shop) -> tuple[ImageSize, bool]:
    """The size of ``deck``'s images at ``shop``, and whether they fill its template."""
    card = shop.card
    close = (
        deck.shape is Shape.CARD
        and abs(deck.size.width - card.width) <= CLOSE_ENOUGH
        and abs(deck.size.height - card.height) <= CLOSE_ENOUGH
    )
    if close:
        return ImageSize(pixels=shop.pixels), True
    return ImageSize(pixels=shop.pixels_for(deck.size.width, deck.size.height)), False


def build(options: FacesOptions) -> Built[None]:
    """Every face image of the games' decks, the manifest and the README, in memory."""
    shop = _shop(options)
    fmt = DeckFormat(shop.card, shop.bleed_mm, options.language)
    files: list[BuiltFile] = []
    rows: list[Row] = []
    decks = decks_of(options.games, fmt, options.source)
    for deck in decks:
        size, template = _size(deck, shop)
        deck_files, deck_rows = deck_faces(deck, size, shop.dpi)
        files += deck_files
        rows += [{**row, "template": template} for row in deck_rows]
    facts = {
        "shop": shop.key,
        "template": {
            "card_mm": [round(shop.card.width, 3), round(shop.card.height, 3)],
            "bleed_mm": round(shop.bleed_mm, 4),
            "dpi": shop.dpi,
            "pixels": list(shop.pixels),
        },
        "colour": "sRGB (ICC profile embedded: LittleCMS sRGB built-in)",
    }
    files.append(manifest_file("faces", facts, rows))
    files.append(readme_file(readme(shop, decks), f"faces --shop {shop.key}"))
    return Built(PRODUCT.key, tuple(files), None, decks)


def readme(shop: Shop, decks: tuple[CardDeck, ...]) -> list[str]:
    width, height = shop.pixels
    lines = [
        f"{shop.name}: card faces for print on demand",
        "",
        f"Template: {shop.card.width:g} x {shop.card.height:g} mm trimmed, "
        f"{shop.bleed_mm:.3g} mm bleed a side, {shop.dpi} dpi = {width} x {height} px.",
        f"Figures read at: {shop.source}",
        "Every image is RGB with an sRGB ICC profile embedded.",
        "",
        "One folder per deck (manifest.json lists every file: card, side, pixels):",
    ]
    for deck in decks:
        backs = "one back per card" if deck.backs is Backs.UNIQUE else "one back for all"
        lines.append(f"  {deck.key}/  {len(deck.cards)} cards, {backs}")
    return [*lines, "", f"Upload: {shop.upload}"]


PRODUCT: Product[FacesOptions, None] = Product("export-faces", "", build)
