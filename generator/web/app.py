"""The studio's Starlette application: the pages, the HTTP API (``docs/api.md``), the checks.

:func:`create_app` takes a :class:`Studio` (where the cache is, how many workers, the access
code, the reverse proxies it trusts) and returns an ASGI application; :mod:`generator.web.server`
runs it with uvicorn. The routes (``pages``, ``decks``, ``material``) only parse, check and
answer: what they answer comes from :mod:`generator.web.service`, built in the worker processes
of :mod:`generator.web.jobs`, kept in :mod:`generator.web.cache`; ``guard`` checks every request
first, ``studio`` holds what the routes share.

Every answer is one of: a page (HTML, autoescaped Jinja2), a file from the cache, JSON, or an
error as JSON ``{"error": "one line"}`` with 400 (unreadable request), 403 (origin or access
code), 404, 405, 413 (too large), 415 (not JSON), 422 (a recipe or file the library refuses,
saying what to do), 429 (too many wrong codes) or 503 (a worker was lost: try again). A person's
browser gets a page with the menu for a 404, 403 or 429 instead (the same line:
:func:`generator.web.guard.refused`). A bug is a 500 with a generic line and the traceback in the
server's log, never in the answer.
"""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from generator.core.i18n import N_
from generator.core.resources import package_folder
from generator.web import decks, material, pages, regions, service
from generator.web.guard import Guard, a_person_asks, refused
from generator.web.jobs import Jobs, WorkerLost
from generator.web.security import BodyTooLarge, read_body
from generator.web.studio import MAX_FORM, Problem, Studio, error, say

log = logging.getLogger("pnp.studio")


async def _problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    if exc.status == 429 and request.url.path == "/login":
        # a person sees the login form again, with why it must wait (a script: JSON)
        return refused(request, 429, exc.message, login=True, back=await _form_next(request))
    if exc.status == 403:
        return refused(request, 403, exc.message)
    return error(exc.status, exc.message, exc.reason)


async def _form_next(request: Request) -> str:
    """The ``next`` of the login form refused before it was read: the page asked for."""
    from urllib.parse import parse_qs

    try:
        body = await read_body(request, MAX_FORM)
    except (BodyTooLarge, RuntimeError):  # RuntimeError: the body was read already
        return "/"
    return parse_qs(body.decode("utf-8", errors="replace")).get("next", ["/"])[0]


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404 and request.method == "GET" and a_person_asks(request):
        missing = pages.page(request, "missing.html")  # with the menu: not a line of JSON
        missing.status_code = 404
        return missing
    messages = {
        404: N_("no such page"),
        405: N_("this address does not take that method"),
    }
    message = messages.get(exc.status_code, N_("the request cannot be answered"))
    return error(exc.status_code, say(request, message))


async def _too_large(request: Request, exc: Exception) -> Response:
    return error(413, say(request, N_("the request is too large")))


async def _worker_lost(request: Request, exc: Exception) -> Response:
    return error(503, say(request, N_("a worker stopped while drawing; try again")))


async def _bug(request: Request, exc: Exception) -> Response:
    log.exception("bug while answering %s %s", request.method, request.url.path)
    return error(
        500, say(request, N_("something went wrong in the studio; the server's log says what"))
    )


def routes() -> list[Route | Mount]:
    static = package_folder("templates") / "studio" / "static"
    return [
        Route("/", pages.home),
        Route("/oucedonc", pages.oucedonc_page),
        Route("/games/{game}", pages.game_page),
        Route("/referee/{key}", pages.referee_page),
        Route("/phone/{key}", pages.phone_page),
        Route("/login", pages.login_page, methods=["GET"]),
        Route("/login", pages.login, methods=["POST"]),
        Route("/language/{language}", pages.language_switch),
        Route("/api/regions", regions.api_regions),
        Route("/api/places", decks.api_places),
        Route("/api/places/file", decks.api_upload_places, methods=["POST"]),
        Route("/api/decks", decks.api_new_deck, methods=["POST"]),
        Route("/api/decks/{key}.pdf", decks.deck_download("pdf")),
        Route("/api/decks/{key}", decks.api_deck),
        Route("/api/decks/{key}/faces.pdf", decks.deck_download("faces")),
        Route("/api/decks/{key}/deck.json", decks.deck_download("deck")),
        Route("/api/decks/{key}/recipe.json", decks.deck_download("recipe")),
        Route("/api/decks/{key}/export/{format}.zip", decks.api_export),
        Route("/api/decks/{key}/export/tts/oucedonc_images/{image}", decks.api_tts_image),
        Route("/api/decks/{key}/referee.html", pages.referee_page),
        Route("/api/decks/{key}/qr.svg", decks.api_qr),
        Route("/api/decks/{key}/verify", decks.api_verify),
        Route("/api/decks/{key}/cards/{card}/{side}.png", decks.api_preview),
        Route("/api/maps/{which}.svg", regions.api_map),
        Route("/api/material/{game}", material.api_material, methods=["POST"]),
        Route("/api/material/{key}/{name}", material.api_material_file),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]


def create_app(studio: Studio) -> Starlette:
    jobs = Jobs(studio.workers, service.warm)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        jobs.start()
        service.warm_search()
        yield
        jobs.stop()

    middleware = [Middleware(Guard, studio=studio)]
    if studio.proxies:
        # behind a reverse proxy: the visitor's address (the login throttle's) and scheme as the
        # proxy says, only when the connection comes from one of the proxies given
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        trusted = list(studio.proxies)
        middleware.insert(0, Middleware(ProxyHeadersMiddleware, trusted_hosts=trusted))
    app = Starlette(
        routes=routes(),
        middleware=middleware,
        exception_handlers={
            Problem: _problem,
            HTTPException: _http,
            BodyTooLarge: _too_large,
            WorkerLost: _worker_lost,
            Exception: _bug,
        },
        lifespan=lifespan,
    )
    app.state.studio = studio
    app.state.jobs = jobs
    return app
