"""`pnp oucedonc ...`: the Oucédonc group. This module holds `deck`; the referee's commands
(`verify`, `game`) live in `generator.cli.oucedonc_referee`, which adds them to ``oucedonc_app``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.cli.print_options import (
    BackFirstOption,
    FacesOption,
    InkLimitOption,
    ProfileOption,
    bleed_option,
)
from generator.games.oucedonc.coords import PrecisionChoice
from generator.games.oucedonc.rules import RuleOptions
from generator.geo.difficulty import Difficulty
from generator.render.duplex import Duplex
from generator.render.paper import PaperName
from generator.render.profile import Profile

oucedonc_app = typer.Typer(
    name="oucedonc",
    help="Oucédonc: place-card decks for any region, and a referee for the table.",
    no_args_is_help=True,
)


@oucedonc_app.command("deck")
def deck(
    region: Annotated[
        str,
        typer.Option(
            "--region",
            help="france, a région or département (name or code), a country code, a box or a "
            "polygon file.",
        ),
    ] = "france",
    cards: Annotated[
        int | None,
        typer.Option(
            "--cards", help="Place cards (default: fill whole sheets, 63 for poker on A4)."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the place choice: same seed, same deck.")
    ] = 1,
    paper: Annotated[
        PaperName, typer.Option("--paper", case_sensitive=False, help="Paper: a4, letter or a3.")
    ] = PaperName.A4,
    card_size: Annotated[
        str, typer.Option("--card-size", help="poker, bridge, mini, tarot or WxH in mm.")
    ] = "poker",
    bleed: Annotated[float | None, bleed_option(1.0)] = None,
    duplex: Annotated[
        Duplex,
        typer.Option(
            "--duplex",
            case_sensitive=False,
            help="long or short (edge the printer flips on), or fold.",
        ),
    ] = Duplex.LONG,
    back_offset: Annotated[
        str, typer.Option("--back-offset", help="X,Y mm shift of the backs (see 'pnp calibrate').")
    ] = "0,0",
    precision: Annotated[
        PrecisionChoice,
        typer.Option(
            "--precision",
            case_sensitive=False,
            help="Printed coordinates: minute, second, 0.01, or auto (minute if the region "
            "allows).",
        ),
    ] = PrecisionChoice.AUTO,
    templates: Annotated[
        Path | None,
        typer.Option("--templates", help="Folder of .j2 files overriding the card texts."),
    ] = None,
    font: Annotated[
        Path | None, typer.Option("--font", help="A .ttf font for every text (for other scripts).")
    ] = None,
    png: Annotated[
        int | None, typer.Option("--png", help="Also write every card face as a PNG at this DPI.")
    ] = None,
    source: Annotated[
        str, typer.Option("--source", help="embedded, or a set stored by 'pnp data fetch SOURCE'.")
    ] = "embedded",
    difficulty: Annotated[
        Difficulty,
        typer.Option(
            "--difficulty",
            case_sensitive=False,
            help="easy, normal or hard: how well known the places are.",
        ),
    ] = Difficulty.NORMAL,
    sites_share: Annotated[
        float, typer.Option("--sites-share", help="Share of sites (not towns) in the deck, 0 to 1.")
    ] = 0.2,
    tokens_each: Annotated[
        int, typer.Option("--tokens-each", help="Starting tokens per player, printed on the rules.")
    ] = RuleOptions().starting_tokens,
    out: Annotated[
        Path, typer.Option("--out", help="The PDF to write; the deck JSON goes beside it.")
    ] = Path("output/oucedonc.pdf"),
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    faces: FacesOption = False,
    back_first: BackFirstOption = False,
    force: Force = False,
) -> None:
    """Print-ready duplex deck of place cards (PDF) and the deck file the referee reads (JSON)."""
    from generator.products.oucedonc_deck import DeckOptions, make_deck

    options = DeckOptions(
        out=out,
        region=region,
        cards=cards,
        seed=seed,
        paper=paper.value,
        card_size=card_size,
        bleed=bleed,
        duplex=duplex.value,
        back_offset=back_offset,
        precision=precision.value,
        templates=templates,
        font=font,
        png_dpi=png,
        source=source,
        sites_share=sites_share,
        difficulty=difficulty.value,
        tokens_each=tokens_each,
        profile=profile.value,
        ink_limit=ink_limit,
        faces=faces,
        back_first=back_first,
        force=force,
    )
    files = make_deck(options)
    places = len(files.deck.places)
    say(
        f"{files.deck.title}: {places} place cards + {len(files.deck.others)} other cards, "
        f"{files.pages} pages, coordinates {files.deck.precision.label}"
    )
    if files.note:
        say(files.note)
    say(f"wrote {files.pdf}")
    say(f"wrote {files.json}")
    for path in files.faces:
        say(f"wrote {path}")
    say(f"wrote {files.referee_page} (the referee on a phone: open it from the phone's files)")
    if files.pngs:
        say(f"wrote {len(files.pngs)} PNG faces in {files.pngs[0].parent}")


def register(app: typer.Typer) -> None:
    # The referee's module adds its commands to the same group; whoever registers first adds it.
    if not any(info.typer_instance is oucedonc_app for info in app.registered_groups):
        app.add_typer(oucedonc_app, name="oucedonc")
