"""An Oucédonc deck: places → selection → deck → its files (PDF, deck file, referee page, faces).

The product behind ``pnp oucedonc deck`` and the kit's Oucédonc component, on the product
contract (:mod:`generator.products.contract`): :class:`OucedoncDeckOptions` → :func:`build` →
:class:`~generator.products.contract.Built` → ``write``. Data flows one way: ``geo`` gives a
region's candidate places (or the caller gives its own, ``places``), ``games.oucedonc.deck``
composes the deck (pure), ``render`` paints it through the one deck path. Everything is made in
memory and checked before a file is written: the glyphs of every text, and that no two cards
print the same latitude or longitude (the referee could not decide between them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, N_, P_, Language, _, number
from generator.core.outputs import json_schema_is
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.compare import EqualCoordinates
from generator.games.oucedonc.coords import PrecisionChoice, parse_precisions, printed_grid
from generator.games.oucedonc.deck import (
    PACK_SIZE,
    PACKS,
    SITES_SHARE,
    TOKENS,
    check_place_count,
    compose_deck,
    default_place_count,
    minimum_places,
)
from generator.games.oucedonc.deckfile import SCHEMA, Deck, deck_to_json
from generator.games.oucedonc.rules import RuleOptions
from generator.geo.difficulty import Difficulty
from generator.geo.model import Place
from generator.products.contract import FACE_PNG, Built, BuiltFile, FileKind, Product, pdf_file
from generator.products.options import FaceFiles, Imposition
from generator.products.oucedonc_referee_page import page_file
from generator.render.paper import PAPERS, Paper
from generator.render.profile import HOME, PrintProfile

if TYPE_CHECKING:
    from generator.games.oucedonc.coords import Precision
    from generator.geo.regions import RegionSelection
    from generator.render.card_templates import TemplateSet
    from generator.render.deck import CardDeck
    from generator.render.fonts import FontSet
    from generator.render.imposition import CardBox, SheetSpec
    from generator.render.oucedonc.cards import LocatorMap
    from generator.render.oucedonc.texts import DeckTexts
    from generator.render.oucedonc.token_sheet import TokenSheet

Rings = tuple[tuple[tuple[float, float], ...], ...]  # outline rings, (lon, lat) degrees

TOKENS_EACH = RuleOptions().starting_tokens  # printed on the rule cards; the referee reads it back
HOME_BLEED = 1.0  # mm around each card at home when no bleed is given
MAIN = "oucedonc.pdf"
CUSTOM_REGION = "custom"  # what a deck of the caller's own places records as its region

DECK_FILE = FileKind(N_("deck file"), json_schema_is(SCHEMA))


@dataclass(frozen=True)
class OucedoncDeckOptions:
    """Everything an Oucédonc deck can be asked for, parsed. The places are a region's
    (``region``, ``source``, ``cards``, ``seed``, ``sites_share``, ``difficulty`` choose them) or
    the caller's own (``places``, and ``area``, the name of what they cover, for the title)."""

    region: str = "france"  # france, a région or département, a country code, a box, a polygon
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
    imposition: Imposition = field(default_factory=Imposition)
    files: FaceFiles = field(default_factory=FaceFiles)
    language: Language = MATERIAL_DEFAULT  # of the printed texts, the title and the place names


@dataclass(frozen=True)
class RegionInfo:
    key: str  # what the deck file records ("france", "bretagne", "33")
    name: str  # printed ("Bretagne")
    kind: str  # france | region | departement | country | area (for the title template)
    country: str | None = None  # ISO alpha-2 code when kind is "country" (whose outline to draw)


# ------------------------------------------------------------------- places


REGION_KINDS = {
    "country": "france",
    "region": "region",
    "departement": "departement",
    "world": "country",
    "bbox": "area",
    "polygon": "area",
}


def region_info(
    selection: RegionSelection, region_text: str, language: Language = MATERIAL_DEFAULT
) -> RegionInfo:
    """How the deck names and draws its region, in ``language``: a country abroad by its name
    in that language ("Italie", "Italy"); France's régions and départements keep their French
    names ("Bretagne"); a box is a "zone" ("area") with its corners as typed."""
    from generator.geo.abroad import region_name

    if selection.kind == "bbox":
        name = P_(language, "zone {box}").format(box=selection.code)
    else:
        name = region_name(selection.kind, selection.code, selection.name, language)
    return RegionInfo(
        region_text.strip() or "france",
        name,
        REGION_KINDS.get(selection.kind, "area"),
        selection.code if selection.kind == "world" else None,
    )


