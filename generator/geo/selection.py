"""Which places make a good Oucédonc deck: familiar, spread out, decidable, unambiguous.

Pure logic: no file, no network. Given the candidate places of a region:

1. **Familiar first.** Towns and sites are ranked separately by ``familiarity`` (population;
   sitelinks or curation rank). ``difficulty`` picks the window of ranks the deck draws from:
   ``easy`` the best known 4×N, ``normal`` the best known 8×N, ``hard`` skips the best known
   1.5×N and draws from the next 12×N (see :data:`DIFFICULTIES`). A seeded jitter multiplies
   each rank by a factor in [0.7, 1.3]: the best known place always leads, and decks vary with
   the seed further down.
2. **Spread.** Candidates are dealt in that order, each only if it lies at least ``r`` km from
   every card already dealt. ``r`` is 0.9 × the larger of: the largest distance at which the
   window alone deals the whole deck, and 0.7 × the largest distance at which the window plus
   a tail of the next 12×N places does (bisection for both). So no two cards crowd together,
   and a less known place is dealt only where the better known ones leave the map empty. The
   towns/sites share (``sites_share``) gives way only when holding it would crowd the deck
   (a region with few sites, all next to its towns). :func:`spread` measures the result
   (smallest distance between two cards, largest empty circle centred on a candidate).
3. **Decidable.** No two cards share a printed latitude or a printed longitude at the chosen
   :class:`~generator.games.oucedonc.coords.Precision` (the same integers the backs and the
   referee use), so any two cards can be ordered north-south and east-west from their backs.
   When the region cannot give N such places, a :class:`UserError` suggests a finer precision or
   fewer cards.
4. **Unambiguous names.** A name that several distinct places share gets its département (or
   région, or country): "Saint-Denis (93)", "Saint-Denis (974)". Two cards never show the same
   name.
5. **Deterministic.** Everything random comes from ``random.Random(seed)``.

The returned places carry the display name in ``name``; ``id`` still names the source record.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from generator.core.errors import UserError
from generator.games.oucedonc.coords import Precision, to_units
from generator.geo.difficulty import Difficulty
from generator.geo.model import Place

EARTH_RADIUS_KM = 6371.0088


@dataclass(frozen=True)
class RankWindow:
    """Which familiarity ranks a difficulty draws from, in multiples of the cards needed."""

    skip: float  # ranks skipped at the top (the best known places)
    size: float  # ranks kept after that


DIFFICULTIES: dict[str, RankWindow] = {
    "easy": RankWindow(skip=0.0, size=4.0),
    "normal": RankWindow(skip=0.0, size=8.0),
    "hard": RankWindow(skip=1.5, size=12.0),
}
JITTER = 0.3  # each rank is multiplied by a seeded factor in [1 - JITTER, 1 + JITTER]
TAIL = 12.0  # places after the window that may fill empty parts, in multiples of the cards needed
SPREAD_FLOOR = 0.7  # cards are at least this share of the best achievable distance apart
SAME_PLACE_KM = 10.0  # one name on points this close is one place (a commune and its site)
SLACK = 0.9  # deal at 90 % of the largest distance: spread barely changes, best known places stay
RELAX_SHARE = 2.0  # the towns/sites share gives way only if holding it would halve the spacing
BISECTIONS = 14  # distance bisection steps: a 2,000 km bound narrows to about 0.1 km


@dataclass(frozen=True)
class Spread:
    """How well a deck covers its region (kilometres)."""

    min_pair_km: float  # smallest distance between two chosen places (bigger is better)
    largest_gap_km: (
        float  # radius of the largest empty circle centred on a candidate (smaller is better)
    )


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

    display = display_names(pool)
    quota = {"town": want_towns, "site": want_sites}
    for tail in (TAIL, math.inf):  # a longer tail only when the short one cannot deal the deck
        town_window, town_tail = _ranked(towns, want_towns, window, tail)
        site_window, site_tail = _ranked(sites, want_sites, window, tail)
        chosen = _deal_deck(
            town_window + site_window,
            town_tail + site_tail,
            quota,
            random.Random(seed),
            display,
            precision,
        )
        if len(chosen) == count:
            break
    if len(chosen) < count:
        # 0.01° (36″) is finer than a minute and coarser than a second
        finer = {
            Precision.MINUTE: "--precision second",
            Precision.HUNDREDTH: "--precision second",
            Precision.SECOND: "a larger region",
        }[precision]
        raise UserError(
            f"only {len(chosen)} of the {count} cards can have different printed latitudes and "
            f"longitudes (precision: {precision.value}) in this region; use {finer} or at most "
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
    rank: float  # familiarity rank, in units of the cards needed of its kind


def _ranked(
    places: list[Place], needed: int, window: RankWindow, tail: float
) -> tuple[list[_Ranked], list[_Ranked]]:
    """The places of one kind inside the difficulty's rank window, and the others (the tail).

    Ranks are divided by the number of cards needed of that kind, so that towns and sites
    interleave in proportion (the 4th town of 48 comes with the 1st site of 12). The tail holds
    the next ``tail`` × needed places, then the skipped best known ones.
    """
    if needed <= 0 or not places:
        return [], []
    order = sorted(places, key=lambda p: (-p.familiarity, p.id))
    skip = int(window.skip * needed)
    # never skip so many that the window cannot hold the cards needed
    skip = max(0, min(skip, len(order) - needed * 2))
    end = skip + max(needed, int(window.size * needed))
    stop = len(order) if math.isinf(tail) else end + int(tail * needed)

    def ranked(start: int, finish: int) -> list[_Ranked]:
        return [_Ranked(order[r], r / needed) for r in range(start, min(finish, len(order)))]

    return ranked(skip, end), ranked(end, stop) + ranked(0, skip)


def display_names(places: Sequence[Place]) -> dict[str, str]:
    """Place id -> the name printed on the card.

    Homonyms (the same name on places more than :data:`SAME_PLACE_KM` apart) get their
    département, else their région or country: "Saint-Denis (93)", "Saint-Denis (974)". The
    same place listed twice (the commune and the site "Saint-Émilion") keeps its plain name;
    the deal never gives two cards the same printed name.
    """
    groups: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        groups[place.name].append(place)
    names = {}
    for name, group in groups.items():
        homonyms = len(group) > 1 and not _all_close(group, SAME_PLACE_KM)
        for place in group:
            suffix = place.departement or place.region or place.country
            names[place.id] = f"{name} ({suffix})" if homonyms else name
    return names


def _all_close(group: list[Place], km: float) -> bool:
    lat = np.radians([p.lat for p in group])
    lon = np.radians([p.lon for p in group])
    return all(
        float(_haversine_km(lat[i], lon[i], lat, lon).max()) <= km for i in range(len(group))
    )


def _deal_deck(
    window: list[_Ranked],
    tail: list[_Ranked],
    quota: dict[str, int],
    rng: random.Random,
    display: dict[str, str],
    precision: Precision,
) -> list[Place]:
    """The best known places that keep the cards as far apart as the region allows.

    Candidates are taken in order: the window by (seeded, jittered) familiarity rank, then the
    tail by rank. One is dealt when it lies at least ``r`` km from every card already dealt,
    shares no printed latitude or longitude with them, and its kind's quota is not full.
    ``r`` is :data:`SLACK` times the larger of: the largest distance that the window alone can
    deal the deck with, and :data:`SPREAD_FLOOR` times the largest distance window and tail can
    (bisection for both). Where the best known places crowd together, the tail fills the empty
    parts. The towns/sites quota is kept unless that makes ``r`` :data:`RELAX_SHARE` times
    smaller; then either kind may fill the places the other cannot.
    """
    # Seeded variety that never demotes the best known: rank 0 stays first, rank 10 may swap
    # with ranks 7 to 13.
    jitter = [1.0 + rng.uniform(-JITTER, JITTER) for _ in window]
    ordered = [
        r
        for _, r in sorted(
            zip(jitter, window, strict=True),
            key=lambda pair: (pair[1].rank * pair[0], pair[1].place.id),
        )
    ]
    ordered += sorted(tail, key=lambda r: (r.rank, r.place.id))
    if not ordered:
        return []
    places = [r.place for r in ordered]
    lat = np.radians([p.lat for p in places])
    lon = np.radians([p.lon for p in places])
    columns = _Columns(
        lat=lat,
        lon=lon,
        xyz=np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat))),
        lat_units=[to_units(p.lat, precision) for p in places],
        lon_units=[to_units(p.lon, precision) for p in places],
        kinds=[p.kind for p in places],
        names=[display[p.id] for p in places],
    )
    wanted = sum(quota.values())
    dealt = _deal(columns, quota, 0.0, len(places))
    if len(dealt) < wanted:
        # not decidable with this share even with the cards side by side: the caller says so
        # (a finer precision keeps the share; the share does not silently give way here)
        return [places[i] for i in dealt]
    diameter = _diameter_km(columns.lat, columns.lon)

    def reach(flexible: bool) -> float:
        in_window = _largest_distance(columns, quota, len(window), diameter, flexible)
        overall = _largest_distance(columns, quota, len(places), diameter, flexible)
        return max(in_window, SPREAD_FLOOR * overall)

    distance, flexible = reach(False), False
    relaxed = reach(True)
    if relaxed > RELAX_SHARE * distance:
        # holding the towns/sites share would crowd the deck: let one kind stand in for the other
        distance, flexible = relaxed, True
    return [places[i] for i in _deal(columns, quota, SLACK * distance, len(places), flexible)]


def _largest_distance(
    columns: _Columns, quota: dict[str, int], limit: int, diameter: float, flexible: bool
) -> float:
    """The largest ``r`` (bisection) for which the first ``limit`` candidates deal the deck."""
    wanted = sum(quota.values())
    if len(_deal(columns, quota, 0.0, limit, flexible)) < wanted:
        return 0.0
    low, high = 0.0, diameter
    for _ in range(BISECTIONS):
        middle = (low + high) / 2
        if len(_deal(columns, quota, middle, limit, flexible)) >= wanted:
            low = middle
        else:
            high = middle
    return low


@dataclass(frozen=True)
class _Columns:
    lat: np.ndarray
    lon: np.ndarray
    xyz: np.ndarray  # unit vectors: the great-circle test is a dot product
    lat_units: list[int]
    lon_units: list[int]
    kinds: list[str]
    names: list[str]


def _deal(
    columns: _Columns, quota: dict[str, int], min_km: float, limit: int, flexible: bool = False
) -> list[int]:
    """Indices dealt in order among the first ``limit`` candidates, at least ``min_km`` apart.

    ``flexible``: when a kind runs out, the other kind fills the remaining cards.
    """
    left = dict(quota)
    wanted = sum(left.values())
    # "at least min_km apart on the sphere" <=> "dot product of unit vectors at most cos(angle)"
    max_dot = math.cos(min(math.pi, min_km / EARTH_RADIUS_KM)) + 1e-12
    closest = np.full(limit, -2.0)  # largest dot product with a dealt card so far
    xs, ys, zs = columns.xyz[:limit].T
    used_lat: set[int] = set()
    used_lon: set[int] = set()
    used_names: set[str] = set()
    dealt: list[int] = []
    for relaxed in (False, True) if flexible else (False,):
        for i in range(limit):
            if (
                (left[columns.kinds[i]] == 0 and not relaxed)
                or closest[i] > max_dot
                or columns.lat_units[i] in used_lat
                or columns.lon_units[i] in used_lon
                or columns.names[i] in used_names
            ):
                continue
            dealt.append(i)
            left[columns.kinds[i]] -= 1
            used_lat.add(columns.lat_units[i])
            used_lon.add(columns.lon_units[i])
            used_names.add(columns.names[i])
            if len(dealt) == wanted:
                return dealt
            if min_km > 0:
                x, y, z = xs[i], ys[i], zs[i]
                np.maximum(closest, xs * x + ys * y + zs * z, out=closest)
    return dealt


def _diameter_km(lat: np.ndarray, lon: np.ndarray) -> float:
    """An upper bound of the largest distance between two candidates."""
    return (
        float(
            _haversine_km(
                float(lat.min()), float(lon.min()), np.array([lat.max()]), np.array([lon.max()])
            )[0]
        )
        * 2
        + 1
    )


def _haversine_km(lat0: float, lon0: float, lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
    """Great-circle distances (km) from one point to many, inputs in radians."""
    a = np.sin((lat - lat0) / 2) ** 2 + np.cos(lat0) * np.cos(lat) * np.sin((lon - lon0) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))


def spread(chosen: Sequence[Place], candidates: Sequence[Place]) -> Spread:
    """Smallest pairwise distance of ``chosen``; largest empty circle centred on a candidate."""
    if len(chosen) < 2:
        raise ValueError("spread needs at least two chosen places")
    lat = np.radians([p.lat for p in chosen])
    lon = np.radians([p.lon for p in chosen])
    smallest = math.inf
    for i in range(len(chosen) - 1):
        smallest = min(
            smallest, float(_haversine_km(lat[i], lon[i], lat[i + 1 :], lon[i + 1 :]).min())
        )
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
