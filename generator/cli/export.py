"""`pnp export`: the games' decks for print shops and online tables (faces, tts, tabletopia,
screentop)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli.common import Force, MaterialLang, material_language, say_written
from generator.cli.print_options import card_size_parser
from generator.core.i18n import N_
from generator.render.card_size import CardSize

if TYPE_CHECKING:
    from generator.exports.source import Game

export = typer.Typer(
    help=N_("Export the games for print shops and online tables: faces, tts, tabletopia."),
    no_args_is_help=True,
)


class GameName(StrEnum):
    """The games, by their command group's name (light: no export module imported)."""

    OUCEDONC = "oucedonc"
    OIE = "oie"
    TERRITOIRES = "territoires"
    OTCHO = "otcho"
    PRONOSTIQUES = "pronostiques"


class ShopName(StrEnum):
    TGC = "tgc"
    MPC = "mpc"
    GENERIC = "generic"


def _game(name: GameName) -> Game:
    from generator.exports.source import Game

    return Game(name.value)


OutFolder = Annotated[Path, typer.Option("--out", help=N_("Folder to write into."))]
GameArgument = Annotated[GameName, typer.Argument(help=N_("The game to export."))]


@export.command(
    "faces",
    help=N_(
        "Every face of the games' decks as images at a print shop's exact pixel size (sRGB), "
        "with a manifest and the shop's README."
    ),
)
def faces(
    games: Annotated[list[GameName], typer.Argument(help=N_("The games whose decks to export."))],
    shop: Annotated[
        ShopName, typer.Option("--shop", help=N_("The shop's card template: tgc, mpc, generic."))
    ] = ShopName.TGC,
    card: Annotated[
        CardSize | None,
        typer.Option(
            "--card-size",
            parser=card_size_parser,
            metavar="SIZE",
            help=N_("Another card size than the shop's template (2.5x3.5in, 63x88…)."),
        ),
    ] = None,
    out: OutFolder = Path("faces"),
    lang: MaterialLang = "fr",
    force: Force = False,
) -> None:
    from generator.exports.faces import PRODUCT, SHOPS, FacesOptions, ShopKey

    options = FacesOptions(
        games=tuple(_game(game) for game in games),
        shop=SHOPS[ShopKey(shop.value)],
        card=card,
        language=material_language(lang),
    )
    say_written(PRODUCT.make(options, out, force))


@export.command(
    "tts",
    help=N_(
        "A game as a Tabletop Simulator saved object: put NAME.json and NAME.png in TTS's "
        "Saved Objects folder."
    ),
)
def tts(
    game: GameArgument,
    out: OutFolder = Path("tts"),
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help=N_(
                "Where you host the files of NAME_images/ (every player sees them); "
                "default: their file:/// path (you alone)."
            ),
        ),
    ] = None,
    lang: MaterialLang = "fr",
    force: Force = False,
) -> None:
    from generator.exports.tts import PRODUCT, TtsOptions, check_base_url, images_url

    chosen = _game(game)
    url = images_url(out.resolve().as_uri(), check_base_url(base_url), chosen.value)
    options = TtsOptions(chosen, url, material_language(lang))
    say_written(PRODUCT.make(options, out, force))


@export.command(
    "tabletopia",
    help=N_("A game's decks as Tabletopia images: one per face, 10 px per mm, at most 4000 px."),
)
def tabletopia(
    game: GameArgument,
    out: OutFolder = Path("tabletopia"),
    lang: MaterialLang = "fr",
    force: Force = False,
) -> None:
    from generator.exports.tabletopia import PRODUCT, TabletopiaOptions

    say_written(PRODUCT.make(TabletopiaOptions(_game(game), material_language(lang)), out, force))


@export.command(
    "screentop", help=N_("A game's decks for Screentop: a grid image and a CSV of the cards.")
)
def screentop(
    game: GameArgument,
    out: OutFolder = Path("screentop"),
    lang: MaterialLang = "fr",
    force: Force = False,
) -> None:
    from generator.exports.screentop import PRODUCT, ScreentopOptions

    say_written(PRODUCT.make(ScreentopOptions(_game(game), material_language(lang)), out, force))


def register(app: typer.Typer) -> None:
    app.add_typer(export, name="export")
