"""``pnp export tabletopia``: every deck of a game as Tabletopia's workshop takes it.

Tabletopia's "Preparing Graphics" (help.tabletopia.com, docs/exports.md) asks for one image per
face, front and back in different files (a deck of 52 cards: 52 fronts and 1 back), the two
sides of a piece of the same pixel size and every piece of a kind exactly the same size; the
scale is 10 px per millimetre of the piece, at most 4000 px a side. The faces are trimmed
(Tabletopia cuts nothing), in the deck's own folder, with the manifest and a README saying how
to import them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.core.i18n import MATERIAL_DEFAULT, Language
from generator.exports.manifest import Row, deck_faces, manifest_file, readme_file
from generator.exports.source import DeckSource, Game, decks_of
from generator.products.contract import Built, BuiltFile, Product
from generator.products.options import DeckFormat
from generator.render.deck import Backs, CardDeck
from generator.render.deck_files import ImageSize

PX_PER_MM = 10
MAX_SIDE = 4000


@dataclass(frozen=True)
class TabletopiaOptions:
    game: Game
    language: Language = MATERIAL_DEFAULT
    source: DeckSource | None = None  # one deck's (the studio's recipe); None: the game's


def pixels(deck: CardDeck) -> tuple[int, int]:
    """A face of ``deck`` at 10 px per mm, scaled down to fit 4000 px when larger."""
    scale = min(PX_PER_MM, MAX_SIDE / max(deck.size.width, deck.size.height))
    return math.floor(deck.size.width * scale), math.floor(deck.size.height * scale)


STEPS = [
    "Import into Tabletopia (workshop, game editor):",
    "  1. Workshop > your game > Edit > Objects > Add: Card (or Token for round pieces).",
    "  2. Upload the fronts of a deck's folder as the faces (*_front.png), and back-*.png as",
    "     the common back (or each *_back.png as its own card's back).",
    "  3. Set the physical size to the deck's size below; group the cards as a Deck.",
]


def build(options: TabletopiaOptions) -> Built[None]:
    decks = decks_of((options.game,), DeckFormat(None, 0.0, options.language), options.source)
    files: list[BuiltFile] = []
    rows: list[Row] = []
    lines = [f"{options.game.info.name}: Tabletopia images (10 px per mm, at most 4000 px)", ""]
    for deck in decks:
        width, height = pixels(deck)
        deck_files, deck_rows = deck_faces(deck, ImageSize(pixels=(width, height)))
        files += deck_files
        rows += deck_rows
        backs = "a back per card" if deck.backs is Backs.UNIQUE else "one back"
        lines.append(
            f"  {deck.key}/  {len(deck.cards)} cards, {deck.size.width:g} x "
            f"{deck.size.height:g} mm, {width} x {height} px, {backs}"
        )
    facts = {"px_per_mm": PX_PER_MM, "max_side": MAX_SIDE}
    files.append(manifest_file("tabletopia", facts, rows))
    files.append(readme_file([*lines, "", *STEPS], f"tabletopia {options.game.value}"))
    return Built(PRODUCT.key, tuple(files), None, decks)


PRODUCT: Product[TabletopiaOptions, None] = Product("export-tabletopia", "", build)
