"""Two languages, French and English: which one speaks, and the catalogs that translate.

Two gettext domains, each written in its own source language (docs/i18n.md):

* ``pnp``: what the command line says (messages, errors, help, table headers, the referee
  session). Written in English in the code, translated into French by ``locale/fr``. The
  language is the user's: ``--lang`` of the root command, else ``PNP_LANG``, else the locale
  (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set: French when it starts with ``fr``,
  English otherwise). Code marks a message with :func:`_` (translated now, in the CLI's
  language), :func:`ngettext` (plural forms), or :func:`N_` (only marked: help texts, which the
  CLI translates when it builds a command).
* ``material``: what is printed (cards, rules, boards, trackers, sheets, the gallery). Written
  in French, as the games' rules are, translated into English by ``locale/en``. Its language is
  the ``--lang`` of the command that prints (French by default, whatever the locale), passed
  down explicitly: :func:`P_` and :func:`PN_` take it as their first argument.

Catalogs are compiled ``.mo`` files: ``generator/locale`` in an installed pnp (``setup.py``
compiles them when the wheel is built), ``locale/`` in a source checkout, where a ``.mo``
missing or older than its ``.po`` is compiled from the ``.po`` (so a checkout never speaks an
out-of-date catalog): in memory for pnp's own domains, into the user's cache folder for the
``vendor`` domain, read by click and Typer through the global gettext (:func:`vendor_folder`).
Numbers are formatted by Babel (:func:`number`).
"""

from __future__ import annotations

import gettext
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Literal

from generator.core.typography import french_spacing

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")
MATERIAL_DEFAULT: Language = "fr"  # the games are French: their material is, unless asked

CLI_DOMAIN = "pnp"
MATERIAL_DOMAIN = "material"
VENDOR_DOMAIN = "vendor"  # click's and Typer's own words ("Usage", "Options", "Missing option")
SOURCE_LANGUAGE: Mapping[str, Language] = {
    CLI_DOMAIN: "en",
    MATERIAL_DOMAIN: "fr",
    VENDOR_DOMAIN: "en",
}
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence: the first one set
_NAMES: Mapping[str, Language] = {
    "fr": "fr",
    "french": "fr",
    "francais": "fr",
    "français": "fr",
    "en": "en",
    "english": "en",
    "anglais": "en",
}

_cli_language: ContextVar[Language | None] = ContextVar("pnp_cli_language", default=None)


class LanguageError(ValueError):
    """A language pnp does not speak (the CLI turns it into a one-line error)."""


def parse_language(text: str) -> Language:
    """``fr``, ``en`` (or ``fr_FR.UTF-8``, ``English``, ``français``) as a :data:`Language`."""
    key = text.strip().lower().replace("-", "_").split(".")[0]
    language = _NAMES.get(key) or _NAMES.get(key.split("_")[0])
    if language is None:
        raise LanguageError(text)
    return language


def locale_language(environ: Mapping[str, str]) -> Language:
    """The language of the locale in ``environ``: French when it starts with ``fr``."""
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def environment_language(environ: Mapping[str, str] | None = None) -> Language:
    """The CLI's language when ``--lang`` is not given: ``PNP_LANG``, else the locale.

    A ``PNP_LANG`` pnp does not speak raises :class:`LanguageError`."""
    environ = os.environ if environ is None else environ
    chosen = environ.get("PNP_LANG", "").strip()
    if chosen:
        return parse_language(chosen)
    return locale_language(environ)


def cli_language() -> Language:
    """The language the command line speaks now (see the module's docstring)."""
    language = _cli_language.get()
    if language is not None:
        return language
    try:
        return environment_language()
    except LanguageError:
        return locale_language(os.environ)


@contextmanager
def speaking(language: Language) -> Iterator[None]:
    """The command line speaks ``language`` inside the block (the CLI's entry, tests)."""
    token = _cli_language.set(language)
    try:
        yield
    finally:
        _cli_language.reset(token)


def set_cli_language(language: Language) -> None:
    """The command line speaks ``language`` from now on, in this context: the CLI's entry point
    calls it once, before any command is built (click's and Typer's words follow too)."""
    _cli_language.set(language)
    os.environ["LANGUAGE"] = language  # click and Typer ask the global gettext, which reads it
    gettext.bindtextdomain(VENDOR_DOMAIN, str(vendor_folder(language)))
    gettext.textdomain(VENDOR_DOMAIN)


@contextmanager
def cli_session(language: Language) -> Iterator[None]:
    """:func:`set_cli_language` for one run of the CLI, undone after it (a test that runs the
    CLI in its own process leaves no language behind for the next)."""
    token = _cli_language.set(None)
    saved = os.environ.get("LANGUAGE")
    domain = gettext.textdomain()
    try:
        set_cli_language(language)
        yield
    finally:
        _cli_language.reset(token)
        if saved is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = saved
        gettext.textdomain(domain)


