"""Places as a player reads them, in the material's language: names, disambiguation suffixes
(province, canton) and country names.

The places of every source carry the name the data gives them (:attr:`Place.name`): French
communes and landmarks their French names, towns abroad their French exonym where one is known
(Venise, Anvers), else their GeoNames name. English material reads them through
:func:`named`: towns abroad by their English name (``english_names.csv``, Unicode CLDR, else
the GeoNames name, English already for most large towns: Munich, Brussels, Venice), the famous
sites abroad by the English name of ``sites_abroad.csv``, French landmarks by their established
English name where English Wikipedia has one (Eiffel Tower, Palace of Versailles), every other
French place by its French name. The deal itself always works on the data's names, so a deck
holds the same places in the same order in both languages (docs/geodata.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from msgspec.structs import replace

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, number
from generator.geo.model import Place
from generator.geo.place_table import PlaceTable


def suffixes_for(places: Sequence[Place], names: Language = MATERIAL_DEFAULT) -> dict[str, str]:
    """Place id -> the words that tell a foreign town from its homonyms (its first-level
    subdivision's name, in French or, for ``names="en"``, in English: "Fribourg", "Geneva");
    French places keep their département code (no entry)."""
    from generator.geo import embedded

    if isinstance(places, PlaceTable):  # the records of the places abroad only
        places = places.take([i for i, c in enumerate(places.countries) if c != "FR"])
    foreign = [place for place in places if place.country != "FR" and place.region]
    if not foreign:  # a deck of France: the table of names abroad is not even read
        return {}
    table = embedded.admin1_names_en() if names == "en" else embedded.admin1_names()
    out = {}
    for place in foreign:
        name = table.get((place.country, place.region or ""))
        if name:
            out[place.id] = name
    return out


def names_in(places: Iterable[Place], names: Language) -> dict[str, str]:
    """Place id -> the place's name in ``names`` where it differs from :attr:`Place.name` (the
    data's name); nothing for French, whose names the data gives already."""
    if names != "en":
        return {}
    from generator.geo import embedded

    places = tuple(places)
    english: dict[str, str] = {}
    # towns abroad by GeoNames id (French towns keep their names: no entry for FR)
    abroad = [p for p in places if p.id.startswith("gn:") and p.country not in ("FR", "")]
    for country in sorted({p.country for p in abroad}):
        english.update(embedded.world_town_names_en(country))
    english.update(embedded.site_names_en())
    online = [p for p in abroad if p.id not in english]
    if online:  # a stored GeoNames set: the English names of the fetch's alternate names
        english.update(_alternate_names_en(online))
    return {
        place.id: english[place.id]
        for place in places
        if place.id in english and english[place.id] != place.name
    }


def _alternate_names_en(places: Sequence[Place]) -> dict[str, str]:
    """Place id -> the preferred English name of the GeoNames alternate-names file that
    ``pnp data fetch geonames`` left in the cache for each place's country (nothing where the
    file is gone: the stored name stays)."""
    from generator.core.folders import cache_dir
    from generator.geo.sources.geonames import cached_alternate_names

    out = {}
    folder = str(cache_dir())
    for country in sorted({p.country for p in places}):
        names = cached_alternate_names(country, "en", folder)
        for place in places:
            if place.country == country and place.geonames_id in names:
                out[place.id] = names[place.geonames_id]
    return out


def named(places: Sequence[Place], names: Language) -> tuple[Place, ...]:
    """``places`` named in ``names`` (the same records and order; only the names differ)."""
    renamed = names_in(places, names)
    if not renamed:
        return tuple(places)
    return tuple(
        replace(place, name=renamed[place.id]) if place.id in renamed else place for place in places
    )


def display_in(
    chosen: Sequence[Place], candidates: Sequence[Place], names: Language
) -> tuple[Place, ...]:
    """The dealt ``chosen`` places, printed names in ``names``. The deal tells homonyms apart
    among all the candidates ("Amberg (Bavière)"); a card abroad keeps that suffix only where
    another card of the deck would otherwise read the same (:func:`unsuffixed`). Two cards
    never print one name (a rare English homonym of two nearby places gets its suffix too)."""
    if names == MATERIAL_DEFAULT:
        return unsuffixed(chosen, candidates)
    from generator.geo.selection import display_names

    pool = named(candidates, names)
    suffixes = suffixes_for(pool, names)
    display = display_names(pool, suffixes)
    by_id = {place.id: place for place in pool}
    printed = [display.get(place.id, by_id.get(place.id, place).name) for place in chosen]
    seen: dict[str, int] = {}
    for text in printed:
        seen[text] = seen.get(text, 0) + 1
    out = []
    for place, text in zip(chosen, printed, strict=True):
        if seen[text] > 1:
            own = by_id.get(place.id, place)
            suffix = suffixes.get(place.id) or own.departement or own.region or own.country
            text = f"{own.name} ({suffix})"
        out.append(replace(place, name=text))
    return unsuffixed(out, pool)


def unsuffixed(printed: Sequence[Place], named_pool: Sequence[Place]) -> tuple[Place, ...]:
    """``printed`` with the suffix of each place abroad dropped where its plain name (its name
    in ``named_pool``, the candidates named in the deck's language) is no other card's: a
    player reads "Belém", not "Belém (Pará)", unless the deck holds another Belém. French
    places keep their names as printed (the French deal's own rule)."""
    abroad = {place.id for place in printed if place.country != "FR"}
    if not abroad:  # a French deck: nothing to look up among its 35,000 candidates
        return tuple(printed)
    plain = {place.id: place.name for place in named_pool if place.id in abroad}
    wanted = [
        plain.get(place.id, place.name) if place.country != "FR" else place.name
        for place in printed
    ]
    counts: dict[str, int] = {}
    for text in (*wanted, *(p.name for p in printed)):
        counts[text] = counts.get(text, 0) + 1
    out = []
    for place, text in zip(printed, wanted, strict=True):
        # its plain name once among the plain names, and no other card prints it
        unique = counts[text] == (2 if text == place.name else 1)
        out.append(replace(place, name=text) if unique and text != place.name else place)
    return tuple(out)


def country_name(code: str, names: Language = MATERIAL_DEFAULT) -> str:
    """A country's name in ``names`` (Unicode CLDR): "Italie" / "Italy"; the code when the
    table has none."""
    from generator.geo import embedded

    french, english = embedded.country_names().get(code.strip().upper(), (code, code))
    return english if names == "en" else french


#: The code of a region made of the places within some km of a commune (a recipe's region
#: ``{"around": …}``): ``around:INSEE:KM``.
AROUND = "around:"


def around_code(insee: str, km: float) -> str:
    return f"{AROUND}{insee}:{km:g}"


def around_name(place: str, km: float, names: Language = MATERIAL_DEFAULT) -> str:
    """The name of the places within ``km`` of the commune ``place``, in ``names``."""
    return P_(names, "{place} et {km} km autour").format(place=place, km=number(km, names))


def region_name(kind: str, code: str, name: str, names: Language = MATERIAL_DEFAULT) -> str:
    """The printed name of a region selection (:class:`generator.geo.regions.RegionSelection`
    ``kind``, ``code`` and ``name``) in ``names``: a country abroad by its name in that
    language ("Italy"), a subdivision abroad too ("Bavière", "Bavaria"), the places around a
    commune too ("Quimper and 5 km around"); a French région or département keeps its French
    name ("Bretagne")."""
    if kind == "polygon" and code.startswith(AROUND):
        from generator.geo import embedded

        insee, _, km = code.removeprefix(AROUND).partition(":")
        commune = embedded.communes_by_insee().get(insee)
        return around_name(commune.name, float(km), names) if commune is not None else name
    if kind == "world":
        return country_name(code, names)
    if kind == "subdivision":
        from generator.geo import embedded

        country, _, admin1 = code.partition(":")
        table = embedded.admin1_names_en() if names == "en" else embedded.admin1_names()
        return table.get((country, admin1), name)
    return name
