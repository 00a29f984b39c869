"""Write the names of every first-level subdivision abroad into ``datasets/admin1_names.csv``.

The hand-curated rows (the nine neighbouring countries: BE, LU, DE, CH, IT, ES, AD, MC, GB) are
kept as they are; every other GeoNames admin1 code gets a derived row:

- ``name_en``: its name in GeoNames' ``admin1CodesASCII.txt`` (English where English has one:
  Bavaria, Tuscany, Pará), the copy of 2021-12 in the public repository
  ikolomiets/geonames-cities-parser (commit ffb761e), CC BY 4.0;
- ``iso_3166_2``: the ISO 3166-2 code whose English name in Unicode CLDR
  (``cldr-subdivisions-full`` 48.2.0, ``subdivisions/en/en.json``) or whose own name in
  ISO 3166-2 (Debian's iso-codes, as the PyPI package pycountry ships it) is the GeoNames name,
  ignoring case and accents; a top-level code before a lower one (Comunidad de Madrid before the
  province); empty when none matches;
- ``name_local``: the code's own name in ISO 3166-2 (Bayern, Toscana, Andalucía), an alias
  that ``--region`` accepts;
- ``name``, the French name: iso-codes' French translation of that ISO name where it has one
  (Bavière, Toscane, Californie), else the English name.

Usage: ``pip install pycountry`` (only this script needs it), then
``python scripts/admin1_names.py PATH/admin1CodesASCII.txt PATH/cldr-subdivisions-full-48.2.0.tgz``
(``npm pack cldr-subdivisions-full@48.2.0``); ``--check`` fails when the file would change.
"""

from __future__ import annotations

import argparse
import csv
import gettext
import io
import json
import sys
import tarfile
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "datasets" / "admin1_names.csv"
COLUMNS = ("country", "admin1", "name", "reference", "name_en", "iso_3166_2", "name_local")
CURATED = frozenset({"BE", "LU", "DE", "CH", "IT", "ES", "AD", "MC", "GB"})
#: iso-codes' French translations that are wrong (a typo, another place): the English name is
#: used instead, or the French name given here (its French Wikipedia article's title).
FRENCH_FIXES = {
    "BR-SP": "",  # "Sôo Paulo", a typo
    "TH-75": "",  # "Samdrup Jongkhar", a district of Bhutan
    "NL-LI": "Limbourg",  # "Limourg"; fr.wikipedia.org/wiki/Limbourg_(Pays-Bas)
    # "Virginia occidentale"; fr.wikipedia.org/wiki/Virginie-Occidentale
    "US-WV": "Virginie-Occidentale",
}
GEONAMES_COPY = "GeoNames admin1"  # admin1CodesASCII.txt, 2021-12 copy (module text)


def key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(
        ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.combining(ch)
    )
    return " ".join(letters.split())


def read_geonames(path: Path) -> dict[tuple[str, str], tuple[str, str]]:
    """(country, admin1) -> (name, geonameid)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        code, name, _ascii, geonameid = line.split("\t")
        country, _, admin1 = code.partition(".")
        out[(country, admin1)] = (name, geonameid)
    return out


def read_cldr(path: Path) -> dict[str, str]:
    """ISO 3166-2 code ("DE-BY") -> CLDR English name."""
    with tarfile.open(path, "r:gz") as archive:
        handle = archive.extractfile("package/subdivisions/en/en.json")
        assert handle is not None
        names = json.load(handle)["subdivisions"]["localeDisplayNames"]["subdivisions"]
    return {f"{k[:2].upper()}-{k[2:].upper()}": v for k, v in names.items()}


def iso_table() -> tuple[dict[str, list[tuple[str, str, bool]]], gettext.GNUTranslations]:
    """Country -> [(ISO code, ISO name, top level)], and iso-codes' French catalogue."""
    import pycountry

    folder = Path(pycountry.__file__).parent
    french = gettext.GNUTranslations((folder / "locales/fr/LC_MESSAGES/iso3166-2.mo").open("rb"))
    table: dict[str, list[tuple[str, str, bool]]] = {}
    for entry in pycountry.subdivisions:
        table.setdefault(entry.country_code, []).append(
            (entry.code, entry.name, entry.parent_code is None)
        )
    return table, french


