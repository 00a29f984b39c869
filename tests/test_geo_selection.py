"""Deck selection: determinism, decidability, unique names, familiarity, spread beats random."""

from __future__ import annotations

import random
import statistics

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from generator.core.errors import UserError
from generator.games.oucedonc.coords import Precision, printed_grid, to_units
from generator.geo.model import Place
from generator.geo.selection import (
    SUBURB_SHARE,
    decidable,
    display_names,
    mean_spacing_km,
    select_places,
    spread,
)


def town(i, name, lat, lon, population, dep="33"):
    return Place(
        id=f"t:{i}",
        name=name,
        kind="town",
        lat=lat,
        lon=lon,
        departement=dep,
        population=population,
        familiarity=float(population),
    )


def site(i, name, lat, lon, fame, dep="33"):
    return Place(
        id=f"s:{i}",
        name=name,
        kind="site",
        lat=lat,
        lon=lon,
        departement=dep,
        site_kind="mountain",
        familiarity=float(fame),
    )


def synthetic_france(seed=7, towns=1500, sites=200):
    """Candidates over metropolitan France's box, with a dense famous cluster around Paris."""
    rng = random.Random(seed)
    places = []
    for i in range(towns):
        if i % 3 == 0:  # a third of the towns crowd the Paris basin, and they are better known
            lat, lon, pop = (
                rng.gauss(48.85, 0.3),
                rng.gauss(2.35, 0.4),
                int(rng.paretovariate(1.1) * 4000),
            )
        else:
            lat, lon, pop = (
                rng.uniform(42.5, 51.0),
                rng.uniform(-4.5, 7.8),
                int(rng.paretovariate(1.3) * 2000),
            )
        places.append(town(i, f"Ville {i}", lat, lon, pop, dep=f"{i % 95 + 1:02d}"))
    for i in range(sites):
        places.append(
            site(
                i, f"Site {i}", rng.uniform(42.5, 51.0), rng.uniform(-4.5, 7.8), rng.randint(0, 200)
            )
        )
    return places


CANDIDATES = synthetic_france()
MINUTE = printed_grid(Precision.MINUTE)


def test_count_share_and_determinism():
    deck = select_places(CANDIDATES, 60, seed=3)
    assert len(deck) == 60
    assert sum(p.kind == "site" for p in deck) == 12  # 20 % of 60
    assert deck == select_places(CANDIDATES, 60, seed=3)
    assert deck != select_places(CANDIDATES, 60, seed=4)


def test_decidable_at_every_precision():
    for precision in Precision:
        deck = select_places(CANDIDATES, 60, seed=1, grid=printed_grid(precision))
        lats = [to_units(p.lat, precision) for p in deck]
        lons = [to_units(p.lon, precision) for p in deck]
        assert len(set(lats)) == 60 and len(set(lons)) == 60


def test_spread_beats_random_samples_clearly():
    deck = select_places(CANDIDATES, 60, seed=1, difficulty="hard")  # no anchors: spread only
    ours = spread(deck, CANDIDATES)
    rng = random.Random(0)
    samples = [spread(rng.sample(CANDIDATES, 60), CANDIDATES) for _ in range(30)]
    random_min_pair = statistics.median(s.min_pair_km for s in samples)
    random_gap = statistics.median(s.largest_gap_km for s in samples)
    assert ours.min_pair_km > 4 * random_min_pair
    assert (
        ours.largest_gap_km < 0.9 * random_gap
    )  # famous places crowd Paris here; real data: see benchmark


def test_the_best_known_places_are_dealt_whatever_the_spread():
    """Anchors: the best known 40 % of each kind's cards are in, unless one place with a better
    known card (a town within the suburb distance of a better known dealt town)."""
    deck = select_places(CANDIDATES, 60, seed=1)
    dealt = {p.id for p in deck}
    towns = sorted((p for p in CANDIDATES if p.kind == "town"), key=lambda p: -p.familiarity)
    suburb_km = SUBURB_SHARE * mean_spacing_km(CANDIDATES, 60)
    for rank, place in enumerate(towns[:20]):
        if place.id in dealt:
            continue
        better = [t for t in towns[:rank] if t.id in dealt]
        assert any(km(place, t) < suburb_km for t in better), place
    sites = sorted((p for p in CANDIDATES if p.kind == "site"), key=lambda p: -p.familiarity)
    assert {p.id for p in sites[:5]} <= dealt


