"""Refute openers under a hard-mode guess cap by families (issue 27):

    python -m wordle_opt prove --cap 6 --hard --answers original-all --out refuted.csv
    python -m wordle_opt prove --cap 6 --hard --answers original-all --out refuted.csv --shard 1/2  # a second process
    python -m wordle_opt prove --cap 6 --hard --answers original-all --out refuted.csv --export refuted.cert
    python -m wordle_opt prove --check refuted.cert
    python -m wordle_opt prove --cap 6 --hard --answers original-all --sample 200     # a random 200, for a rate
    python -m wordle_opt prove --cap 6 --hard --answers original-all chomp tarns      # these openers
    python -m wordle_opt prove --cap 6 --hard --answers original-all --deep refuted.cert abuzz  # two levels
    python -m wordle_opt prove --cap 6 --hard --answers original-all --deep refuted.cert --levels 3 --whole 30 thumb

Every opener is first tried by counting (`hardcap.counted`, all openers at
once), then by the subset game's search on its family parts
(`hardcap.refute`: every part, or the ``--tries`` likeliest, each with the
first of the ``--budget`` node budgets, then the undecided ones with the
next).  A refuted opener has no tree within the cap under the NYT rule nor
the strict one (the certificate's theorem: wordle_opt/proofs/hardcap.py).
With ``--out`` each opener's verdict is appended as it is found
(``opener,verdict,colouring,answers``; verdict ``counted``, ``searched`` or
``open``), and a rerun with the same file skips the openers already there
(Ctrl-C and resume; ``--retry-open`` searches the open ones again;
``--shard K/N`` takes every N-th opener, for N processes, each with its own
file).  ``--export`` writes the certificates as short lines (opener,
colouring, the family part's shared letters) and ``--check`` checks such a
file from scratch (`hardcap.check`, no node budget) with counting for the
rest; either run prints that no opener has a tree within the cap (proven)
only when every opener is refuted.  ``--deep FILE`` refutes the named
openers (default: those FILE lists as open) two levels deep
(`hardcap_deep.refute_deep`) and appends their certificates to FILE, one line a
second guess that counting does not refute (opener, colouring, second guess,
its colouring, the part's shared letters), and takes them off its open list;
``--check`` checks those too (`hardcap_deep.check_deep`).  ``--levels 3`` lets a
second guess be refuted by one of its colourings and every third guess
after it (a node: one line a leaf below it, opener, colouring, second guess,
its colouring, third guess, its colouring, the part's letters; a node whose
third guesses counting refutes all, one line ending in ``*``), and
``--whole N`` tries colour classes of up to N answers as parts too.
"""

from __future__ import annotations

import csv
import time
from typing import Optional, Sequence, Tuple

from wordle_opt.openers.progress import PlainBar
from wordle_opt.patterns import Pattern
from wordle_opt.proofs.hardcap import (
    Certificate,
    SubsetGame,
    check,
    counted,
    families,
    part_of,
    pattern_of,
    refute,
)
from wordle_opt.proofs.hardcap_deep import DeepCertificate, Part, check_deep, opener_group, refute_deep
from wordle_opt.proofs.runs import (
    OPEN,
    Clock,
    VerdictLog,
    few,
    pick,
    verdict_line,
)

_HEADER = "# {name} hard-mode cap certificates within {cap}: {format}\n"  # (prove --check reads the cap here)
_FORMAT = "opener colouring part (hardcap.check); opener colouring (guess colouring)... part|* (hardcap.check_deep)"
_THEOREM = "no opener has a tree within {cap} guesses in hard mode (NYT rule, hence also strict): proven"


def game_of(lists, budgets: Sequence[int]) -> SubsetGame:
    """The subset game of ``lists`` with the first node budget."""
    return SubsetGame(lists.table, lists.guess_codes, lists.answer_codes, budget=budgets[0])


