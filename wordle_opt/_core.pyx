# cython: language_level=3
"""The compiled core: scoring, pattern tables and the exact search.

Words enter as uint8 arrays of shape (n, 5) holding letters 0..25 ('a' = 0).
A colouring is an int 0..242: digit i (base 3) is the colour of letter i,
grey 0 / yellow 1 / green 2, so all-green is 242.
"""
import numpy as np
cimport numpy as cnp
from libc.string cimport memset

from wordle_opt._typedefs cimport pat_t, widx_t, cost_t, uint8_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport malloc, calloc, free, qsort

cnp.import_array()

cdef int POW3[5]
POW3[:] = [1, 3, 9, 27, 81]


cdef inline bint _distinct(const uint8_t* g) noexcept nogil:
    cdef int i, j
    for i in range(5):
        for j in range(i + 1, 5):
            if g[i] == g[j]:
                return False
    return True


cdef void fill_table(const uint8_t[:, ::1] guesses, const uint8_t[:, ::1] answers,
                     pat_t[:, ::1] out) noexcept nogil:
    """out[g, a] = colouring of guess g against answer a."""
    cdef Py_ssize_t gi, ai, ng = guesses.shape[0], na = answers.shape[0]
    cdef const uint8_t* g
    cdef int i
    cdef unsigned int m
    cdef pat_t* row
    cdef uint8_t c0, c1, c2, c3, c4
    # Column layout (letters by position, letter masks) so the inner loop is
    # branch-free and the compiler can vectorise it across answers.
    cdef uint8_t* cols = <uint8_t*> _malloc(5 * na)
    cdef unsigned int* amask = <unsigned int*> _malloc(na * sizeof(unsigned int))
    cdef uint8_t* acnt = <uint8_t*> _malloc(26 * na)
    memset(acnt, 0, 26 * na)
    for ai in range(na):
        m = 0
        for i in range(5):
            cols[i * na + ai] = answers[ai, i]
            m |= 1u << answers[ai, i]
            acnt[answers[ai, i] * na + ai] += 1
        amask[ai] = m
    cdef const uint8_t* a0 = cols
    cdef const uint8_t* a1 = cols + na
    cdef const uint8_t* a2 = cols + 2 * na
    cdef const uint8_t* a3 = cols + 3 * na
    cdef const uint8_t* a4 = cols + 4 * na
    for gi in range(ng):
        g = &guesses[gi, 0]
        row = &out[gi, 0]
        if _distinct(g):
            # Without repeated letters in the guess, a non-green letter is
            # yellow exactly when the answer contains it.
            c0 = g[0]; c1 = g[1]; c2 = g[2]; c3 = g[3]; c4 = g[4]
            for ai in range(na):
                m = amask[ai]
                row[ai] = <pat_t>(
                    (((m >> c0) & 1) + (a0[ai] == c0))
                    + 3 * (((m >> c1) & 1) + (a1[ai] == c1))
                    + 9 * (((m >> c2) & 1) + (a2[ai] == c2))
                    + 27 * (((m >> c3) & 1) + (a3[ai] == c3))
                    + 81 * (((m >> c4) & 1) + (a4[ai] == c4)))
        else:
            _fill_row_repeats(g, na, cols, acnt, row)
    _free(amask)
    _free(cols)
    _free(acnt)


cdef void _fill_row_repeats(const uint8_t* g, Py_ssize_t na, const uint8_t* cols,
                            const uint8_t* acnt, pat_t* row) noexcept nogil:
    """One table row for a guess with repeated letters.  Letter i is yellow when
    it is not green and fewer of its earlier non-green copies than the answer's
    unmatched copies (count minus greens of that letter) came before it."""
    cdef int i, j, pat, rank, unmatched
    cdef int same[5][5]     # same[i][j]: g[j] == g[i]
    cdef bint green[5]
    cdef Py_ssize_t ai
    for i in range(5):
        for j in range(5):
            same[i][j] = g[i] == g[j]
    for ai in range(na):
        for i in range(5):
            green[i] = cols[i * na + ai] == g[i]
        pat = 0
        for i in range(5):
            if green[i]:
                pat += 2 * POW3[i]
                continue
            unmatched = acnt[g[i] * na + ai]
            rank = 0
            for j in range(5):
                if same[i][j]:
                    if green[j]:
                        unmatched -= 1
                    elif j < i:
                        rank += 1
            if rank < unmatched:
                pat += POW3[i]
        row[ai] = <pat_t>pat


