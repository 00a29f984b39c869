"""Which places make a good Oucédonc deck: familiar, spread out, decidable, one card per place.

Pure logic: no file, no network, no game rule (the printed grid comes in as data). Given the
candidate places of a region:

1. **Familiar first.** Towns and sites are ranked separately by ``familiarity`` (population;
   sitelinks or curation rank), each rank divided by the cards needed of that kind so the two
   interleave. ``difficulty`` picks the window of ranks the deck draws from (see
   :data:`DIFFICULTIES`): ``easy`` the best known 4×N, ``normal`` 8×N, ``hard`` skips the best
   known 1.5×N and draws from the next 12×N.
2. **Anchors.** In ``easy`` and ``normal`` decks the best known places (the first
   ``anchors`` × the cards of each kind: 40 % in a normal deck, so the 20 largest towns of a
   63-card deck) are dealt first, towns before sites, whatever the spread: a famous place is
   never pushed out by a less known one. Only the one-place rule (4) and the printed grid (3)
   can keep an anchor out.
3. **Decidable.** No two cards share a printed latitude or a printed longitude on the
   :class:`Grid` the caller passes (the integers the backs print), so any two cards can be
   ordered north-south and east-west. Without a grid (a board that prints no coordinates) the
   rule is off. :class:`Dealt` says which anchors a tie kept out: a caller can then try a finer
   grid (``--precision auto``).
4. **One card per place.** Two candidates are one place, and only the better known is dealt,
   when: a site is named after a town (the town's name is a run of words of the site's name:
   "Falaises de Bonifacio", "Citadelle de Corte"), or lies in the town's commune (same INSEE
   code) within :data:`SAME_COMMUNE_KM` of its point (Maison Bonaparte and Ajaccio, the Dune du
   Pilat and La Teste-de-Buch; not the Aiguilles de Bavella, 9 km from Zonza in Zonza's
   commune), or lies within :data:`SITE_TOWN_KM` of any town card; abroad, where there is no
   commune code, a site's commune is the GeoNames town it is credited to (:attr:`Place.commune`:
   the most populous town within 5 km, ``datasets/sites_abroad.csv``: the Atomium and
   Bruxelles); or a town is a suburb of a
   better known town: within :data:`SUBURB_KM` of a town :data:`SUBURB_RATIO` times as
   populous (Villeurbanne and Lyon, Deurne and Anvers, Talence and Bordeaux), or within the
   deck's suburb distance of it (:data:`SUBURB_SHARE` of the deck's mean spacing, the square
   root of the candidates' hull area per card: about 10 km in a France deck, only about 1.3 km
   in a Gironde deck, where Mérignac and Pessac, 7 km from Bordeaux, are places of their own).
   The name rule reaches :data:`SAME_PLACE_KM` (Mont Fuji is not the town of Fuji, 22 km away).
5. **Spread.** After the anchors, candidates are dealt in (seeded, jittered) rank order, each
   only if it lies at least ``r`` km from every card already dealt. ``r`` is 0.9 × the larger
   of: the largest distance at which the window alone completes the deck, and 0.7 × the
   largest distance at which the window plus a tail of the next 12×N places does (bisection).
   The towns/sites share gives way only when holding it would halve ``r``.
6. **Unambiguous names.** A name that several distinct places share gets its département (or
   the name of its province, canton or région abroad, given by the caller): "Saint-Denis
   (93)", "Ecublens (Fribourg)". Two cards never show the same name.
7. **Deterministic.** Everything random comes from ``random.Random(seed)``.

The returned places carry the display name in ``name``; ``id`` still names the source record.
"""

from __future__ import annotations

import math
import os
import random
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

# numpy's OpenBLAS starts a thread per core when it is imported, and they spin for a while: a
# fifth of numpy's import in CPU time (0.03 to 0.04 s of every deck on 2 cores). The selection
# does elementwise arithmetic only, never linear algebra: one thread, unless the user said.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np

from generator.core.errors import UserError
from generator.core.i18n import _, ngettext
from generator.geo.difficulty import Difficulty
from generator.geo.model import Place
from generator.geo.precision import MINUTES_PER_DEGREE, rounded_to_minutes

EARTH_RADIUS_KM = 6371.0088


