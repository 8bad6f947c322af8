"""The offline narrative corpus: one document per season, built from the survivoR tables alone.

An "Overview" section holds the season's lead sentence (season_summary.description) and its facts
(location, dates, tribes, winner, cast); then one section per episode, in order, holding survivoR's
episode summary. Both the description and the episode summaries were taken from Wikipedia, so they
are CC BY-SA 4.0 whatever survivoR's own MIT licence says: every section keeps that credit.
Episodes without a summary are left out, never filled in (seasons 3 and 34 have none at all).
"""

from __future__ import annotations

import re

import pandas as pd

from ingest.survivor_data import SurvivorData
from ingest.text.documents import (
    SURVIVOR_REPO_URL,
    WIKIPEDIA_LICENSE,
    Corpus,
    Document,
    Section,
    Source,
    season_code,
)

CORPUS_NAME = "survivor"
_ATTRIBUTION = ("Text from Wikipedia (CC BY-SA 4.0, en.wikipedia.org), via the survivoR dataset "
                "(github.com/doehm/survivoR)")
_FACTS_ATTRIBUTION = _ATTRIBUTION + "; season facts from survivoR (MIT)"

# Footnote markers left over from Wikipedia: [12], [a], [note 3], [citation needed].
_MARKERS = re.compile(r"\[(?:\d+|[a-z]|note \d+|citation needed)\]")
# survivoR joined some paragraphs without a space: "won immunity.At the challenge".
_GLUED_SENTENCE = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")


def clean_text(text: str) -> str:
    """Drop footnote markers, restore glued sentence breaks, tidy whitespace; keep paragraph breaks."""
    text = _MARKERS.sub("", text)
    text = _GLUED_SENTENCE.sub(" ", text)
    paragraphs = (re.sub(r"[ \t\u00a0]+", " ", p).strip() for p in re.split(r"\n\s*\n|\n", text))
    return "\n".join(p for p in paragraphs if p)


def survivor_corpus(data: SurvivorData) -> Corpus:
    summary = data.table("season_summary").sort_values(["version", "season"])
    episodes = data.table("episodes")
    cast = data.table("castaways")
    documents, empty = [], []
    for season in summary.itertuples(index=False):
        number = int(season.season)
        season_episodes = episodes[(episodes["version"] == season.version) & (episodes["season"] == number)]
        episode_sections = _episode_sections(season.version, number, season_episodes)
        if not episode_sections:
            empty.append(number)
        season_cast = cast[(cast["version"] == season.version) & (cast["season"] == number)]
        sections = (_overview_section(season, season_cast), *episode_sections)
        documents.append(Document(
            doc_id=f"survivoR:{season_code(season.version, number)}",
            title=str(season.season_name), corpus=CORPUS_NAME, version=str(season.version), season=number,
            sections=sections, url=SURVIVOR_REPO_URL, revision=data.version,
        ))
    notes = []
    if empty:
        notes.append(f"survivoR has no episode summaries for season(s) {', '.join(map(str, empty))}: "
                     "their documents hold the season overview only.")
    return Corpus(CORPUS_NAME, data.version, tuple(documents), tuple(empty), tuple(notes))


def _episode_sections(version: str, season: int, episodes: pd.DataFrame) -> list[Section]:
    sections = []
    for ep in episodes.sort_values("episode").itertuples(index=False):
        if not isinstance(ep.episode_summary, str) or not ep.episode_summary.strip():
            continue
        number = int(ep.episode)
        source = Source(url=SURVIVOR_REPO_URL, table="episodes",
                        key=f"{season_code(version, season)}/E{number:02d}",
                        license=WIKIPEDIA_LICENSE, attribution=_ATTRIBUTION)
        sections.append(Section(_episode_heading(number, ep.episode_label, ep.episode_title),
                                clean_text(ep.episode_summary), source, episode=number))
    return sections


def _episode_heading(number: int, label: object, title: object) -> str:
    title = str(title).strip() if isinstance(title, str) else ""
    label = str(label).strip() if isinstance(label, str) else ""
    head = f"Episode {number}" if not label or label.startswith("Ep") else f"{label} (episode {number})"
    return f"{head}: {title}" if title else head


def _overview_section(season, season_cast: pd.DataFrame) -> Section:
    lines = []
    if isinstance(season.description, str) and season.description.strip():
        lines.append(clean_text(season.description))
    lines.append(" ".join(_season_facts(season)))
    names = season_cast.sort_values("order")["full_name"].dropna().drop_duplicates().tolist()
    if names:
        lines.append(f"The {len(names)} castaways, in order of elimination: {', '.join(names)}.")
    source = Source(url=SURVIVOR_REPO_URL, table="season_summary", key=season_code(season.version, int(season.season)),
                    license=WIKIPEDIA_LICENSE, attribution=_FACTS_ATTRIBUTION)
    return Section("Overview", "\n".join(lines), source)


def _season_facts(season) -> list[str]:
    """Plain sentences from the season_summary columns; a missing value just drops its sentence."""
    name, number = season.season_name, int(season.season)
    facts = [f"{name} is season {number} of the {season.version} edition of Survivor."]
    if _present(season.location):
        facts.append(f"It was filmed in {season.location}" + (
            f", from {season.filming_started} to {season.filming_ended}." if _present(season.filming_started)
            and _present(season.filming_ended) else "."))
    if _present(season.premiered) and _present(season.ended):
        slot = f" ({season.timeslot})" if _present(season.timeslot) else ""
        facts.append(f"It aired from {season.premiered} to {season.ended}{slot}.")
    if _present(season.tribe_setup):
        facts.append(f"Tribe setup: {season.tribe_setup.strip()}.".replace("..", "."))
    if _present(season.n_cast):
        facts.append(f"{int(season.n_cast)} castaways in {int(season.n_tribes)} tribes; "
                     f"{int(season.n_finalists)} finalists and a jury of {int(season.n_jury)}.")
    if _present(season.full_name):
        runner_up = f" over {season.runner_ups}" if _present(season.runner_ups) else ""
        vote = f" by a jury vote of {season.final_vote}" if _present(season.final_vote) else ""
        facts.append(f"The winner (Sole Survivor) was {season.full_name}{runner_up}{vote}.")
    return facts


def _present(value: object) -> bool:
    if value is None:
        return False
    if isinstance(value, str):
        return bool(value.strip())
    try:
        return not pd.isna(value)
    except (TypeError, ValueError):
        return True