from libc.stdlib cimport malloc as _malloc, free as _free


def encode(words):
    """Encode a sequence of 5-letter lowercase words as a (n, 5) uint8 array."""
    cdef Py_ssize_t n = len(words)
    out = np.empty((n, 5), dtype=np.uint8)
    if n:
        buf = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(n, 5)
        out[:] = buf - ord("a")
    return out


def score_codes(const uint8_t[::1] guess, const uint8_t[::1] answer):
    """Colouring (int 0..242) of one encoded guess against one encoded answer."""
    return score_one(&guess[0], &answer[0])


def pattern_table_codes(const uint8_t[:, ::1] guesses, const uint8_t[:, ::1] answers):
    """uint8 array (len(guesses), len(answers)) of colourings."""
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=np.uint8)
    cdef pat_t[:, ::1] view = out
    if guesses.shape[0] and answers.shape[0]:
        with nogil:
            fill_table(guesses, answers, view)
    return out


# ---------------------------------------------------------------------------
# Exact search: depth-limited branch and bound over decision trees.
#
# cost(S, d) = |S| + min over guesses g of  sum over non-green groups S_p of g
#              of cost(S_p, d - 1);  cost of a non-empty S with d = 0 is INF.
# solve() returns the exact cost when it is below beta, otherwise a proven
# lower bound >= beta (fail-high), as in alpha-beta search.
# ---------------------------------------------------------------------------

cdef extern from *:
    """
    #include <stdint.h>
    static inline int64_t wo_atomic_load(int64_t* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static inline void wo_atomic_min(int64_t* p, int64_t v) {
        int64_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
        while (v < old && !__atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {}
    }
    """
    int64_t wo_atomic_load(int64_t* p) nogil
    void wo_atomic_min(int64_t* p, int64_t v) nogil


# 64-bit hashing constants (splitmix64, FNV-1a, golden ratio, pi digits)
cdef uint64_t K_632BE59B = 0x632be59bd9b4e019
cdef uint64_t K_9E3779B9 = 0x9e3779b97f4a7c15
cdef uint64_t K_GOLD = 0x51ed270b27f1a3c5
cdef uint64_t K_SM1 = 0xbf58476d1ce4e5b9
cdef uint64_t K_SM2 = 0x94d049bb133111eb
cdef uint64_t K_PI1 = 0x243f6a8885a308d3
cdef uint64_t K_PI2 = 0x13198a2e03707344
cdef uint64_t K_FNV_PRIME = 0x100000001b3
cdef uint64_t K_FNV_BASIS = 0xcbf29ce484222325


cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    # splitmix64 finaliser
    x ^= x >> 30
    x *= K_SM1
    x ^= x >> 27
    x *= K_SM2
    x ^= x >> 31
    return x


cdef inline void hash_list(const widx_t* a, int n, uint64_t* h1, uint64_t* h2) noexcept nogil:
    """Two independent 64-bit hashes of an index list (cache keys: 128 bits)."""
    cdef uint64_t x = K_PI1 + n, y = K_PI2 + n
    cdef int i
    for i in range(n):
        x = mix64(x ^ (<uint64_t> a[i] + K_9E3779B9))
        y = (y ^ <uint64_t> a[i]) * K_FNV_PRIME + (y >> 29)
    h1[0] = x
    h2[0] = mix64(y)


cdef inline void hash_set(const widx_t* a, int n, uint64_t* h1, uint64_t* h2) noexcept nogil:
    """Two 64-bit hashes of a set of indices, independent of their order."""
    cdef uint64_t x = K_PI1 + n, y = K_PI2 + n, z
    cdef int i
    for i in range(n):
        z = mix64(<uint64_t> a[i] + K_9E3779B9)
        x += z
        y ^= mix64(z + K_PI2)
    h1[0] = mix64(x)
    h2[0] = mix64(y + x)


cdef int cmp_cand(const void* pa, const void* pb) noexcept nogil:
    # Most promising first: lowest bound, then guesses that may hit, then the
    # most even split (smallest sum of squared group sizes), then index order.
    cdef const Candidate* a = <const Candidate*> pa
    cdef const Candidate* b = <const Candidate*> pb
    if a.lb != b.lb:
        return -1 if a.lb < b.lb else 1
    if a.in_set != b.in_set:
        return -1 if a.in_set > b.in_set else 1
    if a.sumsq != b.sumsq:
        return -1 if a.sumsq < b.sumsq else 1
    return -1 if a.guess < b.guess else (1 if a.guess > b.guess else 0)


