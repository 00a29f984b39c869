"""A place of one's own named like a place of the data prints the name it was given (the QA pass
of issue 29, finding 11): an own "Brest" 15 km from Brest was printed "Brest (FR)", the country
suffix of a homonym abroad, for two places in France."""

from __future__ import annotations

import json

from generator.products.oucedonc_recipe import build_recipe, recipe_from_json


def test_an_own_place_named_like_a_town_keeps_its_name():
    recipe = recipe_from_json(
        json.dumps(
            {
                "region": "dep:29",
                "cards": 30,
                "places": [{"name": "Brest", "lat": 48.45, "lon": -4.25}],
            }
        )
    )
    deck = build_recipe(recipe).built.detail
    own = [card for card in deck.places if (card.source_id or "").startswith("own:")]
    assert [card.name for card in own] == ["Brest"]
    assert all("(FR)" not in card.name for card in deck.places)
