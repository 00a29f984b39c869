"""The studio's Starlette application: the pages, the HTTP API (``docs/api.md``), the checks.

:func:`create_app` takes a :class:`Studio` (where the cache is, how many workers, the access
code) and returns an ASGI application; :mod:`generator.web.server` runs it with uvicorn. The
routes only parse, check and answer: what they answer comes from :mod:`generator.web.service`,
built in the worker processes of :mod:`generator.web.jobs`, kept in :mod:`generator.web.cache`.

Every answer is one of: a page (HTML, autoescaped Jinja2), a file from the cache, JSON, or an
error as JSON ``{"error": "one line"}`` with 400 (unreadable request), 403 (origin or access
code), 404, 405, 413 (too large), 415 (not JSON), 422 (a recipe or file the library refuses,
saying what to do), 429 (too many wrong codes) or 503 (a worker was lost: try again). A bug is
a 500 with a generic line and the traceback in the server's log, never in the answer.
"""

from __future__ import annotations

import json
import logging
import re
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from generator.core.errors import UserError
from generator.core.i18n import LANGUAGES, N_, Language, catalog, speaking
from generator.core.resources import package_folder
from generator.web import service
from generator.web.cache import Cache, NotCached
from generator.web.jobs import Jobs, WorkerLost
from generator.web.security import (
    COOKIE,
    BodyTooLarge,
    Gate,
    loopback,
    read_body,
    request_host,
    same_code,
    same_origin,
)

log = logging.getLogger("pnp.studio")

#: Body limits (bytes): a recipe with 200 places of one's own is about 20 kB.
MAX_RECIPE = 256 * 1024
MAX_UPLOAD = 512 * 1024
MAX_FORM = 4 * 1024
LANG_COOKIE = "pnp_lang"
CARD_ID = re.compile(r"^[A-Z]{1,2}\d{1,4}$")
SIDES = ("front", "back")

#: Security headers on every answer. Pages load only their own scripts, styles and images.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
#: The referee page is printed material that carries its own script and style inline.
REFEREE_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@dataclass
class Studio:
    """How the studio runs: its cache, its workers, its access (``code`` None: loopback)."""

    cache_dir: Path
    workers: int = 1
    code: str | None = None
    public_url: str | None = None  # what a phone on the network opens (the QR code)
    gate: Gate = field(init=False)

    def __post_init__(self) -> None:
        self.gate = Gate(self.code)


class Problem(Exception):
    """An answer other than 200, with one line for the user."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# ------------------------------------------------------------------- language and pages


def request_language(request: Request) -> Language:
    """The page's language: the switch's cookie, else the browser's first of fr and en, else
    French (the games' own)."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    header = request.headers.get("accept-language", "")
    ranked = []
    for position, part in enumerate(header.split(",")[:20]):
        tag, _sep, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        primary = tag.strip().lower()[:2]
        if primary in LANGUAGES:
            ranked.append((-weight, position, primary))
    return min(ranked)[2] if ranked else "fr"


@cache
def _pages(language: Language) -> Any:
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(package_folder("templates") / "studio")),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.install_gettext_translations(  # type: ignore[attr-defined]
        catalog("pnp", language), newstyle=True
    )
    environment.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "sort_keys": True}
    return environment


def page(request: Request, name: str, **context: Any) -> HTMLResponse:
    language = request_language(request)
    template = _pages(language).get_template(name)
    studio: Studio = request.app.state.studio
    html = template.render(
        language=language,
        other_language="en" if language == "fr" else "fr",
        games=service.GAMES,
        locked=studio.code is not None,
        path=request.url.path,
        **context,
    )
    return HTMLResponse(html)


# ------------------------------------------------------------------- helpers


def _studio(request: Request) -> Studio:
    studio: Studio = request.app.state.studio
    return studio


def _cache(request: Request) -> Cache:
    return Cache(_studio(request).cache_dir / "studio")


def _jobs(request: Request) -> Jobs:
    jobs: Jobs = request.app.state.jobs
    return jobs


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _key(request: Request) -> str:
    key = str(request.path_params["key"])
    if not re.fullmatch(r"[0-9a-f]{32}", key):
        raise Problem(404, _t(request, N_("no such deck")))
    return key


def _t(request: Request, message: str) -> str:
    """``message`` (English, in the pnp catalog) in the page's language."""
    return catalog("pnp", request_language(request)).gettext(message)


def _refused(result: Any) -> Any:
    if isinstance(result, service.Refusal):
        raise Problem(422, result.message)
    return result


async def _json_body(request: Request, limit: int) -> Any:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Problem(
            415, _t(request, N_("send the recipe as JSON (Content-Type: application/json)"))
        )
    body = await read_body(request, limit)
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise Problem(400, _t(request, N_("the request is not valid JSON"))) from None


