"""The print-shop kit, parsed: PDF/X-4 keys, CMYK only, black-ink text, ink under the limit, no
transparency, boxes and 3 mm of bleed on every page, faces files page by page, the text safe
zone; and the home kit's decks with every back exactly behind its front."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from generator.kit.build import build_kit
from generator.kit.components import COMPONENTS
from generator.kit.model import KitParams
from generator.preflight.report import preflight
from generator.preflight.rules import FAIL, Limits
from generator.preflight.scan import scan_pdf
from generator.render.imposition import point_behind
from generator.render.profile import SHOP, print_profile
from generator.render.units import to_mm
from tests.product_helpers import territoires

pytestmark = pytest.mark.slow
MM_PER_PT = 25.4 / 72
CARD = (63.0, 88.0)  # poker, mm: every deck of the kit
SHOP_BLEED = 3.0


def _build(root: Path, profile: str) -> Path:
    out = root / profile
    components = tuple(c for c in COMPONENTS if profile in c.profiles)
    result = build_kit(KitParams(out=out, profile=print_profile(profile)), components)
    assert not result.failures, result.failures
    return out


@pytest.fixture(scope="module")
def shop_kit(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("kit"), "shop")


@pytest.fixture(scope="module")
def home_kit(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("kit"), "home")


def pdfs(folder: Path) -> list[Path]:
    found = sorted(folder.rglob("*.pdf"))
    assert found
    return found


@pytest.fixture(scope="module")
def shop_scans(shop_kit):
    return {path.relative_to(shop_kit).as_posix(): scan_pdf(path) for path in pdfs(shop_kit)}


def test_the_shop_kit_has_every_deck_as_a_faces_file_and_no_home_only_sheet(shop_kit):
    names = {path.relative_to(shop_kit).as_posix() for path in pdfs(shop_kit)}
    assert {
        "oucedonc/oucedonc-faces.pdf",
        "oucedonc/oucedonc-tokens-faces.pdf",
        "territoires-jeu-lenormand-faces.pdf",
        "pronostiques-cards-faces.pdf",
        "otcho-cards-faces.pdf",
    } <= names
    assert not any(name.startswith(("calibration", "oie-poster")) for name in names)
    imposed = {"oucedonc/oucedonc.pdf", "territoires-jeu-lenormand.pdf", "pronostiques-cards.pdf"}
    assert not imposed & names  # imposed sheets only with --imposed
    assert "otcho-cards.pdf" not in names


def test_every_shop_file_passes_every_shop_rule(shop_kit):
    for path in pdfs(shop_kit):
        report = preflight(path, Limits("shop", 300.0))
        failed = [f"{r.rule}: {r.message} {r.where}" for r in report.results if r.status == FAIL]
        assert not failed, (path.name, failed)


def test_every_home_file_passes_every_home_rule(home_kit):
    for path in pdfs(home_kit):
        report = preflight(path, Limits("home"))
        failed = [f"{r.rule}: {r.message} {r.where}" for r in report.results if r.status == FAIL]
        assert not failed, (path.name, failed)


def _operators(pdf: pikepdf.Pdf):
    """Every (operands, operator) of every page and form XObject, and every colour space used."""
    seen: set[tuple[int, int]] = set()

    def walk(stream, resources):
        for instruction in pikepdf.parse_content_stream(stream):
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                continue
            yield instruction.operands, str(instruction.operator)
        for xobject in (resources or {}).get("/XObject", {}).values():
            if xobject.objgen in seen or xobject.get("/Subtype") != "/Form":
                continue
            seen.add(xobject.objgen)
            yield from walk(xobject, xobject.get("/Resources"))

    for page in pdf.pages:
        yield from walk(page, page.obj.get("/Resources"))


def test_shop_files_are_cmyk_only_with_black_ink_text(shop_kit):
    for path in pdfs(shop_kit):
        with pikepdf.open(path) as pdf:
            fill = ("g", (0.0,))
            for operands, operator in _operators(pdf):
                assert operator not in ("rg", "RG"), (path.name, "DeviceRGB colour")
                if operator in ("k", "g", "scn", "cs"):
                    fill = (
                        operator,
                        tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name)),
                    )
                if operator in ("Tj", "TJ", "'", '"') and fill[0] == "k":
                    c, m, y, k = fill[1]
                    if k >= 0.8:  # black text: black ink alone
                        assert c == m == y == 0, (path.name, fill)


def test_shop_files_stay_under_the_ink_limit_and_have_no_transparency(shop_scans):
    for name, scan in shop_scans.items():
        inks = [m.ink if m.ink is not None else m.colour.ink for m in scan.marks]
        inks = [ink for ink in inks if ink is not None]
        assert inks and max(inks) <= 300.05, name
        assert not scan.transparency, (name, scan.transparency)
        assert not [m for m in scan.marks if m.colour.family == "rgb"], name


def test_shop_files_are_pdfx4_with_the_output_intent(shop_kit):
    for path in pdfs(shop_kit):
        with pikepdf.open(path) as pdf:
            assert pdf.pdf_version == "1.6"
            assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
            assert pdf.docinfo.Trapped == pikepdf.Name("/False")
            meta = pdf.open_metadata()
            assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
            assert meta["pdf:Trapped"] == "False"
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
            profile = intent.DestOutputProfile.read_bytes()
            assert profile[12:20] == b"prtrCMYK" and intent.DestOutputProfile.N == 4
            assert "/Duplex" not in pdf.Root.get("/ViewerPreferences", {})


def test_every_shop_page_has_trim_and_bleed_boxes_with_3_mm_bleed(shop_scans):
    for name, scan in shop_scans.items():
        for page in scan.pages:
            assert page.trim is not None and page.bleed is not None, (name, page.page)
            bleed = min(
                page.trim[0] - page.bleed[0],
                page.trim[1] - page.bleed[1],
                page.bleed[2] - page.trim[2],
                page.bleed[3] - page.trim[3],
            )
            assert bleed * MM_PER_PT >= SHOP_BLEED - 0.01, (name, page.page)
            assert all(a >= b - 0.01 for a, b in zip(page.bleed[:2], page.media[:2], strict=True))


@pytest.mark.parametrize(
    ("name", "cards", "distinct", "backs"),
    [
        # the two Intermède cards are alike; each place has its own back (its coordinates)
        ("oucedonc/oucedonc-faces.pdf", 72, 71, 72),
        ("territoires-jeu-lenormand-faces.pdf", 36, 36, 1),  # one common back
        ("pronostiques-cards-faces.pdf", 58, 57, 2),  # the two Jokers alike; race and gold backs
    ],
)
def test_faces_files_hold_one_face_per_page_front_then_back(shop_kit, name, cards, distinct, backs):
    width, height = CARD
    with pikepdf.open(shop_kit / name) as pdf:
        assert len(pdf.pages) == 2 * cards
        for page in pdf.pages:
            media = [to_mm(float(v)) for v in page.MediaBox]
            trim = [to_mm(float(v)) for v in page.TrimBox]
            assert media == pytest.approx([0, 0, width + 6, height + 6], abs=0.01)
            assert trim == pytest.approx([3, 3, width + 3, height + 3], abs=0.01)
        back_pages = {
            hashlib.sha256(b"".join(_content(pdf.pages[i]))).hexdigest()
            for i in range(1, 2 * cards, 2)
        }
        fronts = {
            hashlib.sha256(b"".join(_content(pdf.pages[i]))).hexdigest()
            for i in range(0, 2 * cards, 2)
        }
    assert len(fronts) == distinct
    assert len(back_pages) <= backs
    assert not fronts & back_pages  # no page is both a front and a back: they alternate


def _content(page) -> list[bytes]:
    contents = page.obj.Contents
    streams = contents if isinstance(contents, pikepdf.Array) else [contents]
    return [stream.read_bytes() for stream in streams]


def test_the_token_faces_carry_the_die_line_on_its_own_separation(shop_kit):
    with pikepdf.open(shop_kit / "oucedonc/oucedonc-tokens-faces.pdf") as pdf:
        assert len(pdf.pages) == 70
        for index, page in enumerate(pdf.pages):
            spaces = page.Resources.get("/ColorSpace", {})
            separations = [str(cs[1]) for cs in spaces.values() if str(cs[0]) == "/Separation"]
            assert separations == (["/CutContour"] if index % 2 == 0 else []), index
            if index % 2 == 0:  # the die line overprints: it never knocks the art out
                states = page.Resources.ExtGState.values()
                assert any(bool(gs.get("/OP", False)) for gs in states)


def test_back_first_puts_each_back_before_its_front(tmp_path):

    normal = territoires(tmp_path / "a", sheets=False, faces=True)[1]
    swapped = territoires(tmp_path / "b", sheets=False, faces=True, back_first=True)[1]
    with pikepdf.open(normal) as a, pikepdf.open(swapped) as b:
        assert len(a.pages) == len(b.pages) == 72
        for i in range(0, 72, 2):
            assert _content(a.pages[i]) == _content(b.pages[i + 1])
            assert _content(a.pages[i + 1]) == _content(b.pages[i])


def test_text_keeps_4_mm_inside_the_trim_on_every_card_face(shop_kit):
    """Every character's box (pdfium's loose box: the font's ascent and descent, the box
    pdfplumber reports too, read 15 times faster) at least 4 mm inside the trim."""
    for name in (
        "oucedonc/oucedonc-faces.pdf",
        "territoires-jeu-lenormand-faces.pdf",
        "pronostiques-cards-faces.pdf",
    ):
        document = pypdfium2.PdfDocument(shop_kit / name)
        for number, page in enumerate(document):
            x0, y0, x1, y1 = page.get_trimbox()
            text = page.get_textpage()
            for index in range(text.count_chars()):
                if not text.get_text_range(index, 1).strip():
                    continue
                left, bottom, right, top = text.get_charbox(index, loose=True)
                inside = min(left - x0, x1 - right, bottom - y0, y1 - top)
                assert to_mm(inside) >= 3.95, (name, number + 1, text.get_text_range(index, 1))
        document.close()


def test_a_lower_ink_limit_is_kept_by_every_fill(tmp_path):
    from generator.products.contract import PDF
    from tests.product_helpers import oucedonc_deck

    written = oucedonc_deck(tmp_path / "d.pdf", cards=48, profile="shop", ink_limit=240, faces=True)
    for path in written.of_kind(PDF):
        report = preflight(path, Limits("shop", 240.0))
        assert report.passed, [r for r in report.results if r.status == FAIL]


# ------------------------------------------------------------------ the home kit's duplex


def _card_clips(page, bleed_box: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """The clip rectangles (page coordinates, points, x0 y0 x1 y1) the imposition engine sets
    around each card's bleed box, found by following the page's transformation matrix."""
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack, pending, clips = [], None, []

    def apply(m, x, y):
        return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])

    for instruction in pikepdf.parse_content_stream(page):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            continue
        ops, operator = instruction.operands, str(instruction.operator)
        if operator == "q":
            stack.append(ctm)
        elif operator == "Q":
            ctm = stack.pop()
        elif operator == "cm":
            a, b, c, d, e, f = (float(v) for v in ops)
            m = ctm
            ctm = (
                a * m[0] + b * m[2],
                a * m[1] + b * m[3],
                c * m[0] + d * m[2],
                c * m[1] + d * m[3],
                e * m[0] + f * m[2] + m[4],
                e * m[1] + f * m[3] + m[5],
            )
        elif operator == "re":
            pending = tuple(float(v) for v in ops)
        elif operator in ("W", "W*") and pending is not None:
            x, y, w, h = pending
            if abs(abs(w) - bleed_box[0]) < 0.01 and abs(abs(h) - bleed_box[1]) < 0.01:
                corners = [apply(ctm, x, y), apply(ctm, x + w, y + h)]
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                clips.append((min(xs), min(ys), max(xs), max(ys)))
            pending = None
        elif operator not in ("W", "W*", "n"):
            pending = None if operator in ("f", "S", "B", "b", "F", "f*", "B*", "b*") else pending
    return clips


@pytest.mark.parametrize(
    ("name", "bleed", "sheets"),
    [
        ("oucedonc/oucedonc.pdf", 1.0, 8),
        ("territoires-jeu-lenormand.pdf", 2.0, 4),
        ("pronostiques-cards.pdf", 1.0, 7),
    ],
)
def test_home_deck_backs_lie_exactly_behind_their_fronts(home_kit, name, bleed, sheets):
    """Each card's back clip is its front clip turned over the long edge: 0.000 mm of error."""
    from generator.render.imposition import Duplex

    width, height = CARD
    box = ((width + 2 * bleed) / MM_PER_PT, (height + 2 * bleed) / MM_PER_PT)
    worst, faces = 0.0, 0
    with pikepdf.open(home_kit / name) as pdf:
        page_w, page_h = (to_mm(float(v)) for v in pdf.pages[0].MediaBox[2:])
        for sheet in range(sheets):
            fronts = _card_clips(pdf.pages[2 * sheet], box)
            backs = _card_clips(pdf.pages[2 * sheet + 1], box)
            assert fronts and len(fronts) == len(backs)
            for front, back in zip(fronts, backs, strict=True):
                x0, y0 = point_behind(to_mm(front[0]), to_mm(front[1]), Duplex.LONG, page_w, page_h)
                x1, y1 = point_behind(to_mm(front[2]), to_mm(front[3]), Duplex.LONG, page_w, page_h)
                expected = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
                actual = tuple(to_mm(v) for v in back)
                worst = max(worst, *(abs(a - e) for a, e in zip(actual, expected, strict=True)))
                faces += 2
    assert faces > 0
    assert round(worst, 3) == 0.0