def default_counts(per_sheet: int) -> tuple[int, ...]:
    """The default deck (whole sheets from 60 places up), then each whole-sheet deck below it
    down to the smallest that still plays (for regions that cannot hold the default)."""
    first = default_place_count(per_sheet)
    needed = minimum_places(PACKS, PACK_SIZE)
    return tuple(range(first, needed - 1, -per_sheet))


# ------------------------------------------------------------------- settings


@dataclass(frozen=True)
class Settings:
    """What the options decide before any place is read: the sheet, the precisions to try, the
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

    spec = options.imposition.spec(options.paper, options.profile, HOME_BLEED, options.language)
    layout = plan_sheet(spec)
    _check_type_fits(spec)
    _check_counts(options)
    fonts = register_user_font(str(options.font)) if options.font is not None else register_fonts()
    return Settings(
        spec,
        layout.per_sheet,
        (layout.page_width, layout.page_height),
        parse_precisions(options.precision.value),
        fonts,
        load_templates("oucedonc", options.templates, language=options.language),
    )


def _check_counts(options: OucedoncDeckOptions) -> None:
    if options.cards is not None:
        check_place_count(options.cards)
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


def _check_type_fits(spec: SheetSpec) -> None:
    """A card too small for the deck's smallest type at 6 pt is refused, saying what would not
    fit, rather than printed in type nobody can read."""
    from generator.render.fonts import MIN_TEXT_PT
    from generator.render.imposition import CardBox
    from generator.render.oucedonc.cards import LABEL_PT, POKER_HEIGHT, smallest_text

    size = smallest_text(CardBox(spec.card.width, spec.card.height, spec.bleed))
    if size >= MIN_TEXT_PT - 1e-9:
        return
    ratio = MIN_TEXT_PT / LABEL_PT
    width, height = 63.0 / 1.1 * ratio, POKER_HEIGHT * ratio
    raise UserError(
        _(
            "a {card} card ({width} × {height} mm) cannot fit the LATITUDE/LONGITUDE labels, the "
            "footers and the rule texts at {minimum} pt (they would print at {size} pt); use "
            "--card-size poker or bridge, or WxH of at least {least}"
        ).format(
            card=spec.card.name,
            width=number(round(spec.card.width, 2)),
            height=number(round(spec.card.height, 2)),
            minimum=number(MIN_TEXT_PT),
            size=number(size, decimals=1),
            least=f"{width:.0f}x{height:.0f}",
        )
    )


# ------------------------------------------------------------------- the deck


@dataclass(frozen=True)
class SelectedDeck:
    """A composed deck (nothing drawn): its cards, how it names and draws its region, the
    outline its locator map draws, and a line for the user (a smaller default deck)."""

    deck: Deck
    region: RegionInfo
    rings: Rings = ()
    note: str = ""


def select_deck(options: OucedoncDeckOptions, chosen: Settings | None = None) -> SelectedDeck:
    """The deck's places (a region's, or the caller's own) composed into a deck."""
    chosen = chosen or settings(options)
    if options.places:
        return _own_deck(options, chosen)
    return _region_deck(options, chosen)


def _params(options: OucedoncDeckOptions, spec: SheetSpec, region_name: str) -> dict[str, object]:
    """The printing parameters the deck file records."""
    params: dict[str, object] = {
        "paper": spec.paper.name,
        "card_size": spec.card.name,
        "card_mm": [spec.card.width, spec.card.height],
        "bleed_mm": spec.bleed,
        "duplex": spec.duplex.value,
        "back_offset_mm": list(spec.back_offset),
        "source": options.source,
        "sites_share": options.sites_share,
        "difficulty": options.difficulty.value,
        "tokens": TOKENS,
        "tokens_each": options.tokens_each,
        "region_name": region_name,
    }
    if options.language != MATERIAL_DEFAULT:  # absent: French (every deck before the English)
        params["language"] = options.language
    return params


