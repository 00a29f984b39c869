"""Credit every landmark to the commune its point lies in, from the IGN 2018 outlines.

    python scripts/landmark_communes.py [--check]

``datasets/landmarks.csv`` is hand-curated; its ``insee``, ``departement`` and ``placement``
columns are derived from the point by this script (``--check`` only reports rows that differ):

- ``inside``: the point lies in the commune's outline (2018 outlines; a commune merged since
  is credited to the commune that absorbed it);
- ``boundary``: a summit, pass or other land site that the simplified outlines (80 m) leave
  in a gap between two communes, within 100 m of the nearest: credited to that one;
- ``coast``: the point lies in no commune (a bay, a beach, a harbour or a rock at sea): the
  commune whose outline is nearest, within 5 km.

Kinds credited to the commune that holds their point whatever their name: Cap Fréhel and Fort
la Latte are in Plévenon, not in Fréhel.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.geo.embedded import LANDMARK_COLUMNS as COLUMNS

BOUNDARY_M = 100.0
COAST_M = 5_000.0


def current_code(code_2018: str, current: set[str], absorbed: dict[str, str]) -> str | None:
    if code_2018 in current:
        return code_2018
    return absorbed.get(code_2018)


def main() -> None:
    import shapely
    from shapely.geometry import Point

    from generator.geo import embedded
    from generator.geo.databuild.ign_outlines import geometry, outside_m
    from generator.geo.databuild.land import SHORE_KINDS, WATER_KINDS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    path = embedded.dataset_path(embedded.LANDMARKS_FILE)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    outlines = embedded.commune_outlines_2018()
    codes = sorted(outlines)
    shapes = [geometry(outlines[c]) for c in codes]
    tree = shapely.STRtree(shapes)
    all_communes = {
        r["insee"]: r
        for r in csv.DictReader(
            io.StringIO(embedded.dataset_path("all_communes.csv").read_text(encoding="utf-8"))
        )
    }
    absorbed = {
        old: code for code, row in all_communes.items() for old in row["former_codes"].split()
    }
    changed = 0
    out = []
    for row in rows:
        lat, lon = float(row["lat"]), float(row["lon"])
        point = Point(lon, lat)
        hits = [codes[i] for i in tree.query(point, predicate="within")]
        placement = "inside"
        if not hits:
            nearest = int(tree.nearest(point))
            distance = outside_m(shapes[nearest], lat, lon)
            if distance > COAST_M:
                raise SystemExit(f"{row['name']}: no commune within {COAST_M:.0f} m")
            hits = [codes[nearest]]
            water = row["kind"] in WATER_KINDS or row["kind"] in SHORE_KINDS
            placement = "coast" if water or distance > BOUNDARY_M else "boundary"
        code = current_code(hits[0], set(all_communes), absorbed)
        if code is None:
            raise SystemExit(f"{row['name']}: 2018 commune {hits[0]} has no current code")
        new = dict(row)
        new["insee"] = code
        new["departement"] = all_communes[code]["departement"]
        new["placement"] = placement
        new.setdefault("source", row.get("source") or "unreferenced")
        if any(new.get(k) != row.get(k) for k in ("insee", "departement", "placement")):
            changed += 1
            print(
                f"{row['name']}: {row.get('insee')} → {code} "
                f"({all_communes[code]['name']}, {new['placement']})"
            )
        out.append(new)
    if args.check:
        raise SystemExit(1 if changed else 0)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows(out)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    print(f"{changed} rows changed")


if __name__ == "__main__":
    main()
