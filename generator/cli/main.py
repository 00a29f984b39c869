"""The ``pnp`` command: one Typer sub-application per game or area.

The command modules are listed in :mod:`generator.cli.commands` and loaded lazily by
:class:`generator.cli.lazy.LazyGroup`: a command imports its own module only. Errors:
:class:`generator.core.errors.UserError`, a refusal of the rules
(:class:`generator.core.refusal.Refusal`, in the command line's words:
:mod:`generator.cli.refusals`) and usage errors are printed as one line on stderr and exit with
code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys
from functools import lru_cache
from typing import Annotated, Any

import typer
import typer.main

from generator import __version__
from generator.core.errors import UserError
from generator.core.i18n import (
    N_,
    Language,
    LanguageError,
    _,
    environment_language,
    parse_language,
    translate_cli,
)
from generator.core.refusal import Refusal

HELP = N_("Print-and-play material and table referees for five French games.")
LANG_HELP = N_(
    "The language pnp speaks: fr or en (default: PNP_LANG, else the locale: French when "
    "LC_ALL, LC_MESSAGES or LANG starts with fr). The printed material has its own --lang."
)
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}  # inherited by every subcommand


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help=N_("Print the version and exit.")
        ),
    ] = False,
    lang: Annotated[
        str | None, typer.Option("--lang", metavar="fr|en", help=LANG_HELP)
    ] = None,  # read before the command line is parsed (_language), so that help speaks it too
) -> None:
    pass


def _typer(**settings: Any) -> typer.Typer:
    app = typer.Typer(
        name="pnp",
        help=translate_cli(HELP),
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        context_settings=CONTEXT_SETTINGS,
        **settings,
    )
    app.callback()(_root)
    return app


def build_app() -> typer.Typer:
    """A new ``pnp`` application with every command module registered (not lazy)."""
    from generator.cli import commands

    app = _typer()
    commands.register_all(app)
    return app


@lru_cache(maxsize=2)
def _command(language: Language) -> Any:
    """The click group behind ``pnp`` in ``language``, built once per process and language; its
    commands are built on use."""
    from generator.cli.lazy import LazyGroup, translate_help

    return translate_help(typer.main.get_command(_typer(cls=LazyGroup)))


def _language(args: list[str]) -> Language:
    """The language of this run: the root's ``--lang`` (before the command's name), else
    ``PNP_LANG``, else the locale. A language pnp does not speak is a one-line error."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return _parse_or_fail(args[index + 1], "--lang")
        if arg.startswith("--lang="):
            return _parse_or_fail(arg.partition("=")[2], "--lang")
        if not arg.startswith("-"):
            break  # the command's name: its own options are not the root's
    try:
        return environment_language()
    except LanguageError as exc:
        _fail_in_locale_language(
            N_("PNP_LANG={value}: pnp speaks fr or en; set PNP_LANG=fr or PNP_LANG=en"),
            value=str(exc),
        )
        raise  # not reached


def _parse_or_fail(text: str, option: str) -> Language:
    try:
        return parse_language(text)
    except LanguageError:
        _fail_in_locale_language(
            N_("{option} {value}: pnp speaks fr or en; use {option} fr or {option} en"),
            option=option,
            value=text,
        )
        raise  # not reached


def _fail_in_locale_language(message: str, **fields: str) -> None:
    # The language asked for is not one pnp speaks: say so in the locale's (LC_ALL, LANG...).
    from generator.core.i18n import locale_language, speaking, translate_cli

    with speaking(locale_language(os.environ)):
        _fail(translate_cli(message).format(**fields))


def _fail(message: str) -> None:
    from generator.core.text import one_line  # the message may quote what was typed

    typer.echo(_("pnp: error: {message}").format(message=one_line(message)), err=True)
    sys.exit(UserError.exit_code)


_TYPER_SUGGESTION = ". Did you mean "  # typer.core appends it in English (vendor_words)


