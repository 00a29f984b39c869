"""A card size too small for its text (the Oucédonc labels and the Lenormand fronts at the 7 pt
players read) is refused, saying what would not fit, before any file; a card a little smaller
than poker (bridge) prints its type at the poker sizes."""

from __future__ import annotations

import pytest

from tests.conftest import pnp


@pytest.mark.parametrize(
    ("args", "what", "size"),
    [
        (("oucedonc", "deck", "--card-size", "mini"), "LATITUDE/LONGITUDE labels", "7 pt"),
        # a shorter card than poker: its labels would shrink under 7 pt (6.8)
        (("oucedonc", "deck", "--card-size", "63x85"), "at least 57x88", "7 pt"),
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


def _small_text(pdf_path, pages: int) -> tuple[float, set[tuple[str, tuple[float, ...]]]]:
    """(the smallest printed size, the characters under 8 pt in more than one ink) on the first
    ``pages`` pages of a PDF."""
    import pdfplumber

    smallest = 99.0
    inks: set[tuple[str, tuple[float, ...]]] = set()
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages[:pages]:
            for char in page.chars:
                if char["text"].isspace():
                    continue
                smallest = min(smallest, char["size"])
                colour = tuple(char["non_stroking_color"] or ())
                several = len(colour) == 4 and sum(c > 0 for c in colour) > 1
                if char["size"] < 8.0 - 0.01 and several:
                    inks.add((char["text"], colour))
    return smallest, inks


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_bridge_deck_prints_the_type_players_read_at_7_pt(tmp_path, lang):
    """57 mm wide, the bridge card's layout is 0.995 of a poker card's: its labels, footers and
    ids used to shrink with it to 6.97 pt (a third of the characters under 7 pt)."""
    out = tmp_path / "deck.pdf"
    args = ("--card-size", "bridge", "--lang", lang, "--cards", "48", "--faces")
    result = pnp("oucedonc", "deck", *args, "--out", str(out))
    assert result.returncode == 0, result.stderr
    smallest, _ = _small_text(tmp_path / "deck-faces.pdf", 6)  # place cards, front and back
    assert smallest >= 7.0 - 0.01, smallest


def test_a_bridge_shop_deck_prints_no_small_text_in_several_inks(tmp_path):
    """Coloured words are 8 pt or more as printed, not as drawn for a poker card: a bridge
    card's "OUCÉDONC", "VILLE" and ids at 7.96 pt used to take four plates in register."""
    out = tmp_path / "deck.pdf"
    args = ("--card-size", "bridge", "--profile", "shop", "--cards", "48")
    result = pnp("oucedonc", "deck", *args, "--out", str(out))
    assert result.returncode == 0, result.stderr
    smallest, inks = _small_text(tmp_path / "deck-faces.pdf", 6)
    assert smallest >= 7.0 - 0.01 and not inks, (smallest, sorted(inks)[:5])
