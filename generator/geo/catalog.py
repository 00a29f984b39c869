"""Where a command's candidate places come from: ``--source embedded|apigeo|geonames|…``.

:func:`load_places` is the one entry point the Oucédonc deck, the goose board theme and
``pnp places`` call. ``embedded`` reads ``datasets/`` (no network, ever). Any other source reads
the place set that ``pnp data fetch SOURCE --region R`` stored in the user data folder
(:func:`fetch_places`); a set fetched for all of France also serves every French région and
département. Stored sets are CSV files with one column per :class:`Place` field, written
atomically.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct
from msgspec.structs import fields, replace

from generator.core.atomic import write_text
from generator.core.errors import UserError
from generator.core.i18n import M_, _, ngettext, number
from generator.geo import embedded
from generator.geo.model import Place, PlaceKind
from generator.geo.place_table import PlaceTable, concat
from generator.geo.regions import RegionSelection, resolve_region
from generator.geo.sources import ALL_SOURCES, ATTRIBUTIONS, PLACE_SOURCES, source_module

if TYPE_CHECKING:  # requests is imported only when a source is fetched or a stored set read
    from generator.geo.http import Http

EMBEDDED = "embedded"
SOURCES: tuple[str, ...] = (EMBEDDED, *PLACE_SOURCES)
PLACE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Place))
#: Fields added after sets were first stored: a set stored before them reads without them
LATER_FIELDS = frozenset({"agglomeration"})


def load_places(source: str = EMBEDDED, region: str | RegionSelection = "france") -> PlaceTable:
    """Every candidate place of ``region`` from ``source``, best known first within each kind
    (a :class:`~generator.geo.place_table.PlaceTable`: France's communes are made records only
    when read)."""
    selection = resolve_region(region) if isinstance(region, str) else region
    places: PlaceTable
    if source == EMBEDDED:
        places = _embedded_candidates(selection)
    elif source in PLACE_SOURCES:
        places = PlaceTable.of(selection.filter(read_places(_stored_path(source, selection))))
    else:
        raise UserError(
            _("unknown source {source!r}; choose one of {names}").format(
                source=source, names=", ".join(SOURCES)
            )
        )
    if not places:
        raise UserError(
            _(
                "source {source} has no place in {label}; choose a larger region or another "
                "--source"
            ).format(source=source, label=selection.label)
        )
    # towns first, each kind best known first, then by id: three stable sorts on one column
    # each (the key (kind != "town", -familiarity, id) without a tuple made per place)
    order = sorted(range(len(places)), key=places.ids.__getitem__)
    order.sort(key=places.familiarity.__getitem__, reverse=True)
    order.sort(key=places.kinds.__getitem__, reverse=True)  # "town" after "site" in reverse
    return places.in_rank_order(order)


def attributions(source: str = EMBEDDED) -> tuple[str, ...]:
    """The attribution lines to print on material made from ``source``."""
    if source == EMBEDDED:
        return tuple(embedded.attributions())
    if source not in ATTRIBUTIONS:
        raise UserError(
            _("unknown source {source!r}; choose one of {names}").format(
                source=source, names=", ".join(SOURCES)
            )
        )
    return (ATTRIBUTIONS[source],)


# The credit a card names for the embedded records it prints, by the prefix of the place id
# (geo/embedded.py): French communes are Insee's names placed at IGN's chefs-lieux (Paris,
# Lyon and Marseille at their town halls' points in the Mérimée base, credited with the sites'
# by the data build's provenance; two at GeoNames' points); towns abroad are GeoNames'. The
# curated sites are CC0 (their Wikidata ids too): nothing to credit.
_EMBEDDED_CREDITS = (
    (
        "insee",
        M_(
            "Communes : Insee via Etalab, chefs-lieux IGN (Licence Ouverte 2.0) et GeoNames "
            "(CC BY 4.0)"
        ),
    ),
    ("gn", M_("Villes : GeoNames (geonames.org), CC BY 4.0")),
)
#: The user's own places (geo/own_places.py, ids "own:…"): credited to the user, whatever the
#: source of the others
OWN_PLACES_CREDIT = M_("Lieux ajoutés : votre propre liste")


def card_credits(source: str, place_ids: Iterable[str]) -> tuple[str, ...]:
    """The data credits to print on material that shows these places (short lines, French:
    ``P_(language, line)`` prints them in another language):
    what the licences of the records printed ask for."""
    prefixes = {place_id.split(":", 1)[0] for place_id in place_ids}
    own = (OWN_PLACES_CREDIT,) if "own" in prefixes else ()
    if source != EMBEDDED:
        return ((ATTRIBUTIONS[source],) if source in ATTRIBUTIONS else ()) + own
    return tuple(text for prefix, text in _EMBEDDED_CREDITS if prefix in prefixes) + own


def _embedded_candidates(selection: RegionSelection) -> PlaceTable:
    if selection.kind == "world":
        # a country abroad: its towns and the famous sites curated for it (BE, IT, CH…)
        return PlaceTable.of(
            (*embedded.world_towns(selection.code), *embedded.sites_abroad(selection.code))
        )
    if selection.kind == "subdivision":  # a state, Land, region abroad: its country's, inside
        country = selection.subdivision[0]
        return PlaceTable.of(
            selection.filter((*embedded.world_towns(country), *embedded.sites_abroad(country)))
        )
    if selection.kind in ("country", "region", "departement"):  # what filter() keeps, alone
        # the communes' records are made only when a deal reads them
        towns = embedded.commune_table(selection.departements)
        return concat([towns, PlaceTable.of(selection.filter(embedded.landmarks()))])
    french = selection.filter([*embedded.communes(), *embedded.landmarks()])
    if selection.kind in ("bbox", "polygon") and not _inside_france(selection):
        # a box or a polygon reaching over the border: add the world towns and sites around it
        foreign = embedded.world_towns_in_box(selection.bbox or (-180.0, -90.0, 180.0, 90.0))
        return PlaceTable.of(french + selection.filter([*foreign, *embedded.sites_abroad()]))
    return PlaceTable.of(french)


def _inside_france(selection: RegionSelection) -> bool:
    """True when a box or polygon lies within metropolitan France (no foreign town can be in it)."""
    from shapely.geometry import box

    if selection.polygon is not None:
        shape = selection.polygon
    elif selection.bbox is not None:
        shape = box(*selection.bbox)
    else:
        return True  # a named region: France's own départements
    return bool(embedded.france_outline_geometry().contains(shape))


# --- fetched sets ------------------------------------------------------------------------------


def places_folder() -> Path:
    from generator.geo.http import data_dir

    return data_dir() / "places"


def stored_path(source: str, selection: RegionSelection) -> Path:
    return places_folder() / source / f"{selection.key}.csv"


def _stored_path(source: str, selection: RegionSelection) -> Path:
    exact = stored_path(source, selection)
    if exact.is_file():
        return exact
    if selection.kind in ("region", "departement"):
        whole = stored_path(source, resolve_region("france"))
        if whole.is_file():
            return whole
    raise UserError(
        _(
            "no {source} places stored for {label}; run 'pnp data fetch {source} --region "
            "{quote}' first, or use --source embedded"
        ).format(source=source, label=selection.label, quote=_quote(selection))
    )


def _quote(selection: RegionSelection) -> str:
    text = {
        "country": "france",
        "region": f"region:{selection.code}",
        "departement": selection.code,
    }.get(selection.kind, selection.code)
    return f"'{text}'" if any(ch in text for ch in " ,'") else text


def write_places(path: Path, places: Sequence[Place]) -> Path:
    """Write places as CSV (one column per Place field), atomically."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(PLACE_FIELDS)
    for place in places:
        row = []
        for name in PLACE_FIELDS:
            value = getattr(place, name)
            if name in ("lat", "lon"):
                value = f"{value:.6f}"
            elif name == "familiarity":
                value = f"{value:g}"
            row.append("" if value is None else value)
        writer.writerow(row)
    return write_text(path, buffer.getvalue())


