"""A deck as a recipe: a small JSON file that gives the same deck, byte for byte, wherever it is
built (the studio of ``pnp serve``, ``pnp oucedonc deck --recipe FILE``, a script's
``POST /api/decks``).

A recipe holds what ``pnp oucedonc deck`` can be told, less what names a file (no templates,
font, output or polygon file: a recipe travels, and nothing in it reaches a path), plus the
studio's edits: ``include`` (places every deal keeps), ``exclude`` (places never dealt) and
``places`` (the user's own points). Its region is a name or code as ``--region`` takes them, a
box ``minlon,minlat,maxlon,maxlat``, or ``{"around": COMMUNE, "km": N}`` ("Quimperlé and 30 km
around"). The schema is ``docs/schemas/oucedonc-recipe.schema.json`` (:func:`recipe_schema`; a
test keeps the file equal to it).

:func:`recipe_key` is the recipe's content address: the same key, the same files. A cache of
built decks (the studio's) is keyed by it.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _, number
from generator.games.oucedonc.deck import smallest_deck
from generator.products.oucedonc_edits import DeckEdits, OwnPlace

if TYPE_CHECKING:
    from generator.games.oucedonc.deckfile import Deck
    from generator.geo.model import Place
    from generator.geo.place_table import PlaceTable
    from generator.geo.regions import RegionSelection
    from generator.products.contract import Built
    from generator.products.options import DeckFormat, FaceFiles
    from generator.products.oucedonc_deck import OucedoncDeckOptions, Selector
    from generator.render.deck import CardDeck

RECIPE_SCHEMA: Literal["pnp.oucedonc.recipe"] = "pnp.oucedonc.recipe"
RECIPE_VERSION = 1
#: The largest recipe file read (bytes): a few hundred places of one's own fit in far less.
MAX_RECIPE_BYTES = 256 * 1024

_PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$"
PlaceName = Annotated[str, Meta(min_length=1, max_length=80, pattern=_PRINTABLE)]
RegionText = Annotated[str, Meta(min_length=1, max_length=100, pattern=_PRINTABLE)]
#: A recipe's place cards: packs of the smallest size with their start cards (``--pack-size``
#: is no recipe's, so any deck from there builds; docs/rules/oucedonc.md, "Small packs"), up to
#: a bound of the studio's.
MIN_CARDS = smallest_deck()
MAX_CARDS = 400
#: The radius around a commune (km): from a small town's few places to a large part of France.
MIN_KM = 5
MAX_KM = 200
Latitude = Annotated[float, Meta(ge=-90, le=90)]
Longitude = Annotated[float, Meta(ge=-180, le=180)]


class AroundRecord(Struct, forbid_unknown_fields=True, frozen=True):
    """A commune (its name or INSEE code) and the places within ``km`` of it."""

    around: PlaceName
    km: Annotated[float, Meta(ge=MIN_KM, le=MAX_KM)] = 30.0


class PlaceRecord(Struct, forbid_unknown_fields=True):
    name: PlaceName
    lat: Latitude
    lon: Longitude
    kind: Literal["town", "site"] = "site"


class RecipeRecord(Struct, forbid_unknown_fields=True, omit_defaults=False):
    """An Oucédonc deck as the studio makes it (field by field as ``pnp oucedonc deck``)."""

    schema: Literal["pnp.oucedonc.recipe"] = RECIPE_SCHEMA
    version: Annotated[int, Meta(ge=1, le=RECIPE_VERSION)] = RECIPE_VERSION
    region: RegionText | AroundRecord = "france"
    cards: Annotated[int, Meta(ge=MIN_CARDS, le=MAX_CARDS)] | None = None
    seed: Annotated[int, Meta(ge=0, le=2**31 - 1)] = 1
    difficulty: Literal["easy", "normal", "hard"] = "normal"
    sites_share: Annotated[float, Meta(ge=0, le=1)] = 0.2
    include: Annotated[list[PlaceName], Meta(max_length=200)] = msgspec.field(default_factory=list)
    exclude: Annotated[list[PlaceName], Meta(max_length=2000)] = msgspec.field(default_factory=list)
    places: Annotated[list[PlaceRecord], Meta(max_length=200)] = msgspec.field(default_factory=list)
    language: Literal["fr", "en"] = MATERIAL_DEFAULT
    paper: Literal["a4", "letter", "a3"] = "a4"
    card_size: Annotated[str, Meta(max_length=20, pattern=r"^[A-Za-z0-9.]+$")] = "poker"
    duplex: Literal["long", "short", "fold"] = "long"
    back_offset: Annotated[str, Meta(max_length=20, pattern=r"^[-+0-9., ]+$")] = "0,0"
    bleed: Annotated[float, Meta(ge=0, le=10)] | None = None
    precision: Literal["auto", "minute", "second", "0.01"] = "auto"
    profile: Literal["home", "shop"] = "home"
    ink_limit: Annotated[float, Meta(ge=200, le=400)] | None = None
    tokens_each: Annotated[int, Meta(ge=1, le=17)] = 5


@dataclass(frozen=True)
class Recipe:
    """A checked recipe: the deck's options and the studio's edits."""

    record: RecipeRecord

    @property
    def edits(self) -> DeckEdits:
        return DeckEdits(
            tuple(self.record.include),
            tuple(self.record.exclude),
            tuple(OwnPlace(p.name, p.lat, p.lon, p.kind) for p in self.record.places),
        )

    @property
    def language(self) -> Language:
        return "en" if self.record.language == "en" else "fr"

    def canonical(self) -> bytes:
        """Every field in a fixed order, defaults written: two recipes that build the same
        deck have the same bytes here."""
        return msgspec.json.encode(self.record)

    def to_json(self) -> str:
        document = msgspec.to_builtins(self.record)
        import json

        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def recipe_from_document(document: object, source: str = "recipe") -> Recipe:
    """A recipe from its JSON value, checked field by field (one line saying where)."""
    from generator.games.oucedonc.fileschema import validate

    if isinstance(document, dict) and "schema" not in document:
        document = {"schema": RECIPE_SCHEMA, **document}  # a script's short form
    region = document.get("region") if isinstance(document, dict) else None
    if isinstance(region, str) and not region.strip():  # left out, it is France; empty, a slip
        raise UserError(
            _(
                "{source}: region is empty; name a region (e.g. 'bretagne', '33') or leave region "
                "out for France"
            ).format(source=source)
        )
    record = validate(document, RecipeRecord, source, _("see docs/schemas/oucedonc-recipe"))
    if any(not math.isfinite(v) for p in record.places for v in (p.lat, p.lon)):
        raise UserError(
            _("{source}: a place's latitude or longitude is not a number").format(source=source)
        )
    return Recipe(record)


def recipe_from_json(text: str, source: str = "recipe") -> Recipe:
    from generator.core.jsondoc import load_document

    return recipe_from_document(
        load_document(text, source, _("see docs/schemas/oucedonc-recipe")), source
    )


def read_recipe(path: Path) -> Recipe:
    """The recipe file ``path`` (a regular file of at most :data:`MAX_RECIPE_BYTES`)."""
    from generator.core.inputs import read_text_input

    advice = _("save the recipe again from the studio")
    return recipe_from_json(read_text_input(path, "recipe", MAX_RECIPE_BYTES, advice), str(path))


def recipe_key(recipe: Recipe) -> str:
    """The recipe's content address: its canonical bytes, pnp's version and code
    (:func:`~generator.core.resources.code_digest`), and the data set's."""
    from generator import __version__
    from generator.core.resources import code_digest
    from generator.geo import embedded

    digest = hashlib.sha256()
    digest.update(recipe.canonical())
    digest.update(__version__.encode())
    digest.update(code_digest().encode())
    digest.update(embedded.dataset_path(embedded.PROVENANCE_FILE).read_bytes())
    return digest.hexdigest()[:32]


