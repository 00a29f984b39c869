"""What every kit worker needs, loaded once by the worker processes' fork server.

On POSIX the kit's workers are forked from one server process (multiprocessing's
``forkserver``: a fresh interpreter, not a copy of the command's) that imports this module first,
so reportlab, PDFium, Pillow, Jinja, numpy and the parsed DejaVu faces are loaded once, not
once per worker. Importing it has that one effect (the faces registered with reportlab); a
failure here is left for the builder that needs the piece to report.
"""

from __future__ import annotations

import contextlib
import importlib

WORKER_MODULES: tuple[str, ...] = (
    "generator.geo.selection",  # first: it sets numpy's thread count before numpy is imported
    "shapely",
    "reportlab.pdfgen.canvas",
    "reportlab.platypus",
    "pypdfium2",
    "PIL.PngImagePlugin",
    "generator.render.card_templates",
    "generator.render.imposition",
    "generator.kit.build",
    "generator.kit.builders",
    "generator.kit.thumbnails",
)

for _name in WORKER_MODULES:
    with contextlib.suppress(ImportError):
        importlib.import_module(_name)

with contextlib.suppress(Exception):  # a missing font file: the builders say so
    from generator.render.fonts import register_fonts

    register_fonts()
