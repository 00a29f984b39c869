"""Resolve what a user types after ``--region`` into a selection of places.

Accepted here: ``france`` (or ``fr``, or nothing: metropolitan France with Corsica), a région
or département by name, ignoring case, accents, hyphens and apostrophes, and a leading article
("bretagne", "Ile de France", "cotes d'armor", "Réunion" for La Réunion), or by code ("33",
"2A", "974"); the five overseas départements are régions too (Guadeloupe, Martinique, Guyane,
La Réunion, Mayotte). A bare number is a **département** code, as people say "le 75" for Paris;
since région codes overlap département codes ("53" is Mayenne and Bretagne), a région is
chosen by code with a prefix: ``region:53`` (``dep:53``/``departement:53`` force a
département). Also:

- a bounding box ``minlon,minlat,maxlon,maxlat`` (WGS84 degrees: ``-5.2,47.2,-1,48.9``);
- a polygon file (GeoJSON, GeoPackage, shapefile…) read with geopandas: places inside its
  polygons (vectorised point-in-polygon with shapely);
- an ISO 3166-1 country code (``IT``, ``be``, ``CH``) or a country name in French or English
  (``Italie``, ``Switzerland``, ``Suisse``; Unicode CLDR's names) or a common other name
  (``USA``, ``UK``, ``Holland``: ``region_aliases.csv``), served offline from the embedded world
  towns table;
- a first-level subdivision abroad (a state, province, Land, region or nation: the GeoNames
  admin1 code its towns carry) by its French, English or own name (``Bavière``, ``Bavaria``,
  ``Bayern``, ``California``, ``Scotland``, ``Toscane``) or its ISO 3166-2 code (``US-CA``,
  ``DE-BY``, ``GB-ENG``) or, where it has none, its country and admin1 code (``AE:05``,
  the selection's own code). A name that two subdivisions share (Limburg…) asks for the code; a
  country's name wins over a subdivision's (``Georgia`` is the country, ``US-GA`` the state),
  and a French région or département over both (``Jura``).

Anything else is a :class:`UserError` that lists the closest names.
"""

from __future__ import annotations

import difflib
import os
import stat
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from generator.core.errors import UserError
from generator.core.i18n import _, cli_language
from generator.geo import embedded
from generator.geo.model import OWN_PREFIX, Place

if TYPE_CHECKING:
    from generator.geo.sources import Area

SelectionKind = Literal[
    "country", "region", "departement", "world", "subdivision", "bbox", "polygon", "places"
]
BBox = tuple[float, float, float, float]  # minlon, minlat, maxlon, maxlat

# Metropolitan France with Corsica, slightly padded (the outline's bounds are inside).
FRANCE_BBOX: BBox = (-5.3, 41.3, 9.7, 51.15)
POLYGON_SUFFIXES = (".geojson", ".json", ".gpkg", ".shp", ".kml", ".fgb", ".gml")
POINT_SUFFIXES = (".csv", ".tsv", ".txt")  # a table of points: --places, never --region

_FRANCE_WORDS = frozenset({"", "france", "fr", "metropole", "france metropolitaine"})
_REGION_PREFIXES = ("region:", "reg:", "r:")
_DEPARTEMENT_PREFIXES = ("departement:", "dep:", "dept:", "d:")


