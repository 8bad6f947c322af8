"""A model's answer held to its evidence: its claims are checked; one that states what the evidence lacks is
asked once to answer again without it; if it still does, the caller shows the evidence instead.

`result.support` records what happened (the JSON's `support`; the evaluation's answer support reads it):
claims checked, the unsupported ones, whether the model was asked again, whether its answer was withheld.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from survivorgraph.retrievers.answering import chunks_messages, extractive_chunks, without_repeats, write_answer
from survivorgraph.retrievers.citations import alphabet, citation_grammar, without_forced_ends
from survivorgraph.retrievers.cited_facts import with_cited_facts
from survivorgraph.retrievers.claims import (
    UNCITED,
    Claim,
    Evidence,
    claims_in,
    describe,
    passage_text,
    unsupported_claims,
)
from survivorgraph.retrievers.hedges import abstains, without_hedges
from survivorgraph.retrievers.passages import choose_excerpts

RETRY_USER = """Your answer states {claims}, which the evidence above does not contain. Write the answer again \
without them: keep what the evidence does say, with only numbers and names that appear in it. If the evidence does \
not answer the question, say that the data does not show it.
Answer:"""
RETRY_RANK = """Your answer names {name} first, but {note}. Write the answer again from the first rows. \
"""
RETRY_UNCITED = """Your answer cites no passage. Write it again with the number of the passage each fact comes from \
after it, like "… [2]", and only what the passages say. If they do not answer the question, say so.
Answer:"""


def retry_prompt(unsupported: list[Claim]) -> str:
    made_up = [c for c in unsupported if c is not UNCITED and c.kind != "rank"]
    ranks = "".join(RETRY_RANK.format(name=f"'{c.text}'", note=c.note) for c in unsupported if c.kind == "rank")
    if made_up:
        return ranks + RETRY_USER.format(claims=describe(made_up))
    return ranks + "Answer:" if ranks else RETRY_UNCITED


def grounded_answer(llm, messages: list[dict[str, str]], evidence: Evidence, run, grammar: str | None = None,
                    drop_hedges: bool = False, **detail) -> str | None:
    """The model's answer when every claim it makes is in `evidence` (after at most one retry), else None;
    `run.result.support` says which, and the trace keeps any answer that was not shown. `drop_hedges`: without
    its "the data does not show …" sentences when it says something else (retrievers.hedges). `detail`: the
    trace's "write answer" step."""
    with run.step("write answer", **detail) as step:
        answer = _written(llm, messages, run, grammar, step, drop_hedges, evidence.question)
    unsupported = _check(answer, evidence, run, "check the answer against its evidence")
    support = {"claims": len(claims_in(answer)), "unsupported": [c.text for c in unsupported], "retried": False,
               "withheld": False, **_misranked(unsupported)}
    run.result.support = support
    if not unsupported:
        return answer
    retry = [*messages, {"role": "assistant", "content": answer},
             {"role": "user", "content": retry_prompt(unsupported)}]
    with run.step("answer again without the unsupported claims", unsupported=support["unsupported"]) as step:
        second = _written(llm, retry, run, grammar, step, drop_hedges, evidence.question)
    still = _check(second, evidence, run, "check the second answer against its evidence")
    if "misranked" in support:
        support["first_misranked"] = support.pop("misranked")
    support.update(retried=True, first_answer=answer, first_unsupported=support["unsupported"],
                   claims=len(claims_in(second)),
                   unsupported=[c.text for c in still], **_misranked(still))
    if still:
        support.update(withheld=True, model_answer=second)
        return None
    return second


def _misranked(unsupported: list[Claim]) -> dict:
    """support["misranked"]: the names an answer put first against the rows' order, with what the rows put first."""
    ranks = {c.text: c.note for c in unsupported if c.kind == "rank"}
    return {"misranked": ranks} if ranks else {}


def tidied(answer: str, bounded: bool, detail: dict) -> str:
    """The reply without the unfinished sentence a grammar's bound cut off (`bounded`), then each sentence once;
    `detail` records what was dropped. The bound is counted on the reply as written: a loop's repeats count towards
    it, and dropping them first left the words glued at the bound ("notprovideanyinformation") as a claim."""
    if bounded:
        answer, cut = without_forced_ends(answer)
        if cut:
            detail["cut off by the grammar's bound"] = cut
    answer, repeats = without_repeats(answer)
    if repeats:
        detail["repeated sentences dropped"] = repeats
    return answer


def _written(llm, messages, run, grammar: str | None, step, drop_hedges: bool = False, question: str = "") -> str:
    """The model's answer with each sentence once, under a grammar without the sentences its bounds cut off, and
    with `drop_hedges` without its hedges (the trace says what was dropped; `question`'s own names and numbers
    are no fact beside a hedge)."""
    answer = tidied(write_answer(llm, messages, run.answer_sink(), grammar), grammar is not None, step.detail)
    if drop_hedges:
        answer, hedges = without_hedges(answer, question)
        if hedges:
            step.detail["'not shown' sentences dropped beside what it does say"] = hedges
    return answer


def answer_or_evidence(llm, messages: list[dict[str, str]], evidence: Evidence, run, *, what: str,
                       shown_instead: Callable[[], str], grammar: str | None = None, drop_hedges: bool = False,
                       **detail) -> str:
    """`grounded_answer`, or when it is withheld the evidence as `shown_instead` writes it, after the note naming
    what the model made up (`what`: what the evidence is, "the rows"); the result's answer_kind says which."""
    answer = grounded_answer(llm, messages, evidence, run, grammar, drop_hedges, **detail)
    if answer is not None:
        return answer
    run.result.answer_kind = "extractive"
    return withheld_note(run.result.support, what) + "\n\n" + shown_instead()


