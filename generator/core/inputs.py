"""Read the files a user gives (game, deck, font, polygon, template): regular files only, bounded.

A FIFO given as a game file would block ``open`` for ever, ``/dev/zero`` would be read until
memory runs out. :func:`read_input` opens without blocking, refuses anything that is not a
regular file, and refuses a file larger than the limit for its kind before reading it;
:func:`require_regular_file` does the same checks for files a library opens by name.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.core.atomic import describe_kind
from generator.core.errors import UserError
from generator.core.i18n import _, number, translate_cli

MIB = 1 << 20


def open_regular(path: Path, what: str, max_bytes: int | None = None) -> int:
    """A blocking read descriptor of the regular file ``path`` (at most ``max_bytes``, when
    given), opened without blocking first: a FIFO would block ``open`` for ever."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise UserError(
            _("{what} {path} does not exist; check the path").format(
                what=translate_cli(what), path=path
            )
        ) from None
    except IsADirectoryError:
        raise UserError(
            _("{what} {path} is a folder; give the file").format(
                what=translate_cli(what), path=path
            )
        ) from None
    except OSError as exc:
        raise UserError(
            _("cannot read {what} {path}: {strerror}; check the path and permissions").format(
                what=translate_cli(what), path=path, strerror=exc.strerror
            )
        ) from None
    try:
        _check(fd, path, what, max_bytes)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check(fd: int, path: Path, what: str, max_bytes: int | None) -> os.stat_result:
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        raise UserError(
            _("{what} {path} is a folder; give the file").format(
                what=translate_cli(what), path=path
            )
        )
    if not stat.S_ISREG(st.st_mode):
        raise UserError(
            _("{what} {path} is {describe_kind}, not a regular file; give a file").format(
                what=translate_cli(what), path=path, describe_kind=describe_kind(st.st_mode)
            )
        )
    if max_bytes is not None and st.st_size > max_bytes:
        raise UserError(
            _(
                "{what} {path} is {size} MiB, more than the {limit} MiB a {what} may "
                "have; give the right file"
            ).format(
                what=translate_cli(what),
                path=path,
                size=number(st.st_size / MIB, decimals=1),
                limit=number(max_bytes / MIB),
            )
        )
    return st


def read_input(path: Path, what: str, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``max_bytes``), or a one-line UserError."""
    fd = open_regular(path, what, max_bytes)
    try:
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 16):
            size += len(chunk)
            if size > max_bytes:  # it grew while we read it
                raise UserError(
                    _("{what} {path} is larger than {limit} MiB").format(
                        what=translate_cli(what), path=path, limit=number(max_bytes / MIB)
                    )
                )
            chunks.append(chunk)
    except OSError as exc:
        raise UserError(
            _("cannot read {what} {path}: {strerror}; check the path and permissions").format(
                what=translate_cli(what), path=path, strerror=exc.strerror
            )
        ) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text_input(path: Path, what: str, max_bytes: int, advice: str) -> str:
    """:func:`read_input` decoded as UTF-8; ``advice`` ends the message when it is not UTF-8."""
    data = read_input(path, what, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(
            _("{what} {path} is not UTF-8 text (byte {start}); {advice}").format(
                what=translate_cli(what), path=path, start=exc.start, advice=advice
            )
        ) from None


def require_regular_file(path: Path, what: str, max_bytes: int) -> None:
    """The checks of :func:`read_input` for a file that a library will open by name."""
    os.close(open_regular(path, what, max_bytes))
