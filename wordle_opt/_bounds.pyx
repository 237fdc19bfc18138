# cython: language_level=3
"""Cheap lower bounds on an opener's total, compiled (plain twin: _bounds_py.py).

For an opener o with d guesses allowed, the total is

    n + sum over o's non-green groups S of cost(S, d - 1)

and each cost(S, d') is at least

    group bound = |S| + min over the guesses h legal at S that split S (or may
                  hit) of  sum over h's non-green groups T of lb_size(|T|, d' - 1)

(lb_size from _core.pxd: one answer of T may be hit by the next guess, every
other needs two guesses or more).  The quick bound uses lb_size(|S|, d - 1) for
every group instead; the refined bound replaces it by the group bound, largest
groups first, and may stop once the total reaches ``stop``.  Measured on the
original lists: SALET's refined bound is 7812 (exact 7920).
"""
import numpy as np
cimport numpy as cnp
from libc.stdlib cimport malloc, free
from libc.string cimport memset

from wordle_opt._typedefs cimport pat_t, widx_t, cost_t, uint8_t, int32_t, int64_t, uint64_t

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
from wordle_opt._core cimport ALL_GREEN, NPAT, INF, lb_size, filter_legal

cnp.import_array()

INFINITY = INF


cdef class Bounder:
    """Bounds over one pattern table (guesses x answers, uint8), one instance
    per thread: it owns its scratch space.  ``rule``: 0 easy, 1 NYT, 2 strict."""

    cdef const pat_t* table
    cdef object table_ref
    cdef const uint8_t* codes
    cdef object codes_ref
    cdef Py_ssize_t ng, na
    cdef int rule
    cdef widx_t* all_guesses      # [ng] 0..ng-1
    cdef widx_t* legal            # [ng] legal guesses of one group (hard mode)
    cdef widx_t* part             # [na] answers grouped by the opener's colouring
    cdef int32_t* kmax            # [ng] colourings (+ 1 if it can hit) over all answers
    cdef widx_t* by_kmax          # [ng] the guesses by kmax, largest first
    cdef int32_t cnt[243]         # scratch, all zero between uses
    cdef pat_t touched[243]
    cdef uint8_t mark[256]        # stamp scan: mark[c] == stamp when c was seen
    cdef int32_t best_kh[243]     # batch scan: most colourings (+ hit) of group q so far
    cdef uint8_t stamp

    def __cinit__(self, const pat_t[:, ::1] table, const uint8_t[:, ::1] guess_codes, int rule=0):
        cdef Py_ssize_t i
        if table.shape[0] != guess_codes.shape[0] or guess_codes.shape[1] != 5:
            raise ValueError("Bounder: guess_codes must be (len(guesses), 5)")
        self.ng = table.shape[0]
        self.na = table.shape[1]
        self.table = &table[0, 0] if self.ng and self.na else NULL
        self.table_ref = table
        self.codes = &guess_codes[0, 0] if self.ng else NULL
        self.codes_ref = guess_codes
        self.rule = rule
        self.all_guesses = <widx_t*> malloc((self.ng + 1) * sizeof(widx_t))
        self.legal = <widx_t*> malloc((self.ng + 1) * sizeof(widx_t))
        self.part = <widx_t*> malloc((self.na + 1) * sizeof(widx_t))
        self.kmax = <int32_t*> malloc((self.ng + 1) * sizeof(int32_t))
        self.by_kmax = <widx_t*> malloc((self.ng + 1) * sizeof(widx_t))
        if self.kmax == NULL or self.by_kmax == NULL:
            raise MemoryError()
        if self.all_guesses == NULL or self.legal == NULL or self.part == NULL:
            raise MemoryError()
        for i in range(self.ng):
            self.all_guesses[i] = <widx_t> i
        memset(self.cnt, 0, sizeof(self.cnt))
        self._kmax()
        memset(self.mark, 0, sizeof(self.mark))
        self.stamp = 0

    def __dealloc__(self):
        free(self.all_guesses)
        free(self.legal)
        free(self.part)
        free(self.kmax)
        free(self.by_kmax)

    cdef void _kmax(self):
        """kmax[h]: the colourings h gives over all answers, plus one if it can
        hit; no subset of the answers gets more from h, so a guess with kmax
        at most the best split found so far need not be scanned."""
        cdef Py_ssize_t g, i
        cdef int k
        cdef const pat_t* row
        for g in range(self.ng):
            row = self.table + g * self.na
            k = 0
            for i in range(self.na):
                if self.cnt[row[i]] == 0:
                    self.touched[k] = row[i]
                    k += 1
                self.cnt[row[i]] = 1
            self.kmax[g] = k + self.cnt[ALL_GREEN]
            for i in range(k):
                self.cnt[self.touched[i]] = 0
        order = np.argsort(-np.array([self.kmax[g] for g in range(self.ng)], dtype=np.int64), kind="stable")
        for g in range(self.ng):
            self.by_kmax[g] = order[g]

    cdef cost_t group_bound(self, const widx_t* S, int s, const widx_t* L, int nl, int d) noexcept nogil:
        """Lower bound on cost(S, d): the group bound above (lb_size(s, d) if
        no guess of L splits S, and exactly lb_size(s, d) for s <= 2)."""
        cdef cost_t triv = lb_size(s, d), best = INF, total
        cdef int i, j, k, t, best_kh = 0
        cdef bint ins
        cdef const pat_t* row
        cdef pat_t c
        cdef uint8_t st
        if s <= 2 or triv >= INF:
            return triv
        if d - 1 >= 2:
            # Every group T has lb_size(|T|) >= 2|T| - 1 (equal when |T| <= 243),
            # so the bound is 3s - k - ins (k colourings, ins: h may hit):
            # maximise k + ins.  A stamp per colouring counts k.
            st = self.stamp
            for j in range(nl):
                if self.kmax[L[j]] <= best_kh:
                    continue  # it cannot split S into more colourings than all answers
                row = self.table + <Py_ssize_t> L[j] * self.na
                if st == 255:
                    memset(self.mark, 0, sizeof(self.mark))
                    st = 0
                st += 1
                k = 0
                for i in range(s):
                    c = row[S[i]]
                    k += self.mark[c] != st
                    self.mark[c] = st
                    if k + (s - i) <= best_kh:
                        break  # cannot beat the best split even if the rest were new
                ins = self.mark[ALL_GREEN] == st
                if k == 1 and not ins:
                    continue  # h does not split S
                if k + ins > best_kh:
                    best_kh = k + ins
                    if best_kh == s + 1 or best_kh == NPAT + 1:
                        break  # the most colourings (and a hit) there can be
            self.stamp = st
            if best_kh == 0:
                return triv
            total = 3 * s - best_kh
            return total if total > triv else triv
        for j in range(nl):
            row = self.table + <Py_ssize_t> L[j] * self.na
            k = 0
            for i in range(s):
                c = row[S[i]]
                if self.cnt[c] == 0:
                    self.touched[k] = c
                    k += 1
                self.cnt[c] += 1
            ins = self.cnt[ALL_GREEN] > 0
            total = s
            for t in range(k):
                c = self.touched[t]
                if c != ALL_GREEN:
                    total += lb_size(self.cnt[c], d - 1)
                self.cnt[c] = 0
            if (k > 1 or ins) and total < best:
                best = total
        if best >= INF and triv < INF:
            # (no splitting guess is legal: the trivial bound still holds)
            return triv
        return best if best > triv else triv

    cdef int split(self, widx_t o, int32_t* gpat, int32_t* gstart, int32_t* gsize) noexcept nogil:
        """Group the answers by o's colouring into self.part (each group in
        index order), non-green groups largest first; returns their count."""
        cdef const pat_t* row = self.table + <Py_ssize_t> o * self.na
        cdef int32_t start[243]
        cdef int i, j, k = 0, ngr = 0, pos = 0
        cdef pat_t c
        for i in range(self.na):
            c = row[i]
            if self.cnt[c] == 0:
                self.touched[k] = c
                k += 1
            self.cnt[c] += 1
        for i in range(k):
            c = self.touched[i]
            start[c] = pos
            pos += self.cnt[c]
            if c != ALL_GREEN:
                j = ngr
                while j > 0 and (gsize[j - 1] < self.cnt[c] or
                                 (gsize[j - 1] == self.cnt[c] and gpat[j - 1] > c)):
                    gpat[j] = gpat[j - 1]
                    gsize[j] = gsize[j - 1]
                    j -= 1
                gpat[j] = c
                gsize[j] = self.cnt[c]
                ngr += 1
        for i in range(ngr):
            gstart[i] = start[gpat[i]]
        for i in range(self.na):
            c = row[i]
            self.part[start[c]] = <widx_t> i
            start[c] += 1
        for i in range(k):
            self.cnt[self.touched[i]] = 0
        return ngr

    cdef void batch_bounds(self, const int32_t* gstart, const int32_t* gsize, int g0, int g1,
                           int d, cost_t* bounds, cost_t* total) noexcept nogil:
        """The group bounds (fast formula, every guess legal, d - 1 >= 2) of
        groups g0..g1-1 of self.part in one sweep over the table: each row is
        read once for all of them (then it sits in L1), where group by group
        would stream the 30 MB table once per group (measured about 2x slower
        for an opener whose bound needs every group)."""
        cdef int i, q, k, s, best, lowest
        cdef Py_ssize_t h, j
        cdef const pat_t* row
        cdef const widx_t* S
        cdef pat_t c
        cdef uint8_t st = self.stamp
        cdef cost_t gb
        for q in range(g0, g1):
            self.best_kh[q] = 0
        for j in range(self.ng):
            # Guesses by kmax, largest first: good splits come early, and once
            # no group can gain from a guess, none can from the ones after it.
            h = self.by_kmax[j]
            lowest = NPAT + 2
            row = self.table + h * self.na
            for q in range(g0, g1):
                s = gsize[q]
                if s <= 2 or self.best_kh[q] == s + 1 or self.best_kh[q] == NPAT + 1:
                    continue  # exact already, or the most colourings there can be
                if self.best_kh[q] < lowest:
                    lowest = self.best_kh[q]
                if self.kmax[h] <= self.best_kh[q]:
                    continue
                S = self.part + gstart[q]
                if st == 255:
                    memset(self.mark, 0, sizeof(self.mark))
                    st = 0
                st += 1
                best = self.best_kh[q]
                k = 0
                for i in range(s):
                    c = row[S[i]]
                    k += self.mark[c] != st
                    self.mark[c] = st
                    if k + (s - i) <= best:
                        break  # cannot beat the best split even if the rest were new
                k += self.mark[ALL_GREEN] == st
                if k > best and k > 1:  # (k + ins > 1: h splits the group or may hit)
                    self.best_kh[q] = k
            if self.kmax[h] <= lowest:
                break
        self.stamp = st
        for q in range(g0, g1):
            gb = lb_size(gsize[q], d)
            if gsize[q] > 2 and self.best_kh[q] > 0 and 3 * gsize[q] - self.best_kh[q] > gb:
                gb = 3 * gsize[q] - self.best_kh[q]
            total[0] += gb - bounds[q]
            bounds[q] = gb

    cdef cost_t refine(self, widx_t o, int d, cost_t stop, cost_t* out_bounds,
                       int32_t* gpat, int32_t* gsize, int* out_ngroups) noexcept nogil:
        cdef int32_t gstart[243]
        cdef int ngr, i, j, nl, covered
        cdef cost_t total, gb
        cdef const widx_t* L
        if d <= 0:
            out_ngroups[0] = 0
            return INF
        ngr = self.split(o, gpat, gstart, gsize)
        out_ngroups[0] = ngr
        total = self.na
        for i in range(ngr):
            out_bounds[i] = lb_size(gsize[i], d - 1)
            total += out_bounds[i]
        if self.rule == 0 and d - 2 >= 2:
            # Easy mode: the groups in three passes (largest first, about a
            # third of the answers each), each pass one sweep over the table.
            i = 0
            while i < ngr and total < stop and total < INF:
                j = i
                covered = 0
                while j < ngr and (j == i or covered < self.na // 3):
                    covered += gsize[j]
                    j += 1
                self.batch_bounds(gstart, gsize, i, j, d - 1, out_bounds, &total)
                i = j
            return total if total < INF else INF
        for i in range(ngr):
            if total >= stop or total >= INF:
                break
            if self.rule == 0:
                L = self.all_guesses
                nl = <int> self.ng
            else:
                nl = filter_legal(self.rule, self.codes, self.all_guesses, <int> self.ng,
                                  self.codes + 5 * o, <pat_t> gpat[i], self.legal)
                L = self.legal
            gb = self.group_bound(self.part + gstart[i], gsize[i], L, nl, d - 1)
            total += gb - out_bounds[i]
            out_bounds[i] = gb
        return total if total < INF else INF

    # -- Python entry points ---------------------------------------------------
    def quick(self, int d):
        """int64 array [ng]: n + sum over each opener's non-green groups S of
        lb_size(|S|, d - 1) (INFINITY when d < 1 or the cap cannot be met)."""
        out = np.empty(self.ng, dtype=np.int64)
        cdef int64_t[::1] o = out
        cdef Py_ssize_t g, i
        cdef int k
        cdef cost_t total
        cdef const pat_t* row
        cdef pat_t c
        with nogil:
            for g in range(self.ng):
                row = self.table + g * self.na
                k = 0
                for i in range(self.na):
                    c = row[i]
                    if self.cnt[c] == 0:
                        self.touched[k] = c
                        k += 1
                    self.cnt[c] += 1
                total = self.na if d >= 1 else INF
                for i in range(k):
                    c = self.touched[i]
                    if c != ALL_GREEN:
                        total += lb_size(self.cnt[c], d - 1)
                    self.cnt[c] = 0
                o[g] = total if total < INF else INF
        return out

    def opener(self, widx_t o, int d, cost_t stop=-1):
        """Refined lower bound on opener o's total with d guesses allowed.  Groups
        are refined largest first; with stop > 0 the refinement ends as soon as
        the total reaches stop (the result is then >= stop, still a bound).
        INFINITY: no strategy can finish within d guesses."""
        cdef int32_t gpat[243]
        cdef int32_t gsize[243]
        cdef cost_t bounds[243]
        cdef int ngr
        cdef cost_t v
        self._check(o)
        if stop <= 0:
            stop = INF
        with nogil:
            v = self.refine(o, d, stop, bounds, gpat, gsize, &ngr)
        return v

    def opener_groups(self, widx_t o, int d):
        """(patterns, sizes, bounds): o's non-green groups, largest first (ties:
        smaller colouring first), each with its group bound for d - 1 guesses."""
        cdef int32_t gpat[243]
        cdef int32_t gsize[243]
        cdef cost_t bounds[243]
        cdef int ngr, i
        self._check(o)
        with nogil:
            self.refine(o, d, INF, bounds, gpat, gsize, &ngr)
        pats = np.array([gpat[i] for i in range(ngr)], dtype=np.int32)
        sizes = np.array([gsize[i] for i in range(ngr)], dtype=np.int32)
        bnds = np.array([min(bounds[i], INF) for i in range(ngr)], dtype=np.int64)
        return pats, sizes, bnds

    def group(self, const widx_t[::1] S, const widx_t[::1] L, int d):
        """The group bound of the answer set S (indices) with legal guesses L and
        d guesses left."""
        cdef int s = S.shape[0], nl = L.shape[0], i
        for i in range(s):
            if not 0 <= S[i] < self.na:
                raise ValueError("Bounder.group: answer index out of range")
        for i in range(nl):
            if not 0 <= L[i] < self.ng:
                raise ValueError("Bounder.group: guess index out of range")
        if s > 1 and len(np.unique(np.asarray(S))) != s:
            raise ValueError("Bounder.group: repeated answers")
        return self.group_bound(&S[0] if s else NULL, s, &L[0] if nl else NULL, nl, d)

    def _check(self, widx_t o):
        if not 0 <= o < self.ng:
            raise ValueError(f"opener index {o} out of range 0..{self.ng - 1}")
