"""Words Typer and click print in English without asking gettext, marked here for the pnp catalog.

click and Typer pass most of what they print through gettext ("Usage:", "Options", "Missing
argument"): those are extracted from the installed packages into the ``vendor`` domain
(``locale/fr/LC_MESSAGES/vendor.po``) and follow the CLI's language by themselves. A few of their
words are plain English literals, which no catalog of theirs can translate:

* Typer's ``--install-completion`` and ``--show-completion`` help texts (``typer.completion``);
* the names of click's parameter types, printed as metavars (``<text>``, ``<integer>``,
  ``<float>``; ``click.types``: ``STRING.name = "text"``...);
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

#: click.types: the name of each type as its metavar shows it (``<text>``).
TYPE_NAMES = {
    "text": N_("text"),
    "integer": N_("integer"),
    "float": N_("float"),
    "boolean": N_("boolean"),
    "uuid": N_("uuid"),
    "filename": N_("filename"),
    "integer range": N_("integer range"),
    "float range": N_("float range"),
    "datetime": N_("datetime"),
}
