"""PDF/X-4 finishing of a print-shop document, with pikepdf (qpdf).

reportlab draws the pages in CMYK (:mod:`generator.render.ink`); this module turns its bytes into a
PDF/X-4 file (ISO 15930-7) that a print shop's preflight accepts:

* PDF 1.6 header, a document ID, no key newer than PDF 1.6 (``/Duplex`` is PDF 1.7: dropped);
* an ``/OutputIntents`` entry ``/GTS_PDFX`` for FOGRA39 (coated offset, the condition French
  print shops quote), with the CMYK output profile embedded (:func:`icc_profile`);
* XMP metadata with ``pdfxid:GTS_PDFXVersion``, ``pdf:Trapped``, ``xmpMM`` identifiers, title,
  dates, producer and creator tool mirroring the document information dictionary, which also
  carries ``/GTS_PDFXVersion`` and ``/Trapped /False``;
* ``/TrimBox`` and ``/BleedBox`` on every page: card pages keep the imposition's boxes; a sheet
  (board, score pad...) grows by the bleed on every side around its original page, which becomes
  its TrimBox;
* every embedded font subset renamed with its own six-letter tag (reportlab names every subset
  ``AAAAAA+``; the PDF reference wants distinct subsets to have distinct tags).

Same input bytes, same output bytes (fixed dates from reportlab's invariant mode, IDs derived
from the content).
"""

from __future__ import annotations

import hashlib
import io
from typing import TYPE_CHECKING

from generator.render.units import pt

if TYPE_CHECKING:
    import pikepdf

PDFX_VERSION = "PDF/X-4"
PDF_VERSION = "1.6"
OUTPUT_CONDITION_IDENTIFIER = "FOGRA39"
OUTPUT_CONDITION = "Offset printing, coated paper (ISO 12647-2:2004/Amd 1, FOGRA39L)"
REGISTRY = "http://www.color.org"


def icc_profile() -> bytes:
    """The embedded CMYK output profile (built from Fogra's FOGRA39L data, zlib licence; it is
    part of the embedded set because ``pnp data build`` separates the pictures' colours with
    it too)."""
    from generator.geo.embedded import OUTPUT_PROFILE_FILE, dataset_path

    return dataset_path(OUTPUT_PROFILE_FILE).read_bytes()


def _xmp_date(pdf_date: str) -> str:
    """``D:20000101000000+00'00'`` → ``2000-01-01T00:00:00+00:00``."""
    text = pdf_date[2:] if pdf_date.startswith("D:") else pdf_date
    digits = text[:14].ljust(14, "0")
    tz = text[14:].replace("'", "")
    zone = "Z" if tz in ("", "Z") else f"{tz[0]}{tz[1:3]}:{tz[3:5] or '00'}"
    return (
        f"{digits[0:4]}-{digits[4:6]}-{digits[6:8]}T{digits[8:10]}:{digits[10:12]}:{digits[12:14]}"
        + zone
    )


def _uuid(seed: bytes, salt: str) -> str:
    h = hashlib.sha256(salt.encode() + seed).hexdigest()
    return f"uuid:{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def _tag(seed: bytes, taken: set[str]) -> str:
    """Six uppercase letters from a hash of the font program; distinct from ``taken``."""
    counter = 0
    while True:
        digest = hashlib.sha256(seed + counter.to_bytes(4, "big")).digest()
        tag = "".join(chr(ord("A") + b % 26) for b in digest[:6])
        if tag not in taken:
            taken.add(tag)
            return tag
        counter += 1


