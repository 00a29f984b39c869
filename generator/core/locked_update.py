"""Read-modify-write of one file by several processes at once, without losing an update.

``pnp oucedonc game place`` (and doubt, count, undo) reads the game file, applies one move and
writes the whole file back. Two such commands started at the same moment on one file would both
read the same journal, and the second rename would silently drop the first move. So:

1. **Advisory lock** (POSIX): the command holds ``fcntl.flock(LOCK_EX)`` on the game file itself
   from before it reads until after it renames the new version into place. Because the rename
   replaces the inode, a command that was waiting for the lock checks, once it has it, that the
   inode it locked is still the one the name points to; if not, it locks the new file and reads
   that. Nothing is created beside the file but the write's own temporary ``.part`` file; one
   left by a killed command is deleted by the next write (:mod:`generator.core.atomic`).
   Only a regular file is opened (without blocking, so a FIFO cannot hang the command). A
   second command waits (up to ``timeout`` seconds, polling) and then applies its move on top
   of the first one.
2. **Compare-and-swap**: just before the rename, the file is read again; if its bytes differ from
   what the command read (an editor, or a writer that does not take the lock, e.g. on a system
   without ``fcntl`` or a network file system that refuses ``flock``), nothing is written and the
   command stops with a one-line error asking to run it again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.core.atomic import atomic_write
from generator.core.errors import UserError
from generator.core.i18n import _, translate_cli
from generator.core.inputs import open_regular

try:
    import fcntl
except ImportError:  # Windows: the compare-and-swap alone protects the file
    fcntl = None  # type: ignore[assignment]

DEFAULT_TIMEOUT = 10.0
MAX_BYTES = 16 << 20  # a game file of a whole evening is about 20 KB
_POLL = 0.02


@dataclass(frozen=True)
class LockedFile:
    """The file as the command read it, while the command holds the lock."""

    path: Path
    what: str
    original: bytes

    @property
    def text(self) -> str:
        try:
            return self.original.decode("utf-8")
        except UnicodeDecodeError:
            raise UserError(
                _("{what} {path} is not UTF-8 text; give the JSON file pnp wrote").format(
                    what=translate_cli(self.what), path=self.path
                )
            ) from None

    def replace_text(self, text: str) -> None:
        """Atomically write ``text`` over the file, unless someone else changed it since it was
        read."""
        with atomic_write(self.path, "w") as handle:
            handle.write(text)
            handle.flush()
            # the last step before the rename; raising removes the temp file
            self._check_unchanged()

    def _check_unchanged(self) -> None:
        try:
            current = self.path.read_bytes()
        except OSError:
            current = None
        if current != self.original:
            raise UserError(
                _(
                    "{what} {path} was changed by another program while this command ran; nothing "
                    "was "
                    "written: run the command again"
                ).format(what=translate_cli(self.what), path=self.path)
            )


@contextlib.contextmanager
def locked_update(path: Path, what: str, timeout: float = DEFAULT_TIMEOUT) -> Iterator[LockedFile]:
    """Lock ``path``, read it, and yield it; call ``replace_text`` inside the block to write it
    back.

    Read errors are one-line UserErrors naming ``what`` ("game file"). The lock is released when
    the block ends, whatever happens.
    """
    fd = _open_locked(path, what, timeout)
    try:
        yield LockedFile(path=path, what=translate_cli(what), original=_read_all(fd, path, what))
    finally:
        os.close(fd)  # releases the flock


def _open_locked(path: Path, what: str, timeout: float) -> int:
    """A descriptor of the file ``path`` names now, exclusively locked (when the system allows
    it)."""
    deadline = time.monotonic() + timeout
    while True:
        fd = open_regular(path, what)  # a FIFO would block for ever; only a regular file
        if fcntl is None or not _lock(fd, path, what, deadline):
            return fd
        try:
            now = os.stat(path)
        except FileNotFoundError:
            now = None
        mine = os.fstat(fd)
        if now is not None and (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino):
            return fd
        os.close(fd)  # another command renamed a new version in while we waited: lock that one
        if now is None:
            raise UserError(
                _(
                    "{what} {path} was deleted while this command waited for it; check the path"
                ).format(what=translate_cli(what), path=path)
            )


def _lock(fd: int, path: Path, what: str, deadline: float) -> bool:
    """Take the exclusive lock, waiting until ``deadline``; False if the file system cannot lock."""
    assert fcntl is not None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                pass
            else:  # e.g. a network file system without flock: fall back on the compare-and-swap
                return False
        if time.monotonic() >= deadline:
            os.close(fd)
            raise UserError(
                _(
                    "{what} {path} is in use by another pnp command that has not finished; wait "
                    "for "
                    "it, then run this command again"
                ).format(what=translate_cli(what), path=path)
            )
        time.sleep(_POLL)


def _read_all(fd: int, path: Path, what: str) -> bytes:
    chunks, size = [], 0
    try:
        while chunk := os.read(fd, 1 << 16):
            size += len(chunk)
            if size > MAX_BYTES:
                raise UserError(
                    _("{what} {path} is larger than {value} MiB; give the file pnp wrote").format(
                        what=translate_cli(what), path=path, value=MAX_BYTES >> 20
                    )
                )
            chunks.append(chunk)
    except OSError as exc:
        raise UserError(
            _("cannot read {what} {path}: {strerror}; check the path and permissions").format(
                what=translate_cli(what), path=path, strerror=exc.strerror
            )
        ) from None
    return b"".join(chunks)
