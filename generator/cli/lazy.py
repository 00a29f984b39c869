"""The root ``pnp`` group, lazy: a command's module is imported only when that command runs.

Typer turns every registered function into a click command up front (reading each signature and
building each parameter), and the command modules import their game's rules at module level: for
~170 parameters that was most of the start-up of a table command. The root group here knows the
top-level names from :data:`generator.cli.commands.COMMANDS` and builds one only when it is
asked for it: ``pnp otcho roll a X`` imports ``generator.cli.otcho`` and builds ``otcho roll``
alone. Below the top level, only the commands on the path typed are built (``pnp oucedonc game
place ...`` does not build ``oucedonc deck`` and its 20 options); ``--help``, a mistyped name
and shell completion see the whole group, as before.
"""

from __future__ import annotations

import copy
from difflib import get_close_matches
from typing import Any

import typer
import typer.core
import typer.main
from typer.models import CommandInfo, TyperInfo

from generator.cli import commands
from generator.cli.number_bounds import bound_numbers
from generator.core.i18n import _, translate_cli


def translate_help(command: Any) -> Any:
    """``command`` and everything under it with its help texts (and its parameters' metavars:
    FILE, CARD) in the CLI's language.

    Help texts are written in English and only marked (:func:`generator.core.i18n.N_`) where
    they are declared, at import; they are translated here, when the command is built for a
    run, so that a module imported once serves both languages."""
    for name in ("help", "short_help", "epilog", "rich_help_panel"):
        text = getattr(command, name, None)
        if isinstance(text, str) and text:
            setattr(command, name, translate_cli(text))
    _translate_help_option_and_usage(command)
    for param in getattr(command, "params", ()):
        for name in ("help", "rich_help_panel", "metavar"):
            text = getattr(param, name, None)
            if isinstance(text, str) and text:
                setattr(param, name, translate_cli(text))
        _translate_type_name(param)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)
    return command


def _translate_help_option_and_usage(command: Any) -> None:
    """The ``--help`` option's help and the "Usage: " of ``command`` in the CLI's language: Typer
    writes both in English (:mod:`generator.cli.vendor_words`), the option when it is first asked
    for, the prefix each time the usage line is written."""
    from generator.cli import vendor_words

    if not hasattr(command, "get_help_option") or "get_help_option" in vars(command):
        return
    help_option, usage = command.get_help_option, command.format_usage

    def get_help_option(ctx: Any) -> Any:
        option = help_option(ctx)
        if option is not None and option.help == vendor_words.HELP_OPTION:
            option.help = translate_cli(vendor_words.HELP_OPTION)
        return option

    def format_usage(ctx: Any, formatter: Any) -> None:
        prefix = translate_cli(vendor_words.USAGE_PREFIX)
        if prefix == vendor_words.USAGE:
            usage(ctx, formatter)
            return
        pieces = command.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=prefix)

    command.get_help_option = get_help_option
    command.format_usage = format_usage
    for name in ("options_metavar", "subcommand_metavar"):
        if getattr(command, name, None) in (
            vendor_words.OPTIONS_METAVAR,
            vendor_words.SUBCOMMAND_METAVAR,
        ):
            setattr(command, name, translate_cli(getattr(command, name)))


def _translate_type_name(param: Any) -> None:
    """The name of a parameter's type (its metavar, ``<text>``) in the CLI's language: click
    writes it in English and asks no catalog (:mod:`generator.cli.vendor_words`)."""
    from generator.cli.vendor_words import TYPE_NAMES

    kind = getattr(param, "type", None)
    name = getattr(kind, "name", None)
    if kind is not None and isinstance(name, str) and name in TYPE_NAMES:
        translated = translate_cli(TYPE_NAMES[name])
        if translated != name:
            renamed = copy.copy(kind)  # click's types are shared module-level instances
            renamed.name = translated
            param.type = renamed


def _command_name(info: CommandInfo) -> str | None:
    if info.name:
        return info.name
    callback = info.callback
    return typer.main.get_command_name(callback.__name__) if callback else None


def _group_name(info: TyperInfo) -> str | None:
    if isinstance(info.name, str):
        return info.name
    instance = info.typer_instance
    if instance is not None and isinstance(instance.info.name, str):
        return instance.info.name
    return None


