"""Every colour of the printed material is defined once, by name, in a palette module."""

import importlib
import importlib.util
import re
from pathlib import Path

import pytest
from reportlab.lib.colors import HexColor

from generator.render.colour import Cmyk, Colour, hex_colour

ROOT = Path(__file__).resolve().parents[1]
RENDER = ROOT / "generator" / "render"


def _palette_script():
    """scripts/palette_cmyk.py, whose walk over the palettes' records this test shares."""
    spec = importlib.util.spec_from_file_location("palette_cmyk", ROOT / "scripts/palette_cmyk.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_SCRIPT = _palette_script()
PALETTES = _SCRIPT.PALETTES
record_fields = _SCRIPT.record_fields
HEX = re.compile(r"#[0-9A-Fa-f]{6}\b")


def colours_of(value):
    """Every Colour reachable from a palette value (nested groups and tuples included)."""
    if isinstance(value, Colour):
        yield value
    elif (names := record_fields(value)) is not None:
        for name in names:
            yield from colours_of(getattr(value, name))
    elif isinstance(value, tuple):
        for item in value:
            yield from colours_of(item)


def palette_instances():
    for name in PALETTES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if record_fields(value) is not None:
                yield name, value


def test_no_colour_literal_outside_the_palette_modules():
    offenders = [
        f"{path.relative_to(RENDER)}:{number}"
        for path in sorted(RENDER.rglob("*.py"))
        if path.name not in ("palette.py", "colour.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HEX.search(line)
    ]
    assert offenders == []


def test_no_drawing_code_sets_a_colour_but_through_the_palette_helpers():
    calls = re.compile(r"\.set(Fill|Stroke)Color(RGB|CMYK)?\(|HexColor\(")
    offenders = [
        f"{path.relative_to(RENDER)}:{number}"
        for path in sorted(RENDER.rglob("*.py"))
        if path.name != "colour.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if calls.search(line)
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("module", "palette"), list(palette_instances()), ids=lambda v: str(v)[:40]
)
def test_every_palette_field_is_a_colour_reportlab_reads_as_its_hex(module, palette):
    colours = list(colours_of(palette))
    assert colours, module
    for colour in colours:
        assert all(0.0 <= channel <= 1.0 for channel in colour.rgb)
        assert colour.alpha is None or 0.0 <= colour.alpha <= 1.0
        if colour.alpha == 1.0 and hex_colour(colour.hex) == colour:
            # what HexColor writes is what the palette writes: the PDFs stay byte-identical
            assert HexColor(colour.hex).rgb() == colour.reportlab.rgb()


def test_hex_colour_reads_like_reportlab_and_refuses_a_short_code():
    assert hex_colour("#1F4E79").reportlab.rgb() == HexColor("#1F4E79").rgb()
    assert hex_colour("#1F4E79").hex == "#1F4E79"
    with pytest.raises(ValueError, match="#RRGGBB"):
        hex_colour("#FFF")


def test_a_colour_can_carry_its_cmyk_beside_its_rgb():
    ink = hex_colour("#1D2B3A", cmyk=Cmyk(0.75, 0.55, 0.35, 0.7))
    assert ink.cmyk == Cmyk(0.75, 0.55, 0.35, 0.7)
    assert ink.rgb == hex_colour("#1D2B3A").rgb


# ----------------------------------------------------------------------------- print-shop forms


def test_every_palette_colour_has_its_cmyk_within_the_ink_limit():
    """The shop profile prints each colour's own CMYK: none may be missing (it would raise in a
    shop file), none above the 300 % that coated-paper print shops accept."""
    for module, palette in palette_instances():
        for colour in colours_of(palette):
            assert colour.cmyk is not None, (module, colour.hex)
            assert colour.cmyk.total <= 300, (module, colour.hex, colour.cmyk)
            assert colour.alpha in (None, 1.0), (module, colour.hex)  # flattened at design time


def test_text_colours_are_black_ink_only():
    """Text must not depend on four plates in register: every palette's text colours are K."""
    from generator.render.oie.palette import PALETTE as OIE
    from generator.render.oucedonc.palette import PALETTE as OUCEDONC
    from generator.render.palette import CALIBRATION, MARKS, SHEET
    from generator.render.territoires.palette import PALETTE as TERRITOIRES

    for colour in (
        SHEET.ink,
        SHEET.muted,
        MARKS.crop,
        CALIBRATION.ink,
        OIE.ink,
        OUCEDONC.ink,
        OUCEDONC.muted,
        OUCEDONC.night_text,
        TERRITOIRES.ink,
        TERRITOIRES.muted,
    ):
        assert colour.cmyk is not None and colour.cmyk.black_only, colour.hex


def test_a_flattened_mix_is_the_colour_transparency_would_show():
    from generator.render.colour import cmyk, mix

    red = hex_colour("#FF0000", cmyk(0, 100, 100, 0))
    paper = hex_colour("#FFFFFF", cmyk(0, 0, 0, 0))
    half = mix(red, paper, 0.5)
    assert half.rgb == (1.0, 0.5, 0.5)
    assert half.cmyk == Cmyk(0, 0.5, 0.5, 0)
    assert mix(red, paper, 1.0) == red
