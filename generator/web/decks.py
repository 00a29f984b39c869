"""The API of regions, places and decks (docs/api.md): searches, a recipe built into a deck in
a worker, its files and previews from the cache, an uploaded file of places, the maps."""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from generator.core.errors import UserError
from generator.core.i18n import N_, speaking
from generator.core.refusal import Refusal as RuleRefusal
from generator.core.text import ascii_slug
from generator.web import service
from generator.web.cache import NotCached
from generator.web.security import BodyTooLarge, read_body
from generator.web.studio import (
    CARD_ID,
    MAX_RECIPE,
    SIDES,
    Problem,
    accepted,
    deck_cache,
    document,
    jobs,
    json_body,
    path_key,
    public_url,
    request_language,
    say,
)


async def api_places(request: Request) -> Response:
    query = request.query_params.get("q", "")
    return JSONResponse({"query": query[:100], "places": service.search_places(query)})


async def api_new_deck(request: Request) -> Response:
    # ?file=: the page sends a recipe file it could not read as it is, for the line at fault
    document = await json_body(request, MAX_RECIPE, request.query_params.get("file"))
    language = request_language(request)
    with speaking(language):
        try:
            recipe = service.read_recipe(document)
        except UserError as exc:
            raise Problem(422, str(exc), exc.reason) from None
        except RuleRefusal as exc:
            raise Problem(422, str(exc)) from None
        key = service.recipe_key(recipe)
    summary = await _build(request, key, service.recipe_json(recipe))
    return JSONResponse(summary)


def _summary_name(request: Request) -> str:
    """The cached summary in the request's language: its warnings are sentences in it."""
    return f"summary.{request_language(request)}.json"


async def _build(request: Request, key: str, recipe_text: str) -> dict[str, Any]:
    cache, summary = deck_cache(request), _summary_name(request)
    if cache.has("decks", key, summary):
        return document(cache.read("decks", key, summary))
    language = request_language(request)
    files = accepted(  # the worker names the deck by the key it is stored under: the id
        await jobs(request).run(
            ("deck", key, language), service.build_deck, recipe_text, key, language
        )
    )
    for name in ("recipe.json", *service.DECK_FILES, "faces.pdf"):
        if name in files:  # a shop deck's faces come with it
            cache.write("decks", key, name, files[name])
    cache.write("decks", key, summary, files["summary.json"])  # last: the deck is whole
    return document(files["summary.json"])


async def summary_of(request: Request, key: str) -> dict[str, Any]:
    cache = deck_cache(request)
    try:
        return document(cache.read("decks", key, _summary_name(request)))
    except NotCached:
        pass
    try:  # built elsewhere, in another language, or trimmed: the recipe is enough
        recipe_text = cache.read("decks", key, "recipe.json").decode("utf-8")
    except NotCached:
        raise Problem(
            404, say(request, N_("no such deck; build it again from its recipe"))
        ) from None
    return await _build(request, key, recipe_text)


async def deck_file(request: Request, key: str, name: str) -> bytes:
    await summary_of(request, key)
    try:
        return deck_cache(request).read("decks", key, name)
    except NotCached:
        raise Problem(
            404, say(request, N_("no such deck; build it again from its recipe"))
        ) from None


async def faces_file(request: Request, key: str) -> bytes:
    """The deck's faces file, made the first time it is asked for."""
    cache = deck_cache(request)
    if cache.has("decks", key, "faces.pdf"):
        return cache.read("decks", key, "faces.pdf")
    recipe = await deck_file(request, key, "recipe.json")
    language = request_language(request)
    data: bytes = accepted(
        await jobs(request).run(
            ("faces", key), service.build_faces, recipe.decode("utf-8"), language
        )
    )
    cache.write("decks", key, "faces.pdf", data)
    return data


async def api_deck(request: Request) -> Response:
    return JSONResponse(await summary_of(request, path_key(request)))


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
        key = path_key(request)
        data = await (
            faces_file(request, key) if name == "faces.pdf" else deck_file(request, key, name)
        )
        summary = await summary_of(request, key)
        filename = _slug(summary["title"]) + ending
        headers = {"content-disposition": f'attachment; filename="{filename}"'}
        return Response(data, media_type=media, headers=headers)

    return answer


async def api_export(request: Request) -> Response:
    """``GET /api/decks/{id}/export/{format}.zip``: the deck being edited as one of ``pnp
    export``'s packages (:data:`service.EXPORT_FORMATS`), made once and kept in the cache."""
    key, what = path_key(request), request.path_params["format"]
    if what not in service.EXPORT_FORMATS:
        raise Problem(
            404, say(request, N_("no such export; choose faces, tts, tabletopia or screentop"))
        )
    shop = request.query_params.get("shop", "tgc") if what == "faces" else ""
    if what == "faces":
        from generator.exports.faces import ShopKey  # the print shops ``pnp export faces`` knows

        shops = [key.value for key in ShopKey]
        if shop not in shops:
            message = say(request, N_("no such print shop; choose {shops}"))
            raise Problem(422, message.format(shops=", ".join(shops)))
    data = await export_zip(request, key, what, shop)
    summary = await summary_of(request, key)
    filename = f"{_slug(summary['title'])}-{what}{'-' + shop if shop else ''}.zip"
    headers = {"content-disposition": f'attachment; filename="{filename}"'}
    return Response(data, media_type="application/zip", headers=headers)


