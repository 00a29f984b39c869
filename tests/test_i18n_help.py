"""The help of every command has a French translation: the test that catches a forgotten mark.

The whole application is built (every command module, as ``pnp --help`` and completion see it),
then every command and every parameter is walked: each help text, short help, epilog and help
panel must be a message of the pnp catalog with a French translation. A help text left as a
docstring, or written without ``N_()``, is not in the catalog and fails here, with its command.

Typer also prints a few English words that no catalog of its own translates; they are copied in
:mod:`generator.cli.vendor_words`, and checked here against Typer's source, so that an upgrade
that changes them fails here rather than printing English to French users.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import pytest
import typer.main

from generator.cli import commands, vendor_words
from generator.cli.main import build_app
from generator.core.i18n import speaking

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import i18n  # noqa: E402  (scripts/i18n.py)

#: Top-level commands whose modules are being translated on other branches of issue #19: each
#: xfails strictly, so the entry must go when its branch is merged (its help then passes).
PENDING: set[str] = set()


@pytest.fixture(scope="module")
def french():
    """The French translations of the pnp catalog, by message."""
    catalog = i18n.read(i18n.LOCALE / "fr" / "LC_MESSAGES" / "pnp.po", "fr")
    return {
        message.id: message.string
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


@pytest.fixture(scope="module")
def app():
    with speaking("en"):  # the messages themselves, whatever the locale of the test run
        return typer.main.get_command(build_app())


def _texts(command, path: str):
    """(where, text) for every help text of ``command`` and of everything under it."""
    for name in ("help", "short_help", "epilog", "rich_help_panel"):
        text = getattr(command, name, None)
        if isinstance(text, str) and text:
            yield f"{path} ({name})", text
    for param in command.params:
        for name in ("help", "rich_help_panel"):
            text = getattr(param, name, None)
            if isinstance(text, str) and text:
                yield f"{path} {'/'.join(param.opts) or param.name} ({name})", text
    for sub_name, sub in getattr(command, "commands", {}).items():
        yield from _texts(sub, f"{path} {sub_name}")


def _untranslated(app, french, name: str) -> list[str]:
    command = app.commands[name]
    return [
        f"{where}: {text[:70]!r}"
        for where, text in _texts(command, f"pnp {name}")
        if text not in french
    ]


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason="its branch translates it"))
        if name in PENDING
        else name
        for name in commands.COMMANDS
    ],
)
def test_every_help_text_of_the_command_has_a_french_translation(app, french, name):
    assert _untranslated(app, french, name) == []


def test_the_root_s_help_texts_have_a_french_translation(app, french):
    """The root's own help and options (--lang, --version, Typer's completion options)."""
    texts = [app.help, *(param.help for param in app.params)]
    assert len(texts) >= 5 and [text for text in texts if text not in french] == []


def test_the_summaries_of_the_root_s_help_have_a_french_translation(french):
    assert [s for s in commands.SUMMARIES.values() if s not in french] == []


def test_the_walk_sees_a_help_text_nobody_marked(app, french):
    """The check can fail: a help text invented now is not in the catalog."""
    scratch = typer.Typer()

    @scratch.command()
    def sample(count: int = typer.Option(1, help="A help text nobody marked.")) -> None:
        """Nor this docstring."""

    built = typer.main.get_command(scratch)
    assert [text for _where, text in _texts(built, "pnp") if text not in french] == [
        "Nor this docstring.",
        "A help text nobody marked.",
    ]


# --- Typer's own English, copied in generator.cli.vendor_words ------------------------------


def test_the_copied_words_are_still_typer_s():
    import typer.completion
    from typer._click import decorators, formatting

    completion = inspect.getsource(typer.completion)
    for text in vendor_words.COMPLETION_HELP:
        assert f'"{text}"' in completion
    assert f'help="{vendor_words.HELP_OPTION}"' in inspect.getsource(decorators)
    assert f'prefix = "{vendor_words.USAGE}"' in inspect.getsource(formatting)
    assert f'options_metavar: str | None = "{vendor_words.OPTIONS_METAVAR}"' in inspect.getsource(
        typer.core
    )
    assert f'subcommand_metavar = "{vendor_words.SUBCOMMAND_METAVAR}"' in inspect.getsource(
        typer.core
    )


def test_the_type_names_are_typer_s():
    """Every type name Typer's click gives (as metavar) is one vendor_words translates."""
    from typer._click import types

    names = {
        kind.name
        for kind in vars(types).values()
        if isinstance(kind, type) and isinstance(getattr(kind, "name", None), str)
    }
    names.discard("")  # the base class
    assert {"str", "int", "float", "boolean"} <= names
    assert names - {"choice", "tuple"} <= set(vendor_words.TYPE_NAMES)


def test_the_copied_words_have_french_translations(french):
    words = [
        *vendor_words.COMPLETION_HELP,
        vendor_words.HELP_OPTION,
        vendor_words.USAGE_PREFIX,
        vendor_words.OPTIONS_METAVAR,
        vendor_words.SUBCOMMAND_METAVAR,
        *vendor_words.TYPE_NAMES.values(),
    ]
    assert [word for word in words if word not in french] == []
