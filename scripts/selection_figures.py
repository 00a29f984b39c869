"""Selection figures per region: how recognisable and how spread out the default decks are.

    python scripts/selection_figures.py [--json out.json]

For each region (France, 3 régions, 3 départements, Belgium, Italy, Switzerland, Spain) the
default ``pnp oucedonc deck`` (63 place cards on A4 poker, seed 1, precision auto) is selected
and measured: the share of the region's 20 most populous towns (10 for a département; city
sections such as Zürich's Kreise are not towns) dealt, the share of its 10 best-known sites,
the closest pair of cards and the largest empty circle (km, centred on a candidate), and the
precision chosen. A best-known site that is not dealt may still be on the table as its town
(the one-place rule: named after a dealt town, in its commune within 5 km, or within 2 km of a
town card): "sites" counts the sites dealt, "or town" those dealt or held by their town card.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

REGIONS = (
    ("france", 20),
    ("bretagne", 20),
    ("provence-alpes-cote d'azur", 20),
    ("corse", 20),
    ("33", 10),
    ("29", 10),
    ("69", 10),
    ("BE", 20),
    ("IT", 20),
    ("CH", 20),
    ("ES", 20),
)


def figures(region: str, top: int) -> dict:
    from generator.geo.pick import PickRequest, region_candidates
    from generator.geo.selection import spread
    from generator.products.oucedonc_deck import OucedoncDeckOptions, select_deck

    selected = select_deck(OucedoncDeckOptions(region=region))
    deck, note = selected.deck, selected.note
    _, candidates = region_candidates(PickRequest(region=region))
    towns = [p for p in candidates if p.kind == "town"][:top]
    sites = [p for p in candidates if p.kind == "site"][:10]
    ids = {card.source_id for card in deck.places}
    chosen = [p for p in candidates if p.id in ids]
    measured = spread(chosen, candidates)
    dealt_towns = [p for p in chosen if p.kind == "town"]
    held = [s for s in sites if s.id in ids or _held_by_a_town(s, dealt_towns)]
    return {
        "cards": len(deck.places),
        "precision": deck.precision.value,
        "top_towns": f"{sum(t.id in ids for t in towns)}/{len(towns)}",
        "missing_towns": [t.name for t in towns if t.id not in ids],
        "top_sites": f"{sum(s.id in ids for s in sites)}/{len(sites)}",
        "missing_sites": [s.name for s in sites if s.id not in ids],
        "top_sites_or_town": f"{len(held)}/{len(sites)}",
        "closest_km": round(measured.min_pair_km, 1),
        "largest_gap_km": round(measured.largest_gap_km, 1),
        "note": note,
        "ids": sorted(ids),
    }


def _held_by_a_town(site, towns) -> bool:
    """The site is one place with a dealt town card (the one-place rule of geo/selection.py)."""
    from generator.geo.selection import (
        EARTH_RADIUS_KM,
        SAME_COMMUNE_KM,
        SITE_TOWN_KM,
        _words,
    )

    words = _words(site.name)
    for town in towns:
        name = _words(town.name)
        named = any(words[i : i + len(name)] == name for i in range(len(words)))
        a, b = math.radians(site.lat), math.radians(town.lat)
        h = (
            math.sin((b - a) / 2) ** 2
            + math.cos(a) * math.cos(b) * math.sin(math.radians(town.lon - site.lon) / 2) ** 2
        )
        km = 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))
        same_commune = site.commune is not None and site.commune == town.commune
        if named or km <= SITE_TOWN_KM or (same_commune and km <= SAME_COMMUNE_KM):
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = {}
    for region, top in REGIONS:
        report[region] = row = figures(region, top)
        print(
            f"{region:28} {row['cards']:3} {row['precision']:7} towns {row['top_towns']:6} "
            f"sites {row['top_sites']:6} or town {row['top_sites_or_town']:6} "
            f"closest {row['closest_km']:6} km "
            f"gap {row['largest_gap_km']:6} km  missing: {', '.join(row['missing_towns'])}",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
