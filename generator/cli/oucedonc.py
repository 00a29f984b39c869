"""`pnp oucedonc ...`: the Oucédonc group. This module holds `deck`; the referee's commands
(`verify`, `game`) live in `generator.cli.oucedonc_referee`, which adds them to ``oucedonc_app``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli import print_options
from generator.cli.common import (
    Force,
    MaterialLang,
    material_language,
    optional_material_language,
    say,
    say_written,
)
from generator.cli.own_places import ExcludeOption, IncludeOption, PlacesOption, own_region
from generator.cli.print_options import (
    BackFirstOption,
    BackOffsetOption,
    CardSizeOption,
    DuplexOption,
    FacesOption,
    ImposedOption,
    InkLimitOption,
    InkOption,
    PaperOption,
    PngOption,
    ProfileOption,
    SeedOption,
    bleed_option,
)
from generator.core.errors import UserError
from generator.core.i18n import N_, _, ngettext, number
from generator.games.oucedonc.coords import PrecisionChoice
from generator.games.oucedonc.rules import RuleOptions
from generator.geo.difficulty import Difficulty
from generator.render.card_size import NO_OFFSET, POKER
from generator.render.duplex import Duplex
from generator.render.paper import PaperName
from generator.render.profile import Ink, Profile

oucedonc_app = typer.Typer(
    name="oucedonc",
    help=N_("Oucédonc: place-card decks for any region, and a referee for the table."),
    no_args_is_help=True,
)


#: How finely the deck prints its coordinates, as the summary line says it.
PRECISION_PHRASES = {
    "minute": N_("to the nearest arc-minute"),
    "second": N_("to the nearest arc-second"),
    "0.01": N_("to the nearest hundredth of a degree"),
}


@oucedonc_app.command(
    "deck",
    help=N_(
        "Print-ready duplex deck of place cards (PDF) and the deck file the referee reads (JSON)."
    ),
)
def deck(
    ctx: typer.Context,
    region: Annotated[
        str | None,
        typer.Option(
            "--region",
            help=N_(
                "france (the default), a région or département (name or code), a country or a "
                "state, province or region abroad (name or code: Italy, Bavaria, US-CA), a box or "
                "a polygon file."
            ),
        ),
    ] = None,
    title: Annotated[
        str | None,
        typer.Option("--title", help=N_("The deck's title (default: from the region).")),
    ] = None,
    cards: Annotated[
        int | None,
        typer.Option(
            "--cards", help=N_("Place cards (default: fill whole sheets, 63 for poker on A4).")
        ),
    ] = None,
    seed: SeedOption = 1,
    paper: PaperOption = PaperName.A4,
    card_size: CardSizeOption = POKER,
    bleed: Annotated[float | None, bleed_option(1.0)] = None,
    duplex: DuplexOption = Duplex.LONG,
    back_offset: BackOffsetOption = NO_OFFSET,
    precision: Annotated[
        PrecisionChoice,
        typer.Option(
            "--precision",
            case_sensitive=False,
            help=N_(
                "Printed coordinates: minute, second, 0.01, or auto (minute if the region allows)."
            ),
        ),
    ] = PrecisionChoice.AUTO,
    templates: Annotated[
        Path | None,
        typer.Option("--templates", help=N_("Folder of .j2 files overriding the card texts.")),
    ] = None,
    font: Annotated[
        Path | None,
        typer.Option("--font", help=N_("A .ttf font for every text (for other scripts).")),
    ] = None,
    png: PngOption = None,
    source: Annotated[
        str,
        typer.Option("--source", help=N_("embedded, or a set stored by 'pnp data fetch SOURCE'.")),
    ] = "embedded",
    difficulty: Annotated[
        Difficulty,
        typer.Option(
            "--difficulty",
            case_sensitive=False,
            help=N_("easy, normal or hard: how well known the places are."),
        ),
    ] = Difficulty.NORMAL,
    sites_share: Annotated[
        float,
        typer.Option("--sites-share", help=N_("Share of sites (not towns) in the deck, 0 to 1.")),
    ] = 0.2,
    tokens_each: Annotated[
        int,
        typer.Option("--tokens-each", help=N_("Starting tokens per player, printed on the rules.")),
    ] = RuleOptions().starting_tokens,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help=N_(
                "The PDF to write (with --profile shop, the faces files named after it); the "
                "deck JSON goes beside it."
            ),
        ),
    ] = Path("output/oucedonc.pdf"),
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    ink: InkOption = Ink.FULL,
    faces: FacesOption = False,
    imposed: ImposedOption = False,
    back_first: BackFirstOption = False,
    lang: MaterialLang = "fr",
    recipe: Annotated[
        Path | None,
        typer.Option(
            "--recipe",
            help=N_(
                "A deck recipe saved by the studio (pnp serve): its region, places and print "
                "options; --out, --png, --faces, --imposed and --force still apply."
            ),
        ),
    ] = None,
    force: Force = False,
    pack_size: Annotated[
        int | None,
        typer.Option(
            "--pack-size",
            help=N_("Cards per pack (default: the rules' 15, fewer when the deck is too small)."),
        ),
    ] = None,
    include: IncludeOption = None,
    exclude: ExcludeOption = None,
    places_file: PlacesOption = None,
) -> None:
    from generator.products.contract import check_out, write
    from generator.products.oucedonc_deck import MAIN, PRODUCT, OucedoncDeckOptions

    options = OucedoncDeckOptions(
        region=own_region(region, places_file),
        cards=cards,
        seed=seed,
        precision=precision,
        source=source,
        sites_share=sites_share,
        difficulty=difficulty,
        tokens_each=tokens_each,
        templates=templates,
        font=font,
        paper=print_options.paper(paper),
        profile=print_options.profile(profile, ink_limit),
        imposition=print_options.imposition(card_size, bleed, duplex, back_offset),
        files=print_options.face_files(faces, back_first, png, imposed),
        language=material_language(lang),
        pack_size=pack_size,
        include=tuple(include or ()),
        exclude=tuple(exclude or ()),
        places_file=places_file,
        ink=ink,
        title=title,
    )
    lines: tuple[str, ...]
    if recipe is None:
        written = PRODUCT.make(options, out, force)
        lines = (written.built.note,) if written.built.note else ()
    else:
        from generator.products.oucedonc_recipe import build_recipe, read_recipe

        _refuse_beside_recipe(ctx)
        check_out(out, MAIN, force=force)
        made = build_recipe(read_recipe(recipe), options.files)
        written, lines = write(made.built, out, force), made.warnings
    built = written.built
    places, others = len(built.detail.places), len(built.detail.others)
    say(
        _("{title}: {places} + {others}, {pages}, coordinates {precision}").format(
            title=built.detail.title,
            places=ngettext("{n} place card", "{n} place cards", places).format(n=number(places)),
            others=ngettext("{n} other card", "{n} other cards", others).format(n=number(others)),
            pages=ngettext("{n} page", "{n} pages", built.pages).format(n=number(built.pages)),
            precision=_(PRECISION_PHRASES[built.detail.precision.value]),
        )
    )
    for line in lines:
        say(line)
    say_written(written)


#: What the command line may still say beside --recipe: where and how the files are written.
BESIDE_RECIPE = frozenset({"out", "png", "faces", "imposed", "back_first", "force", "recipe"})


def _refuse_beside_recipe(ctx: typer.Context) -> None:
    """An option the recipe sets, typed beside --recipe, would be silently ignored: refuse it."""
    for param in ctx.command.params:
        name = param.name or ""
        source = ctx.get_parameter_source(name)
        # typer carries its own click: the source is compared by name
        if name in BESIDE_RECIPE or getattr(source, "name", None) != "COMMANDLINE":
            continue
        option = max(param.opts, key=len)
        raise UserError(
            _("{option} is set by the recipe; change it in the studio, or drop --recipe").format(
                option=option
            )
        )


MAP_HELP = N_(
    "A poster of the deck's places (PDF): every card's place with its number and name on a real "
    "map of the region, for after the game or a classroom wall."
    "\n\nExample: pnp oucedonc map --deck output/oucedonc/oucedonc.json --out carte.pdf --paper a3"
)


@oucedonc_app.command("map", help=MAP_HELP)
def map_poster(
    deck: Annotated[
        Path, typer.Option("--deck", help=N_("Deck file (the .json next to the deck PDF)."))
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help=N_("The PDF to write (default: DECK-map.pdf beside the deck).")),
    ] = None,
    paper: PaperOption = PaperName.A4,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="fr|en",
            callback=optional_material_language,
            help=N_("The language of the printed words (default: the deck's)."),
        ),
    ] = None,
    force: Force = False,
) -> None:
    """The `map` command (its help: MAP_HELP)."""
    from generator.products.oucedonc_map import PRODUCT, MapOptions, main_name
    from generator.products.referee.files import read_deck

    options = MapOptions(
        deck=read_deck(deck),
        paper=print_options.paper(paper),
        profile=print_options.profile(profile, ink_limit),
        language=None if lang is None else material_language(lang),
    )
    say_written(PRODUCT.make(options, out or main_name(deck), force))


def register(app: typer.Typer) -> None:
    # The referee's module adds its commands to the same group; whoever registers first adds it.
    if not any(info.typer_instance is oucedonc_app for info in app.registered_groups):
        app.add_typer(oucedonc_app, name="oucedonc")
