"""``index.html``: the kit's gallery, a self-contained page a person opens in a browser.

It shows a thumbnail of every PDF page, each file's size, pages, sheet and printing
instructions, the parameters of the build and the attributions of the data sources (from
``datasets/provenance.json``; the page says so plainly when that file is missing or unreadable).
The template is ``templates/kit/index.html.j2``, rendered in a sandboxed, autoescaped Jinja2
environment from plain view objects built here.

The page speaks the kit's language (``params.language``): the template's texts are French,
``{% trans %}``, translated by the printed material's catalog; the views hold texts already in
that language (the builders' titles and advice, the attributions of the data in that language,
sizes and numbers written by Babel). The games keep their French titles; an English gallery
adds the game's English subtitle (:class:`~generator.games.catalog.GameInfo`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from generator import __version__
from generator.core.i18n import M_, MATERIAL_DEFAULT, P_, Language, number, percent
from generator.core.resources import package_folder
from generator.core.typography import printed_name
from generator.games.catalog import GAMES
from generator.geo.embedded import PROVENANCE_FILE
from generator.kit.build import KitResult
from generator.kit.manifest import FileFacts
from generator.kit.model import Component, KitParams
from generator.kit.thumbnails import describe_sheets

TEMPLATE_DIR = package_folder("templates") / "kit"

DUPLEX_TEXT = {
    "single": M_("Recto seul"),
    "long": M_("Recto verso, bord long"),
    "short": M_("Recto verso, bord court"),
    "fold": M_("Recto seul, plier et coller"),
}

# A heading that is not a game's title: printed in the kit's language.
GAME_HEADINGS: dict[str, str] = {
    "Calibration": M_("Étalonnage de l’imprimante"),
    "Exports": M_("Jouer en ligne"),
}

# The site kinds of the pictogram legend (generator.games.oucedonc.pictograms), in French.
SITE_KIND_NAMES: dict[str, str] = {
    "mountain": M_("montagne"),
    "peak": M_("sommet"),
    "volcano": M_("volcan"),
    "cirque": M_("cirque"),
    "pass": M_("col"),
    "road": M_("route"),
    "plateau": M_("plateau"),
    "dune": M_("dune"),
    "valley": M_("vallée"),
    "gorge": M_("gorge"),
    "cave": M_("grotte"),
    "arch": M_("arche"),
    "island": M_("île"),
    "cape": M_("cap"),
    "cliff": M_("falaise"),
    "calanque": M_("calanque"),
    "beach": M_("plage"),
    "bay": M_("baie"),
    "coast": M_("côte"),
    "lagoon": M_("lagune"),
    "harbour": M_("port"),
    "lake": M_("lac"),
    "wetland": M_("marais"),
    "waterfall": M_("cascade"),
    "glacier": M_("glacier"),
    "river": M_("rivière"),
    "canal": M_("canal"),
    "dam": M_("barrage"),
    "forest": M_("forêt"),
    "park": M_("parc"),
    "national park": M_("parc national"),
    "reserve": M_("réserve"),
    "wilderness": M_("espace sauvage"),
    "garden": M_("jardin"),
    "castle": M_("château"),
    "palace": M_("palais"),
    "fort": M_("fort"),
    "fortification": M_("fortification"),
    "tower": M_("tour"),
    "gate": M_("porte"),
    "abbey": M_("abbaye"),
    "church": M_("église"),
    "cathedral": M_("cathédrale"),
    "religious site": M_("site religieux"),
    "bridge": M_("pont"),
    "lighthouse": M_("phare"),
    "monument": M_("monument"),
    "memorial": M_("mémorial"),
    "megaliths": M_("mégalithes"),
    "ruins": M_("ruines"),
    "ancient site": M_("site antique"),
    "roman site": M_("site romain"),
    "archaeological site": M_("site archéologique"),
    "amphitheatre": M_("amphithéâtre"),
    "museum": M_("musée"),
    "village": M_("village"),
}
OTHER_SITES = M_("autres sites")


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
    """One picture of the legend: its SVG paths (the pictures' grid, from our own numbers and
    colours only: :func:`generator.render.icons.picture_svg`) and the site kinds it stands for."""

    svg: str
    label: str


@dataclass(frozen=True)
class PictureCredits:
    """The picture set the printed material draws from, its credit and the Oucédonc legend."""

    package: str
    version: str
    attribution: str  # source and licence
    grid: int
    pictograms: tuple[Pictogram, ...]


def picture_credits(language: Language = MATERIAL_DEFAULT) -> PictureCredits:
    from generator.games.oucedonc.pictograms import SITE_PICTOGRAMS, UNKNOWN_SITE
    from generator.geo.databuild.colour_art import FLUENT
    from generator.render.icons import GRID, picture_credit, picture_svg

    kinds: dict[str, list[str]] = {}
    for kind, icon in SITE_PICTOGRAMS.items():
        name = SITE_KIND_NAMES.get(kind)
        kinds.setdefault(icon, []).append(P_(language, name) if name else kind)
    kinds.setdefault(UNKNOWN_SITE, []).append(P_(language, OTHER_SITES))
    return PictureCredits(
        package=FLUENT.name,
        version=FLUENT.version,
        attribution=picture_credit(language),
        grid=GRID,
        pictograms=tuple(
            Pictogram(picture_svg(icon), ", ".join(names)) for icon, names in kinds.items()
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
    label: str  # printed: the component's label in the kit's language, else its name
    eyebrow: str  # printed above each of its files ("" for a game of one component)
    files: tuple[FileView, ...]
    error: str


@dataclass(frozen=True)
class FailureView:
    label: str
    message: str


@dataclass(frozen=True)
class GameView:
    name: str
    subtitle: str
    anchor: str
    components: tuple[ComponentView, ...]
    page_count: int


def read_provenance(datasets_dir: Path, language: Language = MATERIAL_DEFAULT) -> Provenance:
    """The data sources of ``datasets_dir/provenance.json``, tolerant of its exact shape, with
    their attributions in ``language`` where the file has them (``attribution_fr``,
    ``attribution_en``; else the other one, or a plain ``attribution``).

    Accepted: ``{"sources": [...], "other": {...}}`` (each top-level object that carries an
    attribution or a licence is one more source, named by its key), a bare list of sources, or
    an object mapping names to sources.
    """
    path = datasets_dir / PROVENANCE_FILE
    if not path.is_file():
        note = P_(
            language, "Aucun fichier de provenance des données n’a été trouvé ({name} manque)."
        )
        return Provenance((), note.format(name=path.name))
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        note = P_(language, "Le fichier de provenance des données n’a pas pu être lu ({error}).")
        return Provenance((), note.format(error=type(exc).__name__))
    entries: list[Any] = []
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
    sources = tuple(_data_source(entry, language) for entry in entries if isinstance(entry, dict))
    none = P_(language, "Le fichier de provenance des données ne nomme aucune source.")
    return Provenance(sources, "" if sources else none)


def _is_source(entry: dict[str, Any]) -> bool:
    return any(key in entry for key in ("licence", "license", *ATTRIBUTION_KEYS))


ATTRIBUTION_KEYS = ("attribution_en", "attribution", "attribution_text", "credit", "attribution_fr")


def _attribution_keys(language: Language) -> tuple[str, ...]:
    """Where a source's attribution is, the language's own first."""
    own = f"attribution_{language}"
    return (own, *(key for key in ATTRIBUTION_KEYS if key != own))


def _data_source(entry: dict[str, Any], language: Language) -> DataSource:
    def first(*keys: str) -> str:
        for key in keys:
            value = entry.get(key)
            if isinstance(value, str | int | float) and str(value).strip():
                return str(value).strip()
        return ""

    return DataSource(
        name=first("package", "name", "title", "id") or P_(language, "source sans nom"),
        upstream=first("upstream"),
        version=first("version"),
        licence=first("licence", "license"),
        licence_url=first("licence_url", "license_url"),
        attribution=first(*_attribution_keys(language)),
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
    from generator.render.ink import DEFAULT_INK_LIMIT
    from generator.render.template_sandbox import (
        RegularFileLoader,
        render_limited,
        sandboxed_environment,
    )

    language = params.language
    environment = sandboxed_environment(
        RegularFileLoader(str(template_dir)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        max_output=64 << 20,  # the gallery of a large kit is a few hundred KB
        language=language,
    )
    environment.filters["number"] = lambda value: number(value, language)
    games = _game_views(result, facts, language)
    material = [fact for fact in facts if fact.built]
    calibration_components = {
        component.name for component in result.components if component.target == CALIBRATION_TARGET
    }
    calibration = tuple(
        _file_view(fact, language)
        for fact in material
        if fact.built is not None and fact.built.component in calibration_components and fact.pdf
    )
    labels = {component.name: _label(component, language) for component in result.components}
    context = {
        # the template reads the parameters as the user named them (the region's apostrophes
        # set as the material prints them)
        "params": {
            "region": printed_name(params.region),
            "paper": params.paper.name,
            "seed": params.seed,
            "profile": params.profile.kind.value,
            "imposed": params.imposed,
        },
        "version": __version__,
        "games": games,
        "failures": tuple(
            FailureView(labels.get(failure.component, failure.component), failure.message)
            for failure in result.failures
        ),
        "provenance": provenance,
        "total_files": len(material),
        "total_pages": sum(fact.pdf.page_count for fact in material if fact.pdf),
        "total_sheets": sum(fact.paper_sheets for fact in material),
        "total_size": human_size(sum(fact.size for fact in material), language),
        "any_two_sided": any(fact.duplex in ("long", "short") for fact in material if fact.pdf),
        "calibration": calibration,
        "pictures": picture_credits(language),
        "scale": percent(1, language, decimals=0),  # print at 100 %
        "ink": percent(DEFAULT_INK_LIMIT / 100, language, decimals=0),  # the shop's ink limit
    }
    return render_limited(environment, "index.html.j2", context, str(template_dir))


def _label(component: Component, language: Language) -> str:
    """What the gallery calls ``component``: its label in ``language``, else its name."""
    return P_(language, component.label) if component.label else component.name


def _game_views(
    result: KitResult, facts: list[FileFacts], language: Language
) -> tuple[GameView, ...]:
    errors = {failure.component: failure.message for failure in result.failures}
    games: dict[str, list[ComponentView]] = {}
    for component in result.components:
        files = tuple(
            _file_view(fact, language)
            for fact in facts
            if fact.built and fact.built.component == component.name
        )
        game = component.group
        label = _label(component, language)
        eyebrow = label if component.label or component.name != game else ""
        games.setdefault(game, []).append(
            ComponentView(component.name, label, eyebrow, files, errors.get(component.name, ""))
        )
    subtitles = {info.name: info.subtitle for info in GAMES} if language == "en" else {}
    return tuple(
        GameView(
            P_(language, GAME_HEADINGS[name]) if name in GAME_HEADINGS else name,
            subtitles.get(name, ""),
            f"game-{index + 1}",
            tuple(components),
            sum(file.pages for component in components for file in component.files),
        )
        for index, (name, components) in enumerate(games.items())
    )


def _file_view(fact: FileFacts, language: Language) -> FileView:
    assert fact.built is not None
    href = quote(str(fact.path))
    notes = fact.built.print_notes
    thumbnails: tuple[Thumbnail, ...] = ()
    sheets = ""
    if fact.pdf:
        sheets = describe_sheets(fact.pdf.page_sizes_mm, language)
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
        size=human_size(fact.size, language),
        size_bytes=fact.size,
        sheets=sheets,
        duplex=fact.duplex,
        duplex_text=P_(language, DUPLEX_TEXT[fact.duplex]),
        advice=notes.advice,
        thumbnails=thumbnails,
    )


# Byte units, SI: English B, kB, MB, GB; French o, ko, Mo, Go (octets).
SIZE_UNITS: dict[str, tuple[str, ...]] = {
    "en": ("B", "kB", "MB", "GB"),
    "fr": ("o", "ko", "Mo", "Go"),
}


def human_size(size: int, language: Language | None = None) -> str:
    """Bytes in SI units with three significant figures, written for ``language`` (the command
    line's by default) by Babel: "812 B", "45.3 kB", "1.20 MB"; "45,3 ko" in French."""
    from generator.core.i18n import cli_language

    language = cli_language() if language is None else language
    units = SIZE_UNITS[language]
    if size < 1000:
        return f"{number(size, language)} {units[0]}" if language == "fr" else f"{size} B"
    value = float(size)
    for unit in units[1:]:
        value /= 1000
        if value < 999.5 or unit == units[-1]:
            digits = float(f"{value:.3g}")  # three significant figures, then as many decimals
            decimals = 0 if digits >= 100 else 1 if digits >= 10 else 2
            space = " " if language == "fr" else " "
            return f"{number(digits, language, decimals=decimals)}{space}{unit}"
    raise AssertionError("unreachable")
