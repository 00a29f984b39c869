"""The schemas of the deck file and the game file: every field typed, ranged, nothing unknown.

A deck or game file is read in two steps: :func:`generator.core.jsondoc.load_document` (JSON,
no duplicate keys, no number Python cannot hold) then :func:`validate`, which converts the
document into the records below with msgspec in strict mode (``"1"`` is not a number, ``true``
is not a version) and says where the first problem is and what the field takes, in words read
from the records themselves (:mod:`generator.core.schema_words`: "move 3, player: should be a
text of 1 to 200 characters, not 7"; msgspec's own message, translated, where the type cannot
be followed). The rules themselves (is the move legal, is the card on the table) are checked
afterwards by replaying the journal.

The documented form of both schemas is generated from these records:
``docs/schemas/oucedonc-deck.schema.json`` and ``docs/schemas/oucedonc-game.schema.json``
(:func:`json_schemas`; a test keeps the files equal to it).

Adding a move kind: one record class with ``tag="kind"`` below, added to :data:`MOVE_KINDS`,
and its reading in :mod:`generator.games.oucedonc.gamefile` (``_parse_move``), which checks
the fields first with messages of its own; the schema then checks what is left (ranges,
control characters, the fields of the header).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, Union

import msgspec
from msgspec import Meta, Struct, field

from generator.core.i18n import N_, _
from generator.core.refusal import Refusal, Value
from generator.core.schema_words import schema_problem
from generator.games.oucedonc.refusals import Why

T = TypeVar("T")

DECK_SCHEMA = "pnp.oucedonc.deck"
DECK_VERSION = 1
GAME_SCHEMA = "pnp.oucedonc.game"
GAME_VERSION = 3  # 2: "mode" (physical or deal), "seed" only when dealt, start/intermede moves;
# 3: "teams" (the members of the players that are teams)
DECK_TITLE = "Oucédonc deck file (written next to the deck PDF)"
GAME_TITLE = "Oucédonc game file (the referee's journal of a game)"

_PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$"
Text = Annotated[str, Meta(max_length=300, pattern=_PRINTABLE)]
Name = Annotated[str, Meta(min_length=1, max_length=200, pattern=_PRINTABLE)]
CardId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{1,16}$")]
Latitude = Annotated[float, Meta(ge=-90, le=90)]
Longitude = Annotated[float, Meta(ge=-180, le=180)]
Units = Annotated[int, Meta(ge=-(10**9), le=10**9)]
Seed = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
Packs = Annotated[int, Meta(ge=1, le=50)]
PackSize = Annotated[int, Meta(ge=1, le=1000)]


DeckVersion = Annotated[int, Meta(ge=1, le=DECK_VERSION)]
GameVersion = Annotated[int, Meta(ge=1, le=GAME_VERSION)]


# --------------------------------------------------------------------------- deck file


class PlaceCardRecord(Struct, tag="place", tag_field="kind", forbid_unknown_fields=True):
    id: CardId
    name: Name
    place_kind: Literal["town", "site"]
    lat_units: Units
    lon_units: Units
    lat_text: Text
    lon_text: Text
    lat: Latitude
    lon: Longitude
    departement: Text | None = None
    departement_name: Text | None = None
    region_code: Text | None = None
    region_name: Text | None = None
    population: Annotated[int, Meta(ge=0, le=10**9)] | None = None
    source_id: Text | None = None
    site_kind: Text | None = None


class IntermedeCardRecord(Struct, tag="intermede", tag_field="kind", forbid_unknown_fields=True):
    id: CardId
    name: Name


class DirectionCardRecord(Struct, tag="direction", tag_field="kind", forbid_unknown_fields=True):
    id: CardId
    name: Name


class RuleCardRecord(Struct, tag="rule", tag_field="kind", forbid_unknown_fields=True):
    id: CardId
    name: Name


CardRecord = Union[PlaceCardRecord, IntermedeCardRecord, DirectionCardRecord, RuleCardRecord]  # noqa: UP007


class DeckParams(Struct):
    """The printing parameters pnp reads back (the referee's tokens, the language of the printed
    texts); the others are free-form (paper, bleed...)."""

    tokens_each: Annotated[int, Meta(ge=1, le=99)] | None = None
    tokens: Annotated[int, Meta(ge=1, le=999)] | None = None
    # the language of the printed texts, the title and the place names; absent: French
    language: Literal["fr", "en"] | None = None


class DeckRecord(Struct, forbid_unknown_fields=True):
    schema: Literal["pnp.oucedonc.deck"]
    version: DeckVersion
    title: Name
    region: Text
    seed: Seed
    precision: Literal["minute", "second", "0.01"]
    packs: Packs
    pack_size: PackSize
    cards: Annotated[list[CardRecord], Meta(max_length=5000)]
    params: dict[str, Any] = {}


# --------------------------------------------------------------------------- game file

Word = Annotated[str, Meta(min_length=1, max_length=200, pattern=_PRINTABLE)]


class PlaceMove(Struct, tag="place", tag_field="move", forbid_unknown_fields=True):
    """A card placed: exactly one of ``between`` or a direction names where."""

    player: Word
    card: Word
    between: Annotated[list[Word], Meta(min_length=2, max_length=2)] | None = None
    north_of: Word | None = field(default=None, name="north-of")
    south_of: Word | None = field(default=None, name="south-of")
    east_of: Word | None = field(default=None, name="east-of")
    west_of: Word | None = field(default=None, name="west-of")


class DoubtMove(Struct, tag="doubt", tag_field="move", forbid_unknown_fields=True):
    by: Word
    card: Word
    neighbour: Word


class CountMove(Struct, tag="count", tag_field="move", forbid_unknown_fields=True):
    estimates: dict[Word, Annotated[int, Meta(ge=0, le=10_000)]]


class StartMove(Struct, tag="start", tag_field="move", forbid_unknown_fields=True):
    """The start card turned over at the table (physical mode)."""

    card: Word


class IntermedeMove(Struct, tag="intermede", tag_field="move", forbid_unknown_fields=True):
    """An Intermède card drawn and declared (physical mode)."""


MOVE_KINDS: tuple[type, ...] = (StartMove, PlaceMove, DoubtMove, IntermedeMove, CountMove)
MoveRecord = Union[MOVE_KINDS]  # type: ignore[valid-type]  # noqa: UP007


class GameRecord(Struct, forbid_unknown_fields=True):
    schema: Literal["pnp.oucedonc.game"]
    version: GameVersion
    players: Annotated[list[Word], Meta(min_length=1, max_length=50)]
    packs: Packs
    pack_size: PackSize
    options: dict[str, Any]  # checked by RuleOptions.from_json
    journal: Annotated[list[MoveRecord], Meta(max_length=100_000)]
    deck: dict[str, Any]  # checked as a deck file
    mode: Literal["physical", "deal"] | None = None  # version 2 (version 1 games are dealt)
    teams: dict[Word, Annotated[list[Word], Meta(min_length=1, max_length=8)]] | None = None
    seed: Seed | None = None  # the shuffle of a dealt game


# --------------------------------------------------------------------------- validation

# The schema library's words (msgspec's, English), each as a sentence of the catalog with the
# same fields: read back from its message, said in the language of the reader ("on attend
# `int` >= 1" in French). A message none of them reads stays the library's own.
_LIBRARY_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), sentence)
    for pattern, sentence in (
        (r"^Expected `(?P<expected>[^`]+)`, got `(?P<got>[^`]+)`$",
         N_("expected `{expected}`, got `{got}`")),
        (r"^Expected `(?P<expected>[^`]+)` of length (?P<op>[<>]=?) (?P<bound>\S+)$",
         N_("expected `{expected}` of length {op} {bound}")),
        (r"^Expected `(?P<expected>[^`]+)` (?P<op>[<>]=?) (?P<bound>\S+)$",
         N_("expected `{expected}` {op} {bound}")),
        (r"^Object contains unknown field `(?P<field>[^`]+)`$",
         N_("object contains unknown field `{field}`")),
        (r"^Object missing required field `(?P<field>[^`]+)`$",
         N_("object missing required field `{field}`")),
        (r"^Invalid enum value (?P<value>.+)$", N_("invalid enum value {value}")),
        (r"^Invalid value (?P<value>.+)$", N_("invalid value {value}")),
    )
)  # fmt: skip
#: What a pattern of the schemas asks for, in words.
_PATTERN_SENTENCES = {
    _PRINTABLE: N_("expected `{expected}` without control characters"),
    r"^[A-Za-z0-9_-]{1,16}$": N_("expected `{expected}` of 1 to 16 letters, digits, '-' or '_'"),
}
_MATCHING = re.compile(r"^Expected `(?P<expected>[^`]+)` matching regex (?P<pattern>'.*')$")


@dataclass(frozen=True)
class SchemaWords:
    """A schema's problem or its place in the document, said in the reader's language when the
    refusal is worded (a :class:`~generator.core.refusal.Phrase`); its JSON is the English."""

    sentence: str  # marked for the catalog, or words of no language (a path, msgspec's)
    fields: tuple[tuple[str, str], ...] = ()
    translated: bool = True

    def words(self) -> str:
        sentence = _(self.sentence) if self.translated else self.sentence
        return sentence.format_map(dict(self.fields))

    def english(self) -> str:
        return self.sentence.format_map(dict(self.fields))

    def to_json(self) -> str:
        return self.english()


def _problem(message: str) -> SchemaWords:
    """msgspec's message ("Expected `int` >= 1") as one of :data:`_LIBRARY_SENTENCES`."""
    matching = _MATCHING.match(message)
    if matching:
        pattern = ast.literal_eval(matching["pattern"])
        if pattern in _PATTERN_SENTENCES:
            return SchemaWords(_PATTERN_SENTENCES[pattern], (("expected", matching["expected"]),))
    for library, sentence in _LIBRARY_SENTENCES:
        match = library.match(message)
        if match:
            return SchemaWords(sentence, tuple(match.groupdict().items()))
    return SchemaWords("{message}", (("message", message[:1].lower() + message[1:]),), False)


