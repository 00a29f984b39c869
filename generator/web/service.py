"""The studio's one way into the library: regions, recipes, decks, previews, the other games.

Everything the pages and the API need from ``products`` and ``geo`` goes through here, so that
when the library's shape changes this module changes and the app does not: a deck is the deck
product's (``products.oucedonc_deck.build``, through its recipe), the other games' material the
kit's, a doubt the referee service's (``products.referee.verify``), a game's facts the games'
catalog (``GameInfo``). The functions that build or draw are jobs:
they run in the worker processes of :mod:`generator.web.jobs`, take and return plain values
(strings, bytes, dicts), and speak the page's language (the errors a user reads come from the
library, in her language). A user's mistake comes back as :class:`Refusal`; anything else is a
bug.
"""

from __future__ import annotations

import bisect
import heapq
import io
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from generator.core.errors import UserError
from generator.core.i18n import P_, Language, _, speaking
from generator.core.refusal import Refusal as RuleRefusal
from generator.geo.own_places import PlacesBounds
from generator.web.refusals import said

if TYPE_CHECKING:
    from generator.render.imposition import Rect

T = TypeVar("T")

#: A preview's width in pixels: a card shown about 180 px wide, drawn for a 2× screen.
PREVIEW_WIDTH = 360
#: The widest radius offered around a commune (km) and the default.
AROUND_KM = 30
#: Results of one search.
SEARCH_LIMIT = 10


@dataclass(frozen=True)
class Refusal:
    """A user's mistake, said in the page's language: what is wrong and what to do; ``reason``
    its code where the library gives one (:data:`generator.core.errors.TOO_FEW_PLACES`)."""

    message: str
    reason: str | None = None


def refusing(language: Language, work: Callable[[], T]) -> T | Refusal:
    """``work()`` speaking ``language``; a :class:`UserError` or a rule's refusal (the studio's
    sentence, :func:`generator.web.refusals.said`: it names no command, and stands alone)
    becomes a :class:`Refusal`."""
    with speaking(language):
        try:
            return work()
        except UserError as exc:
            return Refusal(str(exc), exc.reason)
        except RuleRefusal as exc:
            return Refusal(said(exc))


def warm() -> None:
    """A worker's start: the fonts, the data and the drawing modules loaded once, so that a
    deck's first build costs what every other one does."""
    from generator.geo import embedded
    from generator.render.fonts import register_fonts

    register_fonts()
    embedded.communes()
    embedded.landmarks()
    embedded.france_outline()
    import pypdfium2  # noqa: F401

    import generator.products.oucedonc_deck
    import generator.render.imposition
    import generator.render.oucedonc.cards  # noqa: F401


# ------------------------------------------------------------------- regions


@dataclass(frozen=True, slots=True)
class _Name:
    """One name of a place abroad and the keys a search finds it by (:func:`typed_keys`)."""

    name: str
    keys: tuple[str, ...]

    def found(self, key: str, one_word: bool) -> bool:
        """Whether ``key`` (typed) starts this name, or (one word typed) a later word of it."""
        return any(k.startswith(key) for k in self.keys) or (
            one_word and any(word.startswith(key) for k in self.keys for word in k.split()[1:])
        )


@dataclass(frozen=True, slots=True)
class _Entry:
    """A place of an index: one entry, however many names it is found by (Germany, Allemagne
    are one country and one hit)."""

    keys: tuple[str, ...]  # every name's comparison keys: the first name's first
    words: tuple[str, ...]  # the keys' words after their first
    rank: tuple[int, int]  # kind first, then how well known (smaller first)
    hit: dict[str, Any]  # the hit in French, named by its first name
    #: a place abroad: its names (the French one first, then the English and its own) and its
    #: hit in English, named in English
    names: tuple[_Name, ...] = ()
    english: dict[str, Any] | None = None
    english_key: str = ""

    def key(self, language: Language) -> str:
        """The key of the name shown in ``language``: the answers' order after the rank."""
        return self.english_key if language == "en" and self.english else self.keys[0]

    def hit_for(self, language: Language, key: str) -> dict[str, Any]:
        """The hit shown in ``language`` for the typed ``key``: in English, a country or
        subdivision by its English name; in French by its French name, or by the other name
        typed (Bavaria, Bayern) with its ``name_fr`` when the French name does not start so."""
        if not self.names:
            return self.hit
        if language == "en" and self.english:
            return self.english
        one_word = len(key.split()) == 1
        if self.names[0].found(key, one_word):
            return self.hit
        other = next((n for n in self.names[1:] if n.found(key, one_word)), self.names[0])
        return {**self.hit, "name": other.name, "name_fr": self.names[0].name}


