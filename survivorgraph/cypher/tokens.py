"""A small Cypher tokenizer: string literals, backtick names, comments and parameters read properly.

The safety check, the dialect rewrites and the schema check all need to know whether a word is a
keyword, an identifier, or text inside a string literal (`WHERE p.name = 'Create'` writes nothing).
Offsets index the text that was tokenized, so callers can splice rewrites back into it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Token kinds
WORD = "word"          # keyword, identifier, function name (ASCII letters, digits, underscore)
NAME = "name"          # `backtick quoted` identifier: never a keyword
STRING = "string"      # 'single' or "double" quoted literal, backslash escapes
NUMBER = "number"
PARAM = "param"        # $name
PUNCT = "punct"        # one operator or bracket
COMMENT = "comment"    # // line or /* block */ (only when asked for)

_MULTI_PUNCT = ("<>", "<=", ">=", "=~", "!=", "..", "+=", "::")
_NUMBER = re.compile(r"0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "\\": "\\", "'": "'", '"': '"'}


class CypherTokenError(ValueError):
    """The text cannot be split into Cypher tokens (an unterminated string, comment or name)."""

    def __init__(self, message: str, offset: int):
        super().__init__(f"{message} (at offset {offset})")
        self.offset = offset


@dataclass(frozen=True)
class Token:
    kind: str
    text: str          # exactly as written
    start: int
    end: int
    value: str = ""    # unescaped content of a STRING or NAME; upper-case text of a WORD

    def is_word(self, *words: str) -> bool:
        """True for an unquoted word equal (case-insensitively) to one of `words`."""
        return self.kind == WORD and self.value in words

    def is_punct(self, *symbols: str) -> bool:
        return self.kind == PUNCT and self.text in symbols

    @property
    def identifier(self) -> str | None:
        """The identifier this token names (a word as written, or a backtick name), else None."""
        if self.kind == WORD:
            return self.text
        if self.kind == NAME:
            return self.value
        return None


def tokenize(text: str, *, keep_comments: bool = False) -> list[Token]:
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            if keep_comments:
                tokens.append(Token(COMMENT, text[i:end], i, end))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise CypherTokenError("unterminated /* comment", i)
            if keep_comments:
                tokens.append(Token(COMMENT, text[i:end + 2], i, end + 2))
            i = end + 2
        elif ch in "'\"":
            end, value = _read_string(text, i)
            tokens.append(Token(STRING, text[i:end], i, end, value))
            i = end
        elif ch == "`":
            end, value = _read_backticks(text, i)
            tokens.append(Token(NAME, text[i:end], i, end, value))
            i = end
        elif ch == "$":
            m = _WORD.match(text, i + 1) or re.compile(r"\d+").match(text, i + 1)
            if m:
                tokens.append(Token(PARAM, text[i:m.end()], i, m.end(), m.group()))
                i = m.end()
            elif i + 1 < n and text[i + 1] == "`":
                end, value = _read_backticks(text, i + 1)
                tokens.append(Token(PARAM, text[i:end], i, end, value))
                i = end
            else:
                tokens.append(Token(PUNCT, "$", i, i + 1))
                i += 1
        elif (m := _NUMBER.match(text, i)) and (ch.isdigit() or not _follows_value(tokens)):
            tokens.append(Token(NUMBER, m.group(), i, m.end()))
            i = m.end()
        elif m := _WORD.match(text, i):
            tokens.append(Token(WORD, m.group(), i, m.end(), m.group().upper()))
            i = m.end()
        else:
            symbol = next((p for p in _MULTI_PUNCT if text.startswith(p, i)), ch)
            tokens.append(Token(PUNCT, symbol, i, i + len(symbol)))
            i += len(symbol)
    return tokens


def _follows_value(tokens: list[Token]) -> bool:
    # ".5" is a number, but in "n.5"-like property chains or "1..5" ranges the dot is punctuation.
    return bool(tokens) and (tokens[-1].kind in (WORD, NAME, NUMBER, PARAM) or tokens[-1].is_punct(")", "]", "}"))


def _read_string(text: str, start: int) -> tuple[int, str]:
    quote, i, out = text[start], start + 1, []
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2:i + 6]):
                out.append(chr(int(text[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append(_ESCAPES.get(nxt, "\\" + nxt))
            i += 2
            continue
        if ch == quote:
            return i + 1, "".join(out)
        out.append(ch)
        i += 1
    raise CypherTokenError("unterminated string literal", start)


def _read_backticks(text: str, start: int) -> tuple[int, str]:
    i, out = start + 1, []
    while i < len(text):
        if text[i] == "`":
            if text.startswith("``", i):  # a doubled backtick is a literal backtick
                out.append("`")
                i += 2
                continue
            return i + 1, "".join(out)
        out.append(text[i])
        i += 1
    raise CypherTokenError("unterminated `backtick` name", start)


_OPENERS = {"(": ")", "[": "]", "{": "}"}


def matching_close(tokens: list[Token], index: int) -> int:
    """Index of the bracket closing tokens[index]; -1 when it is never closed."""
    opener = tokens[index].text
    closer, depth = _OPENERS[opener], 0
    for j in range(index, len(tokens)):
        if tokens[j].is_punct(opener):
            depth += 1
        elif tokens[j].is_punct(closer):
            depth -= 1
            if depth == 0:
                return j
    return -1


def dotted_name(tokens: list[Token], index: int) -> tuple[str, int]:
    """Read `a.b.c` (words or backtick names) starting at index; return the name and the next index."""
    parts, j = [], index
    while j < len(tokens) and tokens[j].identifier is not None:
        parts.append(tokens[j].identifier)
        if j + 2 < len(tokens) and tokens[j + 1].is_punct(".") and tokens[j + 2].identifier is not None:
            j += 2
        else:
            j += 1
            break
    return ".".join(parts), j


def splice(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply non-overlapping (start, end, replacement) edits to text."""
    out, last = [], 0
    for start, end, replacement in sorted(edits):
        out.append(text[last:start])
        out.append(replacement)
        last = end
    out.append(text[last:])
    return "".join(out)
