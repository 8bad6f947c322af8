"""Two small evaluation runs with known differences, for the run comparison's tests (CLI and page).

Each record is what the runner appends to results.jsonl (a `Score` and a `RetrievalResult`, as dicts); the
tables are written by the runner's own writer (`summary.write_outputs`). Baseline A against candidate B:

    sf-1  single_fact  agentic  right in A, wrong in B                       -> right-to-wrong
    ag-1  aggregation  agentic  wrong in A, right in B                       -> wrong-to-right
    sf-2  single_fact  agentic  right in both, other words in B              -> changed (answer)
    ag-2  aggregation  agentic  right in both, same words, other Cypher in B -> changed (cypher)
    mh-1  multi_hop    agentic  the same in both                             -> not listed
    mh-1  multi_hop    lexical  a baseline (not scored), other passages in B -> changed (passages)
    sf-3  single_fact  agentic  wrong, only in A (must not count in A's accuracy)
    ag-3  aggregation  agentic  right, only in B
    mh-2  multi_hop    agentic  another question under the same id in B
Latency 100 ms in A and 60 ms in B for every answer; tokens 0.
"""

from __future__ import annotations

import json
from pathlib import Path

from evaluation.scoring import Score
from evaluation.summary import write_outputs
from survivorgraph.retrievers.types import ChunkEvidence, CypherAttempt, RetrievalResult

BASELINE, CANDIDATE = "20260201-100000-base", "20260202-100000-cand"
MODES = ["agentic", "lexical"]
WINNER_CYPHER = "MATCH (s:Season {number: $season})-[:WON_BY]->(c) RETURN c.name AS winner"


def record(qid: str, category: str, question: str, gold: str, answer: str, correct: bool | None, *,
           mode: str = "agentic", latency_ms: float = 100.0, cypher: str = WINNER_CYPHER,
           chunk: str = "survivoR:US45#001") -> dict:
    if mode == "lexical":  # a retrieval baseline: passages, no answer, not scored
        result = RetrievalResult(mode, question, chunks=[ChunkEvidence(chunk, "passage text", 0.5)])
    else:
        result = RetrievalResult(mode, question, answer=answer, answer_kind="extractive", rows=[{"winner": gold}],
                                 columns=["winner"], cypher=[CypherAttempt(cypher, {"season": 45}, row_count=1)])
    score = Score(correct=correct, supported=True, support=1.0, latency_ms=latency_ms)
    return {"qid": qid, "mode": mode, "category": category, "question": question, "qhash": qid, "gold": gold,
            "score": score.to_dict(), "result": result.to_dict()}


def write_run(folder: Path, records: list[dict], modes: list[str] = MODES) -> Path:
    """A finished run folder: meta.json and results.jsonl as the runner writes them, then its tables."""
    folder.mkdir(parents=True)
    meta = {"started": f"{folder.name[:4]}-02-01T10:00:00", "finished": f"{folder.name[:4]}-02-01T10:01:00",
            "modes": modes, "questions": len({r["qid"] for r in records}), "question_set": "gold", "llm": "none",
            "no_llm": True, "dataset_version": "survivoR-test", "scope": "US:1-49", "viewer_scope": None,
            "viewer_scope_text": "unrestricted", "k": 6}
    (folder / "meta.json").write_text(json.dumps(meta, indent=1))
    (folder / "results.jsonl").write_text("".join(json.dumps(r, default=str) + "\n" for r in records))
    write_outputs(folder, records, modes, meta)
    return folder


def baseline_records() -> list[dict]:
    return [
        record("sf-1", "single_fact", "Season 45's winner?", "Dee Valladares", "Dee Valladares won.", True),
        record("sf-2", "single_fact", "Season 41's winner?", "Erika Casupanan", "Erika Casupanan won.", True),
        record("sf-3", "single_fact", "Season 40's winner?", "Tony Vlachos", "Sandra Diaz-Twine.", False),
        record("ag-1", "aggregation", "How many seasons had a medevac?", "13", "There were 12.", False),
        record("ag-2", "aggregation", "How many tribal councils?", "640", "There were 640.", True),
        record("mh-1", "multi_hop", "Who voted out Rob?", "Amber Mariano", "Amber Mariano.", True),
        record("mh-1", "multi_hop", "Who voted out Rob?", "Amber Mariano", "", None, mode="lexical"),
        record("mh-2", "multi_hop", "Who did Parvati blindside?", "Ozzy Lusth", "Ozzy Lusth.", True),
    ]


def candidate_records() -> list[dict]:
    fast = {"latency_ms": 60.0}
    return [
        record("sf-1", "single_fact", "Season 45's winner?", "Dee Valladares", "Austin Li Coon won.", False, **fast),
        record("sf-2", "single_fact", "Season 41's winner?", "Erika Casupanan", "Erika Casupanan, 41.", True, **fast),
        record("ag-1", "aggregation", "How many seasons had a medevac?", "13", "There were 13.", True, **fast),
        record("ag-2", "aggregation", "How many tribal councils?", "640", "There were 640.", True,
               cypher="MATCH (t:TribalCouncil) RETURN count(t) AS n", **fast),
        record("ag-3", "aggregation", "How many jurors in season 1?", "7", "7 jurors.", True, **fast),
        record("mh-1", "multi_hop", "Who voted out Rob?", "Amber Mariano", "Amber Mariano.", True, **fast),
        record("mh-1", "multi_hop", "Who voted out Rob?", "Amber Mariano", "", None, mode="lexical",
               chunk="survivoR:US08#004", **fast),
        record("mh-2", "multi_hop", "Whom did Parvati vote for at the final?", "Ozzy Lusth", "Ozzy Lusth.", True,
               **fast),
    ]


def write_pair(eval_dir: Path) -> tuple[Path, Path]:
    """The baseline (older name) and the candidate (newer name) in one eval folder."""
    return write_run(eval_dir / BASELINE, baseline_records()), write_run(eval_dir / CANDIDATE, candidate_records())
