"""Hand-curated town halls: the point of a commune that has no chef-lieu of its own.

Paris, Lyon and Marseille are divided into municipal arrondissements, and IGN's chefs-lieux are
the arrondissements' (75101…, 69381…, 13201…): the commune itself has none. Their card point is
their Hôtel de Ville, read from a reference named in each row of ``town_halls.csv`` (columns
:data:`TOWN_HALL_COLUMNS`): the building's notice in the Mérimée base (the list of the
monuments historiques, read as ``scripts/landmark_merimee.py`` reads it) or its Wikipedia
article. :mod:`commune_points` ranks these points after the IGN chefs-lieux and before GeoNames'
places, and checks them against the commune's outline like every other point.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass

from generator.core.errors import UserError
from generator.core.i18n import _

TOWN_HALL_COLUMNS = ("insee", "name", "lat", "lon", "source", "read_from")


@dataclass(frozen=True, slots=True)
class TownHall:
    insee: str  # the commune's code
    name: str  # the commune's name, for the reader of the table
    lat: float  # WGS84, as the reference gives it (5 decimals)
    lon: float
    source: str  # the reference: a stable URL (a Mérimée notice, a Wikipedia article)
    read_from: str  # the stored copy the point was read from

    @property
    def point(self) -> tuple[float, float]:
        return self.lat, self.lon


def read_town_halls(text: str) -> dict[str, TownHall]:
    """INSEE code -> its town hall, from the text of ``town_halls.csv``; a table that is not
    what the project writes (columns, a code twice, a number, a row without its reference) is a
    :class:`UserError`."""
    reader = csv.reader(io.StringIO(text))
    halls: dict[str, TownHall] = {}
    bad = None if tuple(next(reader, ())) == TOWN_HALL_COLUMNS else 1
    for line, row in enumerate(reader, start=2):
        if bad is not None:
            break
        hall = _town_hall(row)
        if hall is None or hall.insee in halls:
            bad = line
        else:
            halls[hall.insee] = hall
    if bad is not None:
        raise UserError(
            _(
                "town_halls.csv: line {line} is not what pnp reads (the columns {columns}, a "
                "number for each coordinate, a https reference, one row per commune); restore "
                "the file from git"
            ).format(line=bad, columns=",".join(TOWN_HALL_COLUMNS))
        )
    return halls


def _town_hall(row: list[str]) -> TownHall | None:
    if len(row) != len(TOWN_HALL_COLUMNS):
        return None
    insee, name, lat, lon, source, read_from = row
    try:
        point = float(lat), float(lon)
    except ValueError:
        return None
    fine = all(math.isfinite(v) for v in point) and abs(point[0]) <= 90 and abs(point[1]) <= 180
    if not (fine and insee and name and source.startswith("https://") and read_from):
        return None
    return TownHall(insee, name, point[0], point[1], source, read_from)
