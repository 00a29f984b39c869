"""`pnp places`: list the places of a region, or pick an Oucédonc deck from them (``--count``)."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from generator.cli.own_places import ExcludeOption, IncludeOption, PlacesOption, own_region
from generator.core.i18n import N_, _, ngettext, number
from generator.core.text import one_line, terminal
from generator.games.oucedonc.coords import PrecisionChoice
from generator.geo.difficulty import Difficulty

if TYPE_CHECKING:
    from generator.geo.model import Place
    from generator.geo.pick import PickRequest


class Kind(StrEnum):
    towns = "towns"
    sites = "sites"
    all = "all"


class Format(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"
    geojson = "geojson"


#: The kinds of place the sources give (``Place.site_kind``, or ``town``), as the tables name them
#: in the CLI's language; JSON, CSV and GeoJSON keep the codes.
KIND_NAMES: dict[str, str] = {
    "town": N_("town"),
    "site": N_("site"),
    "castle": N_("castle"),
    "mountain": N_("mountain"),
    "village": N_("village"),
    "monument": N_("monument"),
    "abbey": N_("abbey"),
    "cathedral": N_("cathedral"),
    "lake": N_("lake"),
    "fortification": N_("fortification"),
    "cape": N_("cape"),
    "church": N_("church"),
    "island": N_("island"),
    "cliff": N_("cliff"),
    "bridge": N_("bridge"),
    "museum": N_("museum"),
    "gorge": N_("gorge"),
    "cave": N_("cave"),
    "wetland": N_("wetland"),
    "roman site": N_("roman site"),
    "memorial": N_("memorial"),
    "megaliths": N_("megaliths"),
    "bay": N_("bay"),
    "park": N_("park"),
    "palace": N_("palace"),
    "harbour": N_("harbour"),
    "cirque": N_("cirque"),
    "calanque": N_("calanque"),
    "beach": N_("beach"),
    "waterfall": N_("waterfall"),
    "garden": N_("garden"),
    "forest": N_("forest"),
    "coast": N_("coast"),
    "wilderness": N_("wilderness"),
    "volcano": N_("volcano"),
    "road": N_("road"),
    "river": N_("river"),
    "pass": N_("pass"),
    "lighthouse": N_("lighthouse"),
    "glacier": N_("glacier"),
    "dune": N_("dune"),
    "canal": N_("canal"),
    "archaeological site": N_("archaeological site"),
    "peak": N_("peak"),
    "valley": N_("valley"),
}


def kind_name(place_kind: str, site_kind: str | None) -> str:
    """A place's kind for a table: ``ville``/``town``, ``château``/``castle`` (an unknown kind
    from a fetched source as the source gives it)."""
    kind = site_kind or place_kind
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def places(
    region: Annotated[
        str | None,
        typer.Option(
            "--region",
            "-r",
            help=N_(
                "Région or département, by name or code: bretagne, Gironde, 33, 2A, region:53, "
                "france (a bare number is a département code); a country code or French name "
                "(IT, Belgique); a box west,south,east,north in degrees (-5.2,47.2,-1,48.9); or a "
                "polygon file (GeoJSON, GeoPackage, shapefile)."
            ),
        ),
    ] = None,
    kind: Annotated[
        Kind,
        typer.Option(
            "--kind",
            "-k",
            help=N_(
                "towns (by population), sites (by fame) or all (alternating); with --count, the "
                "kind of every card."
            ),
        ),
    ] = Kind.all,
    limit: Annotated[
        int | None, typer.Option("--limit", "-n", min=1, help=N_("Print at most N places."))
    ] = None,
    output_format: Annotated[
        Format, typer.Option("--format", "-f", help=N_("table, csv, json or geojson."))
    ] = Format.table,
    source: Annotated[
        str,
        typer.Option(
            "--source",
            "-s",
            help=N_(
                "embedded (datasets/, no network) or a source stored by 'pnp data fetch': "
                "apigeo, geonames, wikidata, overpass."
            ),
        ),
    ] = "embedded",
    count: Annotated[
        int | None,
        typer.Option(
            "--count",
            "-c",
            min=1,
            help=N_(
                "Pick a deck of N places: familiar, spread over the region, decidable, unambiguous."
            ),
        ),
    ] = None,
    # The deck options default to None so that giving one without --count is an error, not a no-op.
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help=N_("With --count: the same seed gives the same deck (default 1).")
        ),
    ] = None,
    sites_share: Annotated[
        float | None,
        typer.Option(
            "--sites-share",
            min=0.0,
            max=1.0,
            help=N_("With --count: share of sites (not towns) in the deck (default 0.2)."),
        ),
    ] = None,
    difficulty: Annotated[
        Difficulty | None,
        typer.Option(
            "--difficulty",
            help=N_(
                "With --count: easy (best known places), normal (default) or hard (less known "
                "ones)."
            ),
        ),
    ] = None,
    precision: Annotated[
        PrecisionChoice | None,
        typer.Option(
            "--precision",
            help=N_(
                "With --count: printed coordinate precision (default auto: minute when the deck "
                "loses no famous place, else second, as 'pnp oucedonc deck'); no two cards share a "
                "latitude or a longitude at it."
            ),
        ),
    ] = None,
    include: IncludeOption = None,
    exclude: ExcludeOption = None,
    places_file: PlacesOption = None,
) -> None:
    from generator.core.errors import UserError
    from generator.geo import listing

    if count is not None:
        if limit is not None:
            raise UserError(
                _("--limit lists places and --count picks a deck; give only one of them")
            )
        from generator.games.oucedonc.deck import SITES_SHARE
        from generator.geo.own_places import OwnChoice
        from generator.geo.pick import DEFAULT_DIFFICULTY, DEFAULT_SEED, PickRequest

        # the same defaults as 'pnp oucedonc deck': one request type, one path
        request = PickRequest(
            region=own_region(region, places_file),
            source=source,
            count=count,
            seed=DEFAULT_SEED if seed is None else seed,
            sites_share=SITES_SHARE if sites_share is None else sites_share,
            difficulty=DEFAULT_DIFFICULTY if difficulty is None else difficulty.value,
            kind=kind.value,
            choice=OwnChoice(tuple(include or ()), tuple(exclude or ()), places_file),
        )
        _print_deck(request, (precision or PrecisionChoice.AUTO).value, output_format)
        return
    deck_only = [
        name
        for name, value in (
            ("--seed", seed),
            ("--sites-share", sites_share),
            ("--difficulty", difficulty),
            ("--precision", precision),
            ("--include", include),
            ("--exclude", exclude),
            ("--places", places_file),
        )
        if value is not None
    ]
    if deck_only:
        raise UserError(
            ngettext(
                "{options} shapes a deck; add --count N to pick one, or leave it out to list "
                "places",
                "{options} shape a deck; add --count N to pick one, or leave them out to list "
                "places",
                len(deck_only),
            ).format(options=", ".join(deck_only))
        )
    region = region or "france"
    selected = listing.select_places(region=region, kind=kind.value, limit=limit, source=source)
    if not _write_records(output_format, selected):
        _print_table(region, selected)


def _write_records(output_format: Format, places: tuple[Place, ...]) -> bool:
    """Write places as JSON, CSV or GeoJSON on stdout; False for the table format."""
    from generator.geo import listing

    writer = {
        Format.json: listing.to_json,
        Format.csv: listing.to_csv,
        Format.geojson: listing.to_geojson,
    }.get(output_format)
    if writer is None:
        return False
    # a stored set may hold anything: escape control characters, keep CSV's CRLF line ends
    sys.stdout.write("\r\n".join(terminal(part) for part in writer(places).split("\r\n")))
    return True


def _print_deck(request: PickRequest, precision_text: str, output_format: Format) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from generator.cli.common import data_console
    from generator.core.i18n import cli_language
    from generator.games.oucedonc.coords import (
        Precision,
        format_latitude,
        format_longitude,
        parse_precisions,
        printed_coordinate,
        printed_grid,
        to_units,
    )
    from generator.geo.pick import pick_places
    from generator.geo.selection import spread

    precisions = parse_precisions(precision_text)
    finer = None if Precision.SECOND in precisions else "--precision second"
    picked = pick_places(request, [printed_grid(p) for p in precisions], finer=finer)
    deck, candidates, selection = picked.places, picked.candidates, picked.selection
    precision = precisions[picked.grid]
    language = cli_language()  # the coordinates as the deck's cards print them in that language
    seed, difficulty, source = request.seed, request.difficulty, request.source
    if _write_records(output_format, tuple(deck)):
        return
    console = data_console(width=min(Console().width, 80))
    # the title on its own line: as a table title it would wrap to the width of a narrow table
    console.print(
        _("{region}: deck of {count} (seed {seed}, {difficulty}, {source}, {precision})").format(
            region=selection.label,
            count=number(len(deck)),
            seed=seed,
            difficulty=difficulty,
            source=source,
            precision=precision.value,
        ),
        overflow="ellipsis",
        no_wrap=True,
        highlight=False,
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Name"), overflow="ellipsis", no_wrap=True, max_width=34)
    table.add_column(_("Kind"), no_wrap=True, max_width=13, overflow="ellipsis")
    table.add_column(_("Latitude"), justify="right", no_wrap=True)
    table.add_column(_("Longitude"), justify="right", no_wrap=True)
    for place in deck:
        table.add_row(
            one_line(place.name),
            one_line(kind_name(place.kind, place.site_kind)),
            printed_coordinate(
                format_latitude(to_units(place.lat, precision), precision), language
            ),
            printed_coordinate(
                format_longitude(to_units(place.lon, precision), precision), language
            ),
        )
    console.print(table)
    if len(deck) >= 2:
        figures = spread(deck, candidates)
        console.print(
            _("Closest cards {closest} km apart; largest empty circle {gap} km in radius.").format(
                closest=number(round(figures.min_pair_km)),
                gap=number(round(figures.largest_gap_km)),
            ),
            highlight=False,
        )
        console.print(
            ngettext(
                "Chosen among {count} candidate.",
                "Chosen among {count} candidates.",
                len(candidates),
            ).format(count=number(len(candidates))),
            highlight=False,
        )


_FIXED_COLUMNS: tuple[tuple[str, int, Literal["left", "right"]], ...] = (
    (N_("Kind"), 11, "left"),
    # TRANSLATORS: the column of the département's code, 4 characters wide
    (N_("Dept"), 4, "left"),
    (N_("Population"), 10, "right"),
    # TRANSLATORS: latitude, 8 characters wide
    (N_("Lat"), 8, "right"),
    # TRANSLATORS: longitude, 8 characters wide
    (N_("Lon"), 8, "right"),
)


def _print_table(region: str, selected: tuple[Place, ...]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from generator.cli.common import data_console
    from generator.geo.regions import resolve_region

    width = min(Console().width, 100)
    # Numbers keep their full width; the name takes what is left (80 columns: 25 characters),
    # and a longer name ends with an ellipsis. Each of the 6 columns has 1 space of padding on
    # each side (rich keeps one spare column).
    longest = max((len(p.name) for p in selected), default=4)
    name_width = max(12, min(longest, width - 14 - sum(w for _, w, _ in _FIXED_COLUMNS)))
    table = Table(
        title=one_line(
            ngettext("{region}: {count} place", "{region}: {count} places", len(selected)).format(
                region=resolve_region(region).label, count=number(len(selected))
            )
        ),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        show_edge=False,
        title_justify="left",
    )
    table.add_column(_("Name"), width=name_width, no_wrap=True, overflow="ellipsis")
    for header, column_width, justify in _FIXED_COLUMNS:
        table.add_column(
            _(header), width=column_width, justify=justify, no_wrap=True, overflow="ellipsis"
        )
    for place in selected:
        table.add_row(
            one_line(place.name),
            one_line(kind_name(place.kind, place.site_kind)),
            one_line(place.departement or ""),
            number(place.population) if place.population is not None else "",
            number(place.lat, decimals=4),
            number(place.lon, decimals=4),
        )
    data_console(width=width).print(table)


def register(app: typer.Typer) -> None:
    app.command(
        "places",
        help=N_("List the places of a region, or pick an Oucédonc deck of --count places."),
    )(places)
