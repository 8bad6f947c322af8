"""Write the final answer from evidence: with an LLM (rows or chunks only), or extractively without one."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import closing
from typing import Any

from survivorgraph.agent.phrases import NUMBER_WORDS, ORDINALS
from survivorgraph.retrievers import prompts
from survivorgraph.retrievers.passages import Excerpt, format_excerpts
from survivorgraph.retrievers.types import ChunkEvidence

ANSWER_MAX_TOKENS = 200


def write_answer(llm, messages: list[dict[str, str]], on_text: Callable[[str], None] | None = None,
                 grammar: str | None = None) -> str:
    """The model's answer; streamed piece by piece to `on_text` when given (the page shows it as it comes).
    `grammar`: GBNF the answer is written under, where the provider takes one (retrievers.citations)."""
    if on_text is None:
        return llm.complete(messages, max_tokens=ANSWER_MAX_TOKENS, label="answer", grammar=grammar).content.strip()
    pieces = []
    # closing(): a reader that raises (a cancelled run) ends the request now, not when the frame is collected
    with closing(llm.stream(messages, max_tokens=ANSWER_MAX_TOKENS, label="answer", grammar=grammar)) as stream:
        for delta in stream:
            pieces.append(delta)
            on_text(delta)
    return "".join(pieces).strip()


_AFTER_SENTENCE = re.compile(r"((?<=[.!?])\s+)")
_CITATIONS = re.compile(r"\[\d+\]")


def without_repeats(answer: str) -> tuple[str, int]:
    """The answer with each of its sentences once, and how many repeats were dropped: a small model caught in a
    loop writes one sentence again and again, and the repeats say nothing more."""
    pieces = _AFTER_SENTENCE.split(answer)  # sentence, space, sentence, …
    seen: set[str] = set()
    kept, dropped = [], 0
    for i in range(0, len(pieces), 2):
        key = " ".join(_CITATIONS.sub("", pieces[i]).lower().split())
        if key and key in seen:
            dropped += 1
            continue
        seen.add(key)
        kept.append(pieces[i] + (pieces[i + 1] if i + 1 < len(pieces) else ""))
    return ("".join(kept).strip(), dropped) if dropped else (answer, 0)


NO_ROWS = "The graph has no rows for this question, so the data does not show an answer."
NO_PASSAGES = "No passage was retrieved for this question, so the text does not show an answer."


def rows_messages(question: str, rows: Sequence[dict[str, Any]], cypher: str,
                  truncated: bool = False) -> list[dict[str, str]]:
    return [{"role": "system", "content": prompts.ANSWER_SYSTEM},
            {"role": "user", "content": prompts.ROWS_USER.format(
                question=question, cypher=cypher.strip(), count=len(rows),
                truncated=", truncated at the row cap" if truncated else "", rows=prompts.format_rows(rows))}]


def chunks_messages(question: str, excerpts: Sequence[Excerpt]) -> list[dict[str, str]]:
    """The prompt with the passages' sentences that bear on the question (passages.choose_excerpts)."""
    return [{"role": "system", "content": prompts.ANSWER_SYSTEM},
            {"role": "user", "content": prompts.CHUNKS_USER.format(question=question,
                                                                   passages=format_excerpts(excerpts))}]


def format_passages(chunks: Sequence[ChunkEvidence], question: str = "", max_chars: int = 900) -> str:
    parts = []
    for i, chunk in enumerate(chunks, 1):
        where = ", ".join(p for p in (f"season {chunk.season}" if chunk.season else "",
                                      f"episode {chunk.episode}" if chunk.episode else "") if p)
        parts.append(f"[{i}] ({where or chunk.title}) {focused_snippet(chunk.text, question, max_chars)}")
    return "\n".join(parts)


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")
_WORD = re.compile(r"[a-z0-9']+")
_STOP = {"the", "a", "an", "of", "in", "on", "and", "or", "to", "who", "what", "which", "how", "why", "is", "was",
         "were", "did", "does", "do", "for", "with", "by", "has", "have", "had", "he", "she", "they", "it", "his",
         "her", "their", "at", "from", "that", "this", "as", "be", "survivor"}


