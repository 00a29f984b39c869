"""The API of the names a user picks a region by, in the page's language (docs/api.md): the
region search and the maps. A country or subdivision abroad is named as the page speaks
(Germany, Allemagne), so that the name chosen in the list or on the map is the name the deck of
that language prints; places in France keep their French names.

The language is the page's, as every answer of the studio takes it
(:func:`generator.web.studio.request_language`: the language switch's cookie, else
``Accept-Language``); a map's answer varies with both, so that a browser's cache keeps one
map per language."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from generator.core.i18n import N_
from generator.web import maps, service
from generator.web.studio import Problem, request_language, say

#: The request's parts the answer depends on (the page's language).
VARY = "Cookie, Accept-Language"


async def api_regions(request: Request) -> Response:
    query = request.query_params.get("q", "")
    found = service.search_regions(query, request_language(request))
    return JSONResponse({"query": query[:100], "regions": found}, headers={"vary": VARY})


async def api_map(request: Request) -> Response:
    which = request.path_params["which"]
    language = request_language(request)
    if which == "france":
        svg = maps.france_map()
    elif which == "world":
        svg = maps.world_map(language)
    else:
        raise Problem(404, say(request, N_("no such map")))
    return Response(
        svg, media_type="image/svg+xml", headers={"cache-control": "max-age=3600", "vary": VARY}
    )
