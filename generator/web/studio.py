"""What every route of the studio shares: its settings, its answers other than 200, the page's
language, and the checks of a request's path and body."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from generator.core.i18n import LANGUAGES, N_, Language, catalog, speaking
from generator.core.jsondoc import ParserWords
from generator.core.text import one_line
from generator.web import service
from generator.web.cache import Cache
from generator.web.jobs import Jobs
from generator.web.security import Gate, read_body

MAX_RECIPE = 256 * 1024
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
    """How the studio runs: its cache, its workers, its access (``code`` None: loopback, no
    code), behind a reverse proxy (``public_url``, ``proxies``: docs/deploy.md)."""

    cache_dir: Path
    workers: int = 1
    code: str | None = None
    public_url: str | None = None  # what a phone on the network opens (the QR code)
    #: the reverse proxies whose X-Forwarded-For and -Proto are believed (addresses, networks)
    proxies: tuple[str, ...] = ()
    gate: Gate = field(init=False)

    def __post_init__(self) -> None:
        self.gate = Gate(self.code)


class Problem(Exception):
    """An answer other than 200, with one line for the user (and its code where the library
    gives one: docs/api.md)."""

    def __init__(self, status: int, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.reason = reason


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


def settings(request: Request) -> Studio:
    studio: Studio = request.app.state.studio
    return studio


def deck_cache(request: Request) -> Cache:
    return Cache(settings(request).cache_dir / "studio")


def jobs(request: Request) -> Jobs:
    jobs: Jobs = request.app.state.jobs
    return jobs


def error(status: int, message: str, reason: str | None = None) -> JSONResponse:
    body = {"error": message} if reason is None else {"error": message, "reason": reason}
    return JSONResponse(body, status_code=status)


def path_key(request: Request) -> str:
    key = str(request.path_params["key"])
    if not re.fullmatch(r"[0-9a-f]{32}", key):
        raise Problem(404, say(request, N_("no such deck")))
    return key


def say(request: Request, message: str) -> str:
    """``message`` (English, in the pnp catalog) in the page's language."""
    return catalog("pnp", request_language(request)).gettext(message)


def accepted(result: Any) -> Any:
    if isinstance(result, service.Refusal):
        raise Problem(422, result.message, result.reason)
    return result


async def json_body(request: Request, limit: int, source: str | None = None) -> Any:
    """The request's JSON document; ``source``: the name of the file it was read from (the
    page's "open a recipe"), named instead of "the request" when it is not JSON."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Problem(
            415, say(request, N_("send the recipe as JSON (Content-Type: application/json)"))
        )
    body = await read_body(request, limit)
    try:
        document = json.loads(body.decode("utf-8"))
        # "\ud800" is JSON's syntax but no character: a string holding it can be written
        # nowhere (the recipe's key, the answer, the PDF)
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except json.JSONDecodeError as exc:  # where, in the page's words (a recipe edited by hand)
        with speaking(request_language(request)):
            said = ParserWords(exc.msg).words()
        if source:
            message = say(
                request, N_("{file} is not valid JSON at line {line}, column {column}: {what}")
            )
            where = message.format(
                file=one_line(source)[:100], line=exc.lineno, column=exc.colno, what=said
            )
            raise Problem(400, where) from None
        raise Problem(
            400,
            say(
                request, N_("the request is not valid JSON at line {line}, column {column}: {what}")
            ).format(line=exc.lineno, column=exc.colno, what=said),
        ) from None
    except (UnicodeError, RecursionError):
        raise Problem(400, say(request, N_("the request is not valid JSON"))) from None
    return document


def document(data: bytes) -> dict[str, Any]:
    """A JSON object the studio wrote (a summary, a list of files)."""
    loaded: dict[str, Any] = json.loads(data)
    return loaded


def address(request: Request) -> str:
    """The page's path with its query (``/oucedonc?deck=…``): where to come back to after the
    language switch or the login, the deck being edited with it."""
    query = request.url.query
    return request.url.path + (f"?{query}" if query else "")


def local_target(target: str) -> str:
    """``target`` when it is a path on this studio, else ``/``: a ``next`` never sends the
    browser to another site (``//host`` and ``/\\host`` are other hosts to a browser)."""
    if not target.startswith("/") or target[1:2] in ("/", "\\"):
        return "/"
    return target


def public_url(request: Request) -> str:
    """Where a phone reaches the studio: the network address found at the start (on a network),
    else the address this request used."""
    configured = settings(request).public_url
    if configured:
        return configured.rstrip("/")
    return f"{request.url.scheme}://{request.headers.get('host', 'localhost')}"
