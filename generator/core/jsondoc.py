"""JSON documents that people may edit by hand (deck and game files), read strictly.

:func:`load_document` is ``json.loads`` that also refuses what the standard module lets through
or turns into a traceback: a key given twice (the second ``"journal": []`` would silently empty
a game), ``NaN``/``Infinity``, a number of more than 4,300 digits, nesting deeper than Python's
recursion allows. Each is one :class:`UserError` line naming the file and what to do.
"""

from __future__ import annotations

import json
from typing import Any

from generator.core.errors import UserError
from generator.core.i18n import _


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


def load_document(text: str, source: str, advice: str) -> Any:
    """The JSON value of ``text``; ``advice`` ends every error message ("start a new game")."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: bytes that were not UTF-8
        raise UserError(
            _("{source} is not UTF-8 text (at character {start}); {advice}").format(
                source=source, start=exc.start, advice=advice
            )
        ) from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except _Duplicate as exc:
        raise UserError(
            _(
                "{source} gives the key {key!r} twice in one object; keep one of them ({advice})"
            ).format(source=source, key=exc.key, advice=advice)
        ) from None
    except json.JSONDecodeError as exc:
        raise UserError(
            _("{source} is not valid JSON ({msg} at line {lineno}); {advice}").format(
                source=source, msg=exc.msg, lineno=exc.lineno, advice=advice
            )
        ) from None
    except RecursionError:
        raise UserError(
            _("{source} is nested too deeply to be pnp's JSON; {advice}").format(
                source=source, advice=advice
            )
        ) from None
    except ValueError as exc:  # a number of more than 4,300 digits, NaN
        raise UserError(
            _("{source} holds a number pnp cannot read ({exc}); {advice}").format(
                source=source, exc=exc, advice=advice
            )
        ) from None