cdef int filter_legal(int rule, const uint8_t* codes, const widx_t* L, int nl,
                      const uint8_t* gw, pat_t p, widx_t* out) noexcept nogil:
    """The words of L (rows of ``codes``, 5 letters each) still legal under
    ``rule`` after guess ``gw`` was coloured ``p``; writes them to out and
    returns the count.  Strict: the word could be the answer.  NYT: greens
    stay in place and each revealed (green or yellow) letter is reused at
    least as often as it was revealed."""
    cdef int i, j, m = 0, q = p, nreq = 0, have
    cdef int dig[5]
    cdef uint8_t req_letter[5]
    cdef uint8_t req_count[5]
    cdef const uint8_t* hw
    cdef bint ok
    for i in range(5):
        dig[i] = q % 3
        q //= 3
    if rule == RULE_STRICT:
        for j in range(nl):
            if score_one(gw, codes + 5 * L[j]) == p:
                out[m] = L[j]
                m += 1
        return m
    for i in range(5):
        if dig[i] == 0:
            continue
        ok = False
        for j in range(nreq):
            if req_letter[j] == gw[i]:
                req_count[j] += 1
                ok = True
                break
        if not ok:
            req_letter[nreq] = gw[i]
            req_count[nreq] = 1
            nreq += 1
    for j in range(nl):
        hw = codes + 5 * L[j]
        ok = True
        for i in range(5):
            if dig[i] == 2 and hw[i] != gw[i]:
                ok = False
                break
        i = 0
        while ok and i < nreq:
            have = ((hw[0] == req_letter[i]) + (hw[1] == req_letter[i]) + (hw[2] == req_letter[i])
                    + (hw[3] == req_letter[i]) + (hw[4] == req_letter[i]))
            ok = have >= req_count[i]
            i += 1
        if ok:
            out[m] = L[j]
            m += 1
    return m


