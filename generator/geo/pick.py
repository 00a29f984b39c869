"""The one path from what a user types to a deck's places: region → candidates → selection.

``pnp places --count``, the Oucédonc deck and the themed goose board all call
:func:`pick_places`. It resolves the region, loads its candidates from the source, filters the
kind, and deals them with :func:`generator.geo.selection.deal` on the first printed grid that
loses nothing (the caller lists them: minute then second for ``--precision auto``; ``None`` for
a board that prints no coordinates). When the caller gives no count, the first of its
``default_counts`` that the region can hold is used, with a note saying so (Corse holds fewer
cards than a mainland région). When an explicit count is too many, the error names the largest
count that was actually dealt, so following the advice works.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from msgspec import Struct, field
from msgspec.structs import replace

from generator.core.errors import TOO_FEW_PLACES, UserError
from generator.core.i18n import _, ngettext, number
from generator.geo.model import Place
from generator.geo.own_places import OwnChoice
from generator.geo.place_table import PlaceTable
from generator.geo.regions import RegionSelection

if TYPE_CHECKING:
    from generator.core.i18n import Language
    from generator.geo.selection import Crowding, Dealt, Grid, Pool

#: The defaults every deck shares (``pnp places --count`` and ``pnp oucedonc deck``).
DEFAULT_SEED = 1
DEFAULT_DIFFICULTY = "normal"
#: How far below the failed count the advice searches for a count that works.
ADVICE_STEPS = 60


class PickRequest(Struct, frozen=True):
    """What the user asked for, as typed (strings are resolved here)."""

    region: str | None = "france"  # None: the user's own places alone (choice.places_file)
    source: str = "embedded"
    count: int | None = None  # None: the first of the caller's default counts that fits
    seed: int = DEFAULT_SEED
    sites_share: float = 0.2
    sites_floor: int = 0  # the sites the deck deals at least, where the region has them
    difficulty: str = DEFAULT_DIFFICULTY
    kind: str = "all"  # towns | sites | all
    names: Language = "fr"  # the language of the dealt places' names (geo.abroad); French is
    # the data's own (core.i18n.MATERIAL_DEFAULT)
    choice: OwnChoice = field(default_factory=OwnChoice)  # --include, --exclude, --places


class Picked(Struct, frozen=True):
    """The places picked for a request, with the region and candidates they came from."""

    selection: RegionSelection
    candidates: Sequence[Place]  # named as the data names them (what the deal compares)
    places: tuple[Place, ...]  # named in the request's ``names``
    grid: int  # index of the grid used in the caller's list
    count: int
    note: str | None = None  # a line to print (a smaller default deck)


def region_candidates(request: PickRequest) -> tuple[RegionSelection, PlaceTable]:
    """The resolved region and its candidate places of the requested kind, named as the data
    names them (the deal's input: the same in every language; ``geo.abroad.named`` gives
    them in another), with the user's choice applied (``request.choice``)."""
    from generator.geo.regions import own_places_region, resolve_region

    choice = request.choice
    if request.region is None and choice.places_file is not None:
        return _candidates(request, own_places_region(choice.places_file))
    selection = resolve_region(request.region or "france")
    if _named_embedded(request, selection):
        return selection, _embedded_places(selection, request.kind)
    return _candidates(request, selection)


def _candidates(
    request: PickRequest, selection: RegionSelection
) -> tuple[RegionSelection, PlaceTable]:
    """:func:`region_candidates` in ``selection``, read."""
    from generator.geo.catalog import load_places
    from generator.geo.listing import of_kind
    from generator.geo.own_places import apply_choice

    choice = request.choice
    pinned: tuple[str, ...] = ()
    loaded: Sequence[Place] = ()
    if request.region is not None:
        loaded = load_places(request.source.strip().lower(), selection)
    if choice:
        loaded, pinned = apply_choice(loaded, choice, selection.label)
    kept = PlaceTable.of(of_kind(loaded, request.kind))  # type: ignore[arg-type]
    candidates = _less_the_one_town(kept, pinned)
    if not candidates:
        raise UserError(
            _("source {source} has no {kind} in {label}; use --kind all or another region").format(
                source=request.source, kind=request.kind, label=selection.label
            )
        )
    return selection, candidates


def _less_the_one_town(candidates: PlaceTable, pinned: tuple[str, ...]) -> PlaceTable:
    """The candidates of a region that is one town (Paris, the département 75, whose one
    commune is the city) less that town, unless the user pinned it: its card would stand for
    the whole deck, and the one-place rule would take every site near its point (Notre-Dame,
    the Louvre, the Sainte-Chapelle) with it. The deck deals the town's sites."""
    kinds = candidates.kinds
    if kinds.count("town") != 1 or len(kinds) == 1:
        return candidates
    town = kinds.index("town")
    if candidates.ids[town] in pinned:
        return candidates
    return candidates.where(i != town for i in range(len(kinds)))