def recipe_schema() -> dict[str, Any]:
    """The JSON Schema of the recipe file (docs/schemas/oucedonc-recipe.schema.json)."""
    schema = msgspec.json.schema(RecipeRecord)
    schema["title"] = "Oucédonc deck recipe (pnp serve, pnp oucedonc deck --recipe)"
    schema["$id"] = "oucedonc-recipe.schema.json"
    return schema


# ------------------------------------------------------------------- the region


def deck_options(recipe: Recipe, files: FaceFiles | None = None) -> OucedoncDeckOptions:
    """The deck's options as the recipe gives them; ``files``: the face files asked for beside
    the sheets (the command line's --faces and --png, the studio's faces)."""
    from generator.games.oucedonc.coords import PrecisionChoice
    from generator.geo.difficulty import Difficulty
    from generator.products.options import FaceFiles, Imposition
    from generator.products.oucedonc_deck import OucedoncDeckOptions
    from generator.render.card_size import back_offset, card_size
    from generator.render.duplex import Duplex
    from generator.render.ink import DEFAULT_INK_LIMIT
    from generator.render.paper import PAPERS
    from generator.render.profile import PrintProfile, Profile

    record = recipe.record
    ink_limit = DEFAULT_INK_LIMIT if record.ink_limit is None else record.ink_limit
    return OucedoncDeckOptions(
        region=region_text(record.region),
        cards=record.cards,
        seed=record.seed,
        precision=PrecisionChoice(record.precision),
        sites_share=record.sites_share,
        difficulty=Difficulty(record.difficulty),
        tokens_each=record.tokens_each,
        paper=PAPERS[record.paper],
        profile=PrintProfile(Profile(record.profile), ink_limit),
        imposition=Imposition(
            card_size(record.card_size),
            record.bleed,
            Duplex(record.duplex),
            back_offset(record.back_offset),
        ),
        files=files or FaceFiles(),
        language=recipe.language,
    )


