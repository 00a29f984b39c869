"""``pnp export tts``: a game as a Tabletop Simulator saved object.

What Tabletop Simulator reads from its "Saved Objects" folder (its knowledge base,
Berserk-Games/Tabletop-Simulator-Knowledge-Base: custom-deck, asset-creation, save-file-format;
figures in docs/exports.md): a JSON save whose ``ObjectStates`` are the objects, and a PNG of
the same name beside it (the picture its menu shows). Each deck is a ``DeckCustom`` holding its
``Card``s; its images are card sheets of at most 10 × 7 cards and 4096 px a side, RGB, whose last
slot is the "hidden" image (a neutral one here), one ``CustomDeck`` entry per sheet, keyed by
a number N, its cards ``CardID = N × 100 + slot``. A deck whose backs are alike has one back
image (``BackIsHidden``: others see the back of a card in a hand); Oucédonc's backs are unique
(the back is the answer: ``UniqueBack``, and ``BackIsHidden`` false, so a card in a hand shows
the neutral hidden image, not its coordinates). Round tokens are ``Type`` 4 (circle) cards.

Beside the decks, each game's other pieces: the Oie board (a ``Custom_Board`` of the printed
board), six pawns and two dice; Neo Otcho's pawns; Les territoires' life counters (a
``Counter`` per house) beside its tracker sheet; Pronostiques' decks alone.

Images are written into ``NAME_images/`` next to the saved object and named by URL: the
folder's ``file:///`` address by default (seen by the player who loads it only), or a
``--base-url`` where the user hosts the folder's files (seen by every player).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, N_, Language, _
from generator.core.outputs import is_pnp_png, text_holds
from generator.exports import images
from generator.exports.source import DeckSource, Game, game_decks
from generator.products.contract import Built, BuiltFile, FileKind, Product
from generator.products.options import DeckFormat
from generator.render.colour import Colour
from generator.render.deck import Backs, CardDeck, Shape
from generator.render.deck_files import ImageSize, face_images
from generator.render.palette import OKABE_ITO, SHEET, WHITE

if TYPE_CHECKING:
    from PIL import Image

#: The card sheet's limits (knowledge base: custom-deck, asset-creation).
COLUMNS, ROWS, MAX_SIDE = 10, 7, 4096
PER_SHEET = COLUMNS * ROWS - 1  # the last slot is the hidden image
#: ``CustomDeck.Type``: the card's shape (TTS's CardType: 0 rounded rectangle, 4 circle).
CARD_TYPE = {Shape.CARD: 0, Shape.ROUND: 4}
THUMBNAIL = 256  # px, the saved object's menu picture
BOARD_SIDE = 4096  # px, the longest side of a board image
HIDDEN = SHEET.rule  # the neutral hidden image's colour

MARK = "Written by pnp export tts"  # in the save's Note: how a later run knows the file
SAVED_OBJECT = FileKind(
    N_("Tabletop Simulator saved object"),
    text_holds(MARK.encode()),
    N_("wrote {path} (copy it and the PNG named alike into Tabletop Simulator's Saved Objects)"),
)
IMAGE = FileKind(N_("Tabletop Simulator image"), is_pnp_png)


@dataclass(frozen=True)
class TtsOptions:
    game: Game
    images_url: str  # where the images folder is seen: its file:/// address, or a hosted URL
    language: Language = MATERIAL_DEFAULT
    source: DeckSource | None = None  # one deck's (the studio's recipe); None: the game's


def images_url(folder_uri: str, base_url: str | None, name: str) -> str:
    """The address of the saved object's images: ``base_url`` (a folder the user hosts the
    files of ``NAME_images/`` in) or the folder's own ``file:///`` address."""
    base = base_url if base_url else f"{folder_uri.rstrip('/')}/{quote(images_folder(name))}"
    return base.rstrip("/") + "/"


def check_base_url(url: str | None) -> str | None:
    """``--base-url``: an http(s) address (a one-line UserError otherwise)."""
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UserError(
            _(
                "--base-url {url!r} is not a web address; give the http(s) address of the folder "
                "where you host the images, such as https://example.org/oucedonc/"
            ).format(url=url)
        )
    return url


def images_folder(name: str) -> str:
    return f"{name}_images"


# --------------------------------------------------------------------------------- objects


