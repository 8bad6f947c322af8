"""How much two short texts share their words: TF-IDF cosine over words and word pairs.

The example router mixes it with the embedding's cosine: the small embedder places two questions that share their
frame ("how many … did {person} …") near each other whatever they ask of it, and the words a frame leaves out
("immunity" against "reward", "votes" against "jury votes") are what a word score weighs most
(docs/example-router.md).
"""

from __future__ import annotations

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

# A placeholder ("{person}", "{season}") is one word, so "did {person} win" and "did {season} win" differ.
_TOKEN = r"\{\w+\}|\b\w+\b"


class WordIndex:
    """The texts as TF-IDF rows (each of unit length), against which a text is compared."""

    def __init__(self, texts: list[str]):
        self.vectorizer = TfidfVectorizer(ngram_range=(1, 2), token_pattern=_TOKEN, sublinear_tf=True)
        self.rows = self.vectorizer.fit_transform(texts) if texts else None

    def similarities(self, text: str) -> np.ndarray:
        """The cosine similarity of `text` to each indexed text (0 where they share no word)."""
        if self.rows is None:
            return np.zeros(0)
        return (self.rows @ self.vectorizer.transform([text]).T).toarray().ravel()
