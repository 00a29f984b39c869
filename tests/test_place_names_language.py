"""Place names in the material's language (generator.geo.abroad): the same deck in French and
English, only the names differ; English exonyms where the sources give them."""

from __future__ import annotations

import json

import pytest

from generator.games.oucedonc.coords import Precision, printed_grid
from generator.geo import abroad, embedded
from generator.geo.databuild.cities_pbf import GeoNamesCity
from generator.geo.databuild.names import cldr_english_cities, english_names
from generator.geo.pick import PickRequest, pick_places

COUNTRIES = ("IT", "DE", "BE", "CH")
GRIDS = [printed_grid(Precision.MINUTE), printed_grid(Precision.SECOND)]


@pytest.fixture(scope="module")
def decks():
    """The default 63-card deck of each country, dealt in French and in English."""
    out = {}
    for country in COUNTRIES:
        for names in ("fr", "en"):
            request = PickRequest(region=country, count=63, names=names)
            out[country, names] = pick_places(request, GRIDS)
    return out


@pytest.mark.parametrize("country", COUNTRIES)
def test_same_places_same_order_in_both_languages(decks, country):
    french, english = decks[country, "fr"], decks[country, "en"]
    assert [p.id for p in french.places] == [p.id for p in english.places]
    assert french.grid == english.grid and french.count == english.count
    assert [(p.lat, p.lon, p.kind) for p in french.places] == [
        (p.lat, p.lon, p.kind) for p in english.places
    ]
    assert len({p.name for p in english.places}) == len(english.places)  # never one name twice


@pytest.mark.parametrize(
    ("country", "french", "english"),
    [
        ("IT", "Gênes", "Genoa"),
        ("IT", "Padoue", "Padua"),
        ("IT", "Tour de Pise", "Leaning Tower of Pisa"),
        ("DE", "Munich", "Munich"),
        ("DE", "Hambourg", "Hamburg"),
        ("DE", "Hanovre", "Hanover"),
        ("DE", "Château de Neuschwanstein", "Neuschwanstein Castle"),
        ("BE", "Bruxelles", "Brussels"),
        ("BE", "Anvers", "Antwerp"),
        ("BE", "Gand", "Ghent"),
        ("BE", "Louvain", "Leuven"),
        ("CH", "Genève", "Geneva"),
        ("CH", "Bâle", "Basel"),
        ("CH", "Sion", "Sion"),
        ("CH", "Cervin", "Matterhorn"),
    ],
)
def test_english_decks_print_english_names(decks, country, french, english):
    french_names = {p.name for p in decks[country, "fr"].places}
    english_names_ = {p.name for p in decks[country, "en"].places}
    assert french in french_names
    assert english in english_names_
    if french != english:
        assert french not in english_names_


def test_french_deck_keeps_the_names_of_the_data(decks):
    """names="fr" (the default) is the deal as it always was: the data's own names."""
    for country in COUNTRIES:
        plain = pick_places(PickRequest(region=country, count=63), GRIDS)
        assert plain.places == decks[country, "fr"].places


def test_named_renames_only_where_a_name_is_known():
    towns = embedded.world_towns("BE")[:40]
    named = abroad.named(towns, "en")
    assert [p.id for p in named] == [p.id for p in towns]
    by_id = {p.id: p.name for p in named}
    liege = next(p for p in towns if p.name == "Liège")
    assert by_id[liege.id] == "Liège"  # no English exonym: the GeoNames name
    assert abroad.named(towns, "fr") == tuple(towns)
    communes = embedded.communes()[:5]
    assert abroad.named(communes, "en") == communes  # French places keep their names


def test_french_landmarks_with_an_english_name():
    landmarks = embedded.landmarks()
    names = {p.name: q.name for p, q in zip(landmarks, abroad.named(landmarks, "en"), strict=True)}
    assert names["Tour Eiffel"] == "Eiffel Tower"
    assert names["Mont-Saint-Michel"] == "Mont-Saint-Michel"  # English says it the same way
    assert names["Pointe du Raz"] == "Pointe du Raz"


