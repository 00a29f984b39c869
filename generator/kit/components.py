"""The components of the kit, one line each; a game adds its material here.

A component's target is ``"module:function"``, imported only when the kit builds it (so ``pnp
--help`` stays fast); the adapters from kit parameters to each product are in
:mod:`generator.kit.builders`. Its name is English (the command line's, ``N_``); its label and
its advice are French, printed in the kit's language (``M_``; see
:class:`~generator.kit.model.Component`).
"""

from __future__ import annotations

from generator.core.i18n import M_, N_
from generator.games.catalog import OIE, OTCHO, OUCEDONC, PRONOSTIQUES, TERRITOIRES
from generator.kit.model import Component, PrintNotes

# One line per component; games add theirs here.
COMPONENTS: tuple[Component, ...] = (
    Component(
        N_("Oucédonc deck"),
        "generator.kit.builders:build_oucedonc_deck",
        game=OUCEDONC.key,
        label=M_("Jeu de cartes"),
    ),
    Component(
        N_("Jeu de l'Oie board"),
        "generator.kit.builders:build_oie_board",
        PrintNotes(
            "single", M_("Une page à l’italienne ; collez-la sur du carton pour un plateau solide.")
        ),
        game=OIE.key,
        label=M_("Plateau"),
    ),
    Component(
        N_("Jeu de l'Oie poster"),
        "generator.kit.builders:build_oie_poster",
        PrintNotes(
            "single",
            M_(
                "La page 1 est le plan d’assemblage : découpez le long des pointillés, faites "
                "chevaucher de 12 mm sur les repères rouges, scotchez au dos."
            ),
        ),
        game=OIE.key,
        profiles=("home",),  # a print shop prints the board in one piece
        label=M_("Affiche"),
    ),
    Component(
        N_("Jeu de l'Oie themed board"),
        "generator.kit.builders:build_oie_themed_board",
        PrintNotes(
            "single",
            M_("Les cases ordinaires suivent un itinéraire à travers la région du kit."),
        ),
        game=OIE.key,
        label=M_("Plateau à thème"),
    ),
    Component(
        N_("Les territoires sheets"),
        "generator.kit.builders:build_territoires_sheets",
        game=TERRITOIRES.key,
        label=M_("Feuilles"),
    ),
    Component(
        N_("Les territoires deck"),
        "generator.kit.builders:build_territoires_deck",
        game=TERRITOIRES.key,
        label=M_("Jeu de cartes"),
    ),
    Component(N_("Neo Otcho"), "generator.kit.builders:build_otcho", game=OTCHO.key),
    Component(
        N_("Pronostiques"), "generator.kit.builders:build_pronostiques", game=PRONOSTIQUES.key
    ),
    Component(
        N_("Online play"),
        "generator.kit.builders:build_exports",
        game="Exports",  # not a game: the gallery prints its heading (gallery.GAME_HEADINGS)
        export=True,
        label=M_("Tabletop Simulator"),
    ),
    Component(
        N_("Printer calibration"),
        "generator.kit.builders:build_calibration_sheets",
        game="Calibration",  # not a game: the gallery prints its heading (gallery.GAME_HEADINGS)
        profiles=("home",),  # print shops align their own presses
    ),
)
