"""`pnp otcho`: classify a roll of the two Neo Otcho dice; print the game's material."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from generator.cli import print_options
from generator.cli.common import Force, MaterialLang, material_language, say_written
from generator.cli.print_options import (
    BackFirstOption,
    FacesOption,
    HomePaperOption,
    ImposedOption,
    InkLimitOption,
    JsonOption,
    PngOption,
    ProfileOption,
)
from generator.core.i18n import N_, _
from generator.games.otcho import Stage
from generator.render.paper import HomePaper
from generator.render.profile import Profile

otcho = typer.Typer(
    help=N_("Neo Otcho: roll classifier and print-and-play sheets."), no_args_is_help=True
)


@otcho.command(
    "roll",
    help=N_(
        "Say what a roll allows: its kind, the slots it opens, on whose card, and its probability."
    ),
)
def roll(
    first: Annotated[str, typer.Argument(help=N_("First die face: a b c d X * (or ★)."))],
    second: Annotated[str, typer.Argument(help=N_("Second die face: a b c d X * (or ★)."))],
    stage: Annotated[
        Stage,
        typer.Option(
            "--stage",
            case_sensitive=False,
            help=N_(
                "When in the turn: first, reroll or continuation (decides what a losing roll "
                "costs)."
            ),
        ),
    ] = Stage.FIRST,
    x_letter_any_card: Annotated[
        bool,
        typer.Option(
            "--x-letter-any-card",
            help=N_("Option: 'X and a letter' plays on any card, not only your own."),
        ),
    ] = False,
    penalty: Annotated[
        int,
        typer.Option("--penalty", help=N_("Own pawns a losing continuation roll costs (seed: 2).")),
    ] = 2,
    as_json: JsonOption = False,
) -> None:
    from generator.core.i18n import P_, cli_language, ngettext, number, percent
    from generator.games.otcho import RollRules, classify, parse_face
    from generator.games.otcho.rolls import check_penalty

    verdict = classify(
        parse_face(first),
        parse_face(second),
        RollRules(x_letter_any_card=x_letter_any_card, penalty_pawns=check_penalty(penalty)),
        stage,
    )
    if as_json:
        typer.echo(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2))
        return
    p, k = verdict.probability, verdict.kind_probability
    name = P_(cli_language(), verdict.name)  # the rules' French name, said in the CLI's language
    typer.echo(_("{roll}: {name}").format(roll=verdict.roll, name=name))
    if verdict.losing:
        typer.echo("  " + _("losing roll: no pawn to place or remove"))
    else:
        if verdict.any_card:
            message = ngettext(
                "place or remove one pawn on {slots} (any card)",
                "place or remove {n} pawns on {slots} (any card)",
                verdict.pawns,
            )
        else:
            message = ngettext(
                "place or remove one pawn on {slots} (your own card only)",
                "place or remove {n} pawns on {slots} (your own card only)",
                verdict.pawns,
            )
        slots = " / ".join(verdict.slots)
        typer.echo("  " + message.format(n=number(verdict.pawns), slots=slots))
    message = _(
        "probability of this roll: {roll_fraction} ({roll_percent}); "
        "of any '{name}': {kind_fraction} ({kind_percent})"
    )
    typer.echo(
        "  "
        + message.format(
            roll_fraction=f"{p.numerator}/{p.denominator}",
            roll_percent=percent(float(p)),
            name=name,
            kind_fraction=f"{k.numerator}/{k.denominator}",
            kind_percent=percent(float(k)),
        )
    )
    typer.echo("  " + _("next: {step}").format(step=verdict.next_step))


@otcho.command(
    "sheets",
    help=N_("Print player cards, the two dice as fold-up nets, the pawns and a rules aid (PDF)."),
)
def sheets(
    players: Annotated[int, typer.Option("--players", help=N_("Number of players, 2 to 6."))] = 4,
    paper: HomePaperOption = HomePaper.A4,
    out: Annotated[Path, typer.Option("--out", help=N_("Folder to write into."))] = Path("output"),
    x_letter_any_card: Annotated[
        bool,
        typer.Option(
            "--x-letter-any-card",
            help=N_("Option: the rules aid says 'X and a letter' plays on any card."),
        ),
    ] = False,
    penalty: Annotated[
        int,
        typer.Option(
            "--penalty",
            help=N_("Own pawns a losing continuation roll costs, as printed (seed: 2)."),
        ),
    ] = 2,
    lang: MaterialLang = "fr",
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    faces: FacesOption = False,
    imposed: ImposedOption = False,
    back_first: BackFirstOption = False,
    png: PngOption = None,
    force: Force = False,
) -> None:
    from generator.games.otcho import RollRules
    from generator.games.otcho.rolls import check_penalty
    from generator.products.otcho_sheets import PRODUCT, OtchoOptions

    options = OtchoOptions(
        players=players,
        paper=print_options.paper(paper),
        rules=RollRules(x_letter_any_card=x_letter_any_card, penalty_pawns=check_penalty(penalty)),
        profile=print_options.profile(profile, ink_limit),
        files=print_options.face_files(faces, back_first, png, imposed),
        language=material_language(lang),
    )
    say_written(PRODUCT.make(options, out, force))


def register(app: typer.Typer) -> None:
    app.add_typer(otcho, name="otcho")
