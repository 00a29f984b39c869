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

import json
import mmap
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.core.atomic import check_name, lstat_or_none, require_replaceable
from generator.core.errors import UserError

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
        st = lstat_or_none(output.path, "write")
        require_replaceable(output.path, st)
        if st is None or force:
            continue
        if not _safely(output.is_ours, output.path):
            raise UserError(
                f"{output.path} exists and is not a {output.what} made by pnp; nothing was "
                "written: choose another name, move that file away, or add --force to replace it"
            )


def require_folder(path: Path, what: str = "--out") -> None:
    """``path`` is a folder or nothing (it will be created)."""
    check_name(path)
    st = lstat_or_none(path, "write into")
    if st is not None and not stat.S_ISDIR(os.stat(path).st_mode):
        raise UserError(f"{path} is a file, not a folder; {what} takes the folder to write into")


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


def never(path: Path) -> bool:
    """For files that hold the user's own work (a game file): never replaced without --force."""
    return False
