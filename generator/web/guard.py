"""The checks every request passes before its route (the host it names, the access code, the
origin of a change) and the security headers every answer carries (generator.web.security)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from generator.core.i18n import N_
from generator.web.security import COOKIE, loopback, request_host, same_origin
from generator.web.studio import CSP, Studio, address, error, say


class Guard:
    """The host, the access code and the origin of every request; the security headers of
    every answer (:mod:`generator.web.security`)."""

    OPEN = ("/login", "/static/", "/language/")

    def __init__(self, app: ASGIApp, studio: Studio) -> None:
        self.app = app
        self.studio = studio

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refusal = self._refusal(request)
        if refusal is not None:
            await _secured(refusal)(scope, receive, send)
            return

        async def send_secured(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = message.setdefault("headers", [])
                present = {name.lower() for name, _value in headers}
                for name, value in SECURITY_HEADERS:
                    if name not in present:
                        headers.append((name, value))
            await send(message)

        await self.app(scope, receive, send_secured)

    def _refusal(self, request: Request) -> Response | None:
        host = request_host(request.headers.get("host", ""))
        if self.studio.code is None and not loopback(host):
            return error(403, say(request, N_("this studio answers on localhost only")))
        if request.method not in ("GET", "HEAD") and not same_origin(
            dict(request.headers), request.headers.get("host", "")
        ):
            return error(403, say(request, N_("changes come from the studio's own pages only")))
        path = request.url.path
        if any(path.startswith(prefix) for prefix in self.OPEN):
            return None
        gate = self.studio.gate
        header = request.headers.get("x-access-code")
        client = request.client.host if request.client else "?"
        if header is not None and gate.code is not None and gate.throttled(client):
            # a script's wrong codes count as the form's do: no guessing eight digits
            return error(429, say(request, N_("too many wrong codes; wait a minute and try again")))
        if gate.admits(request.cookies.get(COOKIE), header):
            return None
        if header is not None and gate.code is not None:
            gate.failed(client)
        if path.startswith("/api/") or request.method != "GET":
            return error(
                403, say(request, N_("type the access code shown where the studio started"))
            )
        # the page asked, with its query (the deck being edited), once the code is typed
        return RedirectResponse(f"/login?next={quote(address(request))}", status_code=303)


SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


def _secured(response: Response) -> Response:
    for name, value in SECURITY_HEADERS:
        response.headers.setdefault(name.decode(), value.decode())
    return response
