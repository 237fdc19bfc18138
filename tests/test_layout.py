"""The package's shape: layers without cycles, twins that match their compiled
modules, and the one switch between them working from any place it is run."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import grimp
import numpy
import pytest

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

import wordle_opt
from wordle_opt.core import (
    _bounds,
    _bounds_py,
    _bounds_wide,
    _caps,
    _caps_py,
    _caps_wide,
    _core,
    _core_py,
    _core_wide,
    _heuristics,
    _heuristics_py,
    _heuristics_wide,
)

PACKAGE = Path(wordle_opt.__file__).resolve().parent
ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ layers and cycles


def test_import_linter_layers_are_kept():
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports())"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{len(_contracts())} kept, 0 broken" in r.stdout


def _contracts() -> list:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def _named(contract: dict) -> set:
    prefixes = [c + "." for c in contract.get("containers", [])] or [""]
    return {p + m.strip() for layer in contract["layers"] for m in layer.split("|") for p in prefixes}


def test_the_package_contract_places_every_module():
    package = _contracts()[0]
    assert package["id"] == "package" and len(package["layers"]) <= 16
    named = _named(package)
    graph = grimp.build_graph("wordle_opt")
    # A layer that names a subpackage holds its submodules too, as in import-linter.
    unplaced = {
        m for m in graph.modules if m != "wordle_opt" and not any(m == n or m.startswith(n + ".") for n in named)
    }
    assert unplaced == set(), "add new modules to [tool.importlinter] in pyproject.toml"


def test_every_module_of_a_subpackage_sits_in_its_inner_contract():
    graph = grimp.build_graph("wordle_opt")
    inner = {c["containers"][0]: _named(c) for c in _contracts()[1:]}
    for package, named in inner.items():
        children = set(graph.find_children(package))
        assert children <= named, f"{package}: add {sorted(children - named)} to its contract in pyproject.toml"
    # Every subpackage has its contract; cli is the entry point, its modules siblings.
    subpackages = {m for m in graph.modules if m.count(".") == 1 and graph.find_children(m)}
    assert subpackages - set(inner) == {"wordle_opt.cli"}


def test_the_root_holds_the_vocabulary_only():
    modules = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert len(modules) <= 12, modules
    assert {"errors", "rules", "words", "wordlists", "patterns", "display"} <= set(modules)


def test_each_subpackage_imports_and_no_public_function_is_also_a_module():
    for sub in (
        "core",
        "trees",
        "solver",
        "openers",
        "strategies",
        "reviews",
        "games",
        "assistant",
        "proofs",
        "cli",
        "web",
    ):
        if sub == "web":
            pytest.importorskip("fastapi", reason="needs the [web] extra")
        importlib.import_module(f"wordle_opt.{sub}")
    for name in wordle_opt.__all__:
        obj = getattr(wordle_opt, name)
        assert not isinstance(obj, types.ModuleType), name
        # `import wordle_opt.search` must not find a module beside the function wordle_opt.search
        if callable(obj):
            assert not _is_module(f"wordle_opt.{name}"), name


def _cycles(graph) -> list:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for m in sorted(graph.modules):
        if m not in index:
            visit(m)
    return out


def test_import_graph_has_no_cycle():
    graph = grimp.build_graph("wordle_opt")
    assert _cycles(graph) == []
    # the checker does find one
    graph.add_import(importer="wordle_opt.rules", imported="wordle_opt.trees.tree")
    assert any("wordle_opt.rules" in c and "wordle_opt.trees.tree" in c for c in _cycles(graph))


# ------------------------------------------------------------------ twins and stubs


def _compiled_names(module) -> set:
    return {n for n in dir(module) if not n.startswith("_") and not isinstance(getattr(module, n), types.ModuleType)}


def _twin_names(module) -> set:
    names = set(module.__all__)
    assert all(hasattr(module, n) for n in names)
    own = {
        n
        for n, v in vars(module).items()
        if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
    }
    assert own <= names, f"{module.__name__} defines public names missing from __all__"
    return names


def _stub_names(path: Path) -> set:
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")}


TWINS = pytest.mark.parametrize(
    "compiled, twin",
    [
        (_core, _core_py),
        (_heuristics, _heuristics_py),
        (_bounds, _bounds_py),
        (_caps, _caps_py),
        (_core_wide, _core_py),
        (_heuristics_wide, _heuristics_py),
        (_bounds_wide, _bounds_py),
        (_caps_wide, _caps_py),
    ],
    ids=["core", "heuristics", "bounds", "caps", "core_wide", "heuristics_wide", "bounds_wide", "caps_wide"],
)


@TWINS
def test_twins_and_stubs_expose_the_compiled_names(compiled, twin):
    want = _compiled_names(compiled)
    assert _twin_names(twin) == want
    stub = Path(compiled.__file__).parent / (compiled.__name__.rsplit(".", 1)[1] + ".pyi")
    assert _stub_names(stub) == want


# ------------------------------------------------------------------ the switch, anywhere

IMPORT_ALL = """
import importlib, pkgutil, sys, wordle_opt
from wordle_opt import core as _impl
COMPILED = [f"wordle_opt.core._{m}{w}" for m in ("core", "heuristics", "bounds", "caps") for w in ("", "_wide")]
for m in pkgutil.walk_packages(wordle_opt.__path__, "wordle_opt."):
    if m.name != "wordle_opt.__main__" and m.name not in COMPILED:
        importlib.import_module(m.name)
