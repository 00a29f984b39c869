"""The folders pnp ships: the embedded datasets and the templates.

An installed pnp (a wheel, or an sdist built into one) carries them inside the package, as
``generator/datasets`` and ``generator/templates``: they are found there with
:mod:`importlib.resources`. A source checkout (the editable install of ``make kit``) keeps them at
the top of the repository, where they are edited, and they are read there: ``setup.py`` copies
them into the package only when a wheel is built.
"""

from __future__ import annotations

import hashlib
from functools import cache
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


#: The folders beside the modules whose files change what pnp makes (the datasets have their
#: own digest, provenance.json)
_MADE_WITH = ("templates", "locale")


@cache
def code_digest() -> str:
    """A digest of the pnp that runs: every file of the package but its datasets and bytecode
    (modules, fonts, tables, compiled catalogs), and the shipped templates and catalogs. A
    content address of what pnp makes holds it beside pnp's version: a checkout updated in
    place (``git pull``) keeps its version number, and must not serve what the older code made.
    Read once per process (about 5 MB)."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for root in dict.fromkeys([package, *(package_folder(name) for name in _MADE_WITH)]):
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            inside = path.relative_to(root).parts
            if "__pycache__" in inside or (root == package and inside[0] == "datasets"):
                continue
            if path.is_file():
                digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()
