"""Facts about the files of a finished kit, and ``manifest.json``.

The manifest lists every file of the kit (the games' material, the thumbnails, ``index.html``)
with its size in bytes, its sha256, and for PDFs the page count, sheet sizes and how to print
it, plus the parameters of the build, its language among them. Paths are relative to the
output folder and nothing varies between runs (no time, no absolute path), so the same parameters
give the same bytes. The keys and the codes (``duplex``, ``status``, ``sheets``, the components'
names) are the same in every language; the titles and the advice are the kit's, in its language.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from generator import __version__
from generator.kit.build import BuiltFile, KitResult
from generator.kit.model import KitParams
from generator.kit.thumbnails import (
    FACES_PREVIEW_PAGES,  # noqa: F401 (read from here by the tests of the shop kit)
    THUMBNAIL_PIXELS,
    PdfPages,
    RenderedPdf,
    describe_sheets,
    render_pdf_pages,
    thumbnail_limit,
    thumbnail_names,
    write_thumbnails,
)
from generator.render.profile import Ink

THUMBNAIL_DIR = "thumbnails"


@dataclass(frozen=True)
class FileFacts:
    """One file of the kit as measured on disk. ``built`` is None for the gallery's own files."""

    path: PurePosixPath
    size: int
    sha256: str
    built: BuiltFile | None = None
    pdf: PdfPages | None = None

    @property
    def is_pdf(self) -> bool:
        return self.pdf is not None

    @property
    def title(self) -> str:
        """The builder's title, else the PDF's /Title, else the file name."""
        return (
            (self.built.title if self.built else "")
            or (self.pdf.title if self.pdf else "")
            or self.path.name
        )

    @property
    def paper_sheets(self) -> int:
        """Sheets of paper it takes: two pages a sheet when printed two-sided."""
        if not self.pdf:
            return 0
        pages = self.pdf.page_count
        return (pages + 1) // 2 if self.duplex in ("long", "short") else pages

    @property
    def duplex(self) -> str:
        """How to print it: the builder's notes, else the PDF's own preference, else one-sided."""
        declared = self.built.print_notes.duplex if self.built else None
        return declared or (self.pdf.duplex if self.pdf else None) or "single"


def measure(
    out: Path, path: PurePosixPath, built: BuiltFile | None = None, pdf: PdfPages | None = None
) -> FileFacts:
    data = (out / path).read_bytes()
    return FileFacts(path, len(data), hashlib.sha256(data).hexdigest(), built, pdf)


def inspect_built_files(
    out: Path,
    result: KitResult,
    with_thumbnails: bool = True,
    on_pdf: Callable[[PurePosixPath], None] | None = None,
    before_write: Callable[[Path], None] | None = None,
    rendered: Mapping[PurePosixPath, RenderedPdf] | None = None,
) -> list[FileFacts]:
    """Measure every built file; a thumbnail of every PDF page into ``out/thumbnails``: the one
    in ``rendered`` (made where the PDF was built) when given, else rendered now.

    ``before_write(path)`` sees every thumbnail's name before the first one is written, and may
    refuse one (raise): then no thumbnail is written at all."""
    folder = out / THUMBNAIL_DIR if with_thumbnails else None
    stems: set[str] = set()
    pages: list[tuple[BuiltFile, str, RenderedPdf | None]] = []
    for built in result.files:
        made, stem = None, ""
        if built.path.suffix.lower() == ".pdf":
            if on_pdf:
                on_pdf(built.path)
            stem = _unique("__".join(built.path.with_suffix("").parts), stems)
            made = (rendered or {}).get(built.path)
            if made is None or (with_thumbnails and not made.pngs):
                made = render_pdf_pages(
                    out / built.path,
                    THUMBNAIL_PIXELS if with_thumbnails else None,
                    thumbnail_limit(built.path.name),
                )
        pages.append((built, stem, made))
    if folder is not None and before_write is not None:
        for _built, stem, made in pages:
            for target in thumbnail_names(folder, stem, made):
                before_write(target)
    facts = []
    for built, stem, made in pages:
        pdf = None if made is None else write_thumbnails(made, folder, stem)
        facts.append(measure(out, built.path, built, pdf))
    return facts


def _unique(stem: str, taken: set[str]) -> str:
    """``stem``, or ``stem-2``, ``stem-3``... so two PDFs never share thumbnail names."""
    candidate, number = stem, 1
    while candidate in taken:
        number += 1
        candidate = f"{stem}-{number}"
    taken.add(candidate)
    return candidate


def thumbnail_paths(out: Path, facts: list[FileFacts]) -> list[PurePosixPath]:
    return [
        PurePosixPath(thumb.relative_to(out).as_posix())
        for fact in facts
        if fact.pdf
        for thumb in fact.pdf.thumbnails
    ]


def manifest_document(
    params: KitParams, result: KitResult, facts: list[FileFacts]
) -> dict[str, Any]:
    failed = {failure.component: failure.message for failure in result.failures}
    return {
        "generator": f"pnp {__version__}",
        "parameters": {
            "region": params.region,
            "paper": params.paper.name,
            "seed": params.seed,
            "profile": params.profile.kind.value,
            "language": params.language,
            **({"ink": params.ink.value} if params.ink is not Ink.FULL else {}),
            **({"variants": dict(params.variants)} if params.variants else {}),
            **(
                {"ink_limit": params.profile.ink_limit, "imposed": params.imposed}
                if params.shop
                else {}
            ),
        },
        "components": [
            {
                "name": component.name,
                "game": component.group,
                "status": "failed" if component.name in failed else "built",
                **({"error": failed[component.name]} if component.name in failed else {}),
            }
            for component in result.components
        ],
        "files": [_file_entry(fact) for fact in facts],
    }


def manifest_json(params: KitParams, result: KitResult, facts: list[FileFacts]) -> str:
    return json.dumps(manifest_document(params, result, facts), indent=2, ensure_ascii=False) + "\n"


def _file_entry(fact: FileFacts) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "path": str(fact.path),
        "title": fact.title,
        "component": fact.built.component if fact.built else None,
        "bytes": fact.size,
        "sha256": fact.sha256,
        "pages": fact.pdf.page_count if fact.pdf else None,
    }
    if fact.pdf and fact.built:
        entry["sheets"] = describe_sheets(fact.pdf.page_sizes_mm)
        entry["duplex"] = fact.duplex
        entry["paper_sheets"] = fact.paper_sheets
        entry["print_at"] = "100 %"
        entry["pdf_sets_print_scaling_none"] = fact.pdf.fixed_scale
        if fact.built.print_notes.advice:
            entry["advice"] = fact.built.print_notes.advice
    return entry
