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

Where the files go (:func:`require_folder`, :func:`claim`, :func:`require_inside`):

* the folder you name (``--out DIR``, or the folder of ``--out FILE``) may be a symbolic link to
  a folder; a link that leads nowhere (dangling, or a loop of links) is one line;
* a folder pnp names itself inside it (a kit's ``thumbnails/``, a component's subfolder) is never
  followed out of the output folder through a symbolic link;
* never into ``/`` or a system folder (``/etc``, ``/usr``, ``/dev``...: :data:`SYSTEM_FOLDERS`),
  nor anywhere inside the kernel's ``/dev``, ``/proc`` and ``/sys`` (or a mount of them), even
  with ``--force``.

Recognising pnp's own files reads only their first and last bytes (a PDF's ``/Producer``, a
PNG's ``Software`` text chunk, a JSON file's ``schema``): cheap, and nothing is executed.
"""

from __future__ import annotations

import contextlib
import errno
import json
import mmap
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from msgspec import Struct

from generator.core.atomic import (
    check_name,
    describe_kind,
    lstat_or_none,
    move_into_place,
    require_replaceable,
)
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


class Output(Struct, frozen=True):
    """One name a command is about to write, and how to tell that a file there is pnp's."""

    path: Path
    is_ours: Recogniser
    what: str  # "PDF", "deck file"... for the message


def claim(outputs: Iterable[Output], force: bool = False) -> None:
    """Raise a UserError for the first name the command must not write; write nothing before."""
    folders: set[Path] = set()
    for output in outputs:
        check_name(output.path)
        if output.path.parent not in folders:
            require_parent(output.path)
            folders.add(output.path.parent)
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
    require_parent(path)
    st = lstat_or_none(path, N_("write"))
    require_replaceable(path, st)
    if st is not None and not force:
        raise UserError(
            _(
                "{path} already exists; choose another file name or add --force to overwrite it"
            ).format(path=path)
        )


def require_folder(path: Path, what: str = "--out") -> None:
    """``path`` is a folder, a symbolic link to one, or nothing yet (it will be created), and
    not a system folder (:func:`require_user_folder`); ``what`` names it ("--out")."""
    check_name(path)
    if not _leads_to_folder(path):
        raise UserError(
            _("{path} is a file, not a folder; {what} takes the folder to write into").format(
                path=path, what=what
            )
        )
    require_user_folder(path)


def require_parent(path: Path) -> None:
    """The folder of the file ``path`` is one pnp may write into (:func:`require_folder`)."""
    folder = path.parent
    if not _leads_to_folder(folder):
        raise UserError(
            _("cannot write {path}: {folder} is a file, not a folder; choose another name").format(
                path=path, folder=folder
            )
        )
    require_user_folder(folder)


def _leads_to_folder(path: Path) -> bool:
    """False when ``path`` leads to something other than a folder; True for a folder or nothing
    yet. A symbolic link that leads nowhere (dangling, a loop) at ``path`` or on the way to it
    is a UserError: ``mkdir`` would trip over it, or the system's message would be obscure."""
    for parent in reversed(path.parents):  # ".", "a", "a/b" for "a/b/c"
        st = lstat_or_none(parent, N_("write into"))
        if st is None:
            return True  # nothing from here on: the folders will be made
        if stat.S_ISLNK(st.st_mode):
            _follow(parent)
    st = lstat_or_none(path, N_("write into"))
    if st is None:
        return True
    return stat.S_ISDIR(_follow(path).st_mode if stat.S_ISLNK(st.st_mode) else st.st_mode)


def _follow(link: Path) -> os.stat_result:
    """What the symbolic link ``link`` leads to, or a UserError when it leads nowhere."""
    try:
        return os.stat(link)
    except FileNotFoundError:
        try:
            target = os.readlink(link)
        except OSError:
            target = "?"
        raise UserError(
            _(
                "{path} is a symbolic link to {target}, which does not exist; create that folder "
                "or choose another one"
            ).format(path=link, target=target)
        ) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UserError(
                _(
                    "{path} is a symbolic link that leads back to itself (a loop of links); "
                    "remove it or choose another folder"
                ).format(path=link)
            ) from None
        raise UserError(
            _("cannot write into {path}: {strerror}; choose another folder").format(
                path=link, strerror=exc.strerror
            )
        ) from None


