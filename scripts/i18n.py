"""The translation catalogs, managed with Babel (docs/i18n.md).

    python scripts/i18n.py update     # extract the messages from the code and the templates,
                                      # bring every locale/LANG/LC_MESSAGES/DOMAIN.po up to date
    python scripts/i18n.py check      # list what lacks a translation; exit 1 if anything does
    python scripts/i18n.py compile [PO...]  # the .mo beside each .po (the build does it too)
    python scripts/i18n.py merge BASE OURS THEIRS   # git merge driver for .po files (union)

Three domains, each written in one source language and translated into the other:

* ``pnp`` (English -> ``locale/fr``): what the command line says. Keywords ``_``, ``N_``,
  ``NN_`` (a plural marked only), ``ngettext``, in ``generator/``.
* ``material`` (French -> ``locale/en``): what is printed. Keywords ``P_`` and ``PN_`` (whose
  first argument is the language), ``M_`` (marked only) in ``generator/``, and ``_``,
  ``gettext``, ``ngettext`` and ``{% trans %}`` in the Jinja2 templates of ``templates/``.
* ``vendor`` (English -> ``locale/fr``): the words click and Typer print themselves ("Usage",
  "Options", "Missing argument"), extracted from the installed click and Typer.

The merge driver is registered once per clone:
    git config merge.po-union.driver ".venv/bin/python scripts/i18n.py merge %O %A %B"
(``.gitattributes`` names it for ``locale/**/*.po``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
PROJECT = "pnp-generator"
WIDTH = 100

PYTHON_CLI = {"_": None, "N_": None, "NN_": (1, 2), "ngettext": (1, 2)}
PYTHON_MATERIAL = {"P_": (2,), "PN_": (2, 3), "M_": None}
TEMPLATE_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}


@dataclass(frozen=True)
class Source:
    """One folder extracted with one method and its keywords."""

    folder: Path
    method_map: tuple[tuple[str, str], ...]
    keywords: dict[str, tuple[int, ...] | None]


@dataclass(frozen=True)
class Domain:
    name: str
    source_language: str
    target_language: str
    sources: tuple[Source, ...]

    @property
    def po(self) -> Path:
        return LOCALE / self.target_language / "LC_MESSAGES" / f"{self.name}.po"


def _vendor_sources() -> tuple[Source, ...]:
    import click
    import typer

    keywords: dict[str, tuple[int, ...] | None] = {"_": None, "ngettext": (1, 2)}
    return tuple(
        Source(Path(module.__file__).parent, (("**.py", "python"),), keywords)
        for module in (click, typer)
        if module.__file__
    )


def domains() -> tuple[Domain, ...]:
    generator = ROOT / "generator"
    return (
        Domain("pnp", "en", "fr", (Source(generator, (("**.py", "python"),), PYTHON_CLI),)),
        Domain(
            "material",
            "fr",
            "en",
            (
                Source(generator, (("**.py", "python"),), PYTHON_MATERIAL),
                Source(
                    ROOT / "templates",
                    (("**.j2", "jinja2.ext:babel_extract"),),
                    TEMPLATE_KEYWORDS,
                ),
            ),
        ),
        Domain("vendor", "en", "fr", _vendor_sources()),
    )


def extract(domain: Domain) -> Catalog:
    """Every message of ``domain`` found in its sources, with where each was found."""
    catalog = Catalog(project=PROJECT, locale=domain.source_language, fuzzy=False)
    for source in domain.sources:
        options = {
            pattern: {
                "extensions": "jinja2.ext.i18n",
                "trimmed": "true",
                "newstyle_gettext": "true",
            }
            for pattern, method in source.method_map
            if "jinja2" in method
        }
        for filename, lineno, message, comments, context in extract_from_dir(
            str(source.folder),
            method_map=list(source.method_map),
            options_map=options,
            keywords=source.keywords,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        ):
            where = f"{source.folder.name}/{filename}"
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=language)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        write_po(stream, catalog, width=WIDTH, sort_output=True, include_lineno=False)


def update() -> None:
    for domain in domains():
        template = extract(domain)
        if domain.po.is_file():
            catalog = read(domain.po, domain.target_language)
        else:
            catalog = Catalog(project=PROJECT, locale=domain.target_language, fuzzy=False)
        catalog.update(
            template,
            no_fuzzy_matching=True,
            update_header_comment=False,
            update_creation_date=False,  # the header changes only with the messages
        )
        catalog.obsolete.clear()
        write(domain.po, catalog)
        print(f"{domain.po.relative_to(ROOT)}: {len(template)} messages")


def missing(domain: Domain, catalog: Catalog | None = None) -> list[str]:
    """The messages of ``domain``'s code and templates that its catalog does not translate."""
    template = extract(domain)
    if catalog is None:
        catalog = read(domain.po, domain.target_language) if domain.po.is_file() else Catalog()
    gaps = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, message.context)
        strings: Iterable[str] = ()
        if entry is not None and not entry.fuzzy:
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not strings or not all(strings):
            key = message.id if isinstance(message.id, str) else message.id[0]
            where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
            gaps.append(f"{domain.name} ({domain.target_language}): {key!r} at {where}")
    return gaps


def check() -> int:
    gaps = [gap for domain in domains() for gap in missing(domain)]
    for gap in gaps:
        print(gap)
    print(f"{len(gaps)} messages without a translation")
    return 1 if gaps else 0


def compile_all(paths: list[str]) -> None:
    """The ``.mo`` beside each ``.po`` of ``paths`` (every catalog when none is named)."""
    chosen = [Path(path) for path in paths] or sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
    for po in chosen:
        catalog = read(po, po.parts[-3])
        with po.with_suffix(".mo").open("wb") as stream:
            write_mo(stream, catalog)


def _translated(string: str | tuple[str, ...]) -> bool:
    """True when ``string`` (a plural entry: every form) holds a translation."""
    return any(string) if isinstance(string, tuple) else bool(string)


def merge(_base: str, ours: str, theirs: str) -> int:
    """Git's merge driver for a ``.po``: every message of either side; a message translated on
    one side only keeps that translation; translated differently on both, ours is kept and the
    entry marked fuzzy (the check then lists it)."""
    with Path(ours).open("rb") as stream:
        mine = read_po(stream)  # the language is the header's (git passes temporary names)
    with Path(theirs).open("rb") as stream:
        other = read_po(stream)
    for message in other:
        if not message.id:
            continue
        present = mine.get(message.id, message.context)
        if present is None:
            mine[message.id] = message
            continue
        for location in message.locations:
            if location not in present.locations:
                present.locations.append(location)
        if _translated(message.string) and not _translated(present.string):
            present.string = message.string
        elif _translated(message.string) and present.string != message.string:
            present.flags.add("fuzzy")
    write(Path(ours), mine)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
        return 0
    if argv[:1] == ["check"]:
        return check()
    if argv[:1] == ["compile"]:
        compile_all(argv[1:])
        return 0
    if argv[:1] == ["merge"] and len(argv) == 4:
        return merge(*argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