def region_text(region: str | AroundRecord) -> str:
    """What the deck file records as its region: the text, or ``around:COMMUNE:KM``."""
    if isinstance(region, AroundRecord):
        return f"around:{region.around}:{number(region.km, 'en')}"
    return region.strip() or "france"


def resolve_recipe_region(
    region: str | AroundRecord, language: Language = MATERIAL_DEFAULT
) -> RegionSelection:
    """The recipe's region; never a file: a recipe names no path."""
    from generator.geo.regions import POLYGON_SUFFIXES, resolve_region

    if isinstance(region, AroundRecord):
        return around(region.around, region.km, language)
    text = region.strip()
    if any(sep in text for sep in "/\\") or text.lower().endswith(POLYGON_SUFFIXES):
        raise UserError(
            _(
                "a recipe's region is a name, a code or a box, not a file ({text}); draw the "
                "region in the studio or give a box minlon,minlat,maxlon,maxlat"
            ).format(text=text)
        )
    code = text.upper()
    if len(code) == 2 and code.isalpha() and code.isascii():
        # an ISO country code, resolved by name so that no file of that name is ever read
        from generator.geo import embedded

        names = embedded.country_names().get(code)
        if names is not None and code in embedded.world_country_codes():
            text = names[0]
    return resolve_region(text, files=False)


def around(commune: str, km: float, language: Language = MATERIAL_DEFAULT) -> RegionSelection:
    """A commune (name or INSEE code) and every place within ``km`` of its point."""
    from shapely import affinity
    from shapely.geometry import Point

    from generator.geo.abroad import around_code, around_name
    from generator.geo.regions import RegionSelection

    centre = find_commune(commune)
    lat_km = 110.574
    lon_km = 111.320 * math.cos(math.radians(centre.lat))
    circle = affinity.scale(Point(centre.lon, centre.lat).buffer(1.0, 64), km / lon_km, km / lat_km)
    min_lon, min_lat, max_lon, max_lat = (float(v) for v in circle.bounds)
    return RegionSelection(
        "polygon",
        around_code(centre.insee or "", km),
        around_name(centre.name, km, language),
        frozenset(),
        bbox=(min_lon, min_lat, max_lon, max_lat),
        polygon=circle,
    )


def find_commune(text: str) -> Place:
    """A commune by INSEE code or by name (the most populous of homonyms)."""
    from generator.core.namekeys import name_key
    from generator.geo import embedded

    by_code = embedded.communes_by_insee().get(text.strip().upper())
    if by_code is not None:
        return by_code
    key = name_key(text)
    found = [place for place in embedded.communes() if name_key(place.name) == key]
    if not found:
        raise UserError(
            _("no commune named {name} in the embedded data; check the spelling").format(name=text)
        )
    return max(found, key=lambda place: (place.population or 0, place.id))


def known_place(name: str, near: tuple[float, float] | None = None) -> Place | None:
    """The embedded commune or site ``name`` names (its key, or "Saint-Denis (93)": see
    :func:`~generator.products.oucedonc_edits.places_named`), if any: a site before a commune of
    the same name (Mont-Saint-Michel), then the nearest to ``near``, then the best known."""
    from generator.products.oucedonc_edits import km_between, places_named

    found = places_named(name, _known_by_key())
    if not found:
        return None

    def distance(place: Place) -> float:
        return 0.0 if near is None else km_between((place.lat, place.lon), near)

    return min(
        found,
        key=lambda place: (place.kind != "site", distance(place), -place.familiarity, place.id),
    )


@lru_cache(maxsize=1)
def _known_by_key() -> dict[str, list[Place]]:
    """Every embedded commune and site by its name's key."""
    from generator.core.namekeys import name_key
    from generator.geo import embedded

    by_key: dict[str, list[Place]] = {}
    for place in (*embedded.communes(), *embedded.landmarks()):
        by_key.setdefault(name_key(place.name), []).append(place)
    return by_key


