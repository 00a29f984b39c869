"""Neo Otcho's print-and-play sheets: the options checked once, then the four PDFs."""

from __future__ import annotations

from pathlib import Path

from generator.core.i18n import MATERIAL_DEFAULT, Language, _
from generator.games.otcho import RollRules
from generator.games.otcho.players import check_players


def build_sheets(
    out: Path,
    players: int,
    paper_name: str,
    rules: RollRules = RollRules(),
    profile: str = "home",
    ink_limit: float | None = None,
    force: bool = False,
    language: Language = MATERIAL_DEFAULT,
) -> list[Path]:
    """Write the four Neo Otcho PDFs into ``out`` and return their paths (the overwrite rule of
    :mod:`generator.core.outputs`: pnp's own PDFs are replaced, other files only with ``force``)."""
    from generator.core.outputs import publish, require_folder, staging
    from generator.render.otcho.sheets import (
        OtchoOptions,
        build_dice,
        build_pawns,
        build_player_cards,
        build_rules_aid,
    )
    from generator.render.profile import print_profile
    from generator.render.sheet import sheet_paper

    chosen = print_profile(profile, ink_limit)
    check_players(players)
    sheet = sheet_paper(paper_name, _("Neo Otcho sheets"))
    options = OtchoOptions(players, sheet, rules, chosen, language)
    require_folder(out)
    with staging(out) as folder:
        written = [
            build_player_cards(options, folder),
            build_dice(options, folder),
            build_pawns(options, folder),
            build_rules_aid(options, folder),
        ]
        return publish(folder, out, written, force)
