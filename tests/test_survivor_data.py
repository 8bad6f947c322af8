import shutil

import pytest

from ingest import enums
from ingest.aliases import person_aliases, season_aliases
from ingest.survivor_data import GRAPH_TABLES, SeasonScope, SurvivorData, locate_data_dir, open_survivor_data
from survivorgraph.errors import ConfigError, DataNotFoundError
from tests.conftest import make_settings


def test_season_scope_parsing():
    scope = SeasonScope.parse("US:1-49, au:3, US:50")
    assert scope.ranges == (("US", 1, 49), ("AU", 3, 3), ("US", 50, 50))
    assert str(scope) == "US:1-49,AU:3,US:50"
    for bad in ("", "US", "US:9-2", "1-49"):
        with pytest.raises(ConfigError):
            SeasonScope.parse(bad)


@pytest.mark.parametrize("scope", ["US:60-61", "US:0-0", "XX:1-2", "US:1-49,XX:1"])
def test_a_scope_that_selects_no_season_names_what_the_data_holds(settings, scope):
    with pytest.raises(ConfigError, match=r"selects no season.*holds US:1-50, AU:1-12.*SURVIVOR_SEASONS"):
        open_survivor_data(settings, scope)


@pytest.mark.parametrize("scope", ["US:1-4x", "US", "US:9-2", " , "])
def test_a_malformed_scope_names_the_setting_and_what_the_data_holds(settings, scope):
    with pytest.raises(ConfigError, match=r"SURVIVOR_SEASONS.*holds US:1-50, AU:1-12"):
        open_survivor_data(settings, scope)


def test_default_scope_is_us_1_to_49(settings):
    data = open_survivor_data(settings)
    castaways = data.table("castaways")
    assert set(castaways["version"]) == {"US"}
    assert castaways["season"].min() == 1 and castaways["season"].max() == 49
    assert castaways["castaway_id"].nunique() == 751
    assert len(castaways) == 893


def test_other_scopes_need_no_code_change(settings):
    data = open_survivor_data(settings, "US:50,AU:1-2")
    seasons = data.table("season_summary")
    assert sorted(seasons["version_season"]) == ["AU01", "AU02", "US50"]


def test_missing_folder_names_the_setting(tmp_path):
    settings = make_settings(tmp_path, survivor_data_dir=tmp_path / "nowhere")
    with pytest.raises(DataNotFoundError, match="SURVIVOR_DATA_DIR"):
        locate_data_dir(settings)


def test_folder_without_tables_lists_what_is_missing(tmp_path):
    folder = tmp_path / "partial"
    folder.mkdir()
    shutil.copy(make_settings(tmp_path).survivor_data_dir / "castaways.rda", folder)
    with pytest.raises(DataNotFoundError, match="vote_history.rda"):
        locate_data_dir(make_settings(tmp_path, survivor_data_dir=folder))


def test_corrupt_table_is_a_clear_error(tmp_path):
    folder = tmp_path / "corrupt"
    folder.mkdir()
    for table in GRAPH_TABLES:
        (folder / f"{table}.rda").write_bytes(b"this is not an R data file")
    with pytest.raises(DataNotFoundError, match="not a readable R data file"):  # at open: the scope is checked
        open_survivor_data(make_settings(tmp_path, survivor_data_dir=folder))
    data = SurvivorData(folder, SeasonScope.parse("US:1-49"))
    with pytest.raises(DataNotFoundError, match="not a readable R data file"):
        data.table("castaways")


def test_offline_download_fails_with_the_fix(tmp_path, monkeypatch):
    # Nothing listens on port 9 of loopback: the download fails at once, as it does offline.
    monkeypatch.setattr("ingest.survivor_data.GITHUB_RAW", "http://127.0.0.1:9/{table}.rda")
    settings = make_settings(tmp_path, survivor_data_dir=None)
    with pytest.raises(DataNotFoundError, match="SURVIVOR_DATA_DIR"):
        locate_data_dir(settings)
    assert not list((settings.cache_dir / "survivoR").glob("*.rda")), "no half-downloaded table is left"


def test_download_fills_the_cache(tmp_path, monkeypatch):
    """A loopback HTTP server stands in for GitHub: the real download path, with local data."""
    import functools
    import http.server
    import threading

    source = make_settings(tmp_path).survivor_data_dir
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(source))
    handler.log_message = lambda *a, **k: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setattr("ingest.survivor_data.GITHUB_RAW", f"http://127.0.0.1:{server.server_port}/{{table}}.rda")
        settings = make_settings(tmp_path, survivor_data_dir=None)
        folder = locate_data_dir(settings)
        assert folder == settings.cache_dir / "survivoR"
        assert open_survivor_data(settings).table("castaways")["castaway_id"].nunique() == 751
    finally:
        server.shutdown()


def test_dataset_version_is_a_content_digest(settings):
    assert open_survivor_data(settings).version == open_survivor_data(settings).version
    assert open_survivor_data(settings).version.startswith("survivoR-")


@pytest.mark.parametrize("raw,expected", [
    ("Sole Survivor", "winner"), ("Runner-up", "runner_up"), ("2nd runner-up", "runner_up"),
    ("13th voted out", "voted_out"), ("Medically evacuated", "medevac"), ("Quit", "quit"),
    ("8th voted out; Quit EoE", "voted_out"), ("1st voted out (Quit)", "voted_out"),
    ("Lost final 4 fire challenge", "fire_challenge"), ("Lost fire challenge", "fire_challenge"),
    ("Ejected", "ejected"), ("Eliminated", "eliminated"), ("Withdrew", "withdrew"), (None, None)])
def test_exit_types(raw, expected):
    assert enums.exit_type(raw) == expected


def test_unknown_enum_text_is_refused():
    with pytest.raises(ValueError, match="enums.py"):
        enums.exit_type("Abducted by aliens")
    assert enums.also_quit("8th voted out; Quit EoE") and not enums.also_quit("Quit")
    assert enums.phase("Swapped_2") == ("swapped", 2)
    assert enums.phase("Edge of Extinction") == ("edge_of_extinction", None)


def test_every_result_in_the_data_maps_to_an_exit_type(settings):
    results = open_survivor_data(settings, "US:1-50,AU:1-12,SA:1-9,NZ:1-2,UK:1-3").table("castaways")["result"]
    assert {enums.exit_type(r) for r in results.dropna()} <= set(enums.EXIT_TYPES)


def test_aliases_keep_nicknames_and_changed_names(settings):
    data = open_survivor_data(settings)
    aliases = person_aliases(data)
    of = lambda cid: set(aliases[aliases["castaway_id"] == cid]["alias"])  # noqa: E731
    assert {"Ozzy", "Oscar Lusth", "Ozzy Lusth"} <= of("US0201")
    assert {"Boston Rob", "Rob Mariano"} <= of("US0055")
    assert {"Amber Brkich", "Amber Mariano"} <= of("US0027")
    seasons = season_aliases(data)
    assert set(seasons[seasons["alias"] == "Cagayan"]["season"]) == {28}
