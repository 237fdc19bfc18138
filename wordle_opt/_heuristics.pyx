# cython: language_level=3
"""Hot loops of the heuristic strategies and of simulation.

All functions take the precomputed pattern table (uint8, guesses x answers,
``WordLists.table``), candidate sets as int32 answer indices and guess sets
as int32 guess indices.  ``wordle_opt._heuristics_py`` is the plain-Python
reference with the same signatures; the differential tests compare the two.
"""
import numpy as np
cimport numpy as cnp
from libc.math cimport log2
from libc.stdlib cimport malloc, free

from wordle_opt._typedefs cimport pat_t, widx_t, uint8_t, int64_t
from wordle_opt._core cimport filter_legal, ALL_GREEN, NPAT, RULE_NYT, RULE_STRICT

cnp.import_array()


cdef inline void _one_guess(const pat_t* row, const widx_t* cands, Py_ssize_t n,
                            int* counts, int* touched, double* ent, int* largest,
                            int64_t* sumsq, int* ngroups) noexcept nogil:
    """Partition cands by the colourings in ``row``.  ``counts`` must be all zero
    on entry and is left all zero: only the touched buckets are reset, which is
    what makes thousands of small candidate sets cheap."""
    cdef Py_ssize_t j
    cdef int k, c, p, nt = 0, big = 0
    cdef int64_t sq = 0
    cdef double s = 0.0
    for j in range(n):
        p = row[cands[j]]
        if counts[p] == 0:
            touched[nt] = p
            nt += 1
        counts[p] += 1
    for k in range(nt):
        p = touched[k]
        c = counts[p]
        counts[p] = 0
        if c > big:
            big = c
        sq += <int64_t>c * c
        if c > 1:
            s += c * log2(<double>c)
    # H = log2 n - (1/n) sum c log2 c
    ent[0] = log2(<double>n) - s / n if n > 0 else 0.0
    largest[0] = big
    sumsq[0] = sq
    ngroups[0] = nt


def score_guesses(const pat_t[:, ::1] table, const widx_t[::1] cands, const widx_t[::1] guesses):
    """For every guess: (entropy in bits, largest group, sum of squared group
    sizes, number of groups) of its colourings over ``cands``.

    Expected group size is sumsq / len(cands); sumsq is returned as an exact
    integer so ties compare exactly.
    """
    cdef Py_ssize_t ng = guesses.shape[0], n = cands.shape[0], i
    ent = np.zeros(ng, dtype=np.float64)
    largest = np.zeros(ng, dtype=np.int32)
    sumsq = np.zeros(ng, dtype=np.int64)
    ngroups = np.zeros(ng, dtype=np.int32)
    cdef double[::1] e = ent
    cdef int[::1] lg = largest
    cdef int64_t[::1] sq = sumsq
    cdef int[::1] gr = ngroups
    cdef int counts[NPAT]
    cdef int touched[NPAT]
    for i in range(NPAT):
        counts[i] = 0
    if n == 0 or ng == 0:
        return ent, largest, sumsq, ngroups
    with nogil:
        for i in range(ng):
            _one_guess(&table[guesses[i], 0], &cands[0], n, counts, touched,
                       &e[i], &lg[i], &sq[i], &gr[i])
    return ent, largest, sumsq, ngroups


cdef double _max_entropy(const pat_t[:, ::1] table, const widx_t* cands, Py_ssize_t n,
                         const widx_t[::1] guesses, int* counts, int* touched) noexcept nogil:
    """Largest entropy of any guess over ``cands``; stops at a perfect split."""
    cdef Py_ssize_t i
    cdef double best = 0.0, e, perfect
    cdef int lg, gr
    cdef int64_t sq
    if n <= 1:
        return 0.0
    perfect = log2(<double>n)
    for i in range(guesses.shape[0]):
        _one_guess(&table[guesses[i], 0], cands, n, counts, touched, &e, &lg, &sq, &gr)
        if e > best:
            best = e
        if gr == n:   # every candidate alone: nothing can beat log2 n
            return perfect
    return best


def max_entropy(const pat_t[:, ::1] table, const widx_t[::1] cands, const widx_t[::1] guesses):
    """The largest entropy (bits) any of ``guesses`` reaches over ``cands``."""
    cdef int counts[NPAT]
    cdef int touched[NPAT]
    cdef Py_ssize_t i
    cdef double r
    for i in range(NPAT):
        counts[i] = 0
    if cands.shape[0] <= 1 or guesses.shape[0] == 0:
        return 0.0
    with nogil:
        r = _max_entropy(table, &cands[0], cands.shape[0], guesses, counts, touched)
    return r


