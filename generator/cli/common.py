"""What every command module shares: the ``--force`` option, and printing data safely.

Everything printed that holds data or user input (a place name, a player, a path) goes through
:func:`say` (one line, control characters escaped) or a :func:`data_console` (rich with markup
and emoji codes off, so ``[/]`` or ``:fire:`` in a name prints as typed). See
:mod:`generator.core.text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from generator.core.i18n import N_, Language, _
from generator.core.text import one_line

if TYPE_CHECKING:
    from rich.console import Console

    from generator.products.contract import Written

FORCE_HELP = N_(
    "Replace files at the output names even when pnp did not make them "
    "(never folders, links or devices); see 'Files pnp writes' in the README."
)
Force = Annotated[bool, typer.Option("--force", help=FORCE_HELP)]


def say(text: object, err: bool = False) -> None:
    """Print one line of text that may quote data or user input."""
    typer.echo(one_line(text), err=err)


def say_written(written: Written[object]) -> None:
    """What a product's files became: a line per file (its kind's sentence, ``wrote PATH``),
    and one per folder of card-face images (how many)."""
    from generator.core.i18n import ngettext, number, translate_cli
    from generator.products.contract import FACE_PNG

    images: dict[object, int] = {}
    for built, path in zip(written.built.files, written.paths, strict=True):
        if built.kind is FACE_PNG:
            images[path.parent] = images.get(path.parent, 0) + 1
        else:
            say(translate_cli(built.kind.announce).format(path=path))
    for folder, count in images.items():
        say(
            ngettext(
                "wrote {count} PNG face in {folder}", "wrote {count} PNG faces in {folder}", count
            ).format(count=number(count), folder=folder)
        )


def data_console(stderr: bool = False, width: int | None = None) -> Console:
    """A rich console for data: no markup, no emoji codes, no highlighting of numbers."""
    from rich.console import Console

    return Console(stderr=stderr, width=width, markup=False, emoji=False, highlight=False)


def _material_language(value: str) -> str:
    from generator.core.i18n import LanguageError, parse_language

    try:
        return parse_language(value)
    except LanguageError:
        message = _("{value} is not a language of the material: use fr or en")
        raise typer.BadParameter(message.format(value=value)) from None


def optional_material_language(value: str | None) -> str | None:
    """The callback of a ``--lang`` whose default is another file's language (None)."""
    return None if value is None else _material_language(value)


MATERIAL_LANG_HELP = N_(
    "The language of the printed material: fr (the default, the games' own) or en. The place "
    "names stay as the data gives them (French or English exonyms abroad)."
)


def material_language(lang: str) -> Language:
    """The value of a :data:`MaterialLang` option as a :data:`Language` (its callback has
    already turned ``English`` or ``fr_FR`` into ``en`` or ``fr``)."""
    return "en" if lang == "en" else "fr"


MaterialLang = Annotated[
    str,
    typer.Option("--lang", metavar="fr|en", callback=_material_language, help=MATERIAL_LANG_HELP),
]
