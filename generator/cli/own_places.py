"""The options that choose a deck's places beside its region: ``--include``, ``--exclude``,
``--places`` (``pnp oucedonc deck``, ``pnp places``); the logic is ``generator.geo.own_places``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.core.i18n import N_

IncludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--include",
        help=N_("A place the deck must hold, by name (repeat for several)."),
    ),
]
ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        help=N_("A place the deck must not hold, by name (repeat for several)."),
    ),
]
PlacesOption = Annotated[
    Path | None,
    typer.Option(
        "--places",
        help=N_(
            "Your own places, every one dealt: a CSV (name,lat,lon[,kind]) or GeoJSON file of "
            "points; alone, they are the deck."
        ),
    ),
]


def own_region(region: str | None, places: Path | None) -> str | None:
    """The region typed, else France, else (``--places`` alone) None: the file's places."""
    if region is not None:
        return region
    return None if places is not None else "france"
