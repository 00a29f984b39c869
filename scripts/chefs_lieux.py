"""Derive the build's two chefs-lieux inputs from their public references.

    7z x cheflieu.7z     # benoitdavidfr/comhisto, export/cheflieu.7z (commit 81a48fa)
    python scripts/chefs_lieux.py --ign cheflieu.geojson --anct cheflieux.geojson [--check]

``--ign``: the IGN Admin Express 2020 chefs-lieux, kept as ``datasets/commune_chefs_lieux_2020.
csv.gz`` (see ``generator/geo/databuild/chefs_lieux.py``); ``--anct``: the ANCT's chefs-lieux
of the cantons (anct-carto/pvd, ``data/cheflieux.geojson``, commit 6ee2039), kept as
``datasets/chefs_lieux_anct.csv``. ``--check`` writes nothing and fails when a file differs.
Then run ``pnp data build --out datasets``.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DATASETS = Path(__file__).resolve().parents[1] / "datasets"


def main() -> int:
    from generator.core.errors import UserError
    from generator.geo import embedded
    from generator.geo.databuild.chefs_lieux import derive, derive_anct

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ign", type=Path, help="cheflieu.geojson (comhisto)")
    parser.add_argument("--anct", type=Path, help="cheflieux.geojson (anct-carto/pvd)")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    outputs: list[tuple[Path, bytes]] = []
    try:
        if args.ign:
            outputs.append((DATASETS / embedded.CHEFS_LIEUX_FILE, derive(args.ign)))
        if args.anct:
            text = derive_anct(args.anct).encode("utf-8")
            outputs.append((DATASETS / embedded.ANCT_CHEFS_LIEUX_FILE, text))
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    stale = []
    for path, data in outputs:
        current = path.read_bytes() if path.is_file() else b""
        same = (
            gzip.decompress(current) == gzip.decompress(data)
            if path.suffix == ".gz" and current
            else current == data
        )
        if same:
            continue
        stale.append(path.name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path}")
    if args.check and stale:
        print(f"differs from the reference: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
