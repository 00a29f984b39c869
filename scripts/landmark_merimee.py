"""Read the points of the landmarks referenced by a Mérimée notice from the Mérimée list itself.

    python scripts/landmark_merimee.py SNAPSHOT [--check]

A landmark whose reference (``datasets/landmark_references.csv``) is a notice of the Mérimée
base, ``https://www.pop.culture.gouv.fr/notice/merimee/PA…`` (the stable page of a protected
monument on the Ministry of Culture's POP platform), takes its coordinates from the list of the
monuments historiques the Ministry publishes on data.gouv.fr, « Immeubles protégés au titre des
monuments historiques » (Licence Ouverte 2.0, about 44,500 notices with a WGS84 point each).
The list is read from a public copy that splits it into JavaScript files, the git directory of
domdfcoding/monuments-historiques (commit ``a5886ac``, 2026-07-21; ``output/data/*.js``, rows
``[lat, lon, "PA…", "name", …]``) given as SNAPSHOT.

For each such row the script writes the notice's point (5 decimals) into ``lat``/``lon`` and the
file it was read from into ``read_from``, and prints what changed; ``--check`` only reports
(exit 1 if any row would change). The notice chosen for each landmark is hand-curated (the
notice's own name is quoted in ``read_from``); this script only reads its point.

Run ``python scripts/landmark_references.py`` and ``python scripts/landmark_communes.py``
afterwards.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

REPOSITORY = "domdfcoding/monuments-historiques"
COMMIT = "a5886ac"
NOTICE_URL = "https://www.pop.culture.gouv.fr/notice/merimee/"
ROWS = re.compile(r"=\s*(\[.*\])\s*;?\s*$", re.S)


@dataclass(frozen=True)
class Notice:
    reference: str
    name: str
    lat: float
    lon: float
    file: str


def read_notices(snapshot: Path) -> dict[str, Notice]:
    """Every notice of the snapshot's ``output/data/*.js`` files, by Mérimée reference."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(snapshot), *args], check=True, capture_output=True, text=True
        ).stdout

    notices: dict[str, Notice] = {}
    for path in git("ls-tree", "-r", "--name-only", COMMIT, "output/data/").split():
        match = ROWS.search(git("show", f"{COMMIT}:{path}")) if path.endswith(".js") else None
        if match is None:
            continue
        for row in json.loads(re.sub(r",\s*\]$", "]", match.group(1))):
            lat, lon, reference, name = row[:4]
            notices[reference] = Notice(reference, name, lat, lon, path)
    return notices


def read_from(notice: Notice) -> str:
    return f'{REPOSITORY}@{COMMIT}:{notice.file}: {notice.reference} "{notice.name}"'


def refresh(path: Path, columns: Sequence[str], snapshot: Path, check: bool) -> None:
    """Give every row of the CSV table ``path`` (``columns``) whose ``source`` is a Mérimée
    notice that notice's point and ``read_from``; print what changed. ``check``: only report
    (exit 1 if a row would change)."""
    notices = read_notices(snapshot)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
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
    if check:
        raise SystemExit(1 if changed else 0)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    print(f"{changed} rows changed")


def main() -> None:
    from generator.geo import embedded
    from generator.geo.databuild.references import COLUMNS, REFERENCES_FILE

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("snapshot", type=Path, help=f"the git directory of {REPOSITORY}")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    refresh(embedded.dataset_path(REFERENCES_FILE), COLUMNS, args.snapshot, args.check)


if __name__ == "__main__":
    main()
