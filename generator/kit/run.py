"""``pnp kit`` end to end: build the components, then the thumbnails, the gallery, the manifest.

Steps are announced through ``on_step(label, total)`` (the CLI drives a progress bar with it):
one per component, one per PDF (its thumbnails), one for the gallery and manifest. ``total`` is
the number of steps in all; it is an estimate until the components are built (the number of
PDFs is known only then). The labels are English (a component's name, :data:`THUMBNAILS_STEP`
and a file name, :data:`LAST_STEP`), marked for the command line's catalog, which shows them in
its own language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.core.atomic import write_text
from generator.core.i18n import N_
from generator.core.outputs import Output, claim, held, never, require_inside
from generator.geo import embedded
from generator.kit.build import KitResult, build_kit, validate_params
from generator.kit.components import COMPONENTS
from generator.kit.gallery import read_provenance, render_index
from generator.kit.manifest import (
    THUMBNAIL_DIR,
    FileFacts,
    inspect_built_files,
    manifest_json,
    measure,
    thumbnail_paths,
)
from generator.kit.model import Component, KitParams
from generator.kit.ownership import check_folder, may_replace, read_previous, remove_stale

INDEX = PurePosixPath("index.html")
MANIFEST = PurePosixPath("manifest.json")
THUMBNAILS_STEP = "thumbnails: "  # + the PDF's name
LAST_STEP = N_("gallery and manifest")


@dataclass(frozen=True)
class KitOutcome:
    result: KitResult
    facts: tuple[FileFacts, ...]  # every file of the kit except manifest.json
    index: Path
    manifest: Path


def make_kit(
    params: KitParams,
    components: tuple[Component, ...] = COMPONENTS,
    datasets_dir: Path | None = None,  # the embedded set's folder (default: the one pnp reads)
    on_step: Callable[[str, int], None] | None = None,
    jobs: int = 1,
) -> KitOutcome:
    """Build ``components`` into ``params.out``, then its thumbnails, ``index.html``,
    ``manifest.json``.

    A failed component is in ``outcome.result.failures`` (and shown in the gallery); bad
    parameters raise :class:`~generator.core.errors.UserError` before anything is written.
    ``jobs``: components built at once, each in its own process, with its PDFs' thumbnails
    (:func:`generator.kit.build.build_kit`); the files are the same whatever the number. A
    script that calls this with ``jobs`` above 1 needs multiprocessing's ``if __name__ ==
    "__main__":`` guard (the ``pnp`` command has it).
    """
    params = validate_params(params)
    with held(params.out):  # a second kit into the same folder meanwhile: "busy", one line
        return _make_kit(params, components, datasets_dir, on_step or (lambda *_: None), jobs)


def _make_kit(
    params: KitParams,
    components: tuple[Component, ...],
    datasets_dir: Path | None,
    step: Callable[[str, int], None],
    jobs: int,
) -> KitOutcome:
    components = tuple(c for c in components if c.in_kit(params))
    out = params.out
    previous = read_previous(out)
    check_folder(out, previous, params.force)
    replaceable = may_replace(previous)
    require_inside(out, out / THUMBNAIL_DIR)  # before anything is built
    claim(
        [Output(out / INDEX, lambda _: replaceable(INDEX), "kit gallery")]
        + ([] if previous else [Output(out / MANIFEST, never, "kit manifest")]),
        params.force,
    )
    estimate = 2 * len(components) + 1  # until the PDFs are known: about one per component
    result = build_kit(
        params,
        components,
        on_step=lambda name: step(name, estimate),
        replaceable=replaceable,
        jobs=jobs,
        render_pages=True,
    )

    pdf_count = sum(1 for built in result.files if built.path.suffix.lower() == ".pdf")
    total = len(components) + pdf_count + 1

    def claim_thumbnail(path: Path) -> None:
        require_inside(out, path.parent)  # again: it may have changed meanwhile
        relative = PurePosixPath(path.relative_to(out).as_posix())
        claim([Output(path, lambda _: replaceable(relative), "kit thumbnail")], params.force)

    material = inspect_built_files(
        out,
        result,
        on_pdf=lambda path: step(f"{THUMBNAILS_STEP}{path.name}", total),
        before_write=claim_thumbnail,
        rendered=result.pages,
    )
    thumbnails = thumbnail_paths(out, material)
    remove_stale(out, previous, [fact.path for fact in material] + thumbnails + [INDEX])

    step(LAST_STEP, total)
    index = write_text(
        out / INDEX,
        render_index(
            params,
            result,
            material,
            read_provenance(datasets_dir or embedded.folder(), params.language),
        ),
    )
    facts = material + [measure(out, path) for path in thumbnails] + [measure(out, INDEX)]
    manifest = write_text(out / MANIFEST, manifest_json(params, result, facts))
    return KitOutcome(result, tuple(facts), index, manifest)
