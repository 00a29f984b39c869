"""Standard output closed or full is handled like a broken pipe: no traceback, ever.

``pnp places | head -1`` closes the pipe early; ``pnp kit > /dev/full`` fills the disk;
``pnp ... >&-`` starts with no standard output at all. :func:`guarded_output` wraps the whole
command:

* a missing standard stream (descriptor 0, 1 or 2 closed at start) is opened on ``/dev/null``,
  so no file the command opens takes its number and receives its output;
* when writing or flushing standard output fails (``EPIPE``, ``ENOSPC``, ``EIO``...), the rest of
  the output goes to ``/dev/null`` (so Python's own flush at exit cannot fail again), a broken
  pipe ends the command quietly with exit code 1 (its reader is gone), and any other failure is
  one line on standard error with exit code 2.

Kept apart from :mod:`generator.cli.main` so start-up work there stays independent of it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator


def _reopen_missing_descriptors() -> None:
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            target = os.open(os.devnull, os.O_RDWR)
            if target != fd:
                os.dup2(target, fd)
                os.close(target)
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives until exit
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def _silence_stdout() -> None:
    """Point descriptor 1 at /dev/null: what is still buffered is then written there."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


# What a write to a closed, full or broken standard output raises. Writes to files go through
# generator.core.atomic, which turns these into UserError lines, so one reaching the top is the
# output's.
_OUTPUT_ERRNOS = frozenset(
    {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF, errno.EINVAL}
)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """Run a command; turn a closed or full standard output into a quiet exit or one line."""
    _reopen_missing_descriptors()
    try:
        yield
        sys.stdout.flush()
    except SystemExit:
        try:
            sys.stdout.flush()
        except (OSError, ValueError) as exc:
            if isinstance(exc, OSError) and exc.errno not in _OUTPUT_ERRNOS:
                raise
            raise SystemExit(_report(exc)) from None
        raise
    except (OSError, ValueError) as exc:
        if isinstance(exc, OSError) and exc.errno not in _OUTPUT_ERRNOS:
            raise
        if isinstance(exc, ValueError) and "closed file" not in str(exc):
            raise
        raise SystemExit(_report(exc)) from None


def _report(exc: OSError | ValueError) -> int:
    """Silence stdout; 1 for a pipe whose reader left (or a closed stream), 2 and one line on
    standard error for anything else (a full disk)."""
    _silence_stdout()
    if isinstance(exc, ValueError) or exc.errno in (errno.EPIPE, errno.EBADF):
        return 1
    with contextlib.suppress(OSError, ValueError):
        from generator.core.i18n import _

        problem = _("cannot write the output: {reason}; free some space or send it elsewhere")
        line = _("pnp: error: {message}").format(message=problem.format(reason=exc.strerror or exc))
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    return 2
