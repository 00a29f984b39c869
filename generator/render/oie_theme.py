"""A themed board: the places of a region (from the place pipeline) on the ordinary squares."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import UserError
from generator.games.oie.route import Journey, ordinary_squares, plan_journey, square_labels


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


def load_theme(region: str, source: str = "embedded") -> Theme:
    """The journey across ``region``: its best-known towns, ordered along a route."""
    try:
        from generator.geo.catalog import load_places
        from generator.geo.regions import resolve_region
    except ImportError:
        raise UserError("--theme needs the place data, which this installation does not have yet; "
                        "drop --theme") from None
    selection = resolve_region(region)
    towns = [place for place in load_places(source, selection) if place.kind == "town"]
    if not towns:
        raise UserError(f"no town of {selection.label} is known to source {source}; choose another region")
    return Theme(selection.name, plan_journey(towns, len(ordinary_squares())))
