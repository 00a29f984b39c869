"""A checkout whose catalogs are not compiled, or compiled before their ``.po`` changed, speaks
its ``.po`` (docs/i18n.md): pnp's own domains compiled in memory, the ``vendor`` domain (read by
click and Typer through the global gettext, which reads only ``.mo`` files) compiled once into
the user's cache folder. Each test works on a copy of the locale folder: the checkout's own
compiled catalogs are never touched."""

from __future__ import annotations

import gettext
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from generator.core import i18n
from generator.core.i18n import CLI_DOMAIN, MATERIAL_DOMAIN, VENDOR_DOMAIN, catalog, vendor_folder

ROOT = Path(__file__).resolve().parents[1]
DOMAINS = [(CLI_DOMAIN, "fr"), (MATERIAL_DOMAIN, "en"), (VENDOR_DOMAIN, "fr")]


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the checkout's ``.po`` files, no ``.mo``, read as pnp's locale folder; the
    cache folder empty."""
    folder = tmp_path / "locale"
    for po in (ROOT / "locale").glob("*/LC_MESSAGES/*.po"):
        target = folder / po.relative_to(ROOT / "locale")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(po, target)
    monkeypatch.setattr(i18n, "locale_folder", lambda: folder)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    catalog.cache_clear()
    yield folder
    catalog.cache_clear()  # no catalog of the copy left for the next test


def _translated(po: Path) -> tuple[str, str]:
    """One message of ``po`` whose translation differs from it: (msgid, msgstr)."""
    with po.open("rb") as stream:
        messages = read_po(stream)
    return next(
        (m.id, m.string)
        for m in messages
        if m.id and isinstance(m.id, str) and m.string and m.string != m.id and not m.fuzzy
    )


def _po(locale: Path, domain: str, language: str) -> Path:
    return locale / language / "LC_MESSAGES" / f"{domain}.po"


def _compile(po: Path, mo: Path, change: dict[str, str] | None = None) -> None:
    """``po`` compiled into ``mo``, with the translations of ``change`` replaced."""
    with po.open("rb") as stream:
        messages = read_po(stream)
    for msgid, msgstr in (change or {}).items():
        messages[msgid].string = msgstr
    with mo.open("wb") as stream:
        write_mo(stream, messages)


@pytest.mark.parametrize(("domain", "language"), DOMAINS)
def test_without_its_mo_a_domain_speaks_its_po(locale, domain, language):
    msgid, msgstr = _translated(_po(locale, domain, language))
    assert catalog(domain, language).gettext(msgid) == msgstr


@pytest.mark.parametrize(("domain", "language"), DOMAINS)
def test_a_mo_older_than_its_po_is_not_read(locale, domain, language):
    po = _po(locale, domain, language)
    msgid, msgstr = _translated(po)
    mo = po.with_suffix(".mo")
    _compile(po, mo, {msgid: "stale words"})
    os.utime(mo, (po.stat().st_mtime - 60, po.stat().st_mtime - 60))
    assert catalog(domain, language).gettext(msgid) == msgstr
    catalog.cache_clear()
    os.utime(mo, (po.stat().st_mtime + 60, po.stat().st_mtime + 60))  # now the newer one
    assert catalog(domain, language).gettext(msgid) == "stale words"


def test_click_and_typer_read_the_vendor_po_compiled_into_the_cache(locale, tmp_path):
    po = _po(locale, VENDOR_DOMAIN, "fr")
    msgid, msgstr = _translated(po)
    folder = vendor_folder("fr")
    assert folder.is_relative_to(tmp_path / "cache")
    translation = gettext.translation(VENDOR_DOMAIN, str(folder), ["fr"])  # as Typer reads it
    assert translation.gettext(msgid) == msgstr
    compiled = folder / "fr" / "LC_MESSAGES" / "vendor.mo"
    written = compiled.stat()
    assert vendor_folder("fr") == folder  # the same .po: compiled once, found again
    assert compiled.stat().st_mtime_ns == written.st_mtime_ns
    assert not po.with_suffix(".mo").exists()  # the checkout is left as it was

    po.write_text(po.read_text(encoding="utf-8").replace(msgstr, "new words", 1), "utf-8")
    changed = vendor_folder("fr")
    assert changed != folder
    assert gettext.translation(VENDOR_DOMAIN, str(changed), ["fr"]).gettext(msgid) == "new words"


def test_a_compiled_vendor_catalog_is_read_where_it_is(locale):
    po = _po(locale, VENDOR_DOMAIN, "fr")
    _compile(po, po.with_suffix(".mo"))
    assert vendor_folder("fr") == locale
    assert vendor_folder("en") == locale  # English is the source: nothing to compile


def test_a_cache_that_cannot_be_written_leaves_click_s_words_in_english(
    locale, tmp_path, monkeypatch
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    assert vendor_folder("fr") == locale  # no .mo there: gettext falls back to the English