# --- catalogs ----------------------------------------------------------------------------


def locale_folder() -> Path:
    """The compiled catalogs: ``generator/locale`` installed, ``locale/`` in a checkout."""
    from generator.core.resources import package_folder

    return package_folder("locale")


class _Source(gettext.NullTranslations):
    """A domain in its own source language: every message is its own translation, and plurals
    follow that language's rule (French says "0 carte", English "0 cards")."""

    def __init__(self, language: Language) -> None:
        super().__init__()
        self._language = language

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if plural_index(self._language, n) == 0 else msgid2


def plural_index(language: Language, n: int) -> int:
    """CLDR's plural rule for whole numbers: French 0 and 1 are singular, English only 1."""
    if language == "fr":
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


def _catalog_files(domain: str, language: Language) -> tuple[Path, Path]:
    """The compiled ``.mo`` of ``domain`` in ``language`` and its ``.po`` (either may be
    missing: an installed pnp has no ``.po``, a fresh checkout no ``.mo``)."""
    folder = locale_folder() / language / "LC_MESSAGES"
    return folder / f"{domain}.mo", folder / f"{domain}.po"


def _outdated(compiled: Path, source: Path) -> bool:
    """A ``.po`` whose ``.mo`` is missing or older: the ``.po`` is the catalog to read."""
    return source.is_file() and (
        not compiled.is_file() or compiled.stat().st_mtime < source.stat().st_mtime
    )


@cache
def catalog(domain: str, language: Language) -> gettext.NullTranslations:
    """The translations of ``domain`` into ``language`` (compiled once per process)."""
    from io import BytesIO

    if SOURCE_LANGUAGE.get(domain) == language:
        return _Source(language)
    compiled, source = _catalog_files(domain, language)
    if _outdated(compiled, source):
        return gettext.GNUTranslations(BytesIO(_compile(source.read_bytes())))
    if compiled.is_file():
        with compiled.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    return _Source(SOURCE_LANGUAGE.get(domain, "en"))  # no catalog: the source words


def catalog_stamp(domain: str, language: Language) -> str:
    """What identifies the catalog :func:`catalog` reads (its files' sizes and times): a cache
    of text translated with it is stale once this changes."""
    folder = locale_folder() / language / "LC_MESSAGES"
    stamps = []
    for path in (folder / f"{domain}.mo", folder / f"{domain}.po"):
        try:
            st = path.stat()
        except OSError:
            stamps.append(f"{path.name}:-")
            continue
        stamps.append(f"{path.name}:{st.st_size}:{st.st_mtime_ns}")
    return f"{domain}/{language}/" + "/".join(stamps)


def vendor_folder(language: Language) -> Path:
    """The folder to bind the ``vendor`` domain to, for click's and Typer's words: they ask the
    global gettext, which reads only ``.mo`` files. :func:`locale_folder`, unless its ``.mo``
    is missing or older than its ``.po`` (a checkout not compiled since it changed): then the
    ``.po`` compiled into the user's cache folder, under the hash of its bytes (written once,
    never stale). A cache that cannot be written leaves click's words in English."""
    from hashlib import sha256

    from generator.core.atomic import write_bytes
    from generator.core.errors import UserError
    from generator.core.folders import cache_dir

    compiled, source = _catalog_files(VENDOR_DOMAIN, language)
    if not _outdated(compiled, source):
        return locale_folder()
    text = source.read_bytes()
    folder = cache_dir() / "catalogs" / sha256(text).hexdigest()[:16]
    target = folder / compiled.relative_to(locale_folder())
    if not target.is_file():
        try:
            write_bytes(target, _compile(text))
        except (OSError, UserError):
            return locale_folder()
    return folder


def _compile(po: bytes) -> bytes:
    """A ``.po`` file's bytes compiled into a ``.mo`` file's (fuzzy entries left out)."""
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    buffer = BytesIO()
    write_mo(buffer, read_po(BytesIO(po)))
    return buffer.getvalue()


# --- the command line's words --------------------------------------------------------------


