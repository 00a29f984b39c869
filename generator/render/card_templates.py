"""The printed texts from Jinja2 templates (the Oucédonc cards, the Jeu de l'Oie rules panel),
rendered in a sandbox; card templates are cut into named sections.

A template is split by lines ``## name`` into sections. Sections named ``*_body`` (or ``body``)
are ReportLab paragraph markup; every other section is a plain line. Every ``{{ value }}`` is
XML-escaped on output (``finalize``), so a name holding "&" or "<" can never break the markup;
plain sections are unescaped back after rendering. A user folder (``--templates DIR``) is
searched before the packaged one, file by file.

Templates run under the limits of :mod:`generator.render.template_sandbox` (time, output size,
depth, regular files only), and markup sections may use only the tags :data:`ALLOWED_TAGS`
without attributes: ``<img src="/etc/passwd">`` or ``<font>`` in a user's template is refused,
since ReportLab would read the file or load the font.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup
from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _, number
from generator.core.resources import package_folder

TEMPLATE_ROOT = package_folder("templates")
# What one rendering of a card text (or the Oie rules panel) may print, in characters: a card
# holds about 1,000 at most, and every section is measured and fitted card by card, so a text
# a hundred times too long is refused at once rather than laid out on every card.
MAX_TEXT_OUTPUT = 64 * 1024

_SECTION = re.compile(r"^## ([a-z_]+)[ \t]*$", re.MULTILINE)
# A tag, or a "<" left open before the next one; never past the next "<" (so the scan is linear:
# a million "<" in a row is read once, not a million times).
_TAG = re.compile(r"<[^<>]*>?")
ALLOWED_TAGS = ("b", "i", "u", "strike", "super", "sub", "br")
_QUOTES = {"&#39;": "'", "&#34;": '"'}  # markupsafe's escapes of the quotes
# The whitespace a plain line collapses: never a no-break space (French spacing's U+202F).
_SPACES = re.compile(r"[ \t\r\n]+")
_ALLOWED_TAG = re.compile(r"^<(/?(?:b|i|u|strike|super|sub)|br\s*/?)>$")


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (what ``xml.sax.saxutils.escape`` does; that
    module imports urllib.request, http and email, a tenth of a deck's start)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def unescape(text: str, entities: Mapping[str, str] | None = None) -> str:
    """The inverse of :func:`escape`, plus ``entities`` (as ``xml.sax.saxutils.unescape``)."""
    text = text.replace("&lt;", "<").replace("&gt;", ">")
    for entity, character in (entities or {}).items():
        text = text.replace(entity, character)
    return text.replace("&amp;", "&")


def _finalize(value: Any) -> str:
    if isinstance(value, Markup):  # a translated text of ours (its values already escaped)
        return str(value)
    return "" if value is None else escape(str(value))


class Sections(Struct, frozen=True):
    """The rendered sections of one template."""

    template: str
    parts: Mapping[str, str]

    def line(self, name: str) -> str:
        """A plain-text section, on one line (whitespace collapsed). The values a
        ``{% trans %}`` block holds come escaped by markupsafe, quotes too ("Côte-d'Or")."""
        return " ".join(_SPACES.split(unescape(self._get(name), _QUOTES))).strip()

    def markup(self, name: str) -> str:
        """A markup section, stripped of surrounding blank lines; only :data:`ALLOWED_TAGS`."""
        text = self._get(name).strip()
        for tag in _TAG.findall(text):
            if not _ALLOWED_TAG.match(tag):
                shown = " ".join(tag.split())[:40]
                raise UserError(
                    _(
                        "template {template}, section {name}: the tag {shown} is not allowed; card "
                        "texts "
                        "may use only {names}"
                    ).format(
                        template=self.template,
                        name=name,
                        shown=shown,
                        names=", ".join(f"<{t}>" for t in ALLOWED_TAGS),
                    )
                )
        return text

    def _get(self, name: str) -> str:
        try:
            return self.parts[name]
        except KeyError:
            raise UserError(
                _(
                    "template {template} has no section '## {name}'; add it (see "
                    "templates/oucedonc/README.md)"
                ).format(template=self.template, name=name)
            ) from None


def markup_paragraphs(markup: str) -> list[str]:
    """Markup split at blank lines into paragraphs."""
    return [part.strip() for part in re.split(r"\n[ \t]*\n", markup) if part.strip()]


def markup_plain_text(markup: str) -> str:
    """What a markup section prints, for glyph checks: tags removed, entities decoded."""
    return unescape(_TAG.sub("", markup), {"&quot;": '"', "&apos;": "'", **_QUOTES})


def load_templates(
    game: str, override: Path | None = None, language: Language = MATERIAL_DEFAULT
) -> TemplateSet:
    """The templates of ``game`` (``templates/<game>/``), files in ``override`` taking
    precedence, speaking ``language`` (their ``{% trans %}`` blocks; ``thousands`` groups
    digits as the language does). The shipped templates alone are compiled once per process
    and language (a long-running process, the studio's workers, renders many decks)."""
    if override is None:
        return _shipped_templates(game, language)
    return _templates(game, override, language)


@lru_cache(maxsize=16)
def _shipped_templates(game: str, language: Language) -> TemplateSet:
    return _templates(game, None, language)


def _templates(game: str, override: Path | None, language: Language) -> TemplateSet:
    from jinja2 import ChoiceLoader

    from generator.render.template_sandbox import RegularFileLoader, sandboxed_environment

    if override is not None and not override.is_dir():
        problem = "is a file, not a folder" if override.exists() else "does not exist"
        raise UserError(
            _("template folder {override} {problem}; give a folder of .j2 files").format(
                override=override, problem=problem
            )
        )
    folders = [override] if override is not None else []
    folders.append(TEMPLATE_ROOT / game)
    environment = sandboxed_environment(
        ChoiceLoader([RegularFileLoader(str(folder)) for folder in folders]),
        autoescape=False,
        finalize=_finalize,
        max_output=MAX_TEXT_OUTPUT,
        language=language,
    )
    environment.auto_reload = False  # a deck is made in one go: no file stat at every card
    environment.filters["thousands"] = lambda value: number(int(value), language)
    return TemplateSet(game, environment)


class TemplateSet(Struct, frozen=True):
    """A game's templates, ready to render."""

    game: str
    environment: Any  # jinja2.sandbox.SandboxedEnvironment (imported lazily)

    def render(self, name: str, context: Mapping[str, Any]) -> Sections:
        """Render template ``name`` with ``context`` and cut it into sections."""
        return Sections(name, split_sections(self.render_text(name, context)))

    def render_text(self, name: str, context: Mapping[str, Any]) -> str:
        """Render template ``name`` with ``context``, whole (a template without sections), under
        the limits of :mod:`generator.render.template_sandbox`."""
        from generator.render.template_sandbox import render_limited

        where = f"templates/{self.game}/ or your --templates folder"
        return render_limited(self.environment, name, context, where)


def split_sections(text: str) -> dict[str, str]:
    """``## name`` headers to a name -> text mapping (text before the first header is ignored)."""
    parts: dict[str, str] = {}
    matches = list(_SECTION.finditer(text))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        parts[match.group(1)] = text[match.end() : end].strip("\n")
    return parts
