"""Hard-mode cap refutations (wordle_opt.proofs.hardcap): the relaxed game
against its definition, and every certificate against the exhaustive oracle
under both hard rules, on small generated games."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

import wordle_opt
from wordle_opt.cli import main as cli
from wordle_opt.openers.tables import EXACT, INFEASIBLE, table_for
from wordle_opt.patterns import Pattern
from wordle_opt.proofs.hardcap import (
    Certificate,
    SubsetGame,
    candidates,
    check,
    counted,
    families,
    part_of,
    pattern_of,
    refute,
)
from wordle_opt.proofs.hardcap_deep import DeepCertificate, check_deep, part_holds, refute_deep
from wordle_opt.proofs.hardcap_run import _deep_lines, deep_certs
from wordle_opt.rules import all_green
from wordle_opt.wordlists import WordLists, load_lists

ILLS = "bills dills fills gills hills kills mills pills sills tills wills".split()


def _game(lists: WordLists, budget: int = 10**6) -> SubsetGame:
    return SubsetGame(lists.table, lists.guess_codes, lists.answer_codes, budget=budget)


@st.composite
def family_games(draw, min_family: int = 2):
    """A family of near-twins (one position varied; ``min_family`` to 8),
    a few other words, and guesses outside the answers that share their
    letters."""
    length = draw(st.sampled_from([4, 5]))
    base = draw(st.text("abcde", min_size=length, max_size=length))
    pos = draw(st.integers(0, length - 1))
    fills = draw(st.lists(st.sampled_from("fghijklmn"), min_size=min_family, max_size=8, unique=True))
    fam = [base[:pos] + c + base[pos + 1 :] for c in fills]
    word = st.text("abcdefghijklmn", min_size=length, max_size=length)
    others = draw(st.lists(word, max_size=3, unique=True))
    extra = draw(st.lists(word, max_size=4, unique=True))
    answers = list(dict.fromkeys(fam + others))
    return WordLists.from_words(answers, answers + [w for w in extra if w not in answers], name="generated")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family_games(), st.data())
def test_within_is_the_nyt_game_on_the_subset(lists, data):
    n = len(lists.answers)
    R = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=6, unique=True))
    d = data.draw(st.integers(1, 4))
    words = [lists.answers[a] for a in R]
    expected = exhaustive_optimum(words, lists.guesses, hard="nyt", max_guesses=d) is not None
    assert _game(lists).within(R, SubsetGame.START, d) == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family_games(), st.data())
def test_a_certificate_holds_under_both_hard_rules(lists, data):
    opener = data.draw(st.integers(0, len(lists.guesses) - 1))
    cap = data.draw(st.integers(2, 4))
    game = _game(lists)
    fams = families(lists.answer_codes, 2)
    cert = refute(game, opener, cap, fams)
    by_count = counted(game, fams, cap)[opener]
    if by_count:
        assert cert is not None  # (the search refutes what counting does)
    # Each family part the search may look at, decided from the opener's
    # state, is the NYT game of the part with that opener.
    for p, R, state in candidates(game, opener, fams, cap - 1)[:3]:
        words = [lists.answers[a] for a in R]
        expected = exhaustive_optimum(words, lists.guesses, hard="nyt", max_guesses=cap, opener=lists.guesses[opener])
        assert game.within(R, state, cap - 1) == (expected is not None)
    if cert is None:
        return
    # The certificate's answers are one group of the opener.
    assert {int(lists.table[opener, a]) for a in cert.answers} == {cert.colouring}
    assert cert.colouring != all_green(lists.length) and cert.left == cap - 1
    for rule in ("nyt", "strict"):
        assert (
            exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=lists.guesses[opener])
            is None
        )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family_games(), st.data())
def test_check_is_the_oracle_on_any_group_part(lists, data):
    # Any answers an opener colours alike: check says they are a certificate
    # exactly when the oracle's NYT game on them, after the opener, has no
    # tree within the cap; and then the whole game has none under either rule.
    opener = data.draw(st.integers(0, len(lists.guesses) - 1))
    row = lists.table[opener]
    colouring = int(row[data.draw(st.integers(0, len(lists.answers) - 1))])
    group = np.flatnonzero(row == colouring).tolist()
    R = data.draw(st.lists(st.sampled_from(group), min_size=1, max_size=6, unique=True))
    cap = data.draw(st.integers(2, 4))
    game = _game(lists, budget=1)  # (check ignores the budget)
    verdict = check(game, Certificate(opener, colouring, tuple(R), cap - 1))
    words = [lists.answers[a] for a in R]
    alone = exhaustive_optimum(words, lists.guesses, hard="nyt", max_guesses=cap, opener=lists.guesses[opener])
    if colouring == all_green(lists.length) or len(R) <= cap - 1:
        assert not verdict
    else:
        assert verdict == (alone is None)
    if verdict:
        for rule in ("nyt", "strict"):
            whole = exhaustive_optimum(
                lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=lists.guesses[opener]
            )
            assert whole is None
    # Answers the opener colours otherwise are no certificate.
    others = [a for a in range(len(lists.answers)) if row[a] != colouring]
    if others:
        assert not check(game, Certificate(opener, colouring, tuple(R + others[:1]), cap - 1))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family_games(), st.data())
def test_a_certificate_from_its_short_name(lists, data):
    # refute's certificates hold, and the family part comes back from its
    # shared letters (the certificate file's short line).
    opener = data.draw(st.integers(0, len(lists.guesses) - 1))
    cap = data.draw(st.integers(2, 4))
    game = _game(lists)
    cert = refute(game, opener, cap, families(lists.answer_codes, 2), budgets=[1, 10, 10**6])
    if cert is None:
        return
    assert check(_game(lists), cert)
    pattern = pattern_of(lists.answer_codes, cert.answers)
    assert pattern.count(-1) == 1
    assert part_of(game, opener, cert.colouring, pattern) == cert.answers


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family_games(), st.data())
def test_a_two_level_certificate_holds_under_both_hard_rules(lists, data):
    # Whenever refute_deep finds a two-level certificate it checks from
    # scratch, and the oracle finds no tree within the cap from the opener
    # under either hard rule; a broken one (another colouring, a part
    # missing, a part's colouring wrong) does not check.
    opener = data.draw(st.integers(0, len(lists.guesses) - 1))
    cap = data.draw(st.integers(3, 4))
    game = _game(lists)
    fams = families(lists.answer_codes, 2)
    cert = refute_deep(game, opener, cap, fams, groups=5, budgets=[1, 10**6])
    if cert is None:
        return
    assert check_deep(_game(lists, budget=1), cert, fams)
    for rule in ("nyt", "strict"):
        assert (
            exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=lists.guesses[opener])
            is None
        )
    others = set(lists.table[opener].tolist()) - {cert.colouring, all_green(lists.length)}
    for colouring in others:
        assert not check_deep(game, DeepCertificate(opener, colouring, cert.parts, cert.left), fams)
    if cert.parts:
        i = data.draw(st.integers(0, len(cert.parts) - 1))
        parts = cert.parts[:i] + cert.parts[i + 1 :]
        assert not check_deep(game, DeepCertificate(opener, cert.colouring, parts, cert.left), fams)
        wrong = cert.parts[i]._replace(colouring=(cert.parts[i].colouring + 1) % all_green(lists.length))
        parts = cert.parts[:i] + (wrong,) + cert.parts[i + 1 :]
        assert not check_deep(game, DeepCertificate(opener, cert.colouring, parts, cert.left), fams)


def _nodes(parts, path=()):
    """(indices from the top, part) of every node part, at any depth."""
    for i, part in enumerate(parts):
        if part.below is not None:
            yield path + (i,), part
            yield from _nodes(part.below, path + (i,))


def _replaced(parts, path, new):
    """``parts`` with the part at ``path`` (an index a level) replaced by
    ``new``, or left out (None)."""
    i, rest = path[0], path[1:]
    if rest:
        new = parts[i]._replace(below=_replaced(parts[i].below, rest, new))
    return parts[:i] + ((new,) if new is not None else ()) + parts[i + 1 :]


def _check_deeper(lists, cert, cap, data):
    """A certificate with node parts checks from scratch, the oracle finds
    no tree within the cap from its opener under either hard rule, and each
    node broken (its colouring wrong, an answer of another class in its
    group, a part below left out or wrongly coloured, no part below) does
    not check."""
    fams = families(lists.answer_codes, 2)
    assert check_deep(_game(lists, budget=1), cert, fams)
    opener = lists.guesses[cert.opener]
    for rule in ("nyt", "strict"):
        assert exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=opener) is None
    game, green = _game(lists), all_green(lists.length)

    def holds(parts):
        return check_deep(game, DeepCertificate(cert.opener, cert.colouring, parts, cert.left), fams)

    group = np.flatnonzero(lists.table[cert.opener] == cert.colouring)
    outside = np.flatnonzero(lists.table[cert.opener] != cert.colouring)
    for path, node in _nodes(cert.parts):
        assert not holds(_replaced(cert.parts, path, node._replace(colouring=(node.colouring + 1) % green)))
        # An answer of another class of its guess, or of the opener's, in its group.
        others = [int(a) for a in group if lists.table[node.guess, a] != node.colouring]
        others += [int(a) for a in outside if lists.table[node.guess, a] == node.colouring][:1]
        for a in others[:1] + others[-1:]:
            assert not holds(_replaced(cert.parts, path, node._replace(answers=node.answers + (a,))))
        if node.below:
            # (each part below is a guess counting does not refute there)
            assert not holds(_replaced(cert.parts, path, node._replace(below=())))
            j = data.draw(st.integers(0, len(node.below) - 1))
            assert not holds(_replaced(cert.parts, path + (j,), None))
            sub = node.below[j]
            assert not holds(_replaced(cert.parts, path + (j,), sub._replace(colouring=(sub.colouring + 1) % green)))


@st.composite
def spread_family_games(draw):
    """family_games' shape (a family of 5 to 9), its letters drawn by a
    seeded Random: Hypothesis's own draws shrink to repeated letters, where
    nodes are rarer (measured: 1 example in 300 had them, 3% of these)."""
    r = draw(st.randoms(use_true_random=False))
    length = r.choice([4, 5])
    base = "".join(r.choice("abcde") for _ in range(length))
    pos = r.randrange(length)
    fam = [base[:pos] + c + base[pos + 1 :] for c in r.sample("fghijklmn", r.randint(5, 9))]

    def words(k):
        return ["".join(r.choice("abcdefghijklmn") for _ in range(length)) for _ in range(r.randint(0, k))]

    answers = list(dict.fromkeys(fam + words(3)))
    return WordLists.from_words(answers, answers + [w for w in dict.fromkeys(words(4)) if w not in answers], name="g")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spread_family_games(), st.integers(4, 6), st.sampled_from([0, 4, 8]), st.data())
def test_a_three_level_certificate_holds_under_both_hard_rules(lists, cap, whole, data):
    # Leaves searched with one node each (budgets=[1]): a second guess whose
    # leaves are undecided becomes a node over the third guesses, so that
    # nodes are found on games this small (every opener tried: in 7% of
    # such games at caps 5 and 6, none at 4).  The first certificate with
    # nodes is checked (else the first found).
    fams = families(lists.answer_codes, 2)
    certs = []
    for opener in range(len(lists.guesses)):
        cert = refute_deep(_game(lists), opener, cap, fams, groups=5, levels=3, whole=whole, budgets=[1])
        certs += [cert] if cert is not None else []
    deeper = [c for c in certs if any(True for _ in _nodes(c.parts))]
    event("a certificate with nodes" if deeper else "certificates without nodes" if certs else "no certificate")
    if certs:
        _check_deeper(lists, (deeper or certs)[0], cap, data)


# Games where a three-level certificate (budgets=[1]) has nodes (found by
# drawing games like family_games' until one had): its opener, its cap.
NODE_GAMES = [
    ("deci decg dech decj decf decl decn jdaj jdam", "bjdi cgdc cgka dhcl", "jdaj", 5),
    ("mccd kccd hccd iccd jccd lccd nccd", "algf hfmd klag", "algf", 5),
    ("ecnb ecmb ecjb ecgb ecib eclb ecfb dagg nbfa", "emel fhen jlec kdal", "kdal", 5),
]


@pytest.mark.parametrize("answers, extra, opener, cap", NODE_GAMES)
def test_three_levels_find_nodes_and_they_hold(answers, extra, opener, cap):
    answers = answers.split()
    lists = WordLists.from_words(answers, answers + extra.split(), name="nodes")
    fams = families(lists.answer_codes, 2)
    cert = refute_deep(_game(lists), lists.guess_index(opener), cap, fams, groups=5, levels=3, budgets=[1])
    assert cert is not None and any(True for _ in _nodes(cert.parts))
    data = type("Draws", (), {"draw": staticmethod(lambda strategy: 0)})()  # (the first part below)
    _check_deeper(lists, cert, cap, data)


def test_the_tool_checks_three_level_lines(tmp_path, capsys):
    # A certificate with nodes (NODE_GAMES' first) as the file's lines (a
    # leaf below a node: 7 fields) checks from scratch through --check; a
    # third guess's colouring wrong, a third guess's line left out, or a
    # node's lines replaced by '*' (its third guesses all counted, which
    # they are not) do not.
    answers, extra, opener, cap = NODE_GAMES[0]
    words = answers.split()
    lists = WordLists.from_words(words, words + extra.split(), name="nodes")
    cert = refute_deep(
        _game(lists), lists.guess_index(opener), cap, families(lists.answer_codes, 2), levels=3, budgets=[1]
    )
    head = f"{opener} {Pattern(cert.colouring, lists.length).byg}"
    lines = list(_deep_lines(lists, head, cert.parts))
    assert {len(ln.split()) for ln in lines} == {5, 7}
    a, g = tmp_path / "a.txt", tmp_path / "g.txt"
    a.write_text("\n".join(words) + "\n")
    g.write_text("\n".join(words + extra.split()) + "\n")
    path = tmp_path / "v.cert"
    args = ["prove", "--answers", str(a), "--guesses", str(g), "--cap", str(cap), "--check", str(path)]
    path.write_text("".join(lines))
    assert cli(args) == 0
    assert "1 certificates hold (1 two or more levels deep), 0 do not" in capsys.readouterr().out
    deep = [i for i, ln in enumerate(lines) if len(ln.split()) == 7]
    i = deep[0]
    *fields, q, short = lines[i].split()
    for q in {"BBBB", "GGGB"} - {q}:
        path.write_text("".join(lines[:i] + [" ".join([*fields, q, short]) + "\n"] + lines[i + 1 :]))
        assert cli(args) == 1
    path.write_text("".join(lines[:i] + lines[i + 1 :]))
    assert cli(args) == 1
    node = lines[i].split()[:4]
    rest = [ln for ln in lines if ln.split()[:4] != node or len(ln.split()) == 5]
    path.write_text("".join(rest + [" ".join(node) + " *\n"]))
    assert cli(args) == 1
    assert "do not hold: " + opener in capsys.readouterr().out


def test_four_greens_leave_one_answer_a_guess():
    # After FILLS every other _ILLS answer is coloured BGGGG: each guess keeps
    # ILLS, so it tells at most one of the ten apart.
    lists = WordLists.from_words(ILLS, ILLS + ["champ", "dwarf"], name="ills")
    game = _game(lists)
    fills = lists.guess_index("fills")
    cert = refute(game, fills, 6, families(lists.answer_codes, 6))
    assert cert is not None and len(cert.answers) == 10
    assert exhaustive_optimum(lists.answers, lists.guesses, hard="nyt", max_guesses=10, opener="fills") is None
    # ... and ten more guesses are enough: the certificate is not refuted
    # at a cap of 11, nor is the oracle's tree.
    assert refute(game, fills, 11, families(lists.answer_codes, 6)) is None
    assert exhaustive_optimum(lists.answers, lists.guesses, hard="nyt", max_guesses=11, opener="fills") is not None


def test_a_family_without_greens():
    # CHAMP (no letter of _ILLS in place) leaves every _ILLS answer but HILLS,
    # MILLS and PILLS in one group without greens: no guess tells 8 apart.
    lists = WordLists.from_words(ILLS, ILLS + ["champ", "dwarf"], name="ills")
    game = _game(lists)
    champ = lists.guess_index("champ")
    R = np.flatnonzero(lists.table[champ] == lists.table[champ, lists.answer_index("bills")])
    assert len(R) == 8
    state = game.after(SubsetGame.START, champ, int(lists.table[champ, R[0]]))
    assert game.within(R, state, 2) is False
    assert game.within(R, state, 8) is True


def test_the_original_game_under_the_nyt_rule():
    # Counting refutes SHADE (after it SHAKE SHALE SHAME SHAPE SHARE SHAVE are
    # coloured GGGBG: six guesses more), as the exact search proves; and no
    # opener whose exact value the bundled table records (a tree within 6).
    # The table is complete, its verdicts the search's: every opener counting
    # refutes (60) is one it proved to have no tree within 6.
    lists = load_lists("original")
    game = _game(lists)
    refuted = counted(game, families(lists.answer_codes, 6), 6)
    assert refuted[lists.guess_index("shade")]
    assert not wordle_opt.search("shade", hard="nyt").feasible
    table = table_for(lists, "nyt", 6)
    exact = [v.word for v in table.values.values() if v.kind == EXACT]
    assert "salet" in exact and not any(refuted[lists.guess_index(w)] for w in exact)
    assert all(table.get(lists.guesses[i]).kind == INFEASIBLE for i in np.flatnonzero(refuted))


def test_the_tool_refutes_exports_and_checks(tmp_path, capsys):
    # _ILLS and two outsiders: every opener refuted under a cap of 4 (by
    # counting or search); the exported certificates check from scratch,
    # and the theorem is printed; a certificate file without the searched
    # ones leaves those openers unrefuted, and no theorem.
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("\n".join(ILLS) + "\n")
    guesses.write_text("\n".join(ILLS + ["champ", "dwarf"]) + "\n")
    out, cert = tmp_path / "v.csv", tmp_path / "v.cert"
    lists = ["prove", "--answers", str(answers), "--guesses", str(guesses), "--hard", "--cap", "4"]
    assert cli(lists + ["--out", str(out), "--shard", "0/2"]) == 0
    assert "proven" not in capsys.readouterr().out  # (half the openers)
    assert cli(lists + ["--out", str(out)]) == 0
    assert "in hard mode (NYT rule, hence also strict): proven" in capsys.readouterr().out
    assert cli(lists + ["--out", str(out), "--export", str(cert)]) == 0
    lines = [ln for ln in cert.read_text().splitlines() if not ln.startswith("#")]
    assert lines and all(len(ln.split()) == 3 for ln in lines)
    assert cli(lists + ["--check", str(cert)]) == 0
    assert "proven" in capsys.readouterr().out
    cert.write_text("")
    assert cli(lists + ["--check", str(cert)]) == 0
    assert "proven" not in capsys.readouterr().out
    cert.write_text(lines[0].split()[0] + " GGGGB .ills\n")  # (not how that opener colours them)
    assert cli(lists + ["--check", str(cert)]) == 1
    assert "do not hold" in capsys.readouterr().out
    # Two levels deep under a cap of 5: CHAMP and DWARF, listed as open,
    # are refuted, their lines appended and checked from scratch; a line
    # with another colouring of the second guess does not hold.
    lists[-1] = "5"
    cert.write_text("# header\n# open: champ dwarf\n")
    assert cli(lists + ["--deep", str(cert)]) == 0
    assert "2 of 2 openers refuted 2 levels deep" in capsys.readouterr().out
    text = cert.read_text()
    assert "# open: \n" in text
    deep = [ln.split() for ln in text.splitlines() if not ln.startswith("#")]
    assert {d[0] for d in deep} == {"champ", "dwarf"} and all(len(d) == 5 for d in deep)
    assert cli(lists + ["--check", str(cert)]) == 0
    assert "2 certificates hold (2 two or more levels deep), 0 do not" in capsys.readouterr().out
    word, colouring, second, q, short = deep[0]
    cert.write_text(f"{word} {colouring} {second} {'GGGGB' if q != 'GGGGB' else 'GGGBB'} {short}\n")
    assert cli(lists + ["--check", str(cert)]) == 1
    assert "do not hold: " + word in capsys.readouterr().out


@pytest.mark.slow
def test_the_stored_cap6_certificates_hold_on_a_sample():
    # trees/hard-cap6-original-all.cert (docs/results.md): the every-word
    # game's certificates under a cap of 6; a sample re-checked from
    # scratch, and a sample of the openers it does not name (nor lists as
    # open) refuted by counting.
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "trees" / "hard-cap6-original-all.cert"
    lines = path.read_text().splitlines()
    still_open = set(next(ln for ln in lines if ln.startswith("# open:")).split()[2:])
    rows = [ln.split() for ln in lines if not ln.startswith("#")]
    certs = [r for r in rows if len(r) == 3]
    deep = [r for r in rows if len(r) >= 5 and len(r) % 2]
    assert len(certs) + len(deep) == len(rows)
    named = {c[0] for c in certs}
    assert len(named) == len(certs) and not named & still_open and not named & {d[0] for d in deep}
    lists = load_lists("original-all")
    letters = {c: i for i, c in enumerate(lists.alphabet)}
    game = _game(lists)
    rng = np.random.default_rng(0)
    for i in rng.choice(len(certs), size=25, replace=False):
        word, colouring, short = certs[i]
        o, p = lists.guess_index(word), int(Pattern.parse(colouring, lists.length))
        R = part_of(game, o, p, tuple(-1 if c == "." else letters[c] for c in short))
        assert check(game, Certificate(o, p, R, 5)), word
    # Deeper: five leaves of each opener hold from scratch, and five parts
    # below each of two of its nodes (the whole certificate, every guess
    # covered at every level: --check).
    fams = families(lists.answer_codes, 4)  # (parts three levels deep: more than 6 - 3 answers)
    deeps = deep_certs(lists, game, 4, deep)
    for cert in deeps:
        leaves = [part for part in cert.parts if part.below is None]
        for i in rng.choice(len(leaves), size=min(5, len(leaves)), replace=False):
            assert part_holds(game, cert, leaves[i], fams), (lists.guesses[cert.opener], lists.guesses[leaves[i].guess])
        for node in [part for part in cert.parts if part.below][:2]:
            for i in rng.choice(len(node.below), size=min(5, len(node.below)), replace=False):
                assert part_holds(game, cert, node.below[i], fams, under=(node,)), lists.guesses[cert.opener]
    named |= {lists.guesses[cert.opener] for cert in deeps}
    others = [i for i, w in enumerate(lists.guesses) if w not in named and w not in still_open]
    rows = np.sort(rng.choice(others, size=200, replace=False))
    sub = SubsetGame(lists.table[rows], lists.guess_codes[rows], lists.answer_codes)
    assert counted(sub, families(lists.answer_codes, 6), 6).all()
