"""How `make app` (`survivorgraph app`) starts the page: Streamlit on APP_ADDRESS, usage statistics off.

The page has no authentication and can spend a paid API key's tokens, so it listens on loopback unless the
user says otherwise: APP_ADDRESS, or Streamlit's own options (STREAMLIT_SERVER_ADDRESS, or --server.address
among the extra arguments, which come last and so win).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

from survivorgraph.config import LOOPBACK, PROJECT_DIR, Settings

APP = PROJECT_DIR / "app.py"


def server_address(settings: Settings, environ: Mapping[str, str] = os.environ) -> str | None:
    """The address to pass to Streamlit; None leaves it to Streamlit's own STREAMLIT_SERVER_ADDRESS, when
    that is set and APP_ADDRESS keeps its default."""
    if environ.get("STREAMLIT_SERVER_ADDRESS") and settings.app_address == LOOPBACK:
        return None
    return settings.app_address


def streamlit_command(settings: Settings, extra_args: Sequence[str] = (),
                      environ: Mapping[str, str] = os.environ) -> list[str]:
    """The command line that serves the page: `python -m streamlit run app.py` with safe defaults."""
    command = [sys.executable, "-m", "streamlit", "run", str(APP)]
    address = server_address(settings, environ)
    if address:
        command += ["--server.address", address]
    return [*command, "--browser.gatherUsageStats", "false", *extra_args]
