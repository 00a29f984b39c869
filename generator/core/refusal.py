"""Refusals: a rule that says no, as a value (a reason code and its data), never as a sentence of
one front-end.

The rules (``games/``) raise :class:`Refusal`: a :class:`Reason` (one enum per game; a member's
value is a stable code, ``unknown-player``) and the data it is about (names, numbers, lists; see
:data:`Value`), which :meth:`Refusal.to_json` writes as JSON. Each reason carries a default
sentence, marked for the ``pnp`` catalog: ``str(refusal)`` is that sentence filled with the data,
in the language the command line speaks (English unless told otherwise), for a Python caller or a
log. A front-end words a refusal its own way with :meth:`Refusal.message`, passing its own
sentences for the reasons it words differently: the command line's sentences name its commands
and options (``generator/cli/refusals.py``), which the rules never do.

A sentence is a template with named fields (``{player!r}``, ``{n}``), filled after translation;
:class:`Plural` picks its form by the number in one field, :class:`IfAny` and :class:`Choice` by
what a field holds. A field's value is written as it is, except a :class:`Phrase` (words in the
command line's language: "Ana or Ben"), a nested :class:`Refusal`, :class:`Reason` or
:class:`Clause` (worded with the same front-end sentences: a hint inside a sentence, the name of
a file, the refusal a damaged file's move met) and a tuple (joined with commas).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import NamedTuple, Protocol, TypeAlias, runtime_checkable

from msgspec import Struct

from generator.core.i18n import _, either, ngettext, number
from generator.core.text import one_line

Json: TypeAlias = str | int | float | bool | list["Json"] | dict[str, "Json"] | None


# The wordings are named tuples: every game defines one per reason when it is imported, and a
# named tuple's class is several times quicker to make than a dataclass's (start-up).


class Sentence(NamedTuple):
    """One sentence (English, marked with ``N_`` for the catalog)."""

    text: str

    def say(self, fields: Mapping[str, object]) -> str:
        return _(self.text).format_map(fields)


class Plural(NamedTuple):
    """A sentence with a singular and a plural form (marked with ``NN_``), chosen by the number
    in the field ``by``."""

    forms: tuple[str, str]
    by: str

    def say(self, fields: Mapping[str, object]) -> str:
        n = fields[self.by]
        amount = n.value if isinstance(n, Number) else n
        if not isinstance(amount, int):
            raise TypeError(f"the field {self.by!r} of a plural sentence must be a whole number")
        singular, plural = self.forms
        return ngettext(singular, plural, amount).format_map(fields)


class IfAny(NamedTuple):
    """``some`` when the field ``field`` holds anything (a list with an item, a name), else
    ``none``: "unknown card 'x'; closest: Brest, Brieg" or "unknown card 'x'"."""

    field: str
    some: Wording
    none: Wording

    def say(self, fields: Mapping[str, object]) -> str:
        return (self.some if fields.get(self.field) else self.none).say(fields)


class Choice(NamedTuple):
    """One sentence per value of the field ``field`` (a code, a flag): French nouns have a
    gender, and a row is not a column."""

    field: str
    forms: tuple[tuple[str | bool, Wording], ...]

    def say(self, fields: Mapping[str, object]) -> str:
        key = fields[self.field]
        for value, wording in self.forms:
            if value == key:
                return wording.say(fields)
        raise KeyError(f"no sentence for {self.field}={key!r}")


Wording: TypeAlias = Sentence | Plural | IfAny | Choice


class Reason(Enum):
    """The base of each game's reasons: a member is ``NAME = ("code", Sentence(N_("…")))``;
    its value is the code, :attr:`wording` its default sentence."""

    _value_: str
    wording: Wording

    def __new__(cls, code: str, wording: Wording) -> Reason:
        member = object.__new__(cls)
        member._value_ = code
        member.wording = wording
        return member

    @property
    def code(self) -> str:
        """The stable code (the same in every language): ``unknown-player``."""
        return self._value_


@runtime_checkable
class Phrase(Protocol):
    """A value worded in the command line's language ("Ana or Ben", "north of Lyon"), with its
    JSON form (``["Ana", "Ben"]``)."""

    def words(self) -> str: ...

    def to_json(self) -> Json: ...


class OneOf(Struct, frozen=True):
    """Names said as a choice: "Ana or Ben", "Ana, Ben or Chloé"."""

    items: tuple[str, ...]

    def words(self) -> str:
        return either(self.items)

    def to_json(self) -> Json:
        return list(self.items)


class Number(Struct, frozen=True):
    """A number written for the command line's language ("8,787", "8 787")."""

    value: int

    def words(self) -> str:
        return number(self.value)

    def to_json(self) -> Json:
        return self.value

    def __format__(self, spec: str) -> str:
        return self.words()


