"""Online place sources. Each module turns one service's answers into :class:`Place` records.

===========  ======================================================  ===========================
name         service                                                 yields
===========  ======================================================  ===========================
apigeo       API Géo (geo.api.gouv.fr), communes with population     towns (France)
geonames     GeoNames dumps (FR.zip, IT.zip, cities1000.zip…)         towns (class P) and sites
wikidata     Wikidata SPARQL, sitelinks as familiarity               sites
overpass     OpenStreetMap via Overpass, named natural features      sites
contours     Etalab contours-administratifs (GeoJSON polygons)       région/département areas
===========  ======================================================  ===========================

Every place source has ``fetch(http, area) -> Iterator[Place]``; the network goes through
:mod:`generator.geo.http` only.
"""

from __future__ import annotations

from msgspec import Struct

from generator.core.i18n import M_, _

PLACE_SOURCES: tuple[str, ...] = ("apigeo", "geonames", "wikidata", "overpass")
ALL_SOURCES: tuple[str, ...] = (*PLACE_SOURCES, "contours")

BBox = tuple[float, float, float, float]  # minlon, minlat, maxlon, maxlat

# The line to print on material made from each source (French, as on the cards; the material
# of another language prints P_(language, line)).
ATTRIBUTIONS: dict[str, str] = {
    "apigeo": M_("Communes : API Géo (geo.api.gouv.fr), Etalab, Licence Ouverte 2.0"),
    "geonames": M_("Lieux : GeoNames (geonames.org), CC BY 4.0"),
    "wikidata": M_("Sites : Wikidata (wikidata.org), CC0"),
    "overpass": M_("Sites : © les contributeurs d’OpenStreetMap, ODbL"),
    "contours": M_("Contours : Etalab contours-administratifs, Licence Ouverte 2.0"),
}


class Area(Struct, frozen=True):
    """What a source is asked for: a country, optionally a box and French départements.

    Sources fetch at least the area (a box is cheaper to ask for than a polygon); the exact
    region filter is applied afterwards by :mod:`generator.geo.regions`.
    """

    country: str = "FR"
    bbox: BBox | None = None
    departements: tuple[str, ...] = ()

    def covers(self, lat: float, lon: float) -> bool:
        if self.bbox is None:
            return True
        minlon, minlat, maxlon, maxlat = self.bbox
        return minlat <= lat <= maxlat and minlon <= lon <= maxlon


def source_module(name: str):  # type: ignore[no-untyped-def]
    """The module of source ``name`` (imported on demand)."""
    import importlib

    from generator.core.errors import UserError

    if name not in ALL_SOURCES:
        raise UserError(
            _("unknown source {name!r}; choose one of {names}").format(
                name=name, names=", ".join(ALL_SOURCES)
            )
        )
    return importlib.import_module(f"generator.geo.sources.{name}")