def read_places(path: Path) -> tuple[Place, ...]:
    """Places from a CSV written by :func:`write_places`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(
            _("cannot read {path}: {strerror}; fetch the source again").format(
                path=path, strerror=exc.strerror
            )
        ) from exc
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or not set(PLACE_FIELDS) - LATER_FIELDS <= set(reader.fieldnames):
        raise UserError(
            _("{path} is not a stored place set; delete it and fetch the source again").format(
                path=path
            )
        )
    places = []
    for line, row in enumerate(reader, start=2):
        try:
            places.append(_place(row))
        except (ValueError, TypeError) as exc:
            raise UserError(
                _("{path} line {line} is damaged ({exc}); delete it and fetch again").format(
                    path=path, line=number(line), exc=exc
                )
            ) from exc
    return tuple(places)


def _kind(text: str) -> PlaceKind:
    if text == "town":
        return "town"
    if text == "site":
        return "site"
    raise ValueError(f"unknown kind {text!r}")


def _place(row: dict[str, str]) -> Place:
    """One row of a stored place set (ValueError on a damaged number or kind)."""

    def optional(name: str) -> str | None:
        return row.get(name) or None

    def optional_int(name: str) -> int | None:
        return int(row[name]) if row[name] else None

    return Place(
        id=row["id"],
        name=row["name"],
        kind=_kind(row["kind"]),
        lat=float(row["lat"]),
        lon=float(row["lon"]),
        departement=optional("departement"),
        region=optional("region"),
        population=optional_int("population"),
        insee=optional("insee"),
        geonames_id=optional_int("geonames_id"),
        wikidata=optional("wikidata"),
        site_kind=optional("site_kind"),
        familiarity=float(row["familiarity"]),
        country=row["country"],
        agglomeration=optional("agglomeration"),
    )


class FetchResult(Struct, frozen=True):
    """What a fetch stored: the source, the region, the file and a one-line summary."""

    source: str
    region: str
    path: Path
    summary: str  # "8,512 towns and 240 sites", "13 régions and 101 départements"


def fetch_places(source: str, region: str, http: Http) -> FetchResult:
    """Fetch ``source`` for ``region`` through ``http`` and store the place set."""
    if source == EMBEDDED:
        raise UserError(
            _("the embedded places ship with pnp and need no fetch; fetch one of {names}").format(
                names=", ".join(ALL_SOURCES)
            )
        )
    if source not in ALL_SOURCES:
        raise UserError(
            _("unknown source {source!r}; choose one of {names}").format(
                source=source, names=", ".join(ALL_SOURCES)
            )
        )
    selection = resolve_region(region)
    if source == "contours":
        return _fetch_contours(http)
    area = selection.area()
    places = list(source_module(source).fetch(http, area))
    if selection.kind not in ("world",):
        places = _with_departements(places, http)
    kept = sorted(selection.filter(places), key=lambda p: (p.kind != "town", -p.familiarity, p.id))
    if not kept:
        raise UserError(
            _("{source} returned no place in {label}; try a larger region").format(
                source=source, label=selection.label
            )
        )
    path = write_places(stored_path(source, selection), kept)
    towns = sum(p.kind == "town" for p in kept)
    return FetchResult(
        source,
        selection.label,
        path,
        _("{towns} and {sites}").format(
            towns=ngettext("{n} town", "{n} towns", towns).format(n=number(towns)),
            sites=ngettext("{n} site", "{n} sites", len(kept) - towns).format(
                n=number(len(kept) - towns)
            ),
        ),
    )


def _with_departements(places: list[Place], http: Http) -> list[Place]:
    """French places without a département get one: Etalab contours, else the nearest commune."""
    missing = [p for p in places if p.departement is None and p.country in ("FR", "")]
    if not missing:
        return places
    from generator.geo.sources import contours

    try:
        areas = contours.fetch_areas(http, "departements")
    except UserError:
        areas = []
    annotated = contours.annotate(places, areas) if areas else places
    return nearest_commune_departements(annotated)


OUTLINE_MARGIN_DEG = (
    0.005  # about 500 m: the outline is generalised; peaks on the border stay French
)


def nearest_commune_departements(places: Iterable[Place], max_km: float = 15.0) -> list[Place]:
    """Give French places still without a département that of the nearest embedded commune.

    Only within ``max_km``, and only on the French side of a border: a place near the outline of
    metropolitan France (within :data:`OUTLINE_MARGIN_DEG`), or whose nearest town is French
    (islands the outline leaves out, such as Groix). A place whose nearest town is abroad (a
    feature on the Swiss shore of Lake Geneva, fetched because the box around France holds it)
    is marked foreign (``country=""``) so that no French region selects it. An approximation
    near borders; the Etalab contours are exact and are used first when they can be fetched.
    """
    import numpy as np
    import shapely

    from generator.geo.regions import FRANCE_BBOX

    places = list(places)
    todo = [i for i, p in enumerate(places) if p.departement is None and p.country in ("FR", "")]
    if not todo:
        return places
    communes = embedded.communes()
    minlon, minlat, maxlon, maxlat = FRANCE_BBOX
    margin = 0.5  # foreign towns up to ~40 km beyond the box compete as "nearest town"
    foreign = embedded.world_towns_in_box(
        (minlon - margin, minlat - margin, maxlon + margin, maxlat + margin)
    )
    towns = [*communes, *foreign]
    lat = np.radians([t.lat for t in towns])
    lon = np.radians([t.lon for t in towns])
    french_town = np.arange(len(towns)) < len(communes)
    near_outline = shapely.dwithin(
        embedded.france_outline_geometry(),
        shapely.points([(places[i].lon, places[i].lat) for i in todo]),
        OUTLINE_MARGIN_DEG,
    )
    out = list(places)
    for i, on_french_side in zip(todo, near_outline.tolist(), strict=True):
        p = places[i]
        plat, plon = np.radians(p.lat), np.radians(p.lon)
        distance = 6371.0 * np.hypot((lon - plon) * np.cos((lat + plat) / 2), lat - plat)
        nearest = int(np.argmin(distance))
        if not on_french_side and not french_town[nearest]:
            out[i] = replace(p, country="")  # abroad
            continue
        commune_distance = distance[: len(communes)]
        best = int(np.argmin(commune_distance))
        if commune_distance[best] <= max_km:
            commune = communes[best]
            out[i] = replace(
                p, departement=commune.departement, region=commune.region, country="FR"
            )
    return out


def _fetch_contours(http: Http) -> FetchResult:
    """Store the Etalab région and département polygons as GeoJSON (usable as --region FILE)."""
    from generator.core.atomic import write_bytes
    from generator.geo.http import data_dir
    from generator.geo.sources import contours
    from generator.geo.sources.schemas import to_json

    folder = data_dir() / "contours"
    counts = {}
    for level in ("regions", "departements"):
        collection = contours.fetch_collection(http, level)
        counts[level] = len(collection.features)
        write_bytes(folder / f"{level}.geojson", to_json(collection))
    return FetchResult(
        "contours",
        "France",
        folder,
        _("{regions} and {departements}").format(
            regions=ngettext("{n} région", "{n} régions", counts["regions"]).format(
                n=number(counts["regions"])
            ),
            departements=ngettext(
                "{n} département", "{n} départements", counts["departements"]
            ).format(n=number(counts["departements"])),
        ),
    )
