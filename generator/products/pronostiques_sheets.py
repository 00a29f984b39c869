"""Pronostiques' print-and-play sheets: the options checked once, then the deck, score pad and aid."""

from __future__ import annotations

from pathlib import Path

from generator.games.pronostiques import ScoreRules
from generator.games.pronostiques.piles import check_laps, check_players


def build_sheets(
    out: Path,
    players: int,
    paper_name: str,
    laps: int = 8,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    score_rules: ScoreRules = ScoreRules(),
    bleed: float = 1.0,
    faces: bool = False,
) -> list[Path]:
    """Write the Pronostiques PDFs into ``out`` (deck, score pad, rules aid; with ``faces`` also the
    deck one face per page) and return their paths."""
    from generator.render.imposition import SheetSpec, card_size, plan_sheet
    from generator.render.pronostiques.sheets import (
        PronostiquesOptions,
        build_deck,
        build_rules_aid,
        build_score_pad,
    )
    from generator.render.sheet import sheet_paper

    check_players(players)
    check_laps(laps)
    sheet = sheet_paper(paper_name, "Pronostiques sheets")
    options = PronostiquesOptions(
        players, sheet, laps, duplex, back_offset, score_rules, bleed, faces
    )
    plan_sheet(
        SheetSpec(paper=options.paper, card=card_size("poker"), bleed=bleed)
    )  # fails before writing
    return [*build_deck(options, out), build_score_pad(options, out), build_rules_aid(options, out)]
