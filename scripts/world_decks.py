"""Deal the default Oucédonc deck of the most visited countries and of twenty subdivisions abroad,
and print the table of issue 26: cards, printed precision, sites dealt, names changed, suffixes
and suburb pairs, in French and English.

    python scripts/world_decks.py [REGION ...]  # default: 30 countries, 20 subdivisions

Each region is dealt as ``pnp oucedonc deck --region R`` deals it (poker cards on A4, seed 1,
``--precision auto``), without drawing it: the places are the same in both languages, only the
printed names differ. Columns:

- ``cards``: place cards dealt (63 for whole A4 sheets; fewer when the region holds fewer);
- ``precision``: the printed grid the deal needed (minute, else second);
- ``sites``: famous sites among them;
- ``renamed fr/en``: cards whose printed name is not the GeoNames name (a French or English
  exonym, a site's name, a cleaned artefact);
- ``suffixed fr/en``: cards printed with a subdivision suffix (two cards would read the same);
- ``suburbs``: pairs of dealt towns within 5 km of each other, or within 10 km when one is three
  times as populous as the other (the suburb rule's reach: the goal is 0).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

COUNTRIES = [
    "ES",
    "US",
    "TR",
    "IT",
    "MX",
    "GB",
    "CN",
    "DE",
    "JP",
    "GR",
    "TH",
    "AT",
    "AE",
    "PT",
    "SA",
    "MY",
    "HK",
    "NL",
    "PL",
    "IN",
    "BR",
    "CA",
    "KR",
    "EG",
    "CZ",
    "BE",
    "CH",
    "LU",
    "AD",
    "MC",
]
SUBDIVISIONS = [
    "US-CA",
    "US-TX",
    "US-NY",
    "US-FL",
    "GB-ENG",
    "GB-SCT",
    "GB-WLS",
    "DE-BY",
    "DE-BW",
    "Tuscany",
    "Lombardy",
    "Sicily",
    "Andalusia",
    "Catalonia",
    "CA-ON",
    "CA-QC",
    "Hokkaido",
    "BR-SP",
    "Maharashtra",
    "TR-34",
]


def km(a, b) -> float:  # type: ignore[no-untyped-def]
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    h = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b.lon - a.lon) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def suburb_pairs(places) -> int:  # type: ignore[no-untyped-def]
    towns = [p for p in places if p.kind == "town"]
    count = 0
    for i, a in enumerate(towns):
        for b in towns[i + 1 :]:
            d = km(a, b)
            big, small = (
                max(a.population or 0, b.population or 0),
                min(a.population or 0, b.population or 0),
            )
            if d <= 5 or (d <= 10 and big >= 3 * small):
                count += 1
    return count


def row(region: str) -> str:
    from generator.core.errors import UserError
    from generator.games.oucedonc.coords import parse_precisions, printed_grid
    from generator.games.oucedonc.deck import PACK_SIZE, PACKS, minimum_places
    from generator.geo.abroad import display_in, region_name
    from generator.geo.pick import PickRequest, pick_places, region_candidates
    from generator.products.oucedonc_deck import default_counts

    request = PickRequest(region=region)
    try:
        selection, candidates = region_candidates(request)
        precisions = parse_precisions("auto")
        picked = pick_places(
            request,
            [printed_grid(p) for p in precisions],
            default_counts(9),
            min_count=minimum_places(PACKS, PACK_SIZE),
            found=(selection, candidates),
        )
    except UserError as error:
        return f"| {region} | | — | | | | | {error} |"
    raw = {p.id: p.name for p in candidates}
    from generator.geo import embedded

    country = selection.country_code or ""
    geonames = {}
    if country:
        from generator.geo.embedded import _world_rows

        geonames = {f"gn:{r[0]}": r[1] for r in _world_rows(country)}
    english = display_in(picked.places, candidates, "en")
    fr_names = [p.name for p in picked.places]
    en_names = [p.name for p in english]
    sites = sum(p.kind == "site" for p in picked.places)

    def renamed(names: list[str]) -> int:
        return sum(
            1
            for place, name in zip(picked.places, names, strict=True)
            if place.kind == "town" and name != geonames.get(place.id, raw.get(place.id))
        )

    def suffixed(names: list[str]) -> int:
        return sum(name.endswith(")") for name in names)

    name_fr = region_name(selection.kind, selection.code, selection.name, "fr")
    name_en = region_name(selection.kind, selection.code, selection.name, "en")
    shown = name_fr if name_fr == name_en else f"{name_fr} / {name_en}"
    del embedded
    precision = precisions[picked.grid].value
    return (
        f"| {region} | {shown} | {picked.count} | {precision} | {sites} | "
        f"{renamed(fr_names)} / {renamed(en_names)} | {suffixed(fr_names)} / "
        f"{suffixed(en_names)} | {suburb_pairs(picked.places)} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("regions", nargs="*")
    args = parser.parse_args()
    regions = args.regions or [*COUNTRIES, *SUBDIVISIONS]
    print("| region | name (fr / en) | cards | precision | sites | renamed fr / en | "
          "suffixed fr / en | suburb pairs |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for region in regions:
        print(row(region), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
