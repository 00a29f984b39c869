"""Run the studio: bind the socket, start uvicorn, open the browser once it answers.

The socket is bound here, before uvicorn starts, so that a port already in use is one clear
line (and ``--port 0`` takes any free port). The browser is opened when the server has started
listening, on the loopback address; on a network the address to type and the access code are
printed first.

Behind a reverse proxy (docs/deploy.md), ``public_url`` is the address people open (the QR
codes give it) and ``proxies`` the proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
are believed (:func:`generator.web.app.create_app` applies them; uvicorn's own reading of these
headers, which trusts 127.0.0.1 by default, is off).
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import _


@dataclass(frozen=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    cache_dir: Path = Path(".")
    code: str | None = None  # the access code; None: on loopback, no code
    open_browser: bool = True
    public_url: str | None = None  # behind a reverse proxy: the address people open
    proxies: tuple[str, ...] = ()  # the reverse proxies believed (X-Forwarded-For, -Proto)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port``; UserError when it cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise UserError(
            _("cannot listen on {host} ({reason}); give --host 127.0.0.1 or 0.0.0.0").format(
                host=host, reason=exc
            )
        ) from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise UserError(
            _("cannot listen on {host} port {port} ({reason}); choose another with --port").format(
                host=host, port=port, reason=exc.strerror or exc
            )
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def lan_addresses() -> list[str]:
    """This machine's addresses on its networks, as a phone there would type them."""
    found: list[str] = []
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
            found.append(probe.getsockname()[0])
        finally:
            probe.close()
    except OSError:
        pass
    return [address for address in found if not address.startswith("127.")]


def serve(options: ServeOptions, on_listening: Callable[[str], None]) -> None:
    """Run the studio until interrupted; ``on_listening(url)`` once it answers."""
    import uvicorn

    from generator.web.app import create_app
    from generator.web.security import loopback
    from generator.web.studio import Studio

    sock = bind(options.host, options.port)
    port = sock.getsockname()[1]
    local = "127.0.0.1" if options.host in ("0.0.0.0", "::", "") else options.host
    url = f"http://{local if ':' not in local else f'[{local}]'}:{port}"
    on_network = not loopback(options.host.strip("[]"))
    lan = lan_addresses() if on_network else []
    studio = Studio(
        options.cache_dir,
        workers=options.workers,
        code=options.code,
        public_url=options.public_url or (f"http://{lan[0]}:{port}" if lan else None),
        proxies=options.proxies,
    )
    config = uvicorn.Config(
        create_app(studio),
        proxy_headers=False,  # believed from options.proxies only (create_app)
        log_level="warning",
        access_log=False,
        server_header=False,
        timeout_graceful_shutdown=5,
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                on_listening(url)

    Server(config).run(sockets=[sock])
