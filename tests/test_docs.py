"""The docs site (issue 25): ``mkdocs build --strict`` passes, and the pages'
examples run as written, so they cannot rot.

Each page's examples run in order in one empty folder of their own (how they
are found and run: tests/doc_examples.py): the ``python -m wordle_opt`` and
``printf`` lines of its ```bash blocks and its ```python blocks.  ```shell
blocks are shown, not run: runs of minutes to hours, a Dask cluster, the
server.  Examples that take more than a few seconds run only under
``-m slow``.

On CI (CI=true) a missing mkdocs fails the build test (`.ci/run` installs the
[test] extra, which has it); elsewhere it skips and says what is missing.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from doc_examples import examples, run

import wordle_opt
from wordle_opt.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p.name for p in DOCS.glob("*.md")) if DOCS.is_dir() else []
# reviews (5-10 s: the first turn's openers are proven), proofs at a cap, the every-word game, QAJAQ in Absurdle (8 s)
SLOW = ("review", "palet", "--minimise", "original-all", "openers --top", "qajaq")

needs_checkout = pytest.mark.skipif(not (ROOT / "mkdocs.yml").exists(), reason="needs the source checkout")


def _slow(text: str) -> bool:
    return any(word in text for word in SLOW)


def _mkdocs_missing() -> str:
    lacking = [m for m in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python") if not _importable(m)]
    return f"{', '.join(lacking)} not installed (pip install -e '.[docs]')" if lacking else ""


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


@needs_checkout
def test_the_site_builds_with_strict_checks(tmp_path):
    why = _mkdocs_missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs mkdocs for the docs build: {why}")
        pytest.skip(why)
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    api = (tmp_path / "site" / "api" / "index.html").read_text()
    # What the README's Python block uses is documented (only `proven` was: issue 49) ...
    for name in ("total", "average", "histogram", "max_depth", "proven", "stats", "tree", "lower_bound"):
        assert f'id="wordle_opt.SearchResult.{name}"' in api, name
    # ... and no Sphinx role shows raw: cross-references are mkdocstrings' [`name`][path]
    for page in (tmp_path / "site").rglob("*.html"):
        text = page.read_text()
        assert not re.search(r":(func|class|meth|attr|mod):`", text), page


@needs_checkout
def test_every_page_is_in_the_nav():
    nav = (ROOT / "mkdocs.yml").read_text()
    assert PAGES and all(page in nav for page in PAGES), PAGES


@needs_checkout
def test_the_api_page_has_every_public_name():
    text = (DOCS / "api.md").read_text()
    assert [n for n in wordle_opt.__all__ if f"::: wordle_opt.{n}\n" not in text] == []


@needs_checkout
def test_the_subpackages_page_has_every_module():
    # every module a reader may import, by its docstring: the private kernels
    # and the commands' and the page's modules apart (their faces are there)
    text = (DOCS / "subpackages.md").read_text()
    package = Path(wordle_opt.__file__).resolve().parent
    modules = [
        ".".join(("wordle_opt",) + p.relative_to(package).with_suffix("").parts).removesuffix(".__init__")
        for p in package.rglob("*.py")
        if not p.name.startswith("_") or p.name == "__init__.py"
    ]
    modules = [m for m in modules if m != "wordle_opt" and not m.startswith(("wordle_opt.cli.", "wordle_opt.web."))]
    assert [m for m in modules if f"::: {m}\n" not in text] == []


@needs_checkout
def test_the_cli_page_has_every_command_and_option():
    text = (DOCS / "cli.md").read_text()
    sections = dict(re.findall(r"^## (\w+)\n(.*?)(?=^## |\Z)", text, re.S | re.M))
    [sub] = [a for a in build_parser()._actions if a.dest == "command"]
    missing = []
    for name, parser in sub.choices.items():
        if name not in sections:
            missing.append(name)
            continue
        for action in parser._actions:
            missing += [f"{name} {o}" for o in action.option_strings if o.startswith("--") and o not in sections[name]]
        if f"python -m wordle_opt {name}" not in sections[name]:
            missing.append(f"{name}: an example")
    assert missing == []


@needs_checkout
def test_the_formats_page_shows_the_files_its_commands_write(tmp_path):
    page = DOCS / "formats.md"
    for kind, text in examples(page):
        if text.startswith(("printf", "python -m wordle_opt search", "python -m wordle_opt openers")):
            run(kind, text, tmp_path)
    shown = re.findall(r"^```text\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
    assert (tmp_path / "crane.txt").read_text() == shown[0]  # the text tree, whole
    csv_lines = (tmp_path / "ranking.csv").read_text().splitlines()
    csv_shown = [line for line in shown if line.startswith("opener,rank,kind")][0].splitlines()
    assert [line for line in csv_shown if line != "..."] == [line for line in csv_lines if line in csv_shown]
    assert csv_shown[0] == csv_lines[0]


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
@needs_checkout
@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run_as_written(page, tmp_path):
    for kind, text in examples(DOCS / page):
        if not _slow(text):
            run(kind, text, tmp_path)


def _pages_with_slow_examples():
    return [page for page in PAGES if any(_slow(t) for _, t in examples(DOCS / page))]


@needs_checkout
@pytest.mark.slow
@pytest.mark.parametrize("page", _pages_with_slow_examples())
def test_page_slow_examples_run_as_written(page, tmp_path):
    # (with the printf lines before them, which make the input files they read;
    # only the pages that have a slow example, so no case skips)
    found = examples(DOCS / page)
    for kind, text in found:
        if _slow(text) or text.startswith("printf"):
            run(kind, text, tmp_path)
