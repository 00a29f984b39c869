"""Peer for bench_oucedonc_deck.py: protograf (run it with protograf's own interpreter).

    /tmp/protograf-venv/bin/python protograf_deck.py CARDS.json OUT.pdf

The same plain 63-card deck as reportlab_deck.py, written the protograf way: Data() from a
list of lists, Deck() of poker cards on A4 with grid marks, Card() and CardBack() with
templated text; protograf lays out the sheets and mirrors the backs itself. Prints one JSON
line: work seconds (imports excluded), peak RSS, file size.
"""

import json
import os
import resource
import sys
import time
from pathlib import Path


def main() -> None:
    cards_file, out = sys.argv[1], os.path.abspath(sys.argv[2])
    sys.argv = sys.argv[:1]  # protograf parses the command line itself
    import protograf as pg  # heavy import, outside the timing like the other peers' imports

    start = time.perf_counter()
    cards = json.loads(Path(cards_file).read_text(encoding="utf-8"))
    rows = [["name", "lat", "lon"]] + [[c["name"], c["lat_text"], c["lon_text"]] for c in cards]
    pg.Create(filename=out, paper="A4", margin=0.5, units="cm")
    pg.Data(data_list=rows)
    pg.Deck(cards=len(cards), card_size="poker", grid_marks=True)
    pg.Card("all", pg.text(text=pg.T("{{ name }}"), x=3.15, y=4.4, font_size=18, align="centre"))
    pg.CardBack("all", pg.text(text=pg.T("{{ lat }}"), x=3.15, y=4.0, font_size=14, align="centre"),
                pg.text(text=pg.T("{{ lon }}"), x=3.15, y=5.0, font_size=14, align="centre"))
    pg.Save()
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"work_s": seconds, "peak_rss": peak, "bytes": Path(out).stat().st_size}))


if __name__ == "__main__":
    main()
