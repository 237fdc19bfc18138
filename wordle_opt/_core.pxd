# The contract of the compiled core: the structs the search uses and the
# cdef methods of its Solver (cf. scikit-learn's tree/_tree.pxd).
from wordle_opt._typedefs cimport pat_t, widx_t, cost_t, uint8_t, uint16_t, int32_t, int64_t, uint64_t


cdef enum:
    ALL_GREEN = 242
    NPAT = 243
    MAX_FRAMES = 64        # deepest recursion the solver supports
    FAST_MIN = 16          # candidate count from which scans use colouring stamps


cdef inline pat_t score_one(const uint8_t* g, const uint8_t* a) noexcept nogil:
    """Colour guess g against answer a: greens first, then, left to right, a
    letter is yellow only while the answer has unmatched copies of it.
    (Defined here so every extension module shares the one scorer.)"""
    cdef int counts[26]
    cdef int i, pat = 0, power = 1
    cdef bint green[5]
    for i in range(5):
        counts[a[i]] = 0
    for i in range(5):
        green[i] = g[i] == a[i]
        if not green[i]:
            counts[a[i]] += 1
    for i in range(5):
        if green[i]:
            pat += 2 * power
        elif (a[0] == g[i] or a[1] == g[i] or a[2] == g[i] or a[3] == g[i] or a[4] == g[i]) \
                and counts[g[i]] > 0:
            # counts[] is only initialised for the answer's letters, hence the test.
            counts[g[i]] -= 1
            pat += power
        power *= 3
    return <pat_t> pat


cdef extern from *:
    """
    #define WORDLE_OPT_INF (((long long) 1) << 40)
    """
    # Infeasible: larger than any total; sums of a few thousand stay in int64.
    const cost_t INF "WORDLE_OPT_INF"


cdef inline cost_t lb_size(int s, int d) noexcept nogil:
    """Lower bound on cost(S, d) from |S| = s alone: one answer may be hit by the
    first guess, every other needs two or more; at most 242 groups can each have
    one answer hit by the second guess, the rest need a third."""
    if s <= 0:
        return 0
    if d <= 0:
        return INF
    if s == 1:
        return 1
    if d == 1:
        return INF
    if s == 2:
        return 3
    if s > 243:
        if d == 2:
            return INF
        return 3 * s - 244
    return 2 * s - 1


cdef enum Error:
    ERR_NONE = 0
    ERR_NO_SPACE = 1       # scratch allocation failed or recursion too deep
    ERR_STOPPED = 2        # request_stop() was called


cdef enum Rule:
    RULE_EASY = 0
    RULE_NYT = 1
    RULE_STRICT = 2


cdef struct Candidate:
    widx_t guess            # guess index
    int32_t in_set          # 1 when the guess is one of the candidates
    cost_t lb               # lower bound on the total with this guess first
    int64_t sumsq           # sum of squared group sizes: tie-break, smaller first


cdef struct CacheEntry:
    uint64_t key1           # two independent 64-bit hashes of the state
    uint64_t key2
    cost_t value            # exact cost, or a proven lower bound
    widx_t guess            # best first guess when exact
    int32_t n               # candidate count: eviction keeps larger sets
    uint8_t exact           # 1 exact / 0 lower bound
    uint8_t used


cdef struct Frame:
    # Scratch space for one recursion level; a child never touches its parent's.
    Candidate* cands        # [ng] guesses worth trying, after deduplication
    Candidate* sorted       # [ng] counting-sort buffer (swapped with cands)
    int32_t* buckets        # [nbuckets + 1] counting-sort counts
    int nbuckets
    widx_t* useful          # [ng] guesses that split the candidates (passed to children)
    widx_t* child_legal     # [ng] legal guesses of the child being solved (hard mode)
    widx_t* part            # [na] candidates grouped by colouring
    uint64_t* seen          # [seen_cap] partition hashes (deduplication)
    int ngroups             # groups of the candidate being tried, largest first
    pat_t gpat[243]
    int32_t gstart[243]
    int32_t gsize[243]
    cost_t glb[243]         # lower bound of each group, raised before recursing


cdef struct Stats:
    int64_t nodes           # nodes searched past the closed-form cases
    int64_t cache_hits
    int64_t cache_stores
    int64_t scanned         # (guess, candidate) pairs coloured in scans
    int64_t tried           # candidate guesses partitioned in the main loop
    int64_t recursed        # ... of which survived the refined bound



cdef int filter_legal(int rule, const uint8_t* codes, const widx_t* L, int nl,
                      const uint8_t* gw, pat_t p, widx_t* out) noexcept nogil


cdef class Solver:
    cdef const pat_t* table         # [ng * na] colouring of guess g against answer a
    cdef object table_ref           # keeps the numpy table alive
    cdef object gcodes_ref
    cdef const uint8_t* gcodes      # [ng * 5] letters of the guesses
    cdef widx_t* ans_guess          # [na] guess index of each answer
    cdef uint64_t* poskey           # [na] random odd keys: partition hash = sum key[i] * label[i]
    cdef Py_ssize_t ng, na
    cdef int rule
    cdef Frame frames[MAX_FRAMES]
    cdef Py_ssize_t seen_cap        # entries of each frame's dedup table (power of two)
    cdef int32_t cnt[243]           # scan scratch: group sizes (all zero between uses)
    cdef int32_t lab[243]
    cdef pat_t touched[243]
    cdef uint8_t mark[256]          # stamp scan: mark[colouring] == stamp when seen
    cdef uint8_t stamp
    cdef CacheEntry* cache
    cdef uint64_t cache_mask        # capacity - 1 (a power of two)
    cdef Stats stats
    cdef int error                  # an Error, set inside nogil code, raised after it
    cdef int stop_requested         # set by another thread: stop at the next node
    cdef int par_tid, par_n         # solve_shared: this thread's share of the root
    cdef int64_t* par_best          # solve_shared: best root total over all threads

    cdef int _frame(self, int depth) noexcept nogil
    cdef cost_t solve(self, int depth, const widx_t* S, int n, const widx_t* L, int nl,
                      int d, cost_t beta, widx_t* best_out) noexcept nogil
    cdef cost_t try_guess(self, int depth, const widx_t* S, int n, const widx_t* useful,
                          int nuseful, int d, widx_t g, cost_t lb, cost_t best) noexcept nogil
    cdef int child_legal(self, const widx_t* L, int nl, widx_t g, pat_t p,
                         widx_t* out) noexcept nogil
    cdef void order_by_bound(self, Frame* F, int ncand) noexcept nogil
    cdef int64_t split_sumsq(self, widx_t g, const widx_t* S, int n) noexcept nogil
    cdef bint perfect_in_set(self, const widx_t* S, int n, widx_t* best_out) noexcept nogil
    cdef void state_key(self, const widx_t* S, int n, const widx_t* L, int nl, int d,
                        uint64_t* k1, uint64_t* k2) noexcept nogil
    cdef CacheEntry* probe(self, uint64_t k1, uint64_t k2) noexcept nogil
    cdef void store(self, uint64_t k1, uint64_t k2, int n, cost_t value, bint exact,
                    widx_t guess) noexcept nogil