def km(a, b):
    import math

    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def test_one_card_per_place():
    """A site named after a town, or in its commune near it, or next to it, and a suburb of a
    better known town are never dealt with it."""
    places = [
        town(1, "Bonifacio", 41.3875, 9.1592, 3000, "2A"),
        site(1, "Falaises de Bonifacio", 41.3850, 9.1640, 500, "2A"),  # named after it
        town(2, "Corte", 42.3063, 9.1500, 7000, "2B"),
        replace(site(2, "Citadelle", 42.3030, 9.1470, 400, "2B"), insee="2B096"),
        town(3, "Lyon", 45.7640, 4.8357, 520000, "69"),
        town(4, "Villeurbanne", 45.7719, 4.8902, 150000, "69"),  # 4.4 km: a suburb at this scale
        site(3, "Dune", 44.5890, -1.2130, 300, "33"),
        town(5, "La Teste", 44.5840, -1.2150, 26000, "33"),  # 0.6 km from the dune
        town(6, "Brest", 48.3904, -4.4861, 140000, "29"),
        town(7, "Strasbourg", 48.5734, 7.7521, 290000, "67"),
        town(8, "Nice", 43.7102, 7.2620, 340000, "06"),
    ]
    places[2] = replace(places[2], insee="2B096")
    deck = {p.name for p in select_places(places, 7, seed=1, sites_share=0.0)}
    assert deck == {"Bonifacio", "Corte", "Lyon", "La Teste", "Brest", "Strasbourg", "Nice"}
    with pytest.raises(UserError, match="one card per place"):
        select_places(places, 8, seed=1, sites_share=0.0)


def test_a_site_named_after_a_distant_town_is_a_place_of_its_own():
    """The name rule reaches :data:`SAME_PLACE_KM`: Mont Fuji is not the town of Fuji, 22 km
    south-west of its summit; the Falaises de Bonifacio, 0.4 km from Bonifacio, are."""
    fuji = town(1, "Fuji", 35.16139, 138.67639, 250000, "19")
    places = [
        fuji,
        site(1, "Mont Fuji", 35.36250, 138.73056, 500, "19"),
        town(2, "Bonifacio", 41.3875, 9.1592, 3000, "2A"),
        site(2, "Falaises de Bonifacio", 41.3850, 9.1640, 500, "2A"),
    ]
    deck = {p.name for p in select_places(places, 3, seed=1, sites_share=0.5)}
    assert {"Fuji", "Mont Fuji"} <= deck  # three places: the cliffs are Bonifacio's
    with pytest.raises(UserError, match="one card per place"):
        select_places(places, 4, seed=1, sites_share=0.5)


def test_familiar_first_and_difficulty_shifts_to_less_known():
    def median_rank(deck):
        order = sorted((p for p in CANDIDATES if p.kind == "town"), key=lambda p: -p.familiarity)
        rank = {p.id: r for r, p in enumerate(order)}
        return statistics.median(rank[p.id] for p in deck if p.kind == "town")

    easy = median_rank(select_places(CANDIDATES, 40, seed=2, difficulty="easy"))
    normal = median_rank(select_places(CANDIDATES, 40, seed=2, difficulty="normal"))
    hard = median_rank(select_places(CANDIDATES, 40, seed=2, difficulty="hard"))
    assert easy < normal < hard
    assert easy < 4 * 32  # inside the easy window
    # the best known town makes an easy deck, not a hard one
    best = max(CANDIDATES, key=lambda p: p.familiarity if p.kind == "town" else -1)
    assert best.id in {p.id for p in select_places(CANDIDATES, 40, seed=2, difficulty="easy")}
    assert best.id not in {p.id for p in select_places(CANDIDATES, 40, seed=2, difficulty="hard")}


def test_homonyms_get_their_departement():
    places = [
        town(1, "Saint-Denis", 48.936, 2.357, 113000, "93"),
        town(2, "Saint-Denis", -20.882, 55.450, 153000, "974"),
        town(3, "Bordeaux", 44.84, -0.58, 260000, "33"),
    ]
    assert display_names(places) == {
        "t:1": "Saint-Denis (93)",
        "t:2": "Saint-Denis (974)",
        "t:3": "Bordeaux",
    }
    deck = select_places(places, 3, seed=1, sites_share=0)
    assert sorted(p.name for p in deck) == ["Bordeaux", "Saint-Denis (93)", "Saint-Denis (974)"]


def test_same_name_same_departement_is_never_dealt_twice():
    places = [
        town(1, "Sainte-Foy", 44.0, 0.1, 900, "40"),
        town(2, "Sainte-Foy", 43.5, -0.5, 800, "40"),
        town(3, "Mont-de-Marsan", 43.89, -0.5, 30000, "40"),
    ]
    with pytest.raises(UserError):
        select_places(places, 3, seed=1, sites_share=0)
    assert len({p.name for p in select_places(places, 2, seed=1, sites_share=0)}) == 2