def sentence_embedder(text_store):
    """The text index's own embedder, to choose the passages' sentences for the prompt (None: by words)."""
    embedder = getattr(text_store, "embedder", None)
    return embedder.embed_documents if embedder is not None else None


# An abstention of the model is overruled, the passages shown instead, where the passages' sentence most like the
# question is at least this like it. Calibrated without blind-12 and blind-13 (benchmarks/bench_abstention.py): of
# the questions that reach retrieval, 66 of 80 narrative ones whose passages hold the answer reach 0.4, and 4 of 7
# unanswerable ones (most of those are answered "not in the data" before retrieval).
OVERRULE_SIMILARITY = 0.4
OVERRULED_NOTE = ("The model answered that the passages do not say (its answer is in the trace), but they bear "
                  "closely on the question. The passages nearest it:")


def answer_from_passages(llm, question: str, chunks, run, *, embed=None, seasons=(), **detail) -> str:
    """An answer written from passages only, as traditional RAG writes it: the passages' sentences that bear on the
    question (embedding similarity where `embed` is given), numbered, and every fact cited ("[2]"; under the
    citation grammar where the provider takes one); held to them like any answer (answer_or_evidence), the
    passages shown instead when it is not, or when the model says they do not answer a question they bear
    closely on (of the `seasons` it names, when it names any); the cited sentences whose facts it left out are
    quoted under it (retrievers.cited_facts)."""
    evidence = Evidence(passages=[passage_text(c) for c in chunks], question=question, cited=len(chunks),
                        requires_citation=True)
    grammar = citation_grammar(len(chunks), alphabet(question, *evidence.passages)).gbnf \
        if llm.supports_grammar else None
    excerpts = choose_excerpts(chunks, question, embed)
    shown_instead = partial(extractive_chunks, chunks, question=question)
    answer = answer_or_evidence(llm, chunks_messages(question, excerpts), evidence, run,
                                what="the passages", chunks=len(chunks), grammar=grammar, drop_hedges=True,
                                shown_instead=shown_instead, **detail)
    if run.result.answer_kind == "extractive":  # withheld: the passages are shown already
        return answer
    if abstains(answer, question) and _overruled(answer, excerpts, seasons, run):
        return OVERRULED_NOTE + "\n\n" + shown_instead()
    return with_cited_facts(answer, excerpts, question, run)


def _overruled(answer: str, excerpts, seasons, run) -> bool:
    """Whether the model's abstention gives way to the passages (traced either way): the small writer says "the
    data does not show it" of passages that do, and without a model those passages are the answer. Passages of
    other seasons than the question names do not count: like it in words, they tell another season's story."""
    if not any(e.similarity is not None for e in excerpts):
        return False
    on_topic = [e.similarity for e in excerpts
                if e.similarity is not None and (not seasons or e.chunk.season in seasons)]
    best = max(on_topic, default=0.0)
    with run.step("weigh the model's abstention against the passages", similarity=best,
                  threshold=OVERRULE_SIMILARITY, **({"seasons named": list(seasons)} if seasons else {})) as step:
        overrule = best >= OVERRULE_SIMILARITY
        step.detail["how"] = ("the passages are shown instead: their best sentence is this like the question"
                              if overrule else "kept: no sentence of the passages is that like the question")
    if overrule:
        run.result.answer_kind = "extractive"
        run.result.support["overruled_abstention"] = answer
    return overrule


def _check(answer: str, evidence: Evidence, run, step_name: str) -> list[Claim]:
    with run.step(step_name) as step:
        unsupported = unsupported_claims(answer, evidence)
        step.detail["claims"] = [c.text for c in claims_in(answer)]
        if unsupported:
            step.detail["unsupported"] = [c.text for c in unsupported]
            step.detail.update(_misranked(unsupported))
            step.detail["answer"] = answer
            step.status = "error"
    return unsupported


WITHHELD_END = "(its answer is in the trace). From the evidence:"


def claim_faults(unsupported: list[str], misranked: dict[str, str], lacking: str) -> list[str]:
    """What an answer got wrong, in words: "stated 'X', which <lacking>", "put 'Y' first, where <why>" (a
    misranked name is said once, as misranked)."""
    stated = ", ".join(f"'{c}'" for c in unsupported if c not in misranked)
    said = [f"stated {stated}, which {lacking}"] if stated else []
    return said + [f"put '{name}' first, where {note}" for name, note in misranked.items()]


def withheld_note(support: dict, what: str) -> str:
    """The line that replaces a withheld answer: what the model stated that `what` (the rows, the passages) lack."""
    stated = [c for c in support.get("unsupported", []) if c != UNCITED.text]
    said = claim_faults(stated, support.get("misranked", {}), f"{what} do not hold")
    if UNCITED.text in support.get("unsupported", []):
        said.append(f"cited none of {what}")
    return f"The model's answer is not shown: it {' and '.join(said)} {WITHHELD_END}"


def shown_as_fact(answer: str) -> str:
    """The part of an answer that states facts: a withheld answer's note only names, as unsupported, what the
    model made up."""
    return answer.split(WITHHELD_END, 1)[1] if WITHHELD_END in answer else answer
