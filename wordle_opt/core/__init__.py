"""Which implementation of the compiled modules runs: compiled (default) or plain Python.

One switch for every compiled module, chosen together:

    WORDLE_OPT_IMPLEMENTATION   core                 heuristics                bounds                caps
    cython (or unset)           wordle_opt.core._core     wordle_opt.core._heuristics    wordle_opt.core._bounds    wordle_opt.core._caps
    python                      wordle_opt.core._core_py  wordle_opt.core._heuristics_py wordle_opt.core._bounds_py wordle_opt.core._caps_py

Any other value is an ImportError.  A compiled module that fails to import is
an error, never a silent fallback: a broken build must not pass as a working
(if 100x slower) one.  Cf. rapidfuzz ``RAPIDFUZZ_IMPLEMENTATION`` and msgpack
``MSGPACK_PUREPYTHON``.

    from wordle_opt.core import bounds, caps, core, heuristics

Those are the five-letter modules.  ``modules(length)`` gives the four for
any word length MIN_LENGTH..MAX_LENGTH: the compiled modules come in two
widths generated from one template each (setup.py), narrow (uint8 colourings,
up to five letters: ``_core``, ...) and wide (uint16, six to eight letters:
``_core_wide``, ...); the plain twins serve every length.

    from wordle_opt.core import modules
    core, heuristics, bounds, caps = modules(lists.length)
"""

from __future__ import annotations

import glob
import importlib
import importlib.machinery
import operator
import os
from types import ModuleType
from typing import Dict, NamedTuple, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import MAX_LENGTH, MIN_LENGTH

ENV_VAR = "WORDLE_OPT_IMPLEMENTATION"
CHOICES = ("cython", "python")
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class SourceTreeError(ImportError):
    """The package was imported from a source checkout that has no compiled modules."""

    source_tree = True


def _compiled_here(name: str) -> bool:
    return any(
        glob.glob(os.path.join(_PACKAGE_DIR, name + suffix)) for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def _source_tree_without_build() -> bool:
    """Imported from a checkout (the .pyx.tp sources are here) that was never built in place."""
    return os.path.isfile(os.path.join(_PACKAGE_DIR, "_core.pyx.tp")) and not _compiled_here("_core")


def _compiled(name: str) -> ModuleType:
    try:
        return importlib.import_module(f"wordle_opt.core.{name}")
    except ImportError as exc:
        if _source_tree_without_build():
            root = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
            raise SourceTreeError(
                f"running from the source tree {root}, which has no compiled core; run from "
                "another directory, or `pip install -e .` here"
            ) from exc
        raise ImportError(
            f"wordle_opt: the compiled core wordle_opt.core.{name} does not import ({exc}); "
            "reinstall with `pip install .` (or `python setup.py build_ext --inplace` in a "
            f"checkout), or set {ENV_VAR}=python to run the slow pure-Python reference"
        ) from exc


def _select() -> Tuple[str, ModuleType, ModuleType, ModuleType, ModuleType]:
    choice = os.environ.get(ENV_VAR, "").strip().lower() or "cython"
    if choice not in CHOICES:
        raise ImportError(f"{ENV_VAR}={os.environ[ENV_VAR]!r} is not one of {', '.join(CHOICES)}")
    if choice == "python":
        from wordle_opt.core import _bounds_py, _caps_py, _core_py, _heuristics_py

        return choice, _core_py, _heuristics_py, _bounds_py, _caps_py
    return choice, _compiled("_core"), _compiled("_heuristics"), _compiled("_bounds"), _compiled("_caps")


IMPLEMENTATION, core, heuristics, bounds, caps = _select()

# The narrow compiled modules hold a colouring in a uint8 (3**5 = 243 fit);
# longer words need the wide ones (uint16: 3**8 = 6561).  Measured: uint16
# throughout made SALET easy 1.59x slower, so five letters keep uint8.
NARROW_MAX_LENGTH = 5


class Modules(NamedTuple):
    """The core, heuristics, bounds and cap-proof modules for one word length."""

    core: ModuleType
    heuristics: ModuleType
    bounds: ModuleType
    caps: ModuleType


_BY_WIDTH: Dict[bool, Modules] = {False: Modules(core, heuristics, bounds, caps)}


def modules(length: int) -> Modules:
    """The four modules that play words of ``length`` letters (loaded on
    first use; under the python implementation, the plain twins)."""
    try:
        n = -1 if isinstance(length, bool) else operator.index(length)
    except TypeError:
        n = -1
    if not MIN_LENGTH <= n <= MAX_LENGTH:
        raise WordleOptError(f"word length {length!r} is not supported: expected {MIN_LENGTH} to {MAX_LENGTH} letters")
    wide = IMPLEMENTATION == "cython" and n > NARROW_MAX_LENGTH
    if wide not in _BY_WIDTH:
        _BY_WIDTH[wide] = Modules(
            _compiled("_core_wide"), _compiled("_heuristics_wide"), _compiled("_bounds_wide"), _compiled("_caps_wide")
        )
    return _BY_WIDTH[wide]
