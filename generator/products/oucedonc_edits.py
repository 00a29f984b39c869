"""A dealt deck the user has edited: cards removed, places kept, places of her own.

The studio (``pnp serve``) and ``pnp oucedonc deck --recipe`` deal a region's deck exactly as
``pnp oucedonc deck`` does, then apply the recipe's edits to that deck, so that each edit changes
what the user asked for and no more:

* ``exclude``: names (matched as the referee matches them: accents, case, hyphens, ``st``
  ignored) of places never on a card. An excluded card leaves the deck and **the next place
  takes its place**: among the region's best known places (the difficulty's window), the one of
  the same kind that lies furthest from every card left, so it fills the gap the card left. A
  name that matches no place of the region is reported, not an error.
* ``include``: names of places that must be on a card (the studio's pins, and a place added
  by search): the region's, else any place the embedded data knows (of homonyms, the nearest
  to the region: a Hauts-de-Seine deck's Saint-Denis is the 93's, not La Réunion's).
* ``places``: the user's own points (her village, her school), each a card.

A name may end with the département or the commune code that tells homonyms apart, in
parentheses, as the cards print it: ``Saint-Denis (93)``, ``Saint-Denis (974)``,
``Saint-Denis (93066)``. A kept or own place lying further than :data:`OUTSIDE_KM` from every
place of the region is dealt with a warning (its card's map shows it at the map's edge): a point
clicked in the wrong place, or a file whose latitude and longitude are swapped (then said so).

An included or own place that is not dealt yet takes the place of the cards it cannot be dealt
beside (a card sharing its printed latitude or longitude, within :data:`NEAR_KM`, or of its
commune), or else of the nearest card of its kind. Two kept places that print the same
coordinate are tried on the next finer grid (``--precision auto``), then refused with a sentence
naming both; kept places closer than :data:`NEAR_KM` are dealt with a warning. Every choice is
a pure function of the recipe: the same recipe gives the same deck.

The interim home of the logic until ``geo`` deals forced places itself (issue 31); the studio
reaches it only through :mod:`generator.web.service`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from generator.core.errors import UserError
from generator.core.i18n import _, number
from generator.core.namekeys import name_key
from generator.games.oucedonc.wording import of_places
from generator.geo.model import Place
from generator.geo.own_places import OWN_PREFIX  # credited to the user, not to a data source

if TYPE_CHECKING:
    from generator.geo.pick import Picked, PickRequest
    from generator.geo.regions import RegionSelection
    from generator.geo.selection import Grid

#: Two forced places closer than this are hard to tell apart at the table (the selection's own
#: one-place distance between a site and a town card).
NEAR_KM = 2.0
EARTH_RADIUS_KM = 6371.0088
#: A kept or own place further than this from every place of the region lies outside it (a
#: commune's centre is rarely 10 km from the next one, in France or among towns abroad).
OUTSIDE_KM = 30.0
#: "Saint-Denis (93)": a name and the code in parentheses that tells homonyms apart
_QUALIFIED = re.compile(r"^(?P<name>.*\S)\s*\((?P<code>[0-9A-Za-z]{2,5})\)$")


@dataclass(frozen=True)
class OwnPlace:
    """A point the user adds: her village, her school."""

    name: str
    lat: float
    lon: float
    kind: str = "site"  # "town" or "site": which picture and footer the card prints


@dataclass(frozen=True)
class DeckEdits:
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    places: tuple[OwnPlace, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.include or self.exclude or self.places)


@dataclass(frozen=True)
class Edited:
    """The recipe's edits resolved against the region's places."""

    excluded: frozenset[str]  # ids of the region's places never dealt
    forced: tuple[Place, ...]  # included places (named as the data names them), then own places
    warnings: tuple[str, ...]


def own_place_records(places: Sequence[OwnPlace]) -> tuple[Place, ...]:
    """The user's points as place records (ids ``own:1``…): no source, credited to the user."""
    return tuple(
        Place(
            id=f"{OWN_PREFIX}{number}",
            name=" ".join(place.name.split()),
            kind="town" if place.kind == "town" else "site",
            lat=place.lat,
            lon=place.lon,
            country="FR",
        )
        for number, place in enumerate(places, start=1)
    )


