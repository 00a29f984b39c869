"""Give every referenced landmark its reference, and move the points their reference contradicts.

    python scripts/landmark_references.py [--check]

``datasets/landmark_references.csv`` (hand-curated) gives, for each referenced site, a stable
URL and the coordinates read there. For every row of ``datasets/landmarks.csv`` with a
reference, this script writes the URL into the ``source`` column and, when the point lies
farther from the reference's coordinates than its kind allows
(:data:`generator.geo.databuild.references.KIND_TOLERANCE_M`), moves the point to them and
prints the correction (before → after, distance). A site without a reference keeps
``unreferenced``. ``--check`` only reports (exit 1 if any row would change).

Run ``python scripts/landmark_communes.py`` afterwards: a moved point may change commune.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from generator.geo import embedded
    from generator.geo.databuild.references import (
        REFERENCES_FILE,
        UNREFERENCED,
        distance_m,
        read_references,
        tolerance_m,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    path = embedded.dataset_path(embedded.LANDMARKS_FILE)
    text = path.read_text(encoding="utf-8")
    reader = csv.DictReader(io.StringIO(text))
    columns = reader.fieldnames or []
    rows = list(reader)
    references = {r.name: r for r in read_references(embedded.dataset_path(REFERENCES_FILE))}
    unknown = set(references) - {r["name"] for r in rows}
    if unknown:
        raise SystemExit(f"references for no landmark: {', '.join(sorted(unknown))}")
    changed = 0
    for row in rows:
        reference = references.get(row["name"])
        if reference is None:
            if row["departement"] and row["source"] != UNREFERENCED:
                print(f"{row['name']}: source {row['source']!r} has no reference row")
            continue
        lat, lon = float(row["lat"]), float(row["lon"])
        away = distance_m(lat, lon, reference.lat, reference.lon)
        new = dict(row, source=reference.source)
        if away > tolerance_m(row["kind"]):
            new["lat"], new["lon"] = f"{reference.lat:.5f}", f"{reference.lon:.5f}"
            print(
                f"{row['name']} ({row['kind']}): {row['lat']}, {row['lon']} → "
                f"{new['lat']}, {new['lon']} ({away:.0f} m, tolerance "
                f"{tolerance_m(row['kind']):.0f} m)"
            )
        if new != row:
            changed += 1
            row.update(new)
    if args.check:
        raise SystemExit(1 if changed else 0)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    print(f"{changed} rows changed")


if __name__ == "__main__":
    main()