# ------------------------------------------------------------------- pages


async def home(request: Request) -> Response:
    return page(request, "home.html")


async def oucedonc_page(request: Request) -> Response:
    return page(request, "oucedonc.html")


async def game_page(request: Request) -> Response:
    slug = request.path_params["game"]
    chosen = service.game(slug)
    if chosen is None or slug == "oucedonc":
        raise Problem(404, _t(request, N_("no such game")))
    return page(request, "game.html", game=chosen)


async def referee_page(request: Request) -> Response:
    key = _key(request)
    data = await _deck_file(request, key, "referee.html")
    response = HTMLResponse(data.decode("utf-8"))
    response.headers["content-security-policy"] = REFEREE_CSP
    return response


async def phone_page(request: Request) -> Response:
    """What the studio shows for the table's phones: the referee's address and its QR code."""
    key = _key(request)
    summary = await _summary(request, key)
    url = _public_url(request) + f"/referee/{key}"
    return page(request, "phone.html", deck=summary, url=url, qr=service.qr_svg(url))


def _public_url(request: Request) -> str:
    configured = _studio(request).public_url
    if configured:
        return configured.rstrip("/")
    return f"{request.url.scheme}://{request.headers.get('host', 'localhost')}"


async def login_page(request: Request) -> Response:
    return page(request, "login.html", wrong=False)


async def login(request: Request) -> Response:
    studio = _studio(request)
    client = request.client.host if request.client else "?"
    if studio.code is None:
        return RedirectResponse("/", status_code=303)
    if studio.gate.throttled(client):
        raise Problem(429, _t(request, N_("too many wrong codes; wait a minute and try again")))
    body = await read_body(request, MAX_FORM)
    from urllib.parse import parse_qs

    typed = parse_qs(body.decode("utf-8", errors="replace")).get("code", [""])[0]
    if not same_code(typed, studio.code):
        studio.gate.failed(client)
        refused = page(request, "login.html", wrong=True)
        refused.status_code = 403
        return refused
    target = parse_qs(body.decode("utf-8", errors="replace")).get("next", ["/"])[0]
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(COOKIE, studio.gate.signed(), httponly=True, samesite="strict")
    return response


async def language_switch(request: Request) -> Response:
    chosen = request.path_params["language"]
    if chosen not in LANGUAGES:
        raise Problem(404, _t(request, N_("pnp speaks fr or en")))
    back = request.query_params.get("next", "/")
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = RedirectResponse(back, status_code=303)
    response.set_cookie(LANG_COOKIE, chosen, samesite="lax", max_age=365 * 24 * 3600)
    return response


# ------------------------------------------------------------------- API


async def api_regions(request: Request) -> Response:
    query = request.query_params.get("q", "")
    return JSONResponse({"query": query[:100], "regions": service.search_regions(query)})


async def api_places(request: Request) -> Response:
    query = request.query_params.get("q", "")
    return JSONResponse({"query": query[:100], "places": service.search_places(query)})


async def api_new_deck(request: Request) -> Response:
    document = await _json_body(request, MAX_RECIPE)
    language = request_language(request)
    with speaking(language):
        try:
            recipe = service.read_recipe(document)
        except UserError as exc:
            raise Problem(422, str(exc)) from None
        key = service.recipe_key(recipe)
    summary = await _build(request, key, service.recipe_json(recipe))
    return JSONResponse(summary)


async def _build(request: Request, key: str, recipe_text: str) -> dict[str, Any]:
    cache = _cache(request)
    if cache.has("decks", key, "summary.json"):
        return _loads(cache.read("decks", key, "summary.json"))
    language = request_language(request)
    files = _refused(
        await _jobs(request).run(("deck", key, language), service.build_deck, recipe_text, language)
    )
    for name in ("recipe.json", "deck.pdf", "faces.pdf", "deck.json", "referee.html"):
        cache.write("decks", key, name, files[name])
    cache.write("decks", key, "summary.json", files["summary.json"])  # last: the deck is whole
    return _loads(files["summary.json"])


def _loads(data: bytes) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(data)
    return document


async def _summary(request: Request, key: str) -> dict[str, Any]:
    cache = _cache(request)
    try:
        return _loads(cache.read("decks", key, "summary.json"))
    except NotCached:
        pass
    try:  # built elsewhere, or trimmed: the recipe is enough
        recipe_text = cache.read("decks", key, "recipe.json").decode("utf-8")
    except NotCached:
        raise Problem(
            404, _t(request, N_("no such deck; build it again from its recipe"))
        ) from None
    return await _build(request, key, recipe_text)


async def _deck_file(request: Request, key: str, name: str) -> bytes:
    await _summary(request, key)
    try:
        return _cache(request).read("decks", key, name)
    except NotCached:
        raise Problem(
            404, _t(request, N_("no such deck; build it again from its recipe"))
        ) from None


