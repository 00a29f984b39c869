"""One bound on every number typed on the command line, checked before anything formats it.

click turns ``--games 99999999999999999999999999999`` into a Python int of any size and
``--bleed 1e308`` into a float of any magnitude; a command's own range check then writes the
number in its message, and a 5,000-digit one costs time and a line no one can read. So every
integer and decimal parameter of every command (INT, FLOAT, IntRange and FloatRange of the click
that Typer carries, ``typer._click``) gets a bounded type when the command is built
(:func:`bound_numbers`, called by :mod:`generator.cli.lazy` for every command it builds): a
number of more than :data:`MAX_DIGITS` digits, or a decimal that is not finite (``inf``,
``nan``), is click's usage error, one line naming the option, before the command runs. A
command's own range still applies after it (``--games 0``: "give at least 1").
"""

from __future__ import annotations

import math
import re
from typing import Any

from typer._click import Context, Parameter  # Typer 0.28 (pinned) carries its own click
from typer._click import types as click

from generator.core.i18n import _

MAX_DIGITS = 20  # every 64-bit seed fits: 2**64 - 1 has 20 digits
LIMIT = 10**MAX_DIGITS
_INTEGER_PART = re.compile(r"\s*[-+]?[0_]*([0-9_]*)")
_SHOWN = 24  # a longer value is shown cut short in the message


def _shown(text: str) -> str:
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 8]}… ({len(text)} characters)"


class _Bounded(click.ParamType):
    """A number type whose values have at most :data:`MAX_DIGITS` digits and are finite."""

    def convert(self, value: Any, param: Parameter | None, ctx: Context | None) -> Any:
        if isinstance(value, str):
            digits = _INTEGER_PART.match(value)
            if digits is not None and len(digits.group(1).replace("_", "")) > MAX_DIGITS:
                self._too_large(value, param, ctx)
        number = super().convert(value, param, ctx)
        if isinstance(number, float) and not math.isfinite(number):
            self.fail(
                _("{value} is not a finite number; give a number such as 2.5").format(
                    value=_shown(str(value))
                ),
                param,
                ctx,
            )
        if number is not None and abs(number) >= LIMIT:
            self._too_large(str(value), param, ctx)
        return number

    def _too_large(self, value: str, param: Parameter | None, ctx: Context | None) -> None:
        self.fail(
            _(
                "{value} is too large: a number on the command line has at most {digits} digits"
            ).format(value=_shown(value), digits=MAX_DIGITS),
            param,
            ctx,
        )


class BoundedInt(_Bounded, click.IntParamType):
    pass


class BoundedIntRange(_Bounded, click.IntRange):
    pass


class BoundedFloat(_Bounded, click.FloatParamType):
    pass


class BoundedFloatRange(_Bounded, click.FloatRange):
    pass


def bounded(kind: click.ParamType) -> click.ParamType:
    """``kind`` with the bound, if it is one of click's number types; else ``kind`` itself."""
    new: click.ParamType
    if isinstance(kind, _Bounded):
        return kind
    if isinstance(kind, click.IntRange):
        new = BoundedIntRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    elif isinstance(kind, click.FloatRange):
        new = BoundedFloatRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    elif isinstance(kind, click.IntParamType):
        new = BoundedInt()
    elif isinstance(kind, click.FloatParamType):
        new = BoundedFloat()
    else:
        return kind
    new.name = kind.name  # its metavar, perhaps translated already
    return new


def bound_numbers(command: Any) -> Any:
    """``command`` and every command under it with bounded number parameters."""
    for param in getattr(command, "params", ()):
        param.type = bounded(param.type)
    for sub in getattr(command, "commands", {}).values():
        bound_numbers(sub)
    return command
