"""A themed board: the places of a region (from the place pipeline) on the ordinary squares."""

from __future__ import annotations

from dataclasses import dataclass

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
    from generator.geo.catalog import load_places
    from generator.geo.regions import resolve_region
    from generator.geo.selection import select_places

    selection = resolve_region(region)
    chosen = select_places(load_places(source, selection), len(ordinary_squares()), seed=seed,
                           sites_share=SITES_SHARE, difficulty="easy")
    return Theme(selection.name, plan_route(chosen))
