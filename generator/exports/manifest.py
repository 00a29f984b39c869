"""What every image export writes beside its images: a manifest (JSON: file, deck, card, side,
pixels) and a short README, each recognised later as pnp's own; and a deck's face images as
files of an export, the sRGB profile embedded."""

from __future__ import annotations

import json
from collections.abc import Mapping

from generator.core.i18n import N_
from generator.core.outputs import json_schema_is, text_holds
from generator.exports.images import with_profile
from generator.products.contract import FACE_PNG, BuiltFile, FileKind
from generator.render.deck import CardDeck
from generator.render.deck_files import ImageSize, face_images

SCHEMA = "pnp-export-manifest/1"
MANIFEST = FileKind(N_("manifest"), json_schema_is(SCHEMA))
README_MARK = "Written by pnp export"
README = FileKind(N_("README"), text_holds(README_MARK.encode()))

Row = dict[str, object]


def deck_faces(
    deck: CardDeck, size: ImageSize, dpi: float | None = None, folder: str = ""
) -> tuple[list[BuiltFile], list[Row]]:
    """Every face image of ``deck`` at ``size`` in ``folder`` (default: the deck's key), RGB
    with the sRGB profile (and ``dpi`` recorded), and a manifest row per file."""
    folder = folder or deck.key
    names = {card.id: card.name for card in deck.cards}
    files: list[BuiltFile] = []
    rows: list[Row] = []
    for image in face_images([deck], size):
        name = f"{folder}/{image.name}"
        files.append(BuiltFile(name, FACE_PNG, with_profile(image.data, dpi)))
        rows.append(
            {
                "file": name,
                "deck": deck.key,
                "card": image.card,
                "name": names.get(image.card, ""),
                "side": image.side,
                "pixels": [image.width, image.height],
            }
        )
    return files, rows


def manifest_file(export: str, facts: Mapping[str, object], rows: list[Row]) -> BuiltFile:
    """``manifest.json``: the export's name, its ``facts`` and a row per file."""
    document = {"schema": SCHEMA, "export": export, **facts, "files": rows}
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    return BuiltFile("manifest.json", MANIFEST, text.encode("utf-8"))


def readme_file(lines: list[str], command: str) -> BuiltFile:
    """``README.txt``: ``lines``, then the command that wrote it (how a later run knows it)."""
    text = "\n".join([*lines, "", f"{README_MARK} {command}."]) + "\n"
    return BuiltFile("README.txt", README, text.encode("utf-8"))
