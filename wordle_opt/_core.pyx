# cython: language_level=3
"""The compiled core: scoring, pattern tables and the exact search.

Words enter as uint8 arrays of shape (n, 5) holding letters 0..25 ('a' = 0).
A colouring is an int 0..242: digit i (base 3) is the colour of letter i,
grey 0 / yellow 1 / green 2, so all-green is 242.
"""
import numpy as np
cimport numpy as cnp
from libc.string cimport memset

from wordle_opt._typedefs cimport pat_t, widx_t, cost_t, uint8_t, uint64_t

cnp.import_array()

DEF ALL_GREEN = 242

cdef int POW3[5]
POW3[:] = [1, 3, 9, 27, 81]


cdef inline pat_t score_one(const uint8_t* g, const uint8_t* a) noexcept nogil:
    """Colour guess g against answer a: greens first, then yellows left to right
    while the answer still has unmatched copies of the letter."""
    cdef int counts[26]
    cdef int i, pat = 0
    cdef bint green[5]
    for i in range(5):
        counts[a[i]] = 0
    for i in range(5):
        green[i] = g[i] == a[i]
        if green[i]:
            pat += 2 * POW3[i]
        else:
            counts[a[i]] += 1
    for i in range(5):
        if not green[i]:
            # counts[] is only initialised for the answer's letters.
            if _has_letter(a, g[i]) and counts[g[i]] > 0:
                counts[g[i]] -= 1
                pat += POW3[i]
    return <pat_t>pat


cdef inline bint _has_letter(const uint8_t* a, uint8_t c) noexcept nogil:
    return a[0] == c or a[1] == c or a[2] == c or a[3] == c or a[4] == c


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
