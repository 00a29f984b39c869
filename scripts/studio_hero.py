"""Draw the three cards the studio's front page shows (templates/studio/static/hero-*.png).

    .venv/bin/python scripts/studio_hero.py

They are cut from the sheets of the default France deck by the studio's own previews
(:func:`generator.web.service.card_preview`): a town's name side, its coordinates side, and a
rules card's back. Run again when the card design changes.
"""

from __future__ import annotations

import json
from pathlib import Path

from generator.products.oucedonc_recipe import recipe_from_document
from generator.web import service

STATIC = Path(__file__).resolve().parent.parent / "templates" / "studio" / "static"
#: (file, card, back): the name side of a town, its coordinates, a rules card's emblem.
CARDS = (("hero-front.png", "Lyon", False), ("hero-back.png", "Lyon", True),
         ("hero-emblem.png", "Oucédonc", True))  # fmt: skip


def main() -> int:
    recipe = recipe_from_document({"region": "france"})
    text = recipe.to_json()
    files = service.build_deck(text, service.recipe_key(recipe), "fr")
    assert not isinstance(files, service.Refusal), files
    names = [card["name"] for card in json.loads(files["summary.json"])["cards"]]
    for file, card, back in CARDS:
        picture = service.card_preview(files["deck.pdf"], text, names.index(card), back)
        (STATIC / file).write_bytes(picture)
        print(f"wrote {STATIC / file} ({len(picture)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
