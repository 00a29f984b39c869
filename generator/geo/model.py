"""The place record every source yields: embedded data, API Géo, GeoNames, Wikidata, Overpass."""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

PlaceKind = Literal["town", "site"]


class Place(Struct, frozen=True):
    """A named point. Coordinates are WGS84 decimal degrees (north and east positive).

    ``familiarity`` orders places from best to least known within one source: for a French
    commune its title, then its population (:mod:`generator.geo.familiarity`); abroad its
    population; sitelinks or curation rank for sites. ``site_kind`` says what a site is (mountain,
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
    # commune code (for sites: the commune it lies in); abroad, where there is no INSEE code, a
    # site carries "gn:ID", the GeoNames town whose place it is (datasets/sites_abroad.csv)
    insee: str | None = None
    geonames_id: int | None = None
    wikidata: str | None = None
    site_kind: str | None = None
    familiarity: float = 0.0
    country: str = "FR"
    # the key of the urban unit, intercommunality or built-up area the town belongs to (France:
    # the SIREN code of its EPCI); a town is never dealt beside a larger card town of the same
    # agglomeration (geo/selection.py)
    agglomeration: str | None = None

    @property
    def commune(self) -> str | None:
        """The key of the commune the place belongs to, for the one-place rule: the INSEE code
        in France; abroad ``"gn:ID"``, the GeoNames id of a town (its own, for a town)."""
        if self.insee:
            return self.insee
        if self.kind == "town" and self.country != "FR" and self.geonames_id is not None:
            return f"gn:{self.geonames_id}"
        return None


#: The id of a place of the user's own (a file, the studio): own:LINE:slug-of-the-name
OWN_PREFIX = "own:"
OVERSEAS_PREFIX = "97"  # the INSEE codes of the overseas communes (971 to 976)


class Region(Struct, frozen=True):
    """A French région: INSEE code ("53"), official name, INSEE code of its chef-lieu commune."""

    code: str
    name: str
    chef_lieu: str

    @property
    def overseas(self) -> bool:
        """Guadeloupe, Martinique, Guyane, La Réunion, Mayotte (codes 01 to 06)."""
        return self.chef_lieu.startswith(OVERSEAS_PREFIX)


class Departement(Struct, frozen=True):
    """A French département: code ("33", "2A"), official name, région code, chef-lieu commune."""

    code: str
    name: str
    region: str
    chef_lieu: str

    @property
    def overseas(self) -> bool:
        """971 to 976."""
        return self.code.startswith(OVERSEAS_PREFIX)