def refute_all(
    lists,
    game: SubsetGame,
    cap: int,
    todo: Sequence[int],
    *,
    out: Optional[str],
    budgets: Sequence[int],
    tries: int = 0,
    sample: Optional[int] = None,
    shard: Tuple[int, int] = (0, 1),
    retry_open: bool = False,
) -> int:
    """Refute the openers ``todo`` (guess numbers; none: every guess, or a
    random ``sample``) under ``cap``, this ``shard``'s share, each verdict
    appended to ``out``; the theorem when every guess is refuted."""
    named = bool(todo)
    clock = Clock()
    fams = families(lists.answer_codes, cap)
    todo = pick(todo, len(lists.guesses), sample=sample, shard=shard)
    log = VerdictLog(out, retry_open=retry_open)
    resumed = log.resumed([lists.guesses[o] for o in todo])
    by_count = counted(game, fams, cap)
    print(
        f"{len(fams)} families of {cap} or more; counting refutes {int(by_count.sum())} of "
        f"{len(lists.guesses)} openers ({time.monotonic() - clock.wall:.0f} s)",
        flush=True,
    )
    bar = PlainBar(len(todo))
    bar.set_description(f"refuting under a cap of {cap}", refresh=False)
    tally = {"counted": 0, "searched": 0, OPEN: 0}
    still_open = []
    try:
        for o in todo:
            word = lists.guesses[o]
            verdict = log.verdict(word)
            row = None
            if verdict is None:
                if by_count[o]:
                    verdict, row = "counted", [word, "counted", "", ""]
                else:
                    cert = refute(game, o, cap, fams, tries=tries or None, budgets=budgets)
                    if cert is None:
                        verdict, row = OPEN, [word, OPEN, "", ""]
                    else:
                        colouring = Pattern(cert.colouring, lists.length).byg
                        answers = " ".join(lists.answers[a] for a in cert.answers)
                        verdict, row = "searched", [word, "searched", colouring, answers]
            tally[verdict] += 1
            if verdict == OPEN:
                still_open.append(word)
            if row:
                log.write(row)
            bar.n += 1
            bar.set_postfix_str(f"{tally['counted'] + tally['searched']} refuted, {tally[OPEN]} open")
    finally:
        log.close()
    print(
        f"{len(todo)} openers: {tally['counted']} refuted by counting, {tally['searched']} by search, "
        f"{tally[OPEN]} open{resumed}; {clock}"
    )
    if still_open:
        print(f"open: {few(still_open)}")
    elif not named and sample is None and shard[1] == 1:
        print(_THEOREM.format(cap=cap))
    return 0


def _short(lists, pattern) -> str:
    return "".join("." if c < 0 else lists.alphabet[c] for c in pattern)


def header(lists, cap: int) -> str:
    """The first line of a certificate file: the lists, the cap, the format."""
    return _HEADER.format(name=lists.name, cap=cap, format=_FORMAT)


def export(lists, cap, outs, path) -> int:
    """The certificates of the CSVs ``outs`` (comma-separated: one a shard)
    as short lines (opener, colouring, the family part's shared letters
    with a dot for the free one: the part is then the answers that fit and
    that the opener colours so); a header line names the openers no file
    refutes (``# open:``)."""
    rows, refuted = {}, set()
    for out in outs.split(","):
        with open(out, newline="") as f:
            for r in csv.DictReader(f):
                if r["verdict"] == "searched":
                    rows.setdefault(r["opener"], r)
                if r["verdict"] != OPEN:
                    refuted.add(r["opener"])
    still_open = [w for w in lists.guesses if w not in refuted]
    with open(path, "w") as f:
        f.write(header(lists, cap))
        f.write(f"# open: {' '.join(still_open)}\n")
        for w in lists.guesses:
            if w in rows:
                r = rows[w]
                answers = [lists.answer_index(a) for a in r["answers"].split()]
                f.write(f"{w} {r['colouring']} {_short(lists, pattern_of(lists.answer_codes, answers))}\n")
    print(f"{len(rows)} certificates written to {path}; {len(still_open)} openers open")
    return 0


def deep(lists, game, cap, todo, *, path, budgets, levels, whole) -> int:
    """Certificates ``levels`` deep for ``todo`` (or the openers ``path``
    lists as open), appended to the certificate file ``path`` as short
    lines; the ones found come off its ``# open:`` line.  Prints each
    opener's CPU time."""
    lines = open(path).read().splitlines(keepends=True)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("# open:"))
    still_open = lines[at].split()[2:]
    words = [lists.guesses[o] for o in todo] or list(still_open)
    fams = families(lists.answer_codes, _family_size(cap, levels))
    done = []
    for word in words:
        c0 = time.process_time()
        # (an opener takes minutes: a plain line every 30 s on its second guesses)
        bar = PlainBar(0, unit="second guesses")
        bar.set_description(f"{word} {levels} levels deep", refresh=False)

        def tick(path_: tuple) -> None:
            (bar.n, bar.total), below = path_[0], path_[1:]
            bar.set_postfix_str(", ".join(f"below it {i}/{n}" for i, n in below), refresh=False)
            bar.refresh()

        cert = refute_deep(
            game,
            lists.guess_index(word),
            cap,
            fams,
            levels=levels,
            whole=whole,
            budgets=budgets + [10 * budgets[-1]],
            progress=tick,
        )
        colouring = Pattern(cert.colouring, lists.length).byg if cert else ""
        print(
            f"{word}: {f'refuted {levels} levels deep by ' + colouring if cert else 'open'}"
            f"{f' ({len(cert.parts)} parts)' if cert else ''}; {time.process_time() - c0:.0f} s CPU",
            flush=True,
        )
        if cert is None:
            continue
        done.append(word)
        lines += _deep_lines(lists, f"{word} {colouring}", cert.parts)
        # Written after each opener, so an interrupted run keeps the ones found.
        if lines[0].startswith("# "):
            lines[0] = header(lists, cap)
        lines[at] = "# open: " + " ".join(w for w in still_open if w not in done) + "\n"
        with open(path, "w") as f:
            f.writelines(lines)
    print(f"{len(done)} of {len(words)} openers refuted {levels} levels deep; certificates appended to {path}")
    return 0


def _family_size(cap: int, levels: int) -> int:
    """The least family worth a part ``levels`` deep: more answers than
    the guesses left after the last level (cap - levels)."""
    return cap - levels + 1