_JOURNAL = re.compile(r"^\$\.journal\[(\d+)\]\.?")
_CARD = re.compile(r"^\$\.cards\[(\d+)\]\.?")
_WHERE = {
    "move": (N_("move {number}"), N_("move {number}, {rest}")),
    "card": (N_("card {number}"), N_("card {number}, {rest}")),
}


def _where(path: str) -> SchemaWords:
    """``$.journal[2].player`` -> ``move 3, player``; ``$.cards[0].name`` -> ``card 1, name``;
    ``$`` -> ``the top level``."""
    for pattern, what in ((_JOURNAL, "move"), (_CARD, "card")):
        match = pattern.match(path)
        if match:
            rest = path[match.end() :]
            if what == "move" and rest == "move":
                rest = "kind"  # the tag field
            bare, further = _WHERE[what]
            number = str(int(match.group(1)) + 1)
            if rest:
                return SchemaWords(further, (("number", number), ("rest", rest)))
            return SchemaWords(bare, (("number", number),))
    field_path = path.removeprefix("$.").removeprefix("$")
    if not field_path:
        return SchemaWords(N_("the top level"))
    return SchemaWords("{path}", (("path", field_path),), False)


def validate(document: Any, record: type[T], source: Value, advice: Value) -> T:
    """``document`` as ``record``, or one refusal saying where the first problem is."""
    try:
        return msgspec.convert(document, record, strict=True)
    except msgspec.ValidationError as exc:
        text = str(exc)
        message, _at, path = text.rpartition(" - at `")
        if not message:
            message, path = text, "$"
        path = path.rstrip("`")
        problem: Value = schema_problem(message, path, record, document) or _problem(message)
        raise Refusal(
            Why.SCHEMA,
            {
                "source": source,
                "top": path == "$",
                "where": _where(path),
                "message": problem,
                "advice": advice,
            },
        ) from None
    except RecursionError:
        raise Refusal(Why.NESTED_TOO_DEEPLY, {"source": source, "advice": advice}) from None


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema documents of the deck file and the game file (for docs/schemas/)."""
    schemas = {}
    for name, record, title in (
        ("oucedonc-deck", DeckRecord, DECK_TITLE),
        ("oucedonc-game", GameRecord, GAME_TITLE),
    ):
        schema = msgspec.json.schema(record)
        schema["title"] = title
        schema["$id"] = f"{name}.schema.json"
        schemas[name] = schema
    deck = schemas["oucedonc-deck"]["$defs"]
    deck.update(msgspec.json.schema(DeckParams)["$defs"])  # the params the referee reads
    deck["DeckRecord"]["properties"]["params"] = {"$ref": "#/$defs/DeckParams", "default": {}}
    game = schemas["oucedonc-game"]["$defs"]["GameRecord"]["properties"]
    game["deck"] = {"$ref": "oucedonc-deck.schema.json", "description": "the deck file, embedded"}
    return schemas