assert _impl.core.__name__ == "wordle_opt.core._core_py", _impl.core
assert _impl.heuristics.__name__ == "wordle_opt.core._heuristics_py", _impl.heuristics
assert _impl.bounds.__name__ == "wordle_opt.core._bounds_py", _impl.bounds
assert _impl.caps.__name__ == "wordle_opt.core._caps_py", _impl.caps
assert [m.__name__ for m in _impl.modules(7)] == [
    "wordle_opt.core._core_py", "wordle_opt.core._heuristics_py", "wordle_opt.core._bounds_py", "wordle_opt.core._caps_py"]
compiled = sorted(n for n in sys.modules if n in COMPILED)
assert compiled == [], compiled
print(wordle_opt.score("crane", "react").byg)
"""


def _env(**extra):
    env = dict(os.environ)
    env.pop("WORDLE_OPT_IMPLEMENTATION", None)
    env.update(extra)
    return env


def test_whole_package_imports_with_the_python_implementation(tmp_path):
    r = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL],
        env=_env(WORDLE_OPT_IMPLEMENTATION="python"),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "YYGBY"


@pytest.fixture
def source_tree(tmp_path):
    """A copy of the checkout's sources without any compiled module, as after a
    plain `pip install .` (the build stays in site-packages)."""
    shutil.copytree(PACKAGE, tmp_path / "wordle_opt", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    shutil.copytree(ROOT / "wordlists", tmp_path / "wordlists")
    return tmp_path


def _run_in(tree: Path, *args, **env):
    # -S: no site-packages .pth files, so no editable-install finder can supply the
    # compiled core from elsewhere; numpy's own directory is put back by hand.
    numpy_dir = str(Path(numpy.__file__).resolve().parent.parent)
    return subprocess.run(
        [sys.executable, "-S", "-m", "wordle_opt", *args],
        cwd=tree,
        env=_env(PYTHONPATH=numpy_dir, **env),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_running_from_an_unbuilt_source_tree_is_one_clear_line(source_tree):
    r = _run_in(source_tree, "score", "crane", "react")
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr == (
        f"wordle_opt: running from the source tree {source_tree}, which has no compiled "
        "core; run from another directory, or `pip install -e .` here\n"
    )


def test_the_python_implementation_runs_from_an_unbuilt_source_tree(source_tree):
    r = _run_in(source_tree, "score", "crane", "react", WORDLE_OPT_IMPLEMENTATION="python")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[:2] == ["CRANE", "YYGBY"]


@TWINS
def test_twins_constants_have_the_compiled_values(compiled, twin):
    shared = [n for n in twin.__all__ if isinstance(getattr(twin, n), (int, float)) and hasattr(compiled, n)]
    assert {n: getattr(twin, n) for n in shared} == {n: getattr(compiled, n) for n in shared}


def test_the_python_rules_are_the_twins_rules():
    from wordle_opt import patterns, rules

    assert _core_py.ALL_GREEN == rules.ALL_GREEN == patterns.ALL_GREEN == 242
    assert _core_py.NPAT == rules.NPAT == patterns.N_PATTERNS == 243


# ------------------------------------------------------------------ formatting


@pytest.mark.parametrize("args", [["format", "--check", "."], ["check", "."]], ids=["format", "lint"])
def test_ruff_finds_no_drift(args):
    ruff = shutil.which("ruff")
    if ruff is None:
        if os.environ.get("CI"):
            pytest.fail("ruff is not installed (the [test] extra has it)")
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    r = subprocess.run([ruff, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"run `ruff format . && ruff check --fix .`:\n{r.stdout}{r.stderr}"


# ------------------------------------------------------------------ options by keyword

# Signatures fixed from outside: the plain twins mirror the compiled kernels'
# (hot paths, called positionally from the engine), and warnings.formatwarning's.
FIXED_SIGNATURES = {"wordle_opt.cli._warning_line"}


def test_options_are_keyword_only():
    """A function of more than 4 parameters takes at most 4 by position (most
    take 1 to 3): a call with twelve positional arguments breaks silently the
    day two of them are swapped."""
    loose = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        if module.startswith("wordle_opt.core."):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                positional = [x.arg for x in a.posonlyargs + a.args if x.arg not in ("self", "cls")]
                if len(positional) + len(a.kwonlyargs) > 4 and len(positional) > 4:
                    if f"{module}.{node.name}" not in FIXED_SIGNATURES:
                        loose.append(f"{module}.{node.name}({', '.join(positional)}, ...)")
    assert loose == []


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # (its parent is a module, not a package)
        return False


def test_no_private_name_is_imported_across_modules():
    """A helper two modules share has a public name in one place; private
    names stay in their module (modules like core's twins excepted)."""
    crossing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wordle_opt"):
                for alias in node.names:
                    private = alias.name.startswith("_") and not alias.name.startswith("__")
                    if private and not _is_module(f"{node.module}.{alias.name}"):
                        crossing.append(f"{path.relative_to(PACKAGE.parent)}: {node.module}.{alias.name}")
    assert crossing == []


PUBLIC_ENTRIES = {"search", "rank_openers"}  # they parse the user's values: the CLI calls them, the package does not


def test_no_call_inside_the_package_goes_through_the_public_entries():
    inside = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE)
        if where.parts[0] == "cli" or path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wordle_opt"):
                inside += [f"{where}: {node.module}.{a.name}" for a in node.names if a.name in PUBLIC_ENTRIES]
            elif isinstance(node, ast.Attribute) and node.attr in PUBLIC_ENTRIES:
                if isinstance(node.value, ast.Name) and node.value.id == "wordle_opt":
                    inside.append(f"{where}: wordle_opt.{node.attr}")
    assert inside == []


