"""Chunk <-> graph links: alias matching with care for short, shared and host names."""

from __future__ import annotations

import pandas as pd
import pytest

from ingest.text.build import make_linker
from survivorgraph.text.mentions import AliasMatcher, MentionLinker

ALIASES = pd.DataFrame([
    ("P1", "Rob Mariano", "full_name"), ("P1", "Boston Rob", "short_name"), ("P1", "Rob", "short_name"),
    ("P1", "Mariano", "last_name"),
    ("P2", "Rob Cesternino", "full_name"), ("P2", "Rob", "short_name"), ("P2", "Cesternino", "last_name"),
    ("P3", "Jeff Varner", "full_name"), ("P3", "Jeff", "short_name"), ("P3", "Varner", "last_name"),
    ("P4", "Sugar Kiper", "full_name"), ("P4", "Sugar", "nickname"),
    ("P5", "Laura Boneham", "full_name"), ("P5", "Laura B.", "short_name"),
], columns=["castaway_id", "alias", "kind"])
CAST = pd.DataFrame([
    ("US", 8, "P1", "Rob Mariano"), ("US", 8, "P3", "Jeff Varner"),
    ("US", 7, "P2", "Rob Cesternino"), ("US", 7, "P1", "Rob Mariano"),
    ("US", 17, "P4", "Sugar Kiper"), ("US", 17, "P5", "Laura Boneham"),
], columns=["version", "season", "castaway_id", "full_name"])
SEASONS = pd.DataFrame([
    ("US", 7, "Survivor: Pearl Islands"), ("US", 7, "Pearl Islands"), ("US", 20, "Survivor: Heroes vs. Villains"),
    ("US", 20, "Heroes vs. Villains"), ("US", 20, "season 20"), ("US", 22, "Redemption Island"),
    ("US", 22, "Survivor: Redemption Island"),
], columns=["version", "season", "alias"])
PLACES = ["Pearl Islands, Panama"]


@pytest.fixture(scope="module")
def linker():
    return MentionLinker(ALIASES, CAST, SEASONS, PLACES)


def people(linker, text, season):
    return {m.castaway_id: (m.alias, m.count) for m in linker.link(text, "US", season)[0]}


def test_short_names_resolve_only_inside_their_season_and_only_when_unique(linker):
    assert people(linker, "Rob and Jeff Varner talked; Rob's plan worked.", 8) == {
        "P1": ("Rob", 2), "P3": ("Jeff Varner", 1)}
    assert "P1" not in people(linker, "Rob found an idol.", 7)  # two Robs in season 7: ambiguous
    assert people(linker, "Rob found an idol.", 17) == {}  # no Rob played season 17
    assert people(linker, "Cesternino and Mariano argued.", 7) == {"P2": ("Cesternino", 1), "P1": ("Mariano", 1)}


def test_multi_word_names_resolve_anywhere(linker):
    assert people(linker, "Boston Rob returned, as did Rob Cesternino.", 17) == {
        "P1": ("Boston Rob", 1), "P2": ("Rob Cesternino", 1)}


def test_the_host_is_never_a_castaway(linker):
    assert people(linker, "Jeff told the tribe to drop their buffs.", 8) == {}
    assert people(linker, "Jeff Varner smiled; Varner left.", 8) == {"P3": ("Jeff Varner", 2)}


def test_matching_is_case_sensitive_on_word_boundaries(linker):
    assert people(linker, "They ate sugar cane. Sugar cried.", 17) == {"P4": ("Sugar", 1)}
    assert people(linker, "Laura B. won; Laura Boneham smiled.", 17) == {"P5": ("Laura B.", 2)}
    assert people(linker, "Robert and Robin swam.", 8) == {}


def test_seasons_by_name_but_not_by_place_or_twist(linker):
    seasons = {(m.season, m.kind) for m in linker.link(
        "As in Survivor: Pearl Islands and Heroes vs. Villains, the losers went to Redemption Island. "
        "Back in the Pearl Islands of Panama, season 20 fans cheered.", "US", 8)[1]}
    assert seasons == {(8, "document"), (7, "mention"), (20, "mention")}


def test_alias_matcher_prefers_the_longest_alias():
    matcher = AliasMatcher({"Kim": 1, "Kim Spradlin": 2, "J.T.": 3})
    assert matcher.find("Kim Spradlin met Kim and J.T. at camp.") == [("Kim Spradlin", 2), ("Kim", 1), ("J.T.", 3)]


def test_real_aliases_link_the_fire_chunk_to_michael_skupin(survivor_data):
    linker = make_linker(survivor_data)
    text = ("Everyone at Kucha was relaxing around camp when Michael yelled out in pain and dove into the water. "
            "Jeff Varner and Jeff watched.")
    found = {m.castaway_id: m.alias for m in linker.link(text, "US", 2)[0]}
    assert found == {"US0022": "Michael", "US0023": "Jeff Varner"}
    # Outside season 2, "Michael" names nobody in particular.
    assert "US0022" not in {m.castaway_id for m in linker.link("Michael yelled.", "US", 28)[0]}
