"""Pronostiques' print-and-play sheets: the options checked once, then the deck, score pad and
aid."""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, PN_, Language, _, number
from generator.games.pronostiques import ScoreRules
from generator.games.pronostiques.piles import check_laps, check_players

HOME_BLEED = 1.0  # mm around each card when --bleed is not given, at home


def build_sheets(
    out: Path,
    players: int,
    paper_name: str,
    laps: int = 8,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    score_rules: ScoreRules = ScoreRules(),
    bleed: float | None = None,
    faces: bool = False,
    profile: str = "home",
    ink_limit: float | None = None,
    back_first: bool = False,
    force: bool = False,
    language: Language = MATERIAL_DEFAULT,
) -> list[Path]:
    """Write the Pronostiques PDFs into ``out`` (deck, score pad, rules aid; with ``faces`` also the
    deck one face per page) and return their paths. ``bleed`` None: 1 mm at home, 3 mm for a
    print shop (``profile`` shop)."""
    from generator.core.outputs import publish, require_folder, staging
    from generator.render.imposition import SheetSpec, card_size, plan_sheet
    from generator.render.profile import print_profile
    from generator.render.pronostiques.sheets import (
        PronostiquesOptions,
        build_deck,
        build_rules_aid,
        build_score_pad,
    )
    from generator.render.sheet import sheet_paper

    check_players(players)
    check_laps(laps)
    chosen = print_profile(profile, ink_limit)
    if back_first and not faces:
        raise UserError(_("--back-first orders the faces file; add --faces"))
    bleed = chosen.bleed(bleed, HOME_BLEED)
    sheet = sheet_paper(paper_name, _("Pronostiques sheets"))
    options = PronostiquesOptions(
        players,
        sheet,
        laps,
        duplex,
        back_offset,
        score_rules,
        bleed,
        faces,
        chosen,
        back_first,
        language,
    )
    plan_sheet(
        SheetSpec(paper=options.paper, card=card_size("poker"), bleed=bleed)
    )  # fails before writing
    require_folder(out)
    with staging(out) as folder:
        written = [
            *build_deck(options, folder),
            build_score_pad(options, folder),
            build_rules_aid(options, folder),
        ]
        return publish(folder, out, written, force)


def deck_sheets_note(
    paper_name: str,
    duplex: str = "long",
    bleed: float | None = None,
    profile: str = "home",
    language: Language = MATERIAL_DEFAULT,
) -> str:
    """What the deck's sheets hold, said where the last one is not full: the 54 race cards fill
    six sheets of nine, the four prediction cards (gold backs) are the seventh sheet's alone, so
    they can be printed on their own card stock."""
    from generator.render.imposition import SheetSpec, card_size, parse_duplex, plan_sheet
    from generator.render.profile import print_profile
    from generator.render.pronostiques.sheets import deck_cards
    from generator.render.sheet import sheet_paper

    chosen = print_profile(profile)
    spec = SheetSpec(
        paper=sheet_paper(paper_name, _("Pronostiques sheets")),
        card=card_size("poker"),
        bleed=chosen.bleed(bleed, HOME_BLEED),
        duplex=parse_duplex(duplex),
    )
    per_sheet = plan_sheet(spec).per_sheet
    total = len(deck_cards())
    sheets, last = -(-total // per_sheet), total % per_sheet
    from generator.games.pronostiques import PREDICTIONS

    n = {"total": total, "sheets": sheets, "per_sheet": per_sheet, "last": last}
    shown = {key: number(value, language) for key, value in n.items()}
    note = PN_(
        language,
        "{total} cartes sur {sheets} feuille de {per_sheet}",
        "{total} cartes sur {sheets} feuilles de {per_sheet}",
        sheets,
    ).format(**shown)
    if not last:
        return note
    empty = PN_(
        language,
        "son autre emplacement reste vide",
        "ses {empty} autres emplacements restent vides",
        per_sheet - last,
    ).format(empty=number(per_sheet - last, language))
    if last == len(PREDICTIONS):
        message = P_(
            language,
            "{note} ; la dernière feuille ne porte que les {last} cartes pronostic (dos dorés, "
            "à imprimer sur un carton à part si vous le souhaitez), {empty}",
        )
    else:
        message = PN_(
            language,
            "{note} ; la dernière feuille porte {last} carte, {empty}",
            "{note} ; la dernière feuille porte {last} cartes, {empty}",
            last,
        )
    return message.format(note=note, last=shown["last"], empty=empty)
