"""How well known a French commune is: the meaning of :attr:`Place.familiarity` for a town.

Population alone is a poor measure (Lanester, a suburb of 23,000, is less known than Roscoff,
3,500), so a commune's familiarity is read, in this order, from:

1. its **title** (``communes.csv``, column ``standing``): chef-lieu of a région, préfecture,
   sous-préfecture (Insee's code officiel géographique, via Etalab: the chefs-lieux of the
   régions, départements and arrondissements), a **well-known town** that tourism and
   encyclopaedias name (``datasets/known_towns.csv``, curated with a reference each: Roscoff,
   Saint-Tropez, Rocamadour), or the chef-lieu (bureau centralisateur) of a canton (the ANCT's
   list of chefs-lieux);
2. then its population, a suburb's (a commune of an urban intercommunality within 10 km of a
   town twice as populous, ``suburb_of``) counting for :data:`SUBURB_FACTOR` of it; a
   suburb's canton title does not count (Guipavas is Brest's suburb before it is a canton's
   chef-lieu), its higher titles do (Nanterre, the préfecture of the Hauts-de-Seine).

Every titled town ranks before every untitled one (:data:`WELL_KNOWN` and up): titled towns are
the *well-known* ones, which ``--difficulty easy`` deals alone. Among titled towns, a larger
title multiplies the population and gives a floor (a préfecture of 13,000 counts as 60,000), so
Brest (a sous-préfecture of 140,000) still comes before Guéret (a préfecture of 13,000) in a
France deck, and a curated Roscoff before the canton town of Landivisiau.

Light: no import beyond the standard library (the referee and ``pnp --help`` load it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

#: A place's familiarity from which it is *well known* (every titled commune, and nothing else).
WELL_KNOWN = 1e8


class Title(NamedTuple):
    factor: float  # multiplies the population
    floor: float  # the least it counts for


#: The titles of ``communes.csv`` (column ``standing``), strongest first.
TITLES: dict[str, Title] = {
    "region": Title(4.0, 300_000.0),
    "prefecture": Title(3.0, 60_000.0),
    "subprefecture": Title(2.0, 20_000.0),
    "known": Title(2.0, 30_000.0),
    "canton": Title(1.5, 5_000.0),
}
SUBURB_FACTOR = 0.3
#: When a deck is short of sites (geo.selection), a site may take the card of a town it is one
#: place with: of a *lesser-known* town, under LESSER_KNOWN (a canton's chef-lieu under 13,334
#: inhabitants, an untitled commune); of any town under PREFECTURE_KNOWN when the site is named
#: after it (Château de Mayenne for Mayenne, a sous-préfecture: the town's name stays printed).
LESSER_KNOWN = WELL_KNOWN + TITLES["subprefecture"].floor
PREFECTURE_KNOWN = WELL_KNOWN + TITLES["prefecture"].floor


def town_familiarity(population: int, standing: str, suburb: bool) -> float:
    """A commune's familiarity (see the module text)."""
    title = TITLES.get(standing)
    if title is not None and not (suburb and standing == "canton"):
        return WELL_KNOWN + max(title.floor, population * title.factor)
    return population * (SUBURB_FACTOR if suburb else 1.0)


def town_familiarities(
    population: Iterable[int], standing: Iterable[str], suburb: Iterable[bool]
) -> list[float]:
    """:func:`town_familiarity` of many communes, in bulk: most communes have no title, and
    their familiarity is their population (less as a suburb) without a call each."""
    return [
        town_familiarity(people, title, near)
        if title
        else people * (SUBURB_FACTOR if near else 1.0)
        for people, title, near in zip(population, standing, suburb, strict=True)
    ]


def well_known(familiarity: float) -> bool:
    return familiarity >= WELL_KNOWN
