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
