"""Which places an Oucédonc deck holds, and the deck composed from them (nothing drawn).

A region's places (``region``, ``source``, ``cards``, ``seed``, ``sites_share``, ``difficulty``)
are dealt by ``geo`` on the grid the backs print; the caller's own (``places``) are checked:
each its own name, no two printing the same latitude or longitude. The work goes one layer at a
time: the rules' numbers (``games``), the places and everything read from the data (``geo``),
the title (``render``'s templates), the deck (``games``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from msgspec import Struct
from msgspec.structs import replace

from generator.core.errors import TOO_FEW_PLACES, UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, _, ngettext, number
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.coords import Precision, printed_grid
from generator.games.oucedonc.deck import (
    PACK_SIZE,
    PACKS,
    SITES_FLOOR,
    TOKENS,
    check_place_count,
    compose_deck,
    default_place_count,
    minimum_places,
    pack_size_for,
)
from generator.games.oucedonc.deckfile import Deck
from generator.geo.model import Place

if TYPE_CHECKING:
    from pathlib import Path

    from generator.geo.regions import RegionSelection
    from generator.geo.selection import Grid
    from generator.products.oucedonc_deck import OucedoncDeckOptions, Settings
    from generator.products.oucedonc_edits import Edited
    from generator.render.imposition import SheetSpec

Rings = tuple[tuple[tuple[float, float], ...], ...]  # outline rings, (lon, lat) degrees
Found = tuple["RegionSelection", Sequence[Place]]  # a region resolved and its candidates

CUSTOM_REGION = "custom"  # what a deck of the caller's own places records as its region


class RegionInfo(Struct, frozen=True):
    """The region a deck is of: its key, its printed name, its kind and the outline to draw."""

    key: str  # what the deck file records ("france", "bretagne", "33")
    name: str  # printed ("Bretagne")
    kind: str  # france | region | departement | country | subdivision | area (title template)
    country: str | None = None  # ISO alpha-2 code of the country whose outline to draw
    admin1: str | None = None  # a subdivision abroad: its GeoNames admin1 code (its outline)


class SelectedDeck(Struct, frozen=True):
    """A composed deck (nothing drawn): its cards, how it names and draws its region, the
    outline its locator map draws, the data's credit lines, and a line for the user (a smaller
    default deck)."""

    deck: Deck
    region: RegionInfo
    rings: Rings = ()
    credits: tuple[str, ...] = ()  # French, what the licences of the places printed ask for
    note: str = ""


REGION_KINDS = {
    "country": "france",
    "region": "region",
    "departement": "departement",
    "world": "country",
    "subdivision": "subdivision",
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
        selection.country_code,
        selection.subdivision[1] if selection.kind == "subdivision" else None,
    )


def default_counts(per_sheet: int) -> tuple[int, ...]:
    """The default deck (whole sheets from 60 places up), then each whole-sheet deck below it
    down to the smallest that holds the seed's packs (for regions that cannot hold the default;
    a region that holds fewer gets the most it holds, in smaller packs)."""
    first = default_place_count(per_sheet)
    needed = minimum_places(PACKS, PACK_SIZE)
    return tuple(range(first, needed - 1, -per_sheet))


def select_deck(
    options: OucedoncDeckOptions,
    chosen: Settings | None = None,
    found: Found | None = None,
    edited: Edited | None = None,
) -> SelectedDeck:
    """The deck's places (a region's, or the caller's own) composed into a deck.

    For a region's deck, ``found`` is the region and its candidates when the caller has
    resolved them (a recipe's "around a commune"), and ``edited`` a recipe's edits, resolved
    against those candidates and applied to the dealt deck
    (:mod:`generator.products.oucedonc_edits`)."""
    from generator.products.oucedonc_deck import settings

    chosen = chosen or settings(options)
    if options.places:
        selected = _own_deck(options, chosen)
    else:
        selected = _region_deck(options, chosen, found, edited)
    if options.places_file is None:
        return selected
    return _with_file_notes(selected, options.places_file)


def _with_file_notes(selected: SelectedDeck, places_file: Path) -> SelectedDeck:
    """``selected`` whose note first says what the user's places file held that is no place
    (a GeoJSON's lines, left out), as the studio says it beside the deck."""
    from generator.geo.own_places import places_file_notes

    notes = places_file_notes(places_file)
    if not notes:
        return selected
    return replace(selected, note=" ".join((*notes, selected.note)).strip())


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


class _Found(Struct, frozen=True):
    """What the data gives a region's deck: its region, the places dealt (named in the deck's
    language, which orders them), the names of France's
    départements and régions, the outline, the credit lines, a note."""

    region: RegionInfo
    places: tuple[Place, ...]
    grid: int  # which of the grids dealt them
    names: tuple[dict[str, str], dict[str, str]]
    rings: Rings
    credits: tuple[str, ...]
    note: str


def _region_deck(
    options: OucedoncDeckOptions, chosen: Settings, found: Found | None, edited: Edited | None
) -> SelectedDeck:
    """A region's deck: the rules' numbers, then the places, then the title, then the deck."""
    from generator.products.oucedonc_deck import smallest_pack
    from generator.render.oucedonc.texts import render_title

    least_pack = smallest_pack(options)
    grids = tuple(printed_grid(p) for p in chosen.precisions)
    counts = default_counts(chosen.per_sheet)
    finer = None if Precision.SECOND in chosen.precisions else "--precision second"
    dealt = _deal(options, grids, counts, finer, least_pack, found, edited)
    title = options.title.strip() if options.title else None
    deck = compose_deck(
        list(dealt.places),
        title=title or render_title(chosen.templates, dealt.region.name, dealt.region.kind),
        region=dealt.region.key,
        seed=options.seed,
        precision=chosen.precisions[dealt.grid],
        departement_names=dealt.names[0],
        region_names=dealt.names[1],
        packs=PACKS,
        pack_size=options.pack_size or pack_size_for(len(dealt.places), PACKS),
        params=_params(options, chosen.spec, dealt.region.name),
    )
    return SelectedDeck(deck, dealt.region, dealt.rings, dealt.credits, dealt.note)


def _deal(
    options: OucedoncDeckOptions,
    grids: Sequence[Grid],
    counts: tuple[int, ...],
    finer: str | None,
    least_pack: int,
    found: Found | None = None,
    edited: Edited | None = None,
) -> _Found:
    """Everything a region's deck reads from the data, in one go (see :func:`select_deck`)."""
    from generator.geo.catalog import card_credits
    from generator.geo.own_places import OwnChoice
    from generator.geo.pick import PickRequest, pick_places, region_candidates

    needed = minimum_places(PACKS, least_pack)
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
    selection, candidates = found if found is not None else region_candidates(request)
    # a French département's or région's deck deals its floor of sites (SITES_FLOOR)
    request = replace(request, sites_floor=SITES_FLOOR.get(selection.kind, 0))
    region = region_info(selection, options.region, options.language)
    if len(candidates) < needed:  # "fewer cards" cannot help: say what a deck needs
        around = selection.kind == "polygon" and selection.code.startswith("around:")
        raise UserError(
            (
                ngettext(
                    "{region} offers only {count} place and a deck needs at least {needed} "
                    "({packs} packs of {size} and {packs} start cards); choose a larger distance "
                    "or a larger region",
                    "{region} offers only {count} places and a deck needs at least {needed} "
                    "({packs} packs of {size} and {packs} start cards); choose a larger distance "
                    "or a larger region",
                    len(candidates),
                )
                if around  # "Loctudy and 5 km around": the distance first, as the studio hints
                else ngettext(
                    "{region} offers only {count} place and a deck needs at least {needed} "
                    "({packs} packs of {size} and {packs} start cards); choose a larger region",
                    "{region} offers only {count} places and a deck needs at least {needed} "
                    "({packs} packs of {size} and {packs} start cards); choose a larger region",
                    len(candidates),
                )
            ).format(
                region=selection.spoken,  # in the sentence's language, not the deck's
                count=number(len(candidates)),
                needed=needed,
                packs=PACKS,
                size=least_pack,
            ),
            TOO_FEW_PLACES,
        )
    resolved = (selection, candidates)
    if edited is None:
        picked = pick_places(request, grids, counts, finer, min_count=needed, found=resolved)
    else:  # a recipe's edits (the studio): their module is read only then
        from generator.products.oucedonc_edits import pick_edited

        picked = pick_edited(request, resolved, edited, grids, counts, needed, finer)
    credits = card_credits(options.source, (place.id for place in picked.places))
    rings = region_rings(
        region,
        [(place.lon, place.lat) for place in picked.places],
        [place.departement or "" for place in picked.places],
    )
    return _Found(
        region,
        picked.places,
        picked.grid,
        _french_names(),
        rings,
        credits,
        picked.note or "",
    )


def _own_deck(options: OucedoncDeckOptions, chosen: Settings) -> SelectedDeck:
    """A deck of the caller's places: each its own name, all decidable at the first precision
    that tells every pair apart."""
    from generator.geo.catalog import card_credits
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
    rings = region_rings(
        region,
        [(place.lon, place.lat) for place in places],
        [place.departement or "" for place in places],
    )
    french = _french_names()
    credits = card_credits(options.source, (place.id for place in places))
    if region.name:
        title = render_title(chosen.templates, region.name, region.kind)
    else:
        title = OUCEDONC.name
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
    return SelectedDeck(deck, region, rings, credits)


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


@lru_cache(maxsize=1)  # every deck of France draws it: parsed once per process
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


def subdivision_rings(country: str, admin1: str) -> Rings:
    """The whole outline of a subdivision abroad (empty when none is embedded)."""
    from generator.geo import embedded

    outline = embedded.subdivision_outline(country, admin1)
    if outline is None:
        return ()
    return tuple(
        tuple((lon, lat) for lon, lat in ring)
        for polygon in outline["coordinates"]
        for ring in polygon
    )


def region_rings(
    region: RegionInfo, places: Sequence[tuple[float, float]], departements: Sequence[str] = ()
) -> Rings:
    """The outline the deck's locator map draws: a subdivision's whole outline abroad, the
    country's abroad (framed on ``places``, (lon, lat)), an overseas département's for a deck of
    its places (``departements``: the places' département codes), France's otherwise."""
    if region.kind == "subdivision" and region.country and region.admin1:
        return subdivision_rings(region.country, region.admin1)
    if region.country:
        return country_rings(region.country, places)
    if departements and all(code.startswith("97") for code in departements):
        return overseas_rings(departements)
    return france_rings()