def places_named(name: str, by_key: dict[str, list[Place]]) -> list[Place]:
    """The places ``by_key`` (places by :func:`name_key`) that ``name`` names: by the whole name,
    else, for a name ending with a code in parentheses ("Saint-Denis (93)"), those of the name
    in that département or commune."""
    found = by_key.get(name_key(name), [])
    qualified = None if found else _QUALIFIED.match(name)
    if qualified is None:
        return found
    code = qualified.group("code").upper()
    return [
        place
        for place in by_key.get(name_key(qualified.group("name")), [])
        if code in ((place.departement or "").upper(), (place.insee or "").upper())
    ]


def apply_edits(
    candidates: Sequence[Place],
    edits: DeckEdits,
    elsewhere: Callable[[str, tuple[float, float] | None], Place | None] = lambda name, near: None,
    region: str = "",
) -> Edited:
    """The places named by the edits among ``candidates``, and the user's own. A kept name
    that is none of the region's places is looked up ``elsewhere`` (every known place: a
    teacher may add Mont-Saint-Michel to her Finistère deck), homonyms nearest the region's
    centre first. ``region``: its name, for the warning about a place outside it."""
    by_key: dict[str, list[Place]] = {}
    for place in candidates:
        by_key.setdefault(name_key(place.name), []).append(place)

    @cache
    def region_units() -> Any:
        """The candidates' unit vectors, made once if a place is looked up or kept."""
        return _unit(candidates)

    warnings: list[str] = []
    excluded: set[str] = set()
    for name in edits.exclude:
        found = places_named(name, by_key)
        if not found:
            warnings.append(
                _("{name} is not one of this region's places: nothing to remove").format(name=name)
            )
        excluded.update(place.id for place in found)

    def looked_up(name: str) -> Place | None:
        return elsewhere(name, _centre(region_units()) if candidates else None)

    included = [_included(name, by_key, looked_up) for name in edits.include]
    clash = next((place for place in included if place.id in excluded), None)
    if clash is not None:
        raise UserError(
            _("{name} is both kept and removed; remove it from one of the two lists").format(
                name=clash.name
            )
        )
    own = own_place_records(edits.places)
    forced = tuple({place.id: place for place in (*included, *own)}.values())
    _check_names(forced)
    warnings.extend(_near_warnings(forced))
    if candidates and forced:
        warnings.extend(_outside_warnings(forced, region_units(), region))
    return Edited(frozenset(excluded), forced, tuple(warnings))


def _centre(units: Any) -> tuple[float, float]:
    """The mean point (lat, lon) of places given by their unit vectors (at least one)."""
    x, y, z = (float(v) for v in units.mean(axis=0))
    return math.degrees(math.atan2(z, math.hypot(x, y))), math.degrees(math.atan2(y, x))


def _outside_warnings(forced: Sequence[Place], region_units: Any, region: str) -> list[str]:
    """A sentence for each forced place further than :data:`OUTSIDE_KM` from every place of
    the region (given by their unit vectors)."""
    warnings = []
    rooms = _nearest_km(_unit(forced), region_units)
    swapped = [replace(place, lat=place.lon, lon=place.lat) for place in forced]
    rooms_swapped = _nearest_km(_unit(swapped), region_units)
    for place, km, km_swapped in zip(forced, rooms, rooms_swapped, strict=True):
        if km <= OUTSIDE_KM:
            continue
        fields = {"name": place.name, "km": number(km, decimals=0), "region": region}
        if abs(place.lon) <= 90 and km_swapped <= OUTSIDE_KM:
            sentence = _(
                "{name} lies {km} km from {region}; its latitude and longitude look swapped: "
                "check them"
            )
        else:
            sentence = _(
                "{name} lies {km} km from {region}: its card's map shows it at the map's edge; "
                "check its latitude and longitude, or keep it if you meant it"
            )
        warnings.append(sentence.format(**fields))
    return warnings


