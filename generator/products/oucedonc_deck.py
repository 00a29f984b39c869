"""An Oucédonc deck: places → deck → its files (the PDF, the deck file, the referee page, faces).

The product behind ``pnp oucedonc deck`` and the kit's Oucédonc component, on the product
contract (:mod:`generator.products.contract`): :class:`OucedoncDeckOptions` → :func:`build` →
:class:`~generator.products.contract.Built` → ``write``. The places and the composed deck come
from :mod:`generator.products.oucedonc_places` (a region's, or the caller's own); the deck's
facts are read from ``games`` once, then everything is drawn by ``render`` through the one deck
path. Everything is made in memory and checked before a file is written: the glyphs of every
text, and that no two cards print the same latitude or longitude.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, N_, P_, Language, _, number
from generator.core.outputs import json_schema_is
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.coords import PrecisionChoice
from generator.games.oucedonc.deck import (
    MIN_PACK_SIZE,
    PACK_SIZE,
    PACKS,
    SITES_SHARE,
    TOKENS,
    check_place_count,
)
from generator.games.oucedonc.deckfile import SCHEMA, Deck, OtherCard, PlaceCard, deck_to_json
from generator.games.oucedonc.rules import RuleOptions
from generator.geo.difficulty import Difficulty
from generator.geo.model import Place
from generator.products.contract import FACE_PNG, Built, BuiltFile, FileKind, Product, pdf_file
from generator.products.options import FaceFiles, Imposition
from generator.products.oucedonc_places import RegionInfo, Rings, SelectedDeck, select_deck
from generator.products.oucedonc_referee_page import page_file
from generator.render.paper import PAPERS, Paper
from generator.render.profile import HOME, Ink, PrintProfile

if TYPE_CHECKING:
    from generator.games.oucedonc.coords import Precision
    from generator.render.card_templates import TemplateSet
    from generator.render.deck import CardDeck
    from generator.render.fonts import FontSet
    from generator.render.imposition import CardBox, SheetSpec
    from generator.render.oucedonc.cards import LocatorMap
    from generator.render.oucedonc.texts import DeckTexts
    from generator.render.oucedonc.token_sheet import TokenSheet

TOKENS_EACH = RuleOptions().starting_tokens  # printed on the rule cards; the referee reads it back
HOME_BLEED = 1.0  # mm around each card at home when no bleed is given
MAIN = "oucedonc.pdf"  # the imposed sheets; a shop deck's without --imposed is not written
FACES = "oucedonc-faces.pdf"  # the cards one face per page (a shop deck's deliverable)
TOKEN_FACES = "oucedonc-tokens-faces.pdf"

DECK_FILE = FileKind(N_("deck file"), json_schema_is(SCHEMA))

#: How a deck's places are chosen once the options are checked: :func:`select_deck` (a
#: region's deal, or the caller's own places), or a recipe's edited deal
#: (:mod:`generator.products.oucedonc_recipe`).
Selector = Callable[["OucedoncDeckOptions", "Settings"], SelectedDeck]


class OucedoncDeckOptions(Struct, frozen=True):
    """Everything an Oucédonc deck can be asked for, parsed. The places are a region's
    (``region``, ``source``, ``cards``, ``seed``, ``sites_share``, ``difficulty`` choose them) or
    the caller's own (``places``, and ``area``, the name of what they cover, for the title)."""

    region: str | None = "france"  # france, a région or département, a country code, a box,
    # a polygon; None: the points of ``places_file`` alone
    places: tuple[Place, ...] = ()  # your own places instead of a region's
    area: str = ""  # with places: what they cover ("Oucédonc · AREA"); "": the game's name
    cards: int | None = None  # place cards; None = fill whole sheets
    seed: int = 1
    precision: PrecisionChoice = PrecisionChoice.AUTO  # auto: minute if the region allows it
    source: str = "embedded"
    sites_share: float = SITES_SHARE
    difficulty: Difficulty = Difficulty.NORMAL  # how well known the places are
    tokens_each: int = TOKENS_EACH  # printed on the rule cards; the referee's --tokens
    templates: Path | None = None  # a folder of .j2 files overriding the card texts
    font: Path | None = None  # a .ttf for every text (other scripts)
    paper: Paper = PAPERS["a4"]
    profile: PrintProfile = HOME
    imposition: Imposition = msgspec.field(default_factory=Imposition)
    files: FaceFiles = msgspec.field(default_factory=FaceFiles)
    language: Language = MATERIAL_DEFAULT  # of the printed texts, the title and the place names
    pack_size: int | None = None  # None: the seed's 15, smaller when the deck cannot hold them
    include: tuple[str, ...] = ()  # names of the region's places the deck must hold
    exclude: tuple[str, ...] = ()  # names of the region's places it must not hold
    places_file: Path | None = None  # the user's points (CSV or GeoJSON), dealt with the region's
    ink: Ink = Ink.FULL  # light: the token backs as a ring on the paper (school printers)
    title: str | None = None  # the deck's title as the user typed it; None: from the region