def _words(keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(word for key in keys for word in key.split()[1:]))


def _entry(keys: tuple[str, ...], rank: tuple[int, int], hit: dict[str, Any]) -> _Entry:
    """A place of France found by ``keys`` (its name's :func:`typed_keys`)."""
    return _Entry(keys, _words(keys), rank, hit)


@cache
def _commune_keys() -> tuple[tuple[str, ...], ...]:
    """The :func:`typed_keys` of every embedded commune's name, in order: made once for both
    indexes (a search's region and a place to add), 35,000 names."""
    from generator.core.namekeys import typed_keys
    from generator.geo import embedded

    return tuple(typed_keys(place.name) for place in embedded.communes())


def _abroad_entry(
    names: tuple[str, ...], rank: tuple[int, int], hit: dict[str, Any], english: dict[str, Any]
) -> _Entry:
    """A country or subdivision: found by each of its ``names`` (the French one first; the
    same name twice once), shown by ``hit`` in French and ``english`` in English."""
    from generator.core.namekeys import name_key, typed_keys

    distinct: dict[str, str] = {}
    for name in names:
        if name:
            distinct.setdefault(name_key(name), name)
    named = tuple(_Name(name, typed_keys(name)) for name in distinct.values())
    keys = tuple(dict.fromkeys(key for name in named for key in name.keys))
    english_key = name_key(english["name"])
    return _Entry(keys, _words(keys), rank, hit, named, english, english_key)


@cache
def _region_index() -> tuple[_Entry, ...]:
    """Every region a deck is dealt in, one entry each: France, its régions, départements and
    communes (French names, every language: they are the names of places in France), the
    countries and the subdivisions abroad (by their French, English and own names, shown in
    the page's language)."""
    from generator.core.namekeys import typed_keys
    from generator.geo import embedded
    from generator.geo.regions import subdivision_key

    regions = {r.code: r.name for r in embedded.regions()}
    drawn = embedded.subdivision_codes()
    departements = {d.code: d for d in embedded.departements()}
    entries: list[_Entry] = []

    def add(name: str, rank: tuple[int, int], hit: dict[str, Any], keys: tuple[str, ...]) -> None:
        entries.append(_entry(keys, rank, {"name": name, **hit}))

    def abroad(
        named: tuple[str, str, str],  # French, English, its own
        rank: tuple[int, int],
        hit: dict[str, Any],
        within: tuple[str, str] | None = None,  # a subdivision's country, French and English
    ) -> None:
        french, english, _own = named
        in_french = {"name": french, **hit, **({"within": within[0]} if within else {})}
        in_english = {"name": english, **hit, **({"within": within[1]} if within else {})}
        if english != french:
            in_english["name_fr"] = french
        entries.append(_abroad_entry(named, rank, in_french, in_english))

    add("France", (0, 0), {"kind": "france", "region": "france"}, typed_keys("France"))
    for code, name in regions.items():
        hit = {"kind": "region", "code": code, "region": f"region:{code}"}
        add(name, (1, 0), hit, typed_keys(name))
    for code, departement in departements.items():
        within = regions.get(departement.region, "")
        hit = {"kind": "departement", "code": code, "region": f"dep:{code}", "within": within}
        add(departement.name, (2, 0), hit, typed_keys(departement.name))
    names = embedded.country_names()
    for code in embedded.world_country_codes():
        french, english = names.get(code, (code, code))
        abroad((french, english, ""), (3, 0), {"kind": "country", "code": code, "region": code})
    for sub in embedded.subdivisions():
        pair = (sub.country, sub.admin1)
        if sub.country == "FR" or pair not in drawn:  # France's régions are above; no outline:
            continue  # no towns, no deck
        key = subdivision_key(*pair)
        country = names.get(sub.country, (sub.country, sub.country))
        hit = {"kind": "subdivision", "code": key, "region": key}
        named = (sub.name_fr, sub.name_en or sub.name_fr, sub.name_local)
        abroad(named, (5, 0), hit, country)
    for place, keys in zip(embedded.communes(), _commune_keys(), strict=True):
        home = departements.get(place.departement or "")
        town: dict[str, Any] = {
            "kind": "commune",
            "code": place.insee,
            "region": {"around": place.insee, "km": AROUND_KM},
            "within": f"{home.name} ({home.code})" if home else "",
            "lat": place.lat,
            "lon": place.lon,
        }
        add(place.name, (4, -(place.population or 0)), town, keys)
    return tuple(entries)


