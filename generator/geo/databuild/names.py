"""Names a French player reads: towns abroad in French, country names in French and English.

French town names come, in order of precedence, from:

1. ``french_names.csv`` (hand-curated, one reference per row: the French Wikipedia article whose
   title is the French name), keyed by GeoNames id: Venise, Gênes, Anvers, Bâle, Sion (GeoNames
   files Sion under its German name, Sitten), and the artefacts of GeoNames names
   (Pallanza-Intra-Suna is Verbania, Martigny-Ville is Martigny);
2. the French exemplar city names of Unicode CLDR (``cldr-dates-full``,
   ``main/fr/timeZoneNames.json``): the city of a time zone (``Europe/Brussels``) in French
   (Bruxelles, Londres, Copenhague), matched to the most populous GeoNames town of 100,000+
   inhabitants whose name is the zone's English city name.

Country names: CLDR ``cldr-localenames-full`` (``main/fr`` and ``main/en/territories.json``),
for the two-letter codes only.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.geo.databuild.cities_pbf import GeoNamesCity

CURATED_COLUMNS = ("geonames_id", "country", "geonames_name", "name_fr", "reference")
CLDR_MIN_POPULATION = 100_000


@dataclass(frozen=True, slots=True)
class FrenchName:
    name: str
    source: str  # "curated" or "cldr"


def read_curated(text: str) -> dict[int, FrenchName]:
    """GeoNames id -> French name, from ``french_names.csv``."""
    reader = csv.reader(io.StringIO(text))
    header = tuple(next(reader, ()))
    if header != CURATED_COLUMNS:
        raise ValueError(f"french_names.csv has columns {header}, expected {CURATED_COLUMNS}")
    out = {}
    for geonames_id, _country, _name, name_fr, reference in reader:
        if not reference.strip():
            raise ValueError(f"french_names.csv: the row of {name_fr} has no reference")
        out[int(geonames_id)] = FrenchName(name_fr, "curated")
    return out


def cldr_exemplar_cities(time_zone_names: bytes) -> dict[str, str]:
    """English city of a time zone -> its French exemplar city, where the two differ."""
    zones = json.loads(time_zone_names)["main"]["fr"]["dates"]["timeZoneNames"]["zone"]
    out: dict[str, str] = {}

    def walk(node: dict[str, Any], key: str) -> None:
        for name, value in node.items():
            if not isinstance(value, dict):
                continue
            if "exemplarCity" in value:
                english = name.replace("_", " ")
                french = value["exemplarCity"]
                if french != english:
                    out[english] = french
            else:
                walk(value, f"{key}/{name}")

    walk(zones, "")
    return out


def french_names(
    cities: Iterable[GeoNamesCity], curated: dict[int, FrenchName], exemplars: dict[str, str]
) -> dict[int, FrenchName]:
    """GeoNames id -> French name for the world towns (curated first, then CLDR)."""
    best: dict[str, GeoNamesCity] = {}
    for city in cities:
        if city.name in exemplars and city.population >= CLDR_MIN_POPULATION:
            current = best.get(city.name)
            if current is None or (city.population, -city.geonames_id) > (
                current.population,
                -current.geonames_id,
            ):
                best[city.name] = city
    names = {city.geonames_id: FrenchName(exemplars[name], "cldr") for name, city in best.items()}
    names.update(curated)
    return names


def country_names(french: bytes, english: bytes) -> list[tuple[str, str, str]]:
    """(ISO alpha-2 code, French name, English name) for every two-letter CLDR territory."""
    fr = json.loads(french)["main"]["fr"]["localeDisplayNames"]["territories"]
    en = json.loads(english)["main"]["en"]["localeDisplayNames"]["territories"]
    return sorted(
        (code, fr[code], en.get(code, fr[code]))
        for code in fr
        if len(code) == 2
        and code.isalpha()
        and code.isupper()
        and code not in ("EU", "EZ", "UN", "ZZ", "QO")
    )
