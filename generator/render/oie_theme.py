"""A themed board: the places of a region (from the place pipeline) on the ordinary squares."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import UserError

from generator.games.oie.route import Journey, ordinary_squares, plan_route, square_labels


SITES_SHARE = 0.2  # about one square in five names a landmark rather than a town


@dataclass(frozen=True)
class Theme:
    title: str  # the region's name, as printed
    journey: Journey

    @property
    def labels(self) -> tuple[str, ...]:
        return square_labels(self.journey)

    @property
    def route(self) -> tuple[str, str]:
        return (self.journey.places[0].name, self.journey.places[-1].name)


def load_theme(region: str, source: str = "embedded", seed: int = 1) -> Theme:
    """The journey across ``region``: familiar, spread-out places (the decks' selection), in route order."""
    from generator.games.oucedonc.coords import Precision
    from generator.geo.catalog import load_places
    from generator.geo.regions import resolve_region
    from generator.geo.selection import select_places

    selection = resolve_region(region)
    candidates = load_places(source, selection)
    needed = len(ordinary_squares())
    distinct = len({place.name for place in candidates})
    if distinct < needed:
        raise UserError(f"{selection.label} has {distinct} places and a themed board names {needed} "
                        "squares; choose a larger region")
    try:
        # the board prints no coordinates: the finest precision only keeps the deck rule out of the way
        chosen = select_places(candidates, needed, seed=seed, sites_share=SITES_SHARE,
                               difficulty="easy", precision=Precision.SECOND)
    except UserError:
        raise UserError(f"{selection.label} does not offer {needed} distinct places for the board; "
                        "choose a larger region") from None
    return Theme(selection.name, plan_route(chosen))