def test_country_and_region_names_in_the_language():
    assert abroad.country_name("IT") == "Italie"
    assert abroad.country_name("it", "en") == "Italy"
    assert abroad.region_name("world", "DE", "Allemagne", "en") == "Germany"
    assert abroad.region_name("region", "53", "Bretagne", "en") == "Bretagne"


def test_suffixes_in_english():
    towns = embedded.world_towns("CH")
    geneva_canton = next(p for p in towns if p.region == "GE")
    assert abroad.suffixes_for([geneva_canton])[geneva_canton.id] == "Genève"
    assert abroad.suffixes_for([geneva_canton], "en")[geneva_canton.id] == "Geneva"


def test_display_in_gives_english_homonyms_their_english_suffix():
    towns = [p for p in embedded.world_towns("CH") if p.name == "Ecublens"]
    assert len(towns) == 2  # one in Vaud, one in Fribourg
    printed = abroad.display_in(towns, towns, "en")
    assert sorted(p.name for p in printed) == ["Ecublens (Fribourg)", "Ecublens (Vaud)"]


def test_cldr_english_exemplar_cities():
    document = {
        "main": {
            "en": {
                "dates": {
                    "timeZoneNames": {
                        "zone": {
                            "Europe": {"Kiev": {"exemplarCity": "Kyiv"}, "London": {"long": {}}},
                            "Asia": {"Macau": {"exemplarCity": "Macao"}},
                            "America": {
                                "North_Dakota": {"Center": {"exemplarCity": "Center, North Dakota"}}
                            },
                            "Pacific": {"Norfolk": {"exemplarCity": "Norfolk Island"}},
                            "Etc": {"Unknown": {"exemplarCity": "Unknown Location"}},
                        }
                    }
                }
            }
        }
    }
    cities = cldr_english_cities(json.dumps(document).encode())
    assert cities == {"kiev": "Kyiv", "kyiv": "Kyiv", "macau": "Macao", "macao": "Macao"}

    def city(geonames_id: int, name: str, population: int) -> GeoNamesCity:
        return GeoNamesCity(geonames_id, name, "XX", "", "", "", "PPL", population, 0, 0)

    towns = [city(1, "Macau", 500_000), city(2, "Kyiv", 2_900_000), city(3, "Macau", 2_000)]
    names = english_names(towns, {}, cities)
    assert {k: v.name for k, v in names.items()} == {1: "Macao"}  # Kyiv: already English


def test_a_stored_geonames_set_is_named_in_english_from_the_alternate_names(tmp_path, monkeypatch):
    """The online GeoNames source: the fetch names places in French from the country's
    alternate-names file and leaves the file in the cache; English material reads the
    preferred English names from it; without the file the stored names stay."""
    import zipfile

    from generator.geo.model import Place
    from generator.geo.sources import geonames

    lines = [
        "1\t99000001\tfr\tVésuve\t1\t\t\t\t\t",
        "2\t99000001\ten\tVesuvius\t\t\t\t\t\t",
        "3\t99000001\ten\tMount Vesuvius\t1\t\t\t\t\t",  # the preferred English name wins
        "4\t99000002\ten\tOld Town\t\t\t1\t\t\t",  # colloquial: never
    ]
    path = geonames.alternate_names_path(tmp_path, "it")
    path.parent.mkdir(parents=True)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("IT.txt", "\n".join(lines) + "\n")
    vesuvius = Place(
        "gn:99000001", "Vésuve", "site", 40.82, 14.43, country="IT", geonames_id=99000001
    )
    old_town = Place(
        "gn:99000002", "Vieille ville", "site", 40.8, 14.2, country="IT", geonames_id=99000002
    )
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    geonames.cached_alternate_names.cache_clear()
    assert abroad.names_in([vesuvius, old_town], "en") == {"gn:99000001": "Mount Vesuvius"}
    assert abroad.names_in([vesuvius], "fr") == {}
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "empty"))
    assert abroad.names_in([vesuvius], "en") == {}
    geonames.cached_alternate_names.cache_clear()
