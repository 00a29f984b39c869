"""Read the administrative tables of ``@etalab/decoupage-administratif``.

Only metropolitan France (Etalab's ``zone == "metro"``, Corsica included) is kept: the GeoNames
extract and the Natural Earth outline the project embeds cover the same ground. Communes are the
current ones (``type == "commune-actuelle"``): associated and delegated former communes and the
municipal arrondissements of Paris, Lyon and Marseille are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

METRO = "metro"
CURRENT_COMMUNE = "commune-actuelle"


@dataclass(frozen=True, slots=True)
class EtalabCommune:
    code: str  # INSEE code
    name: str
    departement: str
    region: str
    population: int
    former_codes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EtalabArea:
    """A département or a région: code, official name, chef-lieu commune, parent région."""

    code: str
    name: str
    chef_lieu: str
    region: str | None = None  # départements only


def read_communes(records: Iterable[Mapping[str, Any]]) -> list[EtalabCommune]:
    """Current metropolitan communes, sorted by INSEE code."""
    communes = [
        EtalabCommune(
            code=record["code"],
            name=record["nom"],
            departement=record["departement"],
            region=record["region"],
            population=int(record.get("population") or 0),
            former_codes=tuple(sorted(record.get("anciensCodes") or ())),
        )
        for record in records
        if record.get("type") == CURRENT_COMMUNE and record.get("zone") == METRO
    ]
    return sorted(communes, key=lambda c: c.code)


def read_departements(records: Iterable[Mapping[str, Any]]) -> list[EtalabArea]:
    return sorted(
        (
            EtalabArea(code=r["code"], name=r["nom"], chef_lieu=r["chefLieu"], region=r["region"])
            for r in records
            if r.get("zone") == METRO
        ),
        key=lambda a: a.code,
    )


def read_regions(records: Iterable[Mapping[str, Any]]) -> list[EtalabArea]:
    return sorted(
        (
            EtalabArea(code=r["code"], name=r["nom"], chef_lieu=r["chefLieu"])
            for r in records
            if r.get("zone") == METRO
        ),
        key=lambda a: a.code,
    )