@dataclass
class _Table:
    """The saved object being made: its objects, its images, the next deck number."""

    name: str
    url: str
    objects: list[dict[str, object]] = field(default_factory=list)
    files: list[BuiltFile] = field(default_factory=list)
    first_image: Image.Image | None = None  # what the thumbnail shows: a card's face, a board
    next_key: int = 1

    def image(self, name: str, image: Image.Image) -> str:
        """Add ``image`` as ``name`` in the images folder; its URL."""
        self.files.append(BuiltFile(f"{images_folder(self.name)}/{name}", IMAGE, images.png(image)))
        return self.url + quote(name)

    def add(
        self,
        name: str,
        nickname: str,
        at: tuple[float, float],
        state: Mapping[str, object],
        flipped: bool = False,
    ) -> None:
        """An object ``name`` (TTS's internal name) at ``at`` (x, z) with its own ``state``."""
        guid = f"{zlib.crc32(f'{self.name}/{len(self.objects)}'.encode()) & 0xFFFFFF:06x}"
        self.objects.append(
            {
                "GUID": guid,
                "Name": name,
                "Transform": transform(*at, flipped=flipped),
                "Nickname": nickname,
                "Description": "",
                **state,
            }
        )


def transform(x: float, z: float, flipped: bool = False) -> dict[str, float]:
    """A TransformState at (x, 1, z) on the table, face down when ``flipped``."""
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if flipped else 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def colour(value: Colour) -> dict[str, float]:
    return {"r": round(value.red, 4), "g": round(value.green, 4), "b": round(value.blue, 4)}


# --------------------------------------------------------------------------------- decks


@dataclass(frozen=True)
class Sheet:
    """One card sheet of a deck: its CustomDeck key, grid and the deck's cards it holds."""

    key: int
    columns: int
    rows: int
    cards: range  # indices in the deck

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1


def sheets(count: int, first_key: int) -> tuple[Sheet, ...]:
    """The sheets of a deck of ``count`` cards, keyed from ``first_key``."""
    out = []
    for number, start in enumerate(range(0, count, PER_SHEET)):
        cards = range(start, min(count, start + PER_SHEET))
        columns, rows = images.grid_shape(len(cards) + 1, COLUMNS, ROWS)
        out.append(Sheet(first_key + number, columns, rows, cards))
    return tuple(out)


def _sheet_image(faces: Sequence[Image.Image], sheet: Sheet, hidden: Image.Image) -> Image.Image:
    cells: list[Image.Image | None] = [faces[index] for index in sheet.cards]
    cells += [None] * (sheet.hidden_slot - len(cells)) + [hidden]
    return images.grid(cells, sheet.columns, sheet.rows)


