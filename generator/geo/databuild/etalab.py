"""Read the administrative tables of ``@etalab/decoupage-administratif``.

Kept: metropolitan France (Etalab's ``zone == "metro"``, Corsica included) and the five
overseas départements and régions (``zone == "drom"``: Guadeloupe, Martinique, Guyane, La
Réunion, Mayotte); the overseas collectivities (``zone == "com"``: Saint-Pierre-et-Miquelon,
Saint-Barthélemy, Saint-Martin, Polynésie, Nouvelle-Calédonie…) are left out, as the IGN commune
outlines the build checks every point against leave them out. Communes are the current ones
(``type == "commune-actuelle"``): associated and delegated former communes and the municipal
arrondissements of Paris, Lyon and Marseille are left out.

Beside the communes, départements and régions: the arrondissements (whose chefs-lieux are the
sous-préfectures) and the EPCI (the intercommunalities, whose membership is a commune's
agglomeration key).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

KEPT_ZONES = frozenset({"metro", "drom"})
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
    """A département, a région or an arrondissement: code, official name, chef-lieu commune,
    parent région (départements) or département (arrondissements)."""

    code: str
    name: str
    chef_lieu: str
    region: str | None = None  # départements only
    departement: str | None = None  # arrondissements only


@dataclass(frozen=True, slots=True)
class EtalabEpci:
    """An intercommunality: SIREN code, name, type (CC, CA, CU, METRO, MET69), member codes."""

    code: str
    name: str
    kind: str
    members: tuple[str, ...]


def read_communes(records: Iterable[Mapping[str, Any]]) -> list[EtalabCommune]:
    """Current communes of metropolitan France and the overseas départements, by INSEE code."""
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
        if record.get("type") == CURRENT_COMMUNE and record.get("zone") in KEPT_ZONES
    ]
    return sorted(communes, key=lambda c: c.code)


def read_departements(records: Iterable[Mapping[str, Any]]) -> list[EtalabArea]:
    return sorted(
        (
            EtalabArea(code=r["code"], name=r["nom"], chef_lieu=r["chefLieu"], region=r["region"])
            for r in records
            if r.get("zone") in KEPT_ZONES
        ),
        key=lambda a: a.code,
    )


def read_regions(records: Iterable[Mapping[str, Any]]) -> list[EtalabArea]:
    return sorted(
        (
            EtalabArea(code=r["code"], name=r["nom"], chef_lieu=r["chefLieu"])
            for r in records
            if r.get("zone") in KEPT_ZONES
        ),
        key=lambda a: a.code,
    )


def read_arrondissements(
    records: Iterable[Mapping[str, Any]], departements: Iterable[EtalabArea]
) -> list[EtalabArea]:
    """The arrondissements of the kept départements (their chefs-lieux are the préfectures and
    sous-préfectures)."""
    kept = {d.code for d in departements}
    return sorted(
        (
            EtalabArea(
                code=r["code"], name=r["nom"], chef_lieu=r["chefLieu"], departement=r["departement"]
            )
            for r in records
            if r.get("departement") in kept
        ),
        key=lambda a: a.code,
    )


def read_epci(records: Iterable[Mapping[str, Any]]) -> list[EtalabEpci]:
    """Every EPCI with its member communes' codes, by SIREN code."""
    return sorted(
        (
            EtalabEpci(
                code=r["code"],
                name=r["nom"],
                kind=r.get("type") or "",
                members=tuple(sorted(m["code"] for m in r.get("membres") or ())),
            )
            for r in records
        ),
        key=lambda e: e.code,
    )
