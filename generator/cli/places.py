"""`pnp places`: list the embedded towns and landmarks of a région or département."""

from __future__ import annotations

import sys
from enum import Enum

import typer


class Kind(str, Enum):
    towns = "towns"
    sites = "sites"
    all = "all"


class Format(str, Enum):
    table = "table"
    csv = "csv"
    json = "json"
    geojson = "geojson"


def places(
    region: str = typer.Option(
        "france", "--region", "-r",
        help="Région or département, by name or code: bretagne, Gironde, 33, 2A, region:53, france. "
        "A bare number is a département code.",
    ),
    kind: Kind = typer.Option(Kind.all, "--kind", "-k", help="towns (by population), sites (by fame) or all (alternating)."),
    limit: int | None = typer.Option(None, "--limit", "-n", min=1, help="Print at most N places."),
    output_format: Format = typer.Option(Format.table, "--format", "-f", help="table, csv, json or geojson."),
) -> None:
    """List the embedded places (communes and landmarks) of a région or département."""
    from generator.geo import listing

    selected = listing.select_places(region=region, kind=kind.value, limit=limit)
    if output_format is Format.json:
        sys.stdout.write(listing.to_json(selected))
    elif output_format is Format.csv:
        sys.stdout.write(listing.to_csv(selected))
    elif output_format is Format.geojson:
        sys.stdout.write(listing.to_geojson(selected))
    else:
        _print_table(region, selected)


def _print_table(region: str, selected: tuple) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from generator.geo.regions import resolve_region

    console = Console(width=min(Console().width, 80))
    table = Table(
        title=f"{resolve_region(region).label}: {len(selected)} places",
        box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left",
    )
    table.add_column("Name", overflow="ellipsis", no_wrap=True, max_width=30)
    table.add_column("Kind", no_wrap=True, max_width=10, overflow="ellipsis")
    table.add_column("Dép.", no_wrap=True)
    table.add_column("Population", justify="right", no_wrap=True)
    table.add_column("Lat", justify="right", no_wrap=True)
    table.add_column("Lon", justify="right", no_wrap=True)
    for place in selected:
        table.add_row(
            place.name,
            place.site_kind or place.kind,
            place.departement or "",
            f"{place.population:,}".replace(",", "\u202f") if place.population is not None else "",
            f"{place.lat:.4f}",
            f"{place.lon:.4f}",
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("places")(places)
