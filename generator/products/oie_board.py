"""The Jeu de l'Oie board as a user builds it: on one page, as a poster of tiles, or themed with
a region's places on its ordinary squares (the decks' place pipeline).

On the product contract (:mod:`generator.products.contract`): :class:`OieBoardOptions` →
:func:`build` → one PDF, ``oie-board.pdf`` or ``oie-poster.pdf``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _, ngettext, number
from generator.games.catalog import OIE
from generator.games.oie.route import Journey, ordinary_squares, plan_route, square_labels
from generator.games.oie.rules import Rules
from generator.products.contract import Built, Product, pdf_file
from generator.render.paper import Paper
from generator.render.profile import HOME, PrintProfile

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
    distinct = len(set(candidates.names))
    if distinct < needed:
        raise UserError(
            ngettext(
                "{region} has {places} place and a themed board names {squares} squares; "
                "choose a larger region",
                "{region} has {places} places and a themed board names {squares} squares; "
                "choose a larger region",
                distinct,
            ).format(region=selection.spoken, places=number(distinct), squares=needed)
        )
    try:
        # the board prints no coordinates: no printed grid, so no decidability rule
        picked = pick_places(request, grids=(None,))
    except UserError:
        raise UserError(
            _(
                "{region} does not offer {squares} distinct places for the board; choose a "
                "larger region"
            ).format(region=selection.spoken, squares=needed)
        ) from None
    title = region_name(selection.kind, selection.code, selection.name, language)
    return Theme(title, plan_route(list(picked.places)))


@dataclass(frozen=True)
class OieBoardOptions:
    """The board a user asks for: one page of ``paper`` (A4 when neither it nor ``tiles`` is
    given), or a poster of ``grid`` (columns, rows; 2x3 by default) landscape ``tiles``; with
    ``theme``, a region whose places (``source``, ``seed``) name the ordinary squares."""

    paper: Paper | None = None
    tiles: Paper | None = None
    grid: tuple[int, int] | None = None
    theme: str | None = None
    source: str = "embedded"
    seed: int = 1
    rules: Rules = Rules()  # the occupied-square rule the panel prints
    profile: PrintProfile = HOME
    language: Language = MATERIAL_DEFAULT  # of the printed texts


def main_name(options: OieBoardOptions) -> str:
    """``oie-poster.pdf`` for a poster, ``oie-board.pdf`` for a board on one page."""
    return "oie-poster.pdf" if options.tiles else "oie-board.pdf"


def _check(options: OieBoardOptions) -> None:
    """One UserError naming the options that do not go together."""
    if options.tiles and options.paper:
        raise UserError(
            _("--paper is for the one-page board and --tiles for the poster; give one of them")
        )
    if options.grid and not options.tiles:
        raise UserError(_("--grid shapes the tiled poster; add --tiles a4 or --tiles letter"))
    if options.theme is not None and not options.theme.strip():
        raise UserError(
            _("--theme is empty; name a region (e.g. --theme bretagne) or drop --theme")
        )
    if options.theme is None and (options.source != "embedded" or options.seed != 1):
        raise UserError(
            _("--source and --seed choose the places of a themed board; add --theme REGION")
        )
    if options.profile.shop and options.tiles:
        raise UserError(
            _(
                "a print shop prints the board in one piece, not in tiles to tape together; "
                "drop --tiles and give --paper a3 (or a4, letter) with --profile shop"
            )
        )


def build(options: OieBoardOptions) -> Built[None]:
    """The board's PDF in memory."""
    from generator.render.oie.board import BoardOptions, board_document
    from generator.render.paper import PAPERS

    _check(options)
    board = BoardOptions(
        paper=options.paper or PAPERS["a4"],
        tiles=options.tiles,
        grid=options.grid or (2, 3),
        rules=options.rules,
        profile=options.profile,
        language=options.language,
    )
    if options.theme:
        themed = load_theme(options.theme, options.source, options.seed, options.language)
        board = replace(board, theme=themed.title, labels=themed.labels, route=themed.route)
    name = main_name(options)
    return Built(PRODUCT.key, (pdf_file(name, board_document(board)),), None, main=name)


PRODUCT: Product[OieBoardOptions, None] = Product("oie-board", OIE.key, build, main=main_name)