async def api_deck(request: Request) -> Response:
    return JSONResponse(await _summary(request, _key(request)))


#: A deck's downloads: the cache's file, its media type, the end of the name it is saved as.
DOWNLOADS = {
    "pdf": ("deck.pdf", "application/pdf", ".pdf"),
    "faces": ("faces.pdf", "application/pdf", "-faces.pdf"),
    "deck": ("deck.json", "application/json", ".json"),
    "recipe": ("recipe.json", "application/json", "-recipe.json"),
}


def deck_download(what: str) -> Any:
    name, media, ending = DOWNLOADS[what]

    async def answer(request: Request) -> Response:
        key = _key(request)
        data = await _deck_file(request, key, name)
        summary = await _summary(request, key)
        filename = _slug(summary["title"]) + ending
        headers = {"content-disposition": f'attachment; filename="{filename}"'}
        return Response(data, media_type=media, headers=headers)

    return answer


def _slug(title: str) -> str:
    """A file name from a deck's title, ASCII only: "oucedonc-finistere"."""
    import unicodedata

    bare = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", bare.lower())
    return "-".join(words)[:60] or "oucedonc"


async def api_preview(request: Request) -> Response:
    key = _key(request)
    card, side = request.path_params["card"], request.path_params["side"]
    if not CARD_ID.match(card) or side not in SIDES:
        raise Problem(404, _t(request, N_("no such card")))
    cache = _cache(request)
    name = f"{card}-{side}.png"
    try:
        data = cache.read("decks", key, name)
    except NotCached:
        summary = await _summary(request, key)
        index = service.face_page(summary, card, side)
        if index is None:
            raise Problem(404, _t(request, N_("no such card"))) from None
        faces = cache.read("decks", key, "faces.pdf")
        data = await _jobs(request).run(("preview", key, index), service.card_preview, faces, index)
        cache.write("decks", key, name, data)
    return Response(
        data, media_type="image/png", headers={"cache-control": "max-age=31536000, immutable"}
    )


async def api_upload_places(request: Request) -> Response:
    body = await read_body(request, MAX_UPLOAD)
    name = request.query_params.get("name", "places.csv")[:80]
    result = service.read_places_file(body, name, request_language(request))
    return JSONResponse({"places": _refused(result)})


async def api_qr(request: Request) -> Response:
    key = _key(request)
    await _summary(request, key)
    url = _public_url(request) + f"/referee/{key}"
    return Response(service.qr_svg(url), media_type="image/svg+xml")


async def api_map(request: Request) -> Response:
    from generator.web import maps

    which = request.path_params["which"]
    if which == "france":
        svg = maps.france_map()
    elif which == "world":
        svg = maps.world_map()
    else:
        raise Problem(404, _t(request, N_("no such map")))
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": "max-age=3600"})


# ------------------------------------------------------------------- the other games


async def api_material(request: Request) -> Response:
    slug = request.path_params["game"]
    if service.game(slug) is None:
        raise Problem(404, _t(request, N_("no such game")))
    document = await _json_body(request, MAX_FORM)
    options = _material_options(request, document)
    built = await _material(request, slug, options)
    return JSONResponse(built)


MATERIAL_CHOICES = {
    "paper": ("a4", "letter", "a3"),
    "profile": ("home", "shop"),
    "language": LANGUAGES,
}


def _material_options(request: Request, document: Any) -> dict[str, Any]:
    if not isinstance(document, dict):
        raise Problem(422, _t(request, N_("send the options as a JSON object")))
    options: dict[str, Any] = {"paper": "a4", "profile": "home", "language": "fr", "seed": 1}
    for name, choices in MATERIAL_CHOICES.items():
        value = document.get(name, options[name])
        if value not in choices:
            raise Problem(
                422,
                _t(request, N_("{name} must be one of {choices}")).format(
                    name=name, choices=", ".join(choices)
                ),
            )
        options[name] = value
    seed = document.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
        raise Problem(422, _t(request, N_("seed must be a whole number from 0 to 2147483647")))
    options["seed"] = seed
    region = document.get("region", "france")
    if not isinstance(region, str) or len(region) > 100 or "/" in region or "\\" in region:
        raise Problem(422, _t(request, N_("region must be a name or a code")))
    options["region"] = region
    return options


