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

MIB = 1 << 20


def open_regular(path: Path, what: str, max_bytes: int | None = None) -> int:
    """A blocking read descriptor of the regular file ``path`` (at most ``max_bytes``, when
    given), opened without blocking first: a FIFO would block ``open`` for ever."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise UserError(f"{what} {path} does not exist; check the path") from None
    except IsADirectoryError:
        raise UserError(f"{what} {path} is a folder; give the file") from None
    except OSError as exc:
        raise UserError(
            f"cannot read {what} {path}: {exc.strerror}; check the path and permissions"
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
        raise UserError(f"{what} {path} is a folder; give the file")
    if not stat.S_ISREG(st.st_mode):
        raise UserError(
            f"{what} {path} is {describe_kind(st.st_mode)}, not a regular file; give a file"
        )
    if max_bytes is not None and st.st_size > max_bytes:
        raise UserError(
            f"{what} {path} is {st.st_size / MIB:,.1f} MiB, more than the {max_bytes / MIB:g} MiB "
            f"a {what} may have; give the right file"
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
                raise UserError(f"{what} {path} is larger than {max_bytes / MIB:g} MiB")
            chunks.append(chunk)
    except OSError as exc:
        raise UserError(
            f"cannot read {what} {path}: {exc.strerror}; check the path and permissions"
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
        raise UserError(f"{what} {path} is not UTF-8 text (byte {exc.start}); {advice}") from None


def require_regular_file(path: Path, what: str, max_bytes: int) -> None:
    """The checks of :func:`read_input` for a file that a library will open by name."""
    os.close(open_regular(path, what, max_bytes))
