"""Token-window chunker: windows measured with tiktoken, cut at sentence boundaries, never across sections.

Why 200 tokens with 40 of overlap by default: all-MiniLM-L6-v2 reads at most 256 WordPiece tokens
(about one per cl100k token on this corpus), so longer chunks would be silently truncated by the
embedder; and the local LLM's 1,500-token context wants short evidence.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

import tiktoken

from ingest.text.documents import Document
from survivorgraph.errors import ConfigError
from survivorgraph.tokenizer import load_encoding

DEFAULT_MAX_TOKENS = 200
DEFAULT_OVERLAP_TOKENS = 40

# A sentence ends at . ! ? (plus closing quotes/brackets) followed by whitespace; a line break always ends one.
_BOUNDARY = re.compile(r"[.!?][\"'”’)\]]*\s+|\n+")
# "B.B. Andersen", "Jeff Probst vs. ", "Jr. " are not sentence ends.
_NOT_AN_END = re.compile(r"(?:\b[A-Z]|\b(?:Mr|Mrs|Ms|Dr|Jr|Sr|St|Mt|vs|No|Lt|Gen|Sgt))[.]$")


@dataclass(frozen=True)
class Chunk:
    doc_id: str
    ordinal: int            # position in the document, 0-based
    section_index: int
    section: str            # section title, e.g. "Episode 6: Trial By Fire"
    episode: int | None
    text: str
    char_start: int         # offsets into Document.text
    char_end: int
    n_tokens: int

    @property
    def chunk_id(self) -> str:
        return f"{self.doc_id}#{self.ordinal:03d}"


@dataclass(frozen=True)
class _Unit:
    start: int
    end: int
    tokens: int


class Chunker:
    def __init__(self, max_tokens: int = DEFAULT_MAX_TOKENS, overlap_tokens: int = DEFAULT_OVERLAP_TOKENS,
                 encoding: tiktoken.Encoding | None = None):
        if max_tokens < 16 or not 0 <= overlap_tokens < max_tokens // 2:
            raise ConfigError(f"Chunk size {max_tokens} with overlap {overlap_tokens}: the size must be at least 16 "
                              "tokens and the overlap under half of it.")
        self.max_tokens = max_tokens
        self.overlap_tokens = overlap_tokens
        self.encoding = encoding or load_encoding()

    @property
    def signature(self) -> str:
        """Changes when the same document would be cut differently (stored with the index)."""
        return f"{self.encoding.name}:{self.max_tokens}/{self.overlap_tokens}:v1"

    def count(self, text: str) -> int:
        return len(self.encoding.encode(text, disallowed_special=()))

    def chunk(self, doc: Document) -> list[Chunk]:
        chunks: list[Chunk] = []
        for index, (section, offset) in enumerate(zip(doc.sections, doc.section_starts)):
            for start, end in self.windows(section.text):
                text = section.text[start:end]
                chunks.append(Chunk(doc.doc_id, len(chunks), index, section.title, section.episode, text,
                                    offset + start, offset + end, self.count(text)))
        return chunks

    def windows(self, text: str) -> list[tuple[int, int]]:
        """(start, end) character spans of the chunks of one section."""
        units = self._units(text)
        if not units:
            return []
        total = sum(u.tokens for u in units)
        step = self.max_tokens - self.overlap_tokens
        # Spread the text evenly over the fewest windows, rather than leaving a runt at the end.
        n_windows = max(1, math.ceil((total - self.overlap_tokens) / step))
        target = min(self.max_tokens, math.ceil((total + (n_windows - 1) * self.overlap_tokens) / n_windows))
        spans, i = [], 0
        while i < len(units):
            j, size = i, 0
            while j < len(units) and size + units[j].tokens <= self.max_tokens and (size < target or j == i):
                size += units[j].tokens
                j += 1
            spans.append((units[i].start, units[j - 1].end))
            if j >= len(units):
                break
            i = self._overlap_start(units, i, j)
        return spans

    def _overlap_start(self, units: list[_Unit], first: int, end: int) -> int:
        """Where the next window starts: whole trailing sentences of this one, up to the overlap budget."""
        k, carried = end, 0
        while k - 1 > first and carried + units[k - 1].tokens <= self.overlap_tokens:
            k -= 1
            carried += units[k].tokens
        return k

    def _units(self, text: str) -> list[_Unit]:
        units = []
        for start, end in _sentences(text):
            tokens = self.count(text[start:end])
            if tokens <= self.max_tokens:
                units.append(_Unit(start, end, tokens))
            else:
                units.extend(self._split_long(text, start, end))
        return units

    def _split_long(self, text: str, start: int, end: int) -> list[_Unit]:
        """A sentence longer than a window: cut at token boundaries into pieces that fit."""
        ids = self.encoding.encode(text[start:end], disallowed_special=())
        _, offsets = self.encoding.decode_with_offsets(ids)
        piece = self.max_tokens - self.overlap_tokens
        cuts = [offsets[i] for i in range(0, len(ids), piece)] + [end - start]
        return [_Unit(start + a, start + b, len(ids[i * piece:(i + 1) * piece]))
                for i, (a, b) in enumerate(itertools.pairwise(cuts)) if b > a]


def _sentences(text: str) -> list[tuple[int, int]]:
    """Spans of sentences, whitespace trimmed off both ends."""
    spans, start = [], 0
    for m in _BOUNDARY.finditer(text):
        if m.group(0)[0] != "\n" and _NOT_AN_END.search(text[max(0, m.start() - 4):m.start() + 1]):
            continue
        end = m.start() + len(m.group(0).rstrip())
        spans.append((start, end))
        start = m.end()
    spans.append((start, len(text)))
    trimmed = []
    for a, b in spans:
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            trimmed.append((a, b))
    return trimmed