async def _material(request: Request, slug: str, options: dict[str, Any]) -> dict[str, Any]:
    import hashlib
    import shutil
    import tempfile

    from generator import __version__

    cache = _cache(request)
    key = hashlib.sha256(
        json.dumps([slug, options, __version__], sort_keys=True).encode()
    ).hexdigest()[:32]
    if cache.has("material", key, "files.json"):
        return _loads(cache.read("material", key, "files.json"))
    language = request_language(request)
    scratch_root = cache.root / "scratch"
    scratch_root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="material-", dir=scratch_root))
    try:
        built = _refused(
            await _jobs(request).run(
                ("material", key), service.build_material, slug, options, str(scratch), language
            )
        )
        files = []
        for relative in built["files"]:
            name = _material_file_name(relative)
            cache.write("material", key, name, (scratch / relative).read_bytes())
            preview = f"{name}.png"
            cache.write("material", key, preview, (scratch / f"{relative}.png").read_bytes())
            url = f"/api/material/{key}"
            files.append({"name": name, "url": f"{url}/{name}", "preview": f"{url}/{preview}"})
        if slug == "kit":
            archive = shutil.make_archive(str(scratch) + "-kit", "zip", scratch)
            cache.write("material", key, "kit.zip", Path(archive).read_bytes())
            Path(archive).unlink()
            files.insert(0, {"name": "kit.zip", "url": f"/api/material/{key}/kit.zip"})
        answer = {"id": key, "files": files, "failures": built["failures"]}
        cache.write("material", key, "files.json", json.dumps(answer).encode())
        return answer
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _material_file_name(relative: str) -> str:
    return re.sub(r"[^a-z0-9_.-]+", "-", relative.lower()).strip("-.")


async def api_material_file(request: Request) -> Response:
    key = _key(request)
    name = request.path_params["name"]
    try:
        data = _cache(request).read("material", key, name)
    except NotCached:
        raise Problem(404, _t(request, N_("no such file"))) from None
    media = {"pdf": "application/pdf", "zip": "application/zip", "png": "image/png"}.get(
        name.rsplit(".", 1)[-1], "application/octet-stream"
    )
    return Response(
        data, media_type=media, headers={"content-disposition": f'attachment; filename="{name}"'}
    )


# ------------------------------------------------------------------- the checks


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
            return _error(403, _t(request, N_("this studio answers on localhost only")))
        if request.method not in ("GET", "HEAD") and not same_origin(
            dict(request.headers), request.headers.get("host", "")
        ):
            return _error(403, _t(request, N_("changes come from the studio's own pages only")))
        path = request.url.path
        if any(path.startswith(prefix) for prefix in self.OPEN):
            return None
        if self.studio.gate.admits(
            request.cookies.get(COOKIE), request.headers.get("x-access-code")
        ):
            return None
        if path.startswith("/api/") or request.method != "GET":
            return _error(
                403, _t(request, N_("type the access code shown where the studio started"))
            )
        from urllib.parse import quote

        return RedirectResponse(f"/login?next={quote(path)}", status_code=303)


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


# ------------------------------------------------------------------- errors


async def _problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return _error(exc.status, exc.message)


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {
        404: N_("no such page"),
        405: N_("this address does not take that method"),
    }
    message = messages.get(exc.status_code, N_("the request cannot be answered"))
    return _error(exc.status_code, _t(request, message))


async def _too_large(request: Request, exc: Exception) -> Response:
    return _error(413, _t(request, N_("the request is too large")))


async def _worker_lost(request: Request, exc: Exception) -> Response:
    return _error(503, _t(request, N_("a worker stopped while drawing; try again")))


async def _bug(request: Request, exc: Exception) -> Response:
    log.exception("bug while answering %s %s", request.method, request.url.path)
    return _error(
        500, _t(request, N_("something went wrong in the studio; the server's log says what"))
    )


# ------------------------------------------------------------------- the application


def routes() -> list[Route | Mount]:
    static = package_folder("templates") / "studio" / "static"
    return [
        Route("/", home),
        Route("/oucedonc", oucedonc_page),
        Route("/games/{game}", game_page),
        Route("/referee/{key}", referee_page),
        Route("/phone/{key}", phone_page),
        Route("/login", login_page, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/language/{language}", language_switch),
        Route("/api/regions", api_regions),
        Route("/api/places", api_places),
        Route("/api/places/file", api_upload_places, methods=["POST"]),
        Route("/api/decks", api_new_deck, methods=["POST"]),
        Route("/api/decks/{key}.pdf", deck_download("pdf")),
        Route("/api/decks/{key}", api_deck),
        Route("/api/decks/{key}/faces.pdf", deck_download("faces")),
        Route("/api/decks/{key}/deck.json", deck_download("deck")),
        Route("/api/decks/{key}/recipe.json", deck_download("recipe")),
        Route("/api/decks/{key}/referee.html", referee_page),
        Route("/api/decks/{key}/qr.svg", api_qr),
        Route("/api/decks/{key}/cards/{card}/{side}.png", api_preview),
        Route("/api/maps/{which}.svg", api_map),
        Route("/api/material/{game}", api_material, methods=["POST"]),
        Route("/api/material/{key}/{name}", api_material_file),
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

    app = Starlette(
        routes=routes(),
        middleware=[Middleware(Guard, studio=studio)],
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
