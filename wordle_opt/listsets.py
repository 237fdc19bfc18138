"""The bundled word lists: the named sets, their files' checksums and where
the files are (installed package data, or wordlists/ in a checkout)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Tuple

from wordle_opt.errors import WordListError


@dataclass(frozen=True)
class ListSet:
    """A bundled, named pair of lists."""

    name: str
    answers_file: str
    guesses_file: str
    description: str


DEFAULT_SET = "original"  # the research commands' default
# Today's game: the bundled list most likely to hold today's answer; the
# default of the page and of `play` (TODAY_NAME: how the page names it).
TODAY_SET = "nyt-3158"
TODAY_NAME = "NYT, today's game"
SETS: Dict[str, ListSet] = {
    s.name: s
    for s in (
        ListSet("original", "original-answers.txt", "original-allowed.txt", "Wordle before the NYT (to 2022-02-15)"),
        ListSet("nyt", "nyt-answers-2309.txt", "nyt-allowed-14855.txt", "NYT from 2022-08-30 (last fixed answer list)"),
        ListSet("nyt-12947", "nyt-answers-2309.txt", "nyt-allowed-12947.txt", "NYT 2022-02-15 to 2022-03-16"),
        ListSet(
            "nyt-3158",
            "nyt-answers-3158.txt",
            "nyt-allowed-14855.txt",
            "NYT answers as of 2023-07 (extended list, 3158; for today's game)",
        ),
        ListSet(
            "original-all",
            "original-allowed.txt",
            "original-allowed.txt",
            "every allowed word of the original game an answer",
        ),
        ListSet(
            "nyt-all",
            "nyt-allowed-12947.txt",
            "nyt-allowed-12947.txt",
            "every allowed word of the NYT game (2022-02-15 to 2022-03-16) an answer",
        ),
        ListSet(
            "en6",
            "en6-answers-1500.txt",
            "en6-allowed-13662.txt",
            "English six-letter words: the 1500 most frequent (pyspellchecker)",
        ),
        ListSet(
            "de5",
            "de5-answers-1200.txt",
            "de5-allowed-4409.txt",
            "German five-letter words with ä ö ü ß: the 1200 most frequent (pyspellchecker)",
        ),
        ListSet(
            "es5",
            "es5-answers-1500.txt",
            "es5-allowed-4774.txt",
            "Spanish five-letter words with á é í ñ ó ú ü: the 1500 most frequent (pyspellchecker)",
        ),
    )
}

# Bundled file -> (word count, sha256 of the file's bytes); wordlists/README.md
# records the same figures with each file's source.  Checked by the tests.
CHECKSUMS: Dict[str, Tuple[int, str]] = {
    "original-answers.txt": (2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    "original-allowed.txt": (12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    "nyt-answers-2309.txt": (2309, "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32"),
    "nyt-allowed-12947.txt": (12947, "48f16611619aa3f9d259d04b9b08d6a24ca28944ab1515c747c0ead6da2ba663"),
    "nyt-allowed-14855.txt": (14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
    "nyt-answers-3158.txt": (3158, "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce"),
    # other lengths and languages: tools/fetch_langlists.py
    "en6-answers-1500.txt": (1500, "c7cb4a188e9c6af306c2112d027e601b5041ff6802f9ef2f6178b3e12dd45042"),
    "en6-allowed-13662.txt": (13662, "97661aef548603c731485b6f812b93ca5b29f948bb0b52fe0e5e64d9b9182dab"),
    "de5-answers-1200.txt": (1200, "1d82a766f6600291654d6f1eef3617ed864db95a01180e9e521f0ca9f08718e0"),
    "de5-allowed-4409.txt": (4409, "d4576bfde70a1033db277b26b1a80e1e582bc09069ec9276bf1b948063b3fe3b"),
    "es5-answers-1500.txt": (1500, "3c6e916866e5533c06c7483510f5f76cd47832bf37bd22614e759f004cf96d8a"),
    "es5-allowed-4774.txt": (4774, "b6c338e1e982f0b4ddae996f57295d9532cbff03e4f26879eccce509498e4404"),
}

CHECKSUMS_FIRST = next(iter(CHECKSUMS))
_DATA_PACKAGE = "wordle_opt.wordlist_data"


# --------------------------------------------------------------------------
# Where the bundled files are


@functools.lru_cache(maxsize=None)
def data_dir() -> Path:
    """Directory of the bundled lists: the installed package data, or (only in a
    source checkout, where that package does not exist) the top-level wordlists/."""
    import importlib.util

    if importlib.util.find_spec(_DATA_PACKAGE) is not None:
        from importlib import resources

        # Package data installed as plain files (setup.py has no zip_safe
        # install), so the Traversable is a real directory.
        return Path(str(resources.files(_DATA_PACKAGE)))
    checkout = Path(__file__).resolve().parent.parent / "wordlists"
    if (checkout / CHECKSUMS_FIRST).is_file():
        return checkout
    raise WordListError(
        f"the bundled word lists are missing (no package {_DATA_PACKAGE} and no {checkout}); reinstall wordle_opt"
    )


def bundled_path(filename: str) -> Path:
    """Path of a bundled list file, e.g. ``bundled_path("original-answers.txt")``."""
    return data_dir() / filename
