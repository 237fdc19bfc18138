"""The wheel a non-editable `pip install .` builds: compiled core, word lists
as package data, no Cython sources, generated C or test oracles (slow: it compiles)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from wordle_opt.listsets import SETS
from wordle_opt.openers.tables import manifest

ROOT = Path(__file__).resolve().parents[1]
LISTS = {p.name for p in (ROOT / "wordlists").glob("*.txt")}


@pytest.mark.slow
@pytest.mark.skipif(not (ROOT / "setup.py").exists(), reason="needs the source checkout")
def test_wheel_has_core_and_lists_and_no_sources(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    [wheel] = tmp_path.glob("wordle_opt-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.rsplit("/", 1)[-1] for n in names if n.startswith("wordle_opt/wordlist_data/")} >= LISTS | {
        "README.md",
        "LICENSE-nyt-answers-3158",
        "LICENSE-pyspellchecker",
    }
    assert LISTS == {f for ls in SETS.values() for f in (ls.answers_file, ls.guesses_file)}  # every bundled set's files
    for ext in (
        "_core",
        "_heuristics",
        "_bounds",
        "_caps",
        "_core_wide",
        "_heuristics_wide",
        "_bounds_wide",
        "_caps_wide",
    ):
        assert any(n.startswith(f"wordle_opt/core/{ext}.") and n.endswith(".so") for n in names), ext
    assert not [n for n in names if n.endswith((".pyx", ".c", ".tp"))]
    assert {"wordle_opt/core/_core.pyi", "wordle_opt/core/_core_wide.pyi", "wordle_opt/py.typed"} <= set(names)
    # every subpackage, and no test oracle (they live in tests/, beside the tests)
    for sub in ("core", "trees", "solver", "openers", "strategies", "reviews", "games", "assistant", "cli", "web"):
        assert f"wordle_opt/{sub}/__init__.py" in names, sub
    assert not [n for n in names if "oracle" in n or n.startswith("tests/") or n.endswith("_ref.py")]
    # the bundled opener rankings and their manifest (wordle_opt.openers.tables)
    tables = {f"wordle_opt/openers/table_data/{e['file']}" for e in manifest()}
    assert tables and tables | {"wordle_opt/openers/table_data/manifest.json"} <= set(names)
    # the web page's own files, so `serve` works offline from the wheel
    static = ROOT / "wordle_opt" / "web" / "static"
    assert {f"wordle_opt/web/static/{f.name}" for f in static.iterdir()} <= set(names)
    assert {f"wordle_opt/web/static/{f}" for f in ("index.html", "app.js", "shared.js", "play.js")} <= set(names)


@pytest.mark.slow
@pytest.mark.skipif(not (ROOT / "setup.py").exists(), reason="needs the source checkout")
def test_a_build_in_a_new_folder_reuses_the_up_to_date_in_place_core(tmp_path):
    # pip's editable install builds in a new temporary folder each time: adding
    # an extra (pip install -e ".[web]") compiled all eight modules again (issue 49)
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", "build", "site", "__pycache__", "*.egg-info"))

    def build(*args):
        r = subprocess.run([sys.executable, "setup.py", "build_ext", *args], cwd=src, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[-2000:]
        return r.stdout + r.stderr

    build("--inplace")  # (compiles only what is out of date, and records the directives)
    # C files older than what cythonize sees them depend on, as in pip's isolated
    # build, whose fresh Cython and numpy .pxd files are newer than every C file
    for c_file in (src / "wordle_opt" / "core").glob("*.c"):
        os.utime(c_file, (0, 0))
    out = build("--build-lib", str(tmp_path / "lib"), "--build-temp", str(tmp_path / "temp"))
    built = sorted(p.name.split(".")[0] for p in (tmp_path / "lib" / "wordle_opt" / "core").glob("*.so"))
    assert built == sorted(f"{m}{w}" for m in ("_bounds", "_caps", "_core", "_heuristics") for w in ("", "_wide"))
    assert out.count("the in-place build is up to date, reused") == 8 and "gcc" not in out, out[-2000:]
    # nor cythonized: Cython writing the eight C files again was most of the 33 s left
    assert "Cythonizing" not in out and "Compiling wordle_opt" not in out, out[-2000:]