def _translate_suggestion(exc: Exception) -> None:
    """Typer's English "Did you mean 'x'?" after an unknown subcommand, in the CLI's language."""
    message = getattr(exc, "message", None)
    if isinstance(message, str) and _TYPER_SUGGESTION in message and message.endswith("?"):
        problem, _sep, suggestions = message.partition(_TYPER_SUGGESTION)
        sentence = _("{problem}. Did you mean {suggestions}?")
        setattr(exc, "message", sentence.format(problem=problem, suggestions=suggestions[:-1]))  # noqa: B010


# A command is one short process that keeps most of what it makes until it writes its files.
# Python's default thresholds (a collection every 700 allocations) spend a tenth of a deck's CPU
# walking objects that are all still alive, and a collection that meets France's columns while
# they are young walks 35,000 elements each: at 20,000 a deck still made four collections, 40
# ms. At 200,000 (mypy's figure) it makes none; a command that leaves cycles behind is collected
# all the same, later.
GC_THRESHOLDS = (200_000, 20, 20)
#: Python's own, for a command that lives long (``pnp serve``): it collects at Python's pace
PYTHON_GC_THRESHOLDS = gc.get_threshold()


def main() -> None:
    """The ``pnp`` program: the console script and ``python -m generator``.

    :func:`run` in a process of its own, which ends as soon as the command is done. Python's
    own teardown would then free, one by one, every object the command made (France's columns,
    the fonts, the PDF's pieces): 20 ms of a deck's 400, for memory the system takes back
    whole. So once the command has returned (or exited with a code), its output flushed, the
    process leaves with ``os._exit``, as mypy does. No file is left to a finalizer: pnp writes
    its files whole and closes them (core/atomic.py) before a command returns. A process with
    other threads or worker processes still about (``pnp serve``, ``pnp kit --jobs``) ends
    the usual way, which waits for them; and in that way everything still alive is frozen
    first (``gc.freeze``), since the collection Python makes while shutting down would walk
    all of it again (another 40 ms)."""
    gc.set_threshold(*GC_THRESHOLDS)
    atexit.register(gc.freeze)  # the last step before Python's own teardown, when there is one
    try:
        run()
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            _end_process(exc.code or 0)
        raise  # a message to print (sys.exit("...")): Python prints it
    _end_process(0)


def _end_process(code: int) -> None:
    """Leave now with ``code``, the standard streams flushed, unless another thread or a pool
    of worker processes is still to be waited for (then return: Python's own exit does it)."""
    import threading

    if threading.active_count() > 1 or "multiprocessing" in sys.modules:
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # broken: guarded_output has said so
            stream.flush()
    os._exit(code)


def run(argv: list[str] | None = None) -> None:
    """Run the command line ``argv`` (default: the process's own arguments) in this process;
    :func:`main` is the program around it."""
    from generator.cli.streams import guarded_output  # stdout closed or full: like a broken pipe

    with guarded_output():
        _run(argv)


def _run(argv: list[str] | None) -> None:
    from generator.core.i18n import cli_session

    language = _language(sys.argv[1:] if argv is None else argv)
    with cli_session(language):
        _run_in(language, argv)


def _run_in(language: Language, argv: list[str] | None) -> None:
    command = _command(language)
    try:
        result = command.main(args=argv, prog_name="pnp", standalone_mode=False)
    except UserError as exc:
        _fail(str(exc))
    except Refusal as exc:
        from generator.cli.refusals import sentence

        _fail(sentence(exc))
    except typer.TyperException as exc:
        # Typer's usage errors (exit code 2) carry the context of the command they concern.
        context = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":
            # `pnp GROUP` alone: Typer has printed the group's help; that is not an error (Typer's
            # own error display tells this one apart by its name too).
            sys.exit(0)
        from generator.cli.vendor_words import usage_error_message

        _translate_suggestion(exc)
        message = usage_error_message(exc)  # Typer writes these in English: in the CLI's language
        if getattr(exc, "exit_code", 1) == UserError.exit_code:
            path = context.command_path if context is not None else "pnp"
            _fail(
                _("{problem}; see '{command} --help'").format(
                    problem=message.rstrip("."), command=path
                )
            )
        _fail(message)
    except typer.Abort:
        typer.echo(_("aborted"), err=True)
        sys.exit(130)
    else:
        if isinstance(result, int):  # typer returns the code of an explicit typer.Exit
            sys.exit(result)
