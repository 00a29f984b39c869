"""``pnp kit`` end to end: build the components, then the thumbnails, the gallery, the manifest.

Steps are announced through ``on_step(label, total)`` (the CLI drives a progress bar with it):
one per component, one per PDF (its thumbnails), one for the gallery and manifest. ``total`` is
the number of steps in all; it is an estimate until the components are built (the number of
PDFs is known only then).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.core.atomic import write_text
from generator.kit.build import KitResult, build_kit, validate_params
from generator.kit.components import COMPONENTS
from generator.kit.gallery import DATASETS_DIR, read_provenance, render_index
from generator.kit.manifest import (
    FileFacts,
    inspect_built_files,
    manifest_json,
    measure,
    remove_stale_thumbnails,
    thumbnail_paths,
)
from generator.kit.model import Component, KitParams

INDEX = PurePosixPath("index.html")
MANIFEST = PurePosixPath("manifest.json")


@dataclass(frozen=True)
class KitOutcome:
    result: KitResult
    facts: tuple[FileFacts, ...]  # every file of the kit except manifest.json
    index: Path
    manifest: Path


def make_kit(
    params: KitParams,
    components: tuple[Component, ...] = COMPONENTS,
    datasets_dir: Path = DATASETS_DIR,
    on_step: Callable[[str, int], None] | None = None,
) -> KitOutcome:
    """Build ``components`` into ``params.out``, then its thumbnails, ``index.html``, ``manifest.json``.

    A failed component is in ``outcome.result.failures`` (and shown in the gallery); bad
    parameters raise :class:`~generator.core.errors.UserError` before anything is written.
    """
    params = validate_params(params)
    components = tuple(c for c in components if params.profile in c.profiles)
    step = on_step or (lambda label, total: None)
    estimate = 2 * len(components) + 1  # until the PDFs are known: about one per component
    result = build_kit(params, components, on_step=lambda name: step(name, estimate))
    out = params.out

    pdf_count = sum(1 for built in result.files if built.path.suffix.lower() == ".pdf")
    total = len(components) + pdf_count + 1
    material = inspect_built_files(
        out, result, on_pdf=lambda path: step(f"thumbnails: {path.name}", total)
    )
    thumbnails = thumbnail_paths(out, material)
    remove_stale_thumbnails(out, thumbnails)

    step("gallery and manifest", total)
    index = write_text(
        out / INDEX, render_index(params, result, material, read_provenance(datasets_dir))
    )
    facts = material + [measure(out, path) for path in thumbnails] + [measure(out, INDEX)]
    manifest = write_text(out / MANIFEST, manifest_json(params, result, facts))
    return KitOutcome(result, tuple(facts), index, manifest)
