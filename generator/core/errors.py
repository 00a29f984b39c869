"""The one error type for user mistakes.

Anything the user can fix (a bad argument, an unknown region, an unreadable file, an illegal
move) raises :class:`UserError` with a one-line message that says what is wrong and what to
do. The CLI prints that line and exits with code 2. Any other exception is a bug.
"""

from __future__ import annotations


class UserError(Exception):
    """A mistake the user can fix. The message is one line: what is wrong, what to do."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        if "\n" in message:
            raise ValueError("UserError messages are one line")
        super().__init__(message)