# Folders pnp never writes into, even with --force: the root and the system's own folders
# (these folders themselves; a folder of yours under /var or /usr/local is yours)...
SYSTEM_FOLDERS: tuple[str, ...] = (
    "/",
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/proc",
    "/run",
    "/sbin",
    "/sys",
    "/usr",
    "/usr/bin",
    "/usr/lib",
    "/usr/sbin",
    "/var",
)
# ... and nothing anywhere inside the kernel's file systems (devices, processes, its settings),
# wherever they are mounted.
KERNEL_FOLDERS: tuple[str, ...] = ("/dev", "/proc", "/sys")


def require_user_folder(folder: Path) -> None:
    """``folder`` (there or not yet) is not ``/``, a system folder or inside the kernel's
    (:data:`SYSTEM_FOLDERS`, :data:`KERNEL_FOLDERS`), whatever links lead there."""
    if os.name != "posix":
        return
    real = os.path.realpath(folder)
    inside_kernel = any(real.startswith(kernel + "/") for kernel in KERNEL_FOLDERS)
    if real in SYSTEM_FOLDERS or inside_kernel or _is_system_folder(real):
        shown = real if real == str(folder) else f"{folder} ({real})"
        raise UserError(
            _(
                "{folder} is a system folder; pnp writes only into folders of yours, even with "
                "--force: choose another folder"
            ).format(folder=shown)
        )


def _is_system_folder(real: str) -> bool:
    """An existing folder that is a system folder under another name (a bind mount), or lies on
    one of the kernel's file systems (``mount -t proc proc /mnt/p``)."""
    try:
        seen = os.stat(real)
        root_device = os.stat("/").st_dev
    except OSError:
        return False  # not there yet: it will be made inside a folder checked by its path
    for folder in SYSTEM_FOLDERS:
        try:
            system = os.stat(folder)
        except OSError:
            continue
        if os.path.samestat(seen, system):
            return True
        kernel = folder in KERNEL_FOLDERS and system.st_dev != root_device
        if kernel and seen.st_dev == system.st_dev:
            return True
    return False


def require_inside(out: Path, folder: Path) -> None:
    """``folder``, under ``out`` (a folder pnp names itself: a kit's ``thumbnails/``, a
    component's subfolder), and every folder between them, is a folder inside ``out`` or nothing
    yet: a symbolic link leading out of ``out`` is refused, and so is a file where a folder
    goes."""
    base = os.path.realpath(out)
    path = out
    for part in folder.relative_to(out).parts:
        path = path / part
        st = lstat_or_none(path, N_("write into"))
        if st is None:
            return  # made as a plain folder when the first file is written
        if stat.S_ISLNK(st.st_mode):
            if not _within(os.path.realpath(path), base):
                raise UserError(
                    _(
                        "{folder} is a symbolic link leading out of {out}; pnp writes only inside "
                        "the folder it is given: remove that link"
                    ).format(folder=path, out=out)
                )
            st = _follow(path)
        if not stat.S_ISDIR(st.st_mode):
            kind = _("a file") if stat.S_ISREG(st.st_mode) else describe_kind(st.st_mode)
            raise UserError(
                _("{path} is {kind}; remove it so that pnp can write into {folder}").format(
                    path=path, kind=kind, folder=folder
                )
            )


def _within(path: str, base: str) -> bool:
    return path == base or path.startswith(base.rstrip("/") + "/")


@contextlib.contextmanager
def held(out: Path, what: str = "--out") -> Iterator[None]:
    """Hold the folder ``out`` (made if needed) for one command: another command asking for it
    meanwhile gets one line saying it is busy. The lock is taken on the folder itself (``flock``),
    so nothing is left in it, and it ends with the process however that ends."""
    require_folder(out, what)
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC) if fcntl else -1
    except OSError as exc:
        raise UserError(
            _("cannot write into {out}: {strerror}; choose a writable folder").format(
                out=out, strerror=exc.strerror
            )
        ) from None
    if fd < 0:  # Windows: no flock, the command runs unguarded
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UserError(
                _(
                    "{out} is busy: another pnp command is writing into it; wait until it "
                    "has finished, or choose another folder"
                ).format(out=out)
            ) from None
        except OSError:
            pass  # a file system without locks: the command runs unguarded
        yield
    finally:
        os.close(fd)


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