# ------------------------------------------------------------------- building


@dataclass(frozen=True)
class RecipeDeck:
    """A recipe built in memory (nothing written): the deck's files and what to tell the user
    (the edits' warnings, then the deal's note, a line each)."""

    built: Built[Deck]
    warnings: tuple[str, ...]


@lru_cache(maxsize=8)
def region_places(
    region: str | AroundRecord, language: Language
) -> tuple[RegionSelection, PlaceTable]:
    """The recipe's region and its candidate places (those of the command line's deck of the
    region), read once per process for the last few regions (the studio's workers build one
    region's deck again at every edit)."""
    from generator.geo.pick import embedded_candidates

    selection = resolve_recipe_region(region, language)
    return selection, embedded_candidates(selection)


def region_name(recipe: Recipe) -> str:
    """The name of the recipe's region in the language spoken (the studio's page: "Hérault",
    "Italy" in English, "Italie" in French), for the studio to show a recipe opened from a
    file as it shows a region chosen in its list: the commune's alone for the places around
    it."""
    region = recipe.record.region
    if isinstance(region, AroundRecord):
        return find_commune(region.around).name
    selection, _candidates = region_places(region, recipe.language)
    return selection.spoken


def region_centre(recipe: Recipe) -> tuple[float, float] | None:
    """The commune's point (latitude, longitude) of a region around a commune, for the studio
    to show its part of the map whatever named the commune (a recipe from a file gives its
    code alone); None for another region."""
    region = recipe.record.region
    if not isinstance(region, AroundRecord):
        return None
    commune = find_commune(region.around)
    return commune.lat, commune.lon


def best_known_first(recipe: Recipe, deck: Deck) -> list[str]:
    """The ids of the deck's place cards, best known first as the deal ranks places
    (:mod:`generator.geo.selection`): each kind by familiarity, a card's rank among its kind
    divided by their number, so that towns and sites interleave. The places the region's data
    does not rank (one's own, a kept place from elsewhere) come last, in the deck's order."""
    _selection, candidates = region_places(recipe.record.region, recipe.language)
    ids = {card.source_id for card in deck.places}
    known = {
        pid: value
        for pid, value in zip(candidates.ids, candidates.familiarity, strict=True)
        if pid in ids
    }
    share: dict[str, float] = {}
    for kind in ("town", "site"):
        ranked = [c for c in deck.places if c.place_kind == kind and c.source_id in known]
        ranked.sort(key=lambda c: (-known[c.source_id or ""], c.source_id or ""))
        share.update((card.id, (n + 1) / len(ranked)) for n, card in enumerate(ranked))
    return sorted((card.id for card in deck.places), key=lambda i: share.get(i, math.inf))


def build_recipe(recipe: Recipe, files: FaceFiles | None = None) -> RecipeDeck:
    """The recipe's deck, in memory, with the face files ``files`` asks for: the region's deal
    with the recipe's edits applied (:mod:`generator.products.oucedonc_edits`)."""
    from generator.products.oucedonc_deck import build

    select, warnings = recipe_selector(recipe)
    built = build(deck_options(recipe, files), select)
    return RecipeDeck(built, (*warnings, *built.note.splitlines()))


def recipe_decks(recipe: Recipe, fmt: DeckFormat) -> tuple[CardDeck, ...]:
    """The recipe's cards and tokens as faces cut to an export's format (its card size, when
    it names one, and its bleed), printed as for a screen (RGB) in the recipe's language: what
    ``pnp export`` makes of the studio's deck (a
    :data:`~generator.exports.source.DeckSource`)."""
    from msgspec.structs import replace

    from generator.products.oucedonc_deck import decks
    from generator.render.profile import HOME

    options = deck_options(recipe)
    card = fmt.card or options.imposition.card
    imposition = replace(options.imposition, card=card, bleed=fmt.bleed)
    select, _warnings = recipe_selector(recipe)
    return decks(replace(options, profile=HOME, imposition=imposition), select)


def recipe_selector(recipe: Recipe) -> tuple[Selector, tuple[str, ...]]:
    """How the recipe's places are chosen (its region's deal with its edits) and what the
    edits warn of."""
    from generator.products.oucedonc_edits import apply_edits
    from generator.products.oucedonc_places import select_deck

    selection, candidates = region_places(recipe.record.region, recipe.language)
    edits = recipe.edits
    edited = apply_edits(candidates, edits, known_place, selection.name) if edits else None
    select = partial(select_deck, found=(selection, candidates), edited=edited)
    return select, edited.warnings if edited else ()
