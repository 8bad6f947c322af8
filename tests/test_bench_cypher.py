"""The text-to-Cypher A/B's table (benchmarks/bench_cypher.py): arms compared over the questions all of them
answered, and the doc section it writes between its markers."""

from __future__ import annotations

import pytest

from benchmarks.bench_cypher import DOC_END, DOC_START, table, write_doc


def _record(qid, arm, *, correct, first_ok=True, repairs=0, seconds=10.0, set_="gold"):
    return {"set": set_, "qid": qid, "arm": arm, "correct": correct, "generated": 1 + repairs, "first_ok": first_ok,
            "final_ok": True, "repairs": repairs, "off_schema": 0 if first_ok else 1, "prompt_tokens": 1000,
            "completion_tokens": 50, "total_ms": seconds * 1000}


def test_arms_are_compared_over_the_questions_every_arm_answered():
    records = [_record("q1", "before", correct=False, first_ok=False, repairs=2, seconds=30),
               _record("q1", "grammar", correct=True, seconds=10),
               _record("q2", "before", correct=True, seconds=20),
               _record("q2", "grammar", correct=True, seconds=12),
               _record("q3", "before", correct=True)]  # the grammar arm has not reached q3: left out
    lines = table(records).splitlines()
    before = next(line for line in lines if "| before |" in line)
    grammar = next(line for line in lines if "| grammar |" in line)
    assert "| 2 | 50% | 50% | 100% | 1.00 | 1 |" in before and before.endswith("| 25 | 30 |")
    assert "| 2 | 100% | 100% | 100% | 0.00 | 0 |" in grammar and grammar.endswith("| 11 | 12 |")


def test_the_doc_section_is_replaced_between_its_markers(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text(f"# Title\n\n{DOC_START}\nold table\n{DOC_END}\n\nAfter.\n")
    write_doc(doc, "| new | table |", tmp_path / "cypher-ab-1")
    text = doc.read_text()
    assert "old table" not in text and "| new | table |" in text and "cypher-ab-1" in text
    assert text.startswith("# Title") and text.endswith("After.\n")
    doc.write_text("no markers")
    with pytest.raises(SystemExit, match="markers"):
        write_doc(doc, "x", tmp_path)