@cache
def _place_index() -> tuple[_Entry, ...]:
    """Every embedded commune and site, for "add a place"; a homonym's hit says the name that
    keeps it (``include``: "Valence (26362)")."""
    from generator.core.namekeys import typed_keys
    from generator.geo import embedded

    departements = {d.code: d.name for d in embedded.departements()}
    places = (*embedded.communes(), *embedded.landmarks())
    keys_of = (*_commune_keys(), *(typed_keys(site.name) for site in embedded.landmarks()))
    homonyms = Counter(keys[0] for keys in keys_of)  # a name's first key is its name_key
    in_departement = Counter(
        (keys[0], place.departement) for place, keys in zip(places, keys_of, strict=True)
    )
    entries = []
    for place, keys in zip(places, keys_of, strict=True):
        within = departements.get(place.departement or "", "")
        hit = {
            "name": place.name,
            "kind": place.kind,
            "lat": place.lat,
            "lon": place.lon,
            "within": f"{within} ({place.departement})" if within else "",
        }
        key = keys[0]
        if homonyms[key] > 1:
            # the name a recipe keeps this one by, not its homonym (docs/api.md, include): its
            # département's code, or its commune's when the département has two
            code = place.departement if in_departement[key, place.departement] == 1 else place.insee
            if code:
                hit["include"] = f"{place.name} ({code})"
        rank = (
            (0, -(place.population or 0)) if place.kind == "town" else (1, int(place.familiarity))
        )
        entries.append(_entry(keys, rank, hit))
    return tuple(entries)


@dataclass(frozen=True)
class _Sorted:
    """An index's names in sorted order, so that the names starting as typed are one slice
    found by bisection (36,000 communes: a scan of every name cost 30 ms a keystroke), and
    each entry's place in the answers' order in each language (a country is ordered by the
    name it is shown by)."""

    keys: list[str]  # every entry's keys, sorted
    key_entries: list[int]  # the entry of each sorted key
    words: list[str]  # every entry's words after its first, sorted
    word_entries: list[int]  # the entry of each sorted word
    #: position[language][i]: entry i's place in the order by rank, key (in that language),
    #: index
    position: dict[Language, list[int]]


def _sorted(index: tuple[_Entry, ...]) -> _Sorted:
    keys = sorted((key, i) for i, entry in enumerate(index) for key in entry.keys)
    words = sorted((word, i) for i, entry in enumerate(index) for word in entry.words)

    def positions(language: Language) -> list[int]:
        order = sorted((entry.rank, entry.key(language), i) for i, entry in enumerate(index))
        position = [0] * len(index)
        for place, (_rank, _key, i) in enumerate(order):
            position[i] = place
        return position

    french = positions("fr")
    english = positions("en") if any(entry.english for entry in index) else french
    return _Sorted(
        [key for key, _i in keys],
        [i for _key, i in keys],
        [word for word, _i in words],
        [i for _word, i in words],
        {"fr": french, "en": english},
    )


def _starting(sorted_keys: list[str], entries: list[int], prefix: str) -> list[int]:
    """The entries whose sorted key (or word) starts with ``prefix``: one slice."""
    low = bisect.bisect_left(sorted_keys, prefix)
    high = bisect.bisect_left(sorted_keys, prefix + _AFTER_EVERY_CHARACTER, low)
    return entries[low:high]


_AFTER_EVERY_CHARACTER = chr(0x10FFFF)


