"""Proofs: a tree proven optimal for its opener, and the guess caps no opener
meets, each stored in files that ``python -m wordle_opt prove --check``
re-decides from scratch.

    optimal                        search, polish, close every group: `prove`
    closing, polish                a stored tree's groups closed; its parts re-solved
    hardcap_run, groupcap_run      the cap proofs' runs: every opener refuted
    groupclose, hardcap, groupcap  the arguments: a group's second guesses, family parts, groups
    runs                           the runs' files, options and clock
"""

from wordle_opt.proofs.optimal import Proof
from wordle_opt.proofs.optimal import prove_opener as prove

__all__ = ["Proof", "prove"]
