"""The options that choose a deck's places beside its region: ``--include``, ``--exclude``,
``--places`` (``pnp oucedonc deck``, ``pnp places``); the logic is ``generator.geo.own_places``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.core.errors import UserError
from generator.core.i18n import N_, _

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
    """The region typed, else France, else (``--places`` alone) None: the file's places. An
    empty ``--region ""`` is refused (a variable left unset in a script), as a recipe's is."""
    if region is not None:
        if not region.strip():
            raise UserError(  # the words of pnp kit's
                _(
                    "--region is empty; name a region (e.g. 'bretagne', '33') or leave --region "
                    "out for France"
                )
            )
        return region
    return None if places is not None else "france"
