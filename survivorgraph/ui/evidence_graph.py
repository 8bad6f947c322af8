"""The evidence graph: the bounded subgraph behind a result's rows, for an interactive view.

Rows are scalar (names, ids, numbers), so the view is rebuilt from the entities they name: every
`castaway_id`-shaped value and every season number in the rows (and in the parameters of the queries that
produced them) anchors a lookup of the real nodes and relationships around them:
(:Player)-[:PLAYED_IN]->(:PlayerSeason)-[:IN_SEASON]->(:Season) plus the relationships between those
PlayerSeasons whose types the result's own queries matched (jury votes, votes cast ...). Parameterised
read-only queries, capped in size.

Every string handed to the component is neutralised first (`safe_text`): the component shows a node's
properties with innerHTML, so no markup character from the data may reach it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from survivorgraph.retrievers.types import RetrievalResult
from survivorgraph.season_columns import holds_seasons, season_numbers

MAX_PEOPLE = 25
MAX_SEASONS = 15
MAX_NODES = 80
MAX_EDGES = 160
MAX_TEXT = 120

CASTAWAY_ID = re.compile(r"^[A-Z]{2,3}\d{4}$")
REL_PATTERN = re.compile(r"\[\s*\w*\s*:\s*`?([A-Za-z_]+(?:`?\s*\|\s*:?\s*`?[A-Za-z_]+)*)")

PEOPLE_QUERY = """
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[:IN_SEASON]->(s:Season)
WHERE p.castaway_id IN $ids AND (size($seasons) = 0 OR s.number IN $seasons) AND s.version = $version
RETURN p.castaway_id AS pid, p.name AS player, ps.id AS psid, ps.place AS place, ps.result AS result,
       s.id AS sid, s.number AS season, s.name AS season_name
ORDER BY season, pid
LIMIT $limit
"""

SEASONS_QUERY = """
MATCH (s:Season)
WHERE s.number IN $seasons AND s.version = $version
RETURN s.id AS sid, s.number AS season, s.name AS season_name, s.winner_name AS winner
ORDER BY season
LIMIT $limit
"""

LINKS_QUERY = """
MATCH (a:PlayerSeason)-[r]->(b:PlayerSeason)
WHERE a.id IN $ps AND b.id IN $ps AND type(r) IN $types
RETURN a.id AS source, type(r) AS rel, b.id AS target, count(r) AS n
ORDER BY rel, source, target
LIMIT $limit
"""

NODE_COLOURS = {"Player": "#2F6FB0", "PlayerSeason": "#E8863A", "Season": "#4F9D55"}
NODE_ICONS = {"Player": "person", "Season": "flag"}
STRUCTURAL = ("PLAYED_IN", "IN_SEASON")
EDGE_COLOURS = {"PLAYED_IN": "#9AA5B1", "IN_SEASON": "#9AA5B1", "JURY_VOTE_FOR": "#C0392B", "CAST_VOTE": "#7D5BA6"}
EDGE_LEGEND = {"JURY_VOTE_FOR": ":red[JURY_VOTE_FOR]", "CAST_VOTE": ":violet[CAST_VOTE]"}


def safe_text(value: Any, limit: int = MAX_TEXT) -> str:
    """Text for the component: markup characters replaced by look-alikes, length capped."""
    text = "" if value is None else str(value)
    text = text.replace("&", "\uff06").replace("<", "\u2039").replace(">", "\u203a")
    text = "".join(ch for ch in text if ch.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


@dataclass
class Anchors:
    castaway_ids: list[str] = field(default_factory=list)
    seasons: list[int] = field(default_factory=list)
    version: str = "US"

    @property
    def empty(self) -> bool:
        return not self.castaway_ids and not self.seasons


@dataclass
class EvidenceGraph:
    nodes: list[dict[str, Any]] = field(default_factory=list)   # {"data": {id, label, name, ...}}
    edges: list[dict[str, Any]] = field(default_factory=list)   # {"data": {id, label, source, target}}
    anchors: Anchors = field(default_factory=Anchors)
    truncated: bool = False
    note: str = ""

    @property
    def elements(self) -> dict[str, list[dict[str, Any]]]:
        return {"nodes": self.nodes, "edges": self.edges}

    def labels(self) -> set[str]:
        return {n["data"]["label"] for n in self.nodes}

    def edge_types(self) -> set[str]:
        return {e["data"]["label"] for e in self.edges}


def _values(value: Any) -> Iterable[Any]:
    if isinstance(value, list | tuple | set):
        for item in value:
            yield from _values(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _values(item)
    else:
        yield value


def find_anchors(result: RetrievalResult) -> Anchors:
    """The people and seasons a result's rows (and its successful queries' parameters) name."""
    ids: dict[str, None] = {}
    seasons: dict[int, None] = {}
    versions: dict[str, None] = {}
    params = [a.params for a in result.cypher if not a.error and a.params]
    for row in list(result.rows) + params:
        for key, value in row.items():
            key_l = str(key).lower()
            if holds_seasons(key_l):
                for number in season_numbers(value):
                    seasons.setdefault(number)
            if key_l == "version" and isinstance(value, str) and value.isalpha():
                versions.setdefault(value)
            for item in _values(value):
                if isinstance(item, str) and CASTAWAY_ID.match(item):
                    ids.setdefault(item)
    return Anchors(list(ids), sorted(seasons), next(iter(versions), "US"))


def touched_types(result: RetrievalResult) -> list[str]:
    """Relationship types the result's successful queries matched (e.g. `[:JURY_VOTE_FOR]`, `[r:A|B]`)."""
    types: dict[str, None] = {}
    for attempt in result.cypher:
        if attempt.error:
            continue
        for match in REL_PATTERN.finditer(attempt.cypher):
            for name in re.split(r"[|:`\s]+", match.group(1)):
                if name:
                    types.setdefault(name)
    return list(types)


