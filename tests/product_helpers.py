"""The products as the tests build them: each one's options from the words a test uses (paper
names, card sizes as typed), built and written through the product contract, as the command
line and the kit do.

``from tests.product_helpers import territoires, oucedonc_deck``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.products.contract import Written
from generator.products.options import FaceFiles, Imposition
from generator.render.card_size import back_offset as parse_offset
from generator.render.card_size import card_size
from generator.render.deck_files import ImageSize
from generator.render.duplex import Duplex
from generator.render.paper import paper
from generator.render.profile import print_profile


def _imposition(card: str, bleed: float | None, duplex: str, offset: str) -> Imposition:
    return Imposition(card_size(card), bleed, Duplex(duplex), parse_offset(offset))


def _files(faces: bool, back_first: bool, png: int | None, imposed: bool = False) -> FaceFiles:
    return FaceFiles(faces, back_first, None if png is None else ImageSize(dpi=png), imposed)


def territoires(
    out: Path,
    *,
    paper_name: str = "a4",
    card: str = "poker",
    bleed: float | None = None,
    duplex: str = "long",
    faces: bool = False,
    back_first: bool = False,
    png: int | None = None,
    profile: str = "home",
    force: bool = False,
    **fields: Any,
) -> list[Path]:
    """``pnp territoires sheets``: the paths written into ``out``, in order."""
    from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions

    options = TerritoiresOptions(
        paper=paper(paper_name),
        profile=print_profile(profile),
        imposition=_imposition(card, bleed, duplex, "0,0"),
        files=_files(faces, back_first, png),
        **fields,
    )
    return list(PRODUCT.make(options, out, force).paths)


def oucedonc_deck(
    out: Path,
    *,
    paper_name: str = "a4",
    card: str = "poker",
    bleed: float | None = None,
    duplex: str = "long",
    back_offset: str = "0,0",
    faces: bool = False,
    back_first: bool = False,
    png: int | None = None,
    imposed: bool = False,
    profile: str = "home",
    ink_limit: float | None = None,
    precision: str = "auto",
    difficulty: str = "normal",
    force: bool = False,
    **fields: Any,
) -> Written[Any]:
    """``pnp oucedonc deck --out OUT``: what it wrote (its built deck in ``.built``)."""
    from generator.products.oucedonc_deck import PRODUCT

    return PRODUCT.make(
        oucedonc_options(
            paper_name=paper_name,
            card=card,
            bleed=bleed,
            duplex=duplex,
            back_offset=back_offset,
            faces=faces,
            back_first=back_first,
            png=png,
            imposed=imposed,
            profile=profile,
            ink_limit=ink_limit,
            precision=precision,
            difficulty=difficulty,
            **fields,
        ),
        out,
        force,
    )


def oucedonc_options(
    *,
    paper_name: str = "a4",
    card: str = "poker",
    bleed: float | None = None,
    duplex: str = "long",
    back_offset: str = "0,0",
    faces: bool = False,
    back_first: bool = False,
    png: int | None = None,
    imposed: bool = False,
    profile: str = "home",
    ink_limit: float | None = None,
    precision: str = "auto",
    difficulty: str = "normal",
    **fields: Any,
) -> Any:
    """The options of an Oucédonc deck from the words of the command line."""
    from generator.games.oucedonc.coords import PrecisionChoice
    from generator.geo.difficulty import Difficulty
    from generator.products.oucedonc_deck import OucedoncDeckOptions

    return OucedoncDeckOptions(
        precision=PrecisionChoice(precision),
        difficulty=Difficulty(difficulty),
        paper=paper(paper_name),
        profile=print_profile(profile, ink_limit),
        imposition=_imposition(card, bleed, duplex, back_offset),
        files=_files(faces, back_first, png, imposed),
        **fields,
    )


def named_in(path: str, language: str, source: str = "fr") -> str:
    """``path`` (a file of the ``source`` material, or a thumbnail of one) as the ``language``
    material names it: only Les territoires' files change name (territoires-vie-2j.pdf is
    territoires-life-2p.pdf in English)."""
    import re

    from generator.products.territoires_sheets import FILE_NAMES

    given, other = FILE_NAMES[source], FILE_NAMES[language]  # type: ignore[index]
    for field in ("trackers", "reference", "setup", "deck"):
        pattern = re.escape(getattr(given, field)).replace(r"\{n\}", r"(\d)")
        path = re.sub(rf"(?<![\w-]){pattern}", getattr(other, field).replace("{n}", r"\1"), path)
    return path
