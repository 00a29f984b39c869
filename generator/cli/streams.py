"""Standard output closed, full, or unable to hold a character: no traceback, ever.

``pnp places | head -1`` closes the pipe early; ``pnp kit > /dev/full`` fills the disk;
``pnp ... >&-`` starts with no standard output at all. :func:`guarded_output` wraps the whole
command:

* a missing standard stream (descriptor 0, 1 or 2 closed at start) is opened on ``/dev/null``,
  so no file the command opens takes its number and receives its output;
* when writing or flushing standard output fails (``EPIPE``, ``ENOSPC``, ``EIO``...), the rest of
  the output goes to ``/dev/null`` (so Python's own flush at exit cannot fail again), a broken
  pipe ends the command quietly with exit code 1 (its reader is gone), and any other failure is
  one line on standard error with exit code 2;
* an output encoding that cannot hold every character (``PYTHONIOENCODING=latin-1``, ascii,
  cp1252, a Latin-1 locale) prints what it can hold and a stand-in for the rest
  (:func:`stand_in`: ``→`` as ``->``, ``’`` as ``'``, ``é`` kept in Latin-1 and cp1252 and
  ``e`` in ascii), in both languages; typed input it cannot decode becomes ``�``. (click, which
  prints the plain lines, takes a declared ascii for a misconfigured locale and writes those in
  UTF-8, its documented choice: valid UTF-8 either way.)

Kept apart from :mod:`generator.cli.main` so start-up work there stays independent of it.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import sys
import unicodedata
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


# What stands in for a character the output's encoding cannot hold, best first (the first one
# the encoding holds is printed); then the letter without its accents, then "?".
STAND_INS: dict[str, tuple[str, ...]] = {
    "→": ("->",),
    "←": ("<-",),
    "↔": ("<->",),
    "↑": ("^",),
    "↓": ("v",),
    "’": ("'",),
    "‘": ("'",),
    "‚": (",",),
    "“": ('"',),
    "”": ('"',),
    "„": ('"',),
    "«": ('"',),
    "»": ('"',),
    "‹": ("<",),
    "›": (">",),
    "—": ("-",),
    "–": ("-",),
    "‑": ("-",),
    "−": ("-",),
    "…": ("...",),
    "•": ("*",),
    "·": (".",),
    "×": ("x",),
    "±": ("+/-",),
    "≤": ("<=",),
    "≥": (">=",),
    "≠": ("!=",),
    "≈": ("~",),
    "°": (" deg",),
    "∞": ("inf",),
    "✓": ("v",),
    "✗": ("x",),
    "œ": ("oe",),
    "Œ": ("OE",),
    "æ": ("ae",),
    "Æ": ("AE",),
    "ß": ("ss",),
    "\u202f": ("\u00a0", " "),  # narrow no-break space (French numbers and « »)
    "\u00a0": (" ",),
    "\u2009": (" ",),
}
FALLBACK = "pnp-stand-in"  # the codecs error handler that prints them
STRICT_ERRORS = frozenset({"strict", "backslashreplace"})  # Python's defaults; others are chosen


def stand_in(char: str, encoding: str) -> str:
    """What to print for ``char`` in ``encoding``: itself if it fits, else its stand-in."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    for candidate in (char, *STAND_INS.get(char, ()), bare):
        try:
            if candidate:
                candidate.encode(encoding)
                return candidate
        except UnicodeEncodeError:
            continue
    return "?"


def _stand_ins(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(stand_in(char, error.encoding) for char in text), error.end


codecs.register_error(FALLBACK, _stand_ins)


def _tolerant_streams() -> None:
    """Standard output and error print a stand-in for what their encoding cannot hold, instead
    of raising (or writing ``\\u2192``); standard input reads bytes it cannot decode as ``�``."""
    for stream, fallback in (
        (sys.stdout, FALLBACK),
        (sys.stderr, FALLBACK),
        (sys.stdin, "replace"),
    ):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) in STRICT_ERRORS:
            with contextlib.suppress(ValueError, OSError):  # a closed or odd stream: left alone
                reconfigure(errors=fallback)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """Run a command; turn a closed or full standard output into a quiet exit or one line, and
    print what the output's encoding cannot hold as stand-ins."""
    _reopen_missing_descriptors()
    _tolerant_streams()
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
