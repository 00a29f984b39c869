"""`pnp about`: version, licences, the data sources to credit, and where data is kept."""

from __future__ import annotations

from pathlib import Path

import typer

from generator import __version__

DISTRIBUTION = "pnp-generator"

# What each licence file covers, and the licences in words (the SPDX expression is the package's).
LICENCES = (
    ("the code", "MIT", "LICENSE"),
    (
        "the DejaVu fonts",
        "Bitstream Vera and Arev font licences; the DejaVu changes are public domain",
        "LICENSE-DejaVu.txt",
    ),
    (
        "the embedded data",
        "CC BY 4.0 (GeoNames), Licence Ouverte 2.0 (Insee via Etalab, IGN), "
        "public domain (Natural Earth), Unicode License v3 (CLDR names), "
        "ODbL 1.0 (the land checks, from OpenStreetMap), CC BY 3.0 (the game-icons.net "
        "pictures), CC0 (the curated tables)",
        "LICENSE-data.md",
    ),
)


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
    """Show the version, the licences, the attributions of the embedded data, and the folders."""
    from generator.cli.common import say
    from generator.core.folders import cache_dir, data_dir
    from generator.geo import embedded
    from generator.render.icons import icon_set

    typer.echo(f"pnp {__version__}: print-and-play material and referees for five French games")
    expression, files = _licence_files()
    typer.echo(f"Licences{f' (SPDX: {expression})' if expression else ''}:")
    for what, licence, name in LICENCES:
        typer.echo(f"  - {what}: {licence}")
        if name in files:
            say(f"    {files[name]}")
    typer.echo("Data sources (credit them with printed material):")
    for line in embedded.attributions("en"):
        typer.echo(f"  - {line}")
    typer.echo(f"  - {icon_set().attribution_en}")
    folder = embedded.folder()
    origin = "shipped with pnp" if folder == embedded.PACKAGED else "rebuilt by 'pnp data build'"
    say(f"Embedded data: {folder} ({origin})")
    user = embedded.user_folder()
    problem = embedded.user_set_problem(user)
    if folder == embedded.PACKAGED and problem not in (None, embedded.NO_BUILD):
        say(f"  (the build in {user} is not read: {problem}; run 'pnp data build' again)")
    say(f"HTTP cache: {cache_dir()}")
    say(f"Fetched place sets: {data_dir()}")


def register(app: typer.Typer) -> None:
    app.command("about")(about)