def focused_snippet(text: str, question: str, max_chars: int = 900) -> str:
    """The passage cut to `max_chars` around the sentences that share the most words with the question,
    kept in reading order — so a small model sees the relevant part of a long chunk, not its opening."""
    if len(text) <= max_chars or not question:
        return text if len(text) <= max_chars else text[:max_chars].rsplit(" ", 1)[0] + " …"
    asked = {w for w in _WORD.findall(question.lower()) if w not in _STOP}
    sentences = [x.strip() for x in _SENTENCE.split(text) if x.strip()]
    scores = [len(asked & set(_WORD.findall(sentence.lower()))) for sentence in sentences]
    chosen: set[int] = set()
    used = 0
    for i in sorted(range(len(sentences)), key=lambda j: (-scores[j], j)):
        for j in (i, i + 1):  # a sentence and the one after it (the consequence usually follows)
            if j < len(sentences) and j not in chosen and used + len(sentences[j]) <= max_chars:
                chosen.add(j)
                used += len(sentences[j]) + 1
    kept = sorted(chosen)
    pieces = []
    for n, j in enumerate(kept):
        if n and j != kept[n - 1] + 1:
            pieces.append("…")
        pieces.append(sentences[j])
    return " ".join(pieces) or text[:max_chars]


def extractive_rows(rows: Sequence[dict[str, Any]], limit: int = 50, question: str = "") -> str:
    """No model: the rows themselves, readably, labelled as such. Given the question, a list leaves out the
    columns that name other people or places than its own items (whom a juror voted for, a season's location,
    which is another season's name) unless the question asks about them; the evidence table keeps them all."""
    if not rows:
        return "No rows matched."
    shown = _shown_columns(rows, question) if question else list(rows[0])
    if len(rows) == 1 and len(shown) <= 4:
        return "; ".join(f"{k}: {_short(rows[0].get(k))}" for k in shown)
    lines = [", ".join(f"{k}: {_short(row.get(k))}" for k in shown if k in row) for row in rows[:limit]]
    more = f"\n… and {len(rows) - limit} more rows" if len(rows) > limit else ""
    return "\n".join(f"- {line}" for line in lines) + more


def unshown_columns(rows: Sequence[dict[str, Any]], question: str) -> set[str]:
    """The columns a list of these rows leaves out for this question (`_shown_columns`): names of other people or
    places than the list's own items that the question does not ask about; none for one row."""
    columns = list(dict.fromkeys(c for row in rows for c in row))
    return set(columns) - set(_shown_columns(rows, question)) if question else set()


def holds_names(column: str) -> bool:
    """A column whose values are names of people, seasons or places (not a number, a date or a result)."""
    return column in _OTHER_NAMES


def _shown_columns(rows: Sequence[dict[str, Any]], question: str) -> list[str]:
    """Every column but those naming other people or places than the ones the rows list (a juror's vote, a
    season's location or winner), unless the question asks about them; one row keeps all its columns."""
    columns = list(dict.fromkeys(c for row in rows for c in row))
    if len(rows) < 2:
        return columns
    asked = set(_WORD.findall(question.lower()))
    answer = _answer_column(rows, question)

    def asked_for(column: str) -> bool:
        # the words that ask for it; a column's own name words otherwise ("went" in went_with is not one)
        words = set(_ASKED_AS.get(column, ())) or {w for w in column.split("_") if len(w) > 2}
        return any(w in asked or w.rstrip("s") in asked for w in words)
    return [c for i, c in enumerate(columns)
            if i == 0 or c == answer or c not in _OTHER_NAMES or asked_for(c)]


def extractive_chunks(chunks: Sequence[ChunkEvidence], limit: int = 2, question: str = "") -> str:
    if not chunks:
        return "No passage matched."
    best = chunks[:limit]
    return "\n\n".join(f"[{i}] {_passage_excerpt(c.text, question, c.title)}" for i, c in enumerate(best, 1))


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_QUESTION_WORD = re.compile(r"[A-Za-z][a-z'-]{3,}")
_PLAIN = {"what", "when", "where", "which", "while", "with", "that", "this", "they", "them", "their", "there",
          "have", "happened", "happen", "about", "tell", "from", "into", "were", "does", "season", "episode",
          "right", "survivor", "game", "show", "lasted", "barely", "really"}
_PLAIN_STEMS = frozenset(w[:5] for w in _PLAIN)


def _stems(text: str) -> set[str]:
    return {w.lower()[:5] for w in _QUESTION_WORD.findall(text)}


def _passage_excerpt(text: str, question: str, title: str = "", limit: int = 500) -> str:
    """At most `limit` characters of a passage: its start, or, when the question's own words ("Bruce", "pulled")
    are told later, the sentences from the one that says most of them (the moment asked about is often past the
    first 500 characters of an episode's summary). The passage's title words (the season's name) do not count."""
    if len(text) <= limit or not question:
        return _cut(text, limit)
    asked = _stems(question) - _stems(title) - _PLAIN_STEMS
    sentences = [x for x in _SENTENCE_END.split(text) if x.strip()]
    scores = [len(asked & _stems(x)) for x in sentences]
    shown = 0  # the sentences the start already shows
    while shown < len(sentences) and len(" ".join(sentences[:shown + 1])) <= limit:
        shown += 1
    best = max(range(len(scores)), key=lambda i: scores[i], default=0)
    if not scores or scores[best] <= max(scores[:shown], default=0):
        return _cut(text, limit)
    return "… " + _cut(" ".join(sentences[best:]), limit)


