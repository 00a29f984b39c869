"""Pronostiques' print-and-play material: the race deck and the four prediction cards, a score
pad, a rules aid.

On the product contract (:mod:`generator.products.contract`): :class:`PronostiquesOptions` →
:func:`build` → the PDFs (and as asked the decks' faces and images), written into a folder. The
two decks share one PDF: the 54 race cards fill six sheets of nine, the four prediction cards
(gold backs) the seventh alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, PN_, Language, _, number
from generator.games.catalog import PRONOSTIQUES
from generator.games.pronostiques import PREDICTIONS, ScoreRules
from generator.games.pronostiques.piles import check_laps, check_players
from generator.products.contract import FACE_PNG, Built, BuiltFile, Product, pdf_file
from generator.products.options import FaceFiles, Imposition
from generator.render.card_size import POKER
from generator.render.paper import PAPERS, Paper
from generator.render.profile import HOME, PrintProfile

if TYPE_CHECKING:
    from generator.render.deck import CardDeck
    from generator.render.imposition import SheetSpec

HOME_BLEED = 1.0  # mm around each card when no bleed is given, at home
CARDS = "pronostiques-cards"  # the decks' PDF, CARDS.pdf; their faces CARDS-faces.pdf, CARDS_png/


@dataclass(frozen=True)
class PronostiquesOptions:
    players: int = 4  # the score pad's columns
    laps: int = 8  # the race's length, on the lap bars and the aid
    score_rules: ScoreRules = ScoreRules()
    paper: Paper = PAPERS["a4"]  # A4 or Letter
    profile: PrintProfile = HOME
    imposition: Imposition = field(default_factory=Imposition)  # poker cards
    files: FaceFiles = field(default_factory=FaceFiles)
    language: Language = MATERIAL_DEFAULT  # of every printed word


def _spec(options: PronostiquesOptions) -> SheetSpec:
    from generator.render.imposition import plan_sheet
    from generator.render.sheet import sheet_paper

    if options.imposition.card != POKER:
        raise UserError(_("the Pronostiques cards are laid out for poker size (63 × 88 mm)"))
    sheet = sheet_paper(options.paper, _("Pronostiques sheets"))
    spec = options.imposition.spec(sheet, options.profile, HOME_BLEED, options.language)
    plan_sheet(spec)  # a sheet the cards do not fit: refused before any drawing
    return spec


def decks(options: PronostiquesOptions) -> tuple[CardDeck, ...]:
    """The race deck and the prediction cards, as faces."""
    from generator.render.pronostiques.deck import prediction_deck, race_deck

    check_laps(options.laps)
    spec, language = _spec(options), options.language
    return (
        race_deck(options.laps, spec.card, spec.bleed, language),
        prediction_deck(options.score_rules, spec.card, spec.bleed, language),
    )


def build(options: PronostiquesOptions) -> Built[None]:
    """The decks imposed and one face per page as the profile and ``options.files`` ask (their
    images as asked), the score pad, the rules aid."""
    from generator.render.deck_files import face_images, faces_document, impose
    from generator.render.pronostiques.deck import deck_info
    from generator.render.pronostiques.sheets import PronostiquesOptions as SheetOptions
    from generator.render.pronostiques.sheets import rules_aid, score_pad

    check_players(options.players)
    options.files.check(options.profile)
    cards = decks(options)
    spec, language, wanted = _spec(options), options.language, options.files
    info = deck_info(language)
    files = (
        [pdf_file(f"{CARDS}.pdf", impose(cards, spec, info))]
        if wanted.imposed_for(spec.profile)
        else []
    )
    if wanted.faces_for(spec.profile):
        faces = faces_document(cards, info, options.profile, wanted.back_first)
        files.append(pdf_file(f"{CARDS}-faces.pdf", faces))
    drawn = SheetOptions(
        options.players, spec.paper, options.laps, options.score_rules, options.profile, language
    )
    files += [
        pdf_file("pronostiques-score-pad.pdf", score_pad(drawn)),
        pdf_file("pronostiques-rules-aid.pdf", rules_aid(drawn)),
    ]
    if wanted.images is not None:
        files += [
            BuiltFile(f"{CARDS}_png/{image.name}", FACE_PNG, image.data)
            for image in face_images(cards, wanted.images)
        ]
    return Built(PRODUCT.key, tuple(files), None, cards)


def deck_sheets_note(options: PronostiquesOptions, language: Language) -> str:
    """What the deck's sheets hold, said in ``language`` where the last one is not full: the 54
    race cards fill six sheets of nine, the four prediction cards (gold backs) are the seventh
    sheet's alone, so they can be printed on their own card stock."""
    from generator.games.pronostiques.deck import RACE_DECK
    from generator.render.imposition import plan_sheet

    per_sheet = plan_sheet(_spec(options)).per_sheet
    total = len(RACE_DECK) + len(PREDICTIONS)
    sheets, last = -(-total // per_sheet), total % per_sheet
    n = {"total": total, "sheets": sheets, "per_sheet": per_sheet, "last": last}
    shown = {key: number(value, language) for key, value in n.items()}
    note = PN_(
        language,
        "{total} cartes sur {sheets} feuille de {per_sheet}",
        "{total} cartes sur {sheets} feuilles de {per_sheet}",
        sheets,
    ).format(**shown)
    if not last:
        return note
    empty = PN_(
        language,
        "son autre emplacement reste vide",
        "ses {empty} autres emplacements restent vides",
        per_sheet - last,
    ).format(empty=number(per_sheet - last, language))
    if last == len(PREDICTIONS):
        message = P_(
            language,
            "{note} ; la dernière feuille ne porte que les {last} cartes pronostic (dos dorés, "
            "à imprimer sur un carton à part si vous le souhaitez), {empty}",
        )
    else:
        message = PN_(
            language,
            "{note} ; la dernière feuille porte {last} carte, {empty}",
            "{note} ; la dernière feuille porte {last} cartes, {empty}",
            last,
        )
    return message.format(note=note, last=shown["last"], empty=empty)


PRODUCT: Product[PronostiquesOptions, None] = Product(
    "pronostiques-sheets",
    PRONOSTIQUES.key,
    build,
    decks=decks,
    deck_keys=("pronostiques-race", "pronostiques-predictions"),
    deck_options=lambda fmt: PronostiquesOptions(
        imposition=Imposition(bleed=fmt.bleed), language=fmt.language
    ),  # poker cards only: their texts are laid out for 63 × 88 mm
)