#: The regions named by a name or a code (not a box, not a file of points): their embedded
#: candidates are a pure function of the region and the kind.
_NAMED_KINDS = frozenset({"country", "region", "departement", "world", "subdivision"})


def _named_embedded(request: PickRequest, selection: RegionSelection) -> bool:
    """Whether the request's candidates are the embedded data's for a named region, with no
    choice of the user's (made once per process: :func:`_embedded_places`)."""
    return (
        selection.kind in _NAMED_KINDS
        and request.source.strip().lower() == "embedded"
        and not request.choice
    )


def embedded_candidates(selection: RegionSelection, kind: str = "all") -> PlaceTable:
    """The embedded candidates of ``selection`` as every deal of it reads them, with no
    choice of the user's (a region that is one town less that town: see
    :func:`_less_the_one_town`); made once per process for a named region."""
    if selection.kind in _NAMED_KINDS:
        return _embedded_places(selection, kind)
    return _candidates(PickRequest(region=selection.code, kind=kind), selection)[1]


@lru_cache(maxsize=4)  # a long-running process (the studio's workers) deals the same regions
def _embedded_places(selection: RegionSelection, kind: str) -> PlaceTable:
    """The embedded candidates of a named region (see :func:`_named_embedded`)."""
    return _candidates(PickRequest(region=selection.code, kind=kind), selection)[1]


@lru_cache(maxsize=4)
def _embedded_pool(selection: RegionSelection, kind: str) -> Pool:
    """The :class:`~generator.geo.selection.Pool` of :func:`_embedded_places` (its candidates
    checked and ranked once per process, for every deck of the region)."""
    from generator.geo.abroad import suffixes_for
    from generator.geo.selection import Pool

    candidates = _embedded_places(selection, kind)
    return Pool(candidates, suffixes_for(candidates))


def _pool(request: PickRequest, found: tuple[RegionSelection, Sequence[Place]]) -> Pool:
    """The candidates prepared for the deals: made once per process for the candidates of
    :func:`_embedded_places`, for every deck of their region."""
    from generator.geo.abroad import suffixes_for
    from generator.geo.selection import Pool

    selection, candidates = found
    if (
        _named_embedded(request, selection)
        and _embedded_places(selection, request.kind) is candidates
    ):
        return _embedded_pool(selection, request.kind)
    table = PlaceTable.of(candidates)  # the columns made once, for the pins and the pool
    return Pool(table, suffixes_for(table), pinned_ids(request, table))


def pinned_ids(request: PickRequest, candidates: Sequence[Place]) -> tuple[str, ...]:
    """The ids of the candidates the deck must hold: the user's own places, then the places
    named by ``--include``."""
    from generator.geo.own_places import OWN_PREFIX, find

    ids = PlaceTable.of(candidates).ids  # their column: no record made for it
    own = [place_id for place_id in ids if place_id.startswith(OWN_PREFIX)]
    label = request.region or "--places"
    included = [find(name, candidates, label, "--include").id for name in request.choice.include]
    return tuple(dict.fromkeys([*own, *included]))


def pick_places(
    request: PickRequest,
    grids: Sequence[object | None] = (None,),
    default_counts: Sequence[int] = (),
    finer: str | None = None,
    min_count: int = 1,
    found: tuple[RegionSelection, Sequence[Place]] | None = None,
) -> Picked:
    """Deal ``request`` (see the module text). ``grids`` are
    :class:`generator.geo.selection.Grid` objects or None, tried in order; ``finer`` is the
    option that gives a finer grid, named in the advice ("--precision second"). When no default
    count fits, the largest count from ``min_count`` up that the region holds is dealt.
    ``found``: what :func:`region_candidates` gave for ``request``, if the caller has it.

    An ``easy`` deck deals well-known places only; a region with too few of them for any deck
    (the Seine-Saint-Denis: one sous-préfecture among 40 communes) gets the easy window filled
    with the next best known places, and a note that says so."""
    from generator.geo.selection import EASY_FILLED, Crowding, PinnedConflict

    found = found if found is not None else region_candidates(request)
    difficulties = [request.difficulty]
    if request.difficulty == "easy":
        difficulties.append(EASY_FILLED)
    refusal: UserError | None = None
    for difficulty in difficulties:
        asked = replace(request, difficulty=difficulty)
        # the one-place rule's full distances first; shrunk with the spacing (a crowded deal)
        # only where the region gives no deck otherwise
        for crowded in Crowding:
            try:
                picked = _pick_places(
                    asked, grids, default_counts, finer, min_count, found, crowded
                )
            except PinnedConflict:
                if crowded == max(Crowding):
                    raise  # a place the user named cannot be dealt: no other window helps
                continue
            except UserError as error:
                refusal = error  # the last: the most lenient deal's advice
                if isinstance(error, _Refusal) and error.holds_a_deck:
                    break  # a smaller deck at these distances (the advice), not a crowded one
                continue
            return _with_notes(picked, found[0], difficulty, crowded)
    assert refusal is not None
    raise refusal


