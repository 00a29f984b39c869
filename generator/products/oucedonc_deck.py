"""Make an Oucédonc deck: places → selection → deck → PDF + deck JSON (+ one PNG per face).

This is the library behind ``pnp oucedonc deck`` and the kit's Oucédonc component. Data flows
one way: ``geo`` gives candidate places, ``games.oucedonc.deck`` composes the deck (pure),
``render`` paints it through the shared imposition engine. Everything is computed in memory
first and written at the end, each file atomically: bad input never leaves a half-written file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, _, number
from generator.games.oucedonc.coords import Precision, parse_precisions, printed_grid
from generator.games.oucedonc.deck import (
    MIN_PACK_SIZE,
    PACK_SIZE,
    PACKS,
    SITES_SHARE,
    TOKENS,
    check_place_count,
    compose_deck,
    default_place_count,
    minimum_places,
    pack_size_for,
)
from generator.games.oucedonc.deckfile import Deck, deck_to_json
from generator.games.oucedonc.rules import RuleOptions

if TYPE_CHECKING:
    from generator.core.outputs import Output
    from generator.geo.regions import RegionSelection
    from generator.render.card_templates import TemplateSet
    from generator.render.fonts import FontSet
    from generator.render.imposition import Card, SheetSpec
    from generator.render.oucedonc.cards import CardStyle, LocatorMap
    from generator.render.oucedonc.texts import DeckTexts

Rings = tuple[tuple[tuple[float, float], ...], ...]  # outline rings, (lon, lat) degrees

TOKENS_EACH = RuleOptions().starting_tokens  # printed on the rule cards; the referee reads it back


@dataclass(frozen=True)
class DeckOptions:
    """Everything ``pnp oucedonc deck`` can be told (all strings as the user typed them)."""

    out: Path = Path("output/oucedonc.pdf")
    region: str | None = "france"  # None: the places of ``places_file`` alone
    cards: int | None = None  # place cards; None = fill whole sheets
    seed: int = 1
    paper: str = "a4"
    card_size: str = "poker"
    bleed: float | None = None  # None: 1 mm at home, 3 mm for a print shop
    duplex: str = "long"
    back_offset: str = "0,0"
    precision: str = "auto"  # auto = minute when the region allows it, else second
    templates: Path | None = None
    font: Path | None = None
    png_dpi: int | None = None
    source: str = "embedded"
    sites_share: float = SITES_SHARE
    difficulty: str = "normal"  # easy | normal | hard: how well known the places are
    tokens_each: int = TOKENS_EACH  # printed on the rule cards; the referee's --tokens
    profile: str = "home"  # home (RGB) or shop (CMYK PDF/X-4, 3 mm bleed)
    ink_limit: float | None = None  # shop: total ink limit in % (default 300)
    faces: bool = False  # also the cards and the tokens one face per page
    back_first: bool = False  # faces files: back, then front
    force: bool = False  # replace files at the output names that pnp did not make
    language: Language = MATERIAL_DEFAULT  # of the printed texts, the title and the place names
    pack_size: int | None = None  # None: the seed's 15, smaller when the deck cannot hold them
    include: tuple[str, ...] = ()  # names of places the deck must hold (geo.own_places)
    exclude: tuple[str, ...] = ()  # names of places it must not
    places_file: Path | None = None  # the user's own places (CSV or GeoJSON points)


def deck_language(deck: Deck) -> Language:
    """The language a deck was printed in: its ``params.language``, French when absent (every
    deck file before the English decks, and French decks, which do not write it)."""
    return "en" if deck.params.get("language") == "en" else MATERIAL_DEFAULT


#: The deck's home bleed (mm) when ``--bleed`` is not given.
HOME_BLEED = 1.0


@dataclass(frozen=True)
class DeckFiles:
    pdf: Path
    json: Path
    pngs: tuple[Path, ...]
    deck: Deck
    pages: int
    referee_page: Path  # DECK-referee.html beside the JSON: the referee on a phone
    note: str | None = None  # a line for the user (a smaller default deck)
    faces: tuple[Path, ...] = ()  # the cards' and the tokens' faces files

    @property
    def paths(self) -> list[Path]:
        return [self.pdf, self.json, self.referee_page, *self.faces, *self.pngs]


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
    "places": "area",
}


def region_info(
    selection: RegionSelection, region_text: str | None, language: Language = MATERIAL_DEFAULT
) -> RegionInfo:
    """How the deck names and draws its region, in ``language``: a country abroad by its name
    in that language ("Italie", "Italy"); France's régions and départements keep their French
    names ("Bretagne"); a box is a "zone" ("area") with its corners as typed."""
    from generator.geo.abroad import region_name

    if selection.kind == "bbox":
        name = P_(language, "zone {box}").format(box=selection.code)
    else:
        name = region_name(selection.kind, selection.code, selection.name, language)
    key = (region_text or "").strip() or ("france" if selection.kind != "places" else name)
    return RegionInfo(
        key,
        name,
        REGION_KINDS.get(selection.kind, "area"),
        selection.code if selection.kind == "world" else None,
    )


def default_counts(per_sheet: int) -> tuple[int, ...]:
    """The default deck (whole sheets from 60 places up), then each whole-sheet deck below it
    down to the smallest that holds the seed's packs (for regions that cannot hold the default;
    a region that holds fewer gets the most it holds, in smaller packs)."""
    first = default_place_count(per_sheet)
    needed = minimum_places(PACKS, PACK_SIZE)
    return tuple(range(first, needed - 1, -per_sheet))


def smallest_pack(options: DeckOptions) -> int:
    """The pack size the deck's size is checked against: the one asked for, else the smallest
    a deck may have (docs/rules/oucedonc.md, "Small packs")."""
    return options.pack_size if options.pack_size is not None else MIN_PACK_SIZE


# ------------------------------------------------------------------- the deck


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


def overseas_rings(departements: Sequence[str]) -> Rings:
    """The outlines of overseas départements (971 to 976), for a deck of theirs."""
    from generator.geo import embedded

    rings: list[tuple[tuple[float, float], ...]] = []
    for code in sorted(set(departements)):
        outline = embedded.overseas_outline(code)
        for polygon in outline["coordinates"] if outline else ():
            rings.extend(tuple((lon, lat) for lon, lat in ring) for ring in polygon)
    return tuple(rings)


def deck_rings(region: RegionInfo, deck: Deck) -> Rings:
    """The outline the deck's locator map draws: the country's abroad, an overseas
    département's for a deck of its places, France's otherwise."""
    if region.kind == "country" and region.country:
        return country_rings(region.country, [(card.lon, card.lat) for card in deck.places])
    departements = {card.departement or "" for card in deck.places}
    if departements and all(code.startswith("97") for code in departements):
        return overseas_rings(sorted(departements))
    return france_rings()


@dataclass(frozen=True)
class PrintSettings:
    """The user's printing choices, parsed and checked before any data is read."""

    spec: SheetSpec
    per_sheet: int
    page_size: tuple[float, float]  # mm
    precisions: tuple[Precision, ...]  # tried in order; the first that gives a decidable deck wins
    fonts: FontSet
    templates: TemplateSet  # speaking ``language``
    faces: bool = False
    back_first: bool = False
    language: Language = MATERIAL_DEFAULT  # of the printed texts


