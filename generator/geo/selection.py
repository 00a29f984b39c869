"""Which places make a good Oucédonc deck: familiar, spread out, decidable, unambiguous.

Pure logic: no file, no network. Given the candidate places of a region:

1. **Familiar first.** Towns and sites are ranked separately by ``familiarity`` (population;
   sitelinks or curation rank). ``difficulty`` picks the window of ranks the deck draws from:
   ``easy`` the best known 4×N, ``normal`` the best known 8×N, ``hard`` skips the best known
   1.5×N and draws from the next 12×N (see :data:`DIFFICULTIES`). Within the window a place's
   weight falls with its rank.
2. **Spread.** Greedy weighted farthest-point: each next card is the candidate that maximises
   (great-circle distance to the nearest card already chosen) × (familiarity weight) × (a small
   seeded jitter). No cluster survives: a candidate next to a chosen card scores near zero.
   :func:`spread` measures the result (smallest distance between two cards, largest empty circle
   centred on a candidate).
3. **Decidable.** No two cards share a printed latitude or a printed longitude at the chosen
   :class:`~generator.games.oucedonc.coords.Precision` (the same integers the backs and the
   referee use), so any two cards can be ordered north-south and east-west from their backs.
   When the region cannot give N such places, a :class:`UserError` suggests a finer precision or
   fewer cards.
4. **Unambiguous names.** A name that several candidates share gets its département (or région,
   or country): "Saint-Denis (93)", "Saint-Denis (974)". Two cards never show the same name.
5. **Deterministic.** Everything random comes from ``random.Random(seed)``.

The returned places carry the display name in ``name``; ``id`` still names the source record.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from generator.errors import UserError
from generator.games.oucedonc.coords import Precision, to_units
from generator.geo.model import Place

Difficulty = Literal["easy", "normal", "hard"]

EARTH_RADIUS_KM = 6371.0088


@dataclass(frozen=True)
class RankWindow:
    """Which familiarity ranks a difficulty draws from, in multiples of the cards needed."""

    skip: float  # ranks skipped at the top (the best known places)
    size: float  # ranks kept after that
    decay: float  # weight = exp(-decay * rank / window size)


DIFFICULTIES: dict[str, RankWindow] = {
    "easy": RankWindow(skip=0.0, size=4.0, decay=2.0),
    "normal": RankWindow(skip=0.0, size=8.0, decay=1.5),
    "hard": RankWindow(skip=1.5, size=12.0, decay=0.5),
}
TAIL = 4.0  # ranks kept: TAIL times the window size
JITTER = 0.15  # weights are multiplied by a seeded factor in [1 - JITTER, 1 + JITTER]
DISTANCE_POWER = 2.0


@dataclass(frozen=True)
class Spread:
    """How well a deck covers its region (kilometres)."""

    min_pair_km: float  # smallest distance between two chosen places (bigger is better)
    largest_gap_km: float  # radius of the largest empty circle centred on a candidate (smaller is better)


def select_places(
    candidates: Sequence[Place],
    count: int,
    seed: int = 1,
    sites_share: float = 0.2,
    difficulty: Difficulty | str = "normal",
    precision: Precision = Precision.MINUTE,
) -> list[Place]:
    """Pick ``count`` places from ``candidates`` (see the module text for the rules)."""
    window = _window(difficulty)
    if count < 1:
        raise UserError(f"a deck needs at least one card, not {count}; give --count 1 or more")
    if not 0.0 <= sites_share <= 1.0:
        raise UserError(f"--sites-share must be between 0 and 1, not {sites_share}")
    pool = _unique(candidates)
    if len(pool) < count:
        raise UserError(
            f"the region offers only {len(pool)} places for {count} cards; "
            "choose a larger region or fewer cards"
        )
    towns = [p for p in pool if p.kind == "town"]
    sites = [p for p in pool if p.kind == "site"]
    want_sites = min(len(sites), round(count * sites_share))
    want_towns = min(len(towns), count - want_sites)
    want_sites = count - want_towns  # too few towns: sites fill in (and the other way round)

    rng = random.Random(seed)
    ranked = _ranked(towns, want_towns, window) + _ranked(sites, want_sites, window)
    display = display_names(pool)
    quota = {"town": want_towns, "site": want_sites}
    chosen = _greedy(ranked, quota, rng, display, precision, window)
    if len(chosen) < count:
        # The familiarity window is exhausted: allow every candidate before giving up.
        wide = RankWindow(skip=0.0, size=math.inf, decay=window.decay)
        everything = _ranked(towns, want_towns, wide) + _ranked(sites, want_sites, wide)
        chosen = _greedy(everything, quota, random.Random(seed), display, precision, wide)
    if len(chosen) < count:
        finer = {Precision.MINUTE: "--precision second", Precision.HUNDREDTH: "--precision minute",
                 Precision.SECOND: "a larger region"}[precision]
        raise UserError(
            f"only {len(chosen)} of the {count} cards can have different printed latitudes and "
            f"longitudes ({precision.label}) in this region; use {finer} or at most "
            f"{len(chosen)} cards"
        )
    return [replace(place, name=display[place.id]) for place in chosen]


def _window(difficulty: str) -> RankWindow:
    try:
        return DIFFICULTIES[difficulty]
    except KeyError:
        raise UserError(
            f"unknown difficulty {difficulty!r}; choose one of {', '.join(DIFFICULTIES)}"
        ) from None


def _unique(candidates: Sequence[Place]) -> list[Place]:
    """One record per id, named, with valid coordinates; input order kept."""
    seen: set[str] = set()
    out = []
    for place in candidates:
        if place.id in seen or not place.name.strip():
            continue
        if not (-90.0 <= place.lat <= 90.0 and -180.0 <= place.lon <= 180.0):
            continue
        seen.add(place.id)
        out.append(place)
    return out


@dataclass(frozen=True)
class _Ranked:
    place: Place
    weight: float


def _ranked(places: list[Place], needed: int, window: RankWindow) -> list[_Ranked]:
    """The places of one kind past the skipped top ranks, weighted by rank.

    The weight is ``exp(-decay * rank / (size * needed))``: 1 for the best known place of the
    window, ``exp(-decay)`` at rank ``size * needed``, and smaller beyond, so a less known place
    is only dealt where no better known one leaves the map empty. The tail after
    ``TAIL * size * needed`` ranks is dropped (its weight is negligible).
    """
    if needed <= 0 or not places:
        return []
    order = sorted(places, key=lambda p: (-p.familiarity, p.id))
    skip = int(window.skip * needed)
    # never skip so many that the window cannot hold the cards needed
    skip = max(0, min(skip, len(order) - needed * 2))
    scale = window.size * needed
    kept = order[skip:] if math.isinf(scale) else order[skip:skip + int(TAIL * scale)]
    scale = min(scale, len(order))
    return [
        _Ranked(place, math.exp(-window.decay * rank / scale))
        for rank, place in enumerate(kept)
    ]


def display_names(places: Sequence[Place]) -> dict[str, str]:
    """Place id -> the name printed on the card; shared names get "(département)"."""
    counts = Counter(place.name for place in places)
    names = {}
    for place in places:
        if counts[place.name] > 1:
            names[place.id] = f"{place.name} ({place.departement or place.region or place.country})"
        else:
            names[place.id] = place.name
    return names


def _greedy(
    ranked: list[_Ranked],
    quota: dict[str, int],
    rng: random.Random,
    display: dict[str, str],
    precision: Precision,
    window: RankWindow,
) -> list[Place]:
    if not ranked:
        return []
    lat = np.radians([r.place.lat for r in ranked])
    lon = np.radians([r.place.lon for r in ranked])
    jitter = np.array([1.0 + rng.uniform(-JITTER, JITTER) for _ in ranked])
    weight = np.array([r.weight for r in ranked]) * jitter
    lat_units = np.array([to_units(r.place.lat, precision) for r in ranked])
    lon_units = np.array([to_units(r.place.lon, precision) for r in ranked])
    kinds = np.array([r.place.kind for r in ranked])
    nearest = np.full(len(ranked), np.inf)  # distance to the nearest chosen place
    available = np.ones(len(ranked), dtype=bool)
    left = dict(quota)
    taken_names: set[str] = set()
    chosen: list[Place] = []

    while any(left.values()):
        for kind, remaining in left.items():
            if remaining == 0:
                available &= kinds != kind
        if not available.any():
            break
        score = np.where(available, np.where(np.isinf(nearest), 1.0, nearest ** DISTANCE_POWER) * weight, -1.0)
        best = int(np.argmax(score))
        place = ranked[best].place
        available[best] = False
        name = display[place.id]
        if name in taken_names:
            continue
        taken_names.add(name)
        chosen.append(place)
        left[place.kind] -= 1
        # decidability: nobody may share this printed latitude or longitude any more
        available &= (lat_units != lat_units[best]) & (lon_units != lon_units[best])
        nearest = np.minimum(nearest, _haversine_km(lat[best], lon[best], lat, lon))
    return chosen


def _haversine_km(lat0: float, lon0: float, lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
    """Great-circle distances (km) from one point to many, inputs in radians."""
    a = (np.sin((lat - lat0) / 2) ** 2
         + np.cos(lat0) * np.cos(lat) * np.sin((lon - lon0) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))


def spread(chosen: Sequence[Place], candidates: Sequence[Place]) -> Spread:
    """Smallest pairwise distance of ``chosen``; largest empty circle centred on a candidate."""
    if len(chosen) < 2:
        raise ValueError("spread needs at least two chosen places")
    lat = np.radians([p.lat for p in chosen])
    lon = np.radians([p.lon for p in chosen])
    smallest = math.inf
    for i in range(len(chosen) - 1):
        smallest = min(smallest, float(_haversine_km(lat[i], lon[i], lat[i + 1:], lon[i + 1:]).min()))
    cand_lat = np.radians([p.lat for p in candidates])
    cand_lon = np.radians([p.lon for p in candidates])
    nearest = np.full(len(candidates), np.inf)
    for i in range(len(chosen)):
        nearest = np.minimum(nearest, _haversine_km(lat[i], lon[i], cand_lat, cand_lon))
    return Spread(min_pair_km=smallest, largest_gap_km=float(nearest.max()))


def decidable(places: Sequence[Place], precision: Precision) -> bool:
    """True when no two places share a printed latitude or a printed longitude."""
    lats = [to_units(p.lat, precision) for p in places]
    lons = [to_units(p.lon, precision) for p in places]
    return len(set(lats)) == len(lats) and len(set(lons)) == len(lons)
