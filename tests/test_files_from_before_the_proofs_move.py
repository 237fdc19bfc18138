"""Files written by the build before the proofs moved into wordle_opt/proofs
(main at 31157e1: tools/close_group.py, tools/hard_cap_proof.py,
tools/group_cap_proof.py) still read with ``prove --check``, and its
search checkpoint resumes (tests/data/before-the-proofs-move, made by that
build on small games: `search crane --answers words.txt --guesses words.txt
--max-guesses 5 --out crane.json`, `close_group.py crane.json --all --out
crane-proof --exact-up-to 5`, `hard_cap_proof.py --answers ills.txt
--guesses ills-guesses.txt --max-guesses 4 --out ills-cap4.csv` then
`--export ills-cap4.cert`, `group_cap_proof.py --answers ills.txt --guesses
ills.txt --hard strict --max-guesses 5 --budget 1000 --out ills-strict5.csv`,
`search crane ... --beam 1 --time-limit 0.5 --checkpoint anytime.sqlite`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import wordle_opt
from wordle_opt import Tree, verify
from wordle_opt.cli import main as cli

DATA = Path(__file__).resolve().parent / "data" / "before-the-proofs-move"


@pytest.fixture
def data(tmp_path):
    folder = tmp_path / "before"
    shutil.copytree(DATA, folder)
    return folder


def test_a_tree_and_its_proof_from_before_check(data, capsys):
    tree = Tree.load(data / "crane.json")
    assert verify(tree).ok and tree.total == 58
    assert cli(["prove", "--check", str(data / "crane-proof"), "--tree", str(data / "crane.json")]) == 0
    assert "proven: no tree from CRANE totals less than 58 (every group closed)" in capsys.readouterr().out
    group = ["prove", "--check", str(data / "crane-proof" / "BBBBB.csv"), "--tree", str(data / "crane.json")]
    assert cli(group + ["--group", "BBBBB"]) == 0
    assert "no tree for the group CRANE BBBBB totals less than 24; its value is 24" in capsys.readouterr().out


def test_cap_certificates_and_verdicts_from_before_check(data, capsys):
    lists = ["--answers", str(data / "ills.txt"), "--guesses", str(data / "ills-guesses.txt")]
    cert = ["prove", "--check", str(data / "ills-cap4.cert"), *lists]
    assert cli(cert + ["--cap", "4"]) == 0
    assert "no opener has a tree within 4 guesses in hard mode (NYT rule, hence also strict): proven" in (
        capsys.readouterr().out
    )
    assert cli(cert) == 2  # (its header, from before, names no cap)
    err = capsys.readouterr().err.strip()
    assert "expected --cap N" in err and len(err.splitlines()) == 1
    ills = ["--answers", str(data / "ills.txt"), "--guesses", str(data / "ills.txt")]
    verdicts = ["prove", "--check", str(data / "ills-strict5.csv"), *ills, "--cap", "5", "--hard", "strict"]
    assert cli(verdicts) == 0
    assert "no opener has a tree within 5 guesses (hard mode, strict rule): proven" in capsys.readouterr().out


def test_a_search_checkpoint_from_before_resumes_in_prove(data, capsys, monkeypatch):
    monkeypatch.chdir(data)  # (the checkpoint names its lists as given: words.txt)
    words = "words.txt"
    exact = wordle_opt.search("crane", answers=words, guesses=words, max_guesses=5)
    folder = data / "proof"
    folder.mkdir()
    shutil.copy(data / "anytime.sqlite", folder / "search.sqlite")
    argv = ["prove", "crane", "--answers", words, "--guesses", words, "--max-guesses", "5", "--out", str(folder)]
    assert cli(argv + ["--time-limit", "5", "--exact-up-to", "5"]) == 0
    assert f"proven: no tree from CRANE totals less than {exact.total} (every group closed)" in capsys.readouterr().out
    assert Tree.load(folder / "tree.json").total == exact.total
