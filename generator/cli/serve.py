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
                "Address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (the "
                "classroom's network, with an access code)."
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
            help=N_("The code to type on the network (default: a new one at each start)."),
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
    code = None
    if on_network:
        code = access_code or new_access_code()
        if len("".join(code.split())) < 6:
            raise UserError(_("an access code needs at least 6 characters"))
    options = ServeOptions(
        host=host,
        port=port,
        workers=workers or default_workers(),
        cache_dir=cache or cache_dir(),
        code=code,
        open_browser=not no_browser,
    )

    def listening(url: str) -> None:
        say(_("The studio is open at {url} (Ctrl+C stops it).").format(url=url))
        if code is not None:
            for address in lan_addresses():
                say(
                    _("On the network: http://{address}:{port}").format(
                        address=address, port=url.rsplit(":", 1)[1]
                    )
                )
            say(_("Access code: {code}").format(code=code))
        if options.open_browser:
            import webbrowser

            webbrowser.open(url)

    run(options, listening)


def register(app: typer.Typer) -> None:
    app.command("serve", help=HELP)(serve)
