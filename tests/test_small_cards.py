"""A card size too small for its text (the Oucédonc labels at 6 pt, the Lenormand fronts at the
7 pt players read) is refused, saying what would not fit, before any file."""

from __future__ import annotations

import pytest

from tests.conftest import pnp


@pytest.mark.parametrize(
    ("args", "what", "size"),
    [
        (("oucedonc", "deck", "--card-size", "mini"), "LATITUDE/LONGITUDE labels", "6 pt"),
        (("territoires", "sheets", "--card", "mini"), "cannot fit the house line", "7 pt"),
        (("territoires", "sheets", "--card", "40x60"), "cannot fit the house line", "7 pt"),
    ],
)
def test_a_card_too_small_for_its_text_is_refused_in_one_line(tmp_path, args, what, size):
    out = tmp_path / "out"
    target = out / "deck.pdf" if args[0] == "oucedonc" else out
    result = pnp(*args, "--out", str(target))
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and what in lines[0] and size in lines[0], lines
    assert not out.exists() or not any(out.iterdir())


def test_the_lenormand_deck_takes_bridge_cards_and_names_the_narrowest_it_takes():
    from generator.core.errors import UserError
    from generator.render.territoires.deck import check_card_fits

    check_card_fits(57.0, 88.0, "bridge")
    with pytest.raises(UserError, match=r"cannot fit .* at 7 pt.*at least (\d+) mm") as caught:
        check_card_fits(44.0, 63.0, "mini")
    least = int(caught.value.args[0].rsplit("at least ", 1)[1].split()[0])
    assert 44 < least <= 57
    check_card_fits(least, 63.0 * least / 44.0, "custom")  # the size it names is taken
    with pytest.raises(UserError):
        check_card_fits(least - 1, 63.0 * (least - 1) / 44.0, "custom")
