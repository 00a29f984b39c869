"""The studio's pages: Jinja2 templates (``templates/studio/*.html``, autoescaped, in the pnp
catalog), the login form, the language switch, the referee page and its QR code."""

from __future__ import annotations

from functools import cache
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from generator.core.i18n import LANGUAGES, N_, Language, catalog
from generator.core.resources import package_folder
from generator.core.typography import printed_name
from generator.web import service
from generator.web.decks import deck_file, summary_of
from generator.web.security import COOKIE, read_body, same_code
from generator.web.studio import (
    LANG_COOKIE,
    MAX_FORM,
    REFEREE_CSP,
    Problem,
    Studio,
    address,
    local_target,
    path_key,
    public_url,
    request_language,
    say,
    settings,
)


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
    # a name shown (a game's title, a deck's, a card's): the typographic apostrophe, as printed
    environment.filters["printed"] = printed_name
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
        here=address(request),
        **context,
    )
    return HTMLResponse(html)


async def home(request: Request) -> Response:
    return page(request, "home.html", credit=service.sample_credit(request_language(request)))


#: The distances offered around a commune (km), within what a recipe takes.
AROUND_STEPS = (5, 10, 15, 20, 30, 50, 80, 120, 200)


async def oucedonc_page(request: Request) -> Response:
    bounds = service.recipe_bounds()
    low, high = bounds["km"]
    return page(
        request,
        "oucedonc.html",
        cards=bounds["cards"],
        around_steps=[km for km in AROUND_STEPS if low <= km <= high],
        around_default=service.AROUND_KM,
    )


async def game_page(request: Request) -> Response:
    slug = request.path_params["game"]
    chosen = service.game(slug)
    if chosen is None or slug == "oucedonc":
        raise Problem(404, say(request, N_("no such game")))
    language = request_language(request)
    return page(
        request,
        "game.html",
        game=chosen.said(language),
        variants=service.variant_groups(slug, language),
    )


async def referee_page(request: Request) -> Response:
    key = path_key(request)
    data = await deck_file(request, key, "referee.html")
    response = HTMLResponse(data.decode("utf-8"))
    response.headers["content-security-policy"] = REFEREE_CSP
    return response


async def phone_page(request: Request) -> Response:
    """What the studio shows for the table's phones: the referee's address and its QR code."""
    key = path_key(request)
    summary = await summary_of(request, key)
    url = public_url(request) + f"/referee/{key}"
    return page(request, "phone.html", deck=summary, url=url, qr=service.qr_svg(url))


async def login_page(request: Request) -> Response:
    back = local_target(request.query_params.get("next", "/"))
    return page(request, "login.html", wrong=False, back=back)


async def login(request: Request) -> Response:
    studio = settings(request)
    client = request.client.host if request.client else "?"
    if studio.code is None:
        return RedirectResponse("/", status_code=303)
    if studio.gate.throttled(client):
        raise Problem(429, say(request, N_("too many wrong codes; wait a minute and try again")))
    body = await read_body(request, MAX_FORM)
    form = parse_qs(body.decode("utf-8", errors="replace"))
    typed = form.get("code", [""])[0]
    target = local_target(form.get("next", ["/"])[0])
    if not same_code(typed, studio.code):
        studio.gate.failed(client)
        refused = page(request, "login.html", wrong=True, back=target)
        refused.status_code = 403
        return refused
    response = RedirectResponse(target, status_code=303)
    # secure over HTTPS (behind a proxy: the scheme its X-Forwarded-Proto gives, when trusted)
    secure = request.url.scheme == "https"
    response.set_cookie(
        COOKIE, studio.gate.signed(), httponly=True, samesite="strict", secure=secure
    )
    return response


async def language_switch(request: Request) -> Response:
    chosen = request.path_params["language"]
    if chosen not in LANGUAGES:
        raise Problem(404, say(request, N_("pnp speaks fr or en")))
    back = local_target(request.query_params.get("next", "/"))
    response = RedirectResponse(back, status_code=303)
    response.set_cookie(LANG_COOKIE, chosen, samesite="lax", max_age=365 * 24 * 3600)
    return response
