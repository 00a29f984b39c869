"""Which names a command may write: pnp replaces its own files, never yours.

The one overwrite convention of every command (README, "Files pnp writes"):

* a command writes only the names it announces, and checks every one of them before it writes
  the first (:func:`claim`);
* a free name is written; a name holding a file that pnp made, of the kind the command writes
  (a PDF whose producer is pnp, a deck file, a card-face PNG, a file listed in a kit's
  ``manifest.json``), is replaced, keeping its permissions and owner;
* anything else at one of those names (your notes, a PDF from elsewhere, a game in progress)
  stops the command with one line before anything is written, unless ``--force`` is given;
* a folder, a symbolic link, a FIFO, a device or a socket is never replaced, even with
  ``--force``.

Recognising pnp's own files reads only their first and last bytes (a PDF's ``/Producer``, a
PNG's ``Software`` text chunk, a JSON file's ``schema``): cheap, and nothing is executed.
"""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.atomic import check_name, lstat_or_none, move_into_place, require_replaceable
from generator.core.errors import UserError
from generator.core.i18n import N_, _, translate_cli

try:
    import fcntl
except ImportError:  # Windows: staging folders of killed runs stay until removed by hand
    fcntl = None  # type: ignore[assignment]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_SOFTWARE = "pnp"  # the tEXt "Software" value of every PNG pnp writes
PDF_MARKERS = (b"/Producer (pnp", b"/Creator (pnp")
MAX_JSON_PROBE = 64 << 20  # a JSON file larger than this is not one of ours

Recogniser = Callable[[Path], bool]


@dataclass(frozen=True)
class Output:
    """One name a command is about to write, and how to tell that a file there is pnp's."""

    path: Path
    is_ours: Recogniser
    what: str  # "PDF", "deck file"... for the message


def claim(outputs: Iterable[Output], force: bool = False) -> None:
    """Raise a UserError for the first name the command must not write; write nothing before."""
    for output in outputs:
        check_name(output.path)
        st = lstat_or_none(output.path, N_("write"))
        require_replaceable(output.path, st)
        if st is None or force:
            continue
        if not _safely(output.is_ours, output.path):
            raise UserError(
                _(
                    "{path} exists and is not a {what} made by pnp; nothing was written: choose "
                    "another name, move that file away, or add --force to replace it"
                ).format(path=output.path, what=translate_cli(output.what))
            )


def claim_new(path: Path, force: bool = False) -> None:
    """For a file that holds the user's own work (a game file): a free name, or ``force``."""
    check_name(path)
    st = lstat_or_none(path, N_("write"))
    require_replaceable(path, st)
    if st is not None and not force:
        raise UserError(
            _(
                "{path} already exists; choose another file name or add --force to overwrite it"
            ).format(path=path)
        )


def require_folder(path: Path, what: str = "--out") -> None:
    """``path`` is a folder or nothing (it will be created)."""
    check_name(path)
    st = lstat_or_none(path, N_("write into"))
    if st is not None and not stat.S_ISDIR(os.stat(path).st_mode):
        raise UserError(
            _("{path} is a file, not a folder; {what} takes the folder to write into").format(
                path=path, what=what
            )
        )


STAGING_PREFIX = ".pnp-staging-"
_STAGING_LOCK = ".lock"