def _with_notes(
    picked: Picked, region: RegionSelection, difficulty: str, crowded: Crowding
) -> Picked:
    """``picked`` with a line for each way it falls short of the request: an easy deck filled
    with lesser-known places, a crowded deal's cards closer than the one-place rule's
    distances."""
    from generator.geo.selection import (
        AGGLOMERATION_KM,
        EASY_FILLED,
        NEAR_DUPLICATE_KM,
        crowded_town_pairs,
        near_pairs,
    )

    if difficulty == EASY_FILLED:
        picked = _noted(
            picked,
            _(
                "{name} has too few well-known places for an easy deck: it is filled with the "
                "next best known."
            ).format(name=region.name),
        )
    if not crowded:
        return picked
    towns = crowded_town_pairs(picked.places)
    if towns and region.kind == "departement":
        picked = _noted(
            picked,
            ngettext(
                "{name} is one built-up area: {count} pair of its town cards lies less than {km} "
                "km apart; the région around it deals places farther apart.",
                "{name} is one built-up area: {count} pairs of its town cards lie less than {km} "
                "km apart; the région around it deals places farther apart.",
                towns,
            ).format(name=region.name, count=number(towns), km=number(AGGLOMERATION_KM)),
        )
    elif towns:
        picked = _noted(
            picked,
            ngettext(
                "{name} is too densely built for its town cards to stand {km} km apart: {count} "
                "pair of them lies closer.",
                "{name} is too densely built for its town cards to stand {km} km apart: {count} "
                "pairs of them lie closer.",
                towns,
            ).format(name=region.name, count=number(towns), km=number(AGGLOMERATION_KM)),
        )
    near = near_pairs(picked.places)
    if near:
        picked = _noted(
            picked,
            ngettext(
                "{name} is too small for its cards to stand {km} km apart: {count} pair of them "
                "lies closer; their printed coordinates still tell them apart.",
                "{name} is too small for its cards to stand {km} km apart: {count} pairs of them "
                "lie closer; their printed coordinates still tell them apart.",
                near,
            ).format(name=region.name, count=number(near), km=number(NEAR_DUPLICATE_KM)),
        )
    return picked


def _noted(picked: Picked, line: str) -> Picked:
    """``picked`` with ``line`` added to its note."""
    return replace(picked, note=f"{picked.note} {line}" if picked.note else line)


class _Dealer(Struct, frozen=True):
    """One difficulty window's deals of a request: each count tried on the caller's grids."""

    request: PickRequest
    grids: Sequence[object | None]
    pool: Pool  # the candidates, prepared once for every count and grid tried
    crowded: Crowding  # see selection.Terms.crowded

    def attempt(self, count: int) -> tuple[int, Dealt] | int:
        """(grid index, result) for the first grid that loses nothing, or the most dealt.

        A grid whose deal is complete but where a tie kept a famous place out is kept in case
        no finer grid does better; a pinned place that no grid can deal is an error. A grid
        whose anchors tie (:meth:`Pool.anchors_tie`) is passed over for the finer ones; dealt
        in full only if none of them loses nothing (then every grid is, in order)."""
        outcome = self._attempt(count, passing_over=True)
        if outcome is None:
            outcome = self._attempt(count, passing_over=False)
        assert outcome is not None  # nothing is passed over
        return outcome

    def _attempt(self, count: int, passing_over: bool) -> tuple[int, Dealt] | int | None:
        """:meth:`attempt`, passing over the grids whose anchors tie (``passing_over``): None
        when it did and no other grid loses nothing."""
        from generator.geo.selection import PinnedConflict, SelectionShortfall, Terms

        request = self.request
        best: tuple[int, Dealt] | None = None
        most = 0
        conflict: PinnedConflict | None = None
        passed = False
        for index, option in enumerate(self.grids):
            terms = Terms(
                count,
                request.seed,
                request.sites_share,
                request.difficulty,
                cast("Grid | None", option),
                request.sites_floor,
                self.crowded,
            )
            finer = index < len(self.grids) - 1
            try:
                if passing_over and finer and self.pool.anchors_tie(terms):
                    passed = True
                    continue
                result = self.pool.deal(terms)
            except SelectionShortfall as shortfall:
                most = max(most, shortfall.dealt)
                continue
            except PinnedConflict as pinned_conflict:
                conflict = pinned_conflict  # a finer grid may part them
                continue
            conflict = None
            if not result.tied_anchors:
                return index, result
            best = best or (index, result)
        if passed:
            return None
        if best is None and conflict is not None:
            raise conflict  # on the finest grid too: fewer cards would not part them
        return best if best is not None else most


