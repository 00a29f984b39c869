"""What the studio says in the page's language (docs/api.md, "Every answer speaks the
request's language"): a region abroad named as the sentence speaks, whatever the material's
language, with its number's plural; a material's failure as one sentence, not a record."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from generator.core.errors import UserError
from generator.core.i18n import speaking
from generator.kit.build import Failure
from generator.web import service


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Vatican City has 1 place and a themed board names 41 squares"),
        ("fr", "État de la Cité du Vatican compte 1 lieu et un plateau thématique nomme 41 cases"),
    ],
)
def test_a_region_too_small_for_the_board_is_named_as_the_sentence_speaks(language, said):
    from generator.products.oie_board import load_theme

    for printed in ("fr", "en"):  # the board's language changes nothing in the sentence
        with speaking(language), pytest.raises(UserError) as refused:
            load_theme("VA", language=printed)
        assert str(refused.value).startswith(said)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Jeu de l'Oie themed board: too small"),
        ("fr", "Plateau à thème du Jeu de l’Oie\u00a0: too small"),
    ],
)
def test_a_material_failure_is_one_sentence_in_the_pages_language(
    language, said, monkeypatch, tmp_path
):
    """It was the failure's record: "Failure(component=\"Jeu de l'Oie themed board\", …)"."""
    import generator.kit.run

    failure = Failure("Jeu de l'Oie themed board", "too small", is_bug=False)
    outcome = SimpleNamespace(result=SimpleNamespace(failures=(failure,)), facts=())
    monkeypatch.setattr(generator.kit.run, "make_kit", lambda params, components: outcome)
    built = service.build_material("oie", {"region": "france"}, str(tmp_path), language)
    assert built == {"files": [], "failures": [said]}