def _fonts(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    """Every font dictionary used by a page or a form XObject, once, in page order."""

    seen: dict[tuple[int, int], pikepdf.Object] = {}

    def walk(resources_dict: pikepdf.Object | None, depth: int = 0) -> None:
        if resources_dict is None or depth > 8:
            return
        for font in resources_dict.get("/Font", {}).values():
            key = font.objgen
            if key not in seen:
                seen[key] = font
        for xobject in resources_dict.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"), depth + 1)

    for page in pdf.pages:
        walk(page.obj.get("/Resources"))
    return list(seen.values())


def _retag_subsets(pdf: pikepdf.Pdf) -> None:
    import pikepdf

    taken: set[str] = set()
    for font in _fonts(pdf):
        name = str(font.get("/BaseFont", ""))
        if len(name) < 8 or name[7] != "+":
            continue
        descriptor = font.get("/FontDescriptor")
        program = b""
        if descriptor is not None:
            for key in ("/FontFile2", "/FontFile", "/FontFile3"):
                if key in descriptor:
                    program = descriptor[key].read_raw_bytes()
                    break
        tag = _tag(name.encode() + program, taken)
        renamed = pikepdf.Name(f"/{tag}+{name[8:]}")
        font.BaseFont = renamed
        if descriptor is not None:
            descriptor.FontName = renamed


def _page_boxes(pdf: pikepdf.Pdf, bleed_mm: float) -> None:
    """Sheets get ``bleed_mm`` around their page (content moved, not scaled); card pages, which
    already carry the imposition's TrimBox and BleedBox, are left as they are."""
    import pikepdf

    b = pt(bleed_mm)
    for page in pdf.pages:
        if "/TrimBox" in page.obj and "/BleedBox" in page.obj:
            continue
        x0, y0, x1, y1 = (float(v) for v in page.obj.MediaBox)
        width, height = x1 - x0, y1 - y0
        page.contents_add(
            pdf.make_stream(f"q 1 0 0 1 {b - x0:.4f} {b - y0:.4f} cm\n".encode()), prepend=True
        )
        page.contents_add(pdf.make_stream(b"\nQ\n"))
        page.obj.MediaBox = pikepdf.Array([0, 0, round(width + 2 * b, 4), round(height + 2 * b, 4)])
        page.obj.TrimBox = pikepdf.Array(
            [round(b, 4), round(b, 4), round(width + b, 4), round(height + b, 4)]
        )
        page.obj.BleedBox = page.obj.MediaBox


def _output_intent(pdf: pikepdf.Pdf) -> pikepdf.Dictionary:
    import pikepdf

    profile = pdf.make_stream(icc_profile())
    profile.N = 4
    return pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=OUTPUT_CONDITION_IDENTIFIER,
        OutputCondition=OUTPUT_CONDITION,
        RegistryName=REGISTRY,
        Info=OUTPUT_CONDITION,
        DestOutputProfile=profile,
    )


def _metadata(pdf: pikepdf.Pdf, seed: bytes) -> None:
    import pikepdf

    info = pdf.docinfo
    info.Trapped = pikepdf.Name("/False")
    info.GTS_PDFXVersion = PDFX_VERSION
    created = _xmp_date(str(info.get("/CreationDate", "D:20000101000000Z")))
    modified = _xmp_date(str(info.get("/ModDate", info.get("/CreationDate", "D:20000101000000Z"))))
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = str(info.get("/Title", ""))
        if "/Author" in info:
            meta["dc:creator"] = [str(info.Author)]
        if "/Subject" in info and str(info.Subject):
            meta["dc:description"] = str(info.Subject)
        meta["pdf:Producer"] = str(info.get("/Producer", ""))
        meta["xmp:CreatorTool"] = str(info.get("/Creator", ""))
        meta["xmp:CreateDate"] = created
        meta["xmp:ModifyDate"] = modified
        meta["xmp:MetadataDate"] = modified
        meta["pdf:Trapped"] = "False"
        meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
        meta["xmpMM:DocumentID"] = _uuid(seed, "document")
        meta["xmpMM:InstanceID"] = _uuid(seed, "instance")
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"


def finish_pdfx(data: bytes, page_bleed_mm: float) -> bytes:
    """reportlab's CMYK bytes → PDF/X-4 bytes (see the module's docstring)."""
    import pikepdf

    seed = hashlib.sha256(data).digest()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _page_boxes(pdf, page_bleed_mm)
        _retag_subsets(pdf)
        root = pdf.Root
        prefs = root.get("/ViewerPreferences")
        if prefs is not None and "/Duplex" in prefs:
            del prefs["/Duplex"]
        root.OutputIntents = pikepdf.Array([_output_intent(pdf)])
        _metadata(pdf, seed)
        out = io.BytesIO()
        pdf.save(
            out,
            force_version=PDF_VERSION,
            deterministic_id=True,
            compress_streams=True,
            object_stream_mode=pikepdf.ObjectStreamMode.preserve,
        )
    return out.getvalue()
