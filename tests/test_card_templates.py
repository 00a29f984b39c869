"""Card text templates: a user's --templates folder fails with one clear line, never a traceback."""

from __future__ import annotations

import pytest

from generator.core.errors import UserError
from generator.render.card_templates import load_templates


def test_a_file_given_as_template_folder_is_named_as_a_file(tmp_path):
    not_a_folder = tmp_path / "place_front.j2"
    not_a_folder.write_text("## mark\nVille\n", encoding="utf-8")
    with pytest.raises(UserError, match="is a file, not a folder"):
        load_templates("oucedonc", not_a_folder)
    with pytest.raises(UserError, match="does not exist"):
        load_templates("oucedonc", tmp_path / "missing")


def test_a_template_that_is_not_utf8_is_a_user_error(tmp_path):
    (tmp_path / "place_front.j2").write_bytes(b"\xff\xfe## mark\nVille\n")
    templates = load_templates("oucedonc", tmp_path)
    with pytest.raises(UserError, match=r"place_front\.j2 is not UTF-8 text"):
        templates.render("place_front.j2", {})


def test_the_override_wins_and_the_others_come_from_the_game(tmp_path):
    (tmp_path / "place_front.j2").write_text("## mark\n{{ word }}\n", encoding="utf-8")
    templates = load_templates("oucedonc", tmp_path)
    assert templates.render("place_front.j2", {"word": "Bourg"}).line("mark") == "Bourg"
    assert templates.environment.get_template("rule_end.j2").filename.endswith(
        "templates/oucedonc/rule_end.j2"
    )


# --- compiled once: translations at compile time, the bytecode cache ---------------------


def _every_template_rendered(language, translate_at_compile):
    """Every Oucédonc template rendered for a real deck's first place card, in ``language``."""
    from generator.core.resources import package_folder
    from generator.render import template_sandbox

    templates = load_templates("oucedonc", language=language)
    if not translate_at_compile:
        templates.environment.language = None  # gettext at every render, as Jinja does
        templates.environment.bytecode_cache = None
    card = {
        "id": "P07",
        "name": "Saint-Denis",
        "place_kind": "site",
        "site_kind": "castle",
        "lat_decimal": "48,9",
        "lon_decimal": "2,3",
        "departement": "93",
        "departement_name": "Seine-Saint-Denis",
        "region_name": "Île-de-France",
        "population": 113000,
    }
    deck = {"title": "Oucédonc", "region_name": "France", "region_kind": "country"}
    rule = {"number": 1, "total": 6, "id": "R1", "name": "x"}
    names = sorted(p.name for p in (package_folder("templates") / "oucedonc").glob("*.j2"))
    out = {}
    for name in names:
        try:
            out[name] = template_sandbox.render_limited(
                templates.environment, name, {"card": card, "deck": deck, "rule": rule}, "test"
            )
        except UserError as exc:  # a template needing more of the deck: the same error
            out[name] = f"error: {exc}"
    return out


@pytest.mark.parametrize("language", ["fr", "en"])
def test_translating_at_compile_time_prints_what_gettext_prints(language):
    assert _every_template_rendered(language, True) == _every_template_rendered(language, False)


def test_a_template_binding_gettext_itself_keeps_its_own(tmp_path):
    (tmp_path / "title.j2").write_text(
        '{% set _ = "mine" %}{{ _ }} {% trans %}Ville{% endtrans %}', encoding="utf-8"
    )
    templates = load_templates("oucedonc", override=tmp_path, language="en")
    assert templates.render_text("title.j2", {}) == "mine Town"


def test_templates_are_compiled_once_then_read_from_the_cache(monkeypatch, tmp_path):
    from jinja2 import Environment

    from generator.render.card_templates import _shipped_templates

    # a new process each time: the in-process set (one per language) is dropped, the bytecode
    # cache on disk is what is tested
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    _shipped_templates.cache_clear()
    first = load_templates("oucedonc", language="en")
    first.environment.get_template("place_back.j2")
    compiled = []
    real = Environment.compile
    monkeypatch.setattr(
        Environment, "compile", lambda self, *a, **k: compiled.append(a) or real(self, *a, **k)
    )
    _shipped_templates.cache_clear()
    again = load_templates("oucedonc", language="en")
    again.environment.get_template("place_back.j2")
    assert compiled == []
    _shipped_templates.cache_clear()
    other = load_templates("oucedonc", language="fr")  # another language: its own entry
    other.environment.get_template("place_back.j2")
    _shipped_templates.cache_clear()  # the next tests' templates are not tied to tmp_path
    assert len(compiled) == 1
