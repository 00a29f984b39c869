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
   Two towns under :data:`AGGLOMERATION_KM` apart, or two towns of one agglomeration "beside"
   each other (:func:`beside_km`), and two cards of any kinds under :data:`NEAR_DUPLICATE_KM`
   are one place too. A **crowded** deal (:attr:`Terms.crowded`, asked by the caller only for a
   region that holds no deck otherwise: the Hauts-de-Seine, Paris' sites) shrinks those
   distances with the deck's mean spacing.
5. **Spread.** After the anchors, candidates are dealt in (seeded, jittered) rank order, each
   only if it lies at least ``r`` km from every card already dealt. ``r`` is 0.9 × the larger
   of: the largest distance at which the window alone completes the deck, and 0.7 × the
   largest distance at which the window plus a tail of the next 12×N places does (bisection).
   The towns/sites share gives way only when holding it would halve ``r``.
6. **Unambiguous names.** A name that several distinct places share gets its département (or
   the name of its province, canton or région abroad, given by the caller): "Saint-Denis
   (93)", "Ecublens (Fribourg)". Two cards never show the same name.
7. **Deterministic.** Everything random comes from ``random.Random(seed)``.
8. **A floor of sites** (``sites_floor``, the caller's: a French département's or région's
   Oucédonc deck). The sites quota is at least the floor; when the deal falls under it because
   the one-place rule kept sites out, the best known of them are dealt again before the
   anchors, taking the card of the town they are one place with where that town gives way
   (:func:`gives_way`: a lesser-known town, or any but a préfecture when the site is named
   after it).

The returned places carry the display name in ``name``; ``id`` still names the source record.
"""

from __future__ import annotations

import math
import os
import random
import unicodedata
from bisect import bisect_left
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import IntEnum
from functools import cached_property, lru_cache
from itertools import compress
from operator import not_
from threading import Lock
from typing import Generic, NamedTuple, TypeAlias, TypeVar

from msgspec import Struct, field
from msgspec.structs import replace

# numpy's OpenBLAS starts a thread per core when it is imported, and they spin for a while: a
# fifth of numpy's import in CPU time (0.03 to 0.04 s of every deck on 2 cores). The selection
# does elementwise arithmetic only, never linear algebra: one thread, unless the user said.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np

from generator.core.errors import UserError
from generator.core.i18n import _, ngettext
from generator.geo.difficulty import Difficulty
from generator.geo.familiarity import LESSER_KNOWN, PREFECTURE_KNOWN
from generator.geo.model import OWN_PREFIX, Place
from generator.geo.place_table import PlaceTable
from generator.geo.precision import (
    HUNDREDTHS_PER_DEGREE,
    MINUTES_PER_DEGREE,
    WHOLE_MINUTE_SLACK,
)

EARTH_RADIUS_KM = 6371.0088


class Grid(Struct, frozen=True):
    """What two cards must never share: the whole numbers printed for a latitude or a longitude
    (``units`` turns degrees into them). Defined by the game; the selection only compares."""

    name: str  # "minute", for messages
    units: Callable[[float], int]
    # units in a degree, when ``units`` rounds degrees × per_degree half away from zero (then
    # the selection rounds a whole column at once, to the same integers); None: one by one
    per_degree: int | None = None


class RankWindow(Struct, frozen=True):
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
# "beside" distance are one place: half the deck's mean spacing, at least AGGLOMERATION_KM, at
# most AGGLOMERATION_MAX_KM
AGGLOMERATION_KM = 4.0  # also: any two towns closer than this are one place (a suburb pair)
AGGLOMERATION_SHARE = 0.5
AGGLOMERATION_MAX_KM = 20.0
# Near-duplicates: two cards of any kinds closer than this are one place
NEAR_DUPLICATE_KM = 2.0
# A crowded deal (Terms.crowded, Crowding: a region too dense for a deck otherwise, the
# Hauts-de-Seine, Paris' sites, Malta) shrinks those distances with the deck's mean spacing:
# towns (then the suburb rule's SUBURB_KM) AGGLOMERATION_DENSE_SHARE of it, any two cards
# NEAR_DUPLICATE_SHARE of it, where that is less
AGGLOMERATION_DENSE_SHARE = 0.75
NEAR_DUPLICATE_SHARE = 0.5
SLACK = 0.9  # deal at 90 % of the largest distance: spread barely changes, best known places stay
RELAX_SHARE = 2.0  # the towns/sites share gives way only if holding it would halve the spacing
# the deal's bookkeeping (no effect on which cards are dealt): candidates checked against the
# masks BLOCK at a time; up to ONE_BY_ONE places near a dealt card tested one by one
BLOCK = 64
# the cells of _Outcomes.too_few_cells: a cell's sides add up to CELL_SHARE of the distance (a
# margin far above the deal's rounding, 1e-12 on a dot product, for distances of MIN_CELL_KM up)
CELL_SHARE = 0.9
MIN_CELL_KM = 1.0
HALF_UNIT_DOUBT = 1e-6  # see _grid_units: a thousand times what round(…, 9) may move
ONE_BY_ONE = 24
BISECTIONS = 14  # distance bisection steps: a 2,000 km bound narrows to about 0.1 km


class Spread(Struct, frozen=True):
    """How well a deck covers its region (kilometres)."""

    min_pair_km: float  # smallest distance between two chosen places (bigger is better)
    largest_gap_km: float  # radius of the largest empty circle centred on a candidate


class Dealt(Struct, frozen=True):
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


class Crowding(IntEnum):
    """How far a deal shrinks the one-place rule's distances with the deck's mean spacing (a
    caller asks for more only when less gives no deck, and says so)."""

    NONE = 0  # the full distances
    PAIRS = 1  # two towns (AGGLOMERATION_KM), towns of one agglomeration, any two cards
    # (NEAR_DUPLICATE_KM) and a site and a town (SITE_TOWN_KM): the Hauts-de-Seine, Paris' sites
    SUBURBS = 2  # and the suburb rule's SUBURB_KM: Malta, whose 67 towns are suburbs at 5 km


def deal(
    candidates: Sequence[Place],
    count: int,
    seed: int = 1,
    sites_share: float = 0.2,
    difficulty: Difficulty | str = "normal",
    grid: Grid | None = None,
    suffixes: Mapping[str, str] | None = None,
    pinned: Sequence[str] = (),
    sites_floor: int = 0,
    crowded: Crowding = Crowding.NONE,
) -> Dealt:
    """:func:`select_places` with the anchors a printed tie kept out.

    ``suffixes`` maps a place id to the words that tell it from its homonyms (a province or
    canton name abroad); the département code is used otherwise. ``pinned`` are the ids of
    candidates the deck must hold (the user's own places, ``--include``): dealt first, whatever
    the spread and the difficulty; :class:`PinnedConflict` when the one-place rule or a printed
    tie keeps one out. ``sites_floor``: the sites the deck deals at least, where the region has
    them (:meth:`_Deck.promotable`: a site may then take the card of a lesser-known town).
    ``crowded``: see :class:`Terms`."""
    return Pool(candidates, suffixes, pinned).deal(
        Terms(count, seed, sites_share, difficulty, grid, sites_floor, crowded)
    )


class Terms(Struct, frozen=True):
    """What one deal of a :class:`Pool` is asked (see :func:`deal`)."""

    count: int
    seed: int = 1
    sites_share: float = 0.2
    difficulty: Difficulty | str = "normal"
    grid: Grid | None = None
    sites_floor: int = 0
    # the one-place rule's distances shrink with the deck's mean spacing (a region too dense
    # for a deck whose towns stand AGGLOMERATION_KM apart and whose cards NEAR_DUPLICATE_KM:
    # the caller asks for it only then, and says so)
    crowded: Crowding = Crowding.NONE


#: The deals a :class:`Pool` keeps, the last made (63 places each)
DEALS_KEPT = 16
K = TypeVar("K")
V = TypeVar("V")


class _LastKept(Generic[K, V]):
    """The last ``size`` answers, by their question (the threads of a server share them)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def keep(self, key: K, value: V) -> V:
        with self._lock:
            self._kept[key] = value
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value


class Pool:
    """One request's candidates, prepared once for all the deals made of them.

    The pick (``geo.pick``) deals the same candidates on each printed grid and each count it
    tries; what a deal reads of all of them, tens of thousands for France (the valid ones,
    their homonyms, their hull, their order by familiarity), is worked out once per variant:
    a grid finer than the minute leaves out the points rounded to the minute, an ``easy`` deck
    the lesser-known towns. ``suffixes`` and ``pinned``: see :func:`deal`."""

    def __init__(
        self,
        candidates: Sequence[Place],
        suffixes: Mapping[str, str] | None = None,
        pinned: Sequence[str] = (),
    ) -> None:
        self.candidates = PlaceTable.of(candidates)  # the records made when a deal reads them
        self.suffixes = suffixes
        self.pinned = tuple(dict.fromkeys(pinned))
        self._variants: dict[tuple[bool, bool], _Prepared] = {}
        # the last deals made, and whether their anchors tie, by their terms: a deck made again
        # with other print options (the studio's paper, card size, duplex) is the same deal
        self._dealt: _LastKept[Terms, Dealt] = _LastKept(DEALS_KEPT)
        self._ties: _LastKept[Terms, bool] = _LastKept(DEALS_KEPT)

    def deal(self, terms: Terms) -> Dealt:
        """The deal of :func:`deal` (see there); the same terms give the same deal, made once
        for the last :data:`DEALS_KEPT` terms."""
        dealt = self._dealt.get(terms)
        if dealt is None:
            dealt = self._dealt.keep(terms, self._deal(terms))
        return dealt

    def _deal(self, terms: Terms) -> Dealt:
        deck, floor = self._deck(terms)
        chosen, tied = deck.deal(())
        promoted: tuple[Place, ...] = ()
        while sum(p.kind == "site" for p in chosen) < floor:
            # too few sites: the best known sites left out take the place of what kept them
            # out, dealt before the anchors, when no well-known town is one place with them
            dealt = {p.id for p in chosen}
            more = [p for p in deck.promotable if p.id not in dealt and p not in promoted]
            if not more:
                break
            wanted = floor - sum(p.kind == "site" for p in chosen)
            promoted += tuple(more[:wanted])
            chosen, tied = deck.deal(promoted)
        display, grid, count = deck.display, terms.grid, terms.count
        _check_pinned(deck.held, chosen, display, grid)
        if len(chosen) < count:
            printed = (
                f" with different printed latitudes and longitudes ({grid.name})" if grid else ""
            )
            raise SelectionShortfall(
                _(
                    "only {chosen_count} of the {count} cards can be dealt{printed} in this "
                    "region, one card per place"
                ).format(chosen_count=len(chosen), count=count, printed=printed),
                len(chosen),
            )
        return Dealt(tuple(replace(place, name=display.of(place)) for place in chosen), tuple(tied))

    def anchors_tie(self, terms: Terms) -> bool:
        """True when :meth:`deal` of ``terms`` surely keeps an anchor out by a printed tie (or
        fails): a caller with a finer grid to try may try it first. Told from the anchors
        alone, which a deal takes first whatever the spread (:func:`_deal`), so without the
        distance bisections; False (not known) when sites may be promoted before them."""
        tie = self._ties.get(terms)
        if tie is None:
            deck, floor = self._deck(terms)
            tie = self._ties.keep(terms, floor == 0 and deck.anchors_tie())
        return tie

    def _deck(self, terms: Terms) -> tuple[_Deck, int]:
        """The deck to deal and its floor of sites (see :func:`deal`)."""
        count, grid, sites_floor = terms.count, terms.grid, terms.sites_floor
        window = _window(terms.difficulty)
        _check_request(count, terms.sites_share)
        # never print a rounding as if it were exact (geo.precision): in France, where every
        # commune has its IGN point, a rounded point is a site's that has a better one to
        # find; abroad, GeoNames rounds whole cities (Gand), which a deck cannot leave out
        fine = grid is not None and (grid.per_degree or 0) > MINUTES_PER_DEGREE
        prepared = self._prepared(fine, window.well_known_only)
        pool = prepared.pool
        if len(pool) < count:
            raise SelectionShortfall(
                ngettext(
                    "the region offers only {pool_count} place for {count} cards; choose a "
                    "larger region or fewer cards",
                    "the region offers only {pool_count} places for {count} cards; choose a "
                    "larger region or fewer cards",
                    len(pool),
                ).format(pool_count=len(pool), count=count),
                len(pool),
            )
        held = prepared.held
        if len(held) > count:
            raise SelectionShortfall(
                _(
                    "{pinned} places must be in the deck and it has {count} cards; ask for "
                    "{pinned} cards or name fewer places"
                ).format(pinned=len(held), count=count),
                0,
            )
        quota = _quota(prepared.pool_towns, len(pool), held, count, terms.sites_share, sites_floor)
        deck = _Deck(
            towns=prepared.towns,
            sites=prepared.sites,
            held=held,
            quota=quota,
            window=window,
            seed=terms.seed,
            display=prepared.display,
            grid=grid,
            spacing=prepared.spacing_km(count),
            crowded=terms.crowded,
        )
        return deck, min(sites_floor, quota["site"])

    def _prepared(self, fine: bool, well_known_only: bool) -> _Prepared:
        key = (fine, well_known_only)
        prepared = self._variants.get(key)
        if prepared is None:
            prepared = self._variants[key] = self._prepare(fine, well_known_only)
        return prepared

    @cached_property
    def _points(self) -> tuple[list[float], np.ndarray]:
        """The candidates' latitudes (a list) and longitudes (an array)."""
        candidates = self.candidates
        return list(candidates.lat), np.fromiter(candidates.lon, float, len(candidates))

    @cached_property
    def _valid(self) -> bool:
        """Whether every candidate is valid (:func:`_unique` keeps them all, the embedded
        data's): a variant is then the candidates it keeps, in their order."""
        candidates = self.candidates
        if len(set(candidates.ids)) != len(candidates):
            return False
        lat, lon = self._points
        return all(map(str.strip, candidates.names)) and bool(
            np.all((np.abs(lat) <= 90.0) & (np.abs(lon) <= 180.0))
        )

    @cached_property
    def _sites(self) -> np.ndarray:
        """Which candidates are sites."""
        kinds = self.candidates.kinds
        return np.fromiter(map("site".__eq__, kinds), bool, len(kinds))

    @cached_property
    def _best_known_first(self) -> PlaceTable:
        """The (valid) candidates, each kind best known first (:func:`_by_familiarity`; the
        deal reads each kind apart): the candidates as they are when they come so ranked
        (:func:`~generator.geo.catalog.load_places` ranks them: France's 34,900 communes are
        not sorted again)."""
        candidates = self.candidates
        return candidates if candidates.ranked else _by_familiarity(candidates)

    @cached_property
    def _rounded(self) -> list[int]:
        """The candidates (their positions) a grid finer than the minute leaves out: French
        points too coarse for seconds
        (:func:`~generator.geo.precision.too_coarse_for_seconds`; not the pinned ones)."""
        lat, lon = self._points
        coarse = _too_coarse_for_seconds(np.array(lat), lon, self._sites)
        must = set(self.pinned)
        countries, ids = self.candidates.countries, self.candidates.ids
        return [
            i
            for i in np.flatnonzero(coarse).tolist()
            if countries[i] == "FR" and ids[i] not in must
        ]

    def _prepare(self, fine: bool, well_known_only: bool) -> _Prepared:
        candidates = self.candidates
        rounded = self._rounded if fine else []
        if fine and (
            not rounded or (self._valid and all(candidates.kinds[i] == "site" for i in rounded))
        ):
            # the same, or less a few sites (the easy window keeps every site): the minute's
            # variant, less them
            return self._prepared(False, well_known_only).without(
                {candidates.keys[i] for i in rounded}
            )
        must = set(self.pinned)
        if rounded:
            out = set(rounded)
            candidates = candidates.take(i for i in range(len(candidates)) if i not in out)
        valid = self._valid  # then a variant's pool, in rank order, is a filter of the ranking
        pool = _known_enough(candidates if valid else _unique(candidates), well_known_only, must)
        ids = pool.ids
        by_id = {ids[i]: i for i in range(len(pool)) if ids[i] in must} if must else {}
        held = [pool[by_id[place_id]] for place_id in self.pinned]
        if valid:
            ranked = self._best_known_first
            if len(pool) < len(ranked) or must:
                dealable = set(ids) - must
                ranked = ranked.take(i for i, pid in enumerate(ranked.ids) if pid in dealable)
        else:
            ranked = _by_familiarity(pool.take(i for i, pid in enumerate(ids) if pid not in must))
        towns = ranked.of_kind("town")
        if len(pool) == len(self.candidates):  # none left out: the points are known
            lat_list, lon_array = self._points
            area = _hull_area_km2(lat_list, lon_array)
        else:
            area = _hull_area_km2(list(pool.lat), np.array(pool.lon))
        return _Prepared(
            pool=pool,
            held=held,
            towns=towns,
            sites=ranked.of_kind("site"),
            pool_towns=len(towns) + sum(p.kind == "town" for p in held),
            display=_DisplayNames(pool, self.suffixes),
            hull_area_km2=area,
        )


class _Prepared(Struct, frozen=True):
    """One variant of a :class:`Pool`: what every deal of it reads."""

    pool: PlaceTable  # the valid candidates (:func:`_known_enough`), in the candidates' order
    held: list[Place]  # the pinned places, in the order given
    towns: PlaceTable  # the towns not pinned, best known first (:func:`_by_familiarity`)
    sites: PlaceTable  # the sites not pinned, the same
    pool_towns: int
    display: _DisplayNames
    hull_area_km2: float  # the pool's hull (:func:`mean_spacing_km`); 0 under three places

    def without(self, out: set[int]) -> _Prepared:
        """This variant less the sites at the store positions ``out`` (none pinned, all in
        the pool)."""
        if not out:
            return self
        pool = self.pool.where(map(not_, map(out.__contains__, self.pool.keys)))
        return replace(
            self,
            pool=pool,
            sites=self.sites.where(map(not_, map(out.__contains__, self.sites.keys))),
            display=self.display.without(pool, out),
            hull_area_km2=_hull_area_km2(list(pool.lat), np.array(pool.lon)),
        )

    def spacing_km(self, count: int) -> float:
        """:func:`mean_spacing_km` of the pool for ``count`` cards."""
        if len(self.pool) < 3 or count < 1:
            return 0.0
        return math.sqrt(self.hull_area_km2 / count)


def _too_coarse_for_seconds(lat: np.ndarray, lon: np.ndarray, sites: np.ndarray) -> np.ndarray:
    """:func:`~generator.geo.precision.too_coarse_for_seconds` of many points at once
    (``sites``: which of them are sites)."""
    minutes: np.ndarray = _on_grid(lat, MINUTES_PER_DEGREE) & _on_grid(lon, MINUTES_PER_DEGREE)
    hundredths = _on_grid(lat, HUNDREDTHS_PER_DEGREE) & _on_grid(lon, HUNDREDTHS_PER_DEGREE)
    coarse: np.ndarray = minutes | (sites & hundredths)
    return coarse


def _on_grid(degrees: np.ndarray, per_degree: int) -> np.ndarray:
    units = degrees * per_degree
    return np.asarray(np.abs(units - np.round(units)) < WHOLE_MINUTE_SLACK)


# dict=True: a __dict__ for its cached properties (a Struct has slots only).
class _Deck(Struct, frozen=True, dict=True):
    """One region's deal, made again with other sites promoted (see :func:`deal`)."""

    towns: PlaceTable  # the candidates less the pinned places, best known first: towns
    sites: PlaceTable  # and sites
    held: list[Place]  # the pinned places
    quota: dict[str, int]
    window: RankWindow
    seed: int
    display: _DisplayNames
    grid: Grid | None
    spacing: float
    crowded: Crowding

    def deal(self, promoted: Sequence[Place]) -> tuple[list[Place], list[Place]]:
        """The dealt places and the anchors a tie kept out, the ``promoted`` sites dealt right
        after the pinned places (before the anchors, whatever the spread)."""
        count = sum(self.quota.values())
        chosen: list[Place] = []
        tied: list[Place] = []
        for tail in (TAIL, math.inf):  # a longer tail only when the short one cannot deal it
            chosen, tied = _deal_deck(
                self._ranks(promoted, tail),
                self.quota,
                random.Random(self.seed),
                self.display,
                self.grid,
                self.spacing,
                self.crowded,
            )
            if len(chosen) == count:
                break
        return chosen, tied

    def anchors_tie(self) -> bool:
        """Whether the deal keeps an anchor out by a printed tie (or cannot be made): the
        pinned places and the anchors are dealt first whatever the spread, and the tail does
        not change them (see :meth:`Pool.anchors_tie`)."""
        first = _first_dealt(self)
        if not first:
            return False
        columns = _columns(first, len(first), self.display, self.grid, self.spacing, self.crowded)
        return bool(_deal(columns, self.quota, 0.0, len(first)).tied)

    def _ranks(self, promoted: Sequence[Place], tail: float) -> _Ranks:
        """The places to deal, the ``promoted`` sites dealt right after the pinned places."""
        lifted = {place.id for place in promoted}
        sites: Sequence[Place] = (
            [p for p in self.sites if p.id not in lifted] if lifted else self.sites
        )
        held = self.held
        left = {kind: self.quota[kind] - sum(p.kind == kind for p in held) for kind in self.quota}
        left["site"] -= len(promoted)
        town_window, town_tail = _ranked(self.towns, left["town"], self.window, tail)
        site_window, site_tail = _ranked(sites, left["site"], self.window, tail)
        return _Ranks(
            town_window + site_window,
            town_tail + site_tail,
            _anchors(town_window, left["town"], self.window)
            + _anchors(site_window, left["site"], self.window),
            [_Ranked(place, -1.0) for place in [*self.held, *promoted]],
        )

    @cached_property
    def promotable(self) -> tuple[Place, ...]:
        """The sites that may take the place of what keeps them out of the deck, best known
        first in the difficulty's order (its window, then the rest): those one place with no
        town that keeps its card (:func:`gives_way`) and no pinned town."""
        window, rest = _ranked(self.sites, max(1, self.quota["site"]), self.window, math.inf)
        held = [p for p in self.held if p.kind == "town"]
        towns = self.towns  # then the pinned towns: read by position, made when near a site
        lat = np.radians([*towns.lat, *(t.lat for t in held)])
        lon = np.radians([*towns.lon, *(t.lon for t in held)])
        pinned = {p.id for p in self.held}

        def town(j: int) -> Place:
            return towns[j] if j < len(towns) else held[j - len(towns)]

        def free_of_towns(site: Place) -> bool:
            km = _haversine_km(math.radians(site.lat), math.radians(site.lon), lat, lon)
            for j in np.flatnonzero(km <= SAME_PLACE_KM).tolist():  # the one-place rule's reach
                one_place, named = _site_of(site, town(j))
                if one_place and (town(j).id in pinned or not gives_way(town(j), named)):
                    return False
            return True

        return tuple(r.place for r in window + rest if free_of_towns(r.place))


def _first_dealt(deck: _Deck) -> list[Place]:
    """The places ``deck`` deals first whatever the spread, without promoted sites: the pinned
    places, then the anchors of both kinds in rank order (what :meth:`_Deck._ranks` and
    :func:`_by_rank` give), made without the window and the tail (ten thousand ranked
    candidates for a 504-card deck of France) that only the anchors are read of."""
    left = {kind: deck.quota[kind] - sum(p.kind == kind for p in deck.held) for kind in deck.quota}
    anchors = _window_anchors(deck.towns, left["town"], deck.window) + _window_anchors(
        deck.sites, left["site"], deck.window
    )
    return [*deck.held, *(r.place for r in _by_rank(anchors))]


def _window_anchors(order: Sequence[Place], needed: int, window: RankWindow) -> list[_Ranked]:
    """:func:`_anchors` of the window :func:`_ranked` gives, its first entries made alone: a
    window with anchors starts at the top (no skip), and they are its first
    ``ceil(share × needed)`` places, within the window's end."""
    if window.skip > 0 or needed <= 0 or not order:
        return []
    share = window.site_anchors if order[0].kind == "site" else window.anchors
    end = max(needed, int(window.size * needed))
    count = min(math.ceil(share * needed), end, len(order))
    return [_Ranked(order[r], r / needed) for r in range(count)]


def gives_way(town: Place, named_after: bool) -> bool:
    """Whether a site one place with ``town`` may be dealt instead of it when a deck is short
    of sites (``named_after``: the site is named after the town): see
    :data:`~generator.geo.familiarity.LESSER_KNOWN`. A préfecture always keeps its card."""
    limit = PREFECTURE_KNOWN if named_after else LESSER_KNOWN
    return town.familiarity < limit


def _site_of(site: Place, town: Place) -> tuple[bool, bool]:
    """Whether ``site`` may be one place with ``town`` in some deck (the one-place rule at its
    widest reach: named after it within :data:`SAME_PLACE_KM`, in its commune within
    :data:`SAME_COMMUNE_KM`, or within :data:`SITE_TOWN_KM` of it), and whether it is named
    after it."""
    km = _km(site, town)
    words, name = _words(site.name), _words(town.name)
    named = km <= SAME_PLACE_KM and any(
        words[i : i + len(name)] == name for i in range(len(words) - len(name) + 1)
    )
    close = km <= SITE_TOWN_KM or (site.commune == town.commune and km <= SAME_COMMUNE_KM)
    return close or named, named


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


def _known_enough(pool: PlaceTable, well_known_only: bool, pinned: set[str]) -> PlaceTable:
    """The valid candidates ``pool`` (:func:`_unique`) a deal may draw from: for a
    well-known-only window (``easy``), the towns below
    :data:`~generator.geo.familiarity.WELL_KNOWN` are left out when any town is well known
    (pinned places always stay)."""
    from generator.geo.familiarity import well_known

    kinds, familiarity, ids = pool.kinds, pool.familiarity, pool.ids
    if well_known_only and any(
        well_known(known) for kind, known in zip(kinds, familiarity, strict=True) if kind == "town"
    ):
        pool = pool.take(
            i
            for i, kind in enumerate(kinds)
            if kind != "town" or well_known(familiarity[i]) or ids[i] in pinned
        )
    missing = pinned - set(pool.ids) if pinned else set()
    if missing:
        raise ValueError(f"pinned places are not candidates: {sorted(missing)}")
    return pool


def _quota(
    towns: int,
    pool: int,
    held: list[Place],
    count: int,
    sites_share: float,
    sites_floor: int = 0,
) -> dict[str, int]:
    """Cards of each kind, from a pool of ``pool`` places of which ``towns`` are towns: the
    sites share of the deck (at least ``sites_floor``), at least the pinned places of each kind;
    one kind fills in for the other when it runs out."""
    sites = pool - towns
    held_sites = sum(p.kind == "site" for p in held)
    held_towns = len(held) - held_sites
    want_sites = max(held_sites, min(sites, max(round(count * sites_share), sites_floor)))
    want_sites = min(want_sites, count - held_towns)
    want_towns = min(towns, count - want_sites)
    return {"town": want_towns, "site": count - want_towns}


def _check_pinned(
    held: list[Place], chosen: list[Place], display: _DisplayNames, grid: Grid | None
) -> None:
    dealt = {place.id for place in chosen}
    out = [display.of(place) for place in held if place.id not in dealt]
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
    if len(places) < 3 or count < 1:
        return 0.0
    area = _hull_area_km2([p.lat for p in places], np.array([p.lon for p in places]))
    return math.sqrt(area / count)


def _hull_area_km2(lats: list[float], lons: np.ndarray) -> float:
    """The area of the points' hull (km², a local equirectangular frame); 0 under three."""
    if len(lats) < 3:
        return 0.0
    mean_lat = math.radians(sum(lats) / len(lats))
    km = math.pi * EARTH_RADIUS_KM / 180
    # x = lon × km × cos(mean latitude), in that order: the same floats one by one or at once
    x = lons * km * math.cos(mean_lat)
    y = np.array(lats) * km
    return polygon_area(convex_hull(_hull_candidates(np.column_stack((x, y)))))


def _hull_candidates(
    points: list[tuple[float, float]] | np.ndarray,
) -> list[tuple[float, float]]:
    """The points that may be corners of the hull (Akl and Toussaint's filter): those not
    strictly inside the polygon of the extreme points in eight directions. The hull of what is
    left is the hull of all, found without sorting thousands of inner points. ``points``: (x,
    y) pairs, or their array of two columns."""
    xy = np.asarray(points, dtype=float)
    x, y = xy[:, 0], xy[:, 1]
    extremes = [
        int(index)
        for index in (
            np.argmin(x), np.argmin(x + y), np.argmin(y), np.argmin(y - x),
            np.argmax(x), np.argmax(x + y), np.argmax(y), np.argmax(y - x),
        )
    ]  # fmt: skip
    corners = xy[list(dict.fromkeys(extremes))]  # counter-clockwise, repeats removed
    if len(corners) < 3:
        return [(px, py) for px, py in xy.tolist()]
    inside = np.ones(len(xy), dtype=bool)
    for (ax, ay), (bx, by) in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        inside &= (bx - ax) * (y - ay) - (by - ay) * (x - ax) > 0  # strictly left of each edge
    return [(px, py) for px, py in xy[~inside].tolist()]


def convex_hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of ``points``, counter-clockwise, without collinear points (Andrew's
    monotone chain: a sort and two passes)."""
    ordered = sorted(set(points))
    if len(ordered) < 3:
        return ordered

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def chain(sequence: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        hull: list[tuple[float, float]] = []
        for point in sequence:
            while len(hull) >= 2 and cross(hull[-2], hull[-1], point) <= 0:
                hull.pop()
            hull.append(point)
        return hull

    lower, upper = chain(ordered), chain(ordered[::-1])
    return lower[:-1] + upper[:-1]


def polygon_area(ring: Sequence[tuple[float, float]]) -> float:
    """The area of a simple polygon (the shoelace formula)."""
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], *ring[:1]], strict=True)
            )
        )
        / 2
    )


def _window(difficulty: str) -> RankWindow:
    try:
        return DIFFICULTIES[difficulty] if difficulty in DIFFICULTIES else _FILLED[difficulty]
    except KeyError:
        raise UserError(
            _("unknown difficulty {difficulty!r}; choose one of {names}").format(
                difficulty=difficulty, names=", ".join(DIFFICULTIES)
            )
        ) from None


def _unique(candidates: PlaceTable) -> PlaceTable:
    """One record per id, named, with valid coordinates; input order kept."""
    seen: set[str] = set()
    kept = []
    ids, names, lat, lon = candidates.ids, candidates.names, candidates.lat, candidates.lon
    for i, place_id in enumerate(ids):
        if place_id in seen or not names[i].strip():
            continue
        if not (-90.0 <= lat[i] <= 90.0 and -180.0 <= lon[i] <= 180.0):
            continue
        seen.add(place_id)
        kept.append(i)
    return candidates.take(kept)


class _Ranked(NamedTuple):  # thousands are made per deal: a tuple is made fastest
    place: Place
    rank: float  # familiarity rank, in units of the cards needed of its kind


def _by_familiarity(places: PlaceTable) -> PlaceTable:
    """Best known first, then by id: two stable sorts (what the key (-familiarity, id) gives,
    with no tuple made per place)."""
    order = sorted(range(len(places)), key=places.ids.__getitem__)
    order.sort(key=places.familiarity.__getitem__, reverse=True)
    return places.take(order)


def _ranked(
    order: Sequence[Place], needed: int, window: RankWindow, tail: float
) -> tuple[list[_Ranked], list[_Ranked]]:
    """The places of one kind (``order``: best known first, :func:`_by_familiarity`) inside the
    difficulty's rank window, and the others (the tail).

    Ranks are divided by the number of cards needed of that kind, so that towns and sites
    interleave in proportion (the 4th town of 48 comes with the 1st site of 12). The tail holds
    the next ``tail`` × needed places, then the skipped best known ones.
    """
    if needed <= 0 or not order:
        return [], []
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
    the région or country code: "Saint-Denis (93)", "Ecublens (Fribourg)"; a place of one's own
    keeps the name it was given (its homonyms carry theirs: "Brest" beside "Brest (29)"). The
    same place listed twice (the commune and the site "Saint-Émilion") keeps its plain name; the
    deal never gives two cards the same printed name.
    """
    names = _DisplayNames(PlaceTable.of(places), suffixes)
    return {place.id: names.of(place) for place in places}


class _DisplayNames:
    """:func:`display_names`, each worked out when it is asked for: a deal reads the names of
    the few hundred places it looks at, among tens of thousands of candidates (France's
    communes), whose homonyms it must all know: their names are a column of the table, the
    records of a shared name are made when that name is asked for."""

    def __init__(
        self,
        places: PlaceTable,
        suffixes: Mapping[str, str] | None,
        shared: Counter[str] | None = None,  # the places of each name, when known
        groups: dict[str, list[int]] | None = None,  # the store keys of each shared name's places
    ) -> None:
        self._places = places
        self._shared = shared if shared is not None else Counter(places.names)
        self._suffixes = suffixes or {}
        self._groups = groups
        self._apart: dict[str, bool] = {}  # shared name -> its places are not all one place

    def without(self, left: PlaceTable, out: set[int]) -> _DisplayNames:
        """The display names of ``left``: the places given less those at the store keys
        ``out`` (a few, all among them)."""
        gone = dict(zip(out, self._places.names_at_keys(out), strict=True))
        shared = self._shared.copy()
        shared.subtract(gone.values())
        groups = defaultdict(list, self._name_groups())
        for name in set(gone.values()) & groups.keys():
            groups[name] = [key for key in groups[name] if key not in out]
        return _DisplayNames(left, self._suffixes, shared, groups)

    def of(self, place: Place) -> str:
        """The name printed for ``place``, one of the places given."""
        name = place.name
        if self._shared[name] == 1 or not self._homonyms(name):
            return name
        if place.id.startswith(OWN_PREFIX):
            # one's own place prints as its maker named it: its homonyms of the data carry
            # their suffixes ("Brest (29)"), and a suffix of its own would say nothing true (it
            # has no département in the studio, so "(FR)", the country of a place abroad, was
            # printed; a département would be the commune's "(29)" again)
            return name
        suffix = self._suffixes.get(place.id) or place.departement or place.region or place.country
        return f"{name} ({suffix})"

    def _name_groups(self) -> dict[str, list[int]]:
        """The store keys of the places of each shared name."""
        groups = self._groups
        if groups is None:
            # made whole, then published: a pool's names serve the threads of a server
            counts = self._shared
            shared = set(compress(counts.keys(), map((1).__lt__, counts.values())))
            groups = defaultdict(list)
            places = zip(self._places.keys, self._places.names, strict=True)
            for key, name in compress(places, map(shared.__contains__, self._places.names)):
                groups[name].append(key)
            self._groups = groups
        return groups

    def _homonyms(self, name: str) -> bool:
        """Whether the places named ``name`` (several) are more than one place."""
        apart = self._apart.get(name)
        if apart is None:
            # read from the table's columns: a 504-card deck of France asks about 700 names,
            # whose 900 places were each made a record only for its point (5 ms)
            group = self._places.points_at_keys(self._name_groups()[name])
            apart = self._apart[name] = not _all_close(group, SAME_PLACE_KM)
        return apart


def _all_close(group: list[tuple[float, float]], km: float) -> bool:
    """Whether the points (latitude, longitude) of ``group`` all lie within ``km`` of each
    other."""
    return all(
        _distance_km(lat0, lon0, lat1, lon1) <= km
        for index, (lat0, lon0) in enumerate(group)
        for lat1, lon1 in group[index + 1 :]
    )


def _distance_km(lat0: float, lon0: float, lat1: float, lon1: float) -> float:
    """The great-circle distance (km) between two points given in degrees (haversine)."""
    p0, p1 = math.radians(lat0), math.radians(lat1)
    a = (
        math.sin((p1 - p0) / 2) ** 2
        + math.cos(p0) * math.cos(p1) * math.sin(math.radians(lon1 - lon0) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, max(0.0, a))))


class _Ranks(Struct, frozen=True):
    """The candidates a deal takes in order: the ranked window, the tail, the anchors and pins."""

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


class _WordCharacters(dict[int, str]):
    """What each character becomes in :func:`_words` (made the first time it is met): case
    folded, decomposed (NFKD), accents dropped, any other non-alphanumeric a space. Folding
    and decomposing go character by character, so mapping each one is the whole text's."""

    def __missing__(self, code: int) -> str:
        decomposed = unicodedata.normalize("NFKD", chr(code).casefold())
        mapped = self[code] = "".join(
            ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.combining(ch)
        )
        return mapped


_WORD_CHARACTERS = _WordCharacters()


@lru_cache(maxsize=1 << 16)  # a deck asks again for the same names (another tail, grid)
def _words(name: str) -> tuple[str, ...]:
    return tuple(name.translate(_WORD_CHARACTERS).split())


def _grid_units(grid: Grid, degrees: np.ndarray) -> list[int]:
    """``grid.units`` of every value of ``degrees``. With ``grid.per_degree``, all at once:
    rounding half away from zero is the floor of the scaled value plus a half, but for values
    a hair from a half unit, where the printed rounding (``round(…, 9)`` first) may differ:
    those few are rounded one by one by ``grid.units`` itself."""
    if grid.per_degree is None:
        return [grid.units(value) for value in degrees.tolist()]
    scaled = np.abs(degrees) * grid.per_degree
    units = np.floor(scaled + 0.5)
    signed: list[int] = np.where(degrees >= 0, units, -units).astype(np.int64).tolist()
    for k in np.flatnonzero(np.abs(scaled - np.floor(scaled) - 0.5) < HALF_UNIT_DOUBT).tolist():
        signed[k] = grid.units(float(degrees[k]))
    return signed


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
    # the (site, town) pairs of matching names, in the order the loops meet them; their
    # distances all at once (a 504-card deck of France meets about 450: one numpy call each
    # cost 8 ms), the same floats as :func:`_km` of each pair: the same ufuncs of the same inputs
    matched: list[tuple[int, int]] = []
    for i, place in enumerate(places):
        if place.kind != "site":
            continue
        words = _words(place.name)
        for start in range(len(words)):
            for end in range(start + 1, min(len(words), start + longest) + 1):
                matched += [(i, j) for j in towns.get(words[start:end], ())]
    pairs: dict[int, set[int]] = defaultdict(set)
    if not matched:
        return pairs
    sites, named = zip(*matched, strict=True)
    km = _haversine_km(
        np.radians([places[i].lat for i in sites]),
        np.radians([places[i].lon for i in sites]),
        np.radians([places[j].lat for j in named]),
        np.radians([places[j].lon for j in named]),
    )
    for (i, j), close in zip(matched, (km <= SAME_PLACE_KM).tolist(), strict=True):
        if close:
            pairs[i].add(j)
            pairs[j].add(i)
    return pairs


def _deal_deck(
    ranks: _Ranks,
    quota: dict[str, int],
    rng: random.Random,
    display: _DisplayNames,
    grid: Grid | None,
    spacing_km: float,
    crowded: Crowding,
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
    ordered = [*ranks.pinned, *_by_rank(ranks.anchors)]
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
    columns = _columns(
        places, len(ranks.pinned) + len(ranks.anchors), display, grid, spacing_km, crowded
    )
    wanted = sum(quota.values())
    window_end = len(ranks.window)

    def chosen(indices: list[int]) -> list[Place]:
        return [places[i] for i in indices]

    side_by_side = _deal(columns, quota, 0.0, len(places), True)
    if len(side_by_side.dealt) < wanted:
        # not decidable, or not enough distinct places, even with the cards side by side
        return chosen(side_by_side.dealt), []
    outcomes = _Outcomes(columns, quota)
    outcomes.learn(0.0, len(places), True, side_by_side)
    diameter = _diameter_km(columns.lat, columns.lon)

    def reach(flexible: bool, above: float = 0.0) -> float:
        """max(in window, SPREAD_FLOOR × overall), exactly when that exceeds ``above``; else
        some value no larger than ``above`` (the bisections stop as soon as that is sure)."""
        in_window = _largest_distance(outcomes, window_end, diameter, flexible, above)
        overall = _largest_distance(
            outcomes, len(places), diameter, flexible, max(in_window, above) / SPREAD_FLOOR
        )
        return max(in_window, SPREAD_FLOOR * overall)

    held = outcomes.deals(0.0, len(places), False)
    distance, flexible = (reach(False), False) if held else (0.0, True)
    # only a relaxed reach RELAX_SHARE times the held one matters: know it exactly then only
    relaxed = reach(True, RELAX_SHARE * distance)
    if not held or relaxed > RELAX_SHARE * distance:
        # holding the towns/sites share would crowd the deck (or the one-place rule leaves too
        # few sites): let one kind stand in for the other
        distance, flexible = relaxed, True
    final = _deal(columns, quota, SLACK * distance, len(places), flexible)
    return chosen(final.dealt), chosen(final.tied)


def _by_rank(anchors: list[_Ranked]) -> list[_Ranked]:
    """The anchors of both kinds in rank order (each kind's rank in units of its cards: the
    best known site comes with the best known town), towns first."""
    return sorted(anchors, key=lambda r: (r.rank, r.place.kind != "town", r.place.id))


def _columns(
    places: list[Place],
    anchors: int,
    display: _DisplayNames,
    grid: Grid | None,
    spacing_km: float,
    crowded: Crowding,
) -> _Columns:
    """What a deal reads of ``places``, the first ``anchors`` of them its anchors."""
    lat_degrees = np.array([p.lat for p in places])
    lon_degrees = np.array([p.lon for p in places])
    lat = np.radians(lat_degrees)
    lon = np.radians(lon_degrees)
    return _Columns(
        lat=lat,
        lon=lon,
        xyz=np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat))),
        lat_units=_grid_units(grid, lat_degrees) if grid else None,
        lon_units=_grid_units(grid, lon_degrees) if grid else None,
        kinds=[p.kind for p in places],
        is_town=np.array([p.kind == "town" for p in places]),
        size=np.array(
            [p.population if p.population is not None else p.familiarity for p in places],
            dtype=float,
        ),
        suburb_floor_dot=_dot(
            _crowded_km(
                SUBURB_KM, AGGLOMERATION_DENSE_SHARE, spacing_km, crowded >= Crowding.SUBURBS
            )
        ),
        names=[display.of(p) for p in places],
        commune=[p.commune for p in places],
        named_after=_named_after(places),
        anchors=anchors,
        suburb_dot=_dot(SUBURB_SHARE * spacing_km),
        site_town_dot=_dot(
            _crowded_km(SITE_TOWN_KM, NEAR_DUPLICATE_SHARE, spacing_km, crowded >= Crowding.PAIRS)
        ),
        commune_dot=_dot(min(SAME_COMMUNE_KM, SAME_COMMUNE_SHARE * spacing_km)),
        agglomeration=_agglomeration_keys(places),
        beside_dot=_dot(beside_km(spacing_km, crowded >= Crowding.PAIRS)),
        town_pair_dot=_dot(
            _crowded_km(
                AGGLOMERATION_KM, AGGLOMERATION_DENSE_SHARE, spacing_km, crowded >= Crowding.PAIRS
            )
        ),
        near_dot=_dot(
            _crowded_km(
                NEAR_DUPLICATE_KM, NEAR_DUPLICATE_SHARE, spacing_km, crowded >= Crowding.PAIRS
            )
        ),
    )


