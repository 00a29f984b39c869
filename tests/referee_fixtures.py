"""A real-looking Oucédonc deck for the referee tests (coordinates of French towns and sites)."""

from __future__ import annotations

from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.deckfile import Deck, OtherCard, deck_to_json, make_place_card
from tests.conftest import Result, pnp  # noqa: F401  (the referee tests import them from here)

# name, kind, lat, lon, département
PLACES: tuple[tuple[str, str, float, float, str], ...] = (
    ("Évreux", "town", 49.0241, 1.1508, "27"),
    ("Foix", "town", 42.9653, 1.6069, "09"),
    ("Dune du Pilat", "site", 44.5894, -1.2128, "33"),
    ("Rennes", "town", 48.1147, -1.6794, "35"),
    ("Brest", "town", 48.3904, -4.4861, "29"),
    ("Strasbourg", "town", 48.5734, 7.7521, "67"),
    ("Lille", "town", 50.6292, 3.0573, "59"),
    ("Marseille", "town", 43.2965, 5.3698, "13"),
    ("Toulouse", "town", 43.6047, 1.4442, "31"),
    ("Bordeaux", "town", 44.8378, -0.5792, "33"),
    ("Lyon", "town", 45.7640, 4.8357, "69"),
    ("Paris", "town", 48.8566, 2.3522, "75"),
    ("Nice", "town", 43.7102, 7.2620, "06"),
    ("Ajaccio", "town", 41.9192, 8.7386, "2A"),
    ("Le Havre", "town", 49.4944, 0.1079, "76"),
    ("Saint-Étienne", "town", 45.4397, 4.3872, "42"),
    ("Mont-Saint-Michel", "site", 48.6361, -1.5115, "50"),
    ("Pic du Midi de Bigorre", "site", 42.9364, 0.1411, "65"),
    ("Dijon", "town", 47.3220, 5.0415, "21"),
    ("Nantes", "town", 47.2184, -1.5536, "44"),
    ("Clermont-Ferrand", "town", 45.7772, 3.0870, "63"),
    ("Limoges", "town", 45.8336, 1.2611, "87"),
    ("Reims", "town", 49.2583, 4.0317, "51"),
    ("Metz", "town", 49.1193, 6.1757, "57"),
    ("Perpignan", "town", 42.6887, 2.8948, "66"),
    ("Biarritz", "town", 43.4832, -1.5586, "64"),
    ("Grenoble", "town", 45.1885, 5.7245, "38"),
    ("Chamonix-Mont-Blanc", "town", 45.9237, 6.8694, "74"),
    ("Carcassonne", "town", 43.2130, 2.3491, "11"),
    ("Avignon", "town", 43.9493, 4.8055, "84"),
    ("L'Isle-sur-la-Sorgue", "town", 43.9199, 5.0513, "84"),
    ("Saint-Malo", "town", 48.6493, -2.0257, "35"),
    ("Quimper", "town", 47.9960, -4.1024, "29"),
    ("Tours", "town", 47.3941, 0.6848, "37"),
    ("Orléans", "town", 47.9030, 1.9093, "45"),
    ("Besançon", "town", 47.2378, 6.0241, "25"),
    ("Amiens", "town", 49.8941, 2.2958, "80"),
    ("Caen", "town", 49.1829, -0.3707, "14"),
    ("Poitiers", "town", 46.5802, 0.3404, "86"),
    ("La Rochelle", "town", 46.1603, -1.1511, "17"),
    ("Pau", "town", 43.2951, -0.3708, "64"),
    ("Montpellier", "town", 43.6108, 3.8767, "34"),
    ("Bastia", "town", 42.6977, 9.4508, "2B"),
    ("Gorges du Verdon", "site", 43.7496, 6.3285, "04"),
    ("Puy de Dôme", "site", 45.7725, 2.9644, "63"),
    # Same printed longitude as Paris (2°21′ E): an equality case on the west–east row.
    ("Saint-Denis (93)", "town", 48.9362, 2.3574, "93"),
    ("Versailles", "town", 48.8049, 2.1204, "78"),
    # Colomiers has the printed latitude of Montpellier (43°37′ N): an equality case on the column.
    ("Colomiers", "town", 43.6112, 1.3350, "31"),
    ("Blagnac", "town", 43.6370, 1.3900, "31"),
    ("Arles", "town", 43.6766, 4.6278, "13"),
)


def make_deck(
    precision: Precision = Precision.MINUTE,
    packs: int = 3,
    pack_size: int = 15,
    count: int | None = None,
) -> Deck:
    chosen = PLACES if count is None else PLACES[:count]
    places = tuple(
        make_place_card(f"P{index:02d}", name, kind, lat, lon, precision, departement=dept)  # type: ignore[arg-type]
        for index, (name, kind, lat, lon, dept) in enumerate(chosen, start=1)
    )
    others = (
        OtherCard("I1", "intermede", "Intermède"),
        OtherCard("I2", "intermede", "Intermède"),
        OtherCard("D1", "direction", "Direction"),
        OtherCard("R1", "rule", "Mise en place"),
    )
    return Deck(
        title="Oucédonc en France (test)",
        region="france",
        seed=1,
        precision=precision,
        places=places,
        others=others,
        packs=packs,
        pack_size=pack_size,
    )


def small_deck(places: int = 12, pack_size: int = 3) -> Deck:
    """A small deck of made-up places spread over a grid (for games played out by hypothesis):
    ``places`` cards P01…, three packs, two Intermède cards."""
    return Deck(
        title="small",
        region="test",
        seed=1,
        precision=Precision.MINUTE,
        places=tuple(
            make_place_card(
                f"P{i:02d}",
                f"Lieu {i}",
                "town",
                43 + (i * 7 % 11) * 0.5,
                -2 + (i * 5 % 13) * 0.6,
                Precision.MINUTE,
            )
            for i in range(1, places + 1)
        ),
        others=(
            OtherCard("I1", "intermede", "Intermède"),
            OtherCard("I2", "intermede", "Intermède"),
        ),
        packs=3,
        pack_size=pack_size,
    )


def deck_json(**kwargs: object) -> str:
    return deck_to_json(make_deck(**kwargs))  # type: ignore[arg-type]
