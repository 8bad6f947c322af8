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
    castaways = data.table("castaways")
    ids = set(castaways["castaway_id"])
    details = data.raw("castaway_details")
    details = details[details["castaway_id"].isin(ids)]
    rows: list[tuple[str, str, str]] = []

    def add(cid: str, alias: object, kind: str) -> None:
        alias = _clean(alias)
        if alias:
            rows.append((cid, alias, kind))

    for r in castaways.itertuples(index=False):
        add(r.castaway_id, r.full_name, "full_name")
        add(r.castaway_id, r.castaway, "short_name")
    for r in details.itertuples(index=False):
        add(r.castaway_id, r.full_name, "full_name")
        add(r.castaway_id, r.castaway, "short_name")
        detailed = _clean(r.full_name_detailed)
        quoted = _QUOTED.search(detailed or "")
        if quoted:
            nick = quoted.group(1).strip()
            plain = _clean(_QUOTED.sub(lambda m: m.group(1), detailed))
            add(r.castaway_id, plain, "full_name")
            if quoted.start() == 0:
                # "'Boston' Rob Mariano": the quoted word qualifies the name after it -> "Boston Rob"
                following = detailed[quoted.end():].split()
                add(r.castaway_id, f"{nick} {following[0]}" if following else nick, "nickname")
            else:
                # "Oscar 'Ozzy' Lusth" -> "Ozzy", "Ozzy Lusth"
                add(r.castaway_id, nick, "nickname")
                add(r.castaway_id, f"{nick} {r.last_name}" if isinstance(r.last_name, str) else nick, "nickname")
        add(r.castaway_id, r.last_name, "last_name")
    # "Jenna L." style short names keep their initial; "Purple Kelly" stays whole.
    frame = pd.DataFrame(rows, columns=["castaway_id", "alias", "kind"]).drop_duplicates(["castaway_id", "alias"])
    return frame.sort_values(["castaway_id", "kind", "alias"]).reset_index(drop=True)


def season_aliases(data: SurvivorData) -> pd.DataFrame:
    """Columns version, season, alias: 'Survivor: Cagayan', 'Cagayan', 'Survivor 28', 'season 28', 'S28'."""
    summary = data.table("season_summary")
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
