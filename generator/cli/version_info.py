"""`pnp about`: version, licences, the data sources to credit, and where data is kept."""

from __future__ import annotations

from pathlib import Path

import typer

from generator import __version__
from generator.core.i18n import N_, _, cli_language

DISTRIBUTION = "pnp-generator"

# What each licence file covers, and the licences in words (the SPDX expression is the package's).
# Marked for the catalog (N_), translated where printed.
LICENCES = (
    (N_("the code"), N_("MIT"), "LICENSE"),
    (
        N_("the Fraunces and Fira Sans fonts"),
        N_("SIL Open Font License 1.1"),
        "OFL-Fraunces.txt",
    ),
    (
        N_("the DejaVu fonts (the fallback for names those fonts cannot print)"),
        N_("Bitstream Vera and Arev font licences; the DejaVu changes are public domain"),
        "LICENSE-DejaVu.txt",
    ),
    (
        N_("the embedded data"),
        N_(
            "CC BY 4.0 (GeoNames), Licence Ouverte 2.0 (Insee via Etalab, IGN), "
            "public domain (Natural Earth), Unicode License v3 (CLDR names), "
            "ODbL 1.0 (the land checks, from OpenStreetMap), MIT (the Fluent Emoji "
            "pictures), CC0 (the curated tables and the pictures drawn for pnp)"
        ),
        "LICENSE-data.md",
    ),
)
HELP = N_("Show the version, the licences, the attributions of the embedded data, and the folders.")


def _licence_files() -> tuple[str | None, dict[str, Path]]:
    """The package's SPDX licence expression and its licence files (in its ``.dist-info``), by
    name; nothing when pnp runs from sources that were never installed."""
    from importlib import metadata

    try:
        distribution = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None, {}
    files = {
        file.name: Path(str(distribution.locate_file(file))).resolve()
        for file in distribution.files or ()
        if "licenses" in file.parts[:-1] and file.parts[0].endswith(".dist-info")
    }
    expression = distribution.metadata.get_all("License-Expression")
    return (expression[0] if expression else None), files


def about() -> None:
    """Version, licences, attributions, folders (help: HELP)."""
    from generator.cli.common import say
    from generator.core.folders import cache_dir, data_dir
    from generator.core.i18n import translate_cli
    from generator.geo import embedded
    from generator.render.icons import picture_credit

    language = cli_language()
    typer.echo(
        _("pnp {version}: print-and-play material and referees for five French games").format(
            version=__version__
        )
    )
    expression, files = _licence_files()
    if expression:
        typer.echo(_("Licences (SPDX: {expression}):").format(expression=expression))
    else:
        typer.echo(_("Licences:"))
    for what, licence, name in LICENCES:
        typer.echo(
            _("  - {what}: {licence}").format(
                what=translate_cli(what), licence=translate_cli(licence)
            )
        )
        if name in files:
            say(f"    {files[name]}")
    typer.echo(_("Data sources (credit them with printed material):"))
    for line in embedded.attributions(language):
        typer.echo(f"  - {line}")
    typer.echo(f"  - {picture_credit(language)}")
    folder = embedded.folder()
    if folder == embedded.PACKAGED:
        say(_("Embedded data: {folder} (shipped with pnp)").format(folder=folder))
    else:
        say(_("Embedded data: {folder} (rebuilt by 'pnp data build')").format(folder=folder))
    user = embedded.user_folder()
    problem = embedded.user_set_problem(user)
    if folder == embedded.PACKAGED and problem not in (None, embedded.NO_BUILD):
        say(
            _(
                "  (the build in {folder} is not read: {problem}; run 'pnp data build' again)"
            ).format(folder=user, problem=problem)
        )
    say(_("HTTP cache: {folder}").format(folder=cache_dir()))
    say(_("Fetched place sets: {folder}").format(folder=data_dir()))


def register(app: typer.Typer) -> None:
    app.command("about", help=HELP)(about)
