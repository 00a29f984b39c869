"""The other games' material: the kit's components of one game (or the whole kit) built in a
worker into a fresh folder, kept in the cache with a preview of each file's first page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from generator.core.i18n import LANGUAGES, N_
from generator.core.text import ascii_slug
from generator.web import service
from generator.web.cache import NotCached
from generator.web.studio import (
    MAX_FORM,
    Problem,
    accepted,
    deck_cache,
    document,
    jobs,
    json_body,
    path_key,
    request_language,
    say,
)


async def api_material(request: Request) -> Response:
    slug = request.path_params["game"]
    if service.game(slug) is None:
        raise Problem(404, say(request, N_("no such game")))
    document = await json_body(request, MAX_FORM)
    options = _material_options(request, document)
    variants = document.get("variants", {})
    if not isinstance(variants, dict):
        raise Problem(422, say(request, N_("send the rule variants as a JSON object")))
    chosen = accepted(service.choose_variants(slug, variants, request_language(request)))
    if chosen:  # the seed's rules keep the key (and the files) they always had
        options["variants"] = chosen
    built = await _material(request, slug, options)
    return JSONResponse(built)


MATERIAL_CHOICES = {
    "paper": ("a4", "letter", "a3"),
    "profile": ("home", "shop"),
    "language": LANGUAGES,
}


def _material_options(request: Request, document: Any) -> dict[str, Any]:
    if not isinstance(document, dict):
        raise Problem(422, say(request, N_("send the options as a JSON object")))
    options: dict[str, Any] = {"paper": "a4", "profile": "home", "language": "fr", "seed": 1}
    for name, choices in MATERIAL_CHOICES.items():
        value = document.get(name, options[name])
        if value not in choices:
            raise Problem(
                422,
                say(request, N_("{name} must be one of {choices}")).format(
                    name=name, choices=", ".join(choices)
                ),
            )
        options[name] = value
    seed = document.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
        raise Problem(422, say(request, N_("seed must be a whole number from 0 to 2147483647")))
    options["seed"] = seed
    region = document.get("region", "france")
    if not isinstance(region, str) or len(region) > 100 or "/" in region or "\\" in region:
        raise Problem(422, say(request, N_("region must be a name or a code")))
    options["region"] = region
    return options


async def _material(request: Request, slug: str, options: dict[str, Any]) -> dict[str, Any]:
    import hashlib

    from generator import __version__

    cache = deck_cache(request)
    # the answer's failures are sentences in the request's language: one answer per language
    language = request_language(request)
    key = hashlib.sha256(
        json.dumps([slug, options, __version__, language], sort_keys=True).encode()
    ).hexdigest()[:32]
    if cache.has("material", key, "files.json"):
        return document(cache.read("material", key, "files.json"))
    # identical requests at once share one making (the files are in the scratch folder of the
    # request that makes them, not in the others')
    return await jobs(request).once(
        ("material files", key), lambda: _make_material(request, slug, options, key)
    )


async def _make_material(
    request: Request, slug: str, options: dict[str, Any], key: str
) -> dict[str, Any]:
    import shutil
    import tempfile

    cache = deck_cache(request)
    language = request_language(request)
    scratch_root = cache.root / "scratch"
    scratch_root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="material-", dir=scratch_root))
    try:
        built = accepted(
            await jobs(request).run(
                ("material", key),
                service.build_material,
                slug,
                options,
                str(scratch),
                language,
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
    """The cache's and the download's name of a built file: "oie/board-finistère.pdf" ->
    "oie-board-finistere.pdf" (ASCII, accents folded as a deck's file name is)."""
    return ascii_slug(relative, keep="._")


async def api_material_file(request: Request) -> Response:
    key = path_key(request)
    name = request.path_params["name"]
    try:
        data = deck_cache(request).read("material", key, name)
    except NotCached:
        raise Problem(404, say(request, N_("no such file"))) from None
    media = {"pdf": "application/pdf", "zip": "application/zip", "png": "image/png"}.get(
        name.rsplit(".", 1)[-1], "application/octet-stream"
    )
    return Response(
        data, media_type=media, headers={"content-disposition": f'attachment; filename="{name}"'}
    )
