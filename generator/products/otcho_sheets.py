"""Neo Otcho's print-and-play material: the player cards, the two dice as fold-up nets, the
pawns and the rules aid.

On the product contract (:mod:`generator.products.contract`): :class:`OtchoOptions` →
:func:`build` → four PDFs (and as asked the player cards' faces and images), written into a
folder. The player cards are a deck too (:mod:`generator.render.otcho.deck`): the sheet prints
them for scissors, the faces and images for a card printer or a table online.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.core.i18n import MATERIAL_DEFAULT, Language, _
from generator.games.catalog import OTCHO
from generator.games.otcho import RollRules
from generator.games.otcho.players import check_players
from generator.products.contract import FACE_PNG, Built, BuiltFile, Product, pdf_file
from generator.products.options import FaceFiles
from generator.render.paper import PAPERS, Paper
from generator.render.profile import HOME, PrintProfile

if TYPE_CHECKING:
    from generator.render.deck import CardDeck

HOME_BLEED = 1.0  # mm around a player card's face at home
CARDS = "otcho-cards"  # the player cards' sheet, CARDS.pdf; their faces CARDS-faces.pdf, CARDS_png/


@dataclass(frozen=True)
class OtchoOptions:
    players: int = 4
    paper: Paper = PAPERS["a4"]  # A4 or Letter
    rules: RollRules = RollRules()  # as the rules aid prints them
    profile: PrintProfile = HOME
    files: FaceFiles = field(default_factory=FaceFiles)  # of the player cards
    bleed: float | None = None  # mm around a player card's face; None: 1 mm, 3 for a shop
    language: Language = MATERIAL_DEFAULT  # of every printed word


def decks(options: OtchoOptions) -> tuple[CardDeck, ...]:
    """The players' cards, as faces."""
    from generator.render.otcho.deck import player_deck

    check_players(options.players)
    bleed = options.profile.bleed(options.bleed, HOME_BLEED)
    return (player_deck(options.players, bleed, options.language),)


def build(options: OtchoOptions) -> Built[None]:
    """The sheets in memory, the player cards on a sheet and one face per page as the profile
    and ``options.files`` ask (:class:`~generator.products.options.FaceFiles`), their images as
    asked."""
    from generator.render.deck_files import face_images, faces_document
    from generator.render.otcho.sheets import OtchoOptions as SheetOptions
    from generator.render.otcho.sheets import dice_sheet, pawns_sheet, player_cards_sheet, rules_aid
    from generator.render.sheet import sheet_paper

    wanted, profile = options.files, options.profile
    wanted.check(profile)
    players = decks(options)
    sheet = sheet_paper(options.paper, _("Neo Otcho sheets"))
    drawn = SheetOptions(options.players, sheet, options.rules, profile, options.language)
    files = (
        [pdf_file(f"{CARDS}.pdf", player_cards_sheet(drawn))] if wanted.imposed_for(profile) else []
    )
    files += [
        pdf_file("otcho-dice.pdf", dice_sheet(drawn)),
        pdf_file("otcho-pawns.pdf", pawns_sheet(drawn)),
        pdf_file("otcho-rules-aid.pdf", rules_aid(drawn)),
    ]
    if wanted.faces_for(profile):
        faces = faces_document(players, None, options.profile, wanted.back_first)
        files.append(pdf_file(f"{CARDS}-faces.pdf", faces))
    if wanted.images is not None:
        files += [
            BuiltFile(f"{CARDS}_png/{image.name}", FACE_PNG, image.data)
            for image in face_images(players, wanted.images)
        ]
    return Built(PRODUCT.key, tuple(files), None, players)


PRODUCT: Product[OtchoOptions, None] = Product(
    "otcho-sheets",
    OTCHO.key,
    build,
    decks=decks,
    deck_keys=("otcho-players",),
    deck_options=lambda fmt: OtchoOptions(bleed=fmt.bleed, language=fmt.language),  # one size
)