def _included(
    name: str, by_key: dict[str, list[Place]], elsewhere: Callable[[str], Place | None]
) -> Place:
    found = places_named(name, by_key)
    if not found:
        known = elsewhere(name)
        if known is not None:
            return known
        raise UserError(
            _(
                "{name} is no place pnp knows; check the spelling, or add it as your own place "
                "with its latitude and longitude"
            ).format(name=name)
        )
    # homonyms (two Saint-Denis): the best known, as the deal would
    return min(found, key=lambda place: (-place.familiarity, place.id))


def _check_names(forced: Sequence[Place]) -> None:
    seen: set[str] = set()
    for place in forced:
        if not place.name:
            raise UserError(_("a place of your own has no name; give each place a name"))
        key = name_key(place.name)
        if key in seen:
            raise UserError(
                _("two cards would both be called {name}; rename or remove one of them").format(
                    name=place.name
                )
            )
        seen.add(key)


def distance_km(a: Place, b: Place) -> float:
    return km_between((a.lat, a.lon), (b.lat, b.lon))


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance between two (lat, lon) points."""
    lat1, lat2 = math.radians(a[0]), math.radians(b[0])
    dlat, dlon = lat2 - lat1, math.radians(b[1] - a[1])
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, h)))


def _near_warnings(forced: Sequence[Place]) -> list[str]:
    warnings = []
    for index, first in enumerate(forced):
        for second in forced[index + 1 :]:
            km = distance_km(first, second)
            if km < NEAR_KM:
                warnings.append(
                    _(
                        "{first} and {second} are only {km} km apart: players will hardly tell "
                        "them apart; remove one of them"
                    ).format(first=first.name, second=second.name, km=number(km, decimals=1))
                )
    return warnings


def _tie(forced: Sequence[Place], grid: Grid) -> tuple[Place, Place, str] | None:
    """Two kept places that print the same latitude or longitude on ``grid``, if any."""
    for index, first in enumerate(forced):
        for second in forced[index + 1 :]:
            if grid.units(first.lat) == grid.units(second.lat):
                return first, second, "latitude"
            if grid.units(first.lon) == grid.units(second.lon):
                return first, second, "longitude"
    return None


def _clashes(place: Place, other: Place, grid: Grid) -> bool:
    """``place`` and ``other`` cannot both be cards: one printed coordinate, too close, one
    commune, or one name."""
    return _clash(place, other, grid) is not None


def _clash(place: Place, other: Place, grid: Grid) -> str | None:
    """Why ``place`` takes the place of ``other`` (a sentence for the user), or None."""
    fields = {"new": place.name, "old": other.name}
    if grid.units(place.lat) == grid.units(other.lat):
        return of_places(
            _("{new} takes the place of {old}: both would print the same latitude"), **fields
        )
    if grid.units(place.lon) == grid.units(other.lon):
        return of_places(
            _("{new} takes the place of {old}: both would print the same longitude"), **fields
        )
    if _key(place.name) == _key(other.name):
        return of_places(
            _("{new} takes the place of {old}: two cards cannot have one name"), **fields
        )
    km = distance_km(place, other)
    if km < NEAR_KM or (place.commune is not None and place.commune == other.commune):
        return of_places(
            _(
                "{new} takes the place of {old}, {km} km away: two cards so close cannot be told "
                "apart; keep {old} too if you want both"
            ),
            km=number(km, decimals=1),
            **fields,
        )
    return None


class _Deck:
    """The deck being edited: its places (named as the data names them), in deal order, and
    what they print and are (latitudes, longitudes, names, communes) for the quick tests."""

    def __init__(self, places: Sequence[Place], grid: Grid) -> None:
        self.places: list[Place] = []
        self.grid = grid
        self.kept: set[str] = set()  # the forced places: no edit takes them out
        for place in places:
            self.add(place)

    def add(self, place: Place) -> None:
        self.places.append(place)

    def remove(self, place: Place) -> None:
        self.places = [p for p in self.places if p.id != place.id]

    def printed(self) -> tuple[set[int], set[int], set[str | None], set[str]]:
        grid = self.grid
        return (
            {grid.units(p.lat) for p in self.places},
            {grid.units(p.lon) for p in self.places},
            {p.commune for p in self.places if p.commune is not None},
            {_key(p.name) for p in self.places},
        )

    def fitting(self, choices: Sequence[Place]) -> list[tuple[Place, float]]:
        """The ``choices`` that can be dealt beside every card (see :func:`_clash`), each with
        its room: the distance to the nearest card (km)."""
        lats, lons, communes, names = self.printed()
        grid = self.grid
        quick = [
            p
            for p in choices
            if grid.units(p.lat) not in lats
            and grid.units(p.lon) not in lons
            and (p.commune is None or p.commune not in communes)
            and _key(p.name) not in names
        ]
        rooms = _rooms(quick, self.places)
        return [(p, room) for p, room in zip(quick, rooms, strict=True) if room >= NEAR_KM]


def _unit(places: Sequence[Place]) -> Any:
    import numpy as np

    lat = np.radians([p.lat for p in places])
    lon = np.radians([p.lon for p in places])
    return np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)))


def _rooms(places: Sequence[Place], cards: Sequence[Place]) -> list[float]:
    """Each of ``places``' distance to the nearest of ``cards`` (km; infinite without cards)."""

    if not places:
        return []
    if not cards:
        return [math.inf] * len(places)
    return _nearest_km(_unit(places), _unit(cards))


