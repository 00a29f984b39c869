"""The table of issue 31: the default deck of every French département and région, measured.

    python scripts/france_figures.py [--markdown out.md] [--json out.json] [--only 29,53]

For each of the 101 départements and 18 régions, the default ``pnp oucedonc deck`` (A4 poker,
seed 1, precision auto, normal) and its ``--difficulty easy`` twin are selected through the
product's own path, and measured:

- ``cards`` and ``precision`` of the normal deck (``packs`` when they are not the seed's 3 × 15);
- ``rounded``: its cards whose point is rounded to whole minutes (both coordinates on the
  minute grid), or a site's to the hundredth of a degree (goal 0);
- ``suburbs<4``: pairs of town cards less than 4 km apart (goal 0);
- ``near<2``: pairs of cards of any kinds less than 2 km apart (goal 0);
- ``sites``: the sites dealt, and how many of them are referenced (``landmark_references.csv``)
  rather than `unreferenced` (checked against their commune's outline only);
- ``easy``: the easy deck's size, and the share of its town cards that are préfectures,
  sous-préfectures or curated well-known towns (``titled``), then with the cantons' chefs-lieux.

A region that cannot make a deck says why. Takes about five minutes.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TOWN_PAIR_KM = 4.0
NEAR_KM = 2.0


def _km(a, b) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def _pairs(cards, limit: float) -> int:
    return sum(1 for i, a in enumerate(cards) for b in cards[i + 1 :] if _km(a, b) < limit)


def _standings() -> dict[str, str]:
    from generator.geo import embedded

    path = embedded.dataset_path(embedded.COMMUNES_FILE)
    with path.open(encoding="utf-8") as handle:
        return {row["insee"]: row["standing"] for row in csv.DictReader(handle)}


def _referenced() -> set[str]:
    from generator.geo import embedded
    from generator.geo.databuild.references import REFERENCES_FILE, read_references

    return {r.name for r in read_references(embedded.dataset_path(REFERENCES_FILE))}


def _deck(region: str, difficulty: str):
    from generator.core.errors import UserError
    from generator.geo.difficulty import Difficulty
    from generator.products.oucedonc_deck import OucedoncDeckOptions
    from generator.products.oucedonc_places import select_deck

    options = OucedoncDeckOptions(region=region, difficulty=Difficulty(difficulty))
    try:
        deck = select_deck(options).deck
    except UserError as exc:
        return None, str(exc)
    return deck, None


def figures(region: str, standings: dict[str, str], referenced: set[str]) -> dict:
    from generator.geo.precision import on_hundredth_grid, on_minute_grid

    deck, error = _deck(region, "normal")
    if deck is None:
        return {"region": region, "error": error}
    cards = deck.places
    towns = [c for c in cards if c.place_kind == "town"]
    sites = [c for c in cards if c.place_kind == "site"]
    row = {
        "region": region,
        "cards": len(cards),
        "packs": f"{deck.packs}x{deck.pack_size}",
        "precision": deck.precision.value,
        "rounded": sum(
            1
            for c in cards
            if (on_minute_grid(c.lat) and on_minute_grid(c.lon))
            or (c.place_kind == "site" and on_hundredth_grid(c.lat) and on_hundredth_grid(c.lon))
        ),
        "suburbs_under_4km": _pairs(towns, TOWN_PAIR_KM),
        "near_under_2km": _pairs(cards, NEAR_KM),
        "sites": len(sites),
        "sites_referenced": sum(1 for c in sites if c.name in referenced),
    }
    easy, error = _deck(region, "easy")
    if easy is None:
        row["easy_error"] = error
        return row
    easy_towns = [c for c in easy.places if c.place_kind == "town"]
    codes = [(c.source_id or "").removeprefix("insee:") for c in easy_towns]
    titled = sum(
        standings.get(code, "") in ("region", "prefecture", "subprefecture", "known")
        for code in codes
    )
    cantons = sum(standings.get(code, "") == "canton" for code in codes)
    row["easy_cards"] = len(easy.places)
    row["easy_titled_share"] = round(titled / len(easy_towns), 2) if easy_towns else None
    row["easy_with_cantons_share"] = (
        round((titled + cantons) / len(easy_towns), 2) if easy_towns else None
    )
    return row


COLUMNS = (
    ("region", "region"),
    ("cards", "cards"),
    ("packs", "packs"),
    ("precision", "precision"),
    ("rounded", "rounded"),
    ("suburbs_under_4km", "suburbs<4 km"),
    ("near_under_2km", "near<2 km"),
    ("sites", "sites"),
    ("sites_referenced", "of which referenced"),
    ("easy_cards", "easy cards"),
    ("easy_titled_share", "easy: préf./s.-préf./curated"),
    ("easy_with_cantons_share", "easy: + canton chefs-lieux"),
)


def markdown(rows: list[dict]) -> str:
    lines = [
        "| " + " | ".join(title for _, title in COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['region']} | {row['error']} |" + " |" * (len(COLUMNS) - 2))
            continue
        cells = [row.get(key, row.get("easy_error", "")) for key, _ in COLUMNS]
        lines.append("| " + " | ".join("" if c is None else str(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    from generator.geo import embedded

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--only", help="comma-separated département or région codes")
    args = parser.parse_args()
    regions = [d.code for d in embedded.departements()] + [
        f"region:{r.code}" for r in embedded.regions()
    ]
    if args.only:
        wanted = set(args.only.split(","))
        regions = [r for r in regions if r in wanted or r.removeprefix("region:") in wanted]
    standings, referenced = _standings(), _referenced()
    rows = []
    for region in regions:
        row = figures(region, standings, referenced)
        rows.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
    if args.markdown:
        args.markdown.write_text(markdown(rows), encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