def _region_deck(options: OucedoncDeckOptions, chosen: Settings) -> SelectedDeck:
    """A region's candidates, the deck's places dealt from them, the composed deck."""
    from generator.games.oucedonc.coords import Precision
    from generator.geo.pick import PickRequest, pick_places, region_candidates
    from generator.render.oucedonc.texts import render_title

    needed = minimum_places(PACKS, PACK_SIZE)
    grids = [printed_grid(p) for p in chosen.precisions]
    finer = None if Precision.SECOND in chosen.precisions else "--precision second"
    request = PickRequest(
        region=options.region,
        source=options.source,
        count=options.cards,
        seed=options.seed,
        sites_share=options.sites_share,
        difficulty=options.difficulty,
        names=options.language,  # the dealt places named in the deck's language (geo.abroad)
    )
    selection, candidates = region_candidates(request)
    region = region_info(selection, options.region, options.language)
    if len(candidates) < needed:  # "fewer cards" cannot help: say what a deck needs
        raise UserError(
            _(
                "{region} offers only {count} places and a deck needs at least {needed} ({packs} "
                "packs of {size} and {packs} start cards); choose a larger region"
            ).format(
                region=region.name,
                count=number(len(candidates)),
                needed=needed,
                packs=PACKS,
                size=PACK_SIZE,
            )
        )
    picked = pick_places(
        request,
        grids,
        default_counts(chosen.per_sheet),
        finer,
        min_count=needed,
        found=(selection, candidates),
    )
    places = list(picked.places)
    rings = region_rings(region, [(place.lon, place.lat) for place in places])
    names = _french_names()
    deck = compose_deck(
        places,
        title=render_title(chosen.templates, region.name, region.kind),
        region=region.key,
        seed=options.seed,
        precision=chosen.precisions[picked.grid],
        departement_names=names[0],
        region_names=names[1],
        packs=PACKS,
        pack_size=PACK_SIZE,
        params=_params(options, chosen.spec, region.name),
        order={place.id: place.name for place in picked.dealt},
    )
    return SelectedDeck(deck, region, rings, picked.note or "")


def _own_deck(options: OucedoncDeckOptions, chosen: Settings) -> SelectedDeck:
    """A deck of the caller's places: each its own name, all decidable at the first precision
    that tells every pair apart."""
    from generator.geo.selection import decidable
    from generator.render.oucedonc.texts import render_title

    places = list(options.places)
    check_place_count(len(places))
    names = [place.name for place in places]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise UserError(
            _("two places are both called {name}; give each card a name of its own").format(
                name=twice
            )
        )
    precision = next((p for p in chosen.precisions if decidable(places, printed_grid(p))), None)
    if precision is None:
        raise UserError(_undecidable(places, chosen.precisions[-1], options.language))
    countries = {place.country for place in places}
    abroad = countries.pop() if len(countries) == 1 and "FR" not in countries else None
    region = RegionInfo(CUSTOM_REGION, options.area.strip(), "area", abroad)
    if region.name:
        title = render_title(chosen.templates, region.name, region.kind)
    else:
        title = OUCEDONC.name
    rings = region_rings(region, [(place.lon, place.lat) for place in places])
    french = _french_names()
    deck = compose_deck(
        places,
        title=title,
        region=CUSTOM_REGION,
        seed=options.seed,
        precision=precision,
        departement_names=french[0],
        region_names=french[1],
        params=_params(options, chosen.spec, region.name),
    )
    return SelectedDeck(deck, region, rings)


def _undecidable(places: Sequence[Place], precision: Precision, language: Language) -> str:
    """What a pair of places that print the same coordinate is told (the coordinate as the
    cards print it)."""
    from generator.games.oucedonc.coords import (
        format_latitude,
        format_longitude,
        printed_coordinate,
        to_units,
    )

    seen: dict[tuple[str, int], Place] = {}
    for place in places:
        for axis, value in (("lat", place.lat), ("lon", place.lon)):
            key = (axis, to_units(value, precision))
            other = seen.setdefault(key, place)
            if other is place:
                continue
            if axis == "lat":
                text, message = (
                    format_latitude(key[1], precision),
                    _(
                        "{first} and {second} print the same latitude, {text}; choose a finer "
                        "precision or leave one of them out"
                    ),
                )
            else:
                text, message = (
                    format_longitude(key[1], precision),
                    _(
                        "{first} and {second} print the same longitude, {text}; choose a finer "
                        "precision or leave one of them out"
                    ),
                )
            printed = printed_coordinate(text, language)
            return message.format(first=other.name, second=place.name, text=printed)
    raise ValueError("the places are decidable")


