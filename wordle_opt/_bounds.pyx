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

In hard mode the group bound is weak (7913 for SALET, exact 8122, NYT rule):
few legal guesses split a group perfectly.  There the refined bound goes one
level deeper (group_bound2): each T above gets its own group bound with the
guesses legal after h, so a T no legal guess splits perfectly costs more than
2|T| - 1.  SALET: 8092; on 200 random openers it settles every one against
8122 where the group bound settles 164, at about 10x the cost (measured).
"""
import numpy as np
cimport numpy as cnp
from libc.stdlib cimport malloc, free
from libc.string cimport memset

from wordle_opt._typedefs cimport pat_t, widx_t, cost_t, uint8_t, int32_t, int64_t, uint64_t
from libc.stdint cimport uint32_t

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
from wordle_opt._core cimport ALL_GREEN, NPAT, INF, lb_size, filter_legal

cnp.import_array()

INFINITY = INF

cdef enum:
    # sub_bound's memo: (answers, legal set, depth) -> group bound, direct
    # mapped; 24 bytes a slot, 1.5 MiB.  The NYT rule gives many second guesses
    # the same legal set (it keeps greens and revealed letters only), so the
    # same small group recurs with it: measured on the original lists (NYT),
    # a quarter of the calls hit, and a near-top opener's bound costs ~25% less.
    MEMO = 1 << 16


cdef inline uint64_t _mix(uint64_t x) noexcept nogil:
    # splitmix64's finaliser
    x = (x ^ (x >> 30)) * <uint64_t> 0xbf58476d1ce4e5b9ULL
    x = (x ^ (x >> 27)) * <uint64_t> 0x94d049bb133111ebULL
    return x ^ (x >> 31)


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
    # Two-level bound (group_bound2, hard mode) scratch:
    cdef widx_t* legal2           # [ng] legal guesses after a second guess
    cdef widx_t* cand             # [2 ng] candidate second guesses, by split (+ sort space)
    cdef int32_t* cand_k          # [2 ng] their colourings (+ 1 if they can hit)
    cdef widx_t* part2            # [na] a group grouped by the second guess
    cdef widx_t* answer_guess     # [na] the guess index of each answer (-1: none)
    cdef uint32_t* in_l           # [ng] in_l[g] == l_stamp: g is in the current legal set
    cdef uint32_t l_stamp
    cdef uint64_t* memo           # [2 MEMO] (key1, key2) of sub_bound's (T, legal set, d) per slot
    cdef cost_t* memo_v           # [MEMO] its value

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
        self.legal2 = <widx_t*> malloc((self.ng + 1) * sizeof(widx_t))
        self.cand = <widx_t*> malloc((2 * self.ng + 1) * sizeof(widx_t))
        self.cand_k = <int32_t*> malloc((2 * self.ng + 1) * sizeof(int32_t))
        self.part2 = <widx_t*> malloc((self.na + 1) * sizeof(widx_t))
        self.answer_guess = <widx_t*> malloc((self.na + 1) * sizeof(widx_t))
        self.in_l = <uint32_t*> malloc((self.ng + 1) * sizeof(uint32_t))
        if self.legal2 == NULL or self.cand == NULL or self.cand_k == NULL or self.part2 == NULL:
            raise MemoryError()
        if self.answer_guess == NULL or self.in_l == NULL:
            raise MemoryError()
        memset(self.in_l, 0, (self.ng + 1) * sizeof(uint32_t))
        self.l_stamp = 0
        self.memo = <uint64_t*> malloc(2 * MEMO * sizeof(uint64_t))
        self.memo_v = <cost_t*> malloc(MEMO * sizeof(cost_t))
        if self.memo == NULL or self.memo_v == NULL:
            raise MemoryError()
        memset(self.memo, 0, 2 * MEMO * sizeof(uint64_t))  # (key 0, 0: empty)
        self._answer_guesses()
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
        free(self.legal2)
        free(self.cand)
        free(self.cand_k)
        free(self.part2)
        free(self.answer_guess)
        free(self.in_l)
        free(self.memo)
        free(self.memo_v)

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

    # -- the two-level bound (hard mode) ------------------------------------------
    cdef int second_guesses(self, const widx_t* S, int s, const widx_t* L, int nl, int kneed) noexcept nogil:
        """The guesses h of L with more than kneed (>= 1) colourings of S, plus
        one if h may hit, into self.cand / self.cand_k, most first (ties: L
        order); returns their count."""
        cdef int j, i, k, m = 0, kk
        cdef int32_t first[NPAT + 3]
        cdef const pat_t* row
        cdef pat_t c
        cdef uint8_t st = self.stamp
        cdef widx_t* tmp = self.cand + self.ng
        cdef int32_t* tmp_k = self.cand_k + self.ng
        for j in range(nl):
            if self.kmax[L[j]] <= kneed:
                continue  # no subset of the answers gets more colourings from it
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
                if k + (s - i) <= kneed:
                    break  # cannot pass kneed even if the rest were new
            k += self.mark[ALL_GREEN] == st
            if k > kneed:
                tmp[m] = L[j]
                tmp_k[m] = k
                m += 1
        self.stamp = st
        # Counting sort by k, largest first (k <= NPAT + 1).
        memset(first, 0, sizeof(first))
        for j in range(m):
            first[NPAT + 1 - tmp_k[j]] += 1
        k = 0
        for kk in range(NPAT + 3):
            i = first[kk]
            first[kk] = k
            k += i
        for j in range(m):
            kk = NPAT + 1 - tmp_k[j]
            self.cand[first[kk]] = tmp[j]
            self.cand_k[first[kk]] = tmp_k[j]
            first[kk] += 1
        return m

    cdef void _answer_guesses(self):
        """answer_guess[a]: the guess that hits answer a (the table is all green
        there), -1 if the answer is not a guess."""
        cdef Py_ssize_t g, a
        cdef const pat_t* row
        for a in range(self.na):
            self.answer_guess[a] = -1
        for g in range(self.ng):
            row = self.table + g * self.na
            for a in range(self.na):
                if row[a] == ALL_GREEN and self.answer_guess[a] < 0:
                    self.answer_guess[a] = <widx_t> g

    cdef bint member_splits(self, const widx_t* T, int t) noexcept nogil:
        """Does an answer of T, as a guess in the legal set marked in in_l, give
        every answer of T its own colouring?  Then T's group bound is
        lb_size(t, d) (the most colourings and a hit), so the scan of the
        whole legal set can be skipped; answers are tried first because in
        hard mode the perfect splitter is usually one of them.  (An answer of
        T is consistent with every colouring so far, so it stays legal under
        both hard rules when it was legal at S.)"""
        cdef int i, j, k
        cdef widx_t g
        cdef const pat_t* row
        cdef pat_t c
        cdef uint8_t st = self.stamp
        cdef bint found = False
        for j in range(t):
            g = self.answer_guess[T[j]]
            if g < 0 or self.in_l[g] != self.l_stamp:
                continue
            row = self.table + <Py_ssize_t> g * self.na
            if st == 255:
                memset(self.mark, 0, sizeof(self.mark))
                st = 0
            st += 1
            k = 0
            for i in range(t):
                c = row[T[i]]
                if self.mark[c] == st:
                    break
                self.mark[c] = st
                k += 1
            if k == t:
                found = True
                break
        self.stamp = st
        return found

    cdef cost_t sub_bound(self, const widx_t* T, int t, const widx_t* L, int nl, int d,
                          widx_t h, pat_t c) noexcept nogil:
        """group_bound(T, the guesses of L legal after h was coloured c, d) for
        2 < t <= NPAT and d - 1 >= 2 (its fast formula), with L marked in in_l:
        an answer of T that splits it perfectly settles it at once, and
        otherwise no guess can give T more than t colourings (+ hit), so the
        scan ends at the first that does."""
        cdef int i, j, k, nl2, best_kh = 1
        cdef const widx_t* L2 = L
        cdef uint64_t k1, k2
        cdef Py_ssize_t slot
        cdef cost_t v
        cdef const pat_t* row
        cdef pat_t q
        cdef uint8_t st
        if self.member_splits(T, t):
            return lb_size(t, d)
        nl2 = nl
        if self.rule != 0:
            nl2 = filter_legal(self.rule, self.codes, L, nl, self.codes + 5 * h, c, self.legal2)
            L2 = self.legal2
        # The value is a function of (T, L2, d), both lists in index order:
        # two independent 64-bit hashes key the memo.
        k1 = _mix(<uint64_t> d * 1000003 + t)
        k2 = _mix(k1 ^ <uint64_t> nl2)
        for i in range(t):
            k1 = _mix(k1 + <uint64_t> T[i])
            k2 = k2 * 0x100000001b3ULL ^ <uint64_t> T[i]
        for j in range(nl2):
            k1 = k1 * 0x9e3779b97f4a7c15ULL + <uint64_t> L2[j]
            k2 = (k2 ^ <uint64_t> L2[j]) * 0x100000001b3ULL
        k1 = _mix(k1)
        k2 = _mix(k2) | 1  # (never the empty key)
        slot = <Py_ssize_t> (k1 & (MEMO - 1))
        if self.memo[2 * slot] == k1 and self.memo[2 * slot + 1] == k2:
            return self.memo_v[slot]
        st = self.stamp
        for j in range(nl2):
            if self.kmax[L2[j]] <= best_kh:
                continue
            row = self.table + <Py_ssize_t> L2[j] * self.na
            if st == 255:
                memset(self.mark, 0, sizeof(self.mark))
                st = 0
            st += 1
            k = 0
            for i in range(t):
                q = row[T[i]]
                k += self.mark[q] != st
                self.mark[q] = st
                if k + (t - i) <= best_kh:
                    break
            k += self.mark[ALL_GREEN] == st
            if k > best_kh:
                best_kh = k
                if best_kh >= t:
                    break  # (t + 1 needs an answer of T that splits it perfectly: none does)
        self.stamp = st
        v = lb_size(t, d)  # (also when no legal guess splits T)
        if best_kh > 1 and 3 * t - best_kh > v:
            v = 3 * t - best_kh
        self.memo[2 * slot] = k1
        self.memo[2 * slot + 1] = k2
        self.memo_v[slot] = v
        return v

    cdef cost_t second_level(self, const widx_t* S, int s, const widx_t* L, int nl, int d,
                             widx_t h, cost_t v, cost_t best) noexcept nogil:
        """|S| + the sum over h's non-green groups T of S of group_bound(T, the
        guesses of L legal after h, d - 1), starting from v, h's one-level
        value (3|S| - colourings - hit); stops once it reaches best."""
        cdef int32_t cnt[NPAT]
        cdef int32_t end[NPAT]
        cdef pat_t touched[NPAT]
        cdef const pat_t* row = self.table + <Py_ssize_t> h * self.na
        cdef int i, k = 0, t, nl2, pos = 0
        cdef pat_t c
        cdef const widx_t* L2
        memset(cnt, 0, sizeof(cnt))
        for i in range(s):
            c = row[S[i]]
            if cnt[c] == 0:
                touched[k] = c
                k += 1
            cnt[c] += 1
        for i in range(k):
            pos += cnt[touched[i]]
            end[touched[i]] = pos
        for i in range(s - 1, -1, -1):
            c = row[S[i]]
            end[c] -= 1
            self.part2[end[c]] = S[i]  # (end[c] ends at the group's start)
        for i in range(k):
            c = touched[i]
            t = cnt[c]
            if c == ALL_GREEN:
                continue
            if 2 < t <= NPAT and d - 2 >= 2:
                v += self.sub_bound(self.part2 + end[c], t, L, nl, d - 1, h, c) - (2 * t - 1)
                if v >= best:
                    break
                continue
            L2, nl2 = L, nl
            if t > 2 and self.rule != 0:
                nl2 = filter_legal(self.rule, self.codes, L, nl, self.codes + 5 * h, c, self.legal2)
                L2 = self.legal2
            v += self.group_bound(self.part2 + end[c], t, L2, nl2, d - 1) - (2 * t - 1)
            if v >= best:
                break
        return v

    cdef cost_t group_bound2(self, const widx_t* S, int s, const widx_t* L, int nl, int d,
                             cost_t cap, cost_t b1) noexcept nogil:
        """Two-level lower bound on cost(S, d), given b1 = group_bound(S, L, d):

            max(b1, min(cap, B2)),  B2 = |S| + min over the guesses h of L that
            split S (or may hit) of the sum over h's non-green groups T of
            group_bound(T, the guesses of L legal after h, d - 1)

        (B2 = INF when no guess of L splits S: S can then never be solved).
        A group that no legal guess splits perfectly costs more than 2|T| - 1;
        in hard mode that is common.  Guesses are tried by their one-level
        value 3|S| - colourings - hit (<= their B2 term) and only while it is
        below the best found, so a lower cap means less work."""
        cdef cost_t best, v
        cdef int m, c
        cdef int64_t kneed
        if s <= 2 or d < 2 or b1 >= INF or b1 >= cap:
            return b1
        if cap > INF:
            cap = INF
        kneed = 3 * <int64_t> s - cap  # a guess needs more colourings (+ hit) to be below cap
        if kneed < 1:
            kneed = 1
        best = cap
        if self.l_stamp >= (1 << 30):
            memset(self.in_l, 0, (self.ng + 1) * sizeof(uint32_t))
            self.l_stamp = 0
        self.l_stamp += 1
        for c in range(nl):
            self.in_l[L[c]] = self.l_stamp
        if kneed <= NPAT + 1:
            m = self.second_guesses(S, s, L, nl, <int> kneed)
            for c in range(m):
                v = 3 * s - self.cand_k[c]
                if v >= best:
                    break
                v = self.second_level(S, s, L, nl, d, self.cand[c], v, best)
                if v < best:
                    best = v
        return best if best > b1 else b1

    cdef cost_t deepen(self, widx_t o, int d, cost_t stop, const int32_t* gpat, const int32_t* gstart,
                       const int32_t* gsize, int ngr, cost_t* bounds, cost_t total) noexcept nogil:
        """Hard mode, after every group has its group bound: raise them to the
        two-level bound, largest groups first, until the total reaches stop."""
        cdef int i, nl
        cdef cost_t gb
        for i in range(ngr):
            if total >= stop or total >= INF:
                break
            if gsize[i] <= 2:
                continue  # (exact already)
            nl = filter_legal(self.rule, self.codes, self.all_guesses, <int> self.ng,
                              self.codes + 5 * o, <pat_t> gpat[i], self.legal)
            gb = self.group_bound2(self.part + gstart[i], gsize[i], self.legal, nl, d,
                                   stop - (total - bounds[i]), bounds[i])
            total += gb - bounds[i]
            bounds[i] = gb
        return total

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
        if self.rule != 0:
            total = self.deepen(o, d - 1, stop, gpat, gstart, gsize, ngr, out_bounds, total)
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

    def group2(self, const widx_t[::1] S, const widx_t[::1] L, int d, cost_t cap=-1):
        """The two-level group bound of S with legal guesses L and d guesses left,
        capped at cap when cap > 0 (see group_bound2)."""
        cdef cost_t b1 = self.group(S, L, d)
        if cap <= 0:
            cap = INF
        return self.group_bound2(&S[0] if S.shape[0] else NULL, S.shape[0], &L[0] if L.shape[0] else NULL,
                                 L.shape[0], d, cap, b1)

    def _check(self, widx_t o):
        if not 0 <= o < self.ng:
            raise ValueError(f"opener index {o} out of range 0..{self.ng - 1}")
