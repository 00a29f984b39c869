"""Words Typer and click print in English without asking gettext, marked here for the pnp catalog.

click and Typer pass most of what they print through gettext ("Usage:", "Options", "Missing
argument"): those are extracted from the installed packages into the ``vendor`` domain
(``locale/fr/LC_MESSAGES/vendor.po``) and follow the CLI's language by themselves. A few of their
words are plain English literals, which no catalog of theirs can translate:

* Typer's ``--install-completion`` and ``--show-completion`` help texts (``typer.completion``);
* the names of click's parameter types, printed as metavars (``<str>``, ``<int>``,
  ``<float>``; ``typer._click.types``: ``StringParamType.name = "str"``...);
* Typer's suggestion after an unknown command (``typer.core``: ``f"{message}. Did you mean
  {suggestions}?"``), which :mod:`generator.cli.main` rewrites with the pnp catalog's sentence.

They are copied here, exactly as Typer and click write them, and marked with :func:`N_`, so that
the extraction puts them in the pnp catalog; :func:`generator.cli.lazy.translate_help` then
translates them where the command is built, like the help texts of pnp's own options.
``tests/test_i18n_help.py`` fails when a word here no longer matches what Typer and click print.
"""

from __future__ import annotations

from generator.core.i18n import N_

#: typer.completion: the help texts of the root's completion options.
COMPLETION_HELP = (
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("Install completion for the specified shell."),
    N_("Show completion for the specified shell, to copy it or customize the installation."),
)

#: typer._click.types: the name of each type as its metavar shows it (``<str>``).
TYPE_NAMES = {
    "str": N_("str"),
    "int": N_("int"),
    "int range": N_("int range"),
    "float": N_("float"),
    "float range": N_("float range"),
    "boolean": N_("boolean"),
    "uuid": N_("uuid"),
    "filename": N_("filename"),
    "datetime": N_("datetime"),
    "path": N_("path"),
    "file": N_("file"),
    "directory": N_("directory"),
}

#: typer._click.decorators: the help of every command's --help.
HELP_OPTION = N_("Show this message and exit.")
#: typer._click.formatting: the prefix of the usage line (with its space).
USAGE = "Usage: "
USAGE_PREFIX = N_("Usage: ")
#: typer._click.core and typer.core: what the usage line says of options and subcommands.
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")

# typer._click.exceptions and the types: the usage errors, rebuilt from their parts in the CLI's
# language (:func:`usage_error_message`). Each pattern is Typer's English sentence.
_MISSING = {
    "argument": N_("Missing argument {name}."),
    "option": N_("Missing option {name}."),
    "parameter": N_("Missing parameter {name}."),
}
_NO_SUCH_OPTION = N_("No such option: {name}")
_POSSIBLE_OPTIONS = N_("(Possible options: {names})")
_INVALID_VALUE_FOR = N_("Invalid value for {name}: {message}")
_INVALID_VALUE = N_("Invalid value: {message}")
_SENTENCES = (
    (r"(?P<value>.+) is not one of (?P<choices>.+)\.", N_("{value} is not one of {choices}.")),
    (r"(?P<value>.+) is not a valid UUID\.", N_("{value} is not a valid UUID.")),
    (
        r"(?P<value>.+) is not a valid boolean\. Recognized values: (?P<states>.+)",
        N_("{value} is not a valid boolean. Recognized values: {states}"),
    ),
    # the type's name, already in the CLI's language (translate_help renames the types)
    (r"(?P<value>.+) is not a valid (?P<kind>[^.]+)\.", N_("{value} is not a valid {kind}.")),
    (
        r"(?P<value>.+) is not in the range (?P<range>.+)\.",
        N_("{value} is not in the range {range}."),
    ),
    (
        r"Got unexpected extra argument\(s\) \((?P<args>.*)\)",
        N_("Got unexpected extra arguments ({args})"),
    ),
    (r"Option (?P<name>.+) requires an argument\.", N_("Option {name} requires an argument.")),
    (
        r"Option (?P<name>.+) requires (?P<count>\d+) arguments\.",
        N_("Option {name} requires {count} arguments."),
    ),
    (r"Option (?P<name>.+) does not take a value\.", N_("Option {name} does not take a value.")),
)


def translate_sentence(text: str) -> str:
    """One of Typer's English sentences (:data:`_SENTENCES`) in the CLI's language; any other
    text (pnp's own, already translated) as it is."""
    import re

    from generator.core.i18n import translate_cli

    for pattern, template in _SENTENCES:
        match = re.fullmatch(pattern, text, flags=re.DOTALL)
        if match is not None:
            fields = match.groupdict()
            if "kind" in fields:
                fields["kind"] = translate_cli(TYPE_NAMES.get(fields["kind"], fields["kind"]))
            return translate_cli(template).format(**fields)
    return text


def usage_error_message(exc: Exception) -> str:
    """The message of one of Typer's usage errors, in the CLI's language, built from its parts
    (the parameter's name, the value typed) as Typer builds it in English."""
    from generator.core.i18n import translate_cli

    kinds = {cls.__name__ for cls in type(exc).__mro__}
    ctx = getattr(exc, "ctx", None)
    param = getattr(exc, "param", None)
    if "MissingParameter" in kinds and not getattr(exc, "message", ""):
        kind = getattr(exc, "param_type", None) or getattr(param, "param_type_name", "parameter")
        if kind in _MISSING:
            hint = _param_hint(exc, param, ctx)
            return translate_cli(_MISSING[kind]).format(name=hint).replace(" .", ".")
    if "NoSuchOption" in kinds:
        name = getattr(exc, "option_name", "")
        message = translate_cli(_NO_SUCH_OPTION).format(name=name)
        possibilities = getattr(exc, "possibilities", None)
        if possibilities:
            names = ", ".join(sorted(possibilities))
            message += " " + translate_cli(_POSSIBLE_OPTIONS).format(names=names)
        return message
    if "BadParameter" in kinds and "MissingParameter" not in kinds:
        inner = translate_sentence(str(getattr(exc, "message", "")))
        hint = _param_hint(exc, param, ctx)
        if hint:
            return translate_cli(_INVALID_VALUE_FOR).format(name=hint, message=inner)
        return translate_cli(_INVALID_VALUE).format(message=inner)
    text = getattr(exc, "message", None)
    if isinstance(text, str):
        setattr(exc, "message", translate_sentence(text))  # noqa: B010 (not every error has one)
    # Typer's usage errors have it (their classes are told apart by name: click is not imported)
    formatted: str = exc.format_message()  # type: ignore[attr-defined]
    return formatted


def _param_hint(exc: Exception, param: object, ctx: object) -> str:
    hint = getattr(exc, "param_hint", None)
    if hint is None and param is not None:
        hint = param.get_error_hint(ctx)  # type: ignore[attr-defined]
    if hint is None:
        return ""
    if isinstance(hint, str):
        return hint
    return " / ".join(repr(item) for item in hint)
