"""``index.html``: the kit's gallery, a self-contained page a person opens in a browser.

It shows a thumbnail of every PDF page, each file's size, pages, sheet and printing
instructions, the parameters of the build and the attributions of the data sources (from
``datasets/provenance.json``; the page says so plainly when that file is missing or unreadable).
The template is ``templates/kit/index.html.j2``, rendered in a sandboxed, autoescaped Jinja2
environment from plain view objects built here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from generator import __version__
from generator.core.resources import package_folder
from generator.geo.embedded import PROVENANCE_FILE
from generator.kit.build import KitResult
from generator.kit.manifest import FileFacts
from generator.kit.model import KitParams
from generator.kit.thumbnails import describe_sheets

TEMPLATE_DIR = package_folder("templates") / "kit"

DUPLEX_TEXT = {
    "single": "One-sided",
    "long": "Two-sided, long-edge flip",
    "short": "Two-sided, short-edge flip",
    "fold": "One-sided, fold and glue",
}


@dataclass(frozen=True)
class DataSource:
    name: str
    upstream: str
    version: str
    licence: str
    licence_url: str
    attribution: str
    url: str


@dataclass(frozen=True)
class Pictogram:
    """One picture of the legend: its SVG path (512 grid) and the site kinds it stands for."""

    path: str
    label: str


@dataclass(frozen=True)
class PictureCredits:
    """The icon set the printed material draws from, its credit and the Oucédonc legend."""

    package: str
    version: str
    attribution: str  # authors, source, licence and its address, as CC BY 3.0 asks
    grid: int
    pictograms: tuple[Pictogram, ...]


def picture_credits() -> PictureCredits:
    from generator.games.oucedonc.pictograms import SITE_PICTOGRAMS, UNKNOWN_SITE
    from generator.render.icons import icon_set

    icons = icon_set()
    kinds: dict[str, list[str]] = {}
    for kind, icon in SITE_PICTOGRAMS.items():
        kinds.setdefault(icon, []).append(kind)
    kinds.setdefault(UNKNOWN_SITE, []).append("other sites")
    return PictureCredits(
        package=icons.package,
        version=icons.version,
        attribution=icons.attribution_en,
        grid=int(icons.grid),
        pictograms=tuple(
            Pictogram(icons.entries[icon].svg_path, ", ".join(names))
            for icon, names in kinds.items()
        ),
    )


@dataclass(frozen=True)
class Provenance:
    sources: tuple[DataSource, ...]
    note: str  # why there are no sources, when there are none


@dataclass(frozen=True)
class Thumbnail:
    src: str
    href: str
    page: int
    landscape: bool


@dataclass(frozen=True)
class FileView:
    title: str
    href: str
    name: str
    is_pdf: bool
    pages: int
    size: str
    size_bytes: int
    sheets: str
    duplex: str
    duplex_text: str
    advice: str
    thumbnails: tuple[Thumbnail, ...]


@dataclass(frozen=True)
class ComponentView:
    name: str
    files: tuple[FileView, ...]
    error: str


@dataclass(frozen=True)
class GameView:
    name: str
    anchor: str
    components: tuple[ComponentView, ...]
    page_count: int


def read_provenance(datasets_dir: Path) -> Provenance:
    """The data sources of ``datasets_dir/provenance.json``, tolerant of its exact shape.

    Accepted: ``{"sources": [...], "other": {...}}`` (each top-level object that carries an
    attribution or a licence is one more source, named by its key), a bare list of sources, or
    an object mapping names to sources.
    """
    path = datasets_dir / PROVENANCE_FILE
    if not path.is_file():
        return Provenance((), f"No data provenance file was found ({path.name} is missing).")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Provenance((), f"The data provenance file could not be read ({type(exc).__name__}).")
    entries: list = []
    if isinstance(document, list):
        entries = document
    elif isinstance(document, dict):
        listed = document.get("sources")
        others = [
            {"name": key, **value}
            for key, value in document.items()
            if key != "sources" and isinstance(value, dict)
        ]
        if isinstance(listed, list):  # the list, plus top-level objects that look like sources
            entries = listed + [entry for entry in others if _is_source(entry)]
        else:  # a mapping of names to sources
            entries = others
    sources = tuple(_data_source(entry) for entry in entries if isinstance(entry, dict))
    return Provenance(sources, "" if sources else "The data provenance file lists no sources.")


def _is_source(entry: dict) -> bool:
    return any(key in entry for key in ("licence", "license", *ATTRIBUTION_KEYS))


ATTRIBUTION_KEYS = ("attribution_en", "attribution", "attribution_text", "credit", "attribution_fr")


def _data_source(entry: dict) -> DataSource:
    def first(*keys: str) -> str:
        for key in keys:
            value = entry.get(key)
            if isinstance(value, str | int | float) and str(value).strip():
                return str(value).strip()
        return ""

    return DataSource(
        name=first("package", "name", "title", "id") or "unnamed source",
        upstream=first("upstream"),
        version=first("version"),
        licence=first("licence", "license"),
        licence_url=first("licence_url", "license_url"),
        attribution=first(*ATTRIBUTION_KEYS),
        url=first("url", "homepage", "source", "source_url"),
    )


# The builder of the printer calibration sheets: "Before you print" links to what it wrote.
CALIBRATION_TARGET = "generator.kit.builders:build_calibration_sheets"


def render_index(
    params: KitParams,
    result: KitResult,
    facts: list[FileFacts],
    provenance: Provenance,
    template_dir: Path = TEMPLATE_DIR,
) -> str:
    from generator.render.template_sandbox import (
        RegularFileLoader,
        render_limited,
        sandboxed_environment,
    )

    environment = sandboxed_environment(
        RegularFileLoader(str(template_dir)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        max_output=64 << 20,  # the gallery of a large kit is a few hundred KB
    )
    games = _game_views(result, facts)
    material = [fact for fact in facts if fact.built]
    calibration_components = {
        component.name for component in result.components if component.target == CALIBRATION_TARGET
    }
    calibration = tuple(
        _file_view(fact)
        for fact in material
        if fact.built is not None and fact.built.component in calibration_components and fact.pdf
    )
    context = {
        "params": params,
        "version": __version__,
        "games": games,
        "failures": result.failures,
        "provenance": provenance,
        "total_files": len(material),
        "total_pages": sum(fact.pdf.page_count for fact in material if fact.pdf),
        "total_sheets": sum(fact.paper_sheets for fact in material),
        "total_size": human_size(sum(fact.size for fact in material)),
        "any_two_sided": any(fact.duplex in ("long", "short") for fact in material if fact.pdf),
        "calibration": calibration,
        "pictures": picture_credits(),
    }
    return render_limited(environment, "index.html.j2", context, str(template_dir))


def _game_views(result: KitResult, facts: list[FileFacts]) -> tuple[GameView, ...]:
    errors = {failure.component: failure.message for failure in result.failures}
    games: dict[str, list[ComponentView]] = {}
    for component in result.components:
        files = tuple(
            _file_view(fact)
            for fact in facts
            if fact.built and fact.built.component == component.name
        )
        games.setdefault(component.game or component.name, []).append(
            ComponentView(component.name, files, errors.get(component.name, ""))
        )
    return tuple(
        GameView(
            name,
            f"game-{index + 1}",
            tuple(components),
            sum(file.pages for component in components for file in component.files),
        )
        for index, (name, components) in enumerate(games.items())
    )


def _file_view(fact: FileFacts) -> FileView:
    assert fact.built is not None
    href = quote(str(fact.path))
    notes = fact.built.print_notes
    thumbnails: tuple[Thumbnail, ...] = ()
    sheets = ""
    if fact.pdf:
        sheets = describe_sheets(fact.pdf.page_sizes_mm)
        thumbnails = tuple(
            Thumbnail(
                src=f"thumbnails/{quote(thumb.name)}",
                href=f"{href}#page={number}",
                page=number,
                landscape=width > height,
            )
            for number, (thumb, (width, height)) in enumerate(
                zip(fact.pdf.thumbnails, fact.pdf.page_sizes_mm, strict=False), start=1
            )
        )
    return FileView(
        title=fact.title,
        href=href,
        name=str(fact.path),
        is_pdf=fact.is_pdf,
        pages=fact.pdf.page_count if fact.pdf else 0,
        size=human_size(fact.size),
        size_bytes=fact.size,
        sheets=sheets,
        duplex=fact.duplex,
        duplex_text=DUPLEX_TEXT[fact.duplex],
        advice=notes.advice,
        thumbnails=thumbnails,
    )


def human_size(size: int) -> str:
    """Bytes in SI units with three significant figures: "812 B", "45.3 kB", "1.20 MB"."""
    if size < 1000:
        return f"{size} B"
    value = float(size)
    for unit in ("kB", "MB", "GB"):
        value /= 1000
        if value < 999.5 or unit == "GB":
            return f"{value:.3g} {unit}" if value >= 100 else f"{value:#.3g} {unit}"
    raise AssertionError("unreachable")