# ------------------------------------------------------------------- settings


class Settings(Struct, frozen=True):
    """What the options decide before any place is read: the precisions to try, the sheet, the
    fonts and the card texts' templates (each checked)."""

    spec: SheetSpec
    per_sheet: int
    page_size: tuple[float, float]  # mm
    precisions: tuple[Precision, ...]  # tried in order; the first that gives a decidable deck
    fonts: FontSet
    templates: TemplateSet  # speaking the options' language


def settings(options: OucedoncDeckOptions) -> Settings:
    """Check the options and prepare the sheet, the fonts and the templates (a UserError names
    the first option that does not work)."""
    from generator.render.card_templates import load_templates
    from generator.render.fonts import register_fonts, register_user_font
    from generator.render.imposition import plan_sheet
    from generator.render.oucedonc.cards import DECK_FACES

    _check_counts(options)
    _check_title(options.title)
    precisions = options.precision.precisions
    spec = options.imposition.spec(options.paper, options.profile, HOME_BLEED, options.language)
    layout = plan_sheet(spec)
    _check_type_fits(spec)
    fonts = (
        register_user_font(str(options.font))
        if options.font is not None
        else register_fonts(DECK_FACES)
    )
    return Settings(
        spec,
        layout.per_sheet,
        (layout.page_width, layout.page_height),
        precisions,
        fonts,
        load_templates("oucedonc", options.templates, language=options.language),
    )


def smallest_pack(options: OucedoncDeckOptions) -> int:
    """The pack size the deck's size is checked against: the one asked for, else the smallest
    a deck may have (docs/rules/oucedonc.md, "Small packs")."""
    return options.pack_size if options.pack_size is not None else MIN_PACK_SIZE


