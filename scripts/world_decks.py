"""Deal the default Oucédonc deck of the most visited countries and of twenty subdivisions abroad,
and print the table of issue 26: cards, printed precision, sites dealt, names changed, suffixes
and suburb pairs, in French and English.

    python scripts/world_decks.py [REGION ...]  # default: 30 countries, 20 subdivisions

The countries: UN Tourism's twenty most visited of 2024 but France (datasets/PROVENANCE.md,
"sites_abroad.csv"), six more that draw visitors (Brazil, Canada, South Korea, Egypt, Czechia,
Hong Kong) and the neighbours the project covered first (Belgium, Switzerland, Luxembourg,
Andorra, Monaco). Each region is dealt as ``pnp oucedonc deck --region R`` deals it (poker
cards on A4, seed 1, ``--precision auto``), without drawing it: the places are the same in both
languages, only the printed names differ. Columns:

- ``cards``: place cards dealt (63 for whole A4 sheets; fewer when the region holds fewer);
- ``precision``: the printed grid the deal needed (minute, else second);
- ``sites``: famous sites among them;
- ``renamed fr / en``: town cards whose printed name is not the GeoNames name (a French or
  English exonym, a cleaned artefact);
- ``suffixed fr / en``: cards printed with a subdivision suffix (two cards would read the same);
- ``agglomeration``: pairs of dealt towns of one agglomeration (:attr:`Place.agglomeration`,
  ``generator/geo/databuild/agglomerations.py``) within 10 km of each other: a city and its
  suburb, or two suburbs side by side (the goal is 0);
- ``near``: pairs of dealt towns within 5 km, or within 10 km when one is three times as
  populous as the other, whatever their agglomeration (the distances the suburb rule reaches).
"""

from __future__ import annotations

import argparse
import math
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.geo.model import Place

COUNTRIES = [
    *["ES", "US", "TR", "IT", "MX", "GB", "DE", "JP", "GR", "TH"],  # UN Tourism 2 to 11
    *["AT", "AE", "PT", "SA", "CN", "MY", "NL", "PL", "IN"],  # 12 to 20
    *["BR", "CA", "KR", "EG", "CZ", "HK"],
    *["BE", "CH", "LU", "AD", "MC"],
]
SUBDIVISIONS = [
    *["US-CA", "US-TX", "US-NY", "US-FL", "GB-ENG", "GB-SCT", "GB-WLS", "DE-BY", "DE-BW"],
    *["Tuscany", "Lombardy", "Sicily", "Andalusia", "Catalonia", "CA-ON", "CA-QC", "Hokkaido"],
    *["BR-SP", "Maharashtra", "TR-34"],
]
NEAR_KM = 5.0
NEAR_RATIO_KM = 10.0
RATIO = 3.0


def km(a: Place, b: Place) -> float:
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    h = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b.lon - a.lon) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def town_pairs(places: list[Place]) -> list[tuple[Place, Place, float]]:
    towns = [p for p in places if p.kind == "town"]
    return [(a, b, km(a, b)) for a, b in combinations(towns, 2)]


def agglomeration_pairs(places: list[Place]) -> int:
    return sum(
        1
        for a, b, distance in town_pairs(places)
        if a.agglomeration and a.agglomeration == b.agglomeration and distance <= NEAR_RATIO_KM
    )


def near_pairs(places: list[Place]) -> int:
    def near(a: Place, b: Place, distance: float) -> bool:
        big = max(a.population or 0, b.population or 0)
        small = min(a.population or 0, b.population or 0)
        return distance <= NEAR_KM or (distance <= NEAR_RATIO_KM and big >= RATIO * small)

    return sum(1 for a, b, distance in town_pairs(places) if near(a, b, distance))


def renamed(places: list[Place], names: list[str], geonames: dict[str, str]) -> int:
    return sum(
        1
        for place, name in zip(places, names, strict=True)
        if place.kind == "town" and name != geonames.get(place.id, name)
    )


def suffixed(names: list[str]) -> int:
    return sum(name.endswith(")") for name in names)


def row(region: str) -> str:
    from generator.core.errors import UserError
    from generator.games.oucedonc.coords import parse_precisions, printed_grid
    from generator.games.oucedonc.deck import PACK_SIZE, PACKS, minimum_places
    from generator.geo import embedded
    from generator.geo.abroad import display_in, region_name
    from generator.geo.pick import PickRequest, pick_places, region_candidates
    from generator.products.oucedonc_places import default_counts

    request = PickRequest(region=region)
    precisions = parse_precisions("auto")
    try:
        selection, candidates = region_candidates(request)
        picked = pick_places(
            request,
            [printed_grid(p) for p in precisions],
            default_counts(9),
            min_count=minimum_places(PACKS, PACK_SIZE),
            found=(selection, candidates),
        )
    except UserError as error:
        return f"| {region} | | — | | | | | | {error} |"
    places = list(picked.places)
    country = selection.country_code or ""
    geonames = embedded.world_town_geonames_names(country) if country else {}
    french = [p.name for p in places]
    english = [p.name for p in display_in(places, candidates, "en")]
    name_fr = region_name(selection.kind, selection.code, selection.name, "fr")
    name_en = region_name(selection.kind, selection.code, selection.name, "en")
    shown = name_fr if name_fr == name_en else f"{name_fr} / {name_en}"
    cells = [
        region,
        shown,
        str(picked.count),
        precisions[picked.grid].value,
        str(sum(p.kind == "site" for p in places)),
        f"{renamed(places, french, geonames)} / {renamed(places, english, geonames)}",
        f"{suffixed(french)} / {suffixed(english)}",
        str(agglomeration_pairs(places)),
        str(near_pairs(places)),
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("regions", nargs="*")
    args = parser.parse_args()
    print(
        "| region | name (fr / en) | cards | precision | sites | renamed fr / en "
        "| suffixed fr / en | agglomeration | near |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for region in args.regions or [*COUNTRIES, *SUBDIVISIONS]:
        print(row(region), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