def _search(
    index: tuple[_Entry, ...], ordered: _Sorted, query: str, limit: int, language: Language
) -> list[dict[str, Any]]:
    """Places with a name starting with the query first (a name itself first of all), then,
    when one word is typed, places with a later word of a name starting with it; within each,
    by rank, the key of the name shown in ``language`` and the index's own order; one hit per
    place, in ``language``. Each set is a slice of the sorted names, and only the first
    ``limit`` are ordered ("saint": 4,000 communes, a dozen shown)."""
    from generator.core.namekeys import name_key

    key = name_key(query)[:100]
    if not key:
        return []
    size = len(index)
    position = ordered.position[language]
    # (match, rank, key, index) as one integer: match × size + the entry's place by the rest
    order = {
        i: (0 if key in index[i].keys else 1) * size + position[i]
        for i in _starting(ordered.keys, ordered.key_entries, key)
    }
    if len(key.split()) == 1:
        for i in _starting(ordered.words, ordered.word_entries, key):
            order.setdefault(i, 2 * size + position[i])
    first = heapq.nsmallest(limit, order, key=order.__getitem__)
    return [index[i].hit_for(language, key) for i in first]


def search_regions(
    query: str, language: Language = "fr", limit: int = SEARCH_LIMIT
) -> list[dict[str, Any]]:
    """Régions, départements, countries, communes and the subdivisions of countries (states,
    Länder, provinces: by their French, English or own name) whose name starts as typed, in
    the page's ``language``: places in France by their French names; a country or subdivision
    in English by its English name (``name_fr`` its French one), in French by its French name,
    or by the other name typed, with its ``name_fr``."""
    return _search(_region_index(), _regions_sorted(), query, limit, language)


def search_places(
    query: str, language: Language = "fr", limit: int = SEARCH_LIMIT
) -> list[dict[str, Any]]:
    """Communes and sites whose name starts as typed: places to add to a deck (French names:
    places in France)."""
    return _search(_place_index(), _places_sorted(), query, limit, language)


@cache
def _regions_sorted() -> _Sorted:
    return _sorted(_region_index())


@cache
def _places_sorted() -> _Sorted:
    return _sorted(_place_index())


def warm_search() -> None:
    _regions_sorted()
    _places_sorted()


# ------------------------------------------------------------------- recipes and decks


def read_recipe(document: object) -> Any:
    """A checked recipe (:class:`generator.products.oucedonc_recipe.Recipe`); a UserError or a
    schema's refusal (:class:`generator.core.refusal.Refusal`) else."""
    from generator.products.oucedonc_recipe import recipe_from_document

    # TRANSLATORS: what a refusal of a recipe sent to the studio names it ("recipe: seed: …")
    return recipe_from_document(document, _("recipe"))


def recipe_bounds() -> dict[str, tuple[int, int]]:
    """What a recipe takes that the page checks before sending it: its place cards and its
    radius around a commune (km), each as (fewest, most)."""
    from generator.products.oucedonc_recipe import MAX_CARDS, MAX_KM, MIN_CARDS, MIN_KM

    return {"cards": (MIN_CARDS, MAX_CARDS), "km": (MIN_KM, MAX_KM)}


def recipe_key(recipe: Any) -> str:
    from generator.products.oucedonc_recipe import recipe_key as key

    return key(recipe)


def recipe_json(recipe: Any) -> str:
    text: str = recipe.to_json()
    return text


def build_deck(recipe_text: str, key: str, language: Language) -> dict[str, bytes] | Refusal:
    """Job: the recipe's deck (imposed: the previews are cut from it), deck file, referee page
    and summary, and a shop deck's faces file, as bytes by file name (the cache's names).

    ``key`` is the deck's id, the one its files are stored under: the server's
    (:func:`recipe_key`), never worked out again here. A worker's key can differ from the
    server's (the code digest is read once per process: a checkout updated under a running
    server), and a summary naming another key named nothing stored."""
    return refusing(language, lambda: _build_deck(recipe_text, key))


def _build_deck(recipe_text: str, key: str) -> dict[str, bytes]:
    from generator.products.options import FaceFiles
    from generator.products.oucedonc_deck import FACES
    from generator.products.oucedonc_recipe import build_recipe, recipe_from_json

    recipe = recipe_from_json(recipe_text)
    imposed = recipe.record.profile == "shop"  # a home deck is imposed anyway
    made = build_recipe(recipe, FaceFiles(imposed=imposed))  # the previews are cut from them
    built = made.built
    summary = deck_summary(key, recipe, built, made.warnings)
    faces = [file.data for file in built.files if file.name == FACES]  # a shop deck's
    return {
        "recipe.json": recipe.to_json().encode(),
        **{name: built.file(product).data for name, product in DECK_FILES.items()},
        **({"faces.pdf": faces[0]} if faces else {}),
        "summary.json": json.dumps(summary, ensure_ascii=False).encode(),
    }


