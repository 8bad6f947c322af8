"""A grammar written once in GBNF (llama.cpp's grammar format), read by two engines.

llama.cpp enforces the GBNF text while the model writes (`grammar` on its chat endpoint); Lark's Earley parser
reads the same rules to answer "could this text have been written under the grammar?" — the tests' proof that
the grammar admits every query the product writes, and forbids what it must forbid. One source, so the two
cannot drift: `to_lark` is a mechanical translation (rule names' dashes to underscores, character classes to
regular expressions, `{m,n}` to `~ m..n`). Rules named in `terminals` are given to Lark as one regular
expression each (identifiers, strings, numbers, white space), which keeps its parse fast; their GBNF and
their expression must describe the same strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

_TOKEN = re.compile(r'''\s+|"(?:[^"\\]|\\.)*"|\[(?:[^\]\\]|\\.)*\]|\{\d+(?:,\d*)?\}|[A-Za-z][A-Za-z0-9-]*|[()|?*+]''')


def literal(text: str) -> str:
    """A GBNF string literal for text (both engines read the same escapes)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def choice(items) -> str:
    """Alternatives (each already GBNF) as one group, in a stable order."""
    items = sorted(set(items), key=lambda s: (-len(s), s))
    if not items:
        raise ValueError("a choice needs at least one alternative")
    return items[0] if len(items) == 1 else "(" + " | ".join(items) + ")"


@dataclass
class Grammar:
    """GBNF rules, `root` first. `terminals`: rule name -> the regular expression Lark uses for it."""

    rules: dict[str, str]
    terminals: dict[str, str] = field(default_factory=dict)

    @cached_property
    def gbnf(self) -> str:
        return "\n".join(f"{name} ::= {body}" for name, body in self.rules.items()) + "\n"

    @cached_property
    def lark(self) -> str:
        lines = []
        for name, body in self.rules.items():
            if name in self.terminals:
                lines.append(f"{_lark_name(name)}: {_terminal_name(name)}")
                lines.append(f"{_terminal_name(name)}: /{self.terminals[name]}/")
            else:
                lines.append(f"{_lark_name(name)}: {_to_lark(body)}")
        return "\n".join(lines) + "\n"

    @cached_property
    def _parser(self):
        from lark import Lark

        return Lark(self.lark, start="root", parser="earley", lexer="dynamic")

    def mismatch(self, text: str) -> str | None:
        """None when the grammar produces `text`; else where it stops, in words."""
        from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF

        try:
            self._parser.parse(text)
        except UnexpectedCharacters as exc:
            return f"not allowed at line {exc.line} column {exc.column}: {text[exc.pos_in_stream:][:40]!r}"
        except UnexpectedEOF:
            return "the query ends too early"
        except LarkError as exc:
            return str(exc).splitlines()[0]
        return None


def _lark_name(name: str) -> str:
    return name.replace("-", "_").lower()


def _terminal_name(name: str) -> str:
    return _lark_name(name).upper() + "_T"


def _to_lark(body: str) -> str:
    out = []
    for token in _TOKEN.findall(body):
        if token.isspace():
            continue
        if token.startswith("["):
            out.append("/" + token.replace("/", "\\/") + "/")
        elif token.startswith("{"):
            low, comma, high = token[1:-1].partition(",")
            if comma and not high:
                raise ValueError(f"open repetition {token} has no Lark form: write it as {{m}} then *")
            out.append(f"~ {low}..{high}" if comma else f"~ {low}")
        elif token[0].isalpha():
            out.append(_lark_name(token))
        else:
            out.append(token)
    return " ".join(out)