def _french_names() -> tuple[dict[str, str], dict[str, str]]:
    """The names of France's départements and régions by code (the place cards print them)."""
    from generator.geo import embedded

    return (
        {d.code: d.name for d in embedded.departements()},
        {r.code: r.name for r in embedded.regions()},
    )


def _check_glyphs(deck: Deck, texts: DeckTexts, fonts: FontSet) -> None:
    """Every character printed must exist in the font that prints it: fail before drawing."""
    from generator.render.fonts import require_glyphs

    name_fonts = tuple(dict.fromkeys((fonts.condensed_bold, fonts.bold)))  # ordered, no repeats
    text_fonts = tuple(dict.fromkeys((fonts.regular, fonts.bold, fonts.oblique)))
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

    if region.kind in ("france", "country") and rings:
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


def france_rings() -> Rings:
    from generator.geo import embedded
    from generator.render.oucedonc.locator_map import outline_rings

    return tuple(tuple(ring) for ring in outline_rings(embedded.france_outline()))


def country_rings(country: str, places: Sequence[tuple[float, float]]) -> Rings:
    """A foreign country's outline framed like metropolitan France's: the polygons that hold
    the deck's ``places`` (lon, lat) or lie near one (coastal islets, a town Natural Earth's
    smoothed coast leaves just offshore), plus every polygon that reaches into the box those
    span (Sicily and Sardinia for an Italian deck with no card there); far overseas parts
    (French Guiana for France, Svalbard for Norway, Hawaii for a deck of the contiguous United
    States) are dropped. Empty when no
    outline is embedded for ``country`` or no polygon is near the places."""
    import shapely
    from shapely.geometry import MultiPoint, Polygon

    from generator.geo import embedded

    outline = embedded.country_outline(country)
    if outline is None or not places:
        return ()
    polygons = outline["coordinates"]
    shapes = [Polygon(polygon[0], polygon[1:]) for polygon in polygons]
    lons, lats = [lon for lon, _ in places], [lat for _, lat in places]
    reach = max(0.25, 0.05 * max(max(lons) - min(lons), max(lats) - min(lats)))  # degrees
    near = shapely.dwithin(shapes, MultiPoint(list(places)), reach)
    if not near.any():
        return ()
    boxes = [shape.bounds for shape, keep in zip(shapes, near, strict=True) if keep]
    west, south = min([b[0] for b in boxes] + lons), min([b[1] for b in boxes] + lats)
    east, north = max([b[2] for b in boxes] + lons), max([b[3] for b in boxes] + lats)
    kept = [
        polygon
        for polygon, shape, keep in zip(polygons, shapes, near, strict=True)
        if keep
        or (
            shape.bounds[0] <= east
            and shape.bounds[2] >= west
            and shape.bounds[1] <= north
            and shape.bounds[3] >= south
        )
    ]
    return tuple(tuple((lon, lat) for lon, lat in ring) for polygon in kept for ring in polygon)


def region_rings(region: RegionInfo, places: Sequence[tuple[float, float]]) -> Rings:
    """The outline the deck's locator map draws: the country's abroad (framed on ``places``,
    (lon, lat)), France's otherwise."""
    if region.country:
        return country_rings(region.country, places)
    return france_rings()


# ------------------------------------------------------------------- drawing


@dataclass(frozen=True)
class Drawn:
    """A selected deck drawn as faces: the cards, the tokens and their sheet, the texts."""

    selected: SelectedDeck
    settings: Settings
    texts: DeckTexts
    cards: CardDeck
    tokens: CardDeck
    token_sheet: TokenSheet