def test_the_kit_and_the_command_write_the_same_setup_sheet(home_kit, tmp_path):

    for path in territoires(tmp_path, players=3, deck=False):
        assert path.read_bytes() == (home_kit / path.name).read_bytes(), path.name


def test_the_gallery_shows_a_faces_file_by_its_first_cards(tmp_path):
    import json

    from generator.kit.manifest import FACES_PREVIEW_PAGES
    from generator.kit.run import make_kit

    deck = tuple(c for c in COMPONENTS if c.name == "Oucédonc deck")
    out = tmp_path / "shop"
    make_kit(KitParams(out=out, profile=SHOP, language="en"), deck)  # English gallery
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["parameters"]["profile"] == "shop"
    assert manifest["parameters"]["ink_limit"] == 300
    thumbnails = [entry["path"] for entry in manifest["files"] if "thumbnails/" in entry["path"]]
    faces = [p for p in thumbnails if p.startswith("thumbnails/oucedonc__oucedonc-faces-p")]
    assert len(faces) == FACES_PREVIEW_PAGES
    tokens = [p for p in thumbnails if p.startswith("thumbnails/oucedonc__oucedonc-tokens-")]
    assert len(tokens) == FACES_PREVIEW_PAGES  # a faces file too
    assert not (out / "oucedonc" / "oucedonc.pdf").exists()  # no imposed sheets unless asked
    index = (out / "index.html").read_text(encoding="utf-8")
    assert f"first {FACES_PREVIEW_PAGES} of 144 pages" in index
