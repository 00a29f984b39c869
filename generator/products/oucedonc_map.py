"""``pnp oucedonc map``: a poster of a deck's places, for after the game or a classroom wall.

:class:`MapOptions` (the deck, a paper, a print profile, the language of the printed words) →
:func:`build` → one PDF, ``oucedonc-map.pdf`` (the product contract,
:mod:`generator.products.contract`; the command line names it ``DECK-map.pdf`` beside the
deck). What the map shows is chosen here from the embedded data (:func:`map_data`): for a deck
of France, a région or a département, metropolitan France's land, its régions and (faintly) its
départements, all from the IGN outlines so that the coast and the borders agree, and the deck's
région or département outlined; for a country abroad, that country's outline;
around either, the neighbouring countries. The drawing is
:mod:`generator.render.oucedonc.map_poster`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.i18n import M_, Language
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.deckfile import Deck
from generator.products.contract import Built, Product, pdf_file
from generator.render.oucedonc.map_poster import MapData, MapPlace, PosterLayout, Ring
from generator.render.paper import PAPERS, Paper
from generator.render.profile import HOME, PrintProfile

#: The outlines' credits (the places' are the deck's: geo.catalog.card_credits).
FRENCH_OUTLINES = M_("Contours des départements : IGN Admin Express 2018, Licence Ouverte")
COUNTRY_OUTLINES = M_("Contours des pays : Natural Earth (domaine public)")

#: The layout's sizes grow with the paper: A3 is √2 times A4.
SCALE = {"a4": 1.0, "letter": 1.0, "a3": 1.3}


@dataclass(frozen=True)
class MapOptions:
    deck: Deck
    paper: Paper = PAPERS["a4"]
    profile: PrintProfile = HOME
    language: Language | None = None  # of the printed words; None: the deck's


MAIN = "oucedonc-map.pdf"


def main_name(deck_json: Path) -> Path:
    """``output/bretagne.json`` -> ``output/bretagne-map.pdf``: where the command line writes
    the poster when no ``--out`` is given."""
    return deck_json.with_name(f"{deck_json.stem}-map.pdf")


def build(options: MapOptions) -> Built[None]:
    """The poster's PDF, in memory."""
    from generator.render.oucedonc.map_poster import draw_poster

    language = options.language or options.deck.language
    layout = PosterLayout().scaled(SCALE.get(options.paper.name, 1.0))
    document = draw_poster(map_data(options.deck, language), options.paper, options.profile, layout)
    return Built(PRODUCT.key, (pdf_file(MAIN, document),), None, main=MAIN)


PRODUCT: Product[MapOptions, None] = Product(
    "oucedonc-map", OUCEDONC.key, build, main=lambda options: MAIN
)


def map_data(deck: Deck, language: Language) -> MapData:
    """What the poster of ``deck`` shows, from the embedded outlines."""
    from generator.core.typography import printed_name
    from generator.geo import embedded
    from generator.geo.catalog import EMBEDDED, card_credits

    places = tuple(  # the names as printed ("Île d’Yeu"), the title too
        MapPlace(card.id, printed_name(card.name), card.place_kind, card.lon, card.lat)
        for card in deck.places
    )
    lons, lats = [p.lon for p in places], [p.lat for p in places]
    bbox = (min(lons), min(lats), max(lons), max(lats))
    country, area = _where(deck)
    if country == "FR":
        home, beneath, areas, borders, region = _french_layers(area)
    else:
        home = borders = _rings(embedded.country_outline(country))
        beneath = areas = region = ()
    abroad = tuple(
        ring
        for code, polygons in embedded.countries_near(bbox)
        if code != country
        for polygon in polygons
        if _near(polygon[0], bbox)
        for ring in polygon[:1]
    )
    sources = card_credits(EMBEDDED, [card.source_id or "" for card in deck.places])
    credits = (*sources, FRENCH_OUTLINES if country == "FR" else COUNTRY_OUTLINES)
    if country == "FR":
        credits = (*credits, COUNTRY_OUTLINES)
    title = printed_name(deck.title)
    return MapData(title, places, home, beneath, abroad, areas, borders, region, credits, language)


def _french_layers(
    area: tuple[str, str] | None,
) -> tuple[
    tuple[Ring, ...], tuple[Ring, ...], tuple[Ring, ...], tuple[Ring, ...], tuple[Ring, ...]
]:
    """A French deck's land, what lies beneath it, its départements, its borders and its own
    région or département: the land, the coast and the borders from one source (the IGN
    outlines), so that they agree; Natural Earth's France beneath, in the neighbours' colour,
    so that no sea shows between France and them."""
    from generator.geo import embedded

    outlines = embedded.area_outlines()
    departements = tuple(ring for rings in outlines.departements.values() for ring in rings)
    regions = tuple(ring for rings in outlines.regions.values() for ring in rings)
    national = _rings(embedded.france_outline()["features"][0]["geometry"])  # metropolitan
    own: tuple[Ring, ...] = ()
    if area is not None:
        kind, code = area
        own = (outlines.regions if kind == "region" else outlines.departements)[code]
    return departements, national, departements, regions, own


def _where(deck: Deck) -> tuple[str, tuple[str, str] | None]:
    """The deck's country (ISO alpha-2) and, for a French région or département deck, which
    one: from the region the deck file records, else from its cards."""
    from generator.core.errors import UserError
    from generator.geo import embedded
    from generator.geo.regions import resolve_region

    try:
        selection = resolve_region(deck.region)
    except UserError:  # a box, a polygon file no longer there: the cards say where
        selection = None
    if selection is not None and selection.kind == "world":
        return selection.code, None
    if selection is not None and selection.kind in ("region", "departement"):
        return "FR", (selection.kind, selection.code)
    french = {departement.code for departement in embedded.departements()}
    mostly_french = sum(card.departement in french for card in deck.places) * 2 >= len(deck.places)
    if (selection is None or selection.kind in ("bbox", "polygon")) and not mostly_french:
        return _country_of(deck), None
    return "FR", None


def _country_of(deck: Deck) -> str:
    """The country most of the deck's cards lie in (a deck of a box abroad)."""
    from collections import Counter

    import shapely
    from shapely.geometry import Polygon

    from generator.geo import embedded

    points = shapely.points([(card.lon, card.lat) for card in deck.places])
    counts: Counter[str] = Counter()
    for code, polygons in embedded.countries_near(_bbox(deck)):
        for polygon in polygons:
            counts[code] += int(shapely.contains(Polygon(polygon[0], polygon[1:]), points).sum())
    return counts.most_common(1)[0][0] if counts else "FR"


def _bbox(deck: Deck) -> tuple[float, float, float, float]:
    lons = [card.lon for card in deck.places]
    lats = [card.lat for card in deck.places]
    return min(lons), min(lats), max(lons), max(lats)


def _rings(outline: dict[str, Any] | None) -> tuple[Ring, ...]:
    """The rings of a GeoJSON Polygon or MultiPolygon (holes too: land is drawn even-odd)."""
    if outline is None:
        return ()
    from generator.render.oucedonc.locator_map import outline_rings

    return tuple(tuple(ring) for ring in outline_rings(outline))


def _near(ring: Ring, bbox: tuple[float, float, float, float], pad: float = 4.0) -> bool:
    """Does a polygon's outer ring come within ``pad`` degrees of ``bbox``?"""
    west, south, east, north = bbox
    lons = [lon for lon, _ in ring]
    lats = [lat for _, lat in ring]
    return (
        min(lons) <= east + pad
        and max(lons) >= west - pad
        and min(lats) <= north + pad
        and max(lats) >= south - pad
    )
