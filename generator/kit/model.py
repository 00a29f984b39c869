"""The kit's vocabulary: its parameters, a component (one line of the kit), a file it wrote and
how to print it. See :mod:`generator.kit.build` for the builder contract."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from generator.core.i18n import MATERIAL_DEFAULT, Language
from generator.render.paper import HOME_PAPERS, PAPERS, Paper
from generator.render.profile import HOME, Ink, PrintProfile

# "single": one-sided; the others are the imposition engine's Duplex values.
DuplexName = Literal["single", "long", "short", "fold"]
DUPLEX_CHOICES: tuple[str, ...] = ("single", "long", "short", "fold")
KIT_PAPERS: tuple[str, ...] = HOME_PAPERS  # the kit is printed at home


#: The print profiles a kit is built for (see :mod:`generator.render.profile`).
KIT_PROFILES: tuple[str, ...] = ("home", "shop")


@dataclass(frozen=True)
class KitParams:
    out: Path
    region: str = "france"
    paper: Paper = PAPERS["a4"]  # A4 or Letter: the kit is printed at home
    seed: int = 1
    profile: PrintProfile = HOME  # home: RGB for home printers; shop: PDF/X-4 for a print shop
    force: bool = (
        False  # write into a folder that is not a kit's, replacing files of the same names
    )
    language: Language = MATERIAL_DEFAULT  # of every printed text, the gallery's too
    png: int | None = None  # --png: every card face as a PNG at this dpi too
    imposed: bool = False  # --imposed: a shop kit's decks imposed on sheets too (home: always)
    ink: Ink = Ink.FULL  # --ink light: the Oucédonc token backs as a ring (school printers)
    exports: bool = False  # --exports: the games for online tables (Tabletop Simulator)
    site: str = ""  # the kit folder's file:/// address (a saved object names images by it)
    # the rule variants that differ from the seed's, (name, value) sorted by name (see
    # generator.games.variants): the material prints them; () is the seed's rules
    variants: tuple[tuple[str, str | int | bool], ...] = ()

    @property
    def shop(self) -> bool:
        return self.profile.shop


@dataclass(frozen=True)
class PrintNotes:
    """How to print one PDF: which edge to flip (None: as the PDF says), one sentence of advice."""

    duplex: DuplexName | None = None
    advice: str = ""

    def __post_init__(self) -> None:
        if self.duplex is not None and self.duplex not in DUPLEX_CHOICES:
            raise ValueError(f"duplex must be one of {DUPLEX_CHOICES}, not {self.duplex!r}")


@dataclass(frozen=True)
class KitFile:
    """A file a builder wrote, with what the gallery says about it.

    ``print_notes=None`` means "the component's notes" (ignored for files that are not PDFs).
    """

    path: Path
    title: str = ""
    print_notes: PrintNotes | None = None


@dataclass(frozen=True)
class Component:
    """One line of the kit.

    ``name`` identifies it (the manifest, the command line's lines, in English, marked ``N_`` for
    the command line's catalog); ``label`` is what the gallery prints above its files (French,
    marked ``M_``, printed in the kit's language; empty: the game's name alone). ``game`` is the
    key of its game's :class:`~generator.games.catalog.GameInfo` (whose French title the gallery
    prints as it is, with the game's English subtitle in an English kit), or a heading of its
    own (the printer calibration's). ``print_notes.advice`` is French (``M_``), printed in the
    kit's language."""

    name: str
    target: str  # "module:function", imported only when built
    print_notes: PrintNotes = PrintNotes()
    game: str = ""  # a game's key or a heading: the gallery groups components by it
    profiles: tuple[str, ...] = KIT_PROFILES  # the kits it belongs to (calibration: home only)
    label: str = ""
    export: bool = False  # built only when asked (--exports)

    def in_kit(self, params: KitParams) -> bool:
        """Whether the kit of ``params`` holds this component."""
        return params.profile.kind.value in self.profiles and (params.exports or not self.export)

    @property
    def group(self) -> str:
        """What the manifest records and the gallery heads its files with: its game's French
        title, its own heading, or its name."""
        from generator.games.catalog import GAMES

        names = {info.key: info.name for info in GAMES}
        return names.get(self.game, self.game) or self.name

    def builder(self) -> Callable[[KitParams], list[Path | KitFile]]:
        module_name, function_name = self.target.split(":")
        builder: Callable[[KitParams], list[Path | KitFile]] = getattr(
            importlib.import_module(module_name), function_name
        )
        return builder