def _nearest_km(places: Any, cards: Any) -> list[float]:
    """Each place's distance to the nearest card (km), both given by their unit vectors."""
    import numpy as np

    dots = np.clip(places @ cards.T, -1.0, 1.0)
    nearest: list[float] = (EARTH_RADIUS_KM * np.arccos(dots.max(axis=1))).tolist()
    return nearest


@lru_cache(maxsize=65536)
def _key(name: str) -> str:
    """:func:`name_key`, once per name (a replacement is sought among thousands of places)."""
    return name_key(name)


def edit_deck(
    dealt: Sequence[Place],
    candidates: Sequence[Place],
    edited: Edited,
    grid: Grid,
    window: int,
) -> tuple[tuple[Place, ...], tuple[str, ...]]:
    """The dealt places with the edits applied (see the module text): the removed cards
    replaced first, then each kept place dealt in the place of the cards it cannot be dealt
    beside; and a sentence for each card a kept place displaced. ``window``: how many of the
    best known candidates of a kind a replacement is chosen from first."""
    forced_ids = {place.id for place in edited.forced}
    ranked = [
        p
        for p in sorted(candidates, key=lambda p: (-p.familiarity, p.id))
        if p.id not in edited.excluded and p.id not in forced_ids
    ]
    deck = _Deck([p for p in dealt if p.id not in edited.excluded], grid)
    _fill(deck, [p for p in dealt if p.id in edited.excluded], ranked, window)
    notes: list[str] = []
    for place in edited.forced:
        if any(p.id == place.id for p in deck.places):
            deck.kept.add(place.id)
            continue
        out = [p for p in deck.places if p.id not in deck.kept and _clashes(place, p, grid)]
        notes.extend(str(_clash(place, gone, grid)) for gone in out)
        nearest = [] if out else _nearest(deck, place)
        notes.extend(
            of_places(
                _(
                    "{new} takes the place of {old}, the nearest card of its kind; keep {old} if "
                    "you want both"
                ),
                new=place.name,
                old=gone.name,
            )
            for gone in nearest
        )
        for gone in out or nearest:
            deck.remove(gone)
        deck.add(place)
        deck.kept.add(place.id)
        _fill(deck, out[1:], ranked, window)
    return tuple(deck.places), tuple(notes)


