"""The checks every request passes before its route (the host it names, the access code, the
origin of a change) and the security headers every answer carries (generator.web.security).

A refusal is JSON ``{"error": …}`` for a script or the pages' own scripts, and a page with the
menu and the same sentence for a person whose browser navigated there (:func:`refused`): a
phone that typed too many wrong codes sees the login form again, with why it must wait.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from generator.core.i18n import N_
from generator.web.security import COOKIE, loopback, request_host, same_origin
from generator.web.studio import CSP, Studio, address, error, local_target, say


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
            return refused(request, 403, say(request, N_("this studio answers on localhost only")))
        if request.method not in ("GET", "HEAD") and not same_origin(
            dict(request.headers), request.headers.get("host", ""), self.studio.public_url
        ):
            message = say(request, N_("changes come from the studio's own pages only"))
            return refused(request, 403, message)
        path = request.url.path
        if any(path.startswith(prefix) for prefix in self.OPEN):
            return None
        gate = self.studio.gate
        header = request.headers.get("x-access-code")
        client = request.client.host if request.client else "?"  # the proxy's word, if trusted
        if header is not None and gate.code is not None and gate.throttled(client):
            # a script's wrong codes count as the form's do: no guessing eight digits
            message = say(request, N_("too many wrong codes; wait a minute and try again"))
            return refused(request, 429, message)
        if gate.admits(request.cookies.get(COOKIE), header):
            return None
        if header is not None and gate.code is not None:
            gate.failed(client)
        if path.startswith("/api/") or request.method != "GET":
            message = say(request, N_("type the access code shown where the studio started"))
            return refused(request, 403, message, login=True)
        # the page asked, with its query (the deck being edited), once the code is typed
        return RedirectResponse(f"/login?next={quote(address(request))}", status_code=303)


def a_person_asks(request: Request) -> bool:
    """A browser navigating to a page (a link, an address typed, a form sent), not a script,
    nor the API, nor a file of the pages: it is answered a page, the others JSON."""
    path = request.url.path
    return (
        request.method in ("GET", "HEAD", "POST")
        and not path.startswith(("/api/", "/static/"))
        and "text/html" in request.headers.get("accept", "")
    )


def refused(
    request: Request, status: int, message: str, login: bool = False, back: str = "/"
) -> Response:
    """``message`` as JSON for a script, as a page for a person (:func:`a_person_asks`): the
    login form under it when typing the code is what to do (``login``; ``back``: where the form
    leads then), else the way back to the studio's home page."""
    if not a_person_asks(request):
        return error(status, message)
    from generator.web.pages import page

    answer = page(
        request, "refused.html", message=message, login=login, back=local_target(back), wrong=False
    )
    answer.status_code = status
    return answer


#: ``same-origin``: the studio's own requests carry their ``Origin`` (``no-referrer`` made a
#: form's POST say ``Origin: null``, refused: :func:`generator.web.security.same_origin`), and
#: no other site learns a page's address (a deck's key is in it).
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


def _secured(response: Response) -> Response:
    for name, value in SECURITY_HEADERS:
        response.headers.setdefault(name.decode(), value.decode())
    return response