class Clause(Struct, frozen=True):
    """A sentence inside a sentence: a reason (a game's hint, the name of a file) and its data,
    worded like a refusal, so a front-end may word it its own way (the CLI names its commands
    in the hints)."""

    reason: Reason
    data: Mapping[str, Value] | None = None


Wordings: TypeAlias = Callable[[Reason], Wording | None]
"""A front-end's own sentences: the one for a reason, or None to keep the reason's default."""


def _defaults(_reason: Reason) -> Wording | None:
    return None


class Refusal(Exception):
    """A rule said no: :attr:`reason` (a member of a game's :class:`Reason` enum) and
    :attr:`data`. ``str()`` is the default sentence; :meth:`message` a front-end's."""

    def __init__(self, reason: Reason, data: Mapping[str, Value] | None = None) -> None:
        fields = dict(data or {})
        super().__init__(reason, fields)  # what pickle needs to make it again (worker processes)
        self.reason = reason
        self.data: Mapping[str, Value] = fields

    @property
    def code(self) -> str:
        return self.reason.code

    def message(self, own: Wordings = _defaults) -> str:
        """The one line saying why, with ``own``'s sentence for a reason where it has one."""
        return one_line(_say(self.reason, self.data, own))

    def __str__(self) -> str:
        return self.message()

    def __repr__(self) -> str:
        return f"Refusal({type(self.reason).__name__}.{self.reason.name}, {dict(self.data)!r})"

    def to_json(self) -> dict[str, Json]:
        """``{"code": "unknown-player", "data": {"player": "zoe", ...}}``: the same in every
        language."""
        return {"code": self.code, "data": {key: _json(value) for key, value in self.data.items()}}


Value: TypeAlias = Json | tuple[str | int, ...] | Phrase | Reason | Clause | Refusal
"""What a refusal's data may hold: JSON, a tuple (said as "a, b"), a phrase, a hint or a file's
name (a reason or a clause), the refusal that caused this one."""


def _say(reason: Reason, data: Mapping[str, Value], own: Wordings) -> str:
    wording = own(reason) or reason.wording
    return wording.say({key: _field(value, own) for key, value in data.items()})


def _field(value: Value, own: Wordings) -> object:
    """A value as it is written in a sentence."""
    if isinstance(value, Refusal):
        return _say(value.reason, value.data, own)
    if isinstance(value, Reason):
        return _say(value, {}, own)
    if isinstance(value, Clause):
        return _say(value.reason, value.data or {}, own)
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    if isinstance(value, Number):
        return value  # a Plural reads its number; the sentence writes it with __format__
    if isinstance(value, Phrase):
        return value.words()
    return value


def _json(value: Value) -> Json:
    if isinstance(value, Refusal):
        return value.to_json()
    if isinstance(value, Reason):
        return value.code
    if isinstance(value, Clause):
        data = value.data or {}
        return {"code": value.reason.code, "data": {key: _json(item) for key, item in data.items()}}
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Phrase):
        return value.to_json()
    return value