def build_evidence_graph(store, result: RetrievalResult) -> EvidenceGraph:
    """Query the graph for the subgraph around the result's anchors (read-only, parameterised, capped)."""
    found = find_anchors(result)
    anchors = Anchors(found.castaway_ids[:MAX_PEOPLE], found.seasons[:MAX_SEASONS], found.version)
    graph = EvidenceGraph(anchors=anchors)
    graph.truncated = anchors != found
    if anchors.empty:
        graph.note = "The rows name no person or season to draw."
        return graph
    nodes: dict[str, dict[str, Any]] = {}
    edges: dict[str, dict[str, Any]] = {}

    def add_node(node_id: str, label: str, **props: Any) -> None:
        if node_id not in nodes:
            if len(nodes) >= MAX_NODES:
                graph.truncated = True
                return
            nodes[node_id] = {"data": {"id": safe_text(node_id), "label": label,
                                       **{k: safe_text(v) for k, v in props.items() if v is not None}}}

    def add_edge(source: str, rel: str, target: str, **props: Any) -> None:
        edge_id = f"{source}|{rel}|{target}"
        if source not in nodes or target not in nodes or edge_id in edges:
            return
        if len(edges) >= MAX_EDGES:
            graph.truncated = True
            return
        edges[edge_id] = {"data": {"id": safe_text(edge_id, 300), "label": rel, "source": safe_text(source),
                                   "target": safe_text(target), **{k: safe_text(v) for k, v in props.items()}}}

    limit = MAX_NODES * 2
    if anchors.seasons:
        rows = store.query(SEASONS_QUERY, {"seasons": anchors.seasons, "version": anchors.version, "limit": limit},
                           row_cap=limit).rows
        for row in rows:
            add_node(f"s:{row['sid']}", "Season", name=row["season_name"] or f"Season {row['season']}",
                     season=row["season"], winner=row["winner"])
    season_of_ps: dict[str, str] = {}
    if anchors.castaway_ids:
        params = {"ids": anchors.castaway_ids, "seasons": anchors.seasons, "version": anchors.version,
                  "limit": limit}
        rows = store.query(PEOPLE_QUERY, params, row_cap=limit).rows
        if not rows and anchors.seasons:  # the people did not play those seasons: show all their seasons
            rows = store.query(PEOPLE_QUERY, params | {"seasons": []}, row_cap=limit).rows
        for row in rows:
            pid, psid, sid = f"p:{row['pid']}", f"ps:{row['psid']}", f"s:{row['sid']}"
            add_node(pid, "Player", name=row["player"], castaway_id=row["pid"])
            add_node(sid, "Season", name=row["season_name"] or f"Season {row['season']}", season=row["season"])
            add_node(psid, "PlayerSeason", name=f"S{row['season']} \u00b7 {row['result'] or ''}".strip(" \u00b7"),
                     player=row["player"], place=row["place"], result=row["result"])
            season_of_ps[row["psid"]] = sid
            add_edge(pid, "PLAYED_IN", psid)
            add_edge(psid, "IN_SEASON", sid)
    types = [t for t in touched_types(result) if t not in STRUCTURAL]
    if len(season_of_ps) > 1 and types:
        links = store.query(LINKS_QUERY, {"ps": list(season_of_ps), "types": types, "limit": MAX_EDGES},
                            row_cap=MAX_EDGES).rows
        for row in links:
            count = row["n"]
            add_edge(f"ps:{row['source']}", row["rel"], f"ps:{row['target']}",
                     **({"count": count} if count and count > 1 else {}))
    graph.nodes, graph.edges = list(nodes.values()), list(edges.values())
    if graph.truncated:
        graph.note = (f"Bounded view: the first {len(anchors.castaway_ids)} of {len(found.castaway_ids)} people and "
                      f"{len(anchors.seasons)} of {len(found.seasons)} seasons, at most {MAX_NODES} nodes and "
                      f"{MAX_EDGES} relationships.")
    return graph