@dataclass(frozen=True)
class Grid:
    """What two cards must never share: the whole numbers printed for a latitude or a longitude
    (``units`` turns degrees into them). Defined by the game; the selection only compares."""

    name: str  # "minute", for messages
    units: Callable[[float], int]
    per_degree: int = 60  # units in a degree: a point rounded to whole minutes supports 60


@dataclass(frozen=True)
class RankWindow:
    """Which familiarity ranks a difficulty draws from, in multiples of the cards needed."""

    skip: float  # ranks skipped at the top (the best known places)
    size: float  # ranks kept after that
    anchors: float  # the best known share of each kind's cards, dealt before the spread
    site_anchors: float  # the same for the sites (rarer: a famous site is rarely pushed out)
    well_known_only: bool = False  # towns below familiarity.WELL_KNOWN are left out, when the
    # candidates have well-known towns at all (the French communes' titles)


DIFFICULTIES: dict[str, RankWindow] = {
    "easy": RankWindow(skip=0.0, size=4.0, anchors=0.5, site_anchors=1.0, well_known_only=True),
    "normal": RankWindow(skip=0.0, size=8.0, anchors=0.4, site_anchors=0.8),
    "hard": RankWindow(skip=1.5, size=12.0, anchors=0.0, site_anchors=0.0),
}
#: ``easy`` for a region with too few well-known places for a deck: the same window, filled
#: with the next best known towns whatever their standing (``geo.pick`` says so in one line)
EASY_FILLED = "easy-filled"
_FILLED = {EASY_FILLED: replace(DIFFICULTIES["easy"], well_known_only=False)}
JITTER = 0.3  # each rank is multiplied by a seeded factor in [1 - JITTER, 1 + JITTER]
TAIL = 12.0  # places after the window that may fill empty parts, in multiples of the cards needed
SPREAD_FLOOR = 0.7  # cards are at least this share of the best achievable distance apart
SAME_PLACE_KM = 10.0  # one name on points this close is one place (a commune and its site)
SITE_TOWN_KM = 2.0  # a site this close to a town card is that town's (the one-place rule)
SAME_COMMUNE_KM = 5.0  # a site in a town's commune and this close to its point is that town's
SAME_COMMUNE_SHARE = 0.25  # ...or a quarter of the deck's mean spacing, when that is less
SUBURB_SHARE = 0.1  # a town this share of the deck's mean spacing from a better known one is it
SUBURB_KM = 5.0  # at any scale, a town this close to one SUBURB_RATIO times as populous is it
SUBURB_RATIO = 3.0
# Agglomerations: two towns of one agglomeration (Place.agglomeration) closer than the deck's
# "beside" distance are one place: half the deck's mean spacing, at least AGGLOMERATION_KM
# (but never more than AGGLOMERATION_DENSE_SHARE of the spacing: a département that is all one
# agglomeration, the Hauts-de-Seine, can still be dealt), at most AGGLOMERATION_MAX_KM
AGGLOMERATION_KM = 4.0  # also: any two towns closer than this are one place (a suburb pair)
AGGLOMERATION_SHARE = 0.5
AGGLOMERATION_DENSE_SHARE = 0.75
AGGLOMERATION_MAX_KM = 20.0
# Near-duplicates: two cards of any kinds closer than this are one place (half the mean spacing
# where that is less: Paris' sites)
NEAR_DUPLICATE_KM = 2.0
NEAR_DUPLICATE_SHARE = 0.5
SLACK = 0.9  # deal at 90 % of the largest distance: spread barely changes, best known places stay
RELAX_SHARE = 2.0  # the towns/sites share gives way only if holding it would halve the spacing
BISECTIONS = 14  # distance bisection steps: a 2,000 km bound narrows to about 0.1 km


@dataclass(frozen=True)
class Spread:
    """How well a deck covers its region (kilometres)."""

    min_pair_km: float  # smallest distance between two chosen places (bigger is better)
    largest_gap_km: float  # radius of the largest empty circle centred on a candidate


@dataclass(frozen=True)
class Dealt:
    """A selection's outcome: the places (display names set) and what the grid cost."""

    places: tuple[Place, ...]
    tied_anchors: tuple[Place, ...]  # best known places a printed tie kept out


