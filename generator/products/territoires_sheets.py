"""Les territoires' printable material: life trackers, reference card, setup sheet and the
36-card Lenormand deck.

On the product contract (:mod:`generator.products.contract`): :class:`TerritoiresOptions` →
:func:`build` → the PDFs (and as asked the deck's faces and images), written into a folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _
from generator.games.catalog import TERRITOIRES
from generator.games.territoires import setup_for
from generator.products.contract import FACE_PNG, Built, BuiltFile, Product, pdf_file
from generator.products.options import DeckFormat, FaceFiles, Imposition
from generator.render.paper import PAPERS, Paper
from generator.render.profile import HOME, PrintProfile

if TYPE_CHECKING:
    from generator.render.deck import CardDeck

HOME_BLEED = 2.0  # mm: the Lenormand deck's frames reach into the bleed
DECK = "territoires-jeu-lenormand"  # the deck's files: DECK.pdf, DECK-faces.pdf, DECK_png/


@dataclass(frozen=True)
class FileNames:
    """The stems of the game's files in one language (``{n}``: the players): the French
    material keeps the game's own words, the English material is named in English."""

    trackers: str
    reference: str
    setup: str
    deck: str


FILE_NAMES: dict[Language, FileNames] = {
    "fr": FileNames(
        "territoires-vie-{n}j", "territoires-resume-{n}j", "territoires-mise-en-place-{n}j", DECK
    ),
    "en": FileNames(
        "territoires-life-{n}p",
        "territoires-summary-{n}p",
        "territoires-setup-{n}p",
        "territoires-lenormand-deck",
    ),
}


@dataclass(frozen=True)
class TerritoiresOptions:
    players: int = 2
    paper: Paper = PAPERS["a4"]  # the sheets' and the deck's (A4 or Letter)
    sheets: bool = True  # the trackers, the reference card and the setup sheet
    deck: bool = True  # the Lenormand deck
    profile: PrintProfile = HOME
    imposition: Imposition = field(default_factory=Imposition)
    files: FaceFiles = field(default_factory=FaceFiles)
    language: Language = MATERIAL_DEFAULT  # of the printed texts


def _sheet(options: TerritoiresOptions) -> Paper:
    from generator.render.sheet import sheet_paper

    return sheet_paper(options.paper, _("sheets of Les territoires"))


def decks(options: TerritoiresOptions) -> tuple[CardDeck, ...]:
    """The Lenormand deck, as faces, cut to the options' card size and bleed (checked: a card
    too small for its texts is refused)."""
    from generator.render.imposition import plan_sheet
    from generator.render.territoires.deck import check_card_fits, lenormand_deck

    spec = options.imposition.spec(_sheet(options), options.profile, HOME_BLEED, options.language)
    plan_sheet(spec)  # a card that does not fit the paper is refused here, before any drawing
    check_card_fits(spec.card.width, spec.card.height, spec.card.name, options.language)
    return (lenormand_deck(spec.card, spec.bleed, options.language),)


def build(options: TerritoiresOptions) -> Built[None]:
    """Every PDF asked for, in memory: the sheets for ``players``, the deck imposed on the
    sheets' paper and one face per page as the profile and ``options.files`` ask, its
    images."""
    from generator.render.deck_files import face_images, faces_document, impose
    from generator.render.territoires.sheets import reference, setup_sheet, trackers

    setup = setup_for(options.players)
    options.files.check(options.profile)
    if options.files.faces and not options.deck:
        raise UserError(_("--faces writes the deck one face per page; drop --no-deck"))
    if options.files.images is not None and not options.deck:
        raise UserError(_("--png writes the deck's faces as images; drop --no-deck"))
    sheet, language, profile = _sheet(options), options.language, options.profile
    spec = options.imposition.spec(sheet, profile, HOME_BLEED, language)
    lenormand = decks(options) if options.deck else ()
    files: list[BuiltFile] = []
    names = FILE_NAMES[language]
    n = setup.players
    if options.sheets:
        files += [
            pdf_file(
                f"{names.trackers.format(n=n)}.pdf", trackers(setup, sheet, profile, language)
            ),
            pdf_file(
                f"{names.reference.format(n=n)}.pdf", reference(setup, sheet, profile, language)
            ),
            pdf_file(
                f"{names.setup.format(n=n)}.pdf", setup_sheet(setup, sheet, profile, language)
            ),
        ]
    if lenormand:
        wanted = options.files
        if wanted.imposed_for(profile):
            files.append(pdf_file(f"{names.deck}.pdf", impose(lenormand, spec, lenormand[0].info)))
        if wanted.faces_for(profile):
            faces = faces_document(lenormand, None, profile, wanted.back_first)
            files.append(pdf_file(f"{names.deck}-faces.pdf", faces))
        if wanted.images is not None:
            files += [
                BuiltFile(f"{names.deck}_png/{image.name}", FACE_PNG, image.data)
                for image in face_images(lenormand, wanted.images)
            ]
    return Built(PRODUCT.key, tuple(files), None, lenormand)


def deck_options(fmt: DeckFormat) -> TerritoiresOptions:
    """The options whose deck is cut to ``fmt`` (the deck alone: an export's)."""
    return TerritoiresOptions(sheets=False, imposition=fmt.imposition(), language=fmt.language)


PRODUCT: Product[TerritoiresOptions, None] = Product(
    "territoires-sheets",
    TERRITOIRES.key,
    build,
    decks=decks,
    deck_keys=("territoires-lenormand",),
    deck_options=deck_options,
)