def _styles():
    """Node and edge styles; captions sized to stay readable at the zoom a column-wide view fits to (the
    component's defaults only show labels when zoomed far in)."""
    from st_link_analysis import EdgeStyle, NodeStyle

    class Node(NodeStyle):
        def dump(self):
            dumped = super().dump()
            dumped["style"].update({"font-size": 7, "min-zoomed-font-size": 4, "text-wrap": "ellipsis",
                                    "text-max-width": 90})
            return dumped

    class Edge(EdgeStyle):
        def dump(self):
            dumped = super().dump()
            dumped["style"].update({"width": 1.5})
            return dumped

    nodes = [Node(label, colour, "name", NODE_ICONS.get(label)) for label, colour in NODE_COLOURS.items()]
    # No edge captions (unreadable on the coloured line at this size): the caption below is the legend.
    # labeled=None: the component warns about its deprecated flag unless it is explicitly None.
    edges = [Edge(rel, colour, labeled=None, directed=True) for rel, colour in EDGE_COLOURS.items()]
    return nodes, edges


def render_evidence_graph(graph: EvidenceGraph, key: str, height: int = 460) -> None:
    """Draw with st-link-analysis (cytoscape.js bundled in the wheel: no CDN, works offline)."""
    import streamlit as st

    if not graph.nodes:
        st.caption(graph.note or "Nothing to draw.")
        return
    try:
        from st_link_analysis import st_link_analysis
    except ImportError:
        st.info("The interactive graph needs `st-link-analysis` (`pip install st-link-analysis`); "
                "the nodes are listed instead.")
        st.dataframe([n["data"] for n in graph.nodes], hide_index=True)
        return
    node_styles, edge_styles = _styles()
    st_link_analysis(graph.elements, layout="cose", node_styles=node_styles, edge_styles=edge_styles,
                     height=height, key=key)
    from survivorgraph.ui.trace import md_escape

    anchors = graph.anchors
    people, seasons = len(anchors.castaway_ids), len(anchors.seasons)
    drawn = [EDGE_LEGEND.get(t, md_escape(t)) for t in sorted(graph.edge_types()) if t not in STRUCTURAL]
    st.caption(f"{len(graph.nodes)} nodes and {len(graph.edges)} relationships around {people} "
               f"{'person' if people == 1 else 'people'} and {seasons} season{'' if seasons == 1 else 's'} named in "
               "the rows: :blue[Player] \u2192 :orange[PlayerSeason] \u2192 :green[Season]"
               + (f"; between players: {', '.join(drawn)}" if drawn else "")
               + ". Click a node for its properties. " + graph.note)