# A dataclass, not a Struct: its polygon is left out of ==, hash and repr (compare=False,
# repr=False), which a msgspec Struct cannot say of one field.
@dataclass(frozen=True)
class RegionSelection:
    """A named set of départements (or all of France) that places can be tested against."""

    kind: SelectionKind
    code: str  # "FR", a région or département code, an ISO country code, the box, the file;
    # a subdivision abroad: "CC:ADMIN1" (its country and GeoNames admin1 code, "DE:02")
    name: str
    departements: frozenset[str]
    bbox: BBox | None = None  # bbox kind: the box; polygon kind: the polygon's bounds
    polygon: Any = field(default=None, compare=False, repr=False)  # shapely geometry (lon, lat)

    @property
    def subdivision(self) -> tuple[str, str]:
        """(country, admin1) of a subdivision selection."""
        country, _, admin1 = self.code.partition(":")
        return country, admin1

    @property
    def country_code(self) -> str | None:
        """The ISO code of the country abroad the selection lies in (a country or one of its
        subdivisions), else None."""
        if self.kind == "world":
            return self.code
        if self.kind == "subdivision":
            return self.subdivision[0]
        return None

    @property
    def spoken(self) -> str:
        """The name a sentence says, in the language spoken now (the command line's, a studio
        request's): a country or subdivision abroad by its name in that language (Chad,
        Tchad), the places around a commune too; France's régions and départements by their
        French names (:func:`generator.geo.abroad.region_name`)."""
        from generator.geo.abroad import region_name

        return region_name(self.kind, self.code, self.name, cli_language())

    @property
    def label(self) -> str:
        """A human label in the language spoken now: "Bretagne (région 53)", "Gironde
        (département 33)", "France", "box -5.2,47.2,-1,48.9" ("cadre …" in French)."""
        if self.kind in ("country", "world"):
            return self.name
        if self.kind == "subdivision":
            return f"{self.name} ({_country_name(self.subdivision[0])})"
        if self.kind == "bbox":
            # TRANSLATORS: a region given as a box of coordinates, "box -5.2,47.2,-1,48.9"
            return _("box {coordinates}").format(coordinates=self.code)
        if self.kind == "polygon":
            if self.code.startswith("around:"):  # a recipe's places around a commune
                return self.spoken
            # TRANSLATORS: a region given as a file of outlines, named by the file
            return _("{name} (polygon file)").format(name=self.name)
        if self.kind == "places":
            # TRANSLATORS: a deck of the user's own places only, named by their file
            return _("{name} (places file)").format(name=self.name)
        if self.kind == "region":
            return _("{name} (région {code})").format(name=self.name, code=self.code)
        return _("{name} (département {code})").format(name=self.name, code=self.code)

    def contains(self, place: Place) -> bool:
        if self.kind == "bbox":
            return _in_box(self.bbox, place.lat, place.lon)
        if self.kind == "polygon":
            return bool(self.filter([place]))
        if self.kind == "world":
            return place.country == self.code
        if self.kind == "places":
            return place.id.startswith(OWN_PREFIX)  # the user's own places (geo.own_places)
        if self.kind == "subdivision":
            return (place.country, place.region) == self.subdivision
        if place.country != "FR":
            return False
        if place.departement is None:
            # a site no source placed in a département: metropolitan by its position
            return self.kind == "country" and _in_box(FRANCE_BBOX, place.lat, place.lon)
        return place.departement in self.departements

    def filter(self, places: Iterable[Place]) -> tuple[Place, ...]:
        if self.kind != "polygon":
            return tuple(place for place in places if self.contains(place))
        import numpy as np
        import shapely

        places = tuple(places)
        if not places:
            return ()
        lons = np.fromiter((p.lon for p in places), float, len(places))
        lats = np.fromiter((p.lat for p in places), float, len(places))
        inside = shapely.contains_xy(self.polygon, lons, lats) | shapely.intersects_xy(
            self.polygon.boundary, lons, lats
        )
        return tuple(place for place, keep in zip(places, inside.tolist(), strict=True) if keep)

    def area(self) -> Area:
        """What to ask an online source for: the country, a box around the region, départements."""
        from generator.geo.sources import Area

        if self.kind == "country":
            return Area(country="FR", bbox=FRANCE_BBOX)
        if self.kind in ("region", "departement"):
            towns = [p for p in embedded.communes() if p.departement in self.departements]
            return Area(
                country="FR",
                bbox=_padded_bounds(towns),
                departements=tuple(sorted(self.departements)),
            )
        if self.kind == "world":
            return Area(country=self.code, bbox=_padded_bounds(embedded.world_towns(self.code)))
        if self.kind == "subdivision":
            country = self.subdivision[0]
            inside = self.filter(embedded.world_towns(country))
            return Area(country=country, bbox=_padded_bounds(inside))
        return Area(country="", bbox=self.bbox)

    @property
    def key(self) -> str:
        """A file-name-safe key for stored place sets: "fr", "region-53", "dep-33", "it"…"""
        import hashlib

        if self.kind == "country":
            return "fr"
        if self.kind == "region":
            return f"region-{self.code}"
        if self.kind == "departement":
            return f"dep-{self.code}"
        if self.kind == "world":
            return self.code.lower()
        if self.kind == "subdivision":
            return "sub-" + self.code.replace(":", "-").lower()
        digest = hashlib.sha256(self.code.encode("utf-8")).hexdigest()[:12]
        return f"{self.kind}-{digest}"


