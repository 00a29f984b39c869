"""The list of command modules. Each module has ``register(app)`` that adds its commands.

Modules are imported when the CLI starts, so they must keep heavy imports (geopandas,
pypdfium2, reportlab) inside the functions that need them.
"""

from __future__ import annotations

import importlib

import typer

MODULES: tuple[str, ...] = (
    "generator.cli.version_info",
    "generator.cli.kit",
    "generator.cli.calibrate",
    "generator.cli.preflight",
    "generator.cli.oucedonc",
    "generator.cli.places",
    "generator.cli.data",
    "generator.cli.data_fetch",
    "generator.cli.oie",
    "generator.cli.territoires",
    "generator.cli.otcho",
    "generator.cli.pronostiques",
    "generator.cli.oucedonc_referee",
)


def register_all(app: typer.Typer) -> None:
    for module_name in MODULES:
        importlib.import_module(module_name).register(app)
