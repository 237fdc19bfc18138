"""The scripts of tools/ (not a package: run as ``python tools/x.py``),
loaded by file for the tests that call their ``main``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load(name: str):
    """The module of ``tools/<name>.py``, run afresh."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
