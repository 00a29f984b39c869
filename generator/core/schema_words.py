"""A schema's refusal in words: what a field takes, said from the schema itself.

A file of pnp's that people may edit by hand (a recipe, a deck file, a game file) is read into
msgspec records in strict mode. msgspec's message speaks types ("Expected `int | null`, got
`str`", "Invalid enum value 'facile'", "Object contains unknown field `colour`"); a reader who
wrote ``"cards": "45"`` wants to read what ``cards`` takes. :func:`schema_problem` reads the
record's type at the error's path (:mod:`msgspec.inspect`) and the value the document holds
there, and says the problem as a :class:`~generator.core.refusal.Phrase`, worded when the
refusal is, in the reader's language:

- a value of the wrong type or out of range: what the field takes and what it was given
  ("should be a whole number from 15 to 400, not "45""), the bounds, the allowed values and the
  lengths read from the record's own annotations (never written a second time);
- an unknown field: the nearest field of the object ("did you mean "colour"?"), else the
  fields it takes;
- a missing field: its name and what it takes.

Where the type cannot be followed (a message msgspec words otherwise), :func:`schema_problem`
returns None and the caller keeps its translation of the library's message.
"""

from __future__ import annotations

import difflib
import json
import re
import typing
import unicodedata
from dataclasses import dataclass
from typing import Any

import msgspec.inspect as mi

from generator.core.i18n import N_, _, either, listed, number, speaking

Json = Any

#: What a pattern of the schemas asks for, in words (a pattern not here is said as "a text").
PATTERN_WORDS = {
    r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$": N_(
        "without control characters"
    ),
    r"^[A-Za-z0-9_-]{1,16}$": N_("of 1 to 16 letters, digits, '-' or '_'"),
    r"^[A-Za-z0-9.]+$": N_("of letters, digits and points"),
    r"^[-+0-9., ]+$": N_("of digits, signs, commas and points"),
}
#: Objects with at most this many fields are said with their fields' names.
FEW_FIELDS = 6
#: The longest value quoted back to the reader (characters of its JSON).
MAX_SHOWN = 40

_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]|\[\.\.\.\]")
_MISSING = object()


@dataclass(frozen=True)
class Problem:
    """A schema's problem, worded when the refusal is (:meth:`words`); its JSON is the English."""

    kind: str  # "type", "unknown", "missing"
    takes: Any  # the msgspec type expected (at the path, or the missing field's)
    hints: Any  # the annotation it comes from (for the allowed values' order), or None
    got: Any = _MISSING  # the document's value at the path
    field: str = ""  # the unknown or missing field
    fields: tuple[str, ...] = ()  # the fields the object takes (an unknown field)

    def words(self) -> str:
        if self.kind == "unknown":
            nearest = difflib.get_close_matches(self.field, self.fields, n=1, cutoff=0.6)
            if nearest:
                return _("unknown field “{field}” (did you mean “{nearest}”?)").format(
                    field=self.field, nearest=nearest[0]
                )
            return _("unknown field “{field}”; the fields are {fields}").format(
                field=self.field, fields=listed(self.fields)
            )
        takes = describe(self.takes, self.hints)
        if self.kind == "missing":
            return _("the field “{field}” is missing ({takes})").format(
                field=self.field, takes=takes
            )
        if self.got is _MISSING:
            return _("should be {takes}").format(takes=takes)
        return _("should be {takes}, not {got}").format(takes=takes, got=shown(self.got))

    def to_json(self) -> Json:
        with speaking("en"):
            return self.words()