class SelectionShortfall(UserError):
    """The region cannot give ``count`` places under the rules; ``dealt`` could be."""

    def __init__(self, message: str, dealt: int) -> None:
        super().__init__(message)
        self.dealt = dealt


def select_places(
    candidates: Sequence[Place],
    count: int,
    seed: int = 1,
    sites_share: float = 0.2,
    difficulty: Difficulty | str = "normal",
    grid: Grid | None = None,
    suffixes: Mapping[str, str] | None = None,
) -> list[Place]:
    """Pick ``count`` places from ``candidates`` (see the module text for the rules)."""
    return list(deal(candidates, count, seed, sites_share, difficulty, grid, suffixes).places)


def deal(
    candidates: Sequence[Place],
    count: int,
    seed: int = 1,
    sites_share: float = 0.2,
    difficulty: Difficulty | str = "normal",
    grid: Grid | None = None,
    suffixes: Mapping[str, str] | None = None,
    pinned: Sequence[str] = (),
) -> Dealt:
    """:func:`select_places` with the anchors a printed tie kept out.

    ``suffixes`` maps a place id to the words that tell it from its homonyms (a province or
    canton name abroad); the département code is used otherwise. ``pinned`` are the ids of
    candidates the deck must hold (the user's own places, ``--include``): dealt first, whatever
    the spread and the difficulty; :class:`PinnedConflict` when the one-place rule or a printed
    tie keeps one out."""
    window = _window(difficulty)
    _check_request(count, sites_share)
    if grid is not None and grid.per_degree > MINUTES_PER_DEGREE:
        # never print a rounding as if it were exact (geo.precision): in France, where every
        # commune has its IGN point, a rounded point is a site's that has a better one to find;
        # abroad, GeoNames rounds whole cities (Gand), which a deck cannot leave out
        candidates = [
            p
            for p in candidates
            if p.country != "FR" or not rounded_to_minutes(p) or p.id in pinned
        ]
    pool = _pool(candidates, window, set(pinned))
    if len(pool) < count:
        raise SelectionShortfall(
            _(
                "the region offers only {pool_count} places for {count} cards; choose a larger "
                "region or fewer cards"
            ).format(pool_count=len(pool), count=count),
            len(pool),
        )
    by_id = {place.id: place for place in pool}
    held = [by_id[place_id] for place_id in dict.fromkeys(pinned)]
    if len(held) > count:
        raise SelectionShortfall(
            _(
                "{pinned} places must be in the deck and it has {count} cards; ask for --cards "
                "{pinned} or name fewer places"
            ).format(pinned=len(held), count=count),
            0,
        )
    quota = _quota(pool, held, count, sites_share)
    display = display_names(pool, suffixes)
    spacing = mean_spacing_km(pool, count)
    free = [p for p in pool if p.id not in set(pinned)]
    towns = [p for p in free if p.kind == "town"]
    sites = [p for p in free if p.kind == "site"]
    left = {kind: quota[kind] - sum(p.kind == kind for p in held) for kind in quota}
    for tail in (TAIL, math.inf):  # a longer tail only when the short one cannot deal the deck
        town_window, town_tail = _ranked(towns, left["town"], window, tail)
        site_window, site_tail = _ranked(sites, left["site"], window, tail)
        chosen, tied = _deal_deck(
            _Ranks(
                town_window + site_window,
                town_tail + site_tail,
                _anchors(town_window, left["town"], window)
                + _anchors(site_window, left["site"], window),
                [_Ranked(place, -1.0) for place in held],
            ),
            quota,
            random.Random(seed),
            display,
            grid,
            spacing,
        )
        if len(chosen) == count:
            break
    _check_pinned(held, chosen, display, grid)
    if len(chosen) < count:
        printed = f" with different printed latitudes and longitudes ({grid.name})" if grid else ""
        raise SelectionShortfall(
            _(
                "only {chosen_count} of the {count} cards can be dealt{printed} in this region, "
                "one card per place"
            ).format(chosen_count=len(chosen), count=count, printed=printed),
            len(chosen),
        )
    return Dealt(tuple(replace(place, name=display[place.id]) for place in chosen), tuple(tied))


class PinnedConflict(UserError):
    """A place the deck must hold cannot be dealt beside the others (one place, or a tie)."""


