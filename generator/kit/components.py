"""The components of the kit, one line each; a game adds its material here.

A component's target is ``"module:function"``, imported only when the kit builds it (so ``pnp
--help`` stays fast); the adapters from kit parameters to each product are in
:mod:`generator.kit.builders`.
"""

from __future__ import annotations

from generator.kit.model import Component, PrintNotes

# One line per component; games add theirs here.
COMPONENTS: tuple[Component, ...] = (
    Component("Oucédonc deck", "generator.kit.builders:build_oucedonc_deck", game="Oucédonc"),
    Component(
        "Jeu de l'Oie board",
        "generator.kit.builders:build_oie_board",
        PrintNotes("single", "One landscape page; glue it on card for a sturdy board."),
        game="Jeu de l'Oie",
    ),
    Component(
        "Jeu de l'Oie poster",
        "generator.kit.builders:build_oie_poster",
        PrintNotes(
            "single",
            "Page 1 is the assembly plan: cut along the dashed lines, overlap 12 mm "
            "on the red ticks, tape at the back.",
        ),
        game="Jeu de l'Oie",
        profiles=("home",),  # a print shop prints the board in one piece
    ),
    Component(
        "Jeu de l'Oie themed board",
        "generator.kit.builders:build_oie_themed_board",
        PrintNotes("single", "The ordinary squares follow a route across the kit's region."),
        game="Jeu de l'Oie",
    ),
    Component(
        "Les territoires sheets",
        "generator.kit.builders:build_territoires_sheets",
        game="Les territoires",
    ),
    Component(
        "Les territoires deck",
        "generator.kit.builders:build_territoires_deck",
        game="Les territoires",
    ),
    Component("Neo Otcho", "generator.kit.builders:build_otcho", game="Neo Otcho"),
    Component("Pronostiques", "generator.kit.builders:build_pronostiques", game="Pronostiques"),
    Component(
        "Printer calibration",
        "generator.kit.builders:build_calibration_sheets",
        game="Calibration",
        profiles=("home",),  # print shops align their own presses
    ),
)