def _pick_places(
    request: PickRequest,
    grids: Sequence[object | None],
    default_counts: Sequence[int],
    finer: str | None,
    min_count: int,
    found: tuple[RegionSelection, Sequence[Place]],
    crowded: Crowding,
) -> Picked:
    """:func:`pick_places` for one difficulty window (a ``crowded`` deal or not): the first
    count that deals (the request's, or the first default one the region holds), else the
    largest smaller one, else an error that names it."""
    from generator.geo.abroad import display_in

    selection, candidates = found
    pool = _pool(request, found)
    dealer = _Dealer(request, grids, pool, crowded)
    counts = [request.count] if request.count is not None else list(default_counts)
    if not counts:
        raise ValueError("pick_places needs a count or default counts")

    def picked(outcome: tuple[int, Dealt], count: int, note: str | None) -> Picked:
        # the deal compares the data's names; the dealt places print in the request's
        index, result = outcome
        printed = display_in(result.places, candidates, request.names)
        return Picked(selection, candidates, printed, index, count, note)

    most = 0
    for count in counts:
        outcome = dealer.attempt(count)
        if isinstance(outcome, tuple):
            note = None
            if request.count is None and count != counts[0]:
                note = _(
                    "{name} holds at most {count} place cards on whole sheets (not {wanted}): "
                    "the deck has {count}."
                ).format(name=selection.spoken, count=number(count), wanted=number(counts[0]))
            return picked(outcome, count, note)
        most = max(most, outcome)
    wanted = counts[-1]
    largest = _largest_count(dealer.attempt, min(most, wanted - 1))
    advice = largest[0] if largest is not None else None
    if request.count is None and largest is not None and largest[0] >= min_count:
        note = _(
            "{name} holds at most {advice} place cards, fewer than a whole-sheet deck "
            "({whole}): the deck has {advice}, and its last sheet is not full."
        ).format(name=selection.spoken, advice=number(largest[0]), whole=number(wanted))
        return picked(largest[1], largest[0], note)
    raise _Refusal(
        _too_many(selection.label, advice, min_count, wanted, finer),
        holds_a_deck=advice is not None and advice >= min_count,
    )


class _Refusal(UserError):
    """A count the region cannot deal; ``holds_a_deck``: it deals a smaller deck (its advice)."""

    def __init__(self, message: str, holds_a_deck: bool) -> None:
        # no deck at all: the region's places are too few once each is decidable from its back
        super().__init__(message, None if holds_a_deck else TOO_FEW_PLACES)
        self.holds_a_deck = holds_a_deck


def _too_many(
    label: str, advice: int | None, min_count: int, wanted: int, finer: str | None
) -> str:
    """Why ``wanted`` cards cannot be dealt in ``label``, and what to ask for instead:
    ``advice`` (the largest count that deals, None when none does) if a deck can have that
    many, ``finer`` (the option of a finer grid) when there is one."""
    if advice is not None and advice < min_count:
        message = (
            _(
                "{label} gives at most {advice} cards here, each its own place and decidable "
                "from its back, and a deck needs {min_count}; use {finer} or choose a larger "
                "region"
            )
            if finer
            else _(
                "{label} gives at most {advice} cards here, each its own place and decidable "
                "from its back, and a deck needs {min_count}; choose a larger region"
            )
        )
    elif advice is None:
        message = (
            _(
                "{label} cannot give {wanted} cards, each its own place and decidable from its "
                "back; choose a larger region or {finer}"
            )
            if finer
            else _(
                "{label} cannot give {wanted} cards, each its own place and decidable from its "
                "back; choose a larger region"
            )
        )
    elif finer:
        message = _(
            "{label} gives at most {advice} of the {wanted} cards, each its own place and "
            "decidable from its back; ask for {advice} cards or {finer}, or choose a larger region"
        )
    else:
        message = _(
            "{label} gives at most {advice} of the {wanted} cards, each its own place and "
            "decidable from its back; ask for {advice} cards, or choose a larger region"
        )
    return message.format(
        label=label,
        advice=number(advice or 0),
        min_count=number(min_count),
        wanted=number(wanted),
        finer=finer or "",
    )


def _largest_count(
    attempt: Callable[[int], tuple[int, Dealt] | int], start: int
) -> tuple[int, tuple[int, Dealt]] | None:
    """The largest count from ``start`` down that deals, and its deal (each try is a whole
    selection)."""
    for count in range(start, max(0, start - ADVICE_STEPS), -1):
        outcome = attempt(count)
        if isinstance(outcome, tuple):
            return count, outcome
    return None
