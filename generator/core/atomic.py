"""Write files so that nothing half-written ever carries a final name, and nothing else is lost.

Every file the toolkit produces goes through :func:`atomic_write` (or its byte/text helpers):

* the content is written to a temporary sibling ``.NAME.XXXXXXXX.part``, flushed and fsynced,
  then renamed over the final name with :func:`os.replace`, which is atomic on POSIX;
* only a regular file is ever replaced: a folder, a symbolic link, a FIFO, a device or a socket
  at the final name is a one-line :class:`UserError` and is left alone;
* a replaced file keeps its permission bits and its owner (a 0600 game file stays 0600); a new
  file gets the usual ``0666 & ~umask``; when the owner cannot be kept nothing is written;
* ``exclusive=True`` creates the file only if the name is free (``O_EXCL`` semantics, by a hard
  link of the finished temporary file): two commands racing to create one file cannot both win;
* the writer holds an advisory lock (``flock``) on its temporary file until the rename. A
  process killed mid-write leaves its ``.part`` file behind, unlocked: the next write of the same
  name finds it, takes its lock (so it is not a live write) and deletes it;
* a full disk, a read-only file system, a name too long: one line saying so, nothing written.

Which names a command may replace at all (its own outputs, not the user's files) is decided
before it writes anything, by :mod:`generator.core.outputs`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from generator.core.errors import UserError
from generator.core.i18n import N_, _, translate_cli

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, no leftover cleaning
    fcntl = None  # type: ignore[assignment]

NAME_MAX = 255  # bytes in one path component, on every file system pnp writes to
_PREFIX_MAX = NAME_MAX - 8 - len(".part") - 2  # room for mkstemp's 8 characters and the dots
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def describe_kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def lstat_or_none(path: Path, action: str = N_("use")) -> os.stat_result | None:
    """``os.lstat(path)``, None when nothing is there; any other problem is a UserError
    ("cannot ``action`` PATH: ...")."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise UserError(
            _("cannot {action} {path}: a part of that path is a file, not a folder").format(
                action=translate_cli(action), path=path
            )
        ) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UserError(
                _(
                    "cannot {action} {path}: a symbolic link on the way leads back to itself (a "
                    "loop of links); remove it or choose another name"
                ).format(action=translate_cli(action), path=path)
            ) from None
        raise UserError(
            _("cannot {action} {path}: {strerror}; choose another name").format(
                action=translate_cli(action), path=path, strerror=exc.strerror
            )
        ) from None


def check_name(path: Path) -> None:
    """Every component of ``path`` fits in :data:`NAME_MAX` bytes."""
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise UserError(
                _(
                    "cannot write {path}: the name {part}… is {size} bytes long, more than the "
                    "{NAME_MAX} a file system allows; choose a shorter name"
                ).format(path=path, part=part[:40], size=size, NAME_MAX=NAME_MAX)
            )


def require_replaceable(target: Path, st: os.stat_result | None) -> None:
    """Only a regular file (or nothing) may stand at a name pnp writes."""
    if st is None or stat.S_ISREG(st.st_mode):
        return
    kind = describe_kind(st.st_mode)
    if stat.S_ISDIR(st.st_mode):
        raise UserError(_("{target} is a folder; give a file name inside it").format(target=target))
    raise UserError(
        _(
            "cannot write {target}: it is {kind}, not a regular file, and pnp replaces only "
            "regular files; choose another name"
        ).format(target=target, kind=kind)
    )


@contextlib.contextmanager
def atomic_write(
    path: str | os.PathLike[str],
    mode: str = "wb",
    *,
    exclusive: bool = False,
    check: Callable[[Path], None] | None = None,
) -> Iterator[IO[Any]]:
    """Open a temporary sibling of ``path`` for writing; rename it to ``path`` on success.

    On any exception the temporary file is removed and ``path`` is left as it was. With
    ``exclusive``, an existing ``path`` is a UserError and is not touched. ``check(temporary)``
    runs on the complete, synced temporary file just before the rename; raising keeps ``path``
    as it was.
    """
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_write mode must be 'wb' or 'w', not {mode!r}")
    target = Path(path)
    check_name(target)
    before = lstat_or_none(target, N_("write"))
    require_replaceable(target, before)
    if exclusive and before is not None:
        raise _exists(target)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _write_error(target, exc, N_("choose a writable folder")) from None
    fd, tmp = _locked_temporary(folder, target.name)
    lock = os.dup(fd)  # the flock lives as long as this descriptor: until after the rename
    try:
        _clean_leftovers(folder, target.name, tmp)
        encoding = None if "b" in mode else "utf-8"
        newline = None if "b" in mode else "\n"
        try:
            with os.fdopen(fd, mode, encoding=encoding, newline=newline) as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())
            if check is not None:
                check(tmp)
        except OSError as exc:
            if exc.errno in _FULL or exc.errno in (errno.EIO, errno.EROFS):
                raise _write_error(
                    target, exc, "free some space or choose another folder"
                ) from None
            raise
        now = lstat_or_none(
            target, N_("write")
        )  # again: something may have been put there meanwhile
        require_replaceable(target, now)
        _copy_metadata(lock, target, None if exclusive else now)
        _publish(tmp, target, exclusive)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    finally:
        os.close(lock)


