"""Which modules make each top-level command of ``pnp``: the one list to edit for a new command.

Each module has ``register(app)``, which adds its commands (or a group) to ``app`` the usual
Typer way. A top-level command may be made by several modules (``oucedonc``: the deck, the
referee...); list them in the order they must register. ``pnp NAME ...`` imports only the
modules listed under ``NAME`` (``generator.cli.lazy``), so a module must keep heavy imports
(geopandas, pypdfium2, reportlab) inside the functions that need them. The order here is the
order of ``pnp --help``. ``tests/test_cli_commands.py`` fails when a module registers a name that
is not listed under it, or a module with ``register`` is missing from the table.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

import typer

from generator.core.i18n import N_

COMMANDS: dict[str, tuple[str, ...]] = {
    "about": ("version_info",),
    "kit": ("kit",),
    "calibrate": ("calibrate",),
    "preflight": ("preflight",),
    "places": ("places",),
    "oucedonc": ("oucedonc", "oucedonc_referee"),
    "data": ("data", "data_fetch"),
    "oie": ("oie",),
    "territoires": ("territoires",),
    "otcho": ("otcho",),
    "pronostiques": ("pronostiques",),
    "export": ("export",),
}

# What `pnp --help` says of each command: the first paragraph of its help, as its module writes it
# (tests/test_cli_commands.py keeps the two equal), so that the root's help imports none of them.
# Marked for the catalog (N_): the root's help translates them (generator.cli.lazy).
SUMMARIES: dict[str, str] = {
    "about": N_(
        "Show the version, the licences, the attributions of the embedded data, and the folders."
    ),
    "kit": N_(
        "Build the material of all five games into one folder, with index.html and manifest.json."
    ),
    "calibrate": N_(
        "Write a duplex test sheet; the numbers read on its back are the --back-offset X,Y of "
        "the decks."
    ),
    "preflight": N_("Check a PDF for a home printer or a print shop, one line per rule."),
    "places": N_("List the places of a region, or pick an Oucédonc deck of --count places."),
    "oucedonc": N_("Oucédonc: place-card decks for any region, and a referee for the table."),
    "data": N_("The embedded geodata: rebuild it, fetch other sources."),
    "oie": N_("Jeu de l'Oie: board, throw resolver, simulator, exact statistics."),
    "territoires": N_("Les territoires: attack/healing calculator, life trackers, Lenormand deck."),
    "otcho": N_("Neo Otcho: roll classifier and print-and-play sheets."),
    "pronostiques": N_("Pronostiques: scorer, pile-limit checker and print-and-play sheets."),
    "export": N_("Export the games for print shops and online tables: faces, tts, tabletopia."),
}


def modules(names: Iterable[str]) -> list[str]:
    """The modules (full names) that make the commands ``names``, each once, in table order."""
    wanted = set(names)
    seen: dict[str, None] = {}
    for name, parts in COMMANDS.items():
        if name in wanted:
            seen.update(dict.fromkeys(f"generator.cli.{part}" for part in parts))
    return list(seen)


def register_commands(app: typer.Typer, names: Iterable[str]) -> None:
    """Register the modules of the commands ``names`` into ``app``."""
    for module_name in modules(names):
        importlib.import_module(module_name).register(app)


def register_all(app: typer.Typer) -> None:
    register_commands(app, COMMANDS)