def match_iso(
    country: str, name: str, cldr: dict[str, str], iso: dict[str, list[tuple[str, str, bool]]]
) -> tuple[str, str]:
    """(ISO code, ISO name) of the subdivision GeoNames calls ``name``; ("", "") if none."""
    wanted = key(name)
    found = [
        (not top, code, iso_name)
        for code, iso_name, top in iso.get(country, ())
        if wanted in (key(iso_name), key(cldr.get(code, "")))
    ]
    if not found:
        return "", ""
    _rank, code, iso_name = min(found)
    # an inverted ISO name ("wallonne, Région") names nothing a player types
    return code, "" if ", " in iso_name else iso_name


def towns_codes() -> set[tuple[str, str]]:
    """(country, admin1) of every embedded world town."""
    sys.path.insert(0, str(ROOT))
    from generator.geo import embedded

    return {
        (town.country, town.region or "")
        for country in embedded.world_country_codes()
        for town in embedded.world_towns(country)
    }


def french_name(code: str, iso_name: str, french: gettext.GNUTranslations) -> str:
    """iso-codes' French name of ``code``: only a French name of its own (Bavière, Californie,
    Québec), not the ISO name with its accents dropped (Para for Pará, Al Qahirah for
    Al Qāhirah), nor one of :data:`FRENCH_FIXES`; "" when it has none."""
    if code in FRENCH_FIXES:
        return FRENCH_FIXES[code]
    translated = french.gettext(iso_name) if iso_name else ""
    if not translated or translated == iso_name:
        return ""
    if key(translated) == key(iso_name) and ascii_folded(translated) != iso_name:
        return ""  # the same name respelled (Para, Saint-George), not French accents (Québec)
    return translated


def ascii_folded(text: str) -> str:
    """``text`` without its accents and macrons, case kept: "Al Qāhirah" -> "Al Qahirah"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def table_text(geonames_path: Path, cldr_path: Path) -> str:
    geonames = read_geonames(geonames_path)
    cldr = read_cldr(cldr_path)
    iso, french = iso_table()
    current = list(csv.DictReader(io.StringIO(TABLE.read_text(encoding="utf-8"))))
    curated = {(r["country"], r["admin1"]): r for r in current if r["country"] in CURATED}
    with_towns = towns_codes()
    rows = []
    for (country, admin1), (name_en, geonameid) in sorted(geonames.items()):
        if (country, admin1) not in with_towns and (country, admin1) not in curated:
            continue  # no town carries the code: no deck prints it
        code, iso_name = match_iso(country, name_en, cldr, iso)
        kept = curated.get((country, admin1))
        if kept is not None:
            rows.append({**kept, "iso_3166_2": code, "name_local": iso_name})
            continue
        if country in CURATED:
            continue  # the curated countries list only the subdivisions they need
        translated = french_name(code, iso_name, french)
        name_fr = translated or name_en
        reference = f"{GEONAMES_COPY} {country}.{admin1} (geonameid {geonameid})"
        if translated:
            reference += f"; French: iso-codes {code}"
        rows.append(
            {
                "country": country,
                "admin1": admin1,
                "name": name_fr,
                "reference": reference,
                "name_en": name_en,
                "iso_3166_2": code,
                "name_local": iso_name,
            }
        )
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("geonames", type=Path, help="admin1CodesASCII.txt")
    parser.add_argument("cldr", type=Path, help="cldr-subdivisions-full-48.2.0.tgz")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = table_text(args.geonames, args.cldr)
    if args.check:
        if text != TABLE.read_text(encoding="utf-8"):
            print("datasets/admin1_names.csv differs from a fresh derivation", file=sys.stderr)
            return 1
        return 0
    TABLE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