def _exists(target: Path) -> UserError:
    return UserError(
        _(
            "{target} already exists; choose another file name or add --force to overwrite it"
        ).format(target=target)
    )


def _write_error(target: Path, exc: OSError, advice: str) -> UserError:
    if exc.errno == errno.ENAMETOOLONG:
        advice = N_("choose a shorter name")
    return UserError(
        _("cannot write {target}: {value}; {advice}").format(
            target=target, value=exc.strerror or exc, advice=translate_cli(advice)
        )
    )


def _temporary_prefix(name: str) -> str:
    while len(os.fsencode(name)) > _PREFIX_MAX:
        name = name[:-1]
    return f".{name}."


def _locked_temporary(folder: Path, name: str) -> tuple[int, Path]:
    """A new temporary file beside ``name``, already locked, that nobody else has deleted."""
    for _attempt in range(10):
        try:
            fd, tmp_name = tempfile.mkstemp(
                prefix=_temporary_prefix(name), suffix=".part", dir=folder
            )
        except OSError as exc:
            raise _write_error(folder / name, exc, N_("choose a writable folder")) from None
        if fcntl is None:
            return fd, Path(tmp_name)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            if os.path.samestat(os.stat(tmp_name), os.fstat(fd)):
                return fd, Path(tmp_name)
        except FileNotFoundError:
            pass  # a cleaner took it for a leftover in the instant before our lock: try again
        os.close(fd)
    raise UserError(
        _("cannot write {path}: its temporary files keep disappearing").format(path=folder / name)
    )


def _clean_leftovers(folder: Path, name: str, mine: Path) -> None:
    """Delete the ``.part`` files of ``name`` whose writer is gone (their lock is free)."""
    if fcntl is None:
        return
    prefix = _temporary_prefix(name)
    try:
        entries = [e.name for e in os.scandir(folder)]
    except OSError:
        return
    for entry in entries:
        if not (entry.startswith(prefix) and entry.endswith(".part")) or entry == mine.name:
            continue
        path = folder / entry
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            seen = os.fstat(fd)
            if not stat.S_ISREG(seen.st_mode):
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # a live write holds it
            with contextlib.suppress(FileNotFoundError):
                if os.path.samestat(os.lstat(path), seen):
                    os.unlink(path)
        except OSError:
            continue
        finally:
            os.close(fd)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _copy_metadata(fd: int, target: Path, replaced: os.stat_result | None) -> None:
    """The new file gets the mode and owner of the one it replaces (or 0666 & ~umask)."""
    if replaced is None or not stat.S_ISREG(replaced.st_mode):
        os.fchmod(fd, 0o666 & ~_umask())
        return
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) != (replaced.st_uid, replaced.st_gid):
        try:
            os.fchown(fd, replaced.st_uid, replaced.st_gid)
        except OSError:
            raise UserError(
                _(
                    "cannot replace {target}: it belongs to another user or group, which this "
                    "command "
                    "cannot keep; nothing was written: choose another name"
                ).format(target=target)
            ) from None
    os.fchmod(fd, stat.S_IMODE(replaced.st_mode) & ~(stat.S_ISUID | stat.S_ISGID))


def _publish(tmp: Path, target: Path, exclusive: bool) -> None:
    try:
        if not exclusive:
            os.replace(tmp, target)
            return
        try:
            os.link(tmp, target)  # fails if the name was taken meanwhile: O_EXCL semantics
        except FileExistsError:
            raise _exists(target) from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise
            _publish_without_links(tmp, target)
            return
        tmp.unlink()
    except UserError:
        raise
    except OSError as exc:
        raise _write_error(target, exc, N_("choose a writable file name")) from None


def _publish_without_links(tmp: Path, target: Path) -> None:
    """No hard links on this file system: reserve the name with O_EXCL, then rename over it."""
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        raise _exists(target) from None
    os.replace(tmp, target)


def move_into_place(source: Path, target: Path) -> None:
    """Rename the finished file ``source`` (same file system) to ``target``, as
    :func:`atomic_write` would: only over a regular file, keeping its mode and owner."""
    check_name(target)
    now = lstat_or_none(target, N_("write"))
    require_replaceable(target, now)
    fd = os.open(source, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        _copy_metadata(fd, target, now)
    finally:
        os.close(fd)
    try:
        os.replace(source, target)
    except OSError as exc:
        raise _write_error(target, exc, N_("choose a writable file name")) from None


def write_bytes(path: str | os.PathLike[str], data: bytes, *, exclusive: bool = False) -> Path:
    """Atomically write ``data`` to ``path`` and return the path."""
    with atomic_write(path, "wb", exclusive=exclusive) as handle:
        handle.write(data)
    return Path(path)


def write_text(path: str | os.PathLike[str], text: str, *, exclusive: bool = False) -> Path:
    """Atomically write UTF-8 ``text`` (LF line endings) to ``path`` and return the path."""
    with atomic_write(path, "w", exclusive=exclusive) as handle:
        handle.write(text)
    return Path(path)
