"""Type stubs for the compiled opener bounds (wordle_opt/_bounds.pyx)."""
from typing import Tuple

import numpy as np
import numpy.typing as npt

_U8 = npt.NDArray[np.uint8]
_I32 = npt.NDArray[np.int32]
_I64 = npt.NDArray[np.int64]

INFINITY: int

class Bounder:
    def __init__(self, table: _U8, guess_codes: _U8, rule: int = ...) -> None: ...
    def quick(self, d: int) -> _I64: ...
    def opener(self, o: int, d: int, stop: int = ...) -> int: ...
    def opener_groups(self, o: int, d: int) -> Tuple[_I32, _I32, _I64]: ...
    def group(self, S: _I32, L: _I32, d: int) -> int: ...