cdef class Solver:
    """Exact solver over one pattern table; one instance per thread (it owns
    its cache and scratch space).  The Python layer in wordle_opt.search
    drives it; see there for the public API."""

    def __cinit__(self, const pat_t[:, ::1] table, const uint8_t[:, ::1] guess_codes,
                  const widx_t[::1] answer_guess, int rule=0, double cache_mb=256.0):
        cdef Py_ssize_t i, j, cap
        self.ng = table.shape[0]
        self.na = table.shape[1]
        self.rule = rule
        self.table = &table[0, 0]
        self.table_ref = table
        self.gcodes = &guess_codes[0, 0]
        self.gcodes_ref = guess_codes
        self.ans_guess = <widx_t*> malloc(self.na * sizeof(widx_t))
        if self.ans_guess == NULL:
            raise MemoryError()
        for i in range(self.na):
            self.ans_guess[i] = answer_guess[i]
        memset(self.cnt, 0, sizeof(self.cnt))
        memset(self.mark, 0, sizeof(self.mark))
        self.stamp = 0
        self.poskey = <uint64_t*> malloc(self.na * sizeof(uint64_t))
        if self.poskey == NULL:
            raise MemoryError()
        for i in range(self.na):
            self.poskey[i] = mix64(<uint64_t> i + K_PI1) | 1
        self.seen_cap = 1
        while self.seen_cap < 2 * self.ng:
            self.seen_cap *= 2
        for i in range(MAX_FRAMES):
            self.frames[i].cands = NULL
            self.frames[i].sorted = NULL
            self.frames[i].buckets = NULL
            self.frames[i].useful = NULL
            self.frames[i].child_legal = NULL
            self.frames[i].part = NULL
            self.frames[i].seen = NULL
        cap = 1
        while cap * 2 * sizeof(CacheEntry) <= cache_mb * 1048576.0:
            cap *= 2
        self.cache = <CacheEntry*> calloc(cap, sizeof(CacheEntry))
        if self.cache == NULL:
            raise MemoryError()
        self.cache_mask = cap - 1
        memset(&self.stats, 0, sizeof(Stats))

    def __dealloc__(self):
        cdef int i
        for i in range(MAX_FRAMES):
            free(self.frames[i].cands)
            free(self.frames[i].sorted)
            free(self.frames[i].buckets)
            free(self.frames[i].useful)
            free(self.frames[i].child_legal)
            free(self.frames[i].part)
            free(self.frames[i].seen)
        free(self.cache)
        free(self.ans_guess)
        free(self.poskey)

    cdef int _frame(self, int depth) noexcept nogil:
        """Allocate the scratch space of one level on first use; -1 on failure."""
        cdef Frame* F = &self.frames[depth]
        if F.cands != NULL:
            return 0
        F.cands = <Candidate*> malloc(self.ng * sizeof(Candidate))
        F.sorted = <Candidate*> malloc(self.ng * sizeof(Candidate))
        F.nbuckets = 4 * <int> self.na + 8
        F.buckets = <int32_t*> malloc((F.nbuckets + 1) * sizeof(int32_t))
        F.useful = <widx_t*> malloc(self.ng * sizeof(widx_t))
        F.child_legal = <widx_t*> malloc(self.ng * sizeof(widx_t))
        F.part = <widx_t*> malloc(self.na * sizeof(widx_t))
        F.seen = <uint64_t*> malloc(self.seen_cap * sizeof(uint64_t))
        if F.cands == NULL or F.sorted == NULL or F.buckets == NULL or F.useful == NULL or F.child_legal == NULL or F.part == NULL or F.seen == NULL:
            return -1
        return 0

    # -- cache ---------------------------------------------------------------
    cdef CacheEntry* probe(self, uint64_t k1, uint64_t k2) noexcept nogil:
        cdef uint64_t base = k1 & self.cache_mask & ~(<uint64_t> 3)
        cdef int w
        cdef CacheEntry* e
        for w in range(4):
            e = &self.cache[base + w]
            if e.used and e.key1 == k1 and e.key2 == k2:
                return e
        return NULL

    cdef void store(self, uint64_t k1, uint64_t k2, int n, cost_t value, bint exact,
                    widx_t guess) noexcept nogil:
        # 4-way buckets; a full bucket evicts its smallest set (cheapest to redo).
        cdef uint64_t base = k1 & self.cache_mask & ~(<uint64_t> 3)
        cdef int w
        cdef CacheEntry* e
        cdef CacheEntry* victim = NULL
        for w in range(4):
            e = &self.cache[base + w]
            if e.used and e.key1 == k1 and e.key2 == k2:
                if e.exact and not exact:
                    return
                if not exact and not e.exact and e.value >= value:
                    return
                victim = e
                break
            if not e.used:
                victim = e
                break
            if victim == NULL or e.n < victim.n:
                victim = e
        victim.key1 = k1
        victim.key2 = k2
        victim.n = n
        victim.value = value
        victim.exact = exact
        victim.guess = guess
        victim.used = 1
        self.stats.cache_stores += 1

    cdef void state_key(self, const widx_t* S, int n, const widx_t* L, int nl, int d,
                        uint64_t* k1, uint64_t* k2) noexcept nogil:
        """128-bit cache key of (S, guesses left, legal guesses in hard mode)."""
        cdef uint64_t l1, l2
        if d > n:
            d = n
        hash_list(S, n, k1, k2)
        k1[0] ^= mix64(<uint64_t> d * K_9E3779B9 + 17)
        k2[0] += <uint64_t> d * K_632BE59B
        if self.rule != RULE_EASY:
            # Hard mode: the legal guesses are part of the state.
            hash_set(L, nl, &l1, &l2)
            k1[0] ^= mix64(l1 + 1)
            k2[0] ^= l2 * 31

    # -- hard-mode legality --------------------------------------------------
    cdef int child_legal(self, const widx_t* L, int nl, widx_t g, pat_t p,
                         widx_t* out) noexcept nogil:
        """The guesses of L still legal after g was coloured p; returns the count."""
        return filter_legal(self.rule, self.gcodes, L, nl, self.gcodes + 5 * g, p, out)

    cdef void order_by_bound(self, Frame* F, int ncand) noexcept nogil:
        """Stable counting sort of F.cands by lb."""
        cdef int i, lo, hi, span
        cdef Candidate* tmp
        if ncand <= 1:
            return
        lo = <int> F.cands[0].lb
        hi = lo
        for i in range(ncand):
            if F.cands[i].lb < lo:
                lo = <int> F.cands[i].lb
            if F.cands[i].lb > hi:
                hi = <int> F.cands[i].lb
        span = hi - lo + 1
        if span > F.nbuckets:
            qsort(F.cands, ncand, sizeof(Candidate), cmp_cand)
            return
        memset(F.buckets, 0, (span + 1) * sizeof(int32_t))
        for i in range(ncand):
            F.buckets[F.cands[i].lb - lo + 1] += 1
        for i in range(span):
            F.buckets[i + 1] += F.buckets[i]
        tmp = F.sorted
        for i in range(ncand):
            tmp[F.buckets[F.cands[i].lb - lo]] = F.cands[i]
            F.buckets[F.cands[i].lb - lo] += 1
        F.sorted = F.cands
        F.cands = tmp

    cdef int64_t split_sumsq(self, widx_t g, const widx_t* S, int n) noexcept nogil:
        """Sum of squared group sizes of g's split of S (the tie-break)."""
        cdef const pat_t* row = self.table + <Py_ssize_t> g * self.na
        cdef int i, k = 0
        cdef int64_t sq = 0
        for i in range(n):
            if self.cnt[row[S[i]]] == 0:
                self.touched[k] = row[S[i]]
                k += 1
            self.cnt[row[S[i]]] += 1
        for i in range(k):
            sq += <int64_t> self.cnt[self.touched[i]] * self.cnt[self.touched[i]]
            self.cnt[self.touched[i]] = 0
        return sq

    cdef bint perfect_in_set(self, const widx_t* S, int n, widx_t* best_out) noexcept nogil:
        """Is there a candidate that splits S into singletons (cost 2n - 1, optimal)?"""
        cdef int i, j, k
        cdef const pat_t* row
        cdef pat_t c
        cdef bint ok
        for i in range(n):
            row = self.table + <Py_ssize_t> self.ans_guess[S[i]] * self.na
            ok = True
            k = 0
            for j in range(n):
                c = row[S[j]]
                if self.cnt[c]:
                    ok = False
                    break
                self.cnt[c] = 1
                self.touched[k] = c
                k += 1
            for j in range(k):
                self.cnt[self.touched[j]] = 0
            if ok:
                best_out[0] = self.ans_guess[S[i]]
                return True
        return False

    # -- the search ----------------------------------------------------------
    cdef cost_t solve(self, int depth, const widx_t* S, int n, const widx_t* L, int nl,
                      int d, cost_t beta, widx_t* best_out) noexcept nogil:
        cdef cost_t node_lb, best, total, minfail, scan_best, par_mine, shared
        cdef uint64_t k1, k2, h, slot, mask
        cdef CacheEntry* e
        cdef Frame* F
        cdef Py_ssize_t j
        cdef int i, k, t, ncand, nuseful, s, gi, bucket_end, maxs
        cdef bint fast, ins, dup, shared_root
        cdef uint8_t st
        cdef uint8_t* mark
        cdef widx_t g, bestg, scan_bestg, par_mine_g
        cdef const pat_t* row
        cdef pat_t c
        cdef int64_t sumsq

        if n == 0:
            return 0
        if d > n:
            d = n  # every useful guess shrinks each group, so n guesses always suffice
        if d <= 0:
            return INF
        best_out[0] = self.ans_guess[S[0]]
        if n == 1:
            return 1
        if d == 1:
            return INF
        if n == 2:
            return 3
        node_lb = lb_size(n, d)
        if node_lb >= beta:
            return node_lb
        if depth >= MAX_FRAMES or self._frame(depth) != 0:
            self.error = ERR_NO_SPACE
            return INF

        self.state_key(S, n, L, nl, d, &k1, &k2)
        e = self.probe(k1, k2)
        if e != NULL:
            self.stats.cache_hits += 1
            if e.exact:
                best_out[0] = e.guess
                return e.value
            if e.value >= beta:
                return e.value
            if e.value > node_lb:
                node_lb = e.value
        self.stats.nodes += 1
        if self.stop_requested:
            self.error = ERR_STOPPED
            return INF

        # A candidate that splits the rest into singletons: 2n - 1 is the bound.
        if self.perfect_in_set(S, n, best_out):
            self.store(k1, k2, n, 2 * n - 1, True, best_out[0])
            return 2 * n - 1
        # Otherwise every guess costs at least 2n (a guess outside S cannot hit;
        # one inside leaves a group of two or more).
        if node_lb < 2 * n:
            node_lb = 2 * n
        if node_lb >= beta:
            self.store(k1, k2, n, node_lb, False, -1)
            return node_lb
        if n == 3 and d >= 3:
            # Guessing a candidate leaves a pair: 3 + 3 = 6 = the bound.
            best_out[0] = self.ans_guess[S[0]]
            self.store(k1, k2, n, 6, True, best_out[0])
            return 6

        # Scan the legal guesses: bound each by its split, drop guesses that do
        # not split S, and (easy mode) guesses whose split was already seen.
        F = &self.frames[depth]
        ncand = 0
        nuseful = 0
        minfail = INF
        mask = 0
        scan_best = INF
        scan_bestg = -1
        # Mid-sized sets with room for two more guesses: the bound needs only
        # the number of groups (3n - groups - hit), which a write-only stamp
        # per colouring gives without the counting loop's store-to-load chain.
        fast = n >= FAST_MIN and n <= 243 and d - 1 >= 2
        if self.rule == RULE_EASY and not fast:
            mask = 1
            while mask < 2 * nl:
                mask *= 2
            mask -= 1
            memset(F.seen, 0, (mask + 1) * sizeof(uint64_t))
        mark = self.mark  # locals: byte stores through self would force reloads
        st = self.stamp
        for j in range(nl):
            g = L[j]
            row = self.table + <Py_ssize_t> g * self.na
            self.stats.scanned += n
            if fast:
                if st == 255:
                    memset(mark, 0, NPAT + 13)
                    st = 0
                st += 1
                k = 0
                for i in range(n):
                    c = row[S[i]]
                    k += mark[c] != st
                    mark[c] = st
                ins = self.mark[ALL_GREEN] == st
                if k == 1 and not ins:
                    continue  # one group: the guess teaches nothing here
                total = 3 * n - k - ins
                sumsq = -1  # computed if the guess is ever sorted among equals
                # 2n = one pair at most (with a hit) or all singletons: exact.
                maxs = 2 if total <= 2 * n else 3
            else:
                k = 0
                h = K_FNV_BASIS
                for i in range(n):
                    c = row[S[i]]
                    if self.cnt[c] == 0:
                        self.touched[k] = c
                        self.lab[c] = k
                        k += 1
                    self.cnt[c] += 1
                    # Position-keyed sum of canonical labels: no serial multiply chain.
                    h += self.poskey[i] * <uint64_t> self.lab[c]
                ins = self.cnt[ALL_GREEN] > 0
                total = n
                sumsq = 0
                maxs = 0
                for t in range(k):
                    c = self.touched[t]
                    s = self.cnt[c]
                    self.cnt[c] = 0
                    if c != ALL_GREEN:
                        total += lb_size(s, d - 1)
                        sumsq += <int64_t> s * s
                        if s > maxs:
                            maxs = s
            if k == 1 and not ins:
                continue  # one group: the guess teaches nothing here
            if maxs <= 2 and total < scan_best:
                # Groups of one or two: the bound is the exact cost.
                scan_best = total
                scan_bestg = g
                if total <= node_lb:
                    self.stamp = st
                    best_out[0] = g
                    self.store(k1, k2, n, total, True, g)
                    return total
            if self.rule == RULE_EASY and not fast:
                # Guesses with the same split (and no chance to hit) have equal
                # subtrees, here and in every subset of S: keep the first.
                # Candidates are kept even when their split repeats, since a
                # child may contain one of them and only it can hit there.
                h = mix64(h + (<uint64_t> ins) * K_GOLD + <uint64_t> k)
                if h == 0:
                    h = 1
                slot = h & mask
                dup = False
                while F.seen[slot] != 0:
                    if F.seen[slot] == h:
                        dup = True
                        break
                    slot = (slot + 1) & mask
                if dup and not ins:
                    continue
                F.useful[nuseful] = g
                nuseful += 1
                if dup:
                    continue
                F.seen[slot] = h
            else:
                # (The stamp scan keeps no split hashes: its children get every
                # guess that splits S, and repeated splits are cache hits.)
                F.useful[nuseful] = g
                nuseful += 1
            if total >= beta:
                if total < minfail:
                    minfail = total
                continue
            F.cands[ncand].guess = g
            F.cands[ncand].in_set = ins
            F.cands[ncand].lb = total
            F.cands[ncand].sumsq = sumsq
            ncand += 1

        self.stamp = st
        # Order by bound with a counting sort (bounds are small integers); the
        # finer order inside one bound is sorted only when the loop gets there.
        self.order_by_bound(F, ncand)

        best = beta
        bestg = -1
        par_mine = INF  # solve_shared: the best of this thread's own share
        par_mine_g = -1
        shared_root = self.par_n > 1 and depth == 0
        if scan_best < best:
            best, bestg = scan_best, scan_bestg
            if shared_root:
                par_mine, par_mine_g = scan_best, scan_bestg
                wo_atomic_min(self.par_best, scan_best)
        bucket_end = 0
        for gi in range(ncand):
            if F.cands[gi].lb >= best or node_lb >= best:
                if F.cands[gi].lb < minfail:
                    minfail = F.cands[gi].lb
                break
            if gi == bucket_end:
                bucket_end = gi + 1
                while bucket_end < ncand and F.cands[bucket_end].lb == F.cands[gi].lb:
                    bucket_end += 1
                for i in range(gi, bucket_end):
                    if F.cands[i].sumsq < 0:
                        F.cands[i].sumsq = self.split_sumsq(F.cands[i].guess, S, n)
                qsort(F.cands + gi, bucket_end - gi, sizeof(Candidate), cmp_cand)
            if shared_root:
                # Sharing the root with other threads: take every par_n-th
                # candidate, and prune with the best any thread has found.
                if gi % self.par_n != self.par_tid:
                    continue
                shared = wo_atomic_load(self.par_best)
                if shared < best:
                    best = shared
                if F.cands[gi].lb >= best:
                    break
            g = F.cands[gi].guess
            total = self.try_guess(depth, S, n, F.useful, nuseful, d, g, F.cands[gi].lb, best)
            if self.error:
                return INF
            if total < best:
                best, bestg = total, g
                if shared_root:
                    par_mine, par_mine_g = total, g
                    wo_atomic_min(self.par_best, total)
            elif total < minfail:
                minfail = total

        if shared_root:
            # This thread saw only its share of the candidates: its best is no
            # proof on its own, so it is returned, not cached.
            best_out[0] = par_mine_g
            return par_mine
        if best < beta:
            best_out[0] = bestg
            self.store(k1, k2, n, best, True, bestg)
            return best
        if minfail < node_lb:
            minfail = node_lb
        self.store(k1, k2, n, minfail, False, -1)
        return minfail

    cdef cost_t try_guess(self, int depth, const widx_t* S, int n, const widx_t* useful,
                          int nuseful, int d, widx_t g, cost_t lb, cost_t best) noexcept nogil:
        """Total guesses at S with g first (lb: its bound from the scan): exact
        when below best, otherwise a lower bound >= best."""
        cdef Frame* F = &self.frames[depth]
        cdef const pat_t* row = self.table + <Py_ssize_t> g * self.na
        cdef int i, k, t, s, pos, nlc
        cdef pat_t c
        cdef int32_t start[243]
        cdef cost_t total, lbs, v, child_beta
        cdef uint64_t ck1, ck2
        cdef CacheEntry* e
        cdef widx_t dummy
        cdef const widx_t* Lc
        # Group S by colouring (stable, so each group stays sorted), largest first.
        k = 0
        for i in range(n):
            c = row[S[i]]
            if self.cnt[c] == 0:
                self.touched[k] = c
                k += 1
            self.cnt[c] += 1
        F.ngroups = 0
        pos = 0
        for t in range(k):
            c = self.touched[t]
            start[c] = pos
            pos += self.cnt[c]
            if c != ALL_GREEN and self.cnt[c] > 2:
                # insertion sort by size, descending
                i = F.ngroups
                while i > 0 and F.gsize[i - 1] < self.cnt[c]:
                    F.gpat[i] = F.gpat[i - 1]
                    F.gsize[i] = F.gsize[i - 1]
                    i -= 1
                F.gpat[i] = c
                F.gsize[i] = self.cnt[c]
                F.ngroups += 1
        for i in range(F.ngroups):
            F.gstart[i] = start[F.gpat[i]]
        for i in range(n):
            c = row[S[i]]
            F.part[start[c]] = S[i]
            start[c] += 1
        for t in range(k):
            self.cnt[self.touched[t]] = 0

        # Groups of one or two are exact in the bound.  Raise the bounds of
        # the others first where it is cheap (a group with no candidate that
        # splits it into singletons costs at least 2s; the cache may know
        # more) and give up on the guess if that already reaches best.
        total = lb
        for i in range(F.ngroups):
            s = F.gsize[i]
            lbs = lb_size(s, d - 1)
            F.glb[i] = lbs
            if s <= 243 and not self.perfect_in_set(F.part + F.gstart[i], s, &dummy):
                F.glb[i] = lbs + 1
            if self.rule == RULE_EASY:
                self.state_key(F.part + F.gstart[i], s, NULL, 0, d - 1, &ck1, &ck2)
                e = self.probe(ck1, ck2)
                if e != NULL and (e.exact or e.value > F.glb[i]):
                    F.glb[i] = e.value
            total += F.glb[i] - lbs
            if total >= best:
                break
        # Solve the groups, largest first, replacing each bound by the exact
        # cost, until the sum reaches best.
        self.stats.tried += 1
        if total < best:
            self.stats.recursed += 1
        i = 0
        while i < F.ngroups and total < best:
            s = F.gsize[i]
            lbs = F.glb[i]
            child_beta = best - (total - lbs)
            if self.rule == RULE_EASY:
                Lc = useful
                nlc = nuseful
            else:
                nlc = self.child_legal(useful, nuseful, g, F.gpat[i], F.child_legal)
                Lc = F.child_legal
            v = self.solve(depth + 1, F.part + F.gstart[i], s, Lc, nlc, d - 1,
                           child_beta, &dummy)
            if self.error:
                return INF
            total += v - lbs
            i += 1
        return total

    # -- Python entry points ---------------------------------------------------
    def solve_set(self, const widx_t[::1] S, const widx_t[::1] L, int max_guesses,
                  cost_t beta=-1):
        """(cost, best first guess) of the candidate set S with legal guesses L
        and at most max_guesses guesses.  cost >= INF means infeasible; with
        beta > 0, a cost >= beta is only a lower bound."""
        cdef widx_t best = -1
        cdef cost_t v
        cdef int n = S.shape[0], nl = L.shape[0]
        if beta <= 0:
            beta = INF
        self.error = 0
        with nogil:
            v = self.solve(0, &S[0] if n else NULL, n, &L[0] if nl else NULL, nl,
                           max_guesses, beta, &best)
        if self.error == ERR_STOPPED:
            raise KeyboardInterrupt("search stopped")
        if self.error:
            raise MemoryError("search scratch space exhausted (or recursion deeper than %d)" % MAX_FRAMES)
        return v, best

    def solve_shared(self, const widx_t[::1] S, const widx_t[::1] L, int max_guesses,
                     int64_t[::1] shared_best, int tid, int nthreads):
        """Solve S together with other threads, each with its own Solver: this
        one tries every nthreads-th root candidate (from tid) and prunes with
        shared_best[0], the best total any of them has found (start it at
        INFINITY).  Returns (best total this thread found, its guess) or
        (INFINITY, -1); the least over the threads is the optimum."""
        cdef widx_t best = -1
        cdef cost_t v
        cdef int n = S.shape[0], nl = L.shape[0]
        if n == 0 or nl == 0 or nthreads < 1 or not 0 <= tid < nthreads:
            raise ValueError("solve_shared: empty set or bad thread numbers")
        self.error = 0
        self.par_best = &shared_best[0]
        self.par_tid = tid
        self.par_n = nthreads
        try:
            with nogil:
                v = self.solve(0, &S[0], n, &L[0], nl, max_guesses, INF, &best)
        finally:
            self.par_n = 0
            self.par_best = NULL
        if self.error == ERR_STOPPED:
            raise KeyboardInterrupt("search stopped")
        if self.error:
            raise MemoryError("search scratch space exhausted (or recursion deeper than %d)" % MAX_FRAMES)
        return v, best

    def remember(self, const widx_t[::1] S, const widx_t[::1] L, int max_guesses, cost_t value,
                 widx_t guess):
        """Record a proven optimum of S (e.g. from solve_shared) in this solver's cache."""
        cdef uint64_t k1, k2
        if S.shape[0] == 0:
            return
        self.state_key(&S[0], S.shape[0], &L[0] if L.shape[0] else NULL, L.shape[0],
                       max_guesses, &k1, &k2)
        self.store(k1, k2, S.shape[0], value, True, guess)

    def request_stop(self):
        """Make a running solve_set (in another thread) stop soon and raise
        KeyboardInterrupt; the solver refuses further work."""
        self.stop_requested = 1

    def legal_after(self, const widx_t[::1] L, widx_t g, int p):
        """Hard mode: the guesses of L that stay legal after g was coloured p."""
        out = np.empty(L.shape[0], dtype=np.int32)
        cdef widx_t[::1] o = out
        cdef int m
        if L.shape[0] == 0:
            return out
        m = self.child_legal(&L[0], L.shape[0], g, <pat_t> p, &o[0])
        return out[:m]

    @property
    def stats(self):
        return {"nodes": self.stats.nodes, "cache_hits": self.stats.cache_hits,
                "scanned": self.stats.scanned, "tried": self.stats.tried,
                "recursed": self.stats.recursed,
                "cache_stores": self.stats.cache_stores}

    @property
    def cache_bytes(self):
        return (self.cache_mask + 1) * sizeof(CacheEntry)


INFINITY = INF
