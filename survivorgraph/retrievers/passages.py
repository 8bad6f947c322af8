"""The sentences of the retrieved passages that bear on the question, within a budget, for the answer prompt.

Every prompt token is time on a small CPU model (~40 tokens/s read): six whole passages cost ~1,000 tokens,
about 25 s before the first word. Most of a passage is about something else, so the prompt carries the
sentences most like the question — by embedding similarity (the model the text index already uses), with the
question's own words as a tie-breaker — each with the sentence after it when room allows (the consequence
usually follows), grouped under their passage's number so the answer can cite it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from survivorgraph.retrievers.types import ChunkEvidence

# ~680 tokens of passage text, against ~980 for the six passages cut whole: measured on the 104 narrative questions
# of the question sets (benchmarks/bench_passages.py), the prompt still holds the answer for 75 of the 78 whose
# passages hold it (1,600 chars: 59; 2,000: 68; 3,200: 76).
PROMPT_BUDGET_CHARS = 2800
WORD_WEIGHT = 0.03          # per question word a sentence shares: breaks ties between similar sentences
RANK_WEIGHT = 0.01          # per place down the retrieval ranking
LEAD_BONUS = 0.15           # a passage's first sentence: a summary opens with what happened, in other words
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])|\n+")
_WORD = re.compile(r"[a-z0-9']+")
_STOP = {"the", "a", "an", "of", "in", "on", "and", "or", "to", "who", "what", "which", "how", "why", "is", "was",
         "were", "did", "does", "do", "for", "with", "by", "has", "have", "had", "he", "she", "they", "it", "his",
         "her", "their", "at", "from", "that", "this", "as", "be", "survivor", "season", "episode"}

Embed = Callable[[list[str]], np.ndarray]  # texts -> L2-normalised rows


@dataclass(frozen=True)
class Excerpt:
    passage: int                 # the passage's number in the prompt (its retrieval rank, from 1)
    chunk: ChunkEvidence
    sentences: tuple[str, ...]   # in reading order; "…" marks a gap
    similarity: float | None = None  # the embedding cosine of its sentence most like the question (None: no embedder)


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def choose_excerpts(chunks: Sequence[ChunkEvidence], question: str, embed: Embed | None = None,
                    budget_chars: int = PROMPT_BUDGET_CHARS) -> list[Excerpt]:
    """The best sentences of `chunks` for `question`, at most `budget_chars` in all (a first sentence longer
    than the budget is cut), in passage order then reading order."""
    located = [(rank, i, sentence) for rank, chunk in enumerate(chunks)
               for i, sentence in enumerate(split_sentences(chunk.text))]
    if not located:
        return []
    asked = _words(question)
    scores = np.array([len(asked & _words(s)) * WORD_WEIGHT - rank * RANK_WEIGHT + (LEAD_BONUS if i == 0 else 0.0)
                       for rank, i, s in located])
    cosines = None
    if embed is not None:
        vectors = embed([question] + [s for _, _, s in located])
        cosines = vectors[1:] @ vectors[0]
        scores = scores + cosines
    position = {(rank, i): n for n, (rank, i, _) in enumerate(located)}
    chosen: set[int] = set()
    used = 0
    for n in np.argsort(-scores, kind="stable"):
        rank, i, _ = located[n]
        for m in (n, position.get((rank, i + 1))):
            if m is not None and m not in chosen and used + len(located[m][2]) <= budget_chars:
                chosen.add(m)
                used += len(located[m][2]) + 1
        if used >= budget_chars:
            break
    if not chosen:  # one sentence longer than the whole budget: its start
        return [Excerpt(1, chunks[0], (located[0][2][:budget_chars].rsplit(" ", 1)[0] + " …",))]
    excerpts = []
    for rank, chunk in enumerate(chunks):
        kept = sorted(located[n][1] for n in chosen if located[n][0] == rank)
        if not kept:
            continue
        sentences = split_sentences(chunk.text)
        shown: list[str] = []
        for k, i in enumerate(kept):
            if k and i != kept[k - 1] + 1:
                shown.append("…")
            shown.append(sentences[i])
        similarity = None if cosines is None else round(float(max(cosines[n] for n in chosen
                                                                    if located[n][0] == rank)), 4)
        excerpts.append(Excerpt(rank + 1, chunk, tuple(shown), similarity))
    return excerpts


def format_excerpts(excerpts: Sequence[Excerpt]) -> str:
    lines = []
    for excerpt in excerpts:
        chunk = excerpt.chunk
        where = ", ".join(p for p in (f"season {chunk.season}" if chunk.season else "",
                                      f"episode {chunk.episode}" if chunk.episode else "") if p)
        lines.append(f"[{excerpt.passage}] ({where or chunk.title}) {' '.join(excerpt.sentences)}")
    return "\n".join(lines)
