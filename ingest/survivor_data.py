"""Find, fetch and read the survivoR tables (.rda files, MIT, github.com/doehm/survivoR).

Order of places: SURVIVOR_DATA_DIR; the local cache (<state>/cache/survivoR); a download of
data/<table>.rda from the survivoR GitHub repository into that cache.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pandas as pd
import pyreadr

from survivorgraph.config import Settings
from survivorgraph.errors import ConfigError, DataNotFoundError

GITHUB_RAW = "https://raw.githubusercontent.com/doehm/survivoR/master/data/{table}.rda"

# Tables the graph is built from.
GRAPH_TABLES = (
    "season_summary", "castaways", "castaway_details", "episodes", "boot_order", "vote_history",
    "jury_votes", "tribe_mapping", "tribe_colours", "challenge_results", "challenge_description",
    "advantage_details", "advantage_movement", "confessionals", "journeys", "survivor_auction", "auction_details",
)


@dataclass(frozen=True)
class SeasonScope:
    """Which seasons to load: {version: (first, last)}; parsed from e.g. 'US:1-49,AU:1-12'."""

    ranges: tuple[tuple[str, int, int], ...]

    @classmethod
    def parse(cls, text: str) -> SeasonScope:
        ranges = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            m = re.fullmatch(r"([A-Za-z]{2}):(\d+)(?:-(\d+))?", part)
            if not m:
                raise ConfigError(f"Season scope {part!r} is not VERSION:FROM-TO (e.g. 'US:1-49' or 'US:50').")
            first = int(m.group(2))
            last = int(m.group(3) or first)
            if last < first:
                raise ConfigError(f"Season scope {part!r}: {last} comes before {first}.")
            ranges.append((m.group(1).upper(), first, last))
        if not ranges:
            raise ConfigError("The season scope is empty (expected e.g. 'US:1-49').")
        return cls(tuple(ranges))

    def mask(self, df: pd.DataFrame) -> pd.Series:
        keep = pd.Series(False, index=df.index)
        for version, first, last in self.ranges:
            keep |= _in_range(df, version, first, last)
        return keep

    def __str__(self) -> str:
        return ",".join(f"{v}:{a}-{b}" if a != b else f"{v}:{a}" for v, a, b in self.ranges)


def _in_range(df: pd.DataFrame, version: str, first: int, last: int) -> pd.Series:
    return (df["version"] == version) & df["season"].between(first, last)


def season_ranges(seasons: pd.DataFrame) -> str:
    """What a season table holds, as a scope: 'US:1-50, AU:1-12' (consecutive seasons joined)."""
    parts = []
    for version, numbers in seasons.groupby("version", sort=False)["season"]:
        run: list[int] = []
        for number in sorted({int(n) for n in numbers}):
            if run and number != run[-1] + 1:
                parts.append(_range_text(version, run))
                run = []
            run.append(number)
        parts.append(_range_text(version, run))
    return ", ".join(parts)


def _range_text(version: str, run: list[int]) -> str:
    return f"{version}:{run[0]}-{run[-1]}" if len(run) > 1 else f"{version}:{run[0]}"


class SurvivorData:
    """The survivoR tables, read lazily, cut to a season scope (None: every season)."""

    def __init__(self, data_dir: Path, scope: SeasonScope | None):
        self.data_dir = data_dir
        self.scope = scope
        self._tables: dict[str, pd.DataFrame] = {}

    def raw(self, table: str) -> pd.DataFrame:
        """A whole table, every version and season."""
        if table not in self._tables:
            path = self.data_dir / f"{table}.rda"
            if not path.is_file():
                raise DataNotFoundError(
                    f"survivoR table {table!r} is missing: {path} does not exist. Point SURVIVOR_DATA_DIR at "
                    "the folder holding survivoR's data/*.rda files.")
            try:
                frames = pyreadr.read_r(str(path))
            except Exception as exc:  # pyreadr raises several unrelated types for a bad file
                raise DataNotFoundError(f"{path} is not a readable R data file ({exc}). "
                                        "Replace it with survivoR's original data file.") from exc
            if table not in frames:
                raise DataNotFoundError(f"{path} holds {list(frames)} but not the table {table!r}.")
            self._tables[table] = frames[table]
        return self._tables[table]

    def table(self, table: str) -> pd.DataFrame:
        """A table cut to the season scope (tables without seasons come whole)."""
        df = self.raw(table)
        if self.scope is not None and "version" in df.columns and "season" in df.columns:
            df = df[self.scope.mask(df)]
        return df.reset_index(drop=True)

    def check_scope(self) -> None:
        """Refuse a scope any part of which selects no season, naming what the data holds: an empty
        part is a typo ('XX:1-2', 'US:60-61'), and an empty graph would replace the loaded one."""
        seasons = self.raw("season_summary")
        ranges = self.scope.ranges if self.scope is not None else ()
        empty = [str(SeasonScope((r,))) for r in ranges if not _in_range(seasons, *r).any()]
        if empty:
            which = "" if len(ranges) == 1 else f" for {', '.join(empty)}"
            raise ConfigError(f"The season scope {self.scope} selects no season{which}: survivoR here holds "
                              f"{self.seasons_held()}. Set SURVIVOR_SEASONS (or --seasons) within those, "
                              "e.g. 'US:1-49'.")

    def seasons_held(self) -> str:
        """Every season the tables hold, as a scope: 'US:1-50, AU:1-12'."""
        return season_ranges(self.raw("season_summary"))

    @cached_property
    def version(self) -> str:
        """Dataset version: a digest of the graph tables' bytes, so provenance changes when the data does."""
        digest = hashlib.sha256()
        for table in GRAPH_TABLES:
            path = self.data_dir / f"{table}.rda"
            if path.is_file():
                digest.update(table.encode() + path.read_bytes())
        return f"survivoR-{digest.hexdigest()[:12]}"


