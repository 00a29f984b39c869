"""The options every command that prints shares, declared once, and their parameter types.

Each option is parsed, as it is read, into the object the products take: ``--card-size`` into a
:class:`~generator.render.card_size.CardSize` (poker, bridge, mini, tarot, ``WxH`` in mm or
``2.5x3.5in``), ``--back-offset`` into a :class:`~generator.render.card_size.BackOffset`,
``--grid`` into (columns, rows), ``--paper`` and ``--duplex`` into their closed choices; a value
that does not parse is a usage error (one line, exit code 2) before the command runs.
:func:`paper`, :func:`imposition`, :func:`face_files` and :func:`profile` turn the options'
values into the products' objects (:mod:`generator.products.options`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, TypeVar

import typer

from generator.core.errors import UserError
from generator.core.i18n import N_
from generator.render.card_size import BackOffset, CardSize, back_offset, card_size
from generator.render.duplex import Duplex
from generator.render.paper import PAPERS, HomePaper, Paper, PaperName
from generator.render.profile import Ink, Profile

if TYPE_CHECKING:
    from generator.products.options import FaceFiles, Imposition
    from generator.render.profile import PrintProfile

T = TypeVar("T")


def _usage_error(parse: Callable[[str], T]) -> Callable[[Any], T]:
    """``parse`` as an option's parser: a default passes as it is, a UserError becomes the
    usage error's message (one line, exit code 2)."""

    def parser(value: Any) -> T:
        if not isinstance(value, str):
            return value  # type: ignore[no-any-return]  # a default: already the object
        try:
            return parse(value)
        except UserError as error:
            raise typer.BadParameter(str(error)) from None

    return parser


class Grid(NamedTuple):
    """A poster's tiles: columns and rows of pages (a tuple: the product takes it as one)."""

    cols: int
    rows: int


def grid(text: str) -> Grid:
    """``"3x2"`` -> 3 columns, 2 rows."""
    from generator.core.i18n import _

    try:
        cols, rows = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise UserError(
            _("grid {text!r} is not COLSxROWS; give e.g. 2x2 or 3x2").format(text=text)
        ) from None
    return Grid(cols, rows)


PaperOption = Annotated[
    PaperName,
    typer.Option("--paper", case_sensitive=False, help=N_("Paper: a4, letter or a3.")),
]
HomePaperOption = Annotated[
    HomePaper,
    typer.Option("--paper", case_sensitive=False, help=N_("Paper: a4 or letter.")),
]
#: The parser of ``--card-size`` (``territoires sheets --card`` takes it too).
card_size_parser = _usage_error(card_size)

CardSizeOption = Annotated[
    CardSize,
    typer.Option(
        "--card-size",
        parser=card_size_parser,
        metavar="SIZE",
        help=N_("poker, bridge, mini, tarot, WxH in mm or WxHin in inches (2.5x3.5in)."),
    ),
]
DuplexOption = Annotated[
    Duplex,
    typer.Option(
        "--duplex",
        case_sensitive=False,
        help=N_("long or short (the edge the printer flips on), or fold (fold and glue)."),
    ),
]
BackOffsetOption = Annotated[
    BackOffset,
    typer.Option(
        "--back-offset",
        parser=_usage_error(back_offset),
        metavar="X,Y",
        help=N_("X,Y mm shift of the backs, as measured with 'pnp calibrate'."),
    ),
]
GridOption = Annotated[
    Grid | None,
    typer.Option(
        "--grid",
        parser=_usage_error(grid),
        metavar="COLSxROWS",
        help=N_("With --tiles: COLSxROWS landscape pages (default 2x3: the board 52 × 52 cm)."),
    ),
]
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
InkOption = Annotated[
    Ink,
    typer.Option(
        "--ink",
        help=N_("full, or light: the token backs as a ring on the paper, for school printers."),
    ),
]
FacesOption = Annotated[
    bool,
    typer.Option(
        "--faces",
        help=N_(
            "Also write every card one face per page (card + bleed), as card printers ask "
            "(always with --profile shop)."
        ),
    ),
]
ImposedOption = Annotated[
    bool,
    typer.Option(
        "--imposed",
        help=N_(
            "With --profile shop: also write the deck imposed on sheets, for a copy shop that "
            "cuts them (a shop deck is one face per page otherwise)."
        ),
    ),
]
BackFirstOption = Annotated[
    bool, typer.Option("--back-first", help=N_("Faces files: each card's back before its front."))
]
PngOption = Annotated[
    int | None,
    typer.Option("--png", help=N_("Also write every card face as a PNG at this DPI.")),
]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print JSON."))]
SeedOption = Annotated[
    int,
    typer.Option("--seed", help=N_("Seed of every random choice: same seed, same result.")),
]


# One help text per home default, each a whole sentence for the catalog (help texts are
# translated when the command is built: generator.cli.lazy.translate_help).
BLEED_HELP = {
    1.0: N_("Bleed in mm around each card (default 1 at home, 3 with --profile shop)."),
    2.0: N_("Bleed in mm around each card (default 2 at home, 3 with --profile shop)."),
}


def bleed_option(home_default: float) -> Any:
    """``--bleed`` whose default depends on the profile (None: the profile decides)."""
    if home_default not in BLEED_HELP:
        raise ValueError(
            f"no help text for a home bleed of {home_default:g} mm: add it to BLEED_HELP"
        )
    return typer.Option("--bleed", help=BLEED_HELP[home_default])


# ----------------------------------------------------------------------- the products' objects


def paper(name: PaperName | HomePaper) -> Paper:
    """The paper an option's choice names."""
    return PAPERS[name.value]


def profile(kind: Profile, ink_limit: float | None) -> PrintProfile:
    """``--profile`` and ``--ink-limit`` as one print profile (a UserError for a limit out of
    range or without ``--profile shop``)."""
    from generator.render.ink import DEFAULT_INK_LIMIT
    from generator.render.profile import PrintProfile

    return PrintProfile(kind, DEFAULT_INK_LIMIT if ink_limit is None else ink_limit)


def imposition(
    card: CardSize, bleed: float | None, duplex: Duplex, offset: BackOffset
) -> Imposition:
    from generator.products.options import Imposition

    return Imposition(card, bleed, duplex, offset)


def face_files(faces: bool, back_first: bool, png: int | None, imposed: bool) -> FaceFiles:
    """``--faces``, ``--back-first``, ``--png DPI`` and ``--imposed`` as the files a deck gets
    beside each other (checked against the profile by the product: a recipe may set it)."""
    from generator.products.options import FaceFiles
    from generator.render.deck_files import ImageSize

    return FaceFiles(faces, back_first, None if png is None else ImageSize(dpi=png), imposed)
