"""Read the points of the curated town halls from their Mérimée notices.

    python scripts/town_halls.py SNAPSHOT [--check]

``datasets/town_halls.csv`` gives Paris, Lyon and Marseille, whose IGN chefs-lieux are their
arrondissements', the point of their Hôtel de Ville (``generator/geo/databuild/town_halls.py``).
A row whose reference (``source``) is a notice of the Mérimée base takes its point from the
list of the monuments historiques, as ``scripts/landmark_merimee.py`` reads it (SNAPSHOT: the
git directory of domdfcoding/monuments-historiques, commit ``a5886ac``): the notice's point to
5 decimals into ``lat``/``lon``, the file and the notice's name into ``read_from``. ``--check``
only reports (exit 1 if a row would change). The notice of each row is chosen by hand.

Run ``pnp data build --out datasets`` afterwards.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from landmark_merimee import NOTICE_URL, REPOSITORY, read_from, read_notices

TABLE = Path(__file__).resolve().parents[1] / "datasets" / "town_halls.csv"


def main() -> None:
    from generator.geo.databuild.town_halls import TOWN_HALL_COLUMNS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("snapshot", type=Path, help=f"the git directory of {REPOSITORY}")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    notices = read_notices(args.snapshot)
    rows = list(csv.DictReader(io.StringIO(TABLE.read_text(encoding="utf-8"))))
    changed = 0
    for row in rows:
        if not row["source"].startswith(NOTICE_URL):
            continue
        notice = notices.get(row["source"].removeprefix(NOTICE_URL))
        if notice is None:
            raise SystemExit(f"{row['name']}: no notice {row['source']} in {REPOSITORY}")
        new = dict(
            row, lat=f"{notice.lat:.5f}", lon=f"{notice.lon:.5f}", read_from=read_from(notice)
        )
        if new != row:
            changed += 1
            print(f"{row['name']}: {row['lat']}, {row['lon']} → {new['lat']}, {new['lon']}")
            row.update(new)
    if args.check:
        raise SystemExit(1 if changed else 0)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, TOWN_HALL_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    TABLE.write_text(buffer.getvalue(), encoding="utf-8")
    print(f"{changed} rows changed")


if __name__ == "__main__":
    main()
