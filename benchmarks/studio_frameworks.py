"""Which web stack the studio runs on: Starlette + uvicorn against Flask with its production
WSGI servers, side by side in one run (docs/deploy.md says why the studio uses the first).

    .venv/bin/pip install '.[bench]'        # flask, waitress, gunicorn (not the studio's)
    .venv/bin/python benchmarks/studio_frameworks.py [--rounds 5] [--requests 2000]

Contenders (``studio_peers/``), each with a trivial ``/ping`` and a CPU-bound ``/work`` (0.2 s
of pure-Python arithmetic holding the GIL, as drawing a deck does), one worker per core:

* ``starlette``: Starlette in uvicorn, ``/work`` in a process pool (the studio's shape);
* ``waitress``: Flask in waitress, ``/work`` in the server's threads;
* ``gunicorn``: Flask in gunicorn, one synchronous worker process per core.

Figures: **start-up** (a fresh process importing the stack and building the app, whole-process
CPU, smallest of the rounds, round-robin), **memory** (the server's process tree, idle),
**request overhead** (the server tree's CPU per ``/ping`` over 2,000 keep-alive requests), and
**serving while drawing**: ``/ping`` latency while two clients keep ``/work`` busy (does a
render block the server?), with ``/work``'s throughput.
"""

from __future__ import annotations

import argparse
import threading
import time
from pathlib import Path

from measure import load, round_robin, run
from serving import PYTHON, Client, describe, free_port, start, tree_cpu, tree_rss_mib

PEERS = Path(__file__).resolve().parent / "studio_peers"
IMPORTS = {
    "starlette": "import uvicorn, starlette_app",
    "waitress": "import waitress, flask_app",
    "gunicorn": "import gunicorn.app.wsgiapp, flask_app",
}


def command(name: str, port: int, workers: int) -> list[str]:
    if name == "starlette":
        return [PYTHON, "starlette_app.py", str(port), str(workers)]
    if name == "waitress":
        return [PYTHON, "flask_app.py", "waitress", str(port), str(workers)]
    gunicorn = str(Path(PYTHON).parent / "gunicorn")
    return [gunicorn, "-w", str(workers), "-b", f"127.0.0.1:{port}", "-k", "sync", "flask_app:app"]


def overhead(port: int, pid: int, requests: int) -> float:
    client = Client(port)
    client.get("/ping")
    before = tree_cpu(pid)
    for _ in range(requests):
        status, _body = client.get("/ping")
        assert status == 200
    client.close()
    return (tree_cpu(pid) - before) / requests


def while_drawing(port: int, seconds: float = 6.0) -> tuple[list[float], int]:
    """``/ping`` latencies while two clients keep ``/work`` busy; how many ``/work`` done."""
    stop = time.monotonic() + seconds
    done = [0]

    def worker() -> None:
        client = Client(port)
        while time.monotonic() < stop:
            status, _body = client.get("/work")
            assert status == 200
            done[0] += 1
        client.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    pings = []
    client = Client(port)
    while time.monotonic() < stop:
        started = time.perf_counter()
        client.get("/ping")
        pings.append(time.perf_counter() - started)
        time.sleep(0.05)  # a page's requests come now and then, not in a loop
    client.close()
    for thread in threads:
        thread.join()
    return pings, done[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"# studio frameworks, {load()}, {args.workers} workers")

    startup = round_robin(
        {
            name: (lambda code=code: run([PYTHON, "-c", code], cwd=PEERS))
            for name, code in IMPORTS.items()
        },
        args.rounds,
    )
    rows = []
    for name in IMPORTS:
        port = free_port()
        server = start(command(name, port, args.workers), port, cwd=PEERS)
        try:
            Client(port).get("/ping")
            memory = tree_rss_mib(server.process.pid)
            per_request = overhead(port, server.process.pid, args.requests)
            pings, works = while_drawing(port)
        finally:
            server.stop()
        rows.append(
            f"| {name} | {startup[name].cpu_min():.3f} | {memory:.0f} | {per_request * 1000:.2f} "
            f"| {describe(pings)} | {works / 6.0:.1f} |"
        )
    print(
        "| stack | start-up CPU s (min) | idle memory MiB (tree) | CPU per /ping ms "
        "| /ping while drawing | /work per s |"
    )
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
