"""Names a player reads: towns abroad in French and in English, country names in both.

French town names come, in order of precedence, from:

1. ``french_names.csv`` (hand-curated, one reference per row: the French Wikipedia article whose
   title is the French name), keyed by GeoNames id: Venise, Gênes, Anvers, Bâle, Sion (GeoNames
   files Sion under its German name, Sitten), and the artefacts of GeoNames names
   (Pallanza-Intra-Suna is Verbania, Martigny-Ville is Martigny);
2. the French exemplar city names of Unicode CLDR (``cldr-dates-full``,
   ``main/fr/timeZoneNames.json``): the city of a time zone (``Europe/Brussels``) in French
   (Bruxelles, Londres, Copenhague), matched to the most populous GeoNames town of 100,000+
   inhabitants whose name is the zone's English city name.

English town names (for the English material) come, in the same way, from:

1. ``english_names.csv`` (hand-curated, one reference per row: the English Wikipedia article
   whose title is the English name), for the towns whose English name differs from the one
   GeoNames files them under: Antwerp (Antwerpen), Cologne (Köln), Geneva (Genève), Padua
   (Padova), Seville (Sevilla), and the artefacts (Pallanza-Intra-Suna is Verbania);
2. the English exemplar city names of Unicode CLDR (``main/en/timeZoneNames.json``): the
   zones whose English city differs from their identifier's (Europe/Kiev is Kyiv, Asia/Saigon
   Ho Chi Minh City, America/Bogota Bogotá), matched by name key (accents and case ignored,
   either name) to the most populous GeoNames town of 100,000+ inhabitants, and kept only where
   the English name differs from the GeoNames one. The other zones' English city is their
   identifier's, and most large towns are filed under their English name by GeoNames already
   (Munich, Brussels, Venice): they need no entry.

GeoNames artefacts: a few Japanese and Korean towns are filed under their administrative name,
the town's name with the suffix of its kind ("Fukui-shi", the city of Fukui; "Uijeongbu-si";
"Yoshino-chō", the town of Yoshino). :func:`clean_name` drops the suffix, as every map and
English or French text names these towns (Fukui, Uijeongbu, Yoshino); a homonym it makes is told
apart by its prefecture like any other.

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

from generator.core.namekeys import name_key
from generator.geo.databuild.cities_pbf import GeoNamesCity

CURATED_COLUMNS = ("geonames_id", "country", "geonames_name", "name_fr", "reference")
ENGLISH_COLUMNS = ("geonames_id", "country", "geonames_name", "name_en", "reference")
CLDR_MIN_POPULATION = 100_000


@dataclass(frozen=True, slots=True)
class TownName:
    """A town's name in one language and where it comes from."""

    name: str
    source: str  # "curated" or "cldr"


FrenchName = TownName  # the French names were the first; the type is the same in English


#: Suffixes of an administrative kind GeoNames leaves on some town names, by country:
#: Japanese -shi (city), -chō / -machi (town), -mura / -son (village), -gun (district); Korean
#: -si (city), -gun (county), -eup (town).
KIND_SUFFIXES: dict[str, tuple[str, ...]] = {
    "JP": ("-shi", "-chō", "-cho", "-machi", "-mura", "-son", "-gun"),
    "KR": ("-si", "-gun", "-eup"),
}


def clean_name(country: str, name: str) -> str:
    """``name`` without the administrative suffix GeoNames leaves on it (see the module text):
    "Fukui-shi" -> "Fukui"; any other name as it is."""
    for suffix in KIND_SUFFIXES.get(country, ()):
        if name.endswith(suffix) and len(name) > len(suffix) + 1:
            return name[: -len(suffix)]
    return name


def read_curated(text: str, columns: tuple[str, ...] = CURATED_COLUMNS) -> dict[int, TownName]:
    """GeoNames id -> curated name, from ``french_names.csv`` (or, with
    :data:`ENGLISH_COLUMNS`, ``english_names.csv``)."""
    file = "french_names.csv" if columns == CURATED_COLUMNS else "english_names.csv"
    reader = csv.reader(io.StringIO(text))
    header = tuple(next(reader, ()))
    if header != columns:
        raise ValueError(f"{file} has columns {header}, expected {columns}")
    out = {}
    for geonames_id, _country, _name, name, reference in reader:
        if not reference.strip():
            raise ValueError(f"{file}: the row of {name} has no reference")
        out[int(geonames_id)] = TownName(name, "curated")
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


def cldr_english_cities(time_zone_names: bytes) -> dict[str, str]:
    """Name key of a time zone's city -> its English exemplar city, for the zones whose English
    city is not the identifier's own (Europe/Kiev: Kyiv, Asia/Saigon: Ho Chi Minh City), under
    the keys of both names; not the names that only describe the zone's place ("Norfolk
    Island", "Knox, Indiana"), which no town bears. Every other zone's English city is its
    identifier's (Europe/Rome): the name GeoNames files the town under already."""
    zones = json.loads(time_zone_names)["main"]["en"]["dates"]["timeZoneNames"]["zone"]
    out: dict[str, str] = {}

    def walk(node: dict[str, Any], area: str) -> None:
        for name, value in node.items():
            if not isinstance(value, dict):
                continue
            exemplar = value.get("exemplarCity")
            if isinstance(exemplar, str):
                city, english = name_key(name.replace("_", " ")), name_key(exemplar)
                # Etc/Unknown is no place; "Norfolk Island", "Knox, Indiana" describe the zone's
                # place, they do not rename a town (Norfolk, Virginia is not Norfolk Island)
                if area != "Etc" and not english.startswith((f"{city} ", f"{city},")):
                    for key in (city, english):
                        out.setdefault(key, exemplar)
            else:
                walk(value, area or name)

    walk(zones, "")
    return out


def english_names(
    cities: Iterable[GeoNamesCity], curated: dict[int, TownName], exemplars: dict[str, str]
) -> dict[int, TownName]:
    """GeoNames id -> English name for the world towns whose English name differs from their
    GeoNames name (curated first, then CLDR's exemplar cities, see the module text)."""
    best: dict[str, GeoNamesCity] = {}
    for city in cities:
        if city.population < CLDR_MIN_POPULATION:
            continue
        key = name_key(city.name)
        if key in exemplars:
            current = best.get(key)
            if current is None or (city.population, -city.geonames_id) > (
                current.population,
                -current.geonames_id,
            ):
                best[key] = city
    names = {
        city.geonames_id: TownName(exemplars[key], "cldr")
        for key, city in best.items()
        if exemplars[key] != city.name
    }
    names.update(curated)
    return names


def french_names(
    cities: Iterable[GeoNamesCity], curated: dict[int, TownName], exemplars: dict[str, str]
) -> dict[int, TownName]:
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