def _check_request(count: int, sites_share: float) -> None:
    if count < 1:
        raise UserError(
            _("a deck needs at least one card, not {count}; give --count 1 or more").format(
                count=count
            )
        )
    if not 0.0 <= sites_share <= 1.0:
        raise UserError(
            _("--sites-share must be between 0 and 1, not {sites_share}").format(
                sites_share=sites_share
            )
        )


def _pool(candidates: Sequence[Place], window: RankWindow, pinned: set[str]) -> list[Place]:
    """The valid candidates (:func:`_unique`); for a well-known-only window (``easy``), the
    towns below :data:`~generator.geo.familiarity.WELL_KNOWN` are left out when any town is
    well known (pinned places always stay)."""
    from generator.geo.familiarity import well_known

    pool = _unique(candidates)
    if window.well_known_only and any(p.kind == "town" and well_known(p.familiarity) for p in pool):
        pool = [p for p in pool if p.kind != "town" or well_known(p.familiarity) or p.id in pinned]
    missing = pinned - {p.id for p in pool}
    if missing:
        raise ValueError(f"pinned places are not candidates: {sorted(missing)}")
    return pool


def _quota(pool: list[Place], held: list[Place], count: int, sites_share: float) -> dict[str, int]:
    """Cards of each kind: the sites share of the deck, at least the pinned places of each kind;
    one kind fills in for the other when it runs out."""
    towns = sum(p.kind == "town" for p in pool)
    sites = len(pool) - towns
    held_sites = sum(p.kind == "site" for p in held)
    held_towns = len(held) - held_sites
    want_sites = max(held_sites, min(sites, round(count * sites_share)))
    want_sites = min(want_sites, count - held_towns)
    want_towns = min(towns, count - want_sites)
    return {"town": want_towns, "site": count - want_towns}


def _check_pinned(
    held: list[Place], chosen: list[Place], display: Mapping[str, str], grid: Grid | None
) -> None:
    dealt = {place.id for place in chosen}
    out = [display[place.id] for place in held if place.id not in dealt]
    if not out:
        return
    raise PinnedConflict(
        ngettext(
            "{names} cannot be in this deck: it is one place with another card (within a few "
            "kilometres, or in its agglomeration), or shares its printed latitude or longitude "
            "({grid}) with one; leave one of them out or use a finer --precision",
            "{names} cannot be in this deck: each is one place with another card (within a few "
            "kilometres, or in its agglomeration), or shares its printed latitude or longitude "
            "({grid}) with one; leave some of them out or use a finer --precision",
            len(out),
        ).format(names=", ".join(out), grid=grid.name if grid else "-")
    )


def mean_spacing_km(places: Sequence[Place], count: int) -> float:
    """The square root of the candidates' hull area (km², a local equirectangular frame) per
    card: how far apart ``count`` evenly spread cards would be."""
    import shapely

    if len(places) < 3 or count < 1:
        return 0.0
    mean_lat = math.radians(sum(p.lat for p in places) / len(places))
    km = math.pi * EARTH_RADIUS_KM / 180
    hull = shapely.convex_hull(
        shapely.multipoints([(p.lon * km * math.cos(mean_lat), p.lat * km) for p in places])
    )
    return math.sqrt(hull.area / count)