def print_settings(options: DeckOptions) -> PrintSettings:
    from generator.render.card_templates import load_templates
    from generator.render.fonts import register_fonts, register_user_font
    from generator.render.imposition import (
        SheetSpec,
        card_size,
        parse_duplex,
        parse_offset,
        plan_sheet,
    )
    from generator.render.paper import paper
    from generator.render.profile import print_profile

    profile = print_profile(options.profile, options.ink_limit)
    if options.back_first and not options.faces:
        raise UserError(_("--back-first orders the faces files; add --faces"))
    precisions = parse_precisions(options.precision)
    spec = SheetSpec(
        paper=paper(options.paper),
        card=card_size(options.card_size),
        bleed=profile.bleed(options.bleed, HOME_BLEED),
        duplex=parse_duplex(options.duplex),
        back_offset=parse_offset(options.back_offset),
        profile=profile,
        language=options.language,
    )
    layout = plan_sheet(spec)
    _check_type_fits(spec)
    if options.pack_size is not None and not MIN_PACK_SIZE <= options.pack_size <= PACK_SIZE:
        raise UserError(
            _("--pack-size {size} is out of range; give {least} to {most}").format(
                size=options.pack_size, least=MIN_PACK_SIZE, most=PACK_SIZE
            )
        )
    if options.cards is not None:
        check_place_count(options.cards, PACKS, smallest_pack(options))
    if options.region is None and options.places_file is None:
        raise UserError(_("give --region, --places FILE, or both"))
    if not 0 <= options.sites_share <= 1:
        raise UserError(
            _("sites share {share} is out of range; give a number from 0 to 1").format(
                share=f"{options.sites_share:g}"
            )
        )
    if options.png_dpi is not None and not 30 <= options.png_dpi <= 1200:
        raise UserError(
            _("PNG resolution {dpi} dpi is out of range; use 30 to 1200 (300 for print)").format(
                dpi=options.png_dpi
            )
        )
    if not 1 <= options.tokens_each <= TOKENS // 2:
        raise UserError(
            _(
                "{each} tokens each is out of range; the sheet has {tokens}, give 1 to {most}"
            ).format(each=options.tokens_each, tokens=TOKENS, most=TOKENS // 2)
        )
    if options.out.suffix.lower() != ".pdf":
        raise UserError(
            _("output {path} must end in .pdf; the deck JSON is written beside it").format(
                path=options.out
            )
        )
    _check_targets(options)
    fonts = register_user_font(str(options.font)) if options.font is not None else register_fonts()
    templates = load_templates("oucedonc", options.templates, language=options.language)
    return PrintSettings(
        spec,
        layout.per_sheet,
        (layout.page_width, layout.page_height),
        precisions,
        fonts,
        templates,
        options.faces,
        options.back_first,
        options.language,
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


def deck_outputs(options: DeckOptions, png_names: Sequence[str] = ()) -> list[Output]:
    """The names a deck writes: the PDF typed, the deck JSON beside it, the PNG faces; each may
    replace only pnp's own file of its kind (:mod:`generator.core.outputs`)."""
    from generator.core.outputs import Output, is_pnp_pdf, is_pnp_png, json_schema_is, text_holds
    from generator.games.oucedonc.deckfile import SCHEMA
    from generator.products.oucedonc_referee_page import PAGE_MARKER, page_path

    folder = png_folder(options.out)
    json_path = options.out.with_suffix(".json")
    return [
        Output(options.out, is_pnp_pdf, "PDF"),
        Output(json_path, json_schema_is(SCHEMA), "deck file"),
        Output(page_path(json_path), text_holds(PAGE_MARKER), "referee page"),
        *(Output(path, is_pnp_pdf, "PDF") for path in faces_paths(options.out) if options.faces),
        *(Output(folder / name, is_pnp_png, "card face PNG") for name in png_names),
    ]


def _check_targets(options: DeckOptions) -> None:
    """The PDF, the JSON, the referee page, the faces files and the PNG folder must all be
    writable as such before any is written: a PDF replaced while its deck file cannot be would
    leave the referee reading another deck; the files beside the PDF follow the same rule as the
    PDF's name."""
    from generator.core.outputs import claim, require_folder

    claim(deck_outputs(options), options.force)
    if options.png_dpi is not None:
        require_folder(png_folder(options.out), "the PNG faces' folder")


def png_folder(out: Path) -> Path:
    return out.with_name(out.stem + "_png")


def faces_paths(out: Path) -> tuple[Path, Path]:
    """The cards' and the tokens' faces files beside the deck PDF."""
    return out.with_name(out.stem + "-faces.pdf"), out.with_name(out.stem + "-tokens-faces.pdf")


def select_deck(
    options: DeckOptions, settings: PrintSettings
) -> tuple[Deck, RegionInfo, str | None]:
    """Candidates of the region, the deck's places, the composed deck, and a note for the user."""
    from generator.geo.own_places import OwnChoice
    from generator.geo.pick import PickRequest, pick_places, region_candidates
    from generator.render.oucedonc.texts import render_title

    request = PickRequest(
        region=options.region,
        source=options.source,
        count=options.cards,
        seed=options.seed,
        sites_share=options.sites_share,
        difficulty=options.difficulty,
        names=options.language,  # the dealt places named in the deck's language (geo.abroad)
        choice=OwnChoice(options.include, options.exclude, options.places_file),
    )
    selection, candidates = region_candidates(request)
    region = region_info(selection, options.region, options.language)
    least_pack = smallest_pack(options)
    needed = minimum_places(PACKS, least_pack)
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
                size=least_pack,
            )
        )
    finer = None if Precision.SECOND in settings.precisions else "--precision second"
    picked = pick_places(
        request,
        [printed_grid(p) for p in settings.precisions],
        default_counts(settings.per_sheet),
        finer,
        min_count=needed,
        found=(selection, candidates),
    )
    places = list(picked.places)
    precision = settings.precisions[picked.grid]
    pack_size = options.pack_size or pack_size_for(len(places), PACKS)
    spec = settings.spec
    params = {
        "paper": spec.paper.name,
        "card_size": spec.card.name,
        "card_mm": [spec.card.width, spec.card.height],
        "bleed_mm": spec.bleed,
        "duplex": spec.duplex.value,
        "back_offset_mm": list(spec.back_offset),
        "source": options.source,
        "sites_share": options.sites_share,
        "difficulty": options.difficulty,
        "tokens": TOKENS,
        "tokens_each": options.tokens_each,
        "region_name": region.name,
    }
    if options.language != MATERIAL_DEFAULT:  # absent: French (every deck before the English)
        params["language"] = options.language
    deck = compose_deck(
        places,
        title=render_title(settings.templates, region.name, region.kind),
        region=region.key,
        seed=options.seed,
        precision=precision,
        departement_names=_departement_names(),
        region_names=_region_names(),
        packs=PACKS,
        pack_size=pack_size,
        params=params,
        order={place.id: place.name for place in picked.dealt},
    )
    return deck, region, picked.note


