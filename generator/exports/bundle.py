"""An export (any :class:`~generator.products.contract.Built`) as a zip in memory: what a web
front-end sends as one download. The same files give the same bytes (fixed timestamps and
modes, the files in their built order)."""

from __future__ import annotations

import io
import zipfile

from generator.products.contract import Built

#: Every entry's date (zip's earliest), so that a zip depends on its files alone.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def zip_bytes(built: Built[object], folder: str = "") -> bytes:
    """``built``'s files in a zip, under ``folder/`` when one is given."""
    buffer = io.BytesIO()
    prefix = f"{folder.strip('/')}/" if folder else ""
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in built.files:
            entry = zipfile.ZipInfo(prefix + file.name, ZIP_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, file.data)
    return buffer.getvalue()
