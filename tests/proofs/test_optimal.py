"""prove OPENER (wordle_opt.proofs.optimal): search, polish and close every
group of a small game to the theorem the exhaustive oracle agrees with,
shard by shard and resumed; --check re-decides it and rejects a tampered
file; the flat API's `prove` is the same run."""

from __future__ import annotations

from oracle import exhaustive_optimum

import wordle_opt
from wordle_opt.cli import main as cli
from wordle_opt.patterns import Pattern
from wordle_opt.wordlists import load_lists

ILLS = "bills dills fills gills hills kills mills pills sills tills wills".split()
WORDS = ILLS[:5] + "fight light might night right sight batch catch hatch latch match crane slate pious brick".split()


def _game(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


def test_prove_reaches_the_oracles_theorem_in_shards_resumes_and_checks(tmp_path, capsys):
    words = _game(tmp_path)
    best = exhaustive_optimum(WORDS, WORDS, max_guesses=5, opener="crane")
    folder = tmp_path / "proof"
    argv = ["prove", "crane", "--answers", words, "--guesses", words, "--max-guesses", "5", "--out", str(folder)]
    argv += ["--exact-up-to", "5", "--time-limit", "2"]
    # shard 1 first: no tree to close yet, one line
    assert cli(argv + ["--shard", "1/2"]) == 2
    err = capsys.readouterr().err.strip()
    assert "no tree.json yet" in err and len(err.splitlines()) == 1
    assert cli(argv + ["--shard", "0/2"]) == 0
    assert "not proven yet" in capsys.readouterr().out
    assert cli(argv + ["--shard", "1/2"]) == 0
    said = capsys.readouterr()
    assert f"proven: no tree from CRANE totals less than {best} (every group closed)" in said.out
    assert "resumed with the tree in" in said.err and "resumed with the tree in" in (folder / "prove.log").read_text()
    assert cli(["prove", "--check", str(folder)]) == 0
    assert f"proven: no tree from CRANE totals less than {best}" in capsys.readouterr().out

    # a line that does not hold: named, exit 1, no theorem
    big = folder / "BBBBB.csv"
    rows = big.read_text().splitlines()
    i = next(i for i, r in enumerate(rows) if r.split(",")[1] == "term")
    word = rows[i].split(",")[0]
    rows[i] = f"{word},fits,1099511627776,{Pattern(0, 5).byg}"
    big.write_text("\n".join(rows) + "\n")
    assert cli(["prove", "--check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"do not hold: {word}" in out and "proven: no tree from CRANE" not in out
    # a line missing: no theorem, exit 1
    big.write_text("\n".join(rows[:i] + rows[i + 1 :]) + "\n")
    assert cli(["prove", "--check", str(folder)]) == 1
    assert "not proven yet" in capsys.readouterr().out


def test_the_api_prove_is_the_same_run(tmp_path):
    words = _game(tmp_path)
    lists = load_lists(words, words)
    proof = wordle_opt.prove(
        "crane", answers=lists, max_guesses=5, out=str(tmp_path / "api"), time_limit=2, say=lambda line: None
    )
    assert proof.proven and proof.total == exhaustive_optimum(WORDS, WORDS, max_guesses=5, opener="crane")
    assert wordle_opt.verify(proof.tree).ok
