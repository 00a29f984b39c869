"""The folders pnp ships: the embedded datasets and the templates.

An installed pnp (a wheel, or an sdist built into one) carries them inside the package, as
``generator/datasets`` and ``generator/templates``: they are found there with
:mod:`importlib.resources`. A source checkout (the editable install of ``make kit``) keeps them at
the top of the repository, where they are edited, and they are read there: ``setup.py`` copies
them into the package only when a wheel is built.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]  # the repository, in a source checkout


def package_folder(name: str) -> Path:
    """The shipped folder ``name`` ("datasets", "templates"): inside the installed package, or at
    the top of the source checkout."""
    inside = files("generator").joinpath(name)
    if isinstance(inside, Path) and inside.is_dir():
        return inside
    return _CHECKOUT / name


def in_source_checkout() -> bool:
    """True when pnp runs from a source checkout (the shipped folders are the repository's)."""
    inside = files("generator").joinpath("datasets")
    return not (isinstance(inside, Path) and inside.is_dir())