# ------------------------------------------------------------------ rooms a reader can hold

MODULE_LINES, FUNCTION_LINES = 450, 90
# What is over the limits, each for its reason; an entry that fits again must go.
LONG_MODULES = {
    # the compiled kernels' templates: Bounder and Solver are split by concept,
    # each piece with its .pxd, when the complete tables open them (the core moves once)
    "core/_bounds.pyx.tp",
    "core/_core.pyx.tp",
    "core/_caps.pyx.tp",
}
LONG_FUNCTIONS: set = set()


def _sources():
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".tp") and "__pycache__" not in p.parts)


def _functions(tree: ast.AST, prefix: str):
    """(qualified name, lines) of every function in ``tree``, methods and nested ones too."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}.{node.name}"
            if not isinstance(node, ast.ClassDef):
                yield name, node.end_lineno - node.lineno + 1
            yield from _functions(node, name)
        else:
            yield from _functions(node, prefix)


def _long_rooms():
    modules, functions = {}, {}
    for path in _sources():
        where = path.relative_to(PACKAGE).as_posix()
        text = path.read_text()
        if len(text.splitlines()) > MODULE_LINES:
            modules[where] = len(text.splitlines())
        if path.suffix == ".py":
            prefix = where.removesuffix(".py").replace("/", ".")
            functions.update((n, k) for n, k in _functions(ast.parse(text), prefix) if k > FUNCTION_LINES)
    return modules, functions


def test_no_module_or_function_outgrows_a_reader():
    """No module over MODULE_LINES lines and no function over FUNCTION_LINES
    (its docstring included), but for the few listed with their reason."""
    modules, functions = _long_rooms()
    assert {m: n for m, n in modules.items() if m not in LONG_MODULES} == {}, "split the module by job"
    assert {f: n for f, n in functions.items() if f not in LONG_FUNCTIONS} == {}, "split the function into named pieces"
    assert LONG_MODULES <= set(modules) and LONG_FUNCTIONS <= set(functions), "drop the entries that fit now"


def test_the_room_check_counts_methods_and_nested_functions():
    src = "class A:\n    def f(self):\n        def g():\n" + "".join(
        f"            x = {i}\n" for i in range(FUNCTION_LINES)
    )
    assert dict(_functions(ast.parse(src), "m")) == {"m.A.f": FUNCTION_LINES + 2, "m.A.f.g": FUNCTION_LINES + 1}
