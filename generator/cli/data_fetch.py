"""`pnp data fetch SOURCE`: fetch an online place source for a region and store it."""

from __future__ import annotations

from typing import Annotated

import typer

from generator.cli.common import say
from generator.core.i18n import N_, _

HELP = N_(
    "Fetch SOURCE for a region and store its places for --source SOURCE.\n\n"
    "Answers are cached in the user cache folder (PNP_CACHE_DIR); place sets are stored in the "
    "user data folder (PNP_DATA_DIR). Mirrors: PNP_APIGEO_URL, PNP_GEONAMES_URL, "
    "PNP_WIKIDATA_URL, PNP_OVERPASS_URL, PNP_CONTOURS_URL. See docs/geodata.md."
)
SOURCE_HELP = N_(
    "apigeo (French communes, API Géo), geonames (towns and sites from the GeoNames dump of the "
    "country), wikidata (sites, sitelinks as fame), overpass (OpenStreetMap natural features), "
    "contours (Etalab région and département polygons)."
)


def fetch(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP, show_default=False)],
    region: Annotated[
        str,
        typer.Option(
            "--region",
            "-r",
            help=N_(
                "france, a région or département (name or code), a country code or French name "
                "(IT, Italie), a box west,south,east,north in degrees (-5.2,47.2,-1,48.9), or a "
                "polygon file."
            ),
        ),
    ] = "france",
    offline: Annotated[
        bool, typer.Option("--offline", help=N_("Use the cache only; never touch the network."))
    ] = False,
    refresh: Annotated[
        bool, typer.Option("--refresh", help=N_("Ignore cached answers and download again."))
    ] = False,
) -> None:
    """Fetch a place source (help: HELP)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TaskID,
        TextColumn,
        TransferSpeedColumn,
    )

    from generator.core.errors import UserError
    from generator.geo.catalog import fetch_places
    from generator.geo.http import Http, HttpConfig, offline_default

    if refresh and (offline or offline_default()):
        raise UserError(
            _(
                "--refresh downloads again and --offline (or PNP_OFFLINE) forbids the network; "
                "give only one of them"
            )
        )
    config = HttpConfig(offline=offline or offline_default(), refresh=refresh)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    tasks: dict[str, TaskID] = {}

    def show(what: str, done: int, total: int | None) -> None:
        if what not in tasks:
            bar.start()
            tasks[what] = bar.add_task(what, total=total)
        bar.update(tasks[what], completed=done)

    try:
        with Http(config, progress=show, notice=lambda line: say(line, err=True)) as http:
            result = fetch_places(source, region, http)
    finally:
        if tasks:
            bar.stop()
    say(
        _("{source}: {summary} for {region} -> {path}").format(
            source=result.source, summary=result.summary, region=result.region, path=result.path
        )
    )


def register(app: typer.Typer) -> None:
    from generator.cli.data import data_app

    data_app.command("fetch", help=HELP)(fetch)
