"""The whole kit: every game's material built in one go, in isolation from each other.

How a game adds its material (one line in :data:`COMPONENTS`)::

    Component("Board", "generator.render.oie:build_board",
              PrintNotes(advice="A3, or the A4 poster: trim the margins and tape."),
              game="Jeu de l'Oie")

* ``target`` is ``"module:function"``, imported only when the kit builds it, so ``pnp --help``
  stays fast.
* The builder is ``def build_x(params: KitParams) -> list[Path | KitFile]``. It writes its
  files under ``params.out`` (subfolders allowed) through :mod:`generator.core.atomic` or
  :meth:`PdfDocument.save`, and returns them in the order the gallery should show them.
  A bare :class:`~pathlib.Path` gets the component's :class:`PrintNotes`; return a
  :class:`KitFile` to give one file its own title (default: the PDF's ``/Title``, as set by
  ``DocInfo``, else the file name) or its own notes.
* Printing instructions are data, and the PDF is their first source: the gallery reads the
  sheet size from the pages, and the flip edge from the PDF's ``/ViewerPreferences /Duplex``
  (the imposition engine sets it). :class:`PrintNotes` adds one sentence of advice and may name
  the flip edge with the engine's words (``Duplex.X.value``: ``"long"``, ``"short"``, ``"fold"``,
  or ``"single"`` for one-sided sheets); when it does, it wins over the PDF. "Print at 100 %" is
  said for every PDF, and the manifest records whether the PDF itself sets ``PrintScaling /None``.
* A builder raises :class:`~generator.core.errors.UserError` for anything the user can fix (unknown
  region, too few places...). Any exception fails only that component.

Isolation: each component writes into its own hidden staging folder (``params.out`` points
there while it runs), inside one private ``.pnp-staging-XXXXXXXX`` folder of the output folder
(:func:`generator.core.outputs.staging`). Only when the builder returns are its files renamed,
one by one, to their final names under the output folder; a failed component's staging folder
is deleted, so a failure leaves nothing behind and never overwrites a good file from an earlier
run. The gallery (``index.html``, ``thumbnails/``) and ``manifest.json`` are written afterwards
(:mod:`generator.kit.run`).

Ownership: ``build_kit(..., replaceable=...)`` says which existing files may be replaced (the
ones an earlier kit's manifest lists, :mod:`generator.kit.ownership`); a component whose file
would replace anything else fails with one line, unless ``params.force``.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from generator.core.atomic import (
    check_name,
    describe_kind,
    lstat_or_none,
    move_into_place,
    require_replaceable,
)
from generator.core.errors import UserError
from generator.core.outputs import STAGING_PREFIX, require_folder, staging
from generator.kit.components import COMPONENTS
from generator.kit.model import KIT_PAPERS, Component, KitFile, KitParams, PrintNotes

# Names the kit itself writes in the output folder; no component may use them.
RESERVED_NAMES: frozenset[str] = frozenset({"index.html", "manifest.json", "thumbnails"})


class BuilderContractError(Exception):
    """A builder broke the contract above (wrong return value, wrote where it must not): a bug."""


@dataclass(frozen=True)
class BuiltFile:
    """A file of the finished kit, ``path`` relative to the output folder (POSIX form).

    ``title`` is the builder's; empty means "the PDF's own /Title, else the file name".
    """

    component: str
    game: str
    path: PurePosixPath
    title: str
    print_notes: PrintNotes


@dataclass(frozen=True)
class Failure:
    """A component that did not build. ``details`` is the traceback of a bug, empty otherwise."""

    component: str
    message: str
    is_bug: bool
    details: str = ""


@dataclass(frozen=True)
class KitResult:
    files: tuple[BuiltFile, ...]
    failures: tuple[Failure, ...]
    components: tuple[Component, ...]


def validate_params(params: KitParams) -> KitParams:
    """The parameters with the paper name normalised, or a UserError saying what to change."""
    paper = params.paper.strip().lower()
    if paper not in KIT_PAPERS:
        raise UserError(
            f"unknown kit paper {params.paper!r}; choose one of {', '.join(KIT_PAPERS)}"
        )
    check_name(params.out)
    require_folder(params.out)
    region = params.region.strip()
    if not region:
        raise UserError(
            "--region is empty; name a region (e.g. 'bretagne', '33') or leave --region out for "
            "France"
        )
    from generator.geo.regions import resolve_region
    from generator.render.profile import print_profile

    profile = print_profile(params.profile, params.ink_limit)  # one line for a bad profile or limit
    resolve_region(region)  # a misspelt region: one line now, not a failure per component
    return replace(params, paper=paper, region=region, profile=profile.kind.value)


def build_kit(
    params: KitParams,
    components: tuple[Component, ...] = COMPONENTS,
    on_step: Callable[[str], None] | None = None,
    replaceable: Callable[[PurePosixPath], bool] | None = None,
) -> KitResult:
    """Build every component into ``params.out``; a failure is recorded, the others still built.

    ``replaceable(relative_path)`` says whether an existing file may be replaced (None: any
    regular file may); ``params.force`` replaces any regular file.
    """
    params = validate_params(params)
    names = [component.name for component in components]
    if len(set(names)) != len(names):
        raise ValueError(f"kit component names must be unique: {names}")
    may_replace = replaceable if replaceable is not None and not params.force else None
    files: list[BuiltFile] = []
    failures: list[Failure] = []
    with staging(params.out) as staging_root:
        for index, component in enumerate(components):
            if on_step:
                on_step(component.name)
            folder = staging_root / f"{index:02d}-{_slug(component.name)}"
            taken = {file.path for file in files}
            try:
                files.extend(_build_one(component, params, folder, taken, may_replace))
            except UserError as exc:
                failures.append(Failure(component.name, str(exc), is_bug=False))
            except BuilderContractError as exc:
                failures.append(Failure(component.name, f"broken builder: {exc}", is_bug=True))
            except Exception as exc:  # a bug in one game must not cost the user the others
                failures.append(
                    Failure(
                        component.name,
                        f"{type(exc).__name__}: {exc}",
                        is_bug=True,
                        details=traceback.format_exc(),
                    )
                )
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    return KitResult(tuple(files), tuple(failures), tuple(components))


def _build_one(
    component: Component,
    params: KitParams,
    staging: Path,
    taken: set[PurePosixPath],
    may_replace: Callable[[PurePosixPath], bool] | None,
) -> list[BuiltFile]:
    staging.mkdir(parents=True)
    returned = component.builder()(replace(params, out=staging))
    if not isinstance(returned, list | tuple):
        raise BuilderContractError(
            f"builder returned {type(returned).__name__}, not a list of paths"
        )
    declared = [_as_kit_file(item) for item in returned]
    by_relative: dict[PurePosixPath, KitFile] = {}
    for kit_file in declared:
        relative = _relative_to(kit_file.path, staging)
        if not (staging / relative).is_file():
            raise BuilderContractError(f"builder returned {kit_file.path}, which it did not write")
        by_relative.setdefault(relative, kit_file)
    # Files written but not returned still belong to the kit: they follow, in name order.
    written = sorted(
        PurePosixPath(p.relative_to(staging).as_posix()) for p in staging.rglob("*") if p.is_file()
    )
    order = list(by_relative) + [p for p in written if p not in by_relative]
    for relative in order:
        if relative.parts[0] in RESERVED_NAMES or relative.parts[0].startswith(STAGING_PREFIX):
            raise BuilderContractError(f"builder wrote {relative}, a name the kit keeps for itself")
        if relative in taken:
            raise BuilderContractError(
                f"builder wrote {relative}, which an earlier component already wrote"
            )
        if relative.suffix.lower() == ".pdf" and (problem := _pdf_problem(staging / relative)):
            raise BuilderContractError(f"builder wrote {relative}, {problem}")
        target = params.out / relative
        for parent in list(reversed(relative.parents))[1:]:  # out/a, out/a/b, ... must be folders
            st = lstat_or_none(params.out / parent, "write")
            if st is not None and not stat.S_ISDIR(st.st_mode):
                kind = "a file" if stat.S_ISREG(st.st_mode) else describe_kind(st.st_mode)
                raise UserError(
                    f"{params.out / parent} is {kind}; remove it so the kit can write {target}"
                )
        st = lstat_or_none(target, "write")
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise UserError(f"{target} is a folder; remove it so the kit can write that file")
        require_replaceable(target, st)
        if st is not None and may_replace is not None and not may_replace(relative):
            raise UserError(
                f"{target} exists and no earlier kit's manifest.json lists it; nothing of this "
                "component was written: move that file away or add --force to replace it"
            )
    built = []
    for relative in order:  # checked above, so the renames cannot stop half-way for a known reason
        target = params.out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        move_into_place(staging / relative, target)
        kit_file = by_relative.get(relative, KitFile(Path(relative)))
        built.append(
            BuiltFile(
                component=component.name,
                game=component.game or component.name,
                path=relative,
                title=kit_file.title,
                print_notes=kit_file.print_notes or component.print_notes,
            )
        )
    return built


def _pdf_problem(path: Path) -> str:
    from generator.kit.thumbnails import pdf_problem

    return pdf_problem(path)


def _as_kit_file(item: Path | KitFile) -> KitFile:
    if isinstance(item, KitFile):
        return item
    if isinstance(item, str | os.PathLike):
        return KitFile(Path(item))
    raise BuilderContractError(f"builder returned {item!r}, not a Path or KitFile")


def _relative_to(path: Path, staging: Path) -> PurePosixPath:
    candidate = path if path.is_absolute() else Path.cwd() / path
    try:
        relative = candidate.resolve().relative_to(staging.resolve())
    except ValueError:
        raise BuilderContractError(
            f"builder returned {path}, outside the output folder it was given"
        ) from None
    return PurePosixPath(relative.as_posix())


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "component"
