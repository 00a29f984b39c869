"""Places abroad as a French player reads them: disambiguation suffixes (province, canton)."""

from __future__ import annotations

from collections.abc import Sequence

from generator.geo.model import Place


def suffixes_for(places: Sequence[Place]) -> dict[str, str]:
    """Place id -> the words that tell a foreign town from its homonyms (its first-level
    subdivision's name); French places keep their département code (no entry)."""
    from generator.geo import embedded

    names = embedded.admin1_names()
    out = {}
    for place in places:
        if place.country != "FR" and place.region:
            name = names.get((place.country, place.region))
            if name:
                out[place.id] = name
    return out