def schema_problem(message: str, path: str, record: type, document: Any) -> Problem | None:
    """msgspec's ``message`` at ``path`` (``$.places[0].lat``) converting ``document`` into
    ``record``, as a :class:`Problem`; None where the type at the path cannot be followed."""
    found = _follow(mi.type_info(record), record, document, path)
    if found is None:
        return None
    kind, hints, value = found
    unknown = re.match(r"^Object contains unknown field `(?P<field>[^`]+)`$", message)
    missing = re.match(r"^Object missing required field `(?P<field>[^`]+)`$", message)
    if unknown or missing:
        struct = _struct_of(kind, value)
        if struct is None:
            return None
        names = tuple(f.encode_name for f in struct.fields)
        if unknown:
            return Problem("unknown", struct, None, field=unknown["field"], fields=names)
        assert missing is not None
        for item in struct.fields:
            if item.encode_name == missing["field"]:
                field_hints = _field_hints(struct.cls, item.name)
                return Problem("missing", item.type, field_hints, field=item.encode_name)
        return None
    if re.match(r"^(Expected|Invalid)", message) and describable(kind):
        return Problem("type", kind, hints, got=value)
    return None


def _follow(kind: Any, hints: Any, value: Any, path: str) -> tuple[Any, Any, Any] | None:
    """The type, its annotation and the value at ``path``; None where the path leads nowhere
    the types say (a dict's key, ``[...]``, a union that cannot be told apart)."""
    if not path.startswith("$"):
        return None
    rest = path[1:]
    position = 0
    while position < len(rest):
        step = _STEP.match(rest, position)
        if step is None:
            return None
        position = step.end()
        kind = _member(kind, value)
        if isinstance(kind, mi.StructType) and step.group(1) is not None:
            name = step.group(1)
            found = next((f for f in kind.fields if f.encode_name == name), None)
            if kind.tag_field == name:  # the tag: one of the union's tags
                return None
            if found is None:
                return None
            hints = _field_hints(kind.cls, found.name)
            kind = found.type
            value = value.get(name, _MISSING) if isinstance(value, dict) else _MISSING
        elif isinstance(kind, mi.ListType) and step.group(2) is not None:
            index = int(step.group(2))
            kind, hints = kind.item_type, _arg(hints, list)
            ok = isinstance(value, list) and index < len(value)
            value = value[index] if ok else _MISSING
        else:
            return None
    return kind, hints, value


def _member(kind: Any, value: Any) -> Any:
    """The member of a union ``value`` is converted into (the one of its JSON kind)."""
    if not isinstance(kind, mi.UnionType):
        return kind
    members = [t for t in kind.types if not isinstance(t, mi.NoneType)]
    if isinstance(value, dict):
        structs = [t for t in members if isinstance(t, mi.StructType)]
        for struct in structs:
            if struct.tag_field is not None and value.get(struct.tag_field) == struct.tag:
                return struct
        if len(structs) == 1 and structs[0].tag_field is None:
            return structs[0]
        dicts = [t for t in members if isinstance(t, mi.DictType)]
        return dicts[0] if dicts else kind
    if isinstance(value, list):
        lists = [t for t in members if isinstance(t, mi.ListType)]
        return lists[0] if lists else kind
    if isinstance(value, str):
        texts = [t for t in members if isinstance(t, (mi.StrType, mi.LiteralType))]
        if len(texts) == 1:  # a text of the wrong form: what the text takes
            return texts[0]
    return members[0] if len(members) == 1 else kind


def _struct_of(kind: Any, value: Any) -> mi.StructType | None:
    kind = _member(kind, value)
    return kind if isinstance(kind, mi.StructType) else None


def _field_hints(cls: type, name: str) -> Any:
    try:
        return typing.get_type_hints(cls, include_extras=True).get(name)
    except (NameError, TypeError):  # an annotation that names what is not imported here
        return None


def _arg(hints: Any, origin: type) -> Any:
    """The item's annotation of a ``list[...]`` inside ``hints`` (Annotated or a union)."""
    for inner in _inner(hints):
        if typing.get_origin(inner) is origin:
            args = typing.get_args(inner)
            return args[0] if args else None
    return None


def _inner(hints: Any) -> list[Any]:
    """``hints`` and what it wraps: Annotated's type, a union's members, one level each."""
    if hints is None:
        return []
    found = [hints]
    for item in typing.get_args(hints):
        if typing.get_origin(hints) is typing.Annotated and item is not typing.get_args(hints)[0]:
            continue  # a Meta
        found.extend(_inner(item))
    return found