def normalise(text: str) -> str:
    """Lower case, no accents, hyphens/apostrophes/underscores as spaces, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    for sep in "-'’_.":
        letters = letters.replace(sep, " ")
    return " ".join(letters.split())


def france() -> RegionSelection:
    """Metropolitan France with Corsica (the overseas départements are regions of their own)."""
    return RegionSelection(
        "country",
        "FR",
        "France",
        frozenset(d.code for d in embedded.departements() if not d.overseas),
    )


def _region(code: str) -> RegionSelection:
    region = next(r for r in embedded.regions() if r.code == code)
    members = frozenset(d.code for d in embedded.departements() if d.region == code)
    return RegionSelection("region", region.code, region.name, members)


def _departement(code: str) -> RegionSelection:
    departement = next(d for d in embedded.departements() if d.code == code)
    return RegionSelection("departement", departement.code, departement.name, frozenset({code}))


def _strip_prefix(text: str, prefixes: tuple[str, ...]) -> str | None:
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix) :].strip()
    return None


def resolve_region(text: str, files: bool = True) -> RegionSelection:
    """The selection named by ``text`` (see the module docstring); UserError when unknown.
    ``files`` False: never a path (a recipe's or a web request's region looks at no file)."""
    raw = text.strip()
    key = normalise(raw)
    if key in _FRANCE_WORDS and (key or not raw):  # nothing means France; "." or "-" does not
        return france()
    # names before paths: a folder or file called "bretagne" in the working folder does not hide
    # the région (a polygon file has a suffix: "bretagne.geojson" is no name)
    found = (
        _by_prefixed_code(raw)
        or _by_departement_code(raw)
        or _by_french_name(key)
        or _by_country_name(key)
        or _subdivision(raw, key)
        or _resolve_box_file_or_country(raw, files)
    )
    if found is None:
        raise UserError(_overseas_collectivity(raw) or _unknown_message(raw, files))
    return found


def _by_prefixed_code(raw: str) -> RegionSelection | None:
    """``region:53`` or ``dep:33`` (the prefixes of :data:`_REGION_PREFIXES` and
    :data:`_DEPARTEMENT_PREFIXES`); UserError when the code after the prefix names none."""
    lowered = raw.casefold().replace("é", "e")
    code = _strip_prefix(lowered, _REGION_PREFIXES)
    if code is not None:
        region_codes = {r.code for r in embedded.regions()}
        if code in region_codes:
            return _region(code)
        raise UserError(
            _("no région has code {code!r}; use one of {names} or a name").format(
                code=code, names=", ".join(sorted(region_codes))
            )
        )
    code = _strip_prefix(lowered, _DEPARTEMENT_PREFIXES)
    if code is None:
        return None
    departement = _departement_codes().get(code.upper())
    if departement is None:
        raise UserError(
            _(
                "no département has code {code!r}; use 01 to 95, 2A, 2B, 971 to 974 or 976, or a "
                "name"
            ).format(code=code)
        )
    return _departement(departement)


def _by_departement_code(raw: str) -> RegionSelection | None:
    """A département by its code, any case, one digit or two: "33", "1", "2a"."""
    candidate = raw.upper()
    if len(candidate) == 1 and candidate.isdigit():
        candidate = "0" + candidate  # "1" -> "01"
    code = _departement_codes().get(candidate)
    return _departement(code) if code is not None else None


def _departement_codes() -> dict[str, str]:
    """Upper-case département code -> the code ("2A" -> "2A", "33" -> "33")."""
    return {d.code.upper(): d.code for d in embedded.departements()}


def _by_french_name(key: str) -> RegionSelection | None:
    """A région or a département by its name (``key``: normalised), with or without its
    article."""
    for region in embedded.regions():
        if key in _name_keys(region.name):
            return _region(region.code)
    for departement in embedded.departements():
        if key in _name_keys(departement.name):
            return _departement(departement.code)
    return None


def _by_country_name(key: str) -> RegionSelection | None:
    """A country abroad with towns in the embedded data, by its name (``key``: normalised)."""
    code = _country_by_name().get(key)
    if code is None or code not in embedded.world_country_codes():
        return None
    return RegionSelection("world", code, _country_name(code), frozenset())


def _overseas_collectivity(raw: str) -> str | None:
    """What to say of a code of an overseas collectivity (975, 977…), the embedded data's gap;
    None when ``raw`` is no such code."""
    candidate = raw.upper()
    if not (len(candidate) == 3 and candidate[:2] in ("97", "98") and candidate.isdigit()):
        return None
    return _(
        "{candidate} is an overseas collectivity; the embedded data covers metropolitan "
        "France, Corsica and the overseas départements 971 to 974 and 976"
    ).format(candidate=candidate)


_ARTICLES = ("la ", "le ", "les ", "l ")


def _name_keys(name: str) -> tuple[str, ...]:
    """The keys a place name is found by: its own, and without its article ("la reunion",
    "reunion")."""
    key = normalise(name)
    for article in _ARTICLES:
        if key.startswith(article):
            return key, key[len(article) :]
    return (key,)


def _unknown_message(raw: str, files: bool = True) -> str:
    # Either name of a country matches; the suggestion shows the one of the CLI's language.
    shown = 0 if cli_language() == "fr" else 1
    by_key = {
        normalise(name): pair[shown] for pair in embedded.country_names().values() for name in pair
    }
    names = [r.name for r in embedded.regions()] + [d.name for d in embedded.departements()]
    by_key.update({normalise(name): name for name in names})
    close = difflib.get_close_matches(normalise(raw), list(by_key), n=4, cutoff=0.6)
    hint = (
        _("did you mean {names}?").format(names=", ".join(dict.fromkeys(by_key[k] for k in close)))
        if close
        else _("use a région or département name or code")
    )
    if not files:  # a recipe, a web request: no file is read, so none is suggested
        return _(
            "unknown region {raw!r}: {hint} (e.g. 'bretagne', 'Gironde', '33', '2A', 'region:53', "
            "'france', a country code 'IT' or a box '-5.2,47.2,-1,48.9')"
        ).format(raw=raw, hint=hint)
    return _(
        "unknown region {raw!r}: {hint} (e.g. 'bretagne', 'Gironde', '33', '2A', 'region:53', "
        "'france', a country code 'IT', a box '-5.2,47.2,-1,48.9' or a polygon file)"
    ).format(raw=raw, hint=hint)


# --- boxes, polygon files, countries ------------------------------------------------------------


def _in_box(bbox: BBox | None, lat: float, lon: float) -> bool:
    if bbox is None:
        return True
    minlon, minlat, maxlon, maxlat = bbox
    return minlat <= lat <= maxlat and minlon <= lon <= maxlon


def _padded_bounds(places: Iterable[Place], margin: float = 0.1) -> BBox | None:
    places = list(places)
    if not places:
        return None
    lons = [p.lon for p in places]
    lats = [p.lat for p in places]
    return (
        round(min(lons) - margin, 4),
        round(min(lats) - margin, 4),
        round(max(lons) + margin, 4),
        round(max(lats) + margin, 4),
    )


def _resolve_box_file_or_country(raw: str, files: bool = True) -> RegionSelection | None:
    """A box, a polygon file (``files``) or an ISO country code; None when ``raw`` looks like
    none of them."""
    if "," in raw:
        return parse_bbox(raw)
    found = _stat(raw) if files else None
    if raw and found is not None and stat.S_ISDIR(found.st_mode):
        raise UserError(
            _(
                "{raw} is a folder; give the path of a polygon file (GeoJSON, GeoPackage or "
                "shapefile)"
            ).format(raw=raw)
        )
    if Path(raw).suffix.lower() in POINT_SUFFIXES and found is not None:
        raise UserError(_points_not_region(raw))
    if files and (Path(raw).suffix.lower() in POLYGON_SUFFIXES or found is not None):
        return read_polygon_file(Path(raw))
    code = raw.upper()
    if len(code) == 2 and code.isascii() and code.isalpha():
        if code not in embedded.world_country_codes():
            raise UserError(
                _(
                    "no embedded towns for country code {raw!r}; use an ISO 3166-1 alpha-2 code "
                    "such "
                    "as IT, BE, CH or ES"
                ).format(raw=raw)
            )
        return RegionSelection("world", code, _country_name(code), frozenset())
    return None


def _stat(raw: str) -> os.stat_result | None:
    """What is at the path ``raw``, or None: nothing, or a name no file can have (too long)."""
    if not raw or "\0" in raw:
        return None
    try:
        return os.stat(raw)
    except (OSError, ValueError):
        return None


def own_places_region(path: Path) -> RegionSelection:
    """The region of a deck of the user's own places alone (``--places FILE`` without
    ``--region``): named after the file."""
    return RegionSelection("places", str(path), path.stem, frozenset())


def parse_bbox(text: str) -> RegionSelection:
    """``minlon,minlat,maxlon,maxlat`` in WGS84 degrees."""
    try:
        minlon, minlat, maxlon, maxlat = (float(part) for part in text.split(","))
    except ValueError:
        raise UserError(
            _(
                "cannot read the box {text!r}; write minlon,minlat,maxlon,maxlat in degrees, e.g. "
                "-5.2,47.2,-1,48.9"
            ).format(text=text)
        ) from None
    if not (-180 <= minlon < maxlon <= 180 and -90 <= minlat < maxlat <= 90):
        raise UserError(
            _(
                "the box {text!r} is empty or off the globe; write minlon,minlat,maxlon,maxlat "
                "with min < max, longitudes in [-180, 180] and latitudes in [-90, 90]"
            ).format(text=text)
        )
    box = (minlon, minlat, maxlon, maxlat)
    return RegionSelection("bbox", ",".join(f"{v:g}" for v in box), "box", frozenset(), bbox=box)


MAX_POLYGON_BYTES = 1 << 30


def _points_not_region(path: str) -> str:
    return _(
        "{path} holds points, not a region's outline; give it with --places {path} (with or "
        "without --region)"
    ).format(path=path)


def read_polygon_file(path: Path) -> RegionSelection:
    """The union of the (multi)polygons of a vector file, in WGS84 (lon, lat)."""
    if _stat(str(path)) is None:
        raise UserError(
            _(
                "polygon file {path} does not exist; give the path of a GeoJSON, GeoPackage or "
                "shapefile"
            ).format(path=path)
        )
    from generator.core.inputs import require_regular_file

    require_regular_file(path, "polygon file", MAX_POLYGON_BYTES)  # never a FIFO or a device
    import geopandas
    import shapely

    try:
        frame = geopandas.read_file(path)
    except Exception as exc:  # pyogrio/fiona raise many types for unreadable files
        first = " ".join(str(exc).split())[:160]
        raise UserError(
            _(
                "cannot read polygon file {path} ({first}); give a GeoJSON, GeoPackage or shapefile"
            ).format(path=path, first=first)
        ) from exc
    try:
        frame.geometry  # noqa: B018 - a table read without geometries has none
    except AttributeError:
        raise UserError(_points_not_region(str(path))) from None
    if frame.crs is not None and frame.crs.to_epsg() != 4326:
        frame = frame.to_crs(4326)
    kinds = {g.geom_type for g in frame.geometry if g is not None}
    polygons = [
        g for g in frame.geometry if g is not None and g.geom_type in ("Polygon", "MultiPolygon")
    ]
    if not polygons and kinds and kinds <= {"Point", "MultiPoint"}:
        raise UserError(_points_not_region(str(path)))
    if not polygons:
        raise UserError(
            _(
                "polygon file {path} holds no polygon; draw the region as a polygon and save it "
                "again"
            ).format(path=path)
        )
    try:
        polygon = shapely.union_all(shapely.make_valid(polygons))
    except shapely.errors.GEOSException as exc:
        raise UserError(
            _(
                "polygon file {path} holds polygons that cannot be joined ({exc}); repair them "
                "(e.g. QGIS 'Fix geometries') and save the file again"
            ).format(path=path, exc=exc)
        ) from None
    if polygon.is_empty or polygon.area == 0:
        raise UserError(
            _(
                "polygon file {path} encloses no area; draw the region as a polygon and save it "
                "again"
            ).format(path=path)
        )
    shapely.prepare(polygon)
    min_lon, min_lat, max_lon, max_lat = (float(v) for v in polygon.bounds)
    return RegionSelection(
        "polygon",
        str(path.resolve()),
        path.stem,
        frozenset(),
        bbox=(min_lon, min_lat, max_lon, max_lat),
        polygon=polygon,
    )


def _country_name(code: str) -> str:
    """The French name of a country (Unicode CLDR): "Suisse"."""
    return embedded.country_names().get(code, (code, code))[0]


def _country_by_name() -> dict[str, str]:
    """Normalised French or English country name, or another name (USA, UK, Holland) -> ISO
    code ("suisse", "switzerland" -> CH)."""
    names: dict[str, str] = {}
    for code, pair in embedded.country_names().items():
        for name in pair:
            names.setdefault(normalise(name), code)
    for alias, (code, admin1) in embedded.region_aliases().items():
        if not admin1:
            names.setdefault(normalise(alias), code)
    return names


@lru_cache(maxsize=1)
def _subdivision_index() -> dict[str, frozenset[tuple[str, str]]]:
    """Normalised name (French, English, its own) or ISO 3166-2 code ("US-CA") -> the
    (country, admin1) pairs it names, for every subdivision abroad with an outline (so with
    towns); France's régions are France's own."""
    drawn = embedded.subdivision_codes()
    index: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for sub in embedded.subdivisions():
        pair = (sub.country, sub.admin1)
        if sub.country == "FR" or pair not in drawn:
            continue
        for name in (sub.name_fr, sub.name_en, sub.name_local):
            if name:
                index[normalise(name)].add(pair)
        if sub.iso:
            index[sub.iso.upper()].add(pair)
        index[f"{sub.country}:{sub.admin1}".upper()].add(pair)  # its selection's code
    for alias, pair in embedded.region_aliases().items():
        if pair[1] and pair in drawn:
            index[normalise(alias)].add(pair)
    return {name: frozenset(pairs) for name, pairs in index.items()}


def _subdivision(raw: str, key: str) -> RegionSelection | None:
    """The subdivision abroad named by ``raw`` (``key``: normalised); None when none is."""
    found = _subdivision_index().get(key) or _subdivision_index().get(raw.strip().upper())
    if not found:
        return None
    if len(found) > 1:
        by_code = {(s.country, s.admin1): s for s in embedded.subdivisions()}
        shown = 0 if cli_language() == "fr" else 1
        options = ", ".join(
            f"{by_code[pair].iso or pair[0] + ':' + pair[1]} "
            f"({embedded.country_names().get(pair[0], (pair[0], pair[0]))[shown]})"
            for pair in sorted(found)
        )
        raise UserError(
            _("{raw!r} names several subdivisions; give its code: {options}").format(
                raw=raw, options=options
            )
        )
    return subdivision_selection(*next(iter(found)))


def subdivision_key(country: str, admin1: str) -> str:
    """What names one subdivision abroad and no other: its ISO 3166-2 code ("DE-BY") where it
    has one, else its country and GeoNames admin1 code ("AE:05"), both read by
    :func:`resolve_region` (the studio's type-ahead offers it as a recipe's region)."""
    iso = _subdivision_iso().get((country, admin1), "")
    return iso or f"{country}:{admin1}"


@lru_cache(maxsize=1)
def _subdivision_iso() -> dict[tuple[str, str], str]:
    """(country, admin1) -> the ISO 3166-2 code, for the codes that name one subdivision."""
    pairs: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for sub in embedded.subdivisions():
        if sub.iso:
            pairs[sub.iso.upper()].add((sub.country, sub.admin1))
    return {next(iter(found)): iso for iso, found in pairs.items() if len(found) == 1}


def subdivision_selection(country: str, admin1: str) -> RegionSelection:
    """The selection of one subdivision abroad, named in French (as countries are)."""
    names = embedded.admin1_names()
    return RegionSelection(
        "subdivision",
        f"{country}:{admin1}",
        names.get((country, admin1), admin1),
        frozenset(),
    )