def draw(options: OucedoncDeckOptions) -> Drawn:
    """Select the deck and make its two decks of faces (nothing rendered to a file yet); every
    character printed is checked against the font that prints it."""
    from generator.render.oucedonc.cards import CardStyle, place_back_map_area
    from generator.render.oucedonc.deck import card_deck
    from generator.render.oucedonc.texts import render_deck_texts
    from generator.render.oucedonc.token_sheet import plan_tokens, token_deck

    chosen = settings(options)
    selected = select_deck(options, chosen)
    deck, region, spec = selected.deck, selected.region, chosen.spec
    tokens_each = int(deck.params.get("tokens_each", TOKENS_EACH))
    texts = render_deck_texts(
        chosen.templates, deck, region.name, region.kind, tokens_each, options.language
    )
    _check_glyphs(deck, texts, chosen.fonts)
    credit, card_credit = _credits(deck, chosen.fonts, options.language)
    area = place_back_map_area(_box(spec))
    locator = _locator(deck, region, selected.rings, area.width, area.height)
    style = CardStyle(chosen.fonts)
    cards = card_deck(
        deck, texts, style, locator, spec.card, spec.bleed, credit, options.language, card_credit
    )
    sheet = plan_tokens(*chosen.page_size, TOKENS, spec.bleed)
    tokens = token_deck(sheet, spec.bleed, deck.title, options.language, TOKENS)
    return Drawn(selected, chosen, texts, cards, tokens, sheet)


def decks(options: OucedoncDeckOptions) -> tuple[CardDeck, ...]:
    """The deck's cards and its tokens, as faces."""
    drawn = draw(options)
    return drawn.cards, drawn.tokens


def _box(spec: SheetSpec) -> CardBox:
    from generator.render.imposition import CardBox

    return CardBox(spec.card.width, spec.card.height, spec.bleed)


def _credits(deck: Deck, fonts: FontSet, language: Language) -> tuple[str, str]:
    """The pictures' credit (the PDFs' information) and the credit of the data and the pictures
    the last rule card prints, each checked against the font."""
    from generator.games.oucedonc.pictograms import TOWN, pictogram
    from generator.geo.catalog import EMBEDDED, card_credits
    from generator.render.fonts import require_glyphs
    from generator.render.icons import icon_credit

    pictures = {pictogram(card.place_kind, card.site_kind) for card in deck.places} - {TOWN}
    credit = icon_credit(sorted(pictures), language) if pictures else ""
    require_glyphs(fonts.regular, credit, "the icons' credit")
    sources = tuple(
        P_(language, line)
        for line in card_credits(
            str(deck.params.get("source", EMBEDDED)),
            (c.source_id for c in deck.places if c.source_id),  # a deck file's card may have none
        )
    )
    card_credit = " · ".join(part.rstrip(".") for part in (*sources, credit) if part) + "."
    require_glyphs(fonts.regular, card_credit, "the data credits")
    return credit, card_credit


# ------------------------------------------------------------------- files


def build(options: OucedoncDeckOptions) -> Built[Deck]:
    """The deck's files in memory: the PDF (cards, then the token sheet), the deck file, the
    referee page, and as asked the faces files and the PNG faces."""
    from generator.render.deck_files import face_images, faces_document, impose
    from generator.render.oucedonc.token_sheet import draw_token_pages

    drawn = draw(options)
    chosen, deck, spec = drawn.settings, drawn.selected.deck, drawn.settings.spec
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
    files = [
        pdf_file(MAIN, document),
        BuiltFile("oucedonc.json", DECK_FILE, deck_to_json(deck).encode("utf-8")),
    ]
    wanted = options.files
    if wanted.faces:
        faces = (("oucedonc-faces.pdf", drawn.cards), ("oucedonc-tokens-faces.pdf", drawn.tokens))
        for name, faced in faces:
            document = faces_document([faced], None, spec.profile, wanted.back_first)
            files.append(pdf_file(name, document))
    files.append(page_file(deck, options.language, EqualCoordinates.WELL_PLACED))
    if wanted.images is not None:
        files += [
            BuiltFile(f"oucedonc_png/{image.name}", FACE_PNG, image.data)
            for image in face_images([drawn.cards], wanted.images)
        ]
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
)