#: The studio's names of a deck's files (the cache's), and the names the deck product builds.
DECK_FILES = {
    "deck.pdf": "oucedonc.pdf",
    "deck.json": "oucedonc.json",
    "referee.html": "oucedonc-referee.html",
}


def build_faces(recipe_text: str, language: Language) -> bytes | Refusal:
    """Job: the recipe's faces file (every card one face per page), made when it is asked
    for: most decks are printed on sheets, and the previews need no faces file."""
    return refusing(language, lambda: _build_faces(recipe_text))


def _build_faces(recipe_text: str) -> bytes:
    from generator.products.options import FaceFiles
    from generator.products.oucedonc_deck import FACES
    from generator.products.oucedonc_recipe import build_recipe, recipe_from_json

    made = build_recipe(recipe_from_json(recipe_text), FaceFiles(faces=True))
    return made.built.file(FACES).data


#: What ``GET /api/decks/{id}/export/{format}.zip`` offers: ``pnp export``'s packages of the
#: deck being edited.
EXPORT_FORMATS = ("faces", "tts", "tabletopia", "screentop")


def build_export(
    recipe_text: str, what: str, shop: str, images: str, language: Language
) -> bytes | Refusal:
    """Job: the recipe's deck as ``pnp export``'s package ``what`` (one of
    :data:`EXPORT_FORMATS`), a deterministic zip: the print shop's faces at ``shop``'s template,
    or a table's images (Tabletop Simulator's named by the address ``images``)."""
    return refusing(language, lambda: _build_export(recipe_text, what, shop, images))


def _build_export(recipe_text: str, what: str, shop: str, images: str) -> bytes:
    from functools import partial

    from generator.exports import faces, screentop, tabletopia, tts
    from generator.exports.bundle import zip_bytes
    from generator.exports.source import Game
    from generator.products.oucedonc_recipe import recipe_decks, recipe_from_json

    recipe = recipe_from_json(recipe_text)
    source, language, game = partial(recipe_decks, recipe), recipe.language, Game.OUCEDONC
    if what == "faces":
        chosen = faces.SHOPS[faces.ShopKey(shop)]
        return zip_bytes(faces.build(faces.FacesOptions((game,), chosen, None, language, source)))
    if what == "tts":
        return zip_bytes(tts.build(tts.TtsOptions(game, images, language, source)))
    if what == "tabletopia":
        return zip_bytes(tabletopia.build(tabletopia.TabletopiaOptions(game, language, source)))
    return zip_bytes(screentop.build(screentop.ScreentopOptions(game, language, source)))


def _named_keys(names: Iterable[str]) -> set[str]:
    """The keys of ``names``, each with and without the code a homonym's name ends with ("Saint-
    Denis (93)"): a card printed "Saint-Denis (93)" is kept by "Saint-Denis" and the other way."""
    from generator.core.namekeys import name_key

    return {name_key(form) for name in names for form in (name, _QUALIFIER.sub("", name))}


#: The code in parentheses a homonym's name ends with, as a recipe may name it (docs/api.md)
_QUALIFIER = re.compile(r"\s*\([0-9A-Za-z]{2,5}\)$")


