"""Build the Cython core.  Compiler directives live here, once."""
import os

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "embedsignature": True,
}
if os.environ.get("WORDLE_OPT_DEBUG_CYTHON"):
    # Bounds checks back on for debugging (cf. SKLEARN_ENABLE_DEBUG_CYTHON_DIRECTIVES).
    DIRECTIVES.update(boundscheck=True, wraparound=True, initializedcheck=True)

extensions = [
    Extension(
        "wordle_opt._core",
        ["wordle_opt/_core.pyx"],
        include_dirs=[np.get_include()],
        extra_compile_args=["-O3"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    ),
    Extension(
        "wordle_opt._bounds",
        ["wordle_opt/_bounds.pyx"],
        include_dirs=[np.get_include()],
        extra_compile_args=["-O3"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    ),
    Extension(
        "wordle_opt._heuristics",
        ["wordle_opt/_heuristics.pyx"],
        include_dirs=[np.get_include()],
        extra_compile_args=["-O3"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    ),
]

setup(
    packages=["wordle_opt", "wordle_opt.cli", "wordle_opt.web", "wordle_opt.wordlist_data"],
    # The word lists live at the top of the repository and install as package data.
    # Not "wordle_opt.wordlists": a package of that name would shadow the module
    # wordle_opt/wordlists.py (the loader) once installed.
    package_dir={"wordle_opt": "wordle_opt", "wordle_opt.wordlist_data": "wordlists"},
    package_data={"wordle_opt": ["py.typed", "*.pyi", "*.pxd"], "wordle_opt.wordlist_data": ["*.txt", "README.md", "LICENSE-*"],
                  "wordle_opt.web": ["static/*.html", "static/*.css", "static/*.js"]},
    exclude_package_data={"wordle_opt": ["*.pyx", "*.c"]},
    ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES),
)
