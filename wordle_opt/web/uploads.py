"""Word lists uploaded to the page: checked, kept in memory (the UPLOADS_KEPT
latest) and named by an id made from their bytes.  Never written to disk."""

from __future__ import annotations

import hashlib
import threading
import warnings
from collections import OrderedDict
from typing import Optional

from wordle_opt.errors import WordListError
from wordle_opt.web.admission import check_work, limits
from wordle_opt.wordlists import WordLists, parse_words, require_five_letters

UPLOAD_LIMIT = 256 * 1024  # bytes of an uploaded list (the largest bundled list is 78 KB)
UPLOADS_KEPT = 16

_kept: "OrderedDict[str, WordLists]" = OrderedDict()
_lock = threading.Lock()


def uploaded(key: str) -> Optional[WordLists]:
    """The lists uploaded under ``key``, or None (never uploaded, or no longer kept)."""
    with _lock:
        return _kept.get(key)


def upload(answers: bytes, guesses: Optional[bytes], label: str = "upload") -> str:
    """Keep uploaded word lists (one word a line) in memory; returns their id.
    Without guesses, the answers are the guesses."""
    texts = []
    for what, data in (("answers", answers), ("guesses", guesses)):
        if data is None:
            texts.append(None)
            continue
        if len(data) > UPLOAD_LIMIT:
            raise WordListError(f"uploaded {what} list is {len(data)} bytes; the limit is {UPLOAD_LIMIT}")
        try:
            texts.append(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise WordListError(f"uploaded {what} list is not UTF-8 text") from None
        words = sum(1 for line in texts[-1].splitlines() if line.strip())
        if words > limits.upload_words:
            raise WordListError(
                f"uploaded {what} list has {words:,} words; the limit is {limits.upload_words:,} words a list"
            )
    digest = hashlib.sha256(b"\0".join(d or b"" for d in (answers, guesses))).hexdigest()[:12]
    key = f"upload-{digest}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicates dropped, answers added to the guesses
        a = parse_words(texts[0].splitlines(), f"{label} answers")
        g = None if texts[1] is None else parse_words(texts[1].splitlines(), f"{label} guesses")
        lists = require_five_letters(WordLists.from_words(a, g, name=label), "the web app", ascii_only=True)
    check_work(lists, f"the uploaded list {label!r}")
    return keep_lists(key, lists)


def keep_lists(key: str, lists: WordLists) -> str:
    """Keep ``lists`` in memory as ``key`` (the UPLOADS_KEPT newest are kept)."""
    with _lock:
        _kept[key] = lists
        while len(_kept) > UPLOADS_KEPT:
            _kept.popitem(last=False)
    return key