def _check_counts(options: OucedoncDeckOptions) -> None:
    if options.pack_size is not None and not MIN_PACK_SIZE <= options.pack_size <= PACK_SIZE:
        raise UserError(
            _("--pack-size {size} is out of range; give {least} to {most}").format(
                size=options.pack_size, least=MIN_PACK_SIZE, most=PACK_SIZE
            )
        )
    if options.cards is not None:
        check_place_count(options.cards, PACKS, smallest_pack(options))
    if options.region is None and options.places_file is None and not options.places:
        raise UserError(_("give --region, --places FILE, or both"))
    if not 0 <= options.sites_share <= 1:
        raise UserError(
            _("sites share {share} is out of range; give a number from 0 to 1").format(
                share=f"{options.sites_share:g}"
            )
        )
    if not 1 <= options.tokens_each <= TOKENS // 2:
        raise UserError(
            _(
                "{each} tokens each is out of range; the sheet has {tokens}, give 1 to {most}"
            ).format(each=options.tokens_each, tokens=TOKENS, most=TOKENS // 2)
        )


#: The longest ``--title``: it is printed on every place card's back, after the card's id.
MAX_TITLE = 48


def _check_title(title: str | None) -> None:
    if title is None:
        return
    if not title.strip() or len(title.strip()) > MAX_TITLE or not title.isprintable():
        raise UserError(
            _(
                "--title {title!r} cannot be printed; give 1 to {most} characters on one line"
            ).format(title=title, most=MAX_TITLE)
        )


def _check_type_fits(spec: SheetSpec) -> None:
    """A card too small for the type a player reads at its poker sizes (7 pt labels) is refused,
    saying what would not fit, rather than printed in type nobody can read."""
    from generator.render.imposition import CardBox
    from generator.render.oucedonc.cards import LABEL_PT, MIN_SCALE, POKER_HEIGHT, scale

    layout = scale(CardBox(spec.card.width, spec.card.height, spec.bleed))
    if layout >= MIN_SCALE - 1e-9:
        return
    size = LABEL_PT * layout  # what the labels would print at, shrunk with the layout
    width, height = 63.0 / 1.1 * MIN_SCALE, POKER_HEIGHT * MIN_SCALE
    raise UserError(
        _(
            "a {card} card ({width} × {height} mm) cannot fit the LATITUDE/LONGITUDE labels, the "
            "footers and the rule texts at {minimum} pt (they would print at {size} pt); use "
            "--card-size poker or bridge, or WxH of at least {least}"
        ).format(
            card=spec.card.name,
            width=number(round(spec.card.width, 2)),
            height=number(round(spec.card.height, 2)),
            minimum=number(LABEL_PT),
            size=number(size, decimals=1),
            least=f"{width:.0f}x{height:.0f}",
        )
    )


# ------------------------------------------------------------------- drawing


class Drawn(Struct, frozen=True):
    """A selected deck drawn as faces: the cards, the tokens and their sheet, the texts, and
    the deck file's text."""

    selected: SelectedDeck
    settings: Settings
    texts: DeckTexts
    cards: CardDeck
    tokens: CardDeck
    token_sheet: TokenSheet
    deck_file: str


def draw(options: OucedoncDeckOptions, select: Selector = select_deck) -> Drawn:
    """Select the deck and make its two decks of faces (nothing rendered to a file yet); every
    character printed is checked against the font that prints it."""
    from generator.games.oucedonc.pictograms import TOWN, pictogram
    from generator.render.oucedonc.cards import CardStyle, place_back_map_area
    from generator.render.oucedonc.deck import card_deck
    from generator.render.oucedonc.token_sheet import plan_tokens, token_deck

    chosen = settings(options)
    selected = select(options, chosen)
    deck, region, spec, language = selected.deck, selected.region, chosen.spec, options.language
    # the deck's facts, read once: its file, the pictures its places show
    deck_file = deck_to_json(deck)
    pictures = sorted({pictogram(card.place_kind, card.site_kind) for card in deck.places} - {TOWN})
    tokens_each = int(deck.params.get("tokens_each", TOKENS_EACH))
    # then everything drawn
    texts = _deck_texts(
        chosen.templates,
        _Printed.of(deck),
        region.name,
        region.kind,
        tokens_each,
        language,
        chosen.fonts,
    )
    credit, card_credit = _credits(pictures, selected.credits, chosen.fonts, language)
    area = place_back_map_area(_box(spec))
    locator = _locator(deck, region, selected.rings, area.width, area.height)
    style = CardStyle(chosen.fonts)
    cards = card_deck(
        deck, texts, style, locator, spec.card, spec.bleed, credit, language, card_credit
    )
    sheet = plan_tokens(*chosen.page_size, TOKENS, spec.bleed)
    light_backs = options.ink is Ink.LIGHT
    tokens = token_deck(sheet, spec.bleed, texts.title, language, TOKENS, light_backs)
    return Drawn(selected, chosen, texts, cards, tokens, sheet, deck_file)


# A dataclass, not a Struct: its deck rides along outside == and hash (compare=False,
# hash=False), which a msgspec Struct cannot say of one field.
@dataclass(frozen=True)
class _Printed:
    """What a deck's texts read of it (:func:`~generator.render.oucedonc.texts.deck_context`,
    its cards), as a cache key that carries the deck along: not its seed or its ``params``,
    which hold the print options too (a deck made again on other paper has the same texts)."""

    title: str
    region: str
    precision: Precision
    places: tuple[PlaceCard, ...]
    others: tuple[OtherCard, ...]
    packs: int
    pack_size: int
    deck: Deck = field(compare=False, hash=False)

    @classmethod
    def of(cls, deck: Deck) -> _Printed:
        return cls(
            deck.title,
            deck.region,
            deck.precision,
            deck.places,
            deck.others,
            deck.packs,
            deck.pack_size,
            deck,
        )


@lru_cache(maxsize=8)  # a deck made again with other print options (the studio): the same texts
def _deck_texts(
    templates: TemplateSet,
    deck: _Printed,
    region_name: str,
    region_kind: str,
    tokens_each: int,
    language: Language,
    fonts: FontSet,
) -> DeckTexts:
    """Every text of the deck, each character checked against the face that prints it."""
    from generator.render.oucedonc.texts import render_deck_texts

    texts = render_deck_texts(templates, deck.deck, region_name, region_kind, tokens_each, language)
    _check_glyphs(deck.deck, texts, fonts)
    return texts


def decks(options: OucedoncDeckOptions, select: Selector = select_deck) -> tuple[CardDeck, ...]:
    """The deck's cards and its tokens, as faces; ``select`` chooses the places."""
    drawn = draw(options, select)
    return drawn.cards, drawn.tokens


def _box(spec: SheetSpec) -> CardBox:
    from generator.render.imposition import CardBox

    return CardBox(spec.card.width, spec.card.height, spec.bleed)


def _credits(
    pictures: list[str], data: tuple[str, ...], fonts: FontSet, language: Language
) -> tuple[str, str]:
    """The pictures' credit (the PDFs' information) and the credit of the data and the pictures
    the Direction card's back prints, each checked against the font."""
    from generator.render.fonts import require_glyphs
    from generator.render.icons import picture_credit

    credit = picture_credit(language) if pictures else ""
    require_glyphs(fonts.regular, credit, "the icons' credit")
    sources = tuple(P_(language, line) for line in data)
    card_credit = " · ".join(part.rstrip(".") for part in (*sources, credit) if part) + "."
    require_glyphs(fonts.regular, card_credit, "the data credits")
    return credit, card_credit


def _check_glyphs(deck: Deck, texts: DeckTexts, fonts: FontSet) -> None:
    """Every character printed must exist in the font that prints it: fail before drawing.
    Every string at once first (the common answer: all printable); string by string, to say
    which one, only when a character is missing."""
    from generator.render.fonts import missing_characters, require_glyphs

    name_fonts = (fonts.title,)  # the names' face (with its fallbacks: printable_face)
    text_fonts = tuple(dict.fromkeys((fonts.regular, fonts.bold, fonts.oblique)))
    names = "".join(card.name for card in deck.places)
    printed = "".join(text for _what, text in texts.printed_strings())
    if not any(missing_characters(font, names) for font in name_fonts) and not any(
        missing_characters(font, printed) for font in text_fonts
    ):
        return
    for card in deck.places:
        for font in name_fonts:
            what = _("the place name {name!r} (card {id})").format(name=card.name, id=card.id)
            require_glyphs(font, card.name, what)
    for what, text in texts.printed_strings():
        for font in text_fonts:
            require_glyphs(font, text, what)


def _locator(
    deck: Deck, region: RegionInfo, rings: Rings, width: float, height: float
) -> LocatorMap:
    """The locator map: the outline ``rings`` (France's, or abroad the country's from
    :func:`country_rings`), framed on the whole outline for France or a country, on the deck's
    places for a région, a département or an area. A country with no embedded outline gets the
    deck's places alone."""
    from generator.render.oucedonc.cards import LocatorMap
    from generator.render.oucedonc.locator_map import fit_frame

    if region.kind in ("france", "country", "subdivision") and rings:
        points = [point for ring in rings for point in ring] + [
            (card.lon, card.lat) for card in deck.places
        ]
    else:
        points = [(card.lon, card.lat) for card in deck.places]
    bounds = (
        min(p[0] for p in points),
        min(p[1] for p in points),
        max(p[0] for p in points),
        max(p[1] for p in points),
    )
    dots = tuple((card.lon, card.lat) for card in deck.places)
    return LocatorMap(fit_frame(bounds, width, height), rings, dots)


# ------------------------------------------------------------------- files


def build(options: OucedoncDeckOptions, select: Selector = select_deck) -> Built[Deck]:
    """The deck's files in memory: the imposed PDF (cards, then the token sheet) and the faces
    files as the profile and ``options.files`` ask (:class:`FaceFiles`), the deck file, the
    referee page, and as asked the PNG faces; ``select`` chooses the places (see
    :data:`Selector`)."""
    from generator.render.deck_files import face_images, faces_document, impose
    from generator.render.oucedonc.token_sheet import draw_token_pages

    options.files.check(options.profile)
    drawn = draw(options, select)
    chosen, deck, spec = drawn.settings, drawn.selected.deck, drawn.settings.spec
    wanted, files = options.files, list[BuiltFile]()
    if wanted.imposed_for(spec.profile):
        document = impose([drawn.cards], spec, drawn.cards.info, credit_font=chosen.fonts.regular)
        draw_token_pages(
            document.canvas,
            drawn.token_sheet,
            drawn.tokens,
            spec.duplex,
            spec.back_offset,
            drawn.texts.tokens_title,
            drawn.texts.tokens_help,
            chosen.fonts,
            die_line=spec.profile.shop,
        )
        files.append(pdf_file(MAIN, document))
    files.append(BuiltFile("oucedonc.json", DECK_FILE, drawn.deck_file.encode("utf-8")))
    if wanted.faces_for(spec.profile):
        faces = ((FACES, drawn.cards), (TOKEN_FACES, drawn.tokens))
        for name, faced in faces:
            document = faces_document([faced], None, spec.profile, wanted.back_first)
            files.append(pdf_file(name, document))
    if wanted.images is not None:
        images = [
            BuiltFile(f"oucedonc_png/{image.name}", FACE_PNG, image.data)
            for image in face_images([drawn.cards], wanted.images)
        ]
    files.append(page_file(deck, options.language))
    if wanted.images is not None:
        files += images
    return Built(
        PRODUCT_KEY,
        tuple(files),
        deck,
        (drawn.cards, drawn.tokens),
        MAIN,
        drawn.selected.note,
    )


PRODUCT_KEY = "oucedonc-deck"
PRODUCT: Product[OucedoncDeckOptions, Deck] = Product(
    PRODUCT_KEY,
    OUCEDONC.key,
    build,
    main=lambda options: MAIN,
    decks=decks,
    deck_keys=("oucedonc-cards", "oucedonc-tokens"),
    deck_options=lambda fmt: OucedoncDeckOptions(
        imposition=fmt.imposition(), language=fmt.language
    ),  # the default deck (France, whole sheets); an export given a deck's options uses those
)