def _dot(km: float) -> float:
    """The dot product of the unit vectors of two points ``km`` apart on the sphere."""
    return math.cos(min(math.pi, km / EARTH_RADIUS_KM))


def _crowded_km(km: float, share: float, spacing_km: float, crowded: bool) -> float:
    """``km``, or in a ``crowded`` deal ``share`` of the deck's mean spacing where that is
    less (see :attr:`Terms.crowded`)."""
    return min(km, share * spacing_km) if crowded else km


def beside_km(spacing_km: float, crowded: bool = False) -> float:
    """How close two towns of one agglomeration may not both be cards (see
    :data:`AGGLOMERATION_KM`), for a deck whose mean spacing is ``spacing_km``."""
    return min(
        max(
            AGGLOMERATION_SHARE * spacing_km,
            _crowded_km(AGGLOMERATION_KM, AGGLOMERATION_DENSE_SHARE, spacing_km, crowded),
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


class _Outcomes:
    """Whether the first ``limit`` candidates deal the deck at a distance, remembered, and
    told without a deal where another deal's outcome settles it. Candidates are taken in index
    order and a card is never placed by the candidates after it, so a deal that succeeds in its
    first pass (a deal that holds the towns/sites share, or a flexible one that need not let go
    of it) makes the very same cards from more candidates, flexible or not; and so a deal that
    holds the share fails with fewer candidates when it, or a flexible one, fails with more."""

    def __init__(self, columns: _Columns, quota: dict[str, int]) -> None:
        self.columns = columns
        self.quota = quota
        self.wanted = sum(quota.values())
        self.known: dict[float, list[tuple[int, bool, bool]]] = {}  # r -> (limit, flexible, ok)
        self.extents: dict[int, tuple[float, float, float, float]] = {}  # limit -> S, N, W, E

    def deals(self, min_km: float, limit: int, flexible: bool) -> bool:
        known = self.known.setdefault(min_km, [])
        for other, other_flexible, ok in known:
            if (other, other_flexible) == (limit, flexible):
                return ok
            if ok and not other_flexible and other <= limit:
                return True
            if not ok and not flexible and other >= limit:
                return False
        if self.too_few_cells(min_km, limit):
            known.append((limit, flexible, False))
            return False
        dealing = _deal(self.columns, self.quota, min_km, limit, flexible, give_up=True)
        return self.learn(min_km, limit, flexible, dealing)

    def learn(self, min_km: float, limit: int, flexible: bool, dealing: _Dealing) -> bool:
        """Remember whether the deal ``dealing`` (at ``min_km``, of the first ``limit``
        candidates) dealt the deck, and return that. One that dealt it in its first pass never
        looked at the candidates after its last card: the candidates up to that card deal the
        very same cards, flexible or not (and a deal that gives up stops only when it surely
        fails), so it is remembered as their deal that holds the share too. The deck dealt side
        by side first (a flexible deal at 0 km) so tells, without a deal each, whether the
        window and all the candidates deal it holding the share at 0 km: two deals of a 504-card
        deck of France, 15 ms."""
        ok = len(dealing.dealt) >= self.wanted
        known = self.known.setdefault(min_km, [])
        known.append((limit, flexible, ok))
        if ok and not dealing.relaxed:
            known.append((max(dealing.dealt) + 1, False, True))
        return ok

    def too_few_cells(self, min_km: float, limit: int) -> bool:
        """True when the deck surely cannot be dealt ``min_km`` apart: besides the anchors,
        every card is at least ``min_km`` from every other, so at most one lies in each cell of
        a latitude-longitude grid whose cells are narrower than that (a cell's side along a
        meridian, plus its side along its parallel nearest the equator, is CELL_SHARE of
        ``min_km``: any path, the great circle too, is no shorter than going round that way)
        and there are too few cells over the candidates' extent. Only a necessary condition,
        and cheap: the deals at a distance far too large for the deck, which all fail, are not
        made."""
        if min_km < MIN_CELL_KM:
            return False
        extent = self.extents.get(limit)
        if extent is None:
            lat, lon = self.columns.lat[:limit], self.columns.lon[:limit]
            extent = self.extents[limit] = (
                float(lat.min()),
                float(lat.max()),
                float(lon.min()),
                float(lon.max()),
            )
        south, north, west, east = extent
        side = CELL_SHARE / 2 * min_km / EARTH_RADIUS_KM  # radians, each way
        room = self.wanted - min(self.columns.anchors, limit)  # the cards the spread applies to
        cells = 0
        for row in range(math.floor(south / side), math.floor(north / side) + 1):
            low, high = row * side, (row + 1) * side
            nearest_equator = 0.0 if low <= 0.0 <= high else min(abs(low), abs(high))
            width = side / max(math.cos(nearest_equator), 1e-12)
            cells += math.floor(east / width) - math.floor(west / width) + 1
            if cells >= room:
                return False
        return True


def _largest_distance(
    outcomes: _Outcomes,
    limit: int,
    diameter: float,
    flexible: bool,
    enough: float = 0.0,
) -> float:
    """The largest ``r`` (bisection) for which the first ``limit`` candidates deal the deck; or,
    as soon as the bisection's upper bound falls to ``enough`` or below, that bound (the caller
    needs the exact value only above ``enough``: the deals near the answer, the costly ones, are
    then not made)."""
    if not outcomes.deals(0.0, limit, flexible):
        return 0.0
    low, high = 0.0, diameter
    for _attempt in range(BISECTIONS):
        if high <= enough:
            return high
        middle = (low + high) / 2
        if outcomes.deals(middle, limit, flexible):
            low = middle
        else:
            high = middle
    return low


#: The band positions of the candidates printing one value: the position itself when only one
#: does (at the second, nearly every value), else their array (a card's mask takes either)
Alike: TypeAlias = int | np.ndarray


class _Band(Struct, frozen=True):
    """The first ``limit`` candidates ordered by latitude, with what a deal reads of them in
    that order: the candidates within an angle of a point are among those within that angle of
    its latitude, one slice found by bisection, and every array below is read by slices."""

    order: np.ndarray  # candidate indices, by latitude
    lat: np.ndarray  # their latitudes (radians), ascending
    position: list[int]  # position[i]: where candidate i is in that order
    positions: np.ndarray  # the same, an array
    xs: np.ndarray  # their unit vectors' coordinates
    ys: np.ndarray
    zs: np.ndarray
    towns: np.ndarray
    size: np.ndarray
    agglomeration: np.ndarray
    spread_applies: np.ndarray  # not an anchor (the anchors ignore the spread distance)
    town_list: list[bool]  # towns, size, agglomeration again, read one at a time (a few near
    size_list: list[float]  # a card)
    agglomeration_list: list[int]
    lat_list: list[float]  # lat again: bisected once for every card dealt
    # with a grid: the band positions of the candidates printing each latitude, each longitude
    # (made at the first deal that needs them: see _printed_alike)
    alike: dict[str, dict[int, Alike]] = field(default_factory=dict)
    # candidate -> the band positions of those one place with it (made at the first deal that
    # deals it: the bisection's deals deal the same best known places again and again)
    one_place_marks: dict[int, np.ndarray] = field(default_factory=dict)
    # candidate -> (low, high, its dot products with the band positions low to high): see
    # _near_dots
    near_dots: dict[int, tuple[int, int, np.ndarray]] = field(default_factory=dict)


def _band(columns: _Columns, limit: int) -> _Band:
    """The latitude band index of the first ``limit`` candidates (made once per limit)."""
    band = columns.bands.get(limit)
    if band is None:
        order = np.argsort(columns.lat[:limit], kind="stable")
        position = np.empty(limit, dtype=np.int64)
        position[order] = np.arange(limit)
        xs, ys, zs = columns.xyz[order].T
        band = columns.bands[limit] = _Band(
            order=order,
            lat=columns.lat[order],
            position=position.tolist(),
            positions=position,
            xs=np.ascontiguousarray(xs),
            ys=np.ascontiguousarray(ys),
            zs=np.ascontiguousarray(zs),
            towns=columns.is_town[order],
            size=columns.size[order],
            agglomeration=columns.agglomeration[order],
            spread_applies=order >= columns.anchors,
            town_list=columns.is_town[order].tolist(),
            size_list=columns.size[order].tolist(),
            agglomeration_list=columns.agglomeration[order].tolist(),
            lat_list=columns.lat[order].tolist(),
        )
    return band


def _printed_alike(band: _Band, axis: str, units: list[int]) -> dict[int, Alike]:
    """Printed value -> the band positions of the candidates that print it (``axis``: which
    column ``units`` is, the key it is remembered by). Made of the values in one go, then the
    few values several candidates print: at the second, thousands of values are printed once,
    and an array each cost a deal of France as many milliseconds as its cards."""
    alike = band.alike.get(axis)
    if alike is None:
        values = np.asarray(units, dtype=np.int64)[band.order]
        alike = dict(zip(values.tolist(), range(len(values)), strict=True))
        by_value = np.argsort(values, kind="stable")
        ordered = values[by_value]
        bounds = np.flatnonzero(np.diff(ordered)) + 1
        starts = np.concatenate(([0], bounds))
        ends = np.concatenate((bounds, [len(ordered)]))
        shared = ends - starts > 1
        starts, ends = starts[shared], ends[shared]
        for value, start, end in zip(
            ordered[starts].tolist(), starts.tolist(), ends.tolist(), strict=True
        ):
            alike[value] = by_value[start:end]
        band.alike[axis] = alike
    return alike


def _reach(dot: float) -> float:
    """The angle (radians) beyond which two unit vectors have a dot product under ``dot``, with
    a margin far above rounding, so that a band never leaves out a candidate the test keeps."""
    return math.acos(max(-1.0, min(1.0, dot))) * (1 + 1e-9) + 1e-9


def _one_place_marks(
    columns: _Columns, band: _Band, start: int, dots: np.ndarray, i: int
) -> np.ndarray:
    """The band positions of the candidates one place with candidate ``i``, among those of the
    band from ``start`` on whose dot products with it are ``dots``. The few within the rule's
    reach are looked at one by one (the same tests as :func:`_one_place`); many, all at once.
    Nothing here depends on the deal's distance: a deal reads them from
    :attr:`_Band.one_place_marks` when another deal of the same candidates made them."""
    close = (dots > columns.one_place_dot).nonzero()[0]
    if len(close) > ONE_BY_ONE:
        near = slice(start, start + len(dots))
        return start + _one_place(columns, band, near, dots, i).nonzero()[0]
    _lat, is_town, sizes_by_index, agglomeration_by_index = columns.one_by_one
    town, size, agglomeration = is_town[i], sizes_by_index[i], agglomeration_by_index[i]
    towns, sizes, agglomerations = band.town_list, band.size_list, band.agglomeration_list
    marks = []
    for k, dot in zip(close.tolist(), dots[close].tolist(), strict=True):
        j = start + k
        if dot > columns.near_dot:
            same = True
        elif towns[j] != town:
            same = dot > columns.site_town_dot
        elif town:
            same = (
                dot > columns.suburb_dot
                or dot > columns.town_pair_dot
                or (sizes[j] * SUBURB_RATIO <= size and dot > columns.suburb_floor_dot)
                or (
                    agglomeration >= 0
                    and agglomerations[j] == agglomeration
                    and dot > columns.beside_dot
                )
            )
        else:
            continue
        if same:
            marks.append(j)
    return np.array(marks, dtype=np.int64)


def _one_place(columns: _Columns, band: _Band, near: slice, dots: np.ndarray, i: int) -> np.ndarray:
    """Which candidates of the band slice ``near`` are one place with candidate ``i``
    (``dots``: their dot products with it): the suburbs of a town, the sites next to it, and
    the other way."""
    towns = band.towns[near]
    town = bool(columns.is_town[i])
    same: np.ndarray = (towns != town) & (dots > columns.site_town_dot)
    same |= dots > columns.near_dot
    if town:
        smaller = band.size[near] * SUBURB_RATIO <= columns.size[i]
        close = (dots > columns.suburb_dot) | (smaller & (dots > columns.suburb_floor_dot))
        close |= dots > columns.town_pair_dot
        agglomeration = columns.agglomeration[i]
        if agglomeration >= 0:
            close |= (band.agglomeration[near] == agglomeration) & (dots > columns.beside_dot)
        same |= towns & close
    return same


# dict=True: a __dict__ for its cached properties (a Struct has slots only).
class _Columns(Struct, frozen=True, dict=True):
    """The ordered candidates as arrays a deal reads: points, printed values, kinds, rules' data."""

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
    bands: dict[int, _Band] = field(default_factory=dict)  # by limit: see :func:`_band`

    @cached_property
    def one_place_dot(self) -> float:
        """The dot product at or under which no candidate is one place with another."""
        dots = [
            self.site_town_dot,
            self.suburb_dot,
            self.suburb_floor_dot,
            self.near_dot,
            self.town_pair_dot,
        ]
        if bool((self.agglomeration >= 0).any()):  # the agglomeration rule reaches further
            dots.append(self.beside_dot)
        return min(dots)

    @cached_property
    def one_place_reach(self) -> float:
        """The angle beyond which no candidate is one place with another."""
        return _reach(self.one_place_dot)

    @cached_property
    def unit_vectors(self) -> list[tuple[float, float, float]]:
        """``xyz`` row by row, as Python floats (read one at a time)."""
        return [tuple(row) for row in self.xyz.tolist()]

    @cached_property
    def one_by_one(self) -> tuple[list[float], list[bool], list[float], list[int]]:
        """``lat``, ``is_town``, ``size`` and ``agglomeration`` as Python lists: a deal reads
        them one candidate at a time, where reading an array's element costs more."""
        return (
            self.lat.tolist(),
            self.is_town.tolist(),
            self.size.tolist(),
            self.agglomeration.tolist(),
        )


def _deal(
    columns: _Columns,
    quota: dict[str, int],
    min_km: float,
    limit: int,
    flexible: bool = False,
    give_up: bool = False,
) -> _Dealing:
    """Indices dealt in order among the first ``limit`` candidates, and the anchors a printed
    tie kept out (see :class:`_Dealing`). The anchors come first and need not be ``min_km``
    from the others.

    ``flexible``: when a kind runs out, the other kind fills the remaining cards.

    Candidates are taken in index order. What numpy can tell of all at once is kept, in the
    order of the latitude band (:class:`_Band`), in two masks: ``one_place`` (one place with a
    dealt card) and ``crowded`` (closer than ``min_km`` to one: the anchors ignore it); only
    the candidates neither rules out are looked at one by one (the quota, names, communes, the
    printed grid). A dealt card updates one slice of the band, the candidates within reach of
    its latitude: a deal costs in proportion to the cards it deals and their neighbours, not to
    every pair of candidates.

    ``give_up``: stop as soon as the deck surely cannot be dealt (:meth:`_Table.out_of_reach`),
    with the cards dealt so far: what a deal made only to know whether it deals the deck (a
    step of the distance bisection) needs, where a deal that fails is otherwise made to the end.
    """
    table = _Table(columns, quota, min_km, limit)
    for relaxed in (False, True) if flexible else (False,):
        for block in table.open_blocks(relaxed):
            if give_up and table.out_of_reach():
                return _Dealing(table.dealt, table.tied, relaxed)
            for i in table.still_open(block):
                if table.ruled_out(i) or not table.fits(i, relaxed):
                    continue
                if table.printed_tie(i):
                    if i < columns.anchors and not relaxed:
                        table.tied.append(i)
                    continue
                table.deal(i)
                if len(table.dealt) == table.wanted:
                    return _Dealing(table.dealt, table.tied, relaxed)
                table.rule_out_around(i)
    return _Dealing(table.dealt, table.tied, flexible)


class _Dealing(NamedTuple):
    """What :func:`_deal` made."""

    dealt: list[int]  # the indices dealt, in order
    tied: list[int]  # the anchors a printed tie kept out
    relaxed: bool  # it came to the relaxed pass (flexible: a kind stood in for the other)


class _Table:
    """One deal in progress (:func:`_deal`): the cards dealt so far, and what they rule out.

    The masks are in band order (:class:`_Band`); ``taken``, with a grid only: prints a latitude
    or a longitude a dealt card prints (the anchors are looked at all the same: a tie keeping
    one out is told)."""

    def __init__(self, columns: _Columns, quota: dict[str, int], min_km: float, limit: int) -> None:
        self.columns = columns
        self.left = dict(quota)
        self.wanted = sum(quota.values())
        # "at least min_km apart on the sphere" <=> "dot product of unit vectors at most
        # cos(angle)"
        self.max_dot = math.cos(min(math.pi, min_km / EARTH_RADIUS_KM)) + 1e-12
        self.spread = min_km > 0
        one_place_reach = columns.one_place_reach
        self.reach = max(_reach(self.max_dot), one_place_reach) if self.spread else one_place_reach
        self.band = _band(columns, limit)
        self.limit = limit
        self.one_place = np.zeros(limit, dtype=bool)
        self.crowded = np.zeros(limit, dtype=bool)
        self.taken = np.zeros(limit, dtype=bool)
        lat_units, lon_units = columns.lat_units, columns.lon_units
        self.printed: tuple[list[int], list[int]] | None = None
        # the band positions of the candidates printing each latitude, each longitude
        self.same_printed: tuple[dict[int, Alike], dict[int, Alike]] = ({}, {})
        if lat_units is not None and lon_units is not None:
            self.printed = (lat_units, lon_units)
            self.same_printed = (
                _printed_alike(self.band, "lat", lat_units[:limit]),
                _printed_alike(self.band, "lon", lon_units[:limit]),
            )
        self.used_lat: set[int] = set()
        self.used_lon: set[int] = set()
        self.used_names: set[str] = set()
        self.dealt_commune: dict[tuple[str, bool], int] = {}
        self.dealt: list[int] = []
        self.tied: list[int] = []

    def open_blocks(self, relaxed: bool) -> Iterator[np.ndarray]:
        """The candidates no mask rules out, in index order, :data:`BLOCK` at a time; before
        the relaxed pass, only those of a kind whose quota is not full."""
        band = self.band
        open_ = ~(self.one_place | ((self.crowded | self.taken) & band.spread_applies))
        if not relaxed:
            for kind, count in self.left.items():
                if count == 0:
                    open_ &= band.towns != (kind == "town")
        candidates = np.flatnonzero(open_[band.positions])
        for first in range(0, len(candidates), BLOCK):
            yield candidates[first : first + BLOCK]

    def out_of_reach(self) -> bool:
        """Whether the deck surely cannot be dealt any more: the cards still wanted outnumber
        the candidates no mask rules out (of either kind: a relaxed pass may come). The masks
        only grow, and every card dealt is open when dealt."""
        band = self.band
        open_ = ~(self.one_place | ((self.crowded | self.taken) & band.spread_applies))
        return len(self.dealt) + int(np.count_nonzero(open_)) < self.wanted

    def still_open(self, block: np.ndarray) -> list[int]:
        """The candidates of ``block`` the masks leave open now (the spread binds no anchor)."""
        places = self.band.positions[block]
        crowded = self.crowded[places] | self.taken[places]
        still = ~(self.one_place[places] | (crowded & (block >= self.columns.anchors)))
        indices: list[int] = block[still].tolist()
        return indices

    def ruled_out(self, i: int) -> bool:
        """Whether a card dealt since the block began rules candidate ``i`` out."""
        here = self.band.position[i]
        return bool(self.one_place[here] or (self.crowded[here] and i >= self.columns.anchors))

    def fits(self, i: int, relaxed: bool) -> bool:
        """The tests one candidate at a time: its kind's quota (kept until ``relaxed``), a name
        no card shows yet, and not a site in a dealt town's commune near it (or the town of
        such a site)."""
        columns = self.columns
        if not relaxed and self.left[columns.kinds[i]] == 0:
            return False
        if columns.names[i] in self.used_names:
            return False
        code = columns.commune[i]
        other = self.dealt_commune.get((code, not columns.is_town[i])) if code is not None else None
        if other is None:
            return True
        (x, y, z), (ox, oy, oz) = columns.unit_vectors[i], columns.unit_vectors[other]
        return x * ox + y * oy + z * oz <= columns.commune_dot

    def printed_tie(self, i: int) -> bool:
        """Whether candidate ``i`` prints a latitude or a longitude a dealt card prints."""
        if self.printed is None:
            return False
        lat_units, lon_units = self.printed
        return lat_units[i] in self.used_lat or lon_units[i] in self.used_lon

    def deal(self, i: int) -> None:
        """Deal candidate ``i``: its kind's quota, name, commune and printed values are used."""
        columns = self.columns
        self.dealt.append(i)
        self.left[columns.kinds[i]] -= 1
        self.used_names.add(columns.names[i])
        code = columns.commune[i]
        if code is not None:
            self.dealt_commune[(code, bool(columns.is_town[i]))] = i
        if self.printed is not None:
            lat, lon = self.printed[0][i], self.printed[1][i]
            self.used_lat.add(lat)
            self.used_lon.add(lon)
            self.taken[self.same_printed[0][lat]] = True
            self.taken[self.same_printed[1][lon]] = True

    def rule_out_around(self, i: int) -> None:
        """Mark what the card ``i`` just dealt rules out: the candidates closer than the spread
        distance, and those one place with it (within reach of its latitude: one slice of the
        band; and the places named after it)."""
        columns, band = self.columns, self.band
        degrees = columns.one_by_one[0][i]
        one_place_reach = columns.one_place_reach
        latitudes = band.lat_list
        start = bisect_left(latitudes, degrees - one_place_reach)
        stop = bisect_left(latitudes, degrees + one_place_reach)
        marks = band.one_place_marks.get(i)
        if self.spread:
            low = bisect_left(latitudes, degrees - self.reach)
            high = bisect_left(latitudes, degrees + self.reach)
            dots = _near_dots(columns, band, i, low, high)
            self.crowded[low:high] |= dots > self.max_dot
            if marks is None:
                dots = dots[start - low : stop - low]
                marks = band.one_place_marks[i] = _one_place_marks(columns, band, start, dots, i)
        elif marks is None:
            x, y, z = columns.unit_vectors[i]
            near = slice(start, stop)
            dots = band.xs[near] * x + band.ys[near] * y + band.zs[near] * z
            marks = band.one_place_marks[i] = _one_place_marks(columns, band, start, dots, i)
        self.one_place[marks] = True
        for j in columns.named_after.get(i, ()):
            if j < self.limit:
                self.one_place[band.position[j]] = True


def _near_dots(columns: _Columns, band: _Band, i: int, low: int, high: int) -> np.ndarray:
    """The dot products of candidate ``i`` with the band's candidates from position ``low`` to
    ``high``. They do not depend on the deal's distance: the bisection's deals, which deal the
    same best known places again and again, read them from :attr:`_Band.near_dots` (a slice of
    those of a wider reach), made once per card (at the widest reach it is dealt at)."""
    kept = band.near_dots.get(i)
    if kept is not None and kept[0] <= low and high <= kept[1]:
        return kept[2][low - kept[0] : high - kept[0]]
    x, y, z = columns.unit_vectors[i]
    near = slice(low, high)
    dots: np.ndarray = band.xs[near] * x + band.ys[near] * y + band.zs[near] * z
    band.near_dots[i] = (low, high, dots)
    return dots


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


def _haversine_km(
    lat0: float | np.ndarray, lon0: float | np.ndarray, lat: np.ndarray, lon: np.ndarray
) -> np.ndarray:
    """Great-circle distances (km) from one point to many, inputs in radians (or from as many
    points, pair by pair, given as arrays)."""
    a = np.sin((lat - lat0) / 2) ** 2 + np.cos(lat0) * np.cos(lat) * np.sin((lon - lon0) / 2) ** 2
    distances: np.ndarray = 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))
    return distances


def crowded_town_pairs(places: Sequence[Place], km: float = AGGLOMERATION_KM) -> int:
    """Pairs of town cards closer than ``km``: what a deck of a département that is one
    built-up area (the Hauts-de-Seine, the Seine-Saint-Denis) cannot avoid."""
    return _pairs_closer([p for p in places if p.kind == "town"], km)


def near_pairs(places: Sequence[Place], km: float = NEAR_DUPLICATE_KM) -> int:
    """Pairs of cards of any kinds closer than ``km``: what a deck of Paris' sites cannot
    avoid."""
    return _pairs_closer(places, km)


def _pairs_closer(places: Sequence[Place], km: float) -> int:
    lat = np.radians([p.lat for p in places])
    lon = np.radians([p.lon for p in places])
    return sum(
        int(np.count_nonzero(_haversine_km(lat[i], lon[i], lat[i + 1 :], lon[i + 1 :]) < km))
        for i in range(len(places) - 1)
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
