"""Agglomerations abroad (generator/geo/databuild/agglomerations.py): a town is one built-up area
with a town three times as populous whose reach holds it, and takes that city's key."""

from __future__ import annotations

import pytest

from generator.geo import embedded
from generator.geo.databuild.agglomerations import (
    MAX_KM,
    MIN_KM,
    Town,
    agglomeration_cores,
    reach_km,
)


def test_the_reach_grows_with_the_root_of_the_population_within_bounds():
    assert reach_km(0) == reach_km(1_000) == MIN_KM
    assert reach_km(120_000) == pytest.approx(6.93, abs=0.01)
    assert reach_km(8_000_000) == MAX_KM
    assert reach_km(40_000) < reach_km(90_000) < reach_km(1_000_000)


def test_suburbs_take_the_key_of_their_city_and_its_city():
    city = Town(1, 49.6117, 6.1300, 120_000)  # reach 6.9 km
    suburb = Town(2, 49.6103, 6.0909, 9_000)  # 2.8 km west: in it
    far = Town(3, 49.4958, 5.9806, 36_000)  # 17 km: a city of its own (reach 3.8 km)
    its_suburb = Town(4, 49.5200, 5.9806, 8_000)  # 2.7 km from far: far's
    rival = Town(5, 49.6117, 6.1900, 60_000)  # 4.3 km, but not three times smaller: its own
    beyond = Town(6, 49.6117, 6.2500, 3_000)  # 4.3 km from rival, 8.7 km from city: rival's
    near = Town(7, 49.6103, 6.0600, 2_000)  # 5 km from the city, within its reach
    cores = agglomeration_cores([city, suburb, far, its_suburb, rival, beyond, near])
    assert cores == {1: 1, 2: 1, 3: 3, 4: 3, 5: 5, 6: 5, 7: 1}
    assert agglomeration_cores([]) == {}


def test_a_suburb_of_a_suburb_is_in_the_city():
    city = Town(1, 0.0, 0.0, 1_000_000)  # reach 20 km
    suburb = Town(2, 0.0, 0.15, 100_000)  # 16.7 km: in it; reach 6.3 km
    outer = Town(3, 0.0, 0.20, 10_000)  # 22 km from the city, 5.6 km from the suburb
    assert agglomeration_cores([outer, suburb, city]) == {1: 1, 2: 1, 3: 1}


def test_the_largest_city_that_reaches_a_town_wins_and_ties_go_to_the_smaller_id():
    a = Town(10, 0.0, 0.0, 50_000)
    b = Town(9, 0.0, 0.04, 50_000)  # 4.4 km apart: neither is three times the other
    between = Town(11, 0.0, 0.02, 5_000)  # 2.2 km from both
    assert agglomeration_cores([a, b, between])[11] == 9


def test_embedded_towns_carry_their_agglomeration():
    def town(country, name):
        return next(p for p in embedded.world_towns(country) if p.name == name)

    luxembourg = town("LU", "Luxembourg")
    assert luxembourg.agglomeration == f"gn:{luxembourg.geonames_id}"
    assert town("LU", "Strassen").agglomeration == luxembourg.agglomeration
    assert town("LU", "Esch-sur-Alzette").agglomeration != luxembourg.agglomeration
    barcelone = town("ES", "Barcelone").agglomeration
    assert town("ES", "L'Hospitalet de Llobregat").agglomeration == barcelone
    assert town("ES", "Tarragone").agglomeration != barcelone
    tokyo = town("JP", "Tokyo").agglomeration
    assert town("JP", "Kawasaki").agglomeration == tokyo
    assert town("JP", "Yokohama").agglomeration != tokyo  # 3.7 million: a city of its own