def locate_data_dir(settings: Settings, tables: tuple[str, ...] = GRAPH_TABLES, *, download: bool = True) -> Path:
    """Return a folder holding every table in `tables`, downloading into the cache if needed."""
    if settings.survivor_data_dir is not None:
        folder = settings.survivor_data_dir
        if not folder.is_dir():
            raise DataNotFoundError(f"SURVIVOR_DATA_DIR={folder} is not a folder. Point it at survivoR's data/ "
                                    "folder (the one holding castaways.rda, vote_history.rda ...).")
        missing = [t for t in tables if not (folder / f"{t}.rda").is_file()]
        if missing:
            raise DataNotFoundError(f"SURVIVOR_DATA_DIR={folder} lacks {', '.join(m + '.rda' for m in missing)}. "
                                    "Point it at survivoR's data/ folder.")
        return folder
    cache = settings.cache_dir / "survivoR"
    missing = [t for t in tables if not (cache / f"{t}.rda").is_file()]
    if missing and download:
        _download(missing, cache)
    elif missing:
        raise DataNotFoundError(f"The survivoR cache {cache} lacks {len(missing)} tables; set SURVIVOR_DATA_DIR.")
    return cache


def _download(tables: list[str], cache: Path) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    for table in tables:
        url = GITHUB_RAW.format(table=table)
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                payload = response.read()
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise DataNotFoundError(
                f"Could not download {url} ({exc}). Offline? Set SURVIVOR_DATA_DIR to a folder holding "
                "survivoR's data/*.rda files (e.g. a clone of github.com/doehm/survivoR).") from exc
        # Write beside, then rename: a broken download never poses as a table.
        with tempfile.NamedTemporaryFile(dir=cache, delete=False, suffix=".part") as tmp:
            tmp.write(payload)
        Path(tmp.name).replace(cache / f"{table}.rda")


def open_survivor_data(settings: Settings, scope: str | None = None, *, download: bool = True) -> SurvivorData:
    """The tables cut to `scope` (default SURVIVOR_SEASONS); a ConfigError naming what the data holds when
    the scope is malformed or selects no season."""
    folder = locate_data_dir(settings, download=download)
    try:
        data = SurvivorData(folder, SeasonScope.parse(scope or settings.seasons))
    except ConfigError as exc:
        held = SurvivorData(folder, None).seasons_held()
        raise ConfigError(f"{exc} Set SURVIVOR_SEASONS (or --seasons); survivoR here holds {held}.") from None
    data.check_scope()
    return data
