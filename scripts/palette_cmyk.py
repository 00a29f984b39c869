"""Design aid for the palettes' CMYK definitions: how each one prints next to its screen colour.

    python scripts/palette_cmyk.py            # every palette colour: hex, CMYK, ink, ΔE
    python scripts/palette_cmyk.py --suggest  # and a FOGRA39 suggestion for colours without one

The CMYK of a palette colour is written by hand in its palette (``hex_colour("#1F4E79",
cmyk(88, 51, 3, 44))``): this script is how those values were chosen and how to check them.
A suggestion is the sRGB colour converted colorimetrically to FOGRA39 (the output intent of
our PDF/X files, with LittleCMS through Pillow), rounded to whole percent; a near-neutral
colour (CIELAB chroma under 6, under 2.5 for pale tints, whose warmth would be lost) and every
text colour are given in black ink only, their K matched on lightness, so that greys and text
never need four plates in register. ΔE is the CIE76 distance between the screen
colour and the CMYK as FOGRA39 prints it: under 3 is a close match, above 10 means the colour is
outside what offset printing can reach (a saturated RGB blue, an Okabe–Ito yellow) or was moved
on purpose (text in black only).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import math
import sys
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.render.colour import Cmyk, Colour
from generator.render.pdfx import icc_profile

PALETTES = (
    "generator.render.palette",
    "generator.render.oie.palette",
    "generator.render.otcho.palette",
    "generator.render.oucedonc.palette",
    "generator.render.pronostiques.palette",
    "generator.render.territoires.palette",
)
NEUTRAL_CHROMA = 6.0
PALE_NEUTRAL_CHROMA = 2.5  # above L* 90: cream card stock must stay cream


def record_fields(value) -> tuple[str, ...] | None:
    """The field names of a record instance: a frozen dataclass, or a msgspec Struct (the
    modules a deck imports define theirs so); None for anything else."""
    if isinstance(value, msgspec.Struct):
        return value.__struct_fields__
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(field.name for field in dataclasses.fields(value))
    return None


def walk(value, path: str):
    if isinstance(value, Colour):
        yield path, value
    elif (names := record_fields(value)) is not None:
        for name in names:
            yield from walk(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]")


def palette_colours():
    for name in PALETTES:
        module = importlib.import_module(name)
        for key, value in vars(module).items():
            if isinstance(value, Colour) or record_fields(value) is not None:
                yield from walk(value, f"{name.removeprefix('generator.render.')}.{key}")


class Fogra:
    """sRGB ↔ FOGRA39 CMYK ↔ CIELAB, through LittleCMS."""

    def __init__(self) -> None:
        import io

        from PIL import ImageCms

        self.cms = ImageCms
        srgb = ImageCms.createProfile("sRGB")
        lab = ImageCms.createProfile("LAB", 5000)
        fogra = ImageCms.getOpenProfile(io.BytesIO(icc_profile()))
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self.to_cmyk = ImageCms.buildTransform(srgb, fogra, "RGB", "CMYK", intent)
        self.rgb_lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", intent)
        self.cmyk_lab = ImageCms.buildTransform(fogra, lab, "CMYK", "LAB", intent)
        self.k_ramp = [(k, self.lab_of_cmyk(Cmyk(0, 0, 0, k / 100))[0]) for k in range(101)]

    @staticmethod
    def _lab(pixel) -> tuple[float, float, float]:
        lightness, a, b = pixel
        return (lightness * 100 / 255, a - 128, b - 128)

    def lab_of_rgb(self, rgb: tuple[float, float, float]) -> tuple[float, float, float]:
        from PIL import Image

        image = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        return self._lab(self.cms.applyTransform(image, self.rgb_lab).getpixel((0, 0)))

    def lab_of_cmyk(self, ink: Cmyk) -> tuple[float, float, float]:
        from PIL import Image

        values = (ink.cyan, ink.magenta, ink.yellow, ink.black)
        image = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in values))
        return self._lab(self.cms.applyTransform(image, self.cmyk_lab).getpixel((0, 0)))

    def suggest(self, rgb: tuple[float, float, float], black_only: bool = False) -> Cmyk:
        from PIL import Image

        lab = self.lab_of_rgb(rgb)
        chroma = math.hypot(lab[1], lab[2])
        if black_only or chroma < (PALE_NEUTRAL_CHROMA if lab[0] > 90 else NEUTRAL_CHROMA):
            k = min(self.k_ramp, key=lambda item: abs(item[1] - lab[0]))[0]
            return Cmyk(0, 0, 0, k / 100)
        image = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        c, m, y, k = self.cms.applyTransform(image, self.to_cmyk).getpixel((0, 0))
        return Cmyk(*(round(v / 2.55) / 100 for v in (c, m, y, k)))

    def delta_e(self, colour: Colour, ink: Cmyk) -> float:
        return math.dist(self.lab_of_rgb(colour.rgb), self.lab_of_cmyk(ink))


def percent(ink: Cmyk | None) -> str:
    if ink is None:
        return "-"
    return "cmyk({:g}, {:g}, {:g}, {:g})".format(
        *(round(100 * v, 1) for v in (ink.cyan, ink.magenta, ink.yellow, ink.black))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suggest", action="store_true", help="suggest CMYK where none is set")
    args = parser.parse_args()
    fogra = Fogra()
    seen: set[tuple[str, str]] = set()
    for path, colour in palette_colours():
        if (path, colour.hex) in seen:
            continue
        seen.add((path, colour.hex))
        ink = colour.cmyk
        line = f"{path:<48} {colour.hex}  {percent(ink):<26}"
        if ink is not None:
            line += f" {ink.total:5.0f} %  ΔE {fogra.delta_e(colour, ink):4.1f}"
            if colour.spot:
                line += f"  spot {colour.spot}"
        elif args.suggest:
            line += f" suggest {percent(fogra.suggest(colour.rgb))}"
        if colour.alpha not in (None, 1.0):
            line += f"  alpha {colour.alpha:g}"
        print(line)


if __name__ == "__main__":
    main()