def _deep_lines(lists, head, parts):
    """One line a leaf (``head``, the guess and colouring of each node it
    lies under and its own, the part's shared letters) and one a node all
    of whose next guesses counting refutes (``*`` for the letters)."""
    for part in parts:
        here = f"{head} {lists.guesses[part.guess]} {Pattern(part.colouring, lists.length).byg}"
        if part.below is None:
            yield f"{here} {_short(lists, pattern_of(lists.answer_codes, part.answers))}\n"
        elif not part.below:
            yield f"{here} *\n"
        else:
            yield from _deep_lines(lists, here, part.below)


def deep_certs(lists, game, left, rows):
    """The deep certificates of the lines ``rows`` (opener, colouring, a
    guess and colouring for each level, the part's short name or ``*``), by
    opener and colouring.  The pairs of a line but the last (all, before
    ``*``) name the node parts it lies under, each node's answers those of
    its group that its guess colours so; the last, a leaf: the answers of
    its node's group that fit the short name and that its guess colours
    so."""
    letters = {c: i for i, c in enumerate(lists.alphabet)}
    tree = {}  # (opener, colouring) -> (nodes by (guess, colouring), leaves)
    for word, colouring, *path, short in rows:
        pairs = [
            (lists.guess_index(path[i]), int(Pattern.parse(path[i + 1], lists.length))) for i in range(0, len(path), 2)
        ]
        node = tree.setdefault((lists.guess_index(word), int(Pattern.parse(colouring, lists.length))), ({}, []))
        for pair in pairs if short == "*" else pairs[:-1]:
            node = node[0].setdefault(pair, ({}, []))
        if short != "*":
            node[1].append((*pairs[-1], tuple(-1 if c == "." else letters[c] for c in short)))

    def build(node, o, p, group):
        nodes, leaves = node
        out, inside = [], set(group)
        for g, q, pattern in leaves:
            fits = part_of(game, o, p, pattern)
            out.append(Part(g, q, tuple(a for a in fits if a in inside and game.table[g, a] == q)))
        for (g, q), below in nodes.items():
            R = [a for a in group if game.table[g, a] == q]
            out.append(Part(g, q, tuple(R), build(below, o, p, R)))
        return tuple(out)

    certs = []
    for (o, p), node in tree.items():
        group = [int(a) for a in opener_group(game, o, p)[1]]
        certs.append(DeepCertificate(o, p, build(node, o, p, group), left))
    return certs


def check_file(lists, game, cap, path) -> int:
    """Check the certificates of ``path`` from scratch (each part rebuilt
    from its short name and searched without a node budget), count the
    other openers, and print the theorem only if every opener is refuted."""
    clock = Clock()
    left = cap - 1
    refuted = counted(game, families(lists.answer_codes, cap), cap)
    by_count = int(refuted.sum())
    letters = {c: i for i, c in enumerate(lists.alphabet)}
    rows = [ln.split() for ln in open(path) if ln.strip() and not ln.startswith("#")]
    lines = [r for r in rows if len(r) == 3]
    deep_rows = [r for r in rows if len(r) >= 5 and len(r) % 2 == 1]
    bad = [r[0] for r in rows if len(r) != 3 and not (len(r) >= 5 and len(r) % 2 == 1)]  # (malformed lines)
    deeps = deep_certs(lists, game, cap - 2, deep_rows)
    # (a leaf's line of 2k + 3 fields lies k levels below the opener; a node's, ending in *, k + 1)
    levels = max([(len(r) - 1) // 2 + (r[-1] == "*") for r in deep_rows], default=2)
    bar = PlainBar(len(lines) + len(deeps))
    bar.set_description(f"checking certificates under a cap of {cap}", refresh=False)
    for word, colouring, short in lines:
        o = lists.guess_index(word)
        p = int(Pattern.parse(colouring, lists.length))
        R = part_of(game, o, p, tuple(-1 if c == "." else letters[c] for c in short))
        if check(game, Certificate(o, p, R, left)):
            refuted[o] = True
        else:
            bad.append(word)
        bar.n += 1
        bar.set_postfix_str(f"{bar.n - len(bad)} hold, {len(bad)} do not")
    fams = families(lists.answer_codes, _family_size(cap, levels))
    for cert in deeps:
        if check_deep(game, cert, fams):
            refuted[cert.opener] = True
        else:
            bad.append(lists.guesses[cert.opener])
        bar.n += 1
        bar.set_postfix_str(f"{bar.n - len(bad)} hold, {len(bad)} do not")
    print(
        f"{by_count} openers refuted by counting, {len(lines) + len(deeps) - len(bad)} certificates hold "
        f"({len(deeps)} two or more levels deep), {len(bad)} do not; "
        f"{int(refuted.sum())} of {len(lists.guesses)} openers refuted; {clock}"
    )
    if bad:
        print(f"certificates that do not hold: {few(bad)}")
    print(verdict_line(lists, refuted, _THEOREM.format(cap=cap)))
    return 1 if bad else 0