@dataclass(frozen=True)
class BuiltDeck:
    """A deck rendered in memory: nothing written yet."""

    deck: Deck
    pdf: bytes
    pages: int
    cards: tuple[Card, ...]  # the engine's cards (painters), reused for PNG export
    spec: SheetSpec
    note: str | None = None
    faces: bytes | None = None  # the cards one face per page
    token_faces: bytes | None = None  # the tokens one face per page


def render_oucedonc_deck(
    deck: Deck, region: RegionInfo, settings: PrintSettings, rings: Rings
) -> BuiltDeck:
    """Texts, glyph check, painters, imposition and the token sheet: the PDF in memory."""
    from generator.games.oucedonc.pictograms import TOWN, pictogram
    from generator.geo.catalog import EMBEDDED, card_credits
    from generator.render.document import DocInfo, new_document
    from generator.render.fonts import require_glyphs
    from generator.render.icons import icon_credit
    from generator.render.imposition import CardBox, Duplex, render_deck, render_faces
    from generator.render.oucedonc.cards import CardStyle, place_back_map_area
    from generator.render.oucedonc.texts import render_deck_texts
    from generator.render.oucedonc.token_sheet import (
        draw_token_faces,
        draw_token_pages,
        plan_tokens,
    )

    spec, fonts, language = settings.spec, settings.fonts, settings.language
    tokens_each = int(deck.params.get("tokens_each", TOKENS_EACH))
    texts = render_deck_texts(
        settings.templates, deck, region.name, region.kind, tokens_each, language
    )
    _check_glyphs(deck, texts, fonts)
    area = place_back_map_area(CardBox(spec.card.width, spec.card.height, spec.bleed))
    locator = _locator(deck, region, rings, area.width, area.height)
    pictures = {pictogram(card.place_kind, card.site_kind) for card in deck.places} - {TOWN}
    credit = icon_credit(sorted(pictures), language) if pictures else ""
    require_glyphs(fonts.regular, credit, "the icons' credit")
    # on the last rule card, inside the trim: the data the cards print and the pictures
    sources = tuple(
        P_(language, line)
        for line in card_credits(
            str(deck.params.get("source", EMBEDDED)),
            (c.source_id for c in deck.places if c.source_id),  # a deck file's card may have none
        )
    )
    card_credit = " · ".join(part.rstrip(".") for part in (*sources, credit) if part) + "."
    require_glyphs(fonts.regular, card_credit, "the data credits")
    cards = tuple(deck_cards(deck, texts, CardStyle(fonts), locator, card_credit))
    info = DocInfo(
        title=deck.title,
        subject=P_(language, "Oucédonc : cartes à imprimer recto verso"),
        credit=credit,
    )
    doc = render_deck(cards, spec, info, credit_font=fonts.regular)
    sheet = plan_tokens(*settings.page_size, TOKENS, spec.bleed)
    token_pages = draw_token_pages(
        doc.canvas,
        sheet,
        spec.duplex,
        spec.back_offset,
        texts.tokens_title,
        texts.tokens_help,
        fonts,
        bleed=spec.bleed,
        die_line=spec.profile.shop,
    )
    sheets = -(-len(cards) // settings.per_sheet)
    pages = sheets * (1 if spec.duplex is Duplex.FOLD else 2) + token_pages
    faces = token_faces = None
    if settings.faces:
        faces = render_faces(
            cards, spec.card, spec.bleed, info, spec.profile, settings.back_first
        ).to_bytes()
        side = 2 * (sheet.radius + spec.bleed)
        tokens = new_document(
            side,
            side,
            DocInfo(
                title=P_(language, "{title} : jetons").format(title=deck.title),
                subject="Oucédonc",
            ),
            spec.profile,
        )
        draw_token_faces(
            tokens.canvas, TOKENS, sheet.radius, spec.bleed, back_first=settings.back_first
        )
        token_faces = tokens.to_bytes()
    return BuiltDeck(deck, doc.to_bytes(), pages, cards, spec, faces=faces, token_faces=token_faces)


def build_deck(options: DeckOptions) -> BuiltDeck:
    """Check the options, select and compose the deck, render it: all in memory."""
    settings = print_settings(options)
    deck, region, note = select_deck(options, settings)
    built = render_oucedonc_deck(deck, region, settings, deck_rings(region, deck))
    return replace(built, note=note)


def deck_cards(
    deck: Deck,
    texts: DeckTexts,
    style: CardStyle,
    locator: LocatorMap | None,
    credit: str = "",
) -> list[Card]:
    """The imposition engine's cards, in deck order: places, Intermèdes, Direction, rules;
    ``credit`` goes on the last rule card."""
    from generator.render.imposition import Card
    from generator.render.oucedonc.cards import (
        DirectionBack,
        DirectionFront,
        EmblemBack,
        IntermedeFace,
        PlaceBack,
        PlaceFront,
        RuleFront,
    )

    cards = []
    for place in deck.places:
        place_texts = texts.places[place.id]
        cards.append(
            Card(
                PlaceFront(place, place_texts, style),
                PlaceBack(place, place_texts, style, locator),
                place.name,
            )
        )
    rules = iter(texts.rules)
    for other in deck.others:
        if other.kind == "intermede":
            cards.append(
                Card(
                    IntermedeFace(texts.intermede, texts.intermede.front_body, style),
                    IntermedeFace(texts.intermede, texts.intermede.back_body, style),
                    other.name,
                )
            )
        elif other.kind == "direction":
            cards.append(
                Card(
                    DirectionFront(texts.direction, style),
                    DirectionBack(texts.direction, style),
                    other.name,
                )
            )
        else:
            rule = next(rules)
            last = rule.number == len(texts.rules)
            cards.append(
                Card(
                    RuleFront(rule, deck.title, style, credit if last else ""),
                    EmblemBack(rule.back_title, rule.back_caption, style),
                    other.name,
                )
            )
    return cards


def _departement_names() -> dict[str, str]:
    from generator.geo import embedded

    return {d.code: d.name for d in embedded.departements()}


def _region_names() -> dict[str, str]:
    from generator.geo import embedded

    return {r.code: r.name for r in embedded.regions()}


# ------------------------------------------------------------------- files


def make_deck(options: DeckOptions) -> DeckFiles:
    """Build everything in memory, then write the PDF, the JSON, its referee page and the PNGs,
    each atomically."""
    from generator.core.atomic import write_bytes, write_text
    from generator.core.outputs import claim
    from generator.products.oucedonc_referee_page import page_path, render_page

    built = build_deck(options)
    ids = [card.id for card in built.deck.places] + [card.id for card in built.deck.others]
    pngs = (
        render_pngs(built.cards, ids, built.spec, options.png_dpi, built.deck.title)
        if options.png_dpi
        else {}
    )
    json_path = options.out.with_suffix(".json")
    page = render_page(built.deck, language=options.language)
    claim(deck_outputs(options, sorted(pngs)), options.force)  # again: the faces are known now
    write_bytes(options.out, built.pdf)
    write_text(json_path, deck_to_json(built.deck))
    faces: tuple[Path, ...] = ()
    if built.faces is not None and built.token_faces is not None:
        cards_path, tokens_path = faces_paths(options.out)
        faces = (write_bytes(cards_path, built.faces), write_bytes(tokens_path, built.token_faces))
    referee_page = write_text(page_path(json_path), page)
    folder = png_folder(options.out)
    written = tuple(write_bytes(folder / name, data) for name, data in pngs.items())
    if pngs:
        _remove_stale_faces(folder, set(pngs))
    return DeckFiles(
        options.out,
        json_path,
        written,
        built.deck,
        built.pages,
        referee_page,
        built.note,
        faces,
    )


_FACE_NAME = re.compile(r"^[A-Z]+\d+_(front|back)\.png$")


def _remove_stale_faces(folder: Path, current: set[str]) -> None:
    """Faces left by an earlier, larger deck in the same folder (``P64_front.png``…) would be sent
    to the print shop with this one; only files named like a face that pnp wrote are touched."""
    from generator.core.outputs import is_pnp_png

    for path in folder.iterdir():
        if (
            _FACE_NAME.match(path.name)
            and path.name not in current
            and path.is_file()
            and not path.is_symlink()
            and is_pnp_png(path)
        ):
            path.unlink()


def render_pngs(
    cards: Sequence[Card], ids: Sequence[str], spec: SheetSpec, dpi: int, title: str
) -> dict[str, bytes]:
    """Every face as a PNG (card plus bleed), named ``P01_front.png``… for print-on-demand."""
    import io

    import pypdfium2
    from PIL.PngImagePlugin import PngInfo

    from generator.core.outputs import PNG_SOFTWARE
    from generator.render.document import DocInfo
    from generator.render.imposition import render_faces

    faces = render_faces(cards, spec.card, spec.bleed, DocInfo(title=title)).to_bytes()
    pdf = pypdfium2.PdfDocument(faces)
    images: dict[str, bytes] = {}
    info = PngInfo()
    info.add_text("Software", PNG_SOFTWARE)  # how the next run knows the file is pnp's
    try:
        for index in range(len(pdf)):
            card_index, side = divmod(index, 2)
            page = pdf[index]
            bitmap = page.render(scale=dpi / 72.0)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG", dpi=(dpi, dpi), pnginfo=info)
            images[f"{ids[card_index]}_{'front' if side == 0 else 'back'}.png"] = buffer.getvalue()
            page.close()
    finally:
        pdf.close()
    return images
