"""The preflight rules: each judges one aspect of a :class:`~.scan.Scan` for a profile.

``home``: the file prints right on a home printer (100 % scale, the duplex edge, the PDF version
its keys need, embedded fonts, text large enough to read). ``shop``: a print shop's preflight
(PDF/X identification and output intent, CMYK and spot colours only, total ink under the limit,
black text and thin lines in black ink only, no transparency, TrimBox and BleedBox with 3 mm of
bleed on every page, fonts embedded and subset with distinct tags) plus the home rules that a
shop cares about. A rule that does not apply to a profile reports ``info``, never ``fail``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.core.i18n import _, ngettext, number
from generator.preflight.scan import MM_PER_PT, Mark, Scan, _version_key

PASS, FAIL, INFO = "pass", "fail", "info"
#: Smallest text size (pt) we print, and that the rule accepts.
MIN_TEXT_PT = 6.0
#: A print shop's minimum bleed (mm).
MIN_BLEED_MM = 3.0
#: Strokes thinner than this (pt) are "thin lines": black ones must be black ink only.
THIN_LINE_PT = 1.0
#: Shop: text under this size (pt) is printed in one ink, black (or none: the paper), since
#: four plates never register well enough for small coloured letters.
ONE_INK_TEXT_PT = 8.0
#: Shop: no stroke thinner than this (pt): finer lines break up or vanish on the plate.
MIN_LINE_PT = 0.25
#: Rich black: black ink at least this high with any cyan, magenta or yellow.
RICH_BLACK_K = 0.8
PDFX_VERSIONS = ("PDF/X-1a:2001", "PDF/X-1a:2003", "PDF/X-3:2002", "PDF/X-3:2003", "PDF/X-4")
MAX_WHERE = 5


@dataclass(frozen=True)
class Limits:
    profile: str = "home"  # home | shop
    ink_limit: float = 300.0  # %


@dataclass(frozen=True)
class Result:
    rule: str
    status: str  # pass | fail | info
    message: str
    where: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "status": self.status,
            "message": self.message,
            "where": list(self.where),
        }


def _where(items: list[str]) -> tuple[str, ...]:
    shown = items[:MAX_WHERE]
    if len(items) > MAX_WHERE:
        shown.append(_("... and {value} more").format(value=len(items) - MAX_WHERE))
    return tuple(shown)


def _ver(text: str) -> tuple[int, ...]:
    return _version_key(text)


# ------------------------------------------------------------------ rules


def rule_version(scan: Scan, limits: Limits) -> Result:
    needed = max(scan.features.values(), key=_ver, default="1.0")
    needing = sorted(name for name, version in scan.features.items() if version == needed)
    declared = scan.version
    problems = []
    if _ver(declared) < _ver(needed):
        problems.append(
            _("declares PDF {declared} but {names} need PDF {needed}").format(
                declared=declared, names=", ".join(needing), needed=needed
            )
        )
    pdfx = scan.xmp.get("pdfxid:GTS_PDFXVersion") or scan.info.get("GTS_PDFXVersion", "")
    if limits.profile == "shop" or pdfx:
        ceiling = (
            "1.6"
            if pdfx.startswith("PDF/X-4") or not pdfx
            else ("1.3" if "X-1a:2001" in pdfx else "1.4")
        )
        if _ver(declared) > _ver(ceiling):
            problems.append(
                _("{value} allows PDF {ceiling} at most, the file declares {declared}").format(
                    value=pdfx or "PDF/X-4", ceiling=ceiling, declared=declared
                )
            )
    if problems:
        return Result("pdf-version", FAIL, "; ".join(problems))
    return Result(
        "pdf-version",
        PASS,
        _("PDF {declared} (its keys need {needed})").format(declared=declared, needed=needed)
        if scan.features
        else _("PDF {declared}").format(declared=declared),
    )


def rule_pdfx(scan: Scan, limits: Limits) -> Result:
    xmp_version = scan.xmp.get("pdfxid:GTS_PDFXVersion", "")
    info_version = scan.info.get("GTS_PDFXVersion", "")
    version = xmp_version or info_version
    if limits.profile != "shop":
        return Result(
            "pdfx",
            INFO,
            _("identified as {version}").format(version=version)
            if version
            else _("not a PDF/X file (not needed at home)"),
        )
    if not version:
        return Result(
            "pdfx",
            FAIL,
            _("no PDF/X identification (GTS_PDFXVersion in the XMP and the document information)"),
        )
    trapped = scan.info.get("Trapped", "").lstrip("/")
    problems = [
        *_pdfx_version_problems(version, xmp_version, info_version),
        *_pdfx_metadata_problems(scan, version, trapped),
    ]
    if problems:
        return Result("pdfx", FAIL, "; ".join(problems))
    return Result(
        "pdfx",
        PASS,
        _("{version}, Trapped {trapped}, XMP and document information agree").format(
            version=version, trapped=trapped
        ),
    )


def _pdfx_version_problems(version: str, xmp_version: str, info_version: str) -> list[str]:
    """What is wrong with a PDF/X identification: the version itself, and where it is written
    (the XMP for PDF/X-4, the document information for the older ones, the same in both)."""
    problems = []
    if not any(version.startswith(v) for v in PDFX_VERSIONS):
        problems.append(_("unknown PDF/X version {version!r}").format(version=version))
    if version.startswith("PDF/X-4") and not xmp_version:
        problems.append(_("PDF/X-4 needs pdfxid:GTS_PDFXVersion in the XMP metadata"))
    if info_version and xmp_version and info_version != xmp_version:
        problems.append(
            _("the document information says {info_version}, the XMP {xmp_version}").format(
                info_version=info_version, xmp_version=xmp_version
            )
        )
    if not version.startswith("PDF/X-4") and not info_version:
        problems.append(
            _("{version} needs GTS_PDFXVersion in the document information").format(version=version)
        )
    return problems


def _pdfx_metadata_problems(scan: Scan, version: str, trapped: str) -> list[str]:
    """What PDF/X ``version`` asks of the metadata and the file that is missing: /Trapped (read
    as ``trapped``), the document information's keys, the XMP's for PDF/X-4, the document ID."""
    problems = []
    if trapped not in ("True", "False"):
        problems.append(_("/Trapped must be True or False"))
    elif scan.xmp and scan.xmp.get("pdf:Trapped", trapped) != trapped:
        problems.append(_("/Trapped differs between the document information and the XMP"))
    for key in ("Title", "CreationDate", "ModDate"):
        if not scan.info.get(key):
            problems.append(_("the document information has no {key}").format(key=key))
    if version.startswith("PDF/X-4"):
        for key in ("xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass", "dc:title"):
            if not scan.xmp.get(key):
                problems.append(_("the XMP metadata has no {key}").format(key=key))
    if not scan.has_id:
        problems.append(_("the trailer has no document /ID"))
    return problems


def rule_output_intent(scan: Scan, limits: Limits) -> Result:
    intents = [i for i in scan.output_intents if i["S"] == "/GTS_PDFX"]
    if limits.profile != "shop":
        if intents:
            return Result(
                "output-intent",
                INFO,
                _("output intent {intents}").format(
                    intents=intents[0]["OutputConditionIdentifier"]
                ),
            )
        return Result("output-intent", INFO, _("no output intent (not needed at home)"))
    if len(intents) != 1:
        return Result(
            "output-intent",
            FAIL,
            _("{intents_count} /GTS_PDFX output intents; PDF/X needs exactly one").format(
                intents_count=len(intents)
            ),
        )
    intent = intents[0]
    problems = []
    if not intent["OutputConditionIdentifier"]:
        problems.append(_("no OutputConditionIdentifier"))
    profile = intent["profile"]
    if profile is None:
        if not intent["RegistryName"]:
            problems.append(_("no embedded DestOutputProfile and no RegistryName"))
    else:
        if not profile["valid"]:
            problems.append(_("the embedded profile is not an ICC profile"))
        if profile["class"] != "prtr":
            problems.append(
                _("the embedded profile is of class {profile!r}, not output (prtr)").format(
                    profile=profile["class"]
                )
            )
        if profile["space"] != "CMYK" or profile["N"] != 4:
            problems.append(
                _("the embedded profile is {value} (N={profile}), not CMYK").format(
                    value=profile["space"] or "?", profile=profile["N"]
                )
            )
    if problems:
        return Result("output-intent", FAIL, "; ".join(problems))
    embedded = "embedded CMYK profile" if profile else f"registry {intent['RegistryName']}"
    return Result("output-intent", PASS, f"{intent['OutputConditionIdentifier']} ({embedded})")


def rule_colour_spaces(scan: Scan, limits: Limits) -> Result:
    spaces: dict[str, str] = {}
    bad: list[str] = []
    for mark in scan.marks:
        colour = mark.colour
        label = colour.space + (" (die line)" if colour.technical else "")
        spaces.setdefault(label, mark.where())
        if colour.family in ("rgb", "lab", "other"):
            bad.append(f"{mark.where()}: {colour.space}")
    listed = ", ".join(sorted(spaces)) or _("none")
    if limits.profile != "shop":
        return Result("colour-spaces", INFO, listed)
    if bad:
        return Result(
            "colour-spaces",
            FAIL,
            _("colours outside CMYK, grey and spot: {listed}").format(listed=listed),
            _where(bad),
        )
    return Result("colour-spaces", PASS, listed)


def rule_ink(scan: Scan, limits: Limits) -> Result:
    worst: Mark | None = None
    over: list[str] = []
    for mark in scan.marks:
        ink = mark.ink if mark.ink is not None else mark.colour.ink
        if ink is None:
            continue
        if worst is None or ink > (worst.ink if worst.ink is not None else worst.colour.ink or 0):
            worst = mark
        if ink > limits.ink_limit + 0.05:
            over.append(f"{mark.where()}: {ink:.0f} % ({mark.colour.describe()})")
    if worst is None:
        return Result(
            "ink",
            INFO if limits.profile != "shop" else PASS,
            _("no CMYK, grey or spot colour to measure"),
        )
    top = worst.ink if worst.ink is not None else worst.colour.ink or 0.0
    message = _("highest total ink {ink} % ({where})").format(
        ink=number(top, decimals=0), where=worst.where()
    )
    if limits.profile != "shop":
        return Result("ink", INFO, message)
    if over:
        return Result(
            "ink",
            FAIL,
            _("{over_count} colours above {ink_limit} %; {message}").format(
                over_count=len(over), ink_limit=number(limits.ink_limit), message=message
            ),
            _where(over),
        )
    return Result(
        "ink",
        PASS,
        _("{message}, limit {ink_limit} %").format(
            message=message, ink_limit=number(limits.ink_limit)
        ),
    )


def _rich_black(mark: Mark) -> bool:
    cmyk = mark.colour.cmyk
    if cmyk is None:
        return False
    c, m, y, k = cmyk
    cmy = (c, m, y)
    if k >= RICH_BLACK_K and max(cmy) > 0.005:
        return True
    # a grey or black built from cyan, magenta and yellow
    return min(cmy) >= 0.05 and max(cmy) - min(cmy) <= 0.08 and (k > 0 or min(cmy) >= 0.3)


def rule_rich_black(scan: Scan, limits: Limits) -> Result:
    if limits.profile != "shop":
        return Result(
            "black-text", INFO, _("not checked at home (home printers mix their own black)")
        )
    bad = []
    neutral_rgb = []
    for mark in scan.marks:
        small = mark.kind in ("text", "preview-text") or (
            mark.kind == "stroke" and mark.size < THIN_LINE_PT
        )
        if not small:
            continue
        if _rich_black(mark):
            bad.append(f"{mark.where()}: {mark.colour.describe()}")
        elif mark.colour.family == "rgb" and len(set(mark.colour.values)) == 1:
            neutral_rgb.append(
                _("{where}: {describe} becomes four-colour black").format(
                    where=mark.where(), describe=mark.colour.describe()
                )
            )
    if bad or neutral_rgb:
        return Result(
            "black-text",
            FAIL,
            _("black or grey text and thin lines must be black ink only (C0 M0 Y0)"),
            _where(bad + neutral_rgb),
        )
    return Result("black-text", PASS, _("black and grey text and thin lines use black ink only"))


def _one_ink(mark: Mark) -> bool:
    """Black ink alone, or no ink at all (white: the paper shows through)."""
    process = mark.colour.cmyk
    if process is None:
        return False
    cyan, magenta, yellow, _black = process
    return cyan <= 0.001 and magenta <= 0.001 and yellow <= 0.001


def rule_small_text_ink(scan: Scan, limits: Limits) -> Result:
    if limits.profile != "shop":
        return Result("small-text-ink", INFO, _("not checked at home (one printer, no plates)"))
    bad = [
        f"{mark.where()}: {mark.size:.1f} pt, {mark.colour.describe()}"
        for mark in scan.marks
        if mark.kind == "text" and mark.size < ONE_INK_TEXT_PT - 0.01 and not _one_ink(mark)
    ]
    if bad:
        return Result(
            "small-text-ink",
            FAIL,
            _("text under {size} pt must be in black ink alone (or white)").format(
                size=number(ONE_INK_TEXT_PT)
            ),
            _where(bad),
        )
    return Result(
        "small-text-ink",
        PASS,
        _("text under {size} pt is black ink alone").format(size=number(ONE_INK_TEXT_PT)),
    )


def rule_hairlines(scan: Scan, limits: Limits) -> Result:
    strokes = [m for m in scan.marks if m.kind == "stroke"]
    thin = [m for m in strokes if m.size < MIN_LINE_PT - 0.005]
    if not thin:
        return Result(
            "hairlines",
            PASS,
            _("no stroke under {width} pt").format(width=number(MIN_LINE_PT, decimals=2)),
        )
    return Result(
        "hairlines",
        FAIL if limits.profile == "shop" else INFO,
        _("{count} strokes under {width} pt, the thinnest {thinnest} pt").format(
            count=len(thin),
            width=number(MIN_LINE_PT, decimals=2),
            thinnest=number(min(m.size for m in thin), decimals=2),
        ),
        _where([f"{m.where()}: {m.size:.2f} pt" for m in thin]),
    )


def rule_transparency(scan: Scan, limits: Limits) -> Result:
    if not scan.transparency:
        return Result("transparency", PASS, _("none"))
    if limits.profile != "shop":
        return Result(
            "transparency",
            INFO,
            _("{transparency_count} uses (home printers flatten it)").format(
                transparency_count=len(scan.transparency)
            ),
            _where(scan.transparency),
        )
    return Result(
        "transparency",
        FAIL,
        _("{transparency_count} uses; flatten them to solid colours").format(
            transparency_count=len(scan.transparency)
        ),
        _where(scan.transparency),
    )


def _inside(inner: tuple[float, ...], outer: tuple[float, ...], slack: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def rule_boxes(scan: Scan, limits: Limits) -> Result:
    problems = []
    bleeds = []
    missing = []
    for page in scan.pages:
        trim = page.trim or page.art
        if trim is None or page.bleed is None:
            missing.append(
                _("page {page}: no {value}").format(
                    page=page.page, value="TrimBox" if trim is None else "BleedBox"
                )
            )
        if trim is not None and not _inside(trim, page.bleed or page.media):
            problems.append(
                _("page {page}: TrimBox outside the {value}").format(
                    page=page.page, value="BleedBox" if page.bleed else "MediaBox"
                )
            )
        if page.bleed is not None and not _inside(page.bleed, page.media):
            problems.append(_("page {page}: BleedBox outside the MediaBox").format(page=page.page))
        if trim is not None and page.bleed is not None:
            bleed = (
                min(
                    trim[0] - page.bleed[0],
                    trim[1] - page.bleed[1],
                    page.bleed[2] - trim[2],
                    page.bleed[3] - trim[3],
                )
                * MM_PER_PT
            )
            bleeds.append((bleed, page.page))
    if limits.profile == "shop":
        problems = missing + problems
        short = [f"page {n}: {b:.2f} mm" for b, n in bleeds if b < MIN_BLEED_MM - 0.01]
        if short:
            problems.append(
                _("bleed under {MIN_BLEED_MM} mm on {short_count} pages").format(
                    MIN_BLEED_MM=number(MIN_BLEED_MM), short_count=len(short)
                )
            )
        if problems:
            return Result(
                "boxes",
                FAIL,
                problems[0]
                if len(problems) == 1
                else ngettext("{n} problem", "{n} problems", len(problems)).format(
                    n=number(len(problems))
                ),
                _where(problems + short),
            )
        least = min(b for b, _ in bleeds)
        return Result(
            "boxes",
            PASS,
            _("TrimBox and BleedBox on all {pages_count} pages, bleed at least {least} mm").format(
                pages_count=len(scan.pages), least=number(least, decimals=1)
            ),
        )
    if problems:
        return Result(
            "boxes",
            FAIL,
            _("{problems_count} boxes badly nested").format(problems_count=len(problems)),
            _where(problems),
        )
    if bleeds:
        least = min(b for b, _ in bleeds)
        return Result(
            "boxes",
            PASS,
            _(
                "boxes nested; {bleeds_count} of {pages_count} pages have TrimBox and BleedBox, "
                "bleed at least {least} mm"
            ).format(
                bleeds_count=len(bleeds),
                pages_count=len(scan.pages),
                least=number(least, decimals=1),
            ),
        )
    return Result("boxes", PASS, _("no TrimBox or BleedBox (the page is the sheet)"))


def rule_fonts(scan: Scan, limits: Limits) -> Result:
    problems = []
    tags: dict[str, set[object]] = {}
    for font in scan.fonts:
        if not font.embedded:
            problems.append(
                _("{name} ({subtype}, page {first_page}) is not embedded").format(
                    name=font.name, subtype=font.subtype, first_page=font.first_page
                )
            )
        if limits.profile == "shop" and font.subtype != "Type3":
            if font.subset_tag is None:
                problems.append(
                    _("{name} (page {first_page}) is embedded whole, not subset").format(
                        name=font.name, first_page=font.first_page
                    )
                )
            else:
                tags.setdefault(font.subset_tag, set()).add((font.name[7:], font.program))
    if limits.profile == "shop":
        for tag, users in sorted(tags.items()):
            if len(users) > 1:
                problems.append(
                    _("subset tag {tag}+ names {users_count} different subsets").format(
                        tag=tag, users_count=len(users)
                    )
                )
    if problems:
        return Result(
            "fonts",
            FAIL,
            problems[0]
            if len(problems) == 1
            else ngettext("{n} font problem", "{n} font problems", len(problems)).format(
                n=number(len(problems))
            ),
            _where(problems),
        )
    what = (
        _("embedded and subset with distinct tags") if limits.profile == "shop" else _("embedded")
    )
    return Result(
        "fonts",
        PASS,
        _("{fonts_count} fonts, all {what}").format(fonts_count=len(scan.fonts), what=what),
    )


def rule_text_size(scan: Scan, limits: Limits) -> Result:
    texts = [m for m in scan.marks if m.kind == "text"]
    if not texts:
        return Result("text-size", PASS, _("no text"))
    small = sorted((m for m in texts if m.size < MIN_TEXT_PT - 0.01), key=lambda m: m.size)
    smallest = min(texts, key=lambda m: m.size)
    if small:
        return Result(
            "text-size",
            FAIL,
            _("{small_count} text runs under {MIN_TEXT_PT} pt, the smallest {size} pt").format(
                small_count=len(small),
                MIN_TEXT_PT=number(MIN_TEXT_PT),
                size=number(smallest.size, decimals=1),
            ),
            _where([f"{m.where()}: {m.size:.1f} pt {m.font}" for m in small]),
        )
    return Result(
        "text-size",
        PASS,
        _("smallest text {size} pt ({where})").format(
            size=number(smallest.size, decimals=1), where=smallest.where()
        ),
    )


def rule_viewer_preferences(scan: Scan, limits: Limits) -> Result:
    prefs = scan.viewer_preferences
    scaling = prefs.get("/PrintScaling")
    duplex = prefs.get("/Duplex")
    said = ", ".join(f"{k.lstrip('/')} {v.lstrip('/')}" for k, v in sorted(prefs.items())) or _(
        "none"
    )
    if limits.profile == "shop":
        if duplex is not None:
            return Result(
                "viewer-preferences",
                FAIL,
                _("/Duplex is a PDF 1.7 key, not allowed in PDF/X-4 ({said})").format(said=said),
            )
        return Result("viewer-preferences", PASS if scaling == "/None" else INFO, said)
    problems = []
    if scaling != "/None":
        problems.append(_("no /PrintScaling /None: printers will shrink the page to fit"))
    if duplex is not None and duplex not in (
        "/Simplex",
        "/DuplexFlipShortEdge",
        "/DuplexFlipLongEdge",
    ):
        problems.append(_("unknown /Duplex {duplex}").format(duplex=duplex))
    if problems:
        return Result("viewer-preferences", FAIL, "; ".join(problems))
    return Result("viewer-preferences", PASS, said)


RULES: tuple[tuple[str, Callable[[Scan, Limits], Result], str], ...] = (
    (
        "pdf-version",
        rule_version,
        "PDF version high enough for the keys used (PDF/X: not above its own)",
    ),
    ("pdfx", rule_pdfx, "PDF/X identification: XMP and document information, Trapped, IDs, dates"),
    (
        "output-intent",
        rule_output_intent,
        "one PDF/X output intent with an embedded CMYK output profile",
    ),
    ("colour-spaces", rule_colour_spaces, "colour spaces used; shop: CMYK, grey and spot only"),
    (
        "ink",
        rule_ink,
        "highest total ink of any fill, stroke, text or CMYK image; shop: within the limit",
    ),
    ("black-text", rule_rich_black, "shop: black and grey text and thin lines in black ink only"),
    (
        "small-text-ink",
        rule_small_text_ink,
        f"shop: text under {ONE_INK_TEXT_PT:g} pt in black ink alone (or white)",
    ),
    ("hairlines", rule_hairlines, f"shop: no stroke thinner than {MIN_LINE_PT:g} pt"),
    (
        "transparency",
        rule_transparency,
        "soft masks, constant alpha, blend modes, transparency groups",
    ),
    (
        "boxes",
        rule_boxes,
        "TrimBox within BleedBox within MediaBox; shop: on every page, 3 mm bleed",
    ),
    ("fonts", rule_fonts, "every font embedded; shop: subset, with distinct subset tags"),
    ("text-size", rule_text_size, f"no text under {MIN_TEXT_PT:g} pt (reduced previews aside)"),
    (
        "viewer-preferences",
        rule_viewer_preferences,
        "home: print at 100 % (PrintScaling None); shop: no PDF 1.7 keys",
    ),
)


def check(scan: Scan, limits: Limits) -> list[Result]:
    return [rule(scan, limits) for _, rule, _ in RULES]