def _nearest(deck: _Deck, place: Place) -> list[Place]:
    """The card of ``place``'s kind nearest to it (any kind if none), not a kept one."""
    free = [p for p in deck.places if p.id not in deck.kept]
    same = [p for p in free if p.kind == place.kind] or free
    if not same:
        return []
    return [min(same, key=lambda p: (distance_km(p, place), p.id))]


def _fill(deck: _Deck, gone: Sequence[Place], ranked: Sequence[Place], window: int) -> None:
    """A place for each card ``gone``: among the best known ``window`` candidates of its kind
    that can be dealt beside every card, the nearest to it that leaves room (at least half the
    deck's usual spacing from every card), else the one with the most room."""
    for removed in gone:
        taken = {p.id for p in deck.places}
        pool = [p for p in ranked if p.id not in taken]
        spacing = _usual_spacing(deck.places)
        for choices in (
            [p for p in pool if p.kind == removed.kind][:window],
            pool[: 2 * window],
            pool,
        ):
            fitting = deck.fitting(choices)
            if not fitting:
                continue
            roomy = [p for p, room in fitting if room >= spacing / 2]
            if roomy:
                best = min(roomy, key=lambda p: (distance_km(p, removed), p.id))
            else:
                best = max(fitting, key=lambda pair: (pair[1], pair[0].id))[0]
            deck.add(best)
            break
        else:
            raise UserError(
                _(
                    "no other place of the region can be dealt beside these cards; keep fewer "
                    "places, remove fewer cards or ask for fewer cards"
                )
            )


def _usual_spacing(places: Sequence[Place]) -> float:
    """The median distance from a card to its nearest card (km)."""
    if len(places) < 2:
        return 0.0
    nearest = sorted(
        _rooms([place], [other for other in places if other is not place])[0] for place in places
    )
    return nearest[len(nearest) // 2]


def pick_edited(
    request: PickRequest,
    found: tuple[RegionSelection, Sequence[Place]],
    edited: Edited,
    grids: Sequence[Grid],
    counts: Sequence[int],
    min_count: int,
    finer: str | None,
) -> Picked:
    """:func:`generator.geo.pick.pick_places`, then the edits: on the first grid where the kept
    places print apart."""
    from generator.geo.abroad import display_in
    from generator.geo.pick import Picked, pick_places
    from generator.geo.selection import DIFFICULTIES, display_names

    selection, candidates = found
    problem: UserError | None = None
    start = 0
    while start < len(grids):
        picked = pick_places(request, grids[start:], counts, finer, min_count, found)
        index = start + picked.grid
        tie = _tie(edited.forced, grids[index])
        if tie is not None:
            problem = _tie_error(*tie, finer=finer is not None or index < len(grids) - 1)
            start = index + 1
            continue
        window = math.ceil(DIFFICULTIES[request.difficulty].size * picked.count)
        # the dealt places as the data names them (the deal's input; named again below)
        data_named = {place.id: place for place in candidates}
        dealt_places = [data_named[place.id] for place in picked.places]
        places, notes = edit_deck(dealt_places, candidates, edited, grids[index], window)
        pool = [*candidates, *edited.forced]
        names = display_names(pool)
        dealt = tuple(replace(p, name=names.get(p.id, p.name)) for p in places)
        printed = display_in(dealt, pool, request.names)
        # the user's lines: the deal's note, then what each kept place displaced
        note = "\n".join((*((picked.note,) if picked.note else ()), *notes)) or None
        return Picked(selection, candidates, printed, index, len(dealt), note)
    assert problem is not None
    raise problem


def _tie_error(first: Place, second: Place, what: str, finer: bool) -> UserError:
    if what == "latitude":
        message = _(
            "{first} and {second} would print the same latitude, so no player could say which "
            "is further north; remove one of them"
        )
    else:
        message = _(
            "{first} and {second} would print the same longitude, so no player could say which "
            "is further east; remove one of them"
        )
    if finer:
        message += _(", or print the coordinates to the second")
    return UserError(message.format(first=first.name, second=second.name))
