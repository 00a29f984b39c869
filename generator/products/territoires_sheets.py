"""Les territoires' printable sheets: life trackers, reference card, setup sheet and the deck.

Every option is checked before the first file is written, so a mistake writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _
from generator.games.territoires import setup_for


@dataclass(frozen=True)
class SheetOptions:
    out: Path
    players: int = 2
    paper: str = "a4"
    deck: bool = True
    card: str = "poker"  # a size the imposition engine knows, or WxH in mm
    duplex: str = "long"  # long, short or fold
    bleed: float | None = None  # mm; None: 2 at home, 3 for a print shop
    back_offset: str = "0,0"  # X,Y mm, as measured with `pnp calibrate`
    profile: str = "home"  # home or shop
    ink_limit: float | None = None  # shop: total ink limit, %
    faces: bool = False  # also the deck one face per page
    back_first: bool = False  # the faces file: back, then front
    sheets: bool = True  # the trackers, the reference card and the setup sheet
    force: bool = False  # replace files at the output names that pnp did not make
    language: Language = MATERIAL_DEFAULT  # of the printed texts


HOME_BLEED = 2.0  # mm: the Lenormand deck's frames reach into the bleed


def write_sheets(options: SheetOptions) -> list[Path]:
    """Write the trackers, the reference card, the setup sheet and the deck; return the paths.

    Every option is checked before the first file is written, so a mistake writes nothing.
    """
    from generator.core.outputs import publish, require_folder, staging
    from generator.render.imposition import SheetSpec, card_size, parse_duplex, parse_offset
    from generator.render.profile import print_profile
    from generator.render.sheet import sheet_paper
    from generator.render.territoires.sheets import (
        write_reference,
        write_setup,
        write_trackers,
    )

    language = options.language
    setup = setup_for(options.players)
    profile = print_profile(options.profile, options.ink_limit)
    if options.back_first and not options.faces:
        raise UserError(_("--back-first orders the faces file; add --faces"))
    if options.faces and not options.deck:
        raise UserError(_("--faces writes the deck one face per page; drop --no-deck"))
    require_folder(options.out)
    sheet = sheet_paper(options.paper, _("sheets of Les territoires"))
    spec = SheetSpec(
        paper=sheet,
        card=card_size(options.card),
        bleed=profile.bleed(options.bleed, HOME_BLEED),
        duplex=parse_duplex(options.duplex),
        back_offset=parse_offset(options.back_offset),
        profile=profile,
        language=options.language,
    )
    if options.deck:
        from generator.render.imposition import plan_sheet
        from generator.render.territoires.deck import check_card_fits

        plan_sheet(spec)  # a card that does not fit the paper is refused here, before any file
        check_card_fits(spec.card.width, spec.card.height, spec.card.name, language)
    n = setup.players
    with staging(options.out) as folder:
        written = []
        if options.sheets:
            written += [
                write_trackers(
                    folder / f"territoires-vie-{n}j.pdf", setup, sheet, profile, language
                ),
                write_reference(
                    folder / f"territoires-resume-{n}j.pdf", setup, sheet, profile, language
                ),
                write_setup(
                    folder / f"territoires-mise-en-place-{n}j.pdf", setup, sheet, profile, language
                ),
            ]
        if options.deck:
            from generator.render.territoires.deck import (
                render_lenormand_deck,
                render_lenormand_faces,
            )

            written.append(
                render_lenormand_deck(spec, language).save(folder / "territoires-jeu-lenormand.pdf")
            )
            if options.faces:
                written.append(
                    render_lenormand_faces(spec, options.back_first, language).save(
                        folder / "territoires-jeu-lenormand-faces.pdf"
                    )
                )
        return publish(folder, options.out, written, options.force)
