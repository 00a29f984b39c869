"""The printing options every command that writes a deck or a sheet shares, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

from generator.render.profile import Profile

ProfileOption = Annotated[
    Profile,
    typer.Option(
        "--profile",
        help="home: RGB for screens and home printers; shop: CMYK PDF/X-4 with 3 mm bleed "
        "for a print shop.",
    ),
]
InkLimitOption = Annotated[
    float | None,
    typer.Option(
        "--ink-limit",
        help="With --profile shop: total ink limit in % (default 300; 240-260 for uncoated).",
    ),
]
FacesOption = Annotated[
    bool,
    typer.Option(
        "--faces",
        help="Also write every card one face per page (card + bleed), as card printers ask.",
    ),
]
BackFirstOption = Annotated[
    bool, typer.Option("--back-first", help="Faces files: each card's back before its front.")
]


def bleed_option(home_default: float) -> object:
    """``--bleed`` whose default depends on the profile (None: the profile decides)."""
    return typer.Option(
        "--bleed",
        help=f"Bleed in mm around each card (default {home_default:g} at home, 3 with "
        "--profile shop).",
    )
