"""The place record every source yields: embedded data, API Géo, GeoNames, Wikidata, Overpass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PlaceKind = Literal["town", "site"]


@dataclass(frozen=True, slots=True)
class Place:
    """A named point. Coordinates are WGS84 decimal degrees (north and east positive).

    ``familiarity`` orders places from best to least known within one source: population for
    towns, sitelinks or curation rank for sites. ``site_kind`` says what a site is (mountain,
    castle, dune…); it is None for towns.
    """

    id: str  # stable and unique in its source: "insee:33063", "wd:Q1236", "gn:3031582"
    name: str
    kind: PlaceKind
    lat: float
    lon: float
    departement: str | None = None  # département code ("33", "2A", "974")
    region: str | None = None  # région code ("75")
    population: int | None = None  # towns only
    insee: str | None = None  # commune code (for sites: the commune it lies in)
    geonames_id: int | None = None
    wikidata: str | None = None
    site_kind: str | None = None
    familiarity: float = 0.0
    country: str = "FR"


@dataclass(frozen=True, slots=True)
class Region:
    """A French région: INSEE code ("53"), official name, INSEE code of its chef-lieu commune."""

    code: str
    name: str
    chef_lieu: str


@dataclass(frozen=True, slots=True)
class Departement:
    """A French département: code ("33", "2A"), official name, région code, chef-lieu commune."""

    code: str
    name: str
    region: str
    chef_lieu: str
