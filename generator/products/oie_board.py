"""The Jeu de l'Oie board as a user builds it: the options checked once, a region's places on the
ordinary squares when themed (the decks' place pipeline), then the PDF."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _, number
from generator.games.oie.route import Journey, ordinary_squares, plan_route, square_labels
from generator.games.oie.rules import Rules
from generator.render.oie.board import BoardOptions

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


def load_theme(
    region: str, source: str = "embedded", seed: int = 1, language: Language = MATERIAL_DEFAULT
) -> Theme:
    """The journey across ``region``: familiar, spread-out places (the decks' selection), in
    route order, named in ``language`` (the same places and route in every language)."""
    from generator.geo.abroad import region_name
    from generator.geo.pick import PickRequest, pick_places, region_candidates

    request = PickRequest(
        region=region,
        source=source,
        count=len(ordinary_squares()),
        seed=seed,
        sites_share=SITES_SHARE,
        difficulty="easy",
        names=language,
    )
    selection, candidates = region_candidates(request)
    needed = len(ordinary_squares())
    distinct = len({place.name for place in candidates})
    if distinct < needed:
        raise UserError(
            _(
                "{region} has {places} places and a themed board names {squares} squares; "
                "choose a larger region"
            ).format(region=selection.label, places=number(distinct), squares=needed)
        )
    try:
        # the board prints no coordinates: no printed grid, so no decidability rule
        picked = pick_places(request, grids=(None,))
    except UserError:
        raise UserError(
            _(
                "{region} does not offer {squares} distinct places for the board; choose a "
                "larger region"
            ).format(region=selection.label, squares=needed)
        ) from None
    title = region_name(selection.kind, selection.code, selection.name, language)
    return Theme(title, plan_route(list(picked.places)))


@dataclass(frozen=True)
class BoardRequest:
    """What ``pnp oie board`` was asked for; ``None`` means the option was not given."""

    paper: str | None = None
    tiles: str | None = None
    grid: str | None = None
    theme: str | None = None
    source: str = "embedded"
    seed: int = 1
    occupied: str = "swap"
    profile: str = "home"  # home or shop
    ink_limit: float | None = None  # shop: total ink limit, %
    language: Language = MATERIAL_DEFAULT  # of the printed texts


def default_out(request: BoardRequest) -> Path:
    return Path("output") / ("oie-poster.pdf" if request.tiles else "oie-board.pdf")


def board_options(request: BoardRequest) -> BoardOptions:
    """The board's options, or one UserError naming the options that do not go together."""
    if request.tiles and request.paper:
        raise UserError(
            _("--paper is for the one-page board and --tiles for the poster; give one of them")
        )
    if request.grid and not request.tiles:
        raise UserError(_("--grid shapes the tiled poster; add --tiles a4 or --tiles letter"))
    if request.theme is not None and not request.theme.strip():
        raise UserError(
            _("--theme is empty; name a region (e.g. --theme bretagne) or drop --theme")
        )
    if request.theme is None and (request.source != "embedded" or request.seed != 1):
        raise UserError(
            _("--source and --seed choose the places of a themed board; add --theme REGION")
        )
    from generator.render.profile import print_profile

    profile = print_profile(request.profile, request.ink_limit)
    if profile.shop and request.tiles:
        raise UserError(
            _(
                "a print shop prints the board in one piece, not in tiles to tape together; "
                "drop --tiles and give --paper a3 (or a4, letter) with --profile shop"
            )
        )
    options = BoardOptions(
        paper=request.paper or "a4",
        tiles=request.tiles,
        grid=request.grid or "2x3",
        rules=Rules(occupied=request.occupied),
        profile=profile,
        language=request.language,
    )
    if request.theme:
        themed = load_theme(request.theme, request.source, request.seed, request.language)
        options = replace(options, theme=themed.title, labels=themed.labels, route=themed.route)
    return options


def make_board(request: BoardRequest, out: Path | None = None, force: bool = False) -> Path:
    """Write the board (or poster) PDF to ``out`` (default under ``output/``) and return its path.

    ``out`` must end in ``.pdf``; a PDF of pnp's there is replaced, another file only with
    ``force``.
    """
    from generator.core.atomic import lstat_or_none, require_replaceable
    from generator.core.outputs import Output, claim, is_pnp_pdf
    from generator.render.oie.board import write_board

    target = out or default_out(request)
    require_replaceable(target, lstat_or_none(target, "write"))  # a folder: say so first
    if target.suffix.lower() != ".pdf":
        raise UserError(
            _(
                "output {path} must end in .pdf; give the PDF file to write, e.g. --out "
                "oie-board.pdf"
            ).format(path=target)
        )
    claim([Output(target, is_pnp_pdf, "PDF")], force)
    options = board_options(request)
    return write_board(options, target)
