"""Famous sites abroad: derive the subdivision and the town of every row, or measure the decks.

    python scripts/sites_abroad.py [--check]
    python scripts/sites_abroad.py --decks [BE IT CH ES DE GB]

``datasets/sites_abroad.csv`` is hand-curated (name, kind, point, Wikidata id, reference); its
``admin1`` and ``town`` columns are derived from the point by this script (``--check`` only
reports the rows that differ; the tests fail on any):

- ``admin1``: the GeoNames first-level subdivision (province, canton, Land…) of the country's
  nearest embedded town: the suffix ``datasets/admin1_names.csv`` names;
- ``town``: the GeoNames id of the town whose place the site is, for the one-place rule (the
  abroad stand-in for the commune, which the embedded data does not have): the country's
  nearest town within :data:`generator.geo.selection.SAME_COMMUNE_KM` (5 km), or, when that
  town is a suburb by the deck's own rule (within ``SUBURB_KM`` of a town ``SUBURB_RATIO``
  times as populous), that city: Big Ben's nearest town is the City of Westminster, a suburb
  of Londres, so Big Ben is Londres'; the Sagrada Família is Barcelone's, Neuschwanstein
  Schwangau's; empty when no town is that close (the Cervin, the Etna…).

``--decks`` deals each country's default ``pnp oucedonc deck`` (seed 1) and prints how many
sites it holds, and which.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

EARTH_RADIUS_KM = 6371.0088


@lru_cache(maxsize=64)
def _towns(country: str):  # type: ignore[no-untyped-def]
    """The country's towns and their points as arrays (radians), for the nearest-town search."""
    import numpy as np

    from generator.geo import embedded

    towns = embedded.world_towns(country)
    return towns, np.radians([t.lat for t in towns]), np.radians([t.lon for t in towns])


def _km_to(lat: float, lon: float, lats, lons):  # type: ignore[no-untyped-def]
    """Distances (km) from one point (degrees) to many (radians)."""
    import numpy as np

    p1 = math.radians(lat)
    a = (
        np.sin((lats - p1) / 2) ** 2
        + math.cos(p1) * np.cos(lats) * np.sin((lons - math.radians(lon)) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.minimum(1.0, a)))


def derived(country: str, lat: float, lon: float) -> tuple[str, str]:
    """(admin1, town) for a point of ``country`` (see the module text)."""
    from generator.geo.selection import SAME_COMMUNE_KM, SUBURB_KM, SUBURB_RATIO

    towns, lats, lons = _towns(country)
    distances = _km_to(lat, lon, lats, lons)
    nearest_km = float(distances.min())
    nearest = min(
        (t for t, d in zip(towns, distances, strict=True) if d == nearest_km),
        key=lambda t: t.geonames_id,
    )
    if nearest_km > SAME_COMMUNE_KM:
        return nearest.region or "", ""
    around = _km_to(nearest.lat, nearest.lon, lats, lons)
    cities = [
        t
        for t, d in zip(towns, around, strict=True)
        if t.familiarity >= SUBURB_RATIO * nearest.familiarity and d <= SUBURB_KM
    ]
    town = max(cities, key=lambda t: (t.familiarity, -(t.geonames_id or 0)), default=nearest)
    return nearest.region or "", str(town.geonames_id)


def rewrite(check: bool) -> int:
    from generator.geo import embedded

    path = embedded.dataset_path(embedded.SITES_ABROAD_FILE)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    changed = []
    for row in rows:
        admin1, town = derived(row["country"], float(row["lat"]), float(row["lon"]))
        if (row["admin1"], row["town"]) != (admin1, town):
            changed.append(
                f"{row['country']} {row['name']}: {row['admin1']},{row['town']} -> {admin1},{town}"
            )
            row["admin1"], row["town"] = admin1, town
    for line in changed:
        print(line)
    if check:
        return 1 if changed else 0
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, embedded.SITES_ABROAD_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    print(f"{len(rows)} rows, {len(changed)} changed")
    return 0


def decks(countries: list[str]) -> None:
    from generator.geo import embedded
    from generator.products.oucedonc_deck import OucedoncDeckOptions, select_deck

    for country in countries:
        deck = select_deck(OucedoncDeckOptions(region=country)).deck
        ids = {card.source_id for card in deck.places}
        curated = embedded.sites_abroad(country)
        towns = [t for t in embedded.world_towns(country) if t.id in ids]
        communes = {t.commune for t in towns}
        town_names = [t.name.casefold() for t in towns]
        sites = [p for p in curated if p.id in ids]
        taken = [
            p
            for p in curated
            if p.id not in ids
            and (p.commune in communes or any(n in p.name.casefold() for n in town_names))
        ]
        left = [p for p in curated if p.id not in ids and p not in taken]
        print(
            f"{country} ({deck.precision.value}): {len(sites)} sites of {len(deck.places)} cards,"
            f" {len(curated)} curated: {', '.join(p.name for p in sites)}"
        )
        print(f"  one place with a dealt town: {', '.join(p.name for p in taken) or '-'}")
        print(f"  not dealt otherwise: {', '.join(p.name for p in left) or '-'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences, change nothing")
    parser.add_argument("--decks", nargs="*", metavar="CC", help="measure default decks")
    args = parser.parse_args()
    if args.decks is not None:
        decks(args.decks or ["BE", "IT", "CH", "ES", "DE", "GB"])
        return 0
    return rewrite(args.check)


if __name__ == "__main__":
    raise SystemExit(main())
