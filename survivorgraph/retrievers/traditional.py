"""Traditional RAG: embed the question, take the k nearest chunks from pgvector, answer from them only."""

from __future__ import annotations

from survivorgraph.retrievers.answering import NO_PASSAGES, extractive_chunks
from survivorgraph.retrievers.base import Retriever, Run
from survivorgraph.retrievers.grounding import answer_from_passages, sentence_embedder
from survivorgraph.retrievers.not_in_data import answered_not_in_data
from survivorgraph.retrievers.types import ChunkEvidence


def scope_filter(scope) -> dict:
    """Text search arguments that keep a viewer's chunks inside what they have watched."""
    return {} if scope is None else {"watched": (scope.season, scope.episode)}


def to_evidence(hit) -> ChunkEvidence:
    """A text-store hit as the result type shows it, with its provenance."""
    return ChunkEvidence(chunk_id=hit.chunk_id, text=hit.text, score=round(float(hit.score or 0.0), 4),
                         title=hit.heading or hit.title, season=hit.season, episode=hit.episode,
                         section=hit.section, source=hit.source, license=hit.license)


class TraditionalRetriever(Retriever):
    mode = "traditional"

    def __init__(self, text_store, llm=None, *, k: int = 6, search_mode: str = "vector", scope=None, linker=None):
        super().__init__(llm)
        self.text_store = text_store
        self.linker = linker  # for "not in the data" before retrieval (None: no such check)
        self.k = k
        self.search_mode = search_mode
        self.scope = scope

    def _answer(self, question: str, run: Run) -> None:
        result = run.result
        linked = self.linker.link(question) if self.linker is not None else None
        if answered_not_in_data(question, linked, self.scope, run):
            return
        vector = None
        if self.search_mode != "lexical":  # the embedding model's time is its own, not the database's
            with run.step("embed question") as step:
                vector = self.text_store.embed_query(question)
            run.add_embed_time(step.elapsed_ms)
        with run.step("retrieve chunks", k=self.k, search=self.search_mode) as step:
            hits = self.text_store.search(question, k=self.k, mode=self.search_mode, query_vector=vector,
                                          **scope_filter(self.scope))
            step.detail["chunks"] = [h.chunk_id for h in hits]
        run.add_db_time(step.elapsed_ms)
        result.chunks = [to_evidence(h) for h in hits]
        if self.llm is None:
            result.answer_kind = "extractive"
            result.answer = ("No model is configured, so these are the best-matching passages:\n\n"
                             + extractive_chunks(result.chunks, question=question))
            return
        if not hits:
            result.answer_kind = "abstained"
            result.answer = NO_PASSAGES
            return
        seasons = sorted({l.season for l in linked.links if l.kind == "season" and l.season is not None}) \
            if linked is not None else ()
        result.answer = answer_from_passages(self.llm, question, result.chunks, run, seasons=seasons,
                                             embed=sentence_embedder(self.text_store))