def _(message: str) -> str:
    """``message`` (English) in the command line's language."""
    return catalog(CLI_DOMAIN, cli_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in the command line's language."""
    return catalog(CLI_DOMAIN, cli_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (help texts: the CLI
    translates them when it builds the command, in the language of that run)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message (both forms) for the catalog without translating it now: the
    sentences of :mod:`generator.core.refusal`, chosen by a number when they are said."""
    return singular, plural


def translate_cli(message: str) -> str:
    """A message marked with :func:`N_`, translated now (the CLI's command builder)."""
    return _(message)


def either(names: Sequence[str]) -> str:
    """ "Lyon or Paris", "Ana, Ben or Chloé" ("Lyon ou Paris") in the command line's language."""
    if len(names) < 2:
        return "".join(names)
    return _("{others} or {last}").format(others=", ".join(names[:-1]), last=names[-1])


def listed(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Chloé" ("Ana, Ben et Chloé")."""
    if len(names) < 2:
        return "".join(names)
    return _("{others} and {last}").format(others=", ".join(names[:-1]), last=names[-1])


# --- the printed material's words -----------------------------------------------------------


def P_(language: Language, message: str) -> str:
    """Printed ``message`` (French) in ``language``, set as that language is printed: in French
    with a narrow no-break space before ``; : ! ?`` and inside « »
    (:func:`~generator.core.typography.french_spacing`)."""
    return _set(language, catalog(MATERIAL_DOMAIN, language).gettext(message))


def M_(message: str) -> str:
    """Mark printed ``message`` (French) for the catalog without translating it: a name kept
    in the rules (a square's name in ``games/``), translated where it is printed, with
    ``P_(language, name)``."""
    return message


def PN_(language: Language, singular: str, plural: str, n: int) -> str:
    """The printed form of ``singular``/``plural`` (French) for ``n``, in ``language`` (set
    as :func:`P_` sets it)."""
    return _set(language, catalog(MATERIAL_DOMAIN, language).ngettext(singular, plural, n))


def _set(language: Language, text: str) -> str:
    """A printed text of the catalog, with the spacing of ``language``'s typography: French
    spacing at the source of every French string the material prints, so no renderer has to
    remember it (English, which has none, is left as translated)."""
    return french_spacing(text) if language == "fr" else text


# --- numbers ----------------------------------------------------------------------------


#: How each language groups the digits of whole numbers (CLDR's group symbol, as Babel gives
#: it: a narrow no-break space in French, a comma in English); checked against Babel by the tests.
GROUP_SYMBOLS: dict[str, str] = {"fr": "\u202f", "en": ","}
# From this magnitude on a number is written in scientific notation (``1E26``): no count or
# measure pnp prints comes near it, and a hostile one (a 5,000-digit --seed) stays one short line.
SCIENTIFIC_FROM = 10**21


def number(
    value: int | float, language: Language | None = None, decimals: int | None = None
) -> str:
    """``value`` written for ``language`` (the CLI's by default): ``8 787`` (narrow no-break
    space) in French, ``8,787`` in English; ``decimals`` fixes the digits after the point
    (``3,5`` / ``3.5``). Whole numbers are grouped with the language's symbol directly (a deck
    prints hundreds, and Babel's import is a tenth of its start); the rest goes to Babel.

    Never raises, whatever the int or float: infinities and NaN are ``∞``, ``-∞``, ``NaN``;
    from :data:`SCIENTIFIC_FROM` on, ``1E26`` (Babel's scientific notation)."""
    language = cli_language() if language is None else language
    whole = isinstance(value, int) and decimals is None
    if whole and language in GROUP_SYMBOLS and abs(value) < SCIENTIFIC_FROM:
        return f"{value:,}".replace(",", GROUP_SYMBOLS[language])
    import decimal

    from babel.numbers import format_decimal, format_scientific

    if isinstance(value, float) and not math.isfinite(value):
        return format_decimal(value, locale=language)  # no digits to round
    with decimal.localcontext() as context:
        context.prec = 32 + (decimals or 0)  # the digits below SCIENTIFIC_FROM and after the point
        if abs(value) >= SCIENTIFIC_FROM:
            # four significant digits (Babel would write 9.9999E28 as 10E28), from an int of any
            # length too (str() stops at 4,300 digits)
            shown = decimal.Context(prec=4).create_decimal(value)
            return format_scientific(shown, format="0.###E0", locale=language)
        if decimals is None:
            return format_decimal(value, locale=language)
        pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
        return format_decimal(value, format=pattern, locale=language)


def percent(value: float, language: Language | None = None, decimals: int = 1) -> str:
    """A share (0.25) as a percentage: ``25,0 %`` in French, ``25.0%`` in English (a share that
    is not finite, or absurdly large, as :func:`number` writes it, with the sign)."""
    from babel import Locale
    from babel.numbers import format_percent

    language = cli_language() if language is None else language
    pattern: str = Locale.parse(language).percent_formats[None].pattern  # "#,##0 %" in French
    if isinstance(value, float) and not math.isfinite(value):
        return pattern.replace("#,##0", number(value, language))
    if abs(value) * 100 >= SCIENTIFIC_FROM:  # a float this large is a whole number
        return pattern.replace("#,##0", number(int(value) * 100, language))
    if decimals:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * decimals)
    return format_percent(value, format=pattern, locale=language)
