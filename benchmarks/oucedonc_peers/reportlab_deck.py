"""Peer for bench_oucedonc_deck.py: a bare reportlab script, a plain 63-card duplex deck.

    python reportlab_deck.py CARDS.json OUT.pdf

Names on the fronts, latitude and longitude on the backs (mirrored for a long-edge flip), 3 × 3
poker cards on A4 with a thin frame, in the deck's own faces embedded (Fraunces Bold for the names
and the coordinates, Fira Sans for a label: the subsets ``pnp data build`` writes). Prints one
JSON line: work seconds (after imports), peak RSS, file size.
"""

import json
import resource
import sys
import time
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

DATASETS = Path(__file__).resolve().parents[2] / "datasets"
DISPLAY, TEXT = "Fraunces-Bold", "FiraSans-Regular"


def main() -> None:
    cards_file, out = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    cards = json.loads(Path(cards_file).read_text(encoding="utf-8"))
    for face in (DISPLAY, TEXT):
        pdfmetrics.registerFont(TTFont(face, str(DATASETS / f"fonts-{face}.ttf")))
    width, height = 210 * mm, 297 * mm
    card_w, card_h = 63 * mm, 88 * mm
    left, bottom = (width - 3 * card_w) / 2, (height - 3 * card_h) / 2
    canvas = Canvas(out, pagesize=(width, height), invariant=1)
    for sheet in range(0, len(cards), 9):
        batch = cards[sheet : sheet + 9]
        for face in ("front", "back"):
            for index, card in enumerate(batch):
                row, col = divmod(index, 3)
                if face == "back":
                    col = 2 - col  # long-edge flip: mirrored left-right
                x, y = left + col * card_w, bottom + (2 - row) * card_h
                canvas.setLineWidth(0.5)
                canvas.rect(x, y, card_w, card_h)
                if face == "front":
                    canvas.setFont(DISPLAY, 18)
                    canvas.drawCentredString(x + card_w / 2, y + card_h / 2, card["name"])
                else:
                    canvas.setFont(TEXT, 7)
                    canvas.drawString(x + 5 * mm, y + card_h / 2 + 5 * mm, "LATITUDE")
                    canvas.setFont(DISPLAY, 14)
                    canvas.drawCentredString(x + card_w / 2, y + card_h / 2 + 5 * mm, card["lat_text"])
                    canvas.drawCentredString(x + card_w / 2, y + card_h / 2 - 5 * mm, card["lon_text"])
            canvas.showPage()
    canvas.save()
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"work_s": seconds, "peak_rss": peak, "bytes": Path(out).stat().st_size}))


if __name__ == "__main__":
    main()
