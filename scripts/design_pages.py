"""Every page of two kits side by side, before and after, at 100 dpi: the images of docs/design.md.

    python scripts/design_pages.py BEFORE_KIT AFTER_KIT [--out docs/design]

BEFORE_KIT and AFTER_KIT are folders written by ``pnp kit`` (for the "before", a checkout of the
commit to compare with: ``git worktree add /tmp/before COMMIT && cd /tmp/before && make kit
OUT=/tmp/before-kit``). For every PDF both kits hold, every page is rendered with PDFium at
100 dpi and the two renderings are set side by side on one PNG, ``before`` on the left,
``after`` on the right, named ``<pdf>-<page>.png`` in the output folder (docs/design/ by
default, which git ignores: about 60 images, 25 MB). A PDF only one kit holds is shown alone.
The script prints the Markdown lines that show the images, one per page, in the kit's order.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DPI = 100
GAP = 24  # pixels between the two pages
LABEL = 28  # pixels of the band that says which is which


def pdfs(kit: Path) -> list[Path]:
    """The kit's PDFs, relative to it, in a stable order (the deck folder's after the rest)."""
    return sorted(path.relative_to(kit) for path in kit.rglob("*.pdf"))


def render(path: Path):
    """Every page of ``path`` as a PIL image at :data:`DPI`."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        return [page.render(scale=DPI / 72).to_pil() for page in document]
    finally:
        document.close()


def side_by_side(before, after):
    """One image: ``before`` (or nothing) on the left, ``after`` (or nothing) on the right."""
    from PIL import Image, ImageDraw

    width = sum(image.width for image in (before, after) if image is not None) + GAP
    height = max(image.height for image in (before, after) if image is not None) + LABEL
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    x = 0
    for name, image in (("before", before), ("after", after)):
        if image is None:
            continue
        draw.text((x + 8, 8), name, fill="black")
        sheet.paste(image, (x, LABEL))
        x += image.width + GAP
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--out", type=Path, default=Path("docs/design"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    names = sorted(set(pdfs(args.before)) | set(pdfs(args.after)))
    for name in names:
        before = render(args.before / name) if (args.before / name).is_file() else []
        after = render(args.after / name) if (args.after / name).is_file() else []
        for index in range(max(len(before), len(after))):
            image = side_by_side(
                before[index] if index < len(before) else None,
                after[index] if index < len(after) else None,
            )
            target = args.out / f"{name.stem}-{index + 1}.png"
            image.save(target, optimize=True)
            print(f"![{name} page {index + 1}]({args.out.name}/{target.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
