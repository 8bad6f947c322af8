"""The claim checker on answers the embedded Qwen2.5-Coder-1.5B really wrote, with the evidence it wrote them from
(recorded from the evaluation run `s10-gold-trad-graph-grounded`, the model's first answers, before any check; the
passages cut to the sentences that share a word with the answer's claims — Wikipedia text, CC BY-SA 4.0).

Each line's `unsupported` was read by hand against its evidence: one answer misspelt a tribe member (Tevin Davis
as "Devin Davis"; its "12 members" is the length of the row's list); the others hold only what their evidence
does — four of them had been false alarms of the first checker (a passage's season and episode labels, "the TV
show"), which withheld right answers. The next-to-last line is an agent's answer from `llm-base-blind-13`, read as
one name across its sentence end ("Redemption Island.  From the data") by the checker of that run: every claim in
it is in its rows. The last is a text-to-Cypher answer from `s16-gold-graph-all` that names someone its rows hold,
but not in the row its query's ORDER BY put first (the rows rank Stephen Fishbach first with 4 votes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from survivorgraph.retrievers.claims import Evidence, passage_text, ranked_by, unsupported_claims

RECORDED = [json.loads(line) for line in
            (Path(__file__).parents[1] / "data" / "recorded_answers.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c['mode']}-{i}" for i, c in enumerate(RECORDED)])
def test_a_recorded_answer_is_judged_as_read_by_hand(case):
    found = case["evidence"]
    evidence = Evidence(rows=found["rows"], passages=[passage_text(c) for c in found["chunks"]],
                        question=case["question"], cited=len(found["chunks"]),
                        ranked_by=ranked_by(case["question"], found.get("cypher", ""), found["rows"]))
    assert [c.text for c in unsupported_claims(case["answer"], evidence)] == case["unsupported"]


def test_the_recording_holds_both_kinds():
    assert any(c["unsupported"] for c in RECORDED) and sum(not c["unsupported"] for c in RECORDED) >= 10
