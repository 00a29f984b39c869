"""``pnp serve``: the deck studio in the browser (generator.web, docs/deploy.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import say
from generator.core.i18n import N_, _

HELP = N_(
    "Start the deck studio in the browser: choose a region, see and change the cards, print "
    "every game's material."
)


def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help=N_(
                "Address to listen on: 127.0.0.1 (this computer only, or a reverse proxy on "
                "it: see --public-url) or 0.0.0.0 (the classroom's network, with an access "
                "code)."
            ),
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help=N_("Port to listen on (0: any free port)."))
    ] = 8000,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help=N_("Do not open the browser."))
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", help=N_("Processes that draw the decks (default: one per core).")
        ),
    ] = None,
    cache: Annotated[
        Path | None,
        typer.Option(
            "--cache",
            help=N_("Folder of the built decks, shared by every server (default: pnp's cache)."),
        ),
    ] = None,
    access_code: Annotated[
        str | None,
        typer.Option(
            "--access-code",
            envvar="PNP_ACCESS_CODE",
            help=N_(
                "The code every visitor types, asked even on 127.0.0.1 once given (default on "
                "the network or with --public-url: a new one at each start)."
            ),
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="PNP_PUBLIC_URL",
            help=N_(
                "Behind a reverse proxy: the address people open (https://jeux.example.org). "
                "The QR codes give it, and the access code is asked."
            ),
        ),
    ] = None,
    trusted_proxy: Annotated[
        str | None,
        typer.Option(
            "--trusted-proxy",
            envvar="PNP_TRUSTED_PROXY",
            help=N_(
                "With --public-url: the proxy's addresses or networks, comma-separated "
                "(default: 127.0.0.1,::1); their X-Forwarded-For and X-Forwarded-Proto name "
                "the visitor."
            ),
        ),
    ] = None,
) -> None:
    import gc

    from generator.cli.main import PYTHON_GC_THRESHOLDS
    from generator.core.errors import UserError
    from generator.core.folders import cache_dir
    from generator.web.jobs import default_workers
    from generator.web.security import loopback, new_access_code
    from generator.web.server import ServeOptions, lan_addresses
    from generator.web.server import serve as run

    gc.set_threshold(*PYTHON_GC_THRESHOLDS)  # a server lives long: not a one-shot command's

    if not 0 <= port <= 65535:
        raise UserError(
            _("port {port} is out of range; give 1024 to 65535, or 0").format(port=port)
        )
    if workers is not None and not 1 <= workers <= 64:
        raise UserError(_("{count} workers is out of range; give 1 to 64").format(count=workers))
    on_network = not loopback(host.strip("[]"))
    public = None if public_url is None else checked_public_url(public_url)
    proxies = checked_proxies(trusted_proxy, public)
    # a code given is always asked: behind a proxy on this machine every visitor is "loopback"
    code = access_code
    if code is None and (on_network or public is not None):
        code = new_access_code()
    if code is not None and len("".join(code.split())) < 6:
        raise UserError(_("an access code needs at least 6 characters"))
    options = ServeOptions(
        host=host,
        port=port,
        workers=workers or default_workers(),
        cache_dir=cache or cache_dir(),
        code=code,
        open_browser=not no_browser,
        public_url=public,
        proxies=proxies,
    )

    def listening(url: str) -> None:
        say(_("The studio is open at {url} (Ctrl+C stops it).").format(url=url))
        for address in lan_addresses() if on_network else []:
            say(
                _("On the network: http://{address}:{port}").format(
                    address=address, port=url.rsplit(":", 1)[1]
                )
            )
        if public is not None:
            say(_("Its public address: {url}").format(url=public))
        if code is not None:
            say(_("Access code: {code}").format(code=code))
        if options.open_browser:
            import webbrowser

            webbrowser.open(url)

    run(options, listening)


def checked_public_url(url: str) -> str:
    """``url`` as the studio's public address (``https://jeux.example.org``, no path: the pages
    name their files from the root); UserError when it is not one."""
    from urllib.parse import urlsplit

    from generator.core.errors import UserError

    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (a port that is no number raises ValueError)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise UserError(
            _(
                "--public-url {url} is not the address of a site; give its scheme and host "
                "only, as https://jeux.example.org"
            ).format(url=url)
        )
    return f"{parts.scheme}://{parts.netloc.lower()}"


def checked_proxies(given: str | None, public: str | None) -> tuple[str, ...]:
    """The reverse proxies believed: ``given``'s addresses and networks, loopback by default
    behind a proxy, none otherwise; UserError for a word that is neither."""
    import ipaddress

    from generator.core.errors import UserError

    if given is None:
        return ("127.0.0.1", "::1") if public is not None else ()
    if public is None:
        raise UserError(
            _("--trusted-proxy goes with --public-url, the address the proxy serves the studio at")
        )
    proxies = tuple(word.strip() for word in given.split(",") if word.strip())
    for word in proxies:
        try:
            ipaddress.ip_network(word, strict=False)
        except ValueError:
            raise UserError(
                _(
                    "--trusted-proxy {word} is not an IP address or network; give one as "
                    "127.0.0.1 or 10.88.0.0/16"
                ).format(word=word)
            ) from None
    if not proxies:
        raise UserError(_("--trusted-proxy names no address; give one as 127.0.0.1"))
    return proxies


def register(app: typer.Typer) -> None:
    app.command("serve", help=HELP)(serve)