def lookahead_entropy(const pat_t[:, ::1] table, const widx_t[::1] cands,
                      const widx_t[::1] firsts, const widx_t[::1] guesses):
    """Two-step expected information, easy mode: for each first guess f,
    H(f) + sum over f's groups G (except all green) of |G|/n * max_g H(g | G),
    the second guess g ranging over ``guesses``."""
    cdef Py_ssize_t nf = firsts.shape[0], n = cands.shape[0], fi, j
    out = np.zeros(nf, dtype=np.float64)
    cdef double[::1] o = out
    if n == 0 or nf == 0:
        return out
    cdef int counts[NPAT]
    cdef int touched[NPAT]
    cdef int start[NPAT + 1]
    cdef int k, p, c
    cdef double e, acc
    cdef int lg, gr
    cdef int64_t sq
    cdef const pat_t* row
    cdef widx_t* sorted_ = <widx_t*> malloc(n * sizeof(widx_t))
    if sorted_ == NULL:
        raise MemoryError()
    for k in range(NPAT):
        counts[k] = 0
    with nogil:
        for fi in range(nf):
            row = &table[firsts[fi], 0]
            _one_guess(row, &cands[0], n, counts, touched, &e, &lg, &sq, &gr)
            # counting sort of the candidates by colouring
            for j in range(n):
                counts[row[cands[j]]] += 1
            start[0] = 0
            for k in range(NPAT):
                start[k + 1] = start[k] + counts[k]
                counts[k] = 0
            for j in range(n):
                p = row[cands[j]]
                sorted_[start[p] + counts[p]] = cands[j]
                counts[p] += 1
            for k in range(NPAT):
                counts[k] = 0
            acc = 0.0
            for k in range(ALL_GREEN):
                c = start[k + 1] - start[k]
                if c == 2:
                    acc += 2.0      # guessing either one splits a pair: 1 bit
                elif c > 2:
                    acc += c * _max_entropy(table, &sorted_[start[k]], c, guesses, counts, touched)
            o[fi] = e + acc / n
    free(sorted_)
    return out


def filter_candidates(const pat_t[:, ::1] table, const widx_t[::1] cands, Py_ssize_t guess, int pattern):
    """The candidates whose colouring under ``guess`` is ``pattern``."""
    cdef Py_ssize_t n = cands.shape[0], j, m = 0
    out = np.empty(n, dtype=np.int32)
    cdef widx_t[::1] o = out
    cdef const pat_t* row
    if n == 0:
        return out
    row = &table[guess, 0]
    with nogil:
        for j in range(n):
            if row[cands[j]] == pattern:
                o[m] = cands[j]
                m += 1
    return out[:m].copy()


def legal_nyt(const uint8_t[:, ::1] codes, const widx_t[::1] legal, const uint8_t[::1] guess, int pattern):
    """The words of ``legal`` (indices into ``codes``) that keep the NYT hard
    rule after ``guess`` was coloured ``pattern``: greens in place, and each
    revealed (green or yellow) letter used at least as often as revealed."""
    return _filter(RULE_NYT, codes, legal, guess, pattern)


def legal_strict(const uint8_t[:, ::1] codes, const widx_t[::1] legal, const uint8_t[::1] guess, int pattern):
    """The words of ``legal`` that could still be the answer: score(guess, word) == pattern."""
    return _filter(RULE_STRICT, codes, legal, guess, pattern)


cdef _filter(int rule, const uint8_t[:, ::1] codes, const widx_t[::1] legal, const uint8_t[::1] guess,
             int pattern):
    # The search's own filter (_core.filter_legal): one implementation of each rule.
    cdef int n = legal.shape[0], m = 0
    out = np.empty(n, dtype=np.int32)
    cdef widx_t[::1] o = out
    if n:
        with nogil:
            m = filter_legal(rule, &codes[0, 0], &legal[0], n, &guess[0], <pat_t> pattern, &o[0])
    return out[:m].copy()


def frequency_scores(const uint8_t[:, ::1] answer_codes, const widx_t[::1] cands,
                     const uint8_t[:, ::1] guess_codes, const widx_t[::1] guesses):
    """Letter-frequency score of each guess over the candidates: for each
    position, how many candidates have the guess's letter there, plus, for
    each distinct letter of the guess, how many candidates contain it.
    Repeated letters earn the "contains" part once, which favours guesses
    that test many different letters."""
    cdef Py_ssize_t n = cands.shape[0], ng = guesses.shape[0], j
    cdef int pos[5][26]
    cdef int anyc[26]
    cdef int i, k, c, s
    cdef unsigned int seen
    cdef const uint8_t* w
    out = np.zeros(ng, dtype=np.int64)
    cdef int64_t[::1] o = out
    for i in range(5):
        for c in range(26):
            pos[i][c] = 0
    for c in range(26):
        anyc[c] = 0
    with nogil:
        for j in range(n):
            w = &answer_codes[cands[j], 0]
            seen = 0
            for i in range(5):
                pos[i][w[i]] += 1
                if not (seen >> w[i]) & 1:
                    seen |= 1u << w[i]
                    anyc[w[i]] += 1
        for j in range(ng):
            w = &guess_codes[guesses[j], 0]
            s = 0
            seen = 0
            for i in range(5):
                s += pos[i][w[i]]
                if not (seen >> w[i]) & 1:
                    seen |= 1u << w[i]
                    s += anyc[w[i]]
            o[j] = s
    return out
