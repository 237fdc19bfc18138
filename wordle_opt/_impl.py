"""Which implementation of the core runs: compiled (default) or the plain-Python reference.

``WORDLE_OPT_IMPLEMENTATION=python`` selects ``wordle_opt._reference`` (slow, for
debugging and differential tests); ``cython`` or unset selects ``wordle_opt._core``.
A compiled core that fails to import is an error, never a silent fallback: a
broken build must not pass as a working (if 100x slower) one.  Cf. rapidfuzz
``RAPIDFUZZ_IMPLEMENTATION`` and msgpack ``MSGPACK_PUREPYTHON``.

    from wordle_opt._impl import core   # core.encode, core.pattern_table_codes, ...
"""
from __future__ import annotations

import os
from types import ModuleType

ENV_VAR = "WORDLE_OPT_IMPLEMENTATION"
CHOICES = ("cython", "python")


def _select() -> "tuple[str, ModuleType]":
    choice = os.environ.get(ENV_VAR, "").strip().lower() or "cython"
    if choice not in CHOICES:
        raise ImportError(
            f"{ENV_VAR}={os.environ[ENV_VAR]!r} is not one of {', '.join(CHOICES)}"
        )
    if choice == "python":
        from wordle_opt import _reference

        return choice, _reference
    try:
        from wordle_opt import _core
    except ImportError as exc:
        raise ImportError(
            f"wordle_opt: the compiled core wordle_opt._core does not import ({exc}); "
            "reinstall with `pip install .` (or `python setup.py build_ext --inplace` in a "
            f"checkout), or set {ENV_VAR}=python to run the slow pure-Python reference"
        ) from exc
    return choice, _core


IMPLEMENTATION, core = _select()