def deck_summary(key: str, recipe: Any, built: Any, warnings: tuple[str, ...]) -> dict[str, Any]:
    """What ``POST /api/decks`` answers (docs/api.md)."""
    from generator.games.oucedonc.coords import printed_coordinate
    from generator.geo.own_places import OWN_PREFIX
    from generator.products.oucedonc_recipe import best_known_first, region_centre, region_name

    deck = built.detail
    language = recipe.language
    kept = _named_keys(recipe.record.include)
    rank = {card: n for n, card in enumerate(best_known_first(recipe, deck), start=1)}
    centre = region_centre(recipe)
    cards: list[dict[str, Any]] = []
    for card in deck.places:
        own = (card.source_id or "").startswith(OWN_PREFIX)
        cards.append(
            {
                "id": card.id,
                "name": card.name,
                "kind": card.place_kind,
                "latitude": printed_coordinate(card.lat_text, language),
                "longitude": printed_coordinate(card.lon_text, language),
                "lat": card.lat,
                "lon": card.lon,
                "within": card.departement_name or "",
                "own": own,
                "kept": own or not kept.isdisjoint(_named_keys((card.name,))),
                "rank": rank[card.id],
            }
        )
    for other in deck.others:  # named as the card prints its title (the deck file: French)
        cards.append({"id": other.id, "name": P_(language, other.name), "kind": other.kind})
    return {
        "id": key,
        "title": deck.title,
        "region_name": region_name(recipe),
        "centre": None if centre is None else {"lat": centre[0], "lon": centre[1]},
        "precision": deck.precision.value,
        "pages": built.pages,
        "recipe": json.loads(recipe.to_json()),
        "cards": cards,
        "warnings": list(warnings),
    }


def card_preview(pdf: bytes, recipe_text: str, index: int, back: bool) -> bytes:
    """Job: a face of the deck's ``index``-th card as a PNG :data:`PREVIEW_WIDTH` pixels wide,
    cut from the printed sheets (``pdf``, the deck the recipe gives): the very drawing that
    prints, trimmed as the guillotine trims it."""
    from generator.products.oucedonc_deck import HOME_BLEED
    from generator.products.oucedonc_recipe import deck_options, recipe_from_json
    from generator.render.imposition import faces_at, plan_sheet

    options = deck_options(recipe_from_json(recipe_text))
    spec = options.imposition.spec(options.paper, options.profile, HOME_BLEED, options.language)
    face = faces_at(plan_sheet(spec), index)[back]
    return _page_picture(pdf, face.page, face.trim, face.rotation)


def page_preview(pdf: bytes, page: int) -> bytes:
    """A whole page of a PDF as a PNG :data:`PREVIEW_WIDTH` pixels wide."""
    return _page_picture(pdf, page)


def _page_picture(pdf: bytes, page: int, trim: Rect | None = None, rotation: int = 0) -> bytes:
    """The rectangle ``trim`` (mm from the lower left corner; None: the whole page) of a PDF
    page as a PNG :data:`PREVIEW_WIDTH` pixels wide, turned upright."""
    import pypdfium2

    point = 72 / 25.4
    document = pypdfium2.PdfDocument(pdf)
    try:
        sheet = document[page]
        width, height = sheet.get_size()
        left, bottom, right, top = (
            (0.0, 0.0, width, height)
            if trim is None
            else (trim.x * point, trim.y * point, trim.right * point, trim.top * point)
        )
        bitmap = sheet.render(
            scale=(PREVIEW_WIDTH + 0.5) / (right - left),  # pdfium rounds the crop down
            crop=(left, bottom, width - right, height - top),
        )
        picture = bitmap.to_pil()
        if rotation:
            picture = picture.rotate(rotation)
        buffer = io.BytesIO()
        picture.save(buffer, format="PNG")
        sheet.close()
    finally:
        document.close()
    return buffer.getvalue()


def face_index(summary: dict[str, Any], card_id: str) -> int | None:
    """Where ``card_id`` comes in the deck (from 0), None when no such card."""
    for index, card in enumerate(summary["cards"]):
        if card["id"] == card_id:
            return index
    return None


# ------------------------------------------------------------------- the referee


def verify_placement(
    deck_text: str, a: str, direction: str, b: str, language: Language
) -> dict[str, Any] | Refusal:
    """Is the card ``a`` ``direction`` (north-of, south-of, east-of, west-of) of the card
    ``b``, as the deck's backs print them? The referee service's verdict
    (:func:`generator.products.referee.verify.verify_on_deck`) as JSON, with its sentence and
    both cards' printed coordinates in ``language``; an unknown card is a :class:`Refusal`."""
    return refusing(language, lambda: _verify(deck_text, a, direction, b, language))


