"""Les territoires' printable sheets: life trackers, reference card, setup sheet and the deck.

Every option is checked before the first file is written, so a mistake writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UserError
from generator.games.territoires import setup_for


@dataclass(frozen=True)
class SheetOptions:
    out: Path
    players: int = 2
    paper: str = "a4"
    deck: bool = True
    card: str = "poker"  # a size the imposition engine knows, or WxH in mm
    duplex: str = "long"  # long, short or fold
    bleed: float = 2.0  # mm
    back_offset: str = "0,0"  # X,Y mm, as measured with `pnp calibrate`


def write_sheets(options: SheetOptions) -> list[Path]:
    """Write the trackers, the reference card, the setup sheet and the deck; return the paths.

    Every option is checked before the first file is written, so a mistake writes nothing.
    """
    from generator.render.imposition import SheetSpec, card_size, parse_duplex, parse_offset
    from generator.render.sheet import sheet_paper
    from generator.render.territoires.sheets import (
        write_reference,
        write_setup,
        write_trackers,
    )

    setup = setup_for(options.players)
    if options.out.exists() and not options.out.is_dir():
        raise UserError(f"{options.out} is a file; --out takes the folder to write the sheets into")
    sheet = sheet_paper(options.paper, "sheets of Les territoires")
    spec = SheetSpec(
        paper=sheet,
        card=card_size(options.card),
        bleed=options.bleed,
        duplex=parse_duplex(options.duplex),
        back_offset=parse_offset(options.back_offset),
    )
    if options.deck:
        from generator.render.imposition import plan_sheet

        plan_sheet(spec)  # a card that does not fit the paper is refused here, before any file
    written = [
        write_trackers(options.out / f"territoires-vie-{setup.players}j.pdf", setup, sheet),
        write_reference(options.out / f"territoires-resume-{setup.players}j.pdf", setup, sheet),
        write_setup(options.out / f"territoires-mise-en-place-{setup.players}j.pdf", setup, sheet),
    ]
    if options.deck:
        from generator.render.territoires.deck import render_lenormand_deck

        written.append(
            render_lenormand_deck(spec).save(options.out / "territoires-jeu-lenormand.pdf")
        )
    return written