def _prune(app: typer.Typer, path: list[str]) -> typer.Typer:
    """A copy of ``app`` holding only the command or group named ``path[0]``, itself pruned to
    ``path[1:]``; ``app`` itself when ``path`` does not name one of its children (an option, a
    mistyped name, nothing: then the whole group is needed, for its help or its error)."""
    if not path:
        return app
    name, rest = path[0], path[1:]
    for command in app.registered_commands:
        if _command_name(command) == name:
            pruned = copy.copy(app)
            pruned.registered_commands = [command]
            pruned.registered_groups = []
            return pruned
    for group in app.registered_groups:
        if _group_name(group) == name and group.typer_instance is not None:
            sub = copy.copy(group)
            sub.typer_instance = _prune(group.typer_instance, rest)
            pruned = copy.copy(app)
            pruned.registered_commands = []
            pruned.registered_groups = [sub]
            return pruned
    return app


def _without_subcommands(app: typer.Typer) -> typer.Typer:
    """A copy of ``app`` whose groups are empty: enough to list its commands with their help."""
    shallow = copy.copy(app)
    shallow.registered_groups = []
    for group in app.registered_groups:
        empty = copy.copy(group)
        if group.typer_instance is not None:
            empty.typer_instance = copy.copy(group.typer_instance)
            empty.typer_instance.registered_commands = []
            empty.typer_instance.registered_groups = []
        shallow.registered_groups.append(empty)
    return shallow


def build_command(name: str, path: list[str] | None = None, listing: bool = False) -> Any:
    """The click command of the top-level command ``name`` (None if there is none), built from its
    modules; with ``path`` (the words typed after ``name``), only the commands on that path; with
    ``listing``, a group without its subcommands (what ``pnp --help`` shows of it)."""
    if name not in commands.COMMANDS:
        return None
    scratch = typer.Typer(rich_markup_mode="rich", pretty_exceptions_enable=False)
    commands.register_commands(scratch, [name])
    if listing:
        tree = _without_subcommands(scratch)
    elif path is not None:
        tree = _prune(scratch, [name, *path])
    else:
        tree = scratch
    built = typer.main.get_group(tree).commands.get(name)
    if built is None:
        modules = ", ".join(commands.modules([name]))
        raise RuntimeError(f"{modules} registered no command {name!r}; fix COMMANDS in commands.py")
    return bound_numbers(translate_help(built))  # before it parses anything


class LazyGroup(typer.core.TyperGroup):
    """The root group: commands built on first use (see the module's docstring)."""

    _listing = False  # True while its help is written: the groups are listed, not their commands

    def list_commands(self, ctx: Any) -> list[str]:
        return list(commands.COMMANDS)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if self._listing and cmd_name not in self.commands:
            # The root's help lists a name and a line: neither the module nor its group is needed.
            summary = commands.SUMMARIES.get(cmd_name)
            if summary is not None:
                return typer.core.TyperCommand(name=cmd_name, help=translate_cli(summary))
            return build_command(cmd_name, listing=True)
        if cmd_name not in self.commands:
            built = build_command(cmd_name)
            if built is None:
                return None
            self.commands[cmd_name] = built
        return self.commands[cmd_name]

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        # Invoking: build only the path typed. Completion and help go through get_command.
        name = args[0] if args else ""
        if name in commands.COMMANDS and name not in self.commands and not ctx.resilient_parsing:
            built = build_command(name, _words(args[1:]))
            return name, built, args[1:]
        try:
            return super().resolve_command(ctx, args)
        except typer.TyperException as error:
            # Typer suggests close names from the commands built so far; suggest from them all.
            matches = get_close_matches(name, commands.COMMANDS) if self.suggest_commands else []
            problem = error.message.split(". Did you mean")[0].rstrip(".")  # Typer's, in English
            if name and matches:
                suggestions = ", ".join(f"{match!r}" for match in matches)
                error.message = _("{problem}. Did you mean {suggestions}?").format(
                    problem=problem, suggestions=suggestions
                )
            raise


def _words(args: list[str]) -> list[str]:
    """The leading words of ``args`` that may name subcommands (up to the first option)."""
    words = []
    for arg in args:
        if arg.startswith("-"):
            break
        words.append(arg)
    return words