async def export_zip(request: Request, key: str, what: str, shop: str) -> bytes:
    """The package's zip, from the cache or made in a worker. Tabletop Simulator's saved object
    names its images by the address they are served at (:func:`api_tts_image`): one zip per
    address the studio is reached at."""
    import hashlib

    images = f"{public_url(request)}/api/decks/{key}/export/tts/{TTS_IMAGES}/"
    if what == "tts":
        name = f"export-tts-{hashlib.sha256(images.encode()).hexdigest()[:16]}.zip"
    else:
        name = f"export-{what}{'-' + shop if shop else ''}.zip"
    cache = deck_cache(request)
    if cache.has("decks", key, name):
        return cache.read("decks", key, name)
    recipe = (await deck_file(request, key, "recipe.json")).decode("utf-8")
    language = request_language(request)
    data: bytes = accepted(
        await jobs(request).run(
            ("export", key, name, language),
            service.build_export,
            recipe,
            what,
            shop,
            images,
            language,
        )
    )
    cache.write("decks", key, name, data)
    return data


#: The folder of a Tabletop Simulator package's images (``pnp export tts``'s ``NAME_images``,
#: ``exports.tts.images_folder("oucedonc")``; the route in :mod:`generator.web.app` names it).
TTS_IMAGES = "oucedonc_images"


async def api_tts_image(request: Request) -> Response:
    """``GET /api/decks/{id}/export/tts/oucedonc_images/{image}``: an image the deck's Tabletop
    Simulator saved object names, read from its package (what TTS loads while the studio
    runs)."""
    import io
    import zipfile

    key, image = path_key(request), request.path_params["image"]
    if not re.fullmatch(r"[a-z0-9_.-]{1,80}\.png", image):
        raise Problem(404, say(request, N_("no such image")))
    data = await export_zip(request, key, "tts", "")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        try:
            picture = archive.read(f"{TTS_IMAGES}/{image}")
        except KeyError:
            raise Problem(404, say(request, N_("no such image"))) from None
    return Response(picture, media_type="image/png")


def _slug(title: str) -> str:
    """A file name from a deck's title, ASCII only: "oucedonc-finistere"."""
    return ascii_slug(title)[:60] or "oucedonc"


async def api_preview(request: Request) -> Response:
    key = path_key(request)
    card, side = request.path_params["card"], request.path_params["side"]
    if not CARD_ID.match(card) or side not in SIDES:
        raise Problem(404, say(request, N_("no such card")))
    cache = deck_cache(request)
    name = f"{card}-{side}.png"
    try:
        data = cache.read("decks", key, name)
    except NotCached:
        summary = await summary_of(request, key)
        index = service.face_index(summary, card)
        if index is None:
            raise Problem(404, say(request, N_("no such card"))) from None
        pdf = cache.read("decks", key, "deck.pdf")
        recipe = cache.read("decks", key, "recipe.json").decode("utf-8")
        back = side == "back"
        data = await jobs(request).run(
            ("preview", key, index, back), service.card_preview, pdf, recipe, index, back
        )
        cache.write("decks", key, name, data)
    return Response(
        data, media_type="image/png", headers={"cache-control": "max-age=31536000, immutable"}
    )


#: The longest card name or id a verification reads.
MAX_NAME = 100


async def api_verify(request: Request) -> Response:
    """``GET /api/decks/{id}/verify?a=Brest&direction=west-of&b=Rennes``: a disputed placement
    settled on the deck's printed coordinates (the referee service)."""
    key = path_key(request)
    deck_text = (await deck_file(request, key, "deck.json")).decode("utf-8")
    query = request.query_params
    a, direction, b = (query.get(name, "")[:MAX_NAME] for name in ("a", "direction", "b"))
    verdict = service.verify_placement(deck_text, a, direction, b, request_language(request))
    return JSONResponse(accepted(verdict))


async def api_upload_places(request: Request) -> Response:
    name = request.query_params.get("name", "places.csv")[:80]
    try:
        body = await read_body(request, service.UPLOAD_PLACES.max_bytes)
    except BodyTooLarge:  # the reader's own line, naming the file and the bounds
        raise Problem(413, service.places_too_large(name, request_language(request))) from None
    result = service.read_places_file(body, name, request_language(request))
    return JSONResponse(accepted(result))


async def api_qr(request: Request) -> Response:
    key = path_key(request)
    await summary_of(request, key)
    url = public_url(request) + f"/referee/{key}"
    return Response(service.qr_svg(url), media_type="image/svg+xml")