def _literal_order(kind: mi.LiteralType, hints: Any) -> tuple[Any, ...]:
    """The allowed values in the order the code writes them (msgspec sorts them)."""
    for inner in _inner(hints):
        if typing.get_origin(inner) is typing.Literal:
            values = typing.get_args(inner)
            if set(values) == set(kind.values):
                return values
    return tuple(kind.values)


def describable(kind: Any) -> bool:
    """Whether :func:`describe` says ``kind`` in words (not Any, nor a raw type)."""
    if isinstance(kind, mi.UnionType):
        return all(describable(t) for t in kind.types)
    return isinstance(
        kind,
        (
            mi.IntType,
            mi.FloatType,
            mi.StrType,
            mi.BoolType,
            mi.LiteralType,
            mi.ListType,
            mi.DictType,
            mi.StructType,
            mi.NoneType,
        ),
    )


def describe(kind: Any, hints: Any = None) -> str:
    """What ``kind`` takes, in words of the reader's language: "a whole number from 15 to 400",
    "easy, normal or hard", "a text of 1 to 80 characters"."""
    if isinstance(kind, mi.UnionType):
        members = [t for t in kind.types if not isinstance(t, mi.NoneType)]
        # null stands for the default: a reader leaves the field out
        return either([describe(t, hints) for t in members] or [_("null")])
    if isinstance(kind, mi.NoneType):
        return _("null")
    if isinstance(kind, mi.BoolType):
        return _("true or false")
    if isinstance(kind, mi.LiteralType):
        values = _literal_order(kind, hints)
        return either([v if isinstance(v, str) else _bound(v) for v in values])
    if isinstance(kind, (mi.IntType, mi.FloatType)):
        return _numbers(kind)
    if isinstance(kind, mi.StrType):
        return _text(kind)
    if isinstance(kind, mi.ListType):
        most = kind.max_length
        if most is not None:
            return _("a list of at most {most} items").format(most=_bound(most))
        return _("a list")
    if isinstance(kind, mi.StructType) and 0 < len(kind.fields) <= FEW_FIELDS:
        names = listed([f.encode_name for f in kind.fields])
        return _("an object with the fields {names}").format(names=names)
    return _("an object")


def _numbers(kind: mi.IntType | mi.FloatType) -> str:
    whole = isinstance(kind, mi.IntType)
    low = kind.ge if kind.ge is not None else kind.gt
    high = kind.le if kind.le is not None else kind.lt
    if low is not None and low == high:  # one value allowed (a file's only version)
        return _bound(low)
    if low is not None and high is not None:
        sentence = (
            N_("a whole number from {low} to {high}")
            if whole
            else N_("a number from {low} to {high}")
        )
    elif low is not None:
        sentence = (
            N_("a whole number of at least {low}") if whole else N_("a number of at least {low}")
        )
    elif high is not None:
        sentence = (
            N_("a whole number of at most {high}") if whole else N_("a number of at most {high}")
        )
    else:
        sentence = N_("a whole number") if whole else N_("a number")
    low_text = "" if low is None else _bound(low)
    high_text = "" if high is None else _bound(high)
    return _(sentence).format(low=low_text, high=high_text)


def _text(kind: mi.StrType) -> str:
    least, most = kind.min_length or 0, kind.max_length
    if most is not None and least > 0:
        said = _("a text of {least} to {most} characters").format(
            least=_bound(least), most=_bound(most)
        )
    elif most is not None:
        said = _("a text of at most {most} characters").format(most=_bound(most))
    else:
        said = _("a text")
    words = PATTERN_WORDS.get(kind.pattern or "")
    return f"{said} {_(words)}" if words else said


def _bound(value: float) -> str:
    """A bound as the reader writes numbers, a negative one with a minus sign (−90)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return ("−" if value < 0 else "") + number(abs(value))


def shown(value: Any) -> str:
    """The value as the file writes it (its JSON: ``"45"`` is a text), shortened, any control
    or formatting character escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    text = "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c
        for c in text
    )
    if len(text) > MAX_SHOWN:
        text = text[: MAX_SHOWN - 1] + "…"
    return text
