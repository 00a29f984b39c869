"""The whole kit: every game's material built in one go, in isolation from each other.

How a game adds its material (one line in :data:`COMPONENTS`)::

    Component("Board", "generator.kit.builders:build_oie_board",
              PrintNotes(advice="A3, or the A4 poster: trim the margins and tape."),
              game=OIE.key)

* ``target`` is ``"module:function"``, imported only when the kit builds it, so ``pnp --help``
  stays fast.
* The builder is ``def build_x(params: KitParams) -> list[Path | KitFile]``. It writes its
  files under ``params.out`` (subfolders allowed), a product through the product contract
  (``PRODUCT.make(options, params.out / name)``, :mod:`generator.products.contract`), and
  returns them in the order the gallery should show them.
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
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from generator.core.atomic import (
    check_name,
    lstat_or_none,
    move_into_place,
    require_replaceable,
)
from generator.core.errors import UserError
from generator.core.i18n import Language, _, cli_language
from generator.core.outputs import STAGING_PREFIX, require_folder, require_inside, staging
from generator.core.refusal import Refusal
from generator.kit.components import COMPONENTS
from generator.kit.model import KIT_PAPERS, Component, KitFile, KitParams, PrintNotes
from generator.kit.thumbnails import RenderedPdf

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

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
    pages: Mapping[PurePosixPath, RenderedPdf] = field(default_factory=dict)  # by file path


def validate_params(params: KitParams) -> KitParams:
    """The parameters with the region trimmed, or a UserError saying what to change."""
    if params.paper.name not in KIT_PAPERS:
        raise UserError(
            _("unknown kit paper {paper!r}; choose one of {choices}").format(
                paper=params.paper.name, choices=", ".join(KIT_PAPERS)
            )
        )
    check_name(params.out)
    require_folder(params.out)
    region = params.region.strip()
    if not region:
        raise UserError(
            _(
                "--region is empty; name a region (e.g. 'bretagne', '33') or leave --region out "
                "for France"
            )
        )
    from generator.geo.regions import resolve_region

    resolve_region(region)  # a misspelt region: one line now, not a failure per component
    from generator.core.i18n import LANGUAGES

    if params.language not in LANGUAGES:
        raise UserError(
            _("unknown kit language {language!r}; choose one of {choices}").format(
                language=params.language, choices=", ".join(LANGUAGES)
            )
        )
    if params.png is not None:
        from generator.render.deck_files import ImageSize

        ImageSize(dpi=params.png)  # a resolution out of range: one line now
    from generator.games.variants import check_chosen

    variants = check_chosen(params.variants)  # an unknown variant or value: one line now
    site = params.site or params.out.resolve().as_uri()  # what the exports name images by
    return replace(params, region=region, site=site, variants=variants)


@dataclass(frozen=True)
class Staged:
    """A component built into its staging folder (by :func:`stage_component`, in a worker
    process or in the kit's): the files its builder declared, each PDF's pages rendered, or why
    it failed. Everything here crosses a process boundary (plain data, no exception object)."""

    declared: tuple[KitFile, ...] = ()
    pdfs: dict[PurePosixPath, RenderedPdf] = field(default_factory=dict)
    failure: Failure | None = None


def stage_component(
    component: Component, params: KitParams, folder: Path, render_pages: bool
) -> Staged:
    """Run ``component``'s builder into ``folder`` (created here) and, if ``render_pages``,
    render the pages of every PDF it wrote (the kit's thumbnails, made where the PDF was made
    so they are made in parallel too). Failures are returned, never raised."""
    try:
        folder.mkdir(parents=True)
        returned = component.builder()(replace(params, out=folder))
        if not isinstance(returned, list | tuple):
            raise BuilderContractError(
                f"builder returned {type(returned).__name__}, not a list of paths"
            )
        declared = tuple(_as_kit_file(item) for item in returned)
        return Staged(declared, _render_pdfs(folder) if render_pages else {})
    except (UserError, Refusal) as exc:  # a refusal of the rules, in their own words
        return Staged(failure=Failure(component.name, str(exc), is_bug=False))
    except BuilderContractError as exc:
        return Staged(failure=Failure(component.name, f"broken builder: {exc}", is_bug=True))
    except Exception as exc:  # a bug in one game must not cost the user the others
        return Staged(
            failure=Failure(
                component.name,
                f"{type(exc).__name__}: {exc}",
                is_bug=True,
                details=traceback.format_exc(),
            )
        )


def _stage_in_worker(
    environ: dict[str, str],
    cli_language: Language,
    component: Component,
    params: KitParams,
    folder: Path,
    render_pages: bool,
) -> Staged:
    """:func:`stage_component` in a worker, under the command's environment of now (a worker
    forked from the fork server has the server's, which may be older: ``PNP_*`` settings), its
    messages in the command line's language (``pnp --lang``, which the environment lacks)."""
    from generator.core.i18n import speaking

    os.environ.clear()
    os.environ.update(environ)
    with speaking(cli_language):
        return stage_component(component, params, folder, render_pages)


def _render_pdfs(folder: Path) -> dict[PurePosixPath, RenderedPdf]:
    """Every readable PDF under ``folder`` with its pages rendered; an unreadable one is left out
    (the kit's checks say what is wrong with it)."""
    from generator.kit.thumbnails import THUMBNAIL_PIXELS, render_pdf_pages, thumbnail_limit

    pages = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() == ".pdf" and path.is_file() and not path.is_symlink():
            try:
                pages[PurePosixPath(path.relative_to(folder).as_posix())] = render_pdf_pages(
                    path, THUMBNAIL_PIXELS, thumbnail_limit(path.name)
                )
            except UserError:
                continue
    return pages


def default_jobs() -> int:
    """Components built at once by default: one per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def build_kit(
    params: KitParams,
    components: tuple[Component, ...] = COMPONENTS,
    on_step: Callable[[str], None] | None = None,
    replaceable: Callable[[PurePosixPath], bool] | None = None,
    jobs: int = 1,
    render_pages: bool = False,
) -> KitResult:
    """Build every component into ``params.out``; a failure is recorded, the others still built.

    ``replaceable(relative_path)`` says whether an existing file may be replaced (None: any
    regular file may); ``params.force`` replaces any regular file. ``jobs`` above 1 builds up
    to that many components at once, each in a worker process (never a fork of this one:
    nothing of its state leaks in, :func:`_worker_context`); their files are then moved into
    place one component at a time, in the order of ``components``, exactly as when they are
    built one after the other, so the files are the same whatever ``jobs``. ``render_pages``
    renders the pages of every PDF where it is built (:attr:`KitResult.pages`, the thumbnails).
    """
    params = validate_params(params)
    names = [component.name for component in components]
    if len(set(names)) != len(names):
        raise ValueError(f"kit component names must be unique: {names}")
    if jobs < 1:
        raise UserError(
            _("--jobs {jobs} is out of range; give 1 or more (1: one at a time)").format(jobs=jobs)
        )
    may_replace = replaceable if replaceable is not None and not params.force else None
    files: list[BuiltFile] = []
    failures: list[Failure] = []
    pages: dict[PurePosixPath, RenderedPdf] = {}
    with staging(params.out) as staging_root:
        folders = [
            staging_root / f"{index:02d}-{_slug(component.name)}"
            for index, component in enumerate(components)
        ]
        with _stager(jobs, len(components)) as stage:
            pending = [
                stage(component, params, folder, render_pages)
                for component, folder in zip(components, folders, strict=True)
            ]
            for component, folder, staged in zip(components, folders, pending, strict=True):
                if on_step:
                    on_step(component.name)
                try:
                    outcome = staged()
                    if outcome.failure is not None:
                        failures.append(outcome.failure)
                        continue
                    taken = {file.path for file in files}
                    built = _place_files(component, params, folder, outcome, taken, may_replace)
                    files.extend(built)
                    pages.update(
                        (b.path, outcome.pdfs[b.path]) for b in built if b.path in outcome.pdfs
                    )
                except (UserError, Refusal) as exc:
                    failures.append(Failure(component.name, str(exc), is_bug=False))
                except BuilderContractError as exc:
                    failures.append(Failure(component.name, f"broken builder: {exc}", is_bug=True))
                except Exception as exc:  # a worker that died, a bug in the kit's own checks
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
    return KitResult(tuple(files), tuple(failures), tuple(components), pages)


Stage = Callable[[Component, KitParams, Path, bool], Callable[[], Staged]]


def _worker_context() -> BaseContext:
    """How the workers start: forked from a fork server (a fresh interpreter that has imported
    :mod:`generator.kit.preload`, so the libraries and fonts are loaded once for all workers)
    where the platform has one, else spawned (each worker a fresh interpreter). Never forked
    from the command's own process, whose state (threads, open files, caches) is not theirs."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["generator.kit.preload"])
    return context


@contextmanager
def _stager(jobs: int, count: int) -> Iterator[Stage]:
    """``stage(component, params, folder, render_pages)`` starts a component and returns how to
    wait for it: in this process, one at a time, when ``jobs`` is 1 (or one component); else in
    a pool of ``jobs`` worker processes (:func:`_worker_context`), started in the components'
    order."""
    if jobs <= 1 or count <= 1:

        def at_once(
            component: Component, params: KitParams, folder: Path, render_pages: bool
        ) -> Callable[[], Staged]:
            return lambda: stage_component(component, params, folder, render_pages)

        yield at_once
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(jobs, count), mp_context=_worker_context())
    try:

        def in_pool(
            component: Component, params: KitParams, folder: Path, render_pages: bool
        ) -> Callable[[], Staged]:
            return pool.submit(
                _stage_in_worker,
                dict(os.environ),
                cli_language(),
                component,
                params,
                folder.absolute(),
                render_pages,
            ).result

        yield in_pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _place_files(
    component: Component,
    params: KitParams,
    staging: Path,
    staged: Staged,
    taken: set[PurePosixPath],
    may_replace: Callable[[PurePosixPath], bool] | None,
) -> list[BuiltFile]:
    """Check the files ``staged`` in ``staging`` against the contract and the output folder,
    then rename them to their final names (the same paths relative to ``params.out``)."""
    by_relative: dict[PurePosixPath, KitFile] = {}
    for kit_file in staged.declared:
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
        require_inside(params.out, target.parent)  # out/a, out/a/b... folders inside out
        st = lstat_or_none(target, "write")
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise UserError(
                _("{target} is a folder; remove it so the kit can write that file").format(
                    target=target
                )
            )
        require_replaceable(target, st)
        if st is not None and may_replace is not None and not may_replace(relative):
            raise UserError(
                _(
                    "{target} exists and no earlier kit's manifest.json lists it; nothing of this "
                    "component was written: move that file away or add --force to replace it"
                ).format(target=target)
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
                game=component.group,
                path=relative,
                title=kit_file.title,
                print_notes=kit_file.print_notes or _printed(component.print_notes, params),
            )
        )
    return built


def _printed(notes: PrintNotes, params: KitParams) -> PrintNotes:
    """A component's notes (French, ``M_``) in the kit's language; a builder's own notes are
    already in it."""
    from generator.core.i18n import P_

    return replace(notes, advice=P_(params.language, notes.advice)) if notes.advice else notes


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
