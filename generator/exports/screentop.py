"""``pnp export screentop``: every deck of a game as a Screentop.gg deck: a grid image of its
faces and a CSV of its cards.

Screentop builds a deck from one image cut into a grid (columns × rows given when it is
imported) and a table of cards, each naming the grid cell of its face and of its back (its
"back chosen per card"); docs/exports.md cites where this was read. The grid holds the fronts in
card order, then the back (one for a deck whose backs are alike, one per card for Oucédonc's),
at most 10 × 7 cells and 4096 px a side (the Tabletop Simulator sheet's limits, kept for the
same graphics cards); a larger deck takes several grids. ``NAME.csv`` lists every card: its id,
name, grid image, face cell and back cell (cells counted from 0, left to right, top to bottom).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from generator.core.i18n import MATERIAL_DEFAULT, N_, Language
from generator.core.outputs import is_pnp_png, text_holds
from generator.exports import images
from generator.exports.manifest import readme_file
from generator.exports.source import DeckSource, Game, decks_of
from generator.products.contract import Built, BuiltFile, FileKind, Product
from generator.products.options import DeckFormat
from generator.render.deck import Backs, CardDeck
from generator.render.deck_files import ImageSize, face_images

COLUMNS, ROWS, MAX_SIDE = 10, 7, 4096
HEADER = ("card", "name", "image", "columns", "rows", "face", "back")
CARDS = FileKind(N_("card list"), text_holds(",".join(HEADER).encode()))
GRID = FileKind(N_("grid image"), is_pnp_png)


@dataclass(frozen=True)
class ScreentopOptions:
    game: Game
    language: Language = MATERIAL_DEFAULT
    source: DeckSource | None = None  # one deck's (the studio's recipe); None: the game's


def _cells(deck: CardDeck) -> list[tuple[str, str, str]]:
    """(card id, name, which face) of every cell a deck needs, fronts then backs."""
    cells = [(card.id, card.name, "front") for card in deck.cards]
    if deck.backs is Backs.UNIQUE:
        return cells + [(card.id, card.name, "back") for card in deck.cards]
    return [*cells, ("", "", "back")]


def deck_grids(deck: CardDeck) -> tuple[list[BuiltFile], list[tuple[object, ...]]]:
    """The grid images of ``deck`` and a CSV row per card. A card's front and back sit on the
    same grid (several grids for a large deck: its cards are split, each grid with its backs)."""
    cell = images.cell_size(deck.size.width, deck.size.height, (COLUMNS, ROWS), MAX_SIDE)
    rendered = face_images([deck], ImageSize(pixels=cell))
    pictures = {(image.card, image.side): images.open_rgb(image.data) for image in rendered}
    unique = deck.backs is Backs.UNIQUE
    per_grid = COLUMNS * ROWS // 2 if unique else COLUMNS * ROWS - 1
    files: list[BuiltFile] = []
    rows: list[tuple[object, ...]] = []
    for number, start in enumerate(range(0, len(deck.cards), per_grid), start=1):
        cards = deck.cards[start : start + per_grid]
        cells = [pictures[(card.id, "front")] for card in cards]
        backs = (
            [pictures[(card.id, "back")] for card in cards] if unique else [pictures[("", "back")]]
        )
        columns, grid_rows = images.grid_shape(len(cells) + len(backs), COLUMNS, ROWS)
        name = f"{deck.key}-{number}.png"
        grid = images.grid([*cells, *backs], columns, grid_rows)
        files.append(BuiltFile(name, GRID, images.png(grid)))
        for index, card in enumerate(cards):
            back = len(cells) + (index if unique else 0)
            rows.append((card.id, card.name, name, columns, grid_rows, index, back))
    return files, rows


def build(options: ScreentopOptions) -> Built[None]:
    decks = decks_of((options.game,), DeckFormat(None, 0.0, options.language), options.source)
    files: list[BuiltFile] = []
    lines = [f"{options.game.info.name}: Screentop decks (a grid image and a card list each)", ""]
    for deck in decks:
        grids, rows = deck_grids(deck)
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(rows)
        files += grids
        files.append(BuiltFile(f"{deck.key}.csv", CARDS, buffer.getvalue().encode("utf-8")))
        lines.append(f"  {deck.key}.csv  {len(deck.cards)} cards on {len(grids)} grid(s)")
    lines += [
        "",
        "Import into Screentop (screentop.gg, your game's editor):",
        "  1. Add > Deck; upload the grid image and give its columns and rows (from the CSV).",
        "  2. Add the cards from the CSV: each card's face and back are grid cells counted from",
        "     0, left to right, top to bottom.",
    ]
    files.append(readme_file(lines, f"screentop {options.game.value}"))
    return Built(PRODUCT.key, tuple(files), None, decks)


PRODUCT: Product[ScreentopOptions, None] = Product("export-screentop", "", build)
