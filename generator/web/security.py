"""What every request to the studio passes: the host it names, the access code, the origin of a
change, the size of its body.

* **Loopback by default.** Bound to 127.0.0.1, the studio answers only requests that name a
  loopback host (``localhost``, ``127.0.0.1``, ``[::1]``): a web page elsewhere cannot reach it
  through a name it rebinds to 127.0.0.1.
* **On a network, an access code.** Bound to another address (``--host 0.0.0.0`` in a
  classroom), every page and API call needs the code printed at the start: typed once in the
  page (then kept in a signed cookie, :func:`signed`), or sent by a script as the
  ``X-Access-Code`` header. Wrong codes are counted per client; past :data:`MAX_FAILURES` in
  :data:`FAILURE_WINDOW` seconds, that client waits. A code given is asked on loopback too.
* **Behind a reverse proxy** (``--public-url``), the code is asked whatever the bind address
  (every visitor of a proxy on the same machine is loopback), the client is the one the proxy's
  ``X-Forwarded-For`` names, believed from the proxies given only (uvicorn's
  ``ProxyHeadersMiddleware``), and the public address is an origin of the studio's pages.
* **Changes only from the studio's own pages.** A request that changes something (``POST``) from
  a browser must come from the same origin (``Sec-Fetch-Site``, else ``Origin``: not ``null``,
  :func:`same_origin`): another site cannot make the teacher's browser build or log in.
  Scripts send neither header.
* **Bounded bodies.** :func:`read_body` stops reading past the limit of the route (413).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
COOKIE = "pnp_access"
MAX_FAILURES = 10
FAILURE_WINDOW = 60.0  # seconds


def new_access_code() -> str:
    """Eight digits in two groups ("4821 7730"): easy to read out to a class."""
    digits = f"{secrets.randbelow(10**8):08d}"
    return f"{digits[:4]} {digits[4:]}"


def same_code(typed: str, code: str) -> bool:
    """``typed`` is ``code``, spaces and dashes ignored (compared in constant time)."""
    clean = "".join(ch for ch in typed if ch.isalnum())[:64]
    return hmac.compare_digest(clean.encode(), "".join(code.split()).encode())


def loopback(host: str) -> bool:
    """``host`` is a loopback name or address: ``localhost``, ``[::1]``, 127.x.y.z (an address,
    not a name that starts with "127.": ``127.0.0.1.nip.io`` resolves wherever its owner says)."""
    if host in LOOPBACK_HOSTS:
        return True
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def request_host(header: str) -> str:
    """The host named by a ``Host`` header, without its port: ``[::1]:8000`` -> ``[::1]``."""
    return (urlsplit(f"//{header}").hostname or "").lower()


def same_origin(headers: dict[str, str], host_header: str, public_url: str | None = None) -> bool:
    """A state-changing request from a browser comes from the studio's own pages: its
    ``Sec-Fetch-Site`` says so, else its ``Origin`` is the host it asks (or the public address
    the studio is reached at, behind a proxy that changes the ``Host``).

    Browsers send ``Sec-Fetch-*`` to trustworthy origins only (HTTPS, localhost): a phone on the
    classroom's network opens ``http://192.168.x.y`` and sends ``Origin`` alone, which a page's
    ``Referrer-Policy: no-referrer`` turns into ``Origin: null`` (the Fetch standard); the
    studio's pages say ``same-origin`` (:data:`generator.web.guard.SECURITY_HEADERS`), so their
    own requests carry their origin. ``null`` (a sandboxed frame, a ``data:`` page, another
    site whose policy hides it) is refused."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = headers.get("origin")
    if origin is None:
        return True  # not a browser's cross-site request (browsers send Origin with a POST)
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    if parts.netloc.lower() == host_header.lower():
        return True
    if public_url is None:
        return False
    asked = origin_of(origin)
    return bool(asked) and asked == origin_of(public_url)


def origin_of(url: str) -> str:
    """The origin of ``url`` as a browser writes it: ``https://jeux.example.org`` (no path, the
    default port left out)."""
    parts = urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    try:
        port = parts.port
    except ValueError:  # a port that is no number: no origin
        return ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    shown = f":{port}" if port is not None and port != default else ""
    return f"{parts.scheme}://{host}{shown}".lower()


@dataclass
class Gate:
    """The access code of a server on a network (None on loopback: no code) and its cookie."""

    code: str | None
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    _failures: dict[str, deque[float]] = field(default_factory=dict)

    def signed(self) -> str:
        """The cookie's value: a proof that the code was typed, without the code."""
        assert self.code is not None
        return hmac.new(self.secret, self.code.encode(), hashlib.sha256).hexdigest()

    def admits(self, cookie: str | None, header: str | None) -> bool:
        if self.code is None:
            return True
        if header is not None and same_code(header, self.code):
            return True
        return cookie is not None and hmac.compare_digest(cookie, self.signed())

    def throttled(self, client: str, now: float | None = None) -> bool:
        """Too many wrong codes from ``client`` lately."""
        now = time.monotonic() if now is None else now
        failures = self._failures.get(client)
        if not failures:
            return False
        while failures and now - failures[0] > FAILURE_WINDOW:
            failures.popleft()
        return len(failures) >= MAX_FAILURES

    def failed(self, client: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if len(self._failures) > 10_000:  # bounded: a flood of clients forgets the oldest
            self._failures.clear()
        self._failures.setdefault(client, deque(maxlen=MAX_FAILURES)).append(now)


class BodyTooLarge(ValueError):
    """A request body over its route's limit."""


async def read_body(request: object, limit: int) -> bytes:
    """The request's body, at most ``limit`` bytes (else :class:`BodyTooLarge`, before the
    rest is read)."""
    from starlette.requests import Request

    assert isinstance(request, Request)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge()
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge()
        chunks.append(chunk)
    return b"".join(chunks)
