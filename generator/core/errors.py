"""The one error type for user mistakes.

Anything the user can fix (a bad argument, an unknown region, an unreadable file, an illegal
move) raises :class:`UserError` with a one-line message that says what is wrong and what to
do. The CLI prints that line and exits with code 2. Any other exception is a bug.

Messages often quote what the user typed or what a file held (a path with a newline, a name
with an ESC sequence): every control or direction character is shown as an escape
(:func:`generator.core.text.one_line`), so the message stays one line and prints safely.
"""

from __future__ import annotations

from generator.core.text import one_line

#: The region holds too few places for any deck (a larger region, a wider distance around a
#: commune, may): the studio's API says it as ``"reason"`` (docs/api.md).
TOO_FEW_PLACES = "too-few-places"


class UserError(Exception):
    """A mistake the user can fix. The message is one line: what is wrong, what to do;
    ``reason``, where one is known, a code a front-end may act on (:data:`TOO_FEW_PLACES`)."""

    exit_code = 2

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(one_line(message))
        self.reason = reason
