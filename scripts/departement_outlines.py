"""Write ``datasets/departement_outlines.json``: the outlines of metropolitan France's
départements and régions, simplified for a clickable map (the studio of ``pnp serve``).

    .venv/bin/python scripts/departement_outlines.py

Derived from ``datasets/commune_outlines_2018.csv.gz`` (IGN Admin Express COG 2018): the
communes of each département (the first two characters of the 2018 INSEE code) are joined on a
0.0001° grid (the outlines' own rounding), each région is the union of its départements
(``regions.csv``, ``departements.csv``), then every outline is simplified to
:data:`TOLERANCE` degrees (about 1 km: under one pixel of a 600-pixel map of France), rings
under :data:`MIN_AREA` square degrees dropped, and coordinates written with 3 decimals. The
output is deterministic (sorted keys, fixed rounding). About 20 s of CPU; run it again after
the commune outlines change.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOLERANCE = 0.01  # degrees
MIN_AREA = 0.002  # square degrees (about 15 km²): islets under this are left out
GRID = 0.0001  # the commune outlines' rounding (4 decimals)
OUT = ROOT / "datasets" / "departement_outlines.json"


def rings(geometry) -> list[list[list[float]]]:  # type: ignore[no-untyped-def]
    """The outer rings of the polygons of ``geometry`` (holes are filled on a map of areas)."""
    out = []
    for polygon in getattr(geometry, "geoms", [geometry]):
        if polygon.geom_type != "Polygon" or polygon.area < MIN_AREA:
            continue
        out.append([[round(x, 3), round(y, 3)] for x, y in polygon.exterior.coords])
    return out


def main() -> int:
    import shapely

    from generator.geo import embedded
    from generator.geo.databuild.ign_outlines import geometry

    by_departement = defaultdict(list)
    for code, outline in embedded.commune_outlines_2018().items():
        by_departement[code[:2]].append(geometry(outline))
    known = {d.code: d for d in embedded.departements()}
    full = {
        code: shapely.union_all(shapely.set_precision(shapes, GRID))
        for code, shapes in sorted(by_departement.items())
        if code in known
    }
    by_region = defaultdict(list)
    for code, shape in full.items():
        by_region[known[code].region].append(shape)
    regions = {
        code: shapely.union_all(shapely.set_precision(shapes, GRID))
        for code, shapes in sorted(by_region.items())
    }
    document = {
        "source": "IGN Admin Express COG 2018 (commune outlines), joined and simplified",
        "tolerance_degrees": TOLERANCE,
        "departements": {
            code: rings(shapely.simplify(shape, TOLERANCE)) for code, shape in full.items()
        },
        "regions": {
            code: rings(shapely.simplify(shape, TOLERANCE)) for code, shape in regions.items()
        },
    }
    OUT.write_text(json.dumps(document, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
