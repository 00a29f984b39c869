"""`pnp preflight FILE.pdf`: check a PDF for a home printer or a print shop, one line per rule."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import say
from generator.cli.print_options import JsonOption
from generator.core.i18n import N_
from generator.render.profile import Profile

HELP = N_(
    "Check a PDF for a home printer or a print shop, one line per rule.\n\n"
    "Exit 0 when every rule passes, 1 when one fails, 2 on bad input."
)


def preflight(
    file: Annotated[
        Path,
        typer.Argument(metavar=N_("FILE.pdf"), help=N_("The PDF to check (ours or any other).")),
    ],
    profile: Annotated[
        Profile,
        typer.Option(
            "--profile", help=N_("home: prints right at home; shop: a print shop's PDF/X checks.")
        ),
    ] = Profile.HOME,
    ink_limit: Annotated[
        float,
        typer.Option(
            "--ink-limit",
            help=N_("Total ink limit in % for --profile shop (240 for uncoated paper)."),
        ),
    ] = 300.0,
    as_json: JsonOption = False,
) -> None:
    """Check a PDF (help: HELP)."""
    from generator.preflight.report import preflight as run
    from generator.preflight.rules import Limits
    from generator.render.profile import print_profile

    chosen = print_profile(profile, ink_limit if profile is Profile.SHOP else None)
    if as_json:  # language-neutral: the messages of the JSON report stay in English
        from generator.core.i18n import speaking

        with speaking("en"):
            report = run(file, Limits(chosen.kind.value, chosen.ink_limit))
            typer.echo(report.to_json())
        raise typer.Exit(report.exit_code)
    report = run(file, Limits(chosen.kind.value, chosen.ink_limit))
    if as_json:
        typer.echo(report.to_json())
    else:
        for line in report.lines():  # names read from the file are data: one line each, escaped
            say(line)
    raise typer.Exit(report.exit_code)


def register(app: typer.Typer) -> None:
    app.command("preflight", help=HELP)(preflight)
