"""Names people and seasons are known by, for entity linking (graph `aliases`, chunk mentions, rewrite).

A person is keyed by castaway_id; every name they carried (a changed surname, the short name shown on
air, a quoted nickname) becomes an alias. Ambiguity is not resolved here: many people share "Rob".
"""

from __future__ import annotations

import re

import pandas as pd

from ingest.survivor_data import SurvivorData

_QUOTED = re.compile(r"['\"‘’“”]([^'\"‘’“”]+)['\"‘’“”]")


def _clean(name: object) -> str | None:
    if not isinstance(name, str):
        return None
    name = re.sub(r"\s+", " ", name).strip()
    return name or None


def person_aliases(data: SurvivorData) -> pd.DataFrame:
    """Columns castaway_id, alias, kind (full_name / short_name / nickname / last_name), unique rows."""
    frame = _alias_rows(data).drop(columns="version_season").drop_duplicates(["castaway_id", "alias"])
    return frame.sort_values(["castaway_id", "kind", "alias"]).reset_index(drop=True)


def alias_seasons(data: SurvivorData) -> pd.DataFrame:
    """Columns castaway_id, alias, version_season: the first season each alias was in use. A name on a castaways
    row is in use from that season; one from castaway_details (the name a person goes by today) from the first
    season whose castaways row carries the same full name, and "" when none does: a name taken after their
    last season ("Jenna Lewis-Dougherty"). A later name must not reach a viewer of an earlier season: Amber
    Brkich is Amber Mariano only from season 40 on."""
    rows = _alias_rows(data)
    rows["_order"] = rows["version_season"].replace("", "~")  # "" sorts after every season
    rows = rows.sort_values(["castaway_id", "alias", "_order"]).drop_duplicates(["castaway_id", "alias"])
    return rows[["castaway_id", "alias", "version_season"]].reset_index(drop=True)


def _alias_rows(data: SurvivorData) -> pd.DataFrame:
    """Every (castaway_id, alias, kind, version_season) a name was seen with, castaways rows first."""
    castaways = data.table("castaways")
    ids = set(castaways["castaway_id"])
    details = data.raw("castaway_details")
    details = details[details["castaway_id"].isin(ids)]
    first_use = {}
    for r in castaways.sort_values("season").itertuples(index=False):
        first_use.setdefault((r.castaway_id, _clean(r.full_name)), r.version_season)
    rows: list[tuple[str, str, str, str]] = []

    def add(cid: str, alias: object, kind: str, version_season: str) -> None:
        alias = _clean(alias)
        if alias:
            rows.append((cid, alias, kind, version_season))

    for r in castaways.itertuples(index=False):
        add(r.castaway_id, r.full_name, "full_name", r.version_season)
        add(r.castaway_id, r.castaway, "short_name", r.version_season)
    for r in details.itertuples(index=False):
        since = first_use.get((r.castaway_id, _clean(r.full_name)), "")
        add(r.castaway_id, r.full_name, "full_name", since)
        add(r.castaway_id, r.castaway, "short_name", since)
        detailed = _clean(r.full_name_detailed)
        quoted = _QUOTED.search(detailed or "")
        if quoted:
            nick = quoted.group(1).strip()
            plain = _clean(_QUOTED.sub(lambda m: m.group(1), detailed))
            add(r.castaway_id, plain, "full_name", since)
            if quoted.start() == 0:
                # "'Boston' Rob Mariano": the quoted word qualifies the name after it -> "Boston Rob"
                following = detailed[quoted.end():].split()
                add(r.castaway_id, f"{nick} {following[0]}" if following else nick, "nickname", since)
            else:
                # "Oscar 'Ozzy' Lusth" -> "Ozzy", "Ozzy Lusth"
                add(r.castaway_id, nick, "nickname", since)
                add(r.castaway_id, f"{nick} {r.last_name}" if isinstance(r.last_name, str) else nick, "nickname",
                    since)
        add(r.castaway_id, r.last_name, "last_name", since)
    # "Jenna L." style short names keep their initial; "Purple Kelly" stays whole.
    return pd.DataFrame(rows, columns=["castaway_id", "alias", "kind", "version_season"])


def season_aliases(data: SurvivorData, every_season: bool = False) -> pd.DataFrame:
    """Columns version, season, alias: 'Survivor: Cagayan', 'Cagayan', 'Survivor 28', 'season 28', 'S28'; of the
    configured seasons, or with `every_season` of every season of their versions (a later one can be named in
    text)."""
    summary = data.table("season_summary")
    if every_season:
        raw = data.raw("season_summary")
        summary = raw[raw["version"].isin(set(summary["version"]))]
    rows: list[tuple[str, int, str]] = []
    for r in summary.itertuples(index=False):
        number = int(r.season)
        name = _clean(r.season_name)
        if name:
            rows.append((r.version, number, name))
            subtitle = re.sub(r"^Survivor:?\s*", "", name).strip()
            if subtitle and not subtitle.isdigit():
                rows.append((r.version, number, subtitle))
        for pattern in ("Survivor {n}", "Survivor: {n}", "season {n}", "S{n}"):
            rows.append((r.version, number, pattern.format(n=number)))
    return pd.DataFrame(rows, columns=["version", "season", "alias"]).drop_duplicates().reset_index(drop=True)
