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

from msgspec import Struct

from generator.core.i18n import N_, _
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
        Sentence(
            N_("{source} is not valid JSON at line {lineno}, column {colno}: {msg}; {advice}")
        ),
    )
    TOO_DEEP = (
        "too-deep",
        Sentence(N_("{source} is nested too deeply to be pnp's JSON; {advice}")),
    )
    BAD_NUMBER = (
        "bad-number",
        Sentence(N_("{source} holds a number pnp cannot read ({exc}); {advice}")),
    )


#: The parser's messages (json.decoder's, English), each said in the reader's words; another
#: one (a later Python's) is said by its line and column alone.
PARSER_WORDS = {
    "Expecting value": N_(
        "a value was expected: a number, a text in double quotes, true, false or null"
    ),
    "Expecting property name enclosed in double quotes": N_(
        "a name in double quotes was expected (a comma too many before “}}”?)"
    ),
    "Expecting ':' delimiter": N_("“:” was expected after the name"),
    "Expecting ',' delimiter": N_("“,” was expected between two values, or a closing “}}” or “]”"),
    "Unterminated string starting at": N_('a text is not closed by its “"”'),
    "Invalid control character at": N_("a line break or a control character inside a text"),
    "Invalid \\escape": N_("a backslash that starts no escape (write “\\\\”)"),
    "Invalid \\uXXXX escape": N_("a backslash that starts no escape (write “\\\\”)"),
    "Extra data": N_("more text after the end of the document"),
    "Illegal trailing comma before end of object": N_("a comma too many before “}}”"),
    "Illegal trailing comma before end of array": N_("a comma too many before “]”"),
}


class ParserWords(Struct, frozen=True):
    """The parser's message in the reader's words (a :class:`~generator.core.refusal.Phrase`);
    its JSON is the parser's own."""

    msg: str

    def words(self) -> str:
        # "Invalid \\escape: 'x'": the message starts with its kind
        said = next((w for m, w in PARSER_WORDS.items() if self.msg.startswith(m)), None)
        # a brace is written twice in the catalog's sentences ("“}}”"): format() sets it once
        return _(said).format() if said else _("the JSON's syntax is broken there")

    def to_json(self) -> str:
        return self.msg


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
            {
                "source": source,
                "msg": ParserWords(exc.msg),
                "lineno": exc.lineno,
                "colno": exc.colno,
                "advice": advice,
            },
        ) from None
    except RecursionError:
        raise Refusal(Unreadable.TOO_DEEP, {"source": source, "advice": advice}) from None
    except ValueError as exc:  # a number of more than 4,300 digits, NaN
        raise Refusal(
            Unreadable.BAD_NUMBER, {"source": source, "exc": str(exc), "advice": advice}
        ) from None
