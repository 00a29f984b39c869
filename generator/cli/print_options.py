"""The printing options every command that writes a deck or a sheet shares, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

from generator.core.i18n import N_
from generator.render.profile import Profile

ProfileOption = Annotated[
    Profile,
    typer.Option(
        "--profile",
        help=N_(
            "home: RGB for screens and home printers; shop: CMYK PDF/X-4 with 3 mm bleed "
            "for a print shop."
        ),
    ),
]
InkLimitOption = Annotated[
    float | None,
    typer.Option(
        "--ink-limit",
        help=N_("With --profile shop: total ink limit in % (default 300; 240-260 for uncoated)."),
    ),
]
FacesOption = Annotated[
    bool,
    typer.Option(
        "--faces",
        help=N_("Also write every card one face per page (card + bleed), as card printers ask."),
    ),
]
BackFirstOption = Annotated[
    bool, typer.Option("--back-first", help=N_("Faces files: each card's back before its front."))
]


# One help text per home default, each a whole sentence for the catalog (help texts are
# translated when the command is built: generator.cli.lazy.translate_help).
BLEED_HELP = {
    1.0: N_("Bleed in mm around each card (default 1 at home, 3 with --profile shop)."),
    2.0: N_("Bleed in mm around each card (default 2 at home, 3 with --profile shop)."),
}


def bleed_option(home_default: float) -> object:
    """``--bleed`` whose default depends on the profile (None: the profile decides)."""
    if home_default not in BLEED_HELP:
        raise ValueError(
            f"no help text for a home bleed of {home_default:g} mm: add it to BLEED_HELP"
        )
    return typer.Option("--bleed", help=BLEED_HELP[home_default])