def _window(difficulty: str) -> RankWindow:
    try:
        return DIFFICULTIES[difficulty] if difficulty in DIFFICULTIES else _FILLED[difficulty]
    except KeyError:
        raise UserError(
            _("unknown difficulty {difficulty!r}; choose one of {names}").format(
                difficulty=difficulty, names=", ".join(DIFFICULTIES)
            )
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


def display_names(
    places: Sequence[Place], suffixes: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Place id -> the name printed on the card.

    Homonyms (the same name on places more than :data:`SAME_PLACE_KM` apart) get a suffix:
    ``suffixes[id]`` when given (a province or canton name abroad), else the département, else
    the région or country code: "Saint-Denis (93)", "Ecublens (Fribourg)". The same place
    listed twice (the commune and the site "Saint-Émilion") keeps its plain name; the deal never
    gives two cards the same printed name.
    """
    groups: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        groups[place.name].append(place)
    names = {}
    for name, group in groups.items():
        homonyms = len(group) > 1 and not _all_close(group, SAME_PLACE_KM)
        for place in group:
            suffix = (
                (suffixes or {}).get(place.id) or place.departement or place.region or place.country
            )
            names[place.id] = f"{name} ({suffix})" if homonyms else name
    return names


def _all_close(group: list[Place], km: float) -> bool:
    lat = np.radians([p.lat for p in group])
    lon = np.radians([p.lon for p in group])
    return all(
        float(_haversine_km(lat[i], lon[i], lat, lon).max()) <= km for i in range(len(group))
    )


@dataclass(frozen=True)
class _Ranks:
    window: list[_Ranked]
    tail: list[_Ranked]
    anchors: list[_Ranked]  # the best known of the window, dealt first
    pinned: list[_Ranked]  # the places the deck must hold, dealt before all


def _anchors(window: list[_Ranked], needed: int, rank_window: RankWindow) -> list[_Ranked]:
    """The first ``anchors`` × ``needed`` of the window (``site_anchors`` for sites), when the
    window starts at the top."""
    if rank_window.skip > 0 or needed <= 0 or not window:
        return []
    share = rank_window.site_anchors if window[0].place.kind == "site" else rank_window.anchors
    return window[: math.ceil(share * needed)]


def _words(name: str) -> tuple[str, ...]:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    letters = "".join(
        ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.combining(ch)
    )
    return tuple(letters.split())


def _named_after(places: list[Place]) -> dict[int, set[int]]:
    """Index -> indices of the other kind it is one place with by name: a site whose name holds
    a town's whole name as a run of words ("Citadelle de Corte" and Corte), both ways, when
    their points are within :data:`SAME_PLACE_KM` (Mont Fuji is not the town of Fuji, 22 km
    away, nor the Lac du Bourget Le Bourget)."""
    towns: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i, place in enumerate(places):
        if place.kind == "town":
            towns[_words(place.name)].append(i)
    longest = max((len(key) for key in towns), default=0)
    pairs: dict[int, set[int]] = defaultdict(set)
    for i, place in enumerate(places):
        if place.kind != "site":
            continue
        words = _words(place.name)
        for start in range(len(words)):
            for end in range(start + 1, min(len(words), start + longest) + 1):
                for j in towns.get(words[start:end], ()):
                    if _km(place, places[j]) <= SAME_PLACE_KM:
                        pairs[i].add(j)
                        pairs[j].add(i)
    return pairs


def _deal_deck(
    ranks: _Ranks,
    quota: dict[str, int],
    rng: random.Random,
    display: dict[str, str],
    grid: Grid | None,
    spacing_km: float,
) -> tuple[list[Place], list[Place]]:
    """The anchors, then the best known places that keep the cards as far apart as the region
    allows; and the anchors a printed tie kept out.

    After the anchors (in rank order), candidates are taken in order: the window by (seeded,
    jittered) familiarity rank, then the tail by rank. One is dealt when it lies at least ``r``
    km from every card already dealt, is not one place with a dealt card, shares no printed
    latitude or longitude with them, and its kind's quota is not full. ``r`` is :data:`SLACK`
    times the larger of: the largest distance that the window alone can deal the deck with, and
    :data:`SPREAD_FLOOR` times the largest distance window and tail can (bisection for both).
    The towns/sites quota is kept unless that makes ``r`` :data:`RELAX_SHARE` times smaller.
    """
    anchored = {id(r) for r in ranks.anchors}
    rest = [r for r in ranks.window if id(r) not in anchored]
    # Seeded variety that never demotes the best known: rank 10 may swap with ranks 7 to 13.
    jitter = [1.0 + rng.uniform(-JITTER, JITTER) for _ in rest]
    # the pinned places, then the anchors of both kinds in rank order (each kind's rank in units
    # of its cards: the best known site comes with the best known town)
    ordered = list(ranks.pinned)
    ordered += sorted(ranks.anchors, key=lambda r: (r.rank, r.place.kind != "town", r.place.id))
    ordered += [
        r
        for _, r in sorted(
            zip(jitter, rest, strict=True),
            key=lambda pair: (pair[1].rank * pair[0], pair[1].place.id),
        )
    ]
    ordered += sorted(ranks.tail, key=lambda r: (r.rank, r.place.id))
    if not ordered:
        return [], []
    places = [r.place for r in ordered]
    lat = np.radians([p.lat for p in places])
    lon = np.radians([p.lon for p in places])
    columns = _Columns(
        lat=lat,
        lon=lon,
        xyz=np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat))),
        lat_units=[grid.units(p.lat) for p in places] if grid else None,
        lon_units=[grid.units(p.lon) for p in places] if grid else None,
        kinds=[p.kind for p in places],
        is_town=np.array([p.kind == "town" for p in places]),
        size=np.array(
            [p.population if p.population is not None else p.familiarity for p in places],
            dtype=float,
        ),
        suburb_floor_dot=math.cos(SUBURB_KM / EARTH_RADIUS_KM),
        names=[display[p.id] for p in places],
        commune=[p.commune for p in places],
        named_after=_named_after(places),
        anchors=len(ranks.pinned) + len(ranks.anchors),
        suburb_dot=_dot(SUBURB_SHARE * spacing_km),
        site_town_dot=_dot(min(SITE_TOWN_KM, NEAR_DUPLICATE_SHARE * spacing_km)),
        commune_dot=_dot(min(SAME_COMMUNE_KM, SAME_COMMUNE_SHARE * spacing_km)),
        agglomeration=_agglomeration_keys(places),
        beside_dot=_dot(beside_km(spacing_km)),
        town_pair_dot=_dot(min(AGGLOMERATION_KM, AGGLOMERATION_DENSE_SHARE * spacing_km)),
        near_dot=_dot(min(NEAR_DUPLICATE_KM, NEAR_DUPLICATE_SHARE * spacing_km)),
    )
    columns = replace(columns, pairs=_pairs(columns))
    wanted = sum(quota.values())
    window_end = len(ranks.window)

    def chosen(indices: list[int]) -> list[Place]:
        return [places[i] for i in indices]

    dealt, _ = _deal(columns, quota, 0.0, len(places), True)
    if len(dealt) < wanted:
        # not decidable, or not enough distinct places, even with the cards side by side
        return chosen(dealt), []
    diameter = _diameter_km(columns.lat, columns.lon)

    def reach(flexible: bool) -> float:
        in_window = _largest_distance(columns, quota, window_end, diameter, flexible)
        overall = _largest_distance(columns, quota, len(places), diameter, flexible)
        return max(in_window, SPREAD_FLOOR * overall)

    held = len(_deal(columns, quota, 0.0, len(places))[0]) == wanted
    distance, flexible = (reach(False), False) if held else (0.0, True)
    relaxed = reach(True)
    if not held or relaxed > RELAX_SHARE * distance:
        # holding the towns/sites share would crowd the deck (or the one-place rule leaves too
        # few sites): let one kind stand in for the other
        distance, flexible = relaxed, True
    dealt, tied = _deal(columns, quota, SLACK * distance, len(places), flexible)
    return chosen(dealt), chosen(tied)


def _dot(km: float) -> float:
    """The dot product of the unit vectors of two points ``km`` apart on the sphere."""
    return math.cos(min(math.pi, km / EARTH_RADIUS_KM))


def beside_km(spacing_km: float) -> float:
    """How close two towns of one agglomeration may not both be cards (see
    :data:`AGGLOMERATION_KM`), for a deck whose mean spacing is ``spacing_km``."""
    return min(
        max(
            AGGLOMERATION_SHARE * spacing_km,
            min(AGGLOMERATION_KM, AGGLOMERATION_DENSE_SHARE * spacing_km),
        ),
        AGGLOMERATION_MAX_KM,
    )


def _agglomeration_keys(places: list[Place]) -> np.ndarray:
    """One integer per candidate: equal for two towns of one agglomeration, -1 for a place in
    none (a site, a town abroad the data gives none)."""
    keys: dict[str, int] = {}
    return np.array(
        [
            keys.setdefault(p.agglomeration, len(keys))
            if p.kind == "town" and p.agglomeration
            else -1
            for p in places
        ]
    )


def _largest_distance(
    columns: _Columns, quota: dict[str, int], limit: int, diameter: float, flexible: bool
) -> float:
    """The largest ``r`` (bisection) for which the first ``limit`` candidates deal the deck."""
    wanted = sum(quota.values())
    if len(_deal(columns, quota, 0.0, limit, flexible)[0]) < wanted:
        return 0.0
    low, high = 0.0, diameter
    for _attempt in range(BISECTIONS):
        middle = (low + high) / 2
        if len(_deal(columns, quota, middle, limit, flexible)[0]) >= wanted:
            low = middle
        else:
            high = middle
    return low


#: Candidates up to which the dot products and the one-place rule of every pair are computed
#: once (two matrices of this size squared: 20 MB of floats at 1,600) instead of at every deal.
PAIRS_MAX = 1600


@dataclass(frozen=True)
class _Pairs:
    dots: np.ndarray  # dots[i, j]: the dot product of the unit vectors of candidates i and j
    one_place: np.ndarray  # one_place[i, j]: j is one place with i, once i is dealt


def _one_place(columns: _Columns, dots: np.ndarray, i: int, limit: int) -> np.ndarray:
    """Which of the first ``limit`` candidates are one place with candidate ``i`` (``dots``:
    their dot products with it): the suburbs of a town, the sites next to it, and the other way."""
    towns = columns.is_town[:limit]
    town = bool(columns.is_town[i])
    same: np.ndarray = (towns != town) & (dots > columns.site_town_dot)
    same |= dots > columns.near_dot
    if town:
        smaller = columns.size[:limit] * SUBURB_RATIO <= columns.size[i]
        near = (dots > columns.suburb_dot) | (smaller & (dots > columns.suburb_floor_dot))
        near |= dots > columns.town_pair_dot
        agglomeration = columns.agglomeration[i]
        if agglomeration >= 0:
            near |= (columns.agglomeration[:limit] == agglomeration) & (dots > columns.beside_dot)
        same |= towns & near
    return same


def _pairs(columns: _Columns) -> _Pairs | None:
    """Every pair's dot product and one-place test, for a deck's candidates when they are few
    enough: each element is the very operation :func:`_deal` does (same order, same floats)."""
    count = len(columns.kinds)
    if count > PAIRS_MAX:
        return None
    xs, ys, zs = columns.xyz.T
    dots = xs[None, :] * xs[:, None]  # (x x + y y) + z z, added in place: the same floats
    dots += ys[None, :] * ys[:, None]
    dots += zs[None, :] * zs[:, None]
    towns, size = columns.is_town, columns.size
    # row i is _one_place(columns, dots[i], i, count), for every i at once
    one_place = (towns[None, :] != towns[:, None]) & (dots > columns.site_town_dot)
    one_place |= dots > columns.near_dot
    smaller = size[None, :] * SUBURB_RATIO <= size[:, None]
    near = (dots > columns.suburb_dot) | (smaller & (dots > columns.suburb_floor_dot))
    near |= dots > columns.town_pair_dot
    agglomeration = columns.agglomeration
    near |= (
        (agglomeration[:, None] == agglomeration[None, :])
        & (agglomeration[:, None] >= 0)
        & (dots > columns.beside_dot)
    )
    one_place |= towns[:, None] & towns[None, :] & near
    return _Pairs(dots, one_place)


@dataclass(frozen=True)
class _Columns:
    lat: np.ndarray
    lon: np.ndarray
    xyz: np.ndarray  # unit vectors: the great-circle test is a dot product
    lat_units: list[int] | None  # printed values (None: no grid)
    lon_units: list[int] | None
    kinds: list[str]
    is_town: np.ndarray
    size: np.ndarray  # population (familiarity where none): the suburb rule's "as populous"
    suburb_floor_dot: float
    names: list[str]
    commune: list[str | None]  # Place.commune: INSEE code, or abroad a GeoNames town
    named_after: dict[int, set[int]]
    anchors: int  # the first ``anchors`` candidates ignore the spread distance
    suburb_dot: float  # towns closer than the suburb distance: dot product above this
    site_town_dot: float
    commune_dot: float
    agglomeration: np.ndarray  # see :func:`_agglomeration_keys`
    beside_dot: float  # two towns of one agglomeration closer than this are one place
    town_pair_dot: float  # two towns closer than this are one place, whatever their agglomeration
    near_dot: float  # two cards closer than this are one place, whatever their kinds
    pairs: _Pairs | None = None  # see :func:`_pairs`


def _deal(
    columns: _Columns, quota: dict[str, int], min_km: float, limit: int, flexible: bool = False
) -> tuple[list[int], list[int]]:
    """Indices dealt in order among the first ``limit`` candidates, and the anchors a printed
    tie kept out. The anchors come first and need not be ``min_km`` from the others.

    ``flexible``: when a kind runs out, the other kind fills the remaining cards.
    """
    left = dict(quota)
    wanted = sum(left.values())
    # "at least min_km apart on the sphere" <=> "dot product of unit vectors at most cos(angle)"
    max_dot = math.cos(min(math.pi, min_km / EARTH_RADIUS_KM)) + 1e-12
    closest = np.full(limit, -2.0)  # largest dot product with a dealt card so far
    blocked = np.zeros(limit, dtype=bool)  # one place with a dealt card
    xs, ys, zs = columns.xyz[:limit].T
    towns = columns.is_town[:limit]
    used_lat: set[int] = set()
    used_lon: set[int] = set()
    used_names: set[str] = set()
    dealt_commune: dict[tuple[str, bool], int] = {}
    dealt: list[int] = []
    tied: list[int] = []
    for relaxed in (False, True) if flexible else (False,):
        for i in range(limit):
            if (left[columns.kinds[i]] == 0 and not relaxed) or blocked[i]:
                continue
            if i >= columns.anchors and closest[i] > max_dot:
                continue
            if columns.names[i] in used_names:
                continue
            town = bool(towns[i])
            code = columns.commune[i]
            other = dealt_commune.get((code, not town)) if code is not None else None
            if other is not None and (
                xs[i] * xs[other] + ys[i] * ys[other] + zs[i] * zs[other] > columns.commune_dot
            ):
                continue  # a site in a dealt town's commune, near it; or the town of such a site
            if columns.lat_units is not None and columns.lon_units is not None:
                if columns.lat_units[i] in used_lat or columns.lon_units[i] in used_lon:
                    if i < columns.anchors and not relaxed:
                        tied.append(i)
                    continue
                used_lat.add(columns.lat_units[i])
                used_lon.add(columns.lon_units[i])
            dealt.append(i)
            left[columns.kinds[i]] -= 1
            used_names.add(columns.names[i])
            if code is not None:
                dealt_commune[(code, town)] = i
            if len(dealt) == wanted:
                return dealt, tied
            if columns.pairs is not None:  # the same numbers, computed once for every deal
                if min_km > 0:
                    np.maximum(closest, columns.pairs.dots[i, :limit], out=closest)
                blocked |= columns.pairs.one_place[i, :limit]
            else:
                dots = xs * xs[i] + ys * ys[i] + zs * zs[i]
                if min_km > 0:
                    np.maximum(closest, dots, out=closest)
                blocked |= _one_place(columns, dots, i, limit)
            for j in columns.named_after.get(i, ()):
                if j < limit:
                    blocked[j] = True
    return dealt, tied


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


def _km(a: Place, b: Place) -> float:
    """The great-circle distance between two places (km)."""
    lat0, lon0 = math.radians(a.lat), math.radians(a.lon)
    return float(_haversine_km(lat0, lon0, np.radians([b.lat]), np.radians([b.lon]))[0])


def _haversine_km(lat0: float, lon0: float, lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
    """Great-circle distances (km) from one point to many, inputs in radians."""
    a = np.sin((lat - lat0) / 2) ** 2 + np.cos(lat0) * np.cos(lat) * np.sin((lon - lon0) / 2) ** 2
    distances: np.ndarray = 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))
    return distances


def crowded_town_pairs(places: Sequence[Place], km: float = AGGLOMERATION_KM) -> int:
    """Pairs of town cards closer than ``km``: what a deck of a département that is one
    built-up area (the Hauts-de-Seine, the Seine-Saint-Denis) cannot avoid."""
    towns = [p for p in places if p.kind == "town"]
    lat = np.radians([p.lat for p in towns])
    lon = np.radians([p.lon for p in towns])
    return sum(
        int(np.count_nonzero(_haversine_km(lat[i], lon[i], lat[i + 1 :], lon[i + 1 :]) < km))
        for i in range(len(towns) - 1)
    )


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


def decidable(places: Sequence[Place], grid: Grid) -> bool:
    """True when no two places share a printed latitude or a printed longitude."""
    lats = [grid.units(p.lat) for p in places]
    lons = [grid.units(p.lon) for p in places]
    return len(set(lats)) == len(lats) and len(set(lons)) == len(lons)
