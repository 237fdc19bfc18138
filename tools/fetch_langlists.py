#!/usr/bin/env python3
"""Rebuild the bundled lists of other lengths and languages (``en6``, ``de5``,
``es5``) from the word-frequency dictionaries of pyspellchecker.

    python tools/fetch_langlists.py            # download, build, check, write
    python tools/fetch_langlists.py --check    # download, build, compare only

Source: the wheel pyspellchecker 0.9.1 (MIT, ``pip download --no-deps``), whose
``spellchecker/resources/LANG.json.gz`` maps each word to its frequency in
OpenSubtitles.  For each set: the words of the length whose letters are all in
the set's alphabet (after NFC and str.lower(); every other word is skipped),
guesses = all of them, answers = the ``N`` most frequent (ties: bytewise
order).  Written like the English lists: sorted bytewise (UTF-8), LF, a
trailing newline; the sha256 must match the one recorded below, in
wordlists/README.md and in wordle_opt.wordlists.CHECKSUMS.  Needs the network;
tests and CI never run it.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path
from typing import Dict, List, NamedTuple

# (file -> (word count, sha256)): the one table the package checks its lists against
from wordle_opt.listsets import CHECKSUMS

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "wordlists"
PACKAGE, VERSION, LICENCE = "pyspellchecker", "0.9.1", "MIT"
LICENCE_PATH = "pyspellchecker-0.9.1.dist-info/licenses/LICENSE"
AZ = "abcdefghijklmnopqrstuvwxyz"


class LangSet(NamedTuple):
    name: str
    lang: str  # spellchecker/resources/<lang>.json.gz
    length: int
    alphabet: str  # the letters a word may use
    answers: int  # how many of the most frequent words are answers (all above
    # the dictionaries' floor frequency of 50: de has 1292 such words)


SETS = (
    LangSet("en6", "en", 6, AZ, 1500),
    LangSet("de5", "de", 5, AZ + "äöüß", 1200),
    LangSet("es5", "es", 5, AZ + "áéíñóúü", 1500),
)


def canonical(words) -> bytes:
    return "".join(w + "\n" for w in sorted(set(words), key=lambda w: w.encode("utf-8"))).encode("utf-8")


def build(s: LangSet, freq: Dict[str, int]) -> Dict[str, bytes]:
    letters = set(s.alphabet)
    best: Dict[str, int] = {}
    for raw, n in freq.items():
        w = unicodedata.normalize("NFC", raw).lower()
        if len(w) == s.length and set(w) <= letters:
            best[w] = max(best.get(w, 0), int(n))
    ranked = sorted(best, key=lambda w: (-best[w], w.encode("utf-8")))
    return {
        f"{s.name}-answers-{s.answers}.txt": canonical(ranked[: s.answers]),
        f"{s.name}-allowed-{len(ranked)}.txt": canonical(ranked),
    }


def fetch(folder: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(folder), f"{PACKAGE}=={VERSION}"],
        check=True,
    )
    return next(folder.glob("pyspellchecker-*.whl"))


def main(argv: List[str] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the bundled files, write nothing")
    args = ap.parse_args(argv)
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        wheel = zipfile.ZipFile(fetch(Path(tmp)))
        files: Dict[str, bytes] = {}
        for s in SETS:
            freq = json.loads(gzip.decompress(wheel.read(f"spellchecker/resources/{s.lang}.json.gz")))
            files.update(build(s, freq))
        files["LICENSE-pyspellchecker"] = (
            b"The en6, de5 and es5 lists are built by tools/fetch_langlists.py from the word-frequency\n"
            b"dictionaries of the wheel pyspellchecker 0.9.1 (PyPI, spellchecker/resources/*.json.gz),\n"
            b"which ships them under the licence below.\n\n" + wheel.read(LICENCE_PATH)
        )
    for name, data in files.items():
        digest = hashlib.sha256(data).hexdigest()
        count = data.count(b"\n")
        print(f"{name:28} {count:6} {digest}")
        if name in CHECKSUMS and CHECKSUMS[name] != (count, digest):
            print(f"  MISMATCH: expected {CHECKSUMS[name]}", file=sys.stderr)
            ok = False
        if args.check:
            bundled = OUT / name
            if not bundled.is_file() or bundled.read_bytes() != data:
                print(f"  differs from {bundled}", file=sys.stderr)
                ok = False
        else:
            (OUT / name).write_bytes(data)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
