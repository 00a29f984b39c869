"""Helpers of the studio's benchmarks: a server process, its tree's CPU time and memory read from
/proc, a keep-alive client, latency figures. Only addresses on this machine are ever used."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            tree.setdefault(parent, []).append(int(entry))
    return tree


def tree(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    children, found, todo = _children(), [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def tree_cpu(pid: int) -> float:
    """User + system CPU seconds of ``pid``'s live process tree."""
    total = 0
    for member in tree(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def tree_rss_mib(pid: int) -> float:
    total = 0
    for member in tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(found.group(1)) if found else 0
    return total / 1024


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start(argv: Sequence[str], port: int, cwd: Path | None = None) -> Server:
    """Start a server and return once it answers on ``port`` (polled with a short backoff)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    process = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    delay = 0.01
    for _ in range(400):
        if process.poll() is not None:
            raise SystemExit(f"{argv[0]} exited: {process.stderr.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return Server(process, port)
        except OSError:
            time.sleep(delay)  # a benchmark's wait for its server, not a test
            delay = min(0.2, delay * 1.5)
    raise SystemExit(f"{argv[0]} did not answer on port {port}")


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int, timeout: float = 300) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def get(self, path: str) -> tuple[int, bytes]:
        self.connection.request("GET", path)
        answer = self.connection.getresponse()
        return answer.status, answer.read()

    def post_json(self, path: str, document: object) -> tuple[int, bytes]:
        body = json.dumps(document).encode()
        self.connection.request("POST", path, body, {"Content-Type": "application/json"})
        answer = self.connection.getresponse()
        return answer.status, answer.read()

    def close(self) -> None:
        self.connection.close()


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def describe(values: Sequence[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, "
        f"p95 {percentile(values, 0.95) * 1000:.1f} ms"
    )


PYTHON = sys.executable
