"""JSON documents that people may edit by hand (deck and game files), read strictly.

:func:`load_document` is ``json.loads`` that also refuses what the standard module lets through
or turns into a traceback: a key given twice (the second ``"journal": []`` would silently empty
a game), ``NaN``/``Infinity``, a number of more than 4,300 digits, nesting deeper than Python's
recursion allows. Each is a :class:`~generator.core.refusal.Refusal` (a :class:`Unreadable`
reason) naming the file and what to do: the caller says both, as values a front-end words
(the file's path or its kind, a hint of the game that wrote it).
"""

from __future__ import annotations

import json
from typing import Any

from generator.core.i18n import N_
from generator.core.refusal import Reason, Refusal, Sentence, Value


class Unreadable(Reason):
    """Why a JSON document cannot be read."""

    NOT_UTF8 = (
        "not-utf8",
        Sentence(N_("{source} is not UTF-8 text (at character {start}); {advice}")),
    )
    DUPLICATE_KEY = (
        "duplicate-key",
        Sentence(
            N_("{source} gives the key {key!r} twice in one object; keep one of them ({advice})")
        ),
    )
    NOT_JSON = (
        "not-json",
        Sentence(N_("{source} is not valid JSON ({msg} at line {lineno}); {advice}")),
    )
    TOO_DEEP = (
        "too-deep",
        Sentence(N_("{source} is nested too deeply to be pnp's JSON; {advice}")),
    )
    BAD_NUMBER = (
        "bad-number",
        Sentence(N_("{source} holds a number pnp cannot read ({exc}); {advice}")),
    )


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise _Duplicate(key)
        document[key] = value
    return document


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def load_document(text: str, source: Value, advice: Value) -> Any:
    """The JSON value of ``text``; ``source`` names the document and ``advice`` ends every
    refusal ("start a new game")."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: bytes that were not UTF-8
        raise Refusal(
            Unreadable.NOT_UTF8, {"source": source, "start": exc.start, "advice": advice}
        ) from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except _Duplicate as exc:
        raise Refusal(
            Unreadable.DUPLICATE_KEY, {"source": source, "key": exc.key, "advice": advice}
        ) from None
    except json.JSONDecodeError as exc:
        raise Refusal(
            Unreadable.NOT_JSON,
            {"source": source, "msg": exc.msg, "lineno": exc.lineno, "advice": advice},
        ) from None
    except RecursionError:
        raise Refusal(Unreadable.TOO_DEEP, {"source": source, "advice": advice}) from None
    except ValueError as exc:  # a number of more than 4,300 digits, NaN
        raise Refusal(
            Unreadable.BAD_NUMBER, {"source": source, "exc": str(exc), "advice": advice}
        ) from None
