"""LLM tuning knobs, declared in `survivorgraph.config.SETTINGS` and read (environment, then `.env`) here."""

from __future__ import annotations

import os
from dataclasses import dataclass

from survivorgraph.config import SETTINGS, raw_values
from survivorgraph.errors import ConfigError

LLM_SETTINGS = ("LLM_TIMEOUT_S", "LLM_MAX_RETRIES", "LLM_NATIVE_TOOLS", "LLM_CTX_SIZE", "LLM_THREADS",
                "LLM_CONCURRENCY", "LLM_PIN_SLOTS", "LLM_GRAMMAR")


@dataclass(frozen=True)
class LLMOptions:
    timeout_s: float = 180.0
    max_retries: int = 2
    native_tools: str = "auto"
    ctx_size: int = 6144
    threads: int = 0
    concurrency: int = 1
    pin_slots: bool = True
    grammar: str = "auto"

    @classmethod
    def from_env(cls) -> LLMOptions:
        defaults = {setting.env: setting.default for setting in SETTINGS}
        values = raw_values()
        raw = {env: values[env].strip() or defaults[env] for env in LLM_SETTINGS}
        tools = raw["LLM_NATIVE_TOOLS"].lower()
        if tools not in ("auto", "on", "off"):
            raise ConfigError(f"LLM_NATIVE_TOOLS={tools!r}: use auto, on or off.")
        grammar = raw["LLM_GRAMMAR"].lower()
        if grammar not in ("auto", "on", "off"):
            raise ConfigError(f"LLM_GRAMMAR={grammar!r}: use auto, on or off.")
        pin = raw["LLM_PIN_SLOTS"].lower()
        if pin not in ("on", "off"):
            raise ConfigError(f"LLM_PIN_SLOTS={pin!r}: use on or off.")
        return cls(
            timeout_s=_number("LLM_TIMEOUT_S", raw["LLM_TIMEOUT_S"], float, minimum=1),
            max_retries=_number("LLM_MAX_RETRIES", raw["LLM_MAX_RETRIES"], int, minimum=0),
            native_tools=tools,
            ctx_size=_number("LLM_CTX_SIZE", raw["LLM_CTX_SIZE"], int, minimum=512),
            threads=_number("LLM_THREADS", raw["LLM_THREADS"], int, minimum=0),
            concurrency=_number("LLM_CONCURRENCY", raw["LLM_CONCURRENCY"], int, minimum=1),
            pin_slots=pin == "on",
            grammar=grammar,
        )

    @property
    def server_threads(self) -> int:
        return self.threads or os.cpu_count() or 2


def _number(name: str, raw: str, kind: type, *, minimum: float):
    try:
        value = kind(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a number; fix it in the environment.") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, got {value}.")
    return value