def _verify(deck_text: str, a: str, direction: str, b: str, language: Language) -> dict[str, Any]:
    from generator.games.oucedonc.compare import parse_direction
    from generator.games.oucedonc.coords import printed_coordinate
    from generator.games.oucedonc.deckfile import deck_from_json
    from generator.products.referee.verify import verdict_line, verify_on_deck

    deck = deck_from_json(deck_text)
    where = parse_direction(direction)
    gap = verify_on_deck(a, where, b, deck)
    result = gap.verdict
    printed = deck.language  # the backs of an English deck write W for west
    return {
        **gap.to_json(),
        "sentence": verdict_line(result.correct, result.a.name, where, result.b.name),
        "printed": {
            point.name: [
                printed_coordinate(text, printed) for text in (point.lat_text, point.lon_text)
            ]
            for point in (result.a, result.b)
        },
    }


# ------------------------------------------------------------------- own places

#: An upload of places is tighter than ``--places FILE`` (``geo.own_places.FILE_BOUNDS``): half a
#: megabyte (the request's body bound too), 200 places, names of 80 characters.
UPLOAD_PLACES = PlacesBounds(max_bytes=512 * 1024, max_places=200, max_name=80)


def read_places_file(data: bytes, filename: str, language: Language) -> dict[str, Any] | Refusal:
    """An uploaded CSV or GeoJSON of places (``geo``'s reader of ``--places FILE``, within the
    upload's bounds) as recipe places, and the lines to tell beside them (a GeoJSON's lines,
    skipped)."""
    from generator.geo.own_places import parse_own_places_noted

    def read() -> dict[str, Any]:
        places, warnings = parse_own_places_noted(data, filename, UPLOAD_PLACES)
        return {
            "places": [
                {"name": p.name, "lat": p.lat, "lon": p.lon, "kind": p.kind} for p in places
            ],
            "warnings": list(warnings),
        }

    return refusing(language, read)


def places_too_large(filename: str, language: Language) -> str:
    """The line refusing an upload of places over :data:`UPLOAD_PLACES`' bytes."""
    from generator.geo.own_places import too_large

    with speaking(language):
        return str(too_large(filename, UPLOAD_PLACES))


# ------------------------------------------------------------------- the other games


@dataclass(frozen=True)
class GameMaterial:
    """A game as the studio lists it: its key, its French title (printed as it is in every
    language), the kit's components that print its material (their English names), and what
    it prints and referees (French lines of the material catalog, :class:`GameInfo`'s)."""

    slug: str
    title: str
    components: tuple[str, ...]
    material: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()

    def said(self, language: Language) -> GameMaterial:
        """The same game, its material and helpers said in ``language``."""
        from dataclasses import replace

        from generator.core.i18n import P_

        return replace(
            self,
            material=tuple(P_(language, line) for line in self.material),
            helpers=tuple(P_(language, line) for line in self.helpers),
        )


def _games() -> tuple[GameMaterial, ...]:
    """Every game of the catalog with the kit's components that print its material."""
    from generator.games.catalog import GAMES as INFOS
    from generator.kit.components import COMPONENTS

    return tuple(
        GameMaterial(
            info.key,
            info.name,
            tuple(c.name for c in COMPONENTS if c.game == info.key),
            info.material,
            info.helpers,
        )
        for info in INFOS
    )


GAMES: tuple[GameMaterial, ...] = _games()
#: Every game's material at once: the whole kit.
KIT = GameMaterial("kit", "Kit", ())


def game(slug: str) -> GameMaterial | None:
    if slug == KIT.slug:
        return KIT
    return next((g for g in GAMES if g.slug == slug), None)


def variant_games(slug: str) -> tuple[str, ...]:
    """The games whose rule variants the material of ``slug`` takes: its own, every game's for
    the kit."""
    return tuple(g.slug for g in GAMES) if slug == KIT.slug else (slug,)


def choose_variants(
    slug: str, given: dict[str, Any], language: Language
) -> tuple[tuple[str, Any], ...] | Refusal:
    """The rule variants a material request of ``slug`` sends, checked by the games' own
    choices and bounds (:mod:`generator.games.variants`): those that differ from the seed's
    rules, as (name, value) pairs, or the refusal naming the variant and what it takes."""
    from generator.games.variants import choose

    chosen = game(slug)
    title = chosen.title if chosen is not None else slug
    return refusing(language, lambda: choose(variant_games(slug), given, title))


