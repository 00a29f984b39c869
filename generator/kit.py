"""The whole kit: every game's material built in one go.

Each game contributes components: a name and a ``"module:function"`` whose function takes a
:class:`KitParams` and returns the paths it wrote. A component that fails is reported by name;
the others are still built.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import UserError


@dataclass(frozen=True)
class KitParams:
    out: Path
    region: str = "france"
    paper: str = "a4"
    seed: int = 1


@dataclass(frozen=True)
class Component:
    name: str
    target: str  # "module:function", imported only when built

    def builder(self) -> Callable[[KitParams], list[Path]]:
        module_name, function_name = self.target.split(":")
        return getattr(importlib.import_module(module_name), function_name)


# One line per component; games add theirs here.
COMPONENTS: tuple[Component, ...] = (
    Component("Jeu de l'Oie board", "generator.render.oie_board:build_board"),
    Component("Jeu de l'Oie poster (tiled)", "generator.render.oie_board:build_poster"),
    Component("territoires-sheets", "generator.render.territoires:build_sheets_for_kit"),
    Component("territoires-deck", "generator.render.territoires:build_deck_for_kit"),
    Component("otcho", "generator.render.otcho:build_kit"),
    Component("pronostiques", "generator.render.pronostiques:build_kit"),
)


@dataclass
class KitResult:
    files: list[Path] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)


def build_kit(params: KitParams, components: tuple[Component, ...] = COMPONENTS,
              on_step: Callable[[str], None] | None = None) -> KitResult:
    """Build every component into ``params.out``; collect failures instead of stopping."""
    result = KitResult()
    params.out.mkdir(parents=True, exist_ok=True)
    for component in components:
        if on_step:
            on_step(component.name)
        try:
            result.files.extend(component.builder()(params))
        except UserError as exc:
            result.failures[component.name] = str(exc)
    return result
