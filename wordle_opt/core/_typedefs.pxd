# Shared C typedefs of the core (cf. scikit-learn utils/_typedefs.pxd).
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t

# A colouring: digit i (base 3) is the colour of letter i.  Two widths, one
# per generated module set (setup.py): uint8 holds the 3**5 = 243 colourings
# of up to five letters, uint16 the 3**8 = 6561 of up to eight.  (uint16 for
# five letters too was measured 1.59x slower on SALET easy.)
ctypedef uint8_t pat_t      # narrow: _core, _heuristics, _bounds
ctypedef uint16_t pat16_t   # wide: _core_wide, _heuristics_wide, _bounds_wide
ctypedef int32_t widx_t     # an index into a word list
ctypedef int64_t cost_t     # a total number of guesses (INF marks infeasible)