def add_deck(table: _Table, deck: CardDeck, x: float, z: float) -> None:
    """``deck`` as a DeckCustom: its sheets, its back(s), its cards."""
    size = images.cell_size(deck.size.width, deck.size.height, (COLUMNS, ROWS), MAX_SIDE)
    rendered = face_images([deck], ImageSize(pixels=size))
    fronts = [images.open_rgb(image.data) for image in rendered if image.side == "front"]
    backs = [images.open_rgb(image.data) for image in rendered if image.side == "back"]
    hidden = images.plain(*size, HIDDEN)
    table.first_image = table.first_image or fronts[0]
    unique = deck.backs is Backs.UNIQUE
    shared_back = "" if unique else table.image(f"back-{deck.key}.png", backs[0])
    custom: dict[str, dict[str, object]] = {}
    cards: list[dict[str, object]] = []
    deck_sheets = sheets(len(deck.cards), table.next_key)
    for sheet in deck_sheets:
        face_url = table.image(f"{deck.key}-{sheet.key}.png", _sheet_image(fronts, sheet, hidden))
        back_url = shared_back
        if unique:
            back_image = _sheet_image(backs, sheet, hidden)
            back_url = table.image(f"{deck.key}-{sheet.key}-backs.png", back_image)
        entry = {
            "FaceURL": face_url,
            "BackURL": back_url,
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": not unique,
            "UniqueBack": unique,
            "Type": CARD_TYPE[deck.shape],
        }
        custom[str(sheet.key)] = entry
        for slot, index in enumerate(sheet.cards):
            card = deck.cards[index]
            cards.append(
                {
                    "GUID": f"{zlib.crc32(f'{deck.key}/{card.id}'.encode()) & 0xFFFFFF:06x}",
                    "Name": "Card",
                    "Transform": transform(x, z, flipped=not unique),
                    "Nickname": card.name,
                    "Description": card.id,
                    "CardID": sheet.key * 100 + slot,
                    "CustomDeck": {str(sheet.key): entry},
                }
            )
    table.next_key = deck_sheets[-1].key + 1
    state: dict[str, object] = {
        "Hands": True,
        "SidewaysCard": False,
        "DeckIDs": [card["CardID"] for card in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    # Oucédonc face up: the place to find on top, its answer beneath
    table.add("DeckCustom", deck.title, (x, z), state, flipped=not unique)


# --------------------------------------------------------------------------------- pieces


def add_pawns(table: _Table, colours: Sequence[Colour], z: float) -> None:
    for seat, value in enumerate(colours):
        table.add(
            "PlayerPawn", f"#{seat + 1}", (-6.0 + 2.0 * seat, z), {"ColorDiffuse": colour(value)}
        )


def add_dice(table: _Table, count: int, z: float) -> None:
    for number in range(count):
        table.add("Die_6", "", (10.0 + 2.0 * number, z), {"ColorDiffuse": colour(WHITE)})


def add_board(table: _Table, nickname: str, pdf: bytes, name: str, z: float = 0.0) -> None:
    """Page 1 of ``pdf`` as a locked Custom_Board."""
    board = images.page_image(pdf, 0, BOARD_SIDE)
    table.first_image = table.first_image or board
    url = table.image(name, board)
    image = {"ImageURL": url, "ImageSecondaryURL": "", "WidthScale": 0.0}
    table.add("Custom_Board", nickname, (0.0, z), {"Locked": True, "CustomImage": image})


def _oie(table: _Table, options: TtsOptions) -> None:
    from generator.products.oie_board import PRODUCT, OieBoardOptions

    board = PRODUCT.build(OieBoardOptions(language=options.language)).files[0]
    add_board(table, options.game.info.name, board.data, "board.png")
    pawns = (
        OKABE_ITO.vermillion,
        OKABE_ITO.blue,
        OKABE_ITO.bluish_green,
        OKABE_ITO.yellow,
        OKABE_ITO.reddish_purple,
        OKABE_ITO.orange,
    )
    add_pawns(table, pawns, -14.0)
    add_dice(table, 2, -14.0)


def _territoires(table: _Table, options: TtsOptions) -> None:
    from generator.games.territoires import LIFE_PER_HOUSE
    from generator.games.territoires.houses import House
    from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions

    sheets_built = PRODUCT.build(TerritoiresOptions(deck=False, language=options.language))
    trackers = sheets_built.files[0]  # the life trackers
    add_board(table, options.game.info.name, trackers.data, "life.png", z=-16.0)
    for index, house in enumerate(House):
        counter = {"Counter": {"value": LIFE_PER_HOUSE}}
        at = (-4.0 + 8.0 * index, -8.0)
        table.add("Counter", house.name_in(options.language), at, counter)


def _otcho(table: _Table, options: TtsOptions) -> None:
    from generator.games.otcho.players import pawns_per_player
    from generator.products.otcho_sheets import OtchoOptions
    from generator.render.otcho.palette import PALETTE

    players = OtchoOptions().players
    for seat, player in enumerate(PALETTE.players[:players]):
        for pawn in range(pawns_per_player(players)):
            at = (-6.0 + 1.5 * pawn, -8.0 - 2.0 * seat)
            table.add("PlayerPawn", f"#{seat + 1}", at, {"ColorDiffuse": colour(player.colour)})
    add_dice(table, 2, -8.0)


PIECES = {Game.OIE: _oie, Game.TERRITOIRES: _territoires, Game.OTCHO: _otcho}


# --------------------------------------------------------------------------------- the save


def _deck_positions(count: int) -> Iterator[tuple[float, float]]:
    for index in range(count):
        yield -6.0 + 4.0 * index, 10.0


def build(options: TtsOptions) -> Built[None]:
    """The saved object (JSON), its thumbnail and its images, in memory."""
    name = options.game.value
    table = _Table(name, options.images_url)
    decks = game_decks(options.game, DeckFormat(None, 0.0, options.language), options.source)
    for deck, (x, z) in zip(decks, _deck_positions(len(decks)), strict=True):
        add_deck(table, deck, x, z)
    extra = PIECES.get(options.game)
    if extra is not None:
        extra(table, options)
    save = {
        "SaveName": options.game.info.name,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": f"{MARK} {name}.",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": table.objects,
        "TabStates": {},
        "VersionNumber": "",
    }
    text = json.dumps(save, ensure_ascii=False, indent=2) + "\n"
    assert table.first_image is not None  # every game has a deck or a board
    thumb = images.png(images.thumbnail(table.first_image, THUMBNAIL))
    files = (
        BuiltFile(f"{name}.json", SAVED_OBJECT, text.encode("utf-8")),
        BuiltFile(f"{name}.png", IMAGE, thumb),
        *table.files,
    )
    return Built(PRODUCT.key, files, None, decks)


PRODUCT: Product[TtsOptions, None] = Product("export-tts", "", build)
