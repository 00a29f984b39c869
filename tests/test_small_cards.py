"""A card size too small for 6 pt text is refused, saying what would not fit, before any file."""

from __future__ import annotations

import pytest

from tests.conftest import pnp


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("oucedonc", "deck", "--card-size", "mini"), "LATITUDE/LONGITUDE labels"),
        (("territoires", "sheets", "--card", "mini"), "house and role lines"),
        (("territoires", "sheets", "--card", "40x60"), "house and role lines"),
    ],
)
def test_a_card_too_small_for_6_pt_is_refused_in_one_line(tmp_path, args, what):
    out = tmp_path / "out"
    target = out / "deck.pdf" if args[0] == "oucedonc" else out
    result = pnp(*args, "--out", str(target))
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and what in lines[0] and "6 pt" in lines[0], lines
    assert not out.exists() or not any(out.iterdir())


def test_the_narrowest_card_the_lenormand_deck_accepts_prints_it_at_6_pt(tmp_path):
    from generator.render.territoires.deck import SMALLEST_PT, check_card_fits

    check_card_fits(57.0, "bridge")  # 6.06 pt
    assert SMALLEST_PT * 57.0 / 63.0 >= 6.0
    with pytest.raises(Exception, match="at least 57 mm"):
        check_card_fits(56.0, "56x80")
