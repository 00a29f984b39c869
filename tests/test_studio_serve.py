"""``pnp serve``'s command line: bad options and a busy port are one line, exit 2; the access
code; the web stack stays out of the CLI's start."""

from __future__ import annotations

import socket
import subprocess
import sys

from generator.web.security import Gate, new_access_code, same_code, same_origin
from tests.conftest import one_line_error, pnp


def test_a_busy_port_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = pnp("--lang", "en", "serve", "--port", str(port), "--no-browser")
    one_line_error(result, f"cannot listen on 127.0.0.1 port {port}")


def test_bad_options_are_one_line():
    one_line_error(pnp("--lang", "en", "serve", "--port", "70000"), "port 70000 is out of range")
    one_line_error(pnp("--lang", "en", "serve", "--workers", "0"), "0 workers is out of range")
    one_line_error(
        pnp("--lang", "en", "serve", "--host", "0.0.0.0", "--access-code", "12"),
        "at least 6 characters",
    )
    one_line_error(pnp("--lang", "en", "serve", "--host", "no such host.invalid"), "cannot listen")


def test_the_cli_does_not_import_the_web_stack():
    code = (
        "import sys; from generator.cli.main import run\n"
        "try:\n    run(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('starlette', 'uvicorn', 'segno', 'generator.web') "
        "if m in sys.modules))"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert completed.stdout.strip().splitlines()[-1] == "[]"


def test_access_codes():
    code = new_access_code()
    assert len(code) == 9 and code[4] == " " and code.replace(" ", "").isdigit()
    assert same_code(code.replace(" ", "-"), code) and not same_code("", code)
    gate = Gate(code)
    assert gate.admits(gate.signed(), None) and gate.admits(None, code)
    assert not gate.admits("0" * 64, None) and not gate.admits(None, "0000 0000")
    assert Gate(None).admits(None, None)
    for _ in range(10):
        gate.failed("10.0.0.2", now=100.0)
    assert gate.throttled("10.0.0.2", now=120.0) and not gate.throttled("10.0.0.2", now=161.0)
    assert not gate.throttled("10.0.0.3", now=120.0)


def test_origins():
    host = "127.0.0.1:8000"
    assert same_origin({"sec-fetch-site": "same-origin"}, host)
    assert not same_origin({"sec-fetch-site": "same-site"}, host)
    assert same_origin({"origin": "http://127.0.0.1:8000"}, host)
    assert not same_origin({"origin": "http://127.0.0.1:8001"}, host)
    assert not same_origin({"origin": "null"}, host)
    assert same_origin({}, host)  # a script
    assert not same_origin({"origin": "file://"}, host)
    public = "https://jeux.example.org"  # behind a proxy whose Host is its own
    assert same_origin({"origin": "https://jeux.example.org"}, host, public)
    assert same_origin({"origin": "https://JEUX.example.org:443"}, host, public + "/")
    assert not same_origin({"origin": "http://jeux.example.org"}, host, public)
    assert not same_origin({"origin": "https://jeux.example.org.evil.example"}, host, public)
    assert not same_origin({"origin": "null"}, host, public)
    assert not same_origin({"origin": "https://jeux.example.org:x"}, host, public)  # no 500