def test_impossible_decidability_suggests_finer_precision():
    # 30 towns on a line 0.2° long (4.7 km apart): at most 13 distinct minutes of latitude
    places = [town(i, f"T{i}", 45.0 + i * 0.2 / 30, 1.0 + i * 0.06, 1000 + i) for i in range(30)]
    with pytest.raises(UserError, match=r"only \d+ of the 20 cards .*\(minute\)"):
        select_places(places, 20, seed=1, sites_share=0, grid=MINUTE)
    assert (
        len(select_places(places, 20, seed=1, sites_share=0, grid=printed_grid(Precision.SECOND)))
        == 20
    )


def test_too_few_sites_are_replaced_by_towns():
    places = [town(i, f"T{i}", 43 + i * 0.3, -1 + i * 0.3, 1000 * i + 1) for i in range(20)]
    places.append(site(1, "Pic", 44.51, 0.77, 40))
    deck = select_places(places, 10, seed=1, sites_share=0.5)
    assert sum(p.kind == "site" for p in deck) == 1 and len(deck) == 10


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"count": 0}, "at least one card"),
        ({"count": 5, "sites_share": 1.5}, "between 0 and 1"),
        ({"count": 5, "difficulty": "nightmare"}, "unknown difficulty"),
        ({"count": 5000}, "only"),
    ],
)
def test_bad_parameters(kwargs, message):
    with pytest.raises(UserError, match=message):
        select_places(CANDIDATES[:100], seed=1, **kwargs)


coordinate = st.tuples(st.floats(41.0, 51.0), st.floats(-5.0, 9.0))
names = st.sampled_from(["Saint-Denis", "Sainte-Marie", "Beaulieu", "Villeneuve", "Montagne"])


@st.composite
def candidate_sets(draw):
    n = draw(st.integers(5, 80))
    places = []
    for i in range(n):
        lat, lon = draw(coordinate)
        name = draw(st.one_of(names, st.just(f"Lieu {i}")))
        dep = draw(st.sampled_from(["01", "33", "2A", "974"]))
        fame = draw(st.integers(0, 10**6))
        kind = draw(st.sampled_from(["town", "town", "site"]))
        places.append(
            Place(
                id=f"x:{i}",
                name=name,
                kind=kind,
                lat=lat,
                lon=lon,
                departement=dep,
                familiarity=float(fame),
            )
        )
    return places


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    candidate_sets(),
    st.integers(1, 30),
    st.integers(0, 2**31),
    st.sampled_from(list(Precision)),
    st.sampled_from(["easy", "normal", "hard"]),
    st.floats(0, 1),
)
def test_any_deck_is_decidable_unique_and_reproducible(
    places, count, seed, precision, difficulty, share
):
    try:
        deck = select_places(
            places,
            count,
            seed=seed,
            grid=printed_grid(precision),
            difficulty=difficulty,
            sites_share=share,
        )
    except UserError as error:
        assert "\n" not in str(error)
        return
    assert len(deck) == count
    assert decidable(deck, printed_grid(precision))
    assert len({p.name for p in deck}) == count
    assert len({p.id for p in deck}) == count
    assert {p.id for p in deck} <= {p.id for p in places}
    assert deck == select_places(
        places,
        count,
        seed=seed,
        grid=printed_grid(precision),
        difficulty=difficulty,
        sites_share=share,
    )


@pytest.mark.slow  # France dealt twice from 35,000 communes, and 20 random decks' spread
def test_france_deck_from_the_embedded_data():
    from generator.geo.catalog import load_places

    candidates = load_places("embedded", "france")
    deck = select_places(candidates, 60, seed=1, grid=MINUTE)
    names = {p.name for p in deck}
    assert {"Paris", "Marseille", "Lyon", "Toulouse", "Bordeaux", "Lille"} <= names
    assert sum(p.kind == "site" for p in deck) == 12
    assert decidable(deck, MINUTE)
    ours = spread(deck, candidates)
    rng = random.Random(0)
    samples = [spread(rng.sample(candidates, 60), candidates) for _ in range(20)]
    # the anchors (the 20 largest towns, whatever the spread) bring Marseille and Aix closer
    # than the spread alone would; still more than twice a random deck's closest pair
    assert ours.min_pair_km > 2 * statistics.median(s.min_pair_km for s in samples)
    assert ours.largest_gap_km < 0.6 * statistics.median(s.largest_gap_km for s in samples)
    assert [p.id for p in deck] == [
        p.id for p in select_places(candidates, 60, seed=1, grid=MINUTE)
    ]
