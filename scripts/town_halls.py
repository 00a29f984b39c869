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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from landmark_merimee import REPOSITORY, refresh

TABLE = Path(__file__).resolve().parents[1] / "datasets" / "town_halls.csv"


def main() -> None:
    from generator.geo.databuild.town_halls import TOWN_HALL_COLUMNS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("snapshot", type=Path, help=f"the git directory of {REPOSITORY}")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    refresh(TABLE, TOWN_HALL_COLUMNS, args.snapshot, args.check)


if __name__ == "__main__":
    main()
