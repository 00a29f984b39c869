"""The studio's figures (issue 29), warm server against warm floor, in one run.

    .venv/bin/python benchmarks/studio.py [--rounds 7] [--clients 20]

1. **A deck's PDF, warm, against the floor.** In one process, after a warm-up, turn by turn:
   pnp's 63-card France deck (the deck product's ``build``: the data read, the places dealt,
   the texts, the card design, imposition and token sheet, the PDF in memory) made again with
   its duplex turned (long edge, short edge: its deal and texts known, as when the studio's
   user changes a print option),
   the same with a new deal each time (another seed), and the floor
   (``oucedonc_peers/reportlab_same_text.py``: the same pages, fonts and text with bare
   reportlab, fonts registered once). CPU per build, smallest and median; goal: pnp at most 2×.
2. **Through the server.** ``pnp serve --workers 2`` in its own process; its process tree's CPU
   (read from /proc) per request: a new deck (``POST /api/decks``: the PDF, the deck file,
   the referee page), a card preview (``front.png``/``back.png`` not yet
   drawn; goal 50 ms), a region search (goal 20 ms), and the same recipe again (the cache).
3. **20 clients at once**, each building decks of its own (other seeds and regions): failed
   requests (goal 0), decks per second, latency median and 95th percentile.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from measure import load
from serving import PYTHON, Client, describe, free_port, start, tree_cpu

sys.path.insert(0, str(Path(__file__).resolve().parent / "oucedonc_peers"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

QUERIES = ("fin", "bre", "quimper", "saint", "ile", "gir", "ita", "mont", "lyo", "corse")
REGIONS = ("dep:29", "dep:35", "dep:56", "dep:22", "dep:44", "dep:33", "dep:69", "dep:13",
           "region:53", "region:52")  # fmt: skip


def deck_against_floor(rounds: int) -> None:
    """Three contenders turn by turn: the deck made again with another print option (the
    duplex turned from long edge to short and back: its deal and texts known), a new deal each
    time (another seed), and the floor."""
    import reportlab_same_text as floor
    from msgspec.structs import replace

    from generator.products.oucedonc_deck import MAIN, OucedoncDeckOptions, build
    from generator.render.duplex import Duplex

    options = OucedoncDeckOptions(region="france")
    # the user turns the duplex from long edge to short edge and back: every build is a print
    # option changed, the deal (and its texts) known
    turned = (
        options,
        replace(options, imposition=replace(options.imposition, duplex=Duplex.SHORT)),
    )
    pages = floor.read_pages(build(options).file(MAIN).data)
    floor.register(pages)
    floor.write(pages)
    build(turned[1])
    build(replace(options, seed=2))
    times: dict[str, list[float]] = {"same": [], "new": [], "floor": []}
    for index in range(rounds):
        started = time.process_time()
        build(turned[index % 2])
        times["same"].append(time.process_time() - started)
        fresh = replace(options, seed=100 + index)  # never dealt before
        started = time.process_time()
        build(fresh)
        times["new"].append(time.process_time() - started)
        started = time.process_time()
        floor.write(pages)
        times["floor"].append(time.process_time() - started)
    words = sum(len(page.words) for page in pages)
    print(f"## 1. A 63-card deck's PDF, warm ({len(pages)} pages, {words} words), {rounds} rounds")
    print("| contender | CPU s per PDF, min | median | ratio to the floor, min | median |")
    print("|---|---|---|---|---|")
    floor_min, floor_median = min(times["floor"]), statistics.median(times["floor"])
    for key, label in (
        ("same", "pnp, France's default deck, its duplex turned (the deal and texts known)"),
        ("new", "pnp, France, a new deal each time (another seed)"),
        ("floor", "floor: bare reportlab, same pages, fonts, text"),
    ):
        low, middle = min(times[key]), statistics.median(times[key])
        print(
            f"| {label} | {low:.3f} | {middle:.3f} | {low / floor_min:.2f} | "
            f"{middle / floor_median:.2f} |"
        )
    print("goal: at most 2 times the floor")


def per_request(pid: int, send, count: int) -> tuple[float, list[float]]:
    """The server tree's CPU per request and each request's latency."""
    latencies = []
    before = tree_cpu(pid)
    for index in range(count):
        started = time.perf_counter()
        send(index)
        latencies.append(time.perf_counter() - started)
    return (tree_cpu(pid) - before) / count, latencies


def server_figures(port: int, pid: int, rounds: int) -> None:
    client = Client(port)

    def deck(index: int) -> dict:
        status, body = client.post_json("/api/decks", {"region": "dep:29", "seed": 1000 + index})
        assert status == 200, body[:300]
        return json.loads(body)

    first = deck(-1)  # the workers warm
    client.get(f"/api/decks/{first['id']}/cards/P01/front.png")
    build_cpu, build_wall = per_request(pid, deck, rounds)
    faces = [(card["id"], side) for card in first["cards"] for side in ("front", "back")][2:]

    def preview(index: int) -> None:
        card, side = faces[index]
        status, body = client.get(f"/api/decks/{first['id']}/cards/{card}/{side}.png")
        assert status == 200 and body[:4] == b"\x89PNG"

    preview_cpu, preview_wall = per_request(pid, preview, min(60, len(faces)))

    def search(index: int) -> None:
        status, _body = client.get(f"/api/regions?q={QUERIES[index % len(QUERIES)]}")
        assert status == 200

    search(0)
    search_cpu, search_wall = per_request(pid, search, 200)

    def cached(index: int) -> None:
        status, _body = client.post_json("/api/decks", {"region": "dep:29", "seed": 1000})
        assert status == 200

    cached_cpu, cached_wall = per_request(pid, cached, 50)
    client.close()
    print("\n## 2. Through the server (its process tree's CPU per request)")
    print("| request | CPU ms per request (goal) | latency |")
    print("|---|---|---|")
    print(
        f"| new deck: POST /api/decks (PDF + deck file + referee page) | "
        f"{build_cpu * 1000:.0f} | {describe(build_wall)} |"
    )
    preview = f"{preview_cpu * 1000:.1f} (≤ 50) | {describe(preview_wall)}"
    print(f"| card preview, not yet drawn | {preview} |")
    print(f"| region search | {search_cpu * 1000:.2f} (≤ 20) | {describe(search_wall)} |")
    print(f"| the same recipe again (cache) | {cached_cpu * 1000:.2f} | {describe(cached_wall)} |")


def concurrent(port: int, clients: int, decks_each: int) -> None:
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()

    def run(number: int) -> None:
        client = Client(port, timeout=600)
        for index in range(decks_each):
            recipe = {
                "region": REGIONS[(number + index) % len(REGIONS)],
                "seed": 5000 + number * 100 + index,
            }
            started = time.perf_counter()
            try:
                status, body = client.post_json("/api/decks", recipe)
                ok = status == 200
            except OSError as exc:
                ok, body = False, str(exc).encode()
            with lock:
                latencies.append(time.perf_counter() - started)
                if not ok:
                    failures.append(body[:200].decode(errors="replace"))
        client.close()

    threads = [threading.Thread(target=run, args=(number,)) for number in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    total = clients * decks_each
    print(f"\n## 3. {clients} clients at once, {decks_each} new decks each ({total} decks)")
    print("| failed requests | decks per second | latency |")
    print("|---|---|---|")
    print(f"| {len(failures)} | {total / wall:.2f} | {describe(latencies)} |")
    for failure in failures[:5]:
        print(f"failure: {failure}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--decks-each", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"# the studio, {load()}\n")
    deck_against_floor(args.rounds)
    with tempfile.TemporaryDirectory(prefix="bench-studio-") as cache:
        port = free_port()
        server = start(
            [PYTHON, "-m", "generator", "serve", "--port", str(port), "--no-browser",
             "--workers", str(args.workers), "--cache", cache],
            port,
            cwd=Path(tempfile.gettempdir()),
        )  # fmt: skip
        try:
            server_figures(port, server.process.pid, args.rounds)
            concurrent(port, args.clients, args.decks_each)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
