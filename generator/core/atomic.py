"""Write files so that nothing half-written ever carries a final name.

Every file the toolkit produces goes through :func:`atomic_write` (or its byte/text helpers):
the content is written to a temporary file in the same folder, flushed and fsynced, then
renamed over the final name with :func:`os.replace`, which is atomic on POSIX.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from generator.core.errors import UserError


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "wb") -> Iterator[IO]:
    """Open a temporary sibling of ``path`` for writing; rename it to ``path`` on success.

    On any exception the temporary file is removed and ``path`` is left as it was.
    """
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_write mode must be 'wb' or 'w', not {mode!r}")
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise UserError(f"cannot write {target}: it is a folder; give a file name inside it")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror}; choose a writable folder") from exc
    tmp = Path(tmp_name)
    try:
        encoding = None if "b" in mode else "utf-8"
        newline = None if "b" in mode else "\n"
        with os.fdopen(fd, mode, encoding=encoding, newline=newline) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        try:
            os.replace(tmp, target)
        except OSError as exc:
            raise UserError(
                f"cannot write {target}: {exc.strerror}; choose a writable file name"
            ) from exc
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Atomically write ``data`` to ``path`` and return the path."""
    with atomic_write(path, "wb") as handle:
        handle.write(data)
    return Path(path)


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Atomically write UTF-8 ``text`` (LF line endings) to ``path`` and return the path."""
    with atomic_write(path, "w") as handle:
        handle.write(text)
    return Path(path)