def _cut(text: str, limit: int) -> str:
    """At most `limit` characters, ending at a word: a name cut in half ("Genevie") is a name no passage holds."""
    if len(text) <= limit:
        return text
    head = text[:limit + 1].rsplit(None, 1)[0] if " " in text[:limit + 1] else text[:limit]
    return head.rstrip(" ,;:") + " …"


def _short(value: Any, limit: int = 200) -> str:
    if isinstance(value, list):
        text = ", ".join(str(v) for v in value)
    else:
        text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


# -- the faithfulness guard -----------------------------------------------------------------------------
NAME_COLUMNS = ("player", "winner", "juror", "finalist", "tribe", "voted_for", "voter", "season_name", "name")
_ID_COLUMNS = {"castaway_id", "player_id", "voted_out_by_id", "voter_id", "voted_for_id", "winner_id", "version",
               "definition"}
# Columns whose values are names of other people, seasons or places than a list's own items, and the words that
# ask for them.
_OTHER_NAMES = set(NAME_COLUMNS) | {"location", "country", "jurors", "winner_name", "played_by", "found_by",
                                    "played_for", "voted_out", "season_names", "faced", "went_with", "outcomes",
                                    "played_for_id", "left_the_game"}
_ASKED_AS = {"location": ("where", "filmed", "shot", "place", "location"), "country": ("where", "filmed", "shot",
                                                                                    "country"),
             "voted_for": ("vote", "voted", "votes"), "winner": ("won", "win", "winner", "winners"),
             "season_name": ("season", "seasons", "name"), "jurors": ("jury", "juror", "jurors"),
             "faced": ("face", "faced", "against", "opponents"), "went_with": ("with", "else", "together"),
             "played_by": ("play", "played", "used"), "outcomes": ("safe", "outcome", "outcomes", "each", "everyone"),
             "played_for_id": ("after", "target", "targeted", "played"),
             "played_for": ("after", "target", "targeted", "played"),
             "left_the_game": ("out", "home", "left", "eliminated", "boot", "booted")}
_WORD = re.compile(r"[a-z]+")


def _holds_names(rows: Sequence[dict[str, Any]], column: str) -> bool:
    values = [r.get(column) for r in rows if r.get(column) is not None]
    return bool(values) and all(isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
                                for v in values)


def _name_column(rows: Sequence[dict[str, Any]], question: str = "") -> str | None:
    """The column of names the answer is about: a `<verb>_by` column whose verb the question uses ("who found
    an idol" -> found_by), else the first of NAME_COLUMNS that holds text, else any `<verb>_by` column."""
    if not rows:
        return None
    by_columns = [c for c in rows[0] if c.endswith("_by") and _holds_names(rows, c)]
    asked = question.lower()
    for column in by_columns:
        if re.search(rf"\b{re.escape(column[:-3][:4])}", asked):
            return column
    first = next(iter(rows[0]))
    if first in NAME_COLUMNS and _holds_names(rows, first):  # the column a shape put first ("who … voter")
        return first
    named = next((c for c in NAME_COLUMNS if c in rows[0] and _holds_names(rows, c)), None)
    return named or (by_columns[0] if by_columns else None)


_ASKS_SEASONS = re.compile(r"\b(which|what) seasons?\b|\bseasons? (did|has|have|was|were)\b", re.I)


def _answer_column(rows: Sequence[dict[str, Any]], question: str = "") -> str | None:
    """The column the answer lists: the season numbers when the question asks "which seasons" (the rows of a
    career name the same person each time), else the name column."""
    if question and _ASKS_SEASONS.search(question) and rows and isinstance(rows[0].get("season"), int):
        return "season"
    return _name_column(rows, question)


def _names(rows: Sequence[dict[str, Any]], column: str) -> list[str]:
    names: list[str] = []
    for row in rows:
        value = row.get(column)
        for name in value if isinstance(value, list) else [value] if value is not None else []:
            names.append(str(name))
    return list(dict.fromkeys(names))