@contextlib.contextmanager
def staging(out: Path, what: str = "--out") -> Iterator[Path]:
    """A private folder inside ``out`` to build files in before they get their final names.

    Its name is unique (``.pnp-staging-XXXXXXXX``) and it holds a locked ``.lock`` file while it
    is in use; it is deleted afterwards. One left by a killed command (its lock is free) is
    deleted by the next command that stages into ``out``. Nothing else in ``out`` is touched.
    """
    require_folder(out, what)
    try:
        out.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
    except OSError as exc:
        raise UserError(
            _("cannot write into {out}: {strerror}; choose a writable folder").format(
                out=out, strerror=exc.strerror
            )
        ) from None
    lock = os.open(folder / _STAGING_LOCK, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        _remove_dead_staging(out, folder)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(lock)


def _remove_dead_staging(out: Path, mine: Path) -> None:
    if fcntl is None:
        return
    for entry in os.scandir(out):
        if not entry.name.startswith(STAGING_PREFIX) or entry.name == mine.name:
            continue
        if not entry.is_dir(follow_symlinks=False):
            continue
        try:
            fd = os.open(
                Path(entry.path) / _STAGING_LOCK, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
            )
        except OSError:
            continue  # not one of ours (no lock file): leave it
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue  # a live command is staging there
        try:
            shutil.rmtree(entry.path, ignore_errors=True)
        finally:
            os.close(fd)


def by_suffix(path: Path) -> Output:
    """How to recognise pnp's own file at ``path``, from its suffix (PDF and PNG)."""
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return Output(path, is_pnp_pdf, N_("PDF"))
    if suffix == ".png":
        return Output(path, is_pnp_png, N_("PNG"))
    return Output(path, never, N_("file"))


def publish(
    folder: Path,
    out: Path,
    written: Sequence[Path],
    force: bool = False,
    output: Callable[[Path], Output] = by_suffix,
) -> list[Path]:
    """Move the files ``written`` inside the staging ``folder`` to the same names under ``out``,
    after checking every final name (:func:`claim`); return the final paths."""
    relatives = [Path(path).resolve().relative_to(folder.resolve()) for path in written]
    targets = [out / relative for relative in relatives]
    claim((output(target) for target in targets), force)
    for relative, target in zip(relatives, targets, strict=True):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(
                _("cannot write {target}: {strerror}; choose another folder").format(
                    target=target, strerror=exc.strerror
                )
            ) from None
        move_into_place(folder / relative, target)
    return targets


def _safely(recognise: Recogniser, path: Path) -> bool:
    try:
        return recognise(path)
    except (OSError, ValueError, RecursionError):
        return False


def is_pnp_pdf(path: Path) -> bool:
    """A PDF whose document information says pnp made it."""
    with path.open("rb") as handle:
        if handle.read(5) != b"%PDF-":
            return False
        size = os.fstat(handle.fileno()).st_size
        with mmap.mmap(handle.fileno(), size, access=mmap.ACCESS_READ) as data:
            if any(data.rfind(marker) >= 0 for marker in PDF_MARKERS):
                return True
    return _pdf_metadata_says_pnp(path)  # compressed object streams hide the /Info dictionary


def _pdf_metadata_says_pnp(path: Path) -> bool:
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(str(path))
    except pypdfium2.PdfiumError:
        return False
    try:
        metadata = document.get_metadata_dict()
    finally:
        document.close()
    return any(metadata.get(key, "").startswith("pnp") for key in ("Producer", "Creator"))


def is_pnp_png(path: Path) -> bool:
    """A PNG carrying pnp's ``Software`` text chunk (before its image data)."""
    with path.open("rb") as handle:
        if handle.read(8) != PNG_SIGNATURE:
            return False
        for _ in range(64):  # the text chunks pnp writes come before IDAT
            header = handle.read(8)
            if len(header) < 8:
                return False
            length, kind = int.from_bytes(header[:4], "big"), header[4:]
            if kind == b"IDAT" or length > 1 << 20:
                return False
            body = handle.read(length)
            handle.seek(4, os.SEEK_CUR)  # CRC
            if kind == b"tEXt" and body == b"Software\0" + PNG_SOFTWARE.encode():
                return True
    return False


def json_schema_is(schema: str) -> Recogniser:
    """A JSON object whose ``schema`` field is ``schema`` (pnp's deck and game files)."""

    def recognise(path: Path) -> bool:
        if path.stat().st_size > MAX_JSON_PROBE:
            return False
        document = json.loads(path.read_bytes())
        return isinstance(document, dict) and document.get("schema") == schema

    return recognise


def text_holds(marker: bytes) -> Recogniser:
    """A text file (at most :data:`MAX_JSON_PROBE` bytes) holding ``marker`` (a page of pnp's)."""

    def recognise(path: Path) -> bool:
        return path.stat().st_size <= MAX_JSON_PROBE and marker in path.read_bytes()

    return recognise


def never(path: Path) -> bool:
    """For files that hold the user's own work (a game file): never replaced without --force."""
    return False