@dataclass(frozen=True)
class VariantView:
    """A rule variant as a game's page shows it, said in the page's language: ``choices`` are
    (value, label) pairs (a choice), ``low`` and ``high`` bound a number, ``default`` a bool is
    a yes/no."""

    name: str
    label: str
    effect: str
    kind: str  # "choice", "number" or "flag"
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    low: int | None = None
    high: int | None = None

    @property
    def numeric(self) -> bool:
        """Whether its values are numbers (the page sends 10, not "10")."""
        return self.kind == "number" or any(isinstance(v, int) for v, _label in self.choices)


def variant_groups(
    slug: str, language: Language
) -> tuple[tuple[str, tuple[VariantView, ...]], ...]:
    """The rule variants a game's page offers, by game (its title, the variants): one group, or
    one per game for the kit; none for a game without variants."""
    from generator.core.i18n import catalog
    from generator.games.variants import variants_of

    say = catalog("pnp", language).gettext
    titles = {g.slug: g.title for g in GAMES}
    groups = []
    for key in variant_games(slug):
        views = tuple(
            VariantView(
                variant.name,
                say(variant.label),
                say(variant.effect),
                variant.kind,
                variant.default,
                tuple(
                    (choice, say(label).format(value=choice))
                    for choice, label in zip(variant.choices, variant.choice_labels, strict=True)
                ),
                variant.low,
                variant.high,
            )
            for variant in variants_of([key])
        )
        if views:
            groups.append((titles.get(key, key), views))
    return tuple(groups)


def build_material(
    slug: str, options: dict[str, Any], scratch: str, language: Language
) -> dict[str, Any] | Refusal:
    """Job: the kit's components of one game (every game with ``slug`` "kit") built into the
    fresh folder ``scratch``: the PDFs (names relative to it) and a preview of each one's first
    page (``NAME.png`` beside it)."""
    return refusing(language, lambda: _build_material(slug, options, Path(scratch)))


def _build_material(slug: str, options: dict[str, Any], folder: Path) -> dict[str, Any]:
    from generator.core.i18n import parse_language
    from generator.geo.regions import resolve_region
    from generator.kit.components import COMPONENTS
    from generator.kit.model import KitParams
    from generator.kit.run import make_kit
    from generator.render.paper import PAPERS
    from generator.render.profile import PrintProfile, Profile

    # a web request's region names no file: checked here without looking at any path, as a
    # recipe's is; the kit resolves it again, and a country's code ("IT") would be looked for
    # as a file of the server's folder first: the kit gets the country's name
    asked = str(options.get("region", "france"))
    selection = resolve_region(asked, files=False)
    code = asked.strip()
    region = selection.name if len(code) == 2 and code.isalpha() else asked
    chosen = game(slug)
    wanted = set(chosen.components) if chosen is not None and chosen.components else None
    components = tuple(c for c in COMPONENTS if wanted is None or c.name in wanted)
    params = KitParams(
        out=folder,
        region=region,
        paper=PAPERS[str(options.get("paper", "a4"))],
        seed=int(options.get("seed", 1)),
        profile=PrintProfile(Profile(str(options.get("profile", "home")))),
        language=parse_language(str(options.get("language", "fr"))),
        variants=tuple((str(name), value) for name, value in options.get("variants", ())),
    )
    outcome = make_kit(params, components)
    # a sentence each, the part named in the page's language (a Failure's repr reached the page)
    failures = [
        # TRANSLATORS: a part of the material the studio could not make, and why
        _("{component}: {message}").format(component=_(failure.component), message=failure.message)
        for failure in outcome.result.failures
    ]
    if failures and len(failures) == len(components):
        raise UserError(failures[0])
    files = sorted(
        str(fact.path) for fact in outcome.facts if Path(str(fact.path)).suffix == ".pdf"
    )
    for name in files:
        (folder / f"{name}.png").write_bytes(page_preview((folder / name).read_bytes(), 0))
    return {"files": files, "failures": failures}


def sample_credit(language: Language) -> str:
    """The data credit of the front page's sample cards (French towns of the embedded data), in
    ``language``: what the rules card of their deck prints."""
    from generator.core.i18n import P_
    from generator.geo.catalog import EMBEDDED, card_credits

    return " · ".join(P_(language, line) for line in card_credits(EMBEDDED, ["insee:69123"]))


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as an SVG document (segno), dark modules on white."""
    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False)
    return buffer.getvalue().decode()