RANKING_METRICS = ("wins", "seasons_played", "eliminations", "votes_received", "found", "confessionals")
# A ranking is what the question asks for, not only what the rows look like: "which players played 3 or
# more seasons" returns rows with seasons_played too, and wants every one of them named.
_SUPERLATIVE = re.compile(r"\b(most|least|fewest|top|highest|lowest|record|leader|leads|leading|best|biggest|"
                          r"more than anyone|oldest|youngest|longest|shortest|greatest|largest|earliest|latest)\b",
                          re.I)


def key_facts(rows: Sequence[dict[str, Any]], max_names: int = 20, question: str = "",
              asked: str | None = None) -> list[str]:
    """What a faithful answer from these rows must mention: for one row the value of the column the part asks
    for (`asked`, its focus: the place in "how far did she get") and its name (or its first number); for a
    ranking the leader and its metric; for a list every name (the first, if long); and any total every row
    shares (n_players)."""
    if not rows:
        return []
    name = _answer_column(rows, question)
    first = rows[0]
    facts: list[str] = []
    if len(rows) == 1:
        value = first.get(asked) if asked and asked != name else None
        if isinstance(value, int) and not isinstance(value, bool):  # a number; words are written many ways
            facts.append(str(value))
        if name:
            facts += _names(rows, name)[:max_names]
        else:
            number = next((v for k, v in first.items() if isinstance(v, int) and not isinstance(v, bool)
                           and k not in _ID_COLUMNS), None)
            facts += [str(number)] if number is not None else []
        return facts
    if is_ranking(rows, question):
        metric = next(c for c in RANKING_METRICS if c in first)
        # The leader and its score; a ranking of things without names (episode numbers) leads by its key.
        facts += [_names(rows[:1], name)[0], str(first[metric])] if name and _names(rows[:1], name) else \
            [str(next(iter(first.values())))]
    elif name:
        # Seasons are answered by number as often as by name: a list of seasons is checked by number.
        names = [str(r["season"]) for r in rows if r.get("season") is not None] \
            if name == "season_name" and "season" in first else _names(rows, name)
        facts += names if len(names) <= max_names else names[:1]
    facts += [str(v) for k, v in first.items() if k.startswith(("n_", "total")) and isinstance(v, int)
              and all(r.get(k) == v for r in rows)]
    return list(dict.fromkeys(facts))


def is_ranking(rows: Sequence[dict[str, Any]], question: str | None = None) -> bool:
    """Rows ordered by a metric, asked about as a ranking (no question: the rows' shape alone decides)."""
    shaped = len(rows) > 1 and any(c in rows[0] for c in RANKING_METRICS)
    return shaped and (question is None or not question or asks_for_a_ranking(question))


def asks_for_a_ranking(question: str) -> bool:
    """The question asks for the top (or bottom) of a ranking: "who received the most votes"."""
    return _SUPERLATIVE.search(question) is not None


def missing_facts(answer: str, facts: Sequence[str]) -> list[str]:
    """The facts (from key_facts) the answer does not mention as a whole word; a number in any of its spellings
    ("3", "3rd", "three", "third")."""
    text = answer.lower()
    return [f for f in facts if not re.search(rf"(?<![0-9a-z])(?:{_spellings(f.lower())})(?![0-9a-z])", text)]


def _spellings(fact: str) -> str:
    if not fact.isdigit():
        return re.escape(fact)
    words = [w for w, n in (*NUMBER_WORDS.items(), *ORDINALS.items()) if n == int(fact) and w not in ("once", "twice")]
    return "|".join([rf"{fact}(?:st|nd|rd|th)?", *words])


def data_summary(rows: Sequence[dict[str, Any]], max_names: int = 60, question: str = "") -> str:
    """A compact, exact restatement of rows, appended when a model's answer left facts out."""
    name = _answer_column(rows, question)
    if len(rows) == 1 or not name:
        row = rows[0]
        return "; ".join(f"{k}: {_short(v)}" for k, v in row.items() if k not in _ID_COLUMNS and v is not None)
    names = _names(rows, name)
    shared = [f"{k}: {v}" for k, v in rows[0].items() if k not in _ID_COLUMNS and k != name and isinstance(v, int)
              and not isinstance(v, bool) and all(r.get(k) == v for r in rows)]
    if is_ranking(rows, question):
        top = "; ".join(f"{k}: {_short(v)}" for k, v in rows[0].items() if k not in _ID_COLUMNS and v is not None)
        return f"top: {top}" + (f" ({', '.join(shared)})" if shared else "")
    listed = ", ".join(names[:max_names]) + (f" … ({len(names)} in all)" if len(names) > max_names else "")
    noun = "seasons" if name == "season" else "names"  # what the list lists, not "rows"
    return f"{len(names)} {noun}: {listed}" + (f" ({', '.join(shared)})" if shared else "")
