"""What ``pnp kit --out DIR`` may replace or delete: only what its earlier manifest lists.

* ``DIR/manifest.json`` written by an earlier ``pnp kit`` lists every file of that kit (path,
  size, sha256). Those files may be replaced; nothing else in the folder is touched: a
  ``thumbnails/holiday.png`` of yours stays.
* A file that the earlier kit listed and that this build does not make again (a thumbnail of a
  page that is gone) is deleted only if it is unchanged (same sha256): an edited file is yours.
* A folder holding other files (hidden ones such as ``.gitkeep`` aside) and no manifest of a
  kit is refused, unless ``--force``: then the kit's files are written over files of the same
  names, and nothing else is deleted.

A manifest is data like any other: paths that leave the folder (absolute, ``..``, or through a
symbolic link) are ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.core.errors import UserError
from generator.core.i18n import _

MANIFEST = "manifest.json"
MAX_MANIFEST_BYTES = 16 << 20


@dataclass(frozen=True)
class PreviousKit:
    """The files an earlier kit wrote in the folder: relative path -> sha256."""

    files: dict[PurePosixPath, str]

    def lists(self, relative: PurePosixPath) -> bool:
        return relative in self.files


def read_previous(out: Path) -> PreviousKit | None:
    """The earlier kit's manifest in ``out``; None when there is none or it is not a kit's."""
    path = out / MANIFEST
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MANIFEST_BYTES:
        return None
    try:
        document = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if not (
        isinstance(document, dict)
        and isinstance(document.get("generator"), str)
        and document["generator"].startswith("pnp ")
        and isinstance(document.get("files"), list)
    ):
        return None
    files: dict[PurePosixPath, str] = {PurePosixPath(MANIFEST): ""}
    for entry in document["files"]:
        if not isinstance(entry, dict):
            continue
        relative, digest = entry.get("path"), entry.get("sha256")
        if isinstance(relative, str) and isinstance(digest, str) and _inside(out, relative):
            files[PurePosixPath(relative)] = digest
    return PreviousKit(files)


def _inside(out: Path, relative: str) -> bool:
    path = PurePosixPath(relative)
    if path.is_absolute() or not path.parts or ".." in path.parts or "\\" in relative:
        return False
    try:
        return (out / path).resolve().is_relative_to(out.resolve())
    except (OSError, RuntimeError):
        return False


def check_folder(out: Path, previous: PreviousKit | None, force: bool) -> None:
    """Refuse a folder that holds files and no kit manifest, unless ``force``."""
    if previous is not None or force:
        return
    try:
        # hidden entries (.gitkeep, .DS_Store, a staging folder) do not make a folder someone's
        entries = sorted(e for e in os.listdir(out) if not e.startswith("."))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UserError(
            _("cannot read the folder {folder}: {reason}").format(folder=out, reason=exc.strerror)
        ) from None
    if entries:
        raise UserError(
            _(
                "{folder} already holds files ({first}) and no {manifest} of a pnp kit; nothing "
                "was written: give an empty or new folder to --out, or add --force to write the "
                "kit among those files"
            ).format(
                folder=out,
                first=f"{entries[0]}, …" if len(entries) > 1 else entries[0],
                manifest=MANIFEST,
            )
        )


def may_replace(previous: PreviousKit | None) -> Callable[[PurePosixPath], bool]:
    """The kit's ``replaceable`` predicate: a path the earlier manifest lists."""
    if previous is None:
        return lambda relative: False
    return previous.lists


def remove_stale(out: Path, previous: PreviousKit | None, kept: Iterable[PurePosixPath]) -> None:
    """Delete the earlier kit's files that this kit did not write again, if unchanged."""
    if previous is None:
        return
    keep = set(kept) | {PurePosixPath(MANIFEST)}
    for relative, digest in previous.files.items():
        if relative in keep or not digest:
            continue
        path = out / relative
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or not _inside(out, str(relative)):
                continue
            if hashlib.sha256(path.read_bytes()).hexdigest() == digest:
                path.unlink()
        except OSError:
            continue
