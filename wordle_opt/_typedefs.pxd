# Shared C typedefs of the core (cf. scikit-learn utils/_typedefs.pxd).
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t

ctypedef uint8_t pat_t      # a colouring, 0..242 (digit i = colour of letter i, base 3)
ctypedef int32_t widx_t     # an index into a word list
ctypedef int64_t cost_t     # a total number of guesses (INF marks infeasible)
