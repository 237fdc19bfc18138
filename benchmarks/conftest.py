"""Collect ``bench_*.py`` files here as test modules (pytest only looks for test_*.py).

pytest benchmarks                              # full timings
pytest benchmarks --benchmark-disable          # quick mode (CI): each body runs once
pytest benchmarks --benchmark-autosave         # save, then compare runs with
pytest-benchmark compare 0001 0002 --group-by=group
"""

from __future__ import annotations

import pytest


def pytest_collect_file(parent, file_path):
    # A file named on the command line is collected by pytest itself already.
    if file_path.suffix == ".py" and file_path.name.startswith("bench_") and not parent.session.isinitpath(file_path):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
