"""The one core object the CLI, the app, the evaluation and the tests build: stores, model, retrievers.

Everything is opened lazily, so `status` or a traditional-only question never waits for a model, and a
backend that is down turns into a clear message in the column that needs it, not a crash of the rest.
"""

from __future__ import annotations

import threading
from functools import cached_property

from survivorgraph.config import Settings
from survivorgraph.retrievers.base import Retriever
from survivorgraph.retrievers.progress import Progress
from survivorgraph.retrievers.types import MODES, RetrievalResult


class SurvivorGraph:
    """`scope`: a viewer's watched point (ingest.viewer_scope.ViewerScope, or its text "44:6") or None for
    everything. It is set by server code (the app's sidebar, the CLI's --watched), never from a question or a
    model; anything else, an empty text included, is a ConfigError: a malformed scope never means no scope."""

    def __init__(self, settings: Settings | None = None, *, llm="auto", scope=None):
        from ingest.viewer_scope import ViewerScope

        self.scope = ViewerScope.of(scope)  # first: nothing is opened for a scope that cannot be read
        self.settings = settings or Settings.from_env()
        self._llm_choice = llm
        self._lock = threading.RLock()  # building the agent builds the graph retriever inside it

    def for_scope(self, scope) -> SurvivorGraph:
        """The same model and text index, answering for another viewer scope (own graph, own caches)."""
        other = SurvivorGraph(self.settings, llm=self.llm, scope=scope)
        for shared in ("text", "embedder"):
            if shared in self.__dict__:
                other.__dict__[shared] = self.__dict__[shared]
        return other

    @property
    def scope_text(self) -> str:
        from ingest.viewer_scope import describe_scope

        return describe_scope(self.scope)

    # -- resources ------------------------------------------------------------------------------
    @cached_property
    def graph(self):
        from survivorgraph.graph.scopes import open_scoped_store

        return open_scoped_store(self.settings, self.scope)

    @cached_property
    def text(self):
        from survivorgraph.text.store import TextStore

        return TextStore(self.settings, embedder=self.embedder)

    @cached_property
    def llm(self):
        """The configured model, None when there is none ("no model" is a supported state)."""
        if self._llm_choice != "auto":
            return self._llm_choice
        from survivorgraph.llm.provider import build_llm

        return build_llm(self.settings)

    @cached_property
    def embedder(self):
        """The embedding model, loaded without Postgres (the graph column must not need the text store)."""
        from survivorgraph.text.embeddings import make_embedder

        return make_embedder(self.settings)

    @cached_property
    def linker(self):
        """Entity linking over this scope's graph (built once; read by the graph and agentic columns)."""
        from survivorgraph.linking import EntityLinker

        return EntityLinker.from_store(self.graph)

    # -- retrievers -----------------------------------------------------------------------------
    def retriever(self, mode: str) -> Retriever:
        if mode not in MODES:
            from survivorgraph.errors import ConfigError

            raise ConfigError(f"Unknown mode {mode!r}: choose one of {', '.join(MODES)}.")
        with self._lock:
            cache = self.__dict__.setdefault("_retrievers", {})
            if mode not in cache:
                cache[mode] = self._build(mode)
            return cache[mode]

    def _build(self, mode: str) -> Retriever:
        if mode == "traditional":
            from survivorgraph.retrievers.traditional import TraditionalRetriever

            return TraditionalRetriever(self.text, self.llm, scope=self.scope, linker=self.linker)
        if mode == "graph":
            from survivorgraph.retrievers.fewshot import FewShotBank
            from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever

            return TextToCypherRetriever(self.graph, self.llm, FewShotBank.load(embedder=self.embedder,
                                                                            cache_dir=self.settings.cache_dir),
                                         linker=self.linker, scope=self.scope,
                                         schema_scope=self.settings.cypher_schema)
        from survivorgraph.retrievers.agentic import AgenticRetriever

        return AgenticRetriever.build(self)

    def ask(self, question: str, mode: str, progress: Progress | None = None) -> RetrievalResult:
        """Answer with one strategy; a backend that cannot be opened becomes an error result. `progress`
        receives the steps as they run and the answer as it streams (the page shows them live)."""
        from survivorgraph.errors import SurvivorGraphError

        try:
            retriever = self.retriever(mode)
        except Exception as exc:  # a backend that cannot open must not take the other columns down
            from survivorgraph.redact import redact

            message = redact(exc) if isinstance(exc, SurvivorGraphError) else (
                f"{mode} could not start ({type(exc).__name__}: {redact(exc)}); check `survivorgraph status`.")
            return RetrievalResult(mode=mode, question=question, answer=message, answer_kind="error",
                                   errors=[message], scope=self.scope_text)
        result = retriever.ask(question, progress)
        result.scope = self.scope_text
        return result

    def warm_model(self, modes: tuple[str, ...] = MODES) -> list[tuple[str, int, float]]:
        """Read each strategy's stable prompt prefix (the Cypher prompt's schema, the router's catalog) into the
        model server's cache, so the first question does not pay ~90 s for it on a CPU. Returns (label, prompt
        tokens, seconds) per prompt; nothing without a model."""
        from survivorgraph.errors import SurvivorGraphError

        if self.llm is None:
            return []
        warmed = []
        for mode in modes:
            try:
                prompts = self.retriever(mode).stable_prompts()
            except SurvivorGraphError:
                continue  # a backend that is down: its column says so when asked
            for label, messages in prompts:
                reply = self.llm.complete(messages + [{"role": "user", "content": "Reply OK."}], max_tokens=1,
                                          label=label)
                warmed.append((label, reply.prompt_tokens, reply.latency_s))
        return warmed

    def close(self) -> None:
        for name in ("graph", "text"):
            if name in self.__dict__:
                self.__dict__[name].close()
