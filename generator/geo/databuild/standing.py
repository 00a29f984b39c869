"""What the build records of each commune for how known it is and whose agglomeration it is in.

- ``standing``: the commune's strongest title (:data:`generator.geo.familiarity.TITLES`):
  ``region`` (chef-lieu of a région), ``prefecture``, ``subprefecture`` (chefs-lieux of the
  départements and arrondissements, Etalab), ``known`` (``known_towns.csv``, curated), ``canton``
  (a canton's bureau centralisateur, the ANCT's list), or empty;
- ``agglomeration``: the SIREN code of the commune's EPCI (its intercommunality, Etalab), empty
  for the four island communes that belong to none (Bréhat, Sein, Ouessant, Yeu);
- ``suburb_of``: the commune whose suburb it is: the most populous commune of its EPCI, when the
  EPCI is urban (a communauté d'agglomération, urbaine, or a métropole), that commune is at
  least :data:`SUBURB_RATIO` times as populous and its point lies within :data:`SUBURB_RADIUS_KM`
  (Lanester and Lorient, Cesson-Sévigné and Rennes, Villeurbanne and Lyon); never for a
  préfecture, sous-préfecture or curated well-known town.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from generator.geo.databuild.commune_points import CommunePoint
from generator.geo.databuild.etalab import EtalabArea, EtalabEpci

URBAN_EPCI = frozenset({"CA", "CU", "METRO", "MET69"})
SUBURB_RATIO = 2.0
SUBURB_RADIUS_KM = 10.0
#: the titles that keep a commune out of ``suburb_of``
OWN_TITLES = frozenset({"region", "prefecture", "subprefecture", "known"})


@dataclass(frozen=True, slots=True)
class Standing:
    standing: str
    agglomeration: str
    suburb_of: str


def titles(
    regions: Iterable[EtalabArea],
    departements: Iterable[EtalabArea],
    arrondissements: Iterable[EtalabArea],
    known: Iterable[str],
    cantons: Mapping[str, str],
) -> dict[str, str]:
    """INSEE code -> the strongest title of the communes that have one."""
    found: dict[str, str] = {}

    def give(code: str, title: str) -> None:
        found.setdefault(code, title)

    for area in regions:
        give(area.chef_lieu, "region")
    for area in departements:
        give(area.chef_lieu, "prefecture")
    for area in arrondissements:
        give(area.chef_lieu, "subprefecture")
    for code in known:
        give(code, "known")
    for code, statut in cantons.items():
        if statut == "canton":
            give(code, "canton")
    return found


def _km(a: CommunePoint, b: CommunePoint) -> float:
    lat1, lon1 = math.radians(a.lat_e5 / 1e5), math.radians(a.lon_e5 / 1e5)
    lat2, lon2 = math.radians(b.lat_e5 / 1e5), math.radians(b.lon_e5 / 1e5)
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def standings(
    points: Iterable[CommunePoint], epcis: Iterable[EtalabEpci], titled: Mapping[str, str]
) -> dict[str, Standing]:
    """INSEE code -> the commune's :class:`Standing` (see the module text)."""
    by_code = {p.commune.code: p for p in points}
    out = {code: Standing(titled.get(code, ""), "", "") for code in by_code}
    for epci in epcis:
        members = [by_code[code] for code in epci.members if code in by_code]
        if not members:
            continue
        centre = max(members, key=lambda p: (p.commune.population, p.commune.code))
        for member in members:
            code = member.commune.code
            suburb = (
                epci.kind in URBAN_EPCI
                and member is not centre
                and out[code].standing not in OWN_TITLES
                and centre.commune.population >= SUBURB_RATIO * max(member.commune.population, 1)
                and _km(member, centre) <= SUBURB_RADIUS_KM
            )
            out[code] = Standing(
                out[code].standing, epci.code, centre.commune.code if suburb else ""
            )
    return out
