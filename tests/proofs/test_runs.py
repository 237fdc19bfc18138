"""The cap proofs' long runs (wordle_opt.proofs.runs): a bad option
is one line, a rerun resumes, a retry's line wins, shards split the openers without
overlap."""

from __future__ import annotations

import argparse
import re

import numpy as np
import pytest

from wordle_opt.errors import WordleOptError
from wordle_opt.proofs.runs import (
    HEADER,
    Clock,
    RunFile,
    Usage,
    VerdictLog,
    add_arguments,
    few,
    lists_and_openers,
    parse_shard,
    pick,
    read,
    verdict_line,
)


def test_an_interrupted_log_resumes_and_a_retry_overrides_the_open_line(tmp_path):
    path = str(tmp_path / "v.csv")
    with VerdictLog(path) as log:
        assert log.done == {}
        log.write(["abuzz", "open", "", ""])
        # (flushed at once: a process killed here keeps the line)
        assert read(path)["abuzz"]["verdict"] == "open"
        log.write(["salet", "refuted", "BBBBB", "42"])
    with VerdictLog(path) as log:
        assert set(log.done) == {"abuzz", "salet"}
        # (the summary says which were not searched, and how to search the open ones)
        assert log.resumed(["abuzz", "salet", "crane"]) == (
            f" (2 as {path} had them; --retry-open searches the open ones again)"
        )
        assert log.resumed(["salet"]) == f" (1 as {path} had them)" and log.resumed(["crane"]) == ""
        assert log.verdict("abuzz") == "open" and log.verdict("crane") is None
    with VerdictLog(path, retry_open=True) as log:
        assert set(log.done) == {"salet"}
        log.write(["abuzz", "refuted", "GBBBB", "7"])
    rows = read(path)
    assert rows["abuzz"] == {"opener": "abuzz", "verdict": "refuted", "colouring": "GBBBB", "answers": "7"}
    lines = open(path).read().splitlines()
    assert lines[0] == ",".join(HEADER) and len(lines) == 4  # (one header, appended lines)


def test_processes_sharing_a_file_read_each_others_rows_and_never_half_a_line(tmp_path):
    path = str(tmp_path / "shared.csv")
    header = ("guess", "how", "value", "witness")
    with RunFile(path, header) as a, RunFile(path, header) as b:
        a.write(["salet", "fits", 1 << 40, "BBYBG"])
        b.write(["crane", "struck", 1 << 40, "salet BBYBG"])
        assert [r["guess"] for r in a.news()] == ["salet", "crane"]  # (its own line too: the file is the truth)
        with open(path, "a") as f:
            f.write("trace,te")  # (another process halfway through a line)
        assert [r["guess"] for r in b.news()] == ["salet", "crane"]  # (not the half line)
        assert b.done["salet"] == {"guess": "salet", "how": "fits", "value": str(1 << 40), "witness": "BBYBG"}
        with open(path, "a") as f:
            f.write("rm,4204,\n")
        assert b.news() == [{"guess": "trace", "how": "term", "value": "4204", "witness": ""}]
        assert set(b.done) == {"salet", "crane", "trace"}
    assert open(path).read().splitlines()[0] == ",".join(header)  # (one header, though two opened it)
    with open(path, "a") as f:
        f.write("slate,term\n")
    with pytest.raises(WordleOptError, match="shared.csv: expected guess,how,value,witness, got slate,term"):
        RunFile(path, header)


def test_no_path_reads_and_writes_nothing(tmp_path):
    with VerdictLog(None) as log:
        log.write(["abuzz", "open", "", ""])
        assert log.done == {}
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text", ["2/2", "-1/2", "1", "a/b", "1/0"])
def test_a_bad_shard_is_refused(text):
    with pytest.raises(ValueError):
        parse_shard(text)


def test_shards_cover_every_opener_once_and_a_sample_is_the_same_in_each():
    assert parse_shard(None) == (0, 1)
    assert pick([], 10, sample=None, shard=(0, 1)) == list(range(10))
    for sample in (None, 7):
        parts = [pick([], 50, sample=sample, shard=(k, 3)) for k in range(3)]
        whole = pick([], 50, sample=sample, shard=(0, 1))
        assert sorted(sum(parts, [])) == whole and len(whole) == (sample or 50)
    assert pick([5, 3, 9], 50, sample=4, shard=(1, 2)) == [3]  # (named openers: no sample)


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--max-guesses", "1"], "--max-guesses: expected 2 or more, got 1"),
        (["--shard", "2/2"], "--shard: expected K/N with 0 <= K < N, got 2/2"),
        (["--sample", "0"], "--sample: expected 1 or more, got 0"),
        (["--answers", "original", "zzzzq"], "zzzzq"),
    ],
)
def test_a_bad_option_is_one_line_naming_it(argv, says):
    parser = argparse.ArgumentParser()
    add_arguments(parser, max_guesses=6, sample_help="")
    with pytest.raises(Usage) as e:
        lists_and_openers(parser.parse_args(argv))
    assert says in str(e.value) and "\n" not in str(e.value)


def test_the_options_give_the_lists_the_openers_and_the_shard():
    parser = argparse.ArgumentParser()
    add_arguments(parser, max_guesses=6, sample_help="")
    lists, named, shard = lists_and_openers(parser.parse_args(["--answers", "original", "--shard", "1/3", "salet"]))
    assert len(lists.answers) == 2315 and lists.guesses[named[0]] == "salet" and shard == (1, 3)


def test_the_last_lines_name_the_unrefuted_openers_or_state_the_theorem():
    parser = argparse.ArgumentParser()
    add_arguments(parser, max_guesses=6, sample_help="")
    lists, _, _ = lists_and_openers(parser.parse_args(["--answers", "original"]))
    refuted = np.ones(len(lists.guesses), dtype=bool)
    assert verdict_line(lists, refuted, "proven") == "proven"
    refuted[[lists.guess_index("salet"), lists.guess_index("crane")]] = False
    assert verdict_line(lists, refuted, "proven") == "not refuted: 2 openers: crane salet"
    assert few(list("abc"), 2) == "a b ..." and few(list("ab"), 2) == "a b"
    assert re.fullmatch(r"\d+ s wall, \d+ s CPU, \d+ MB peak", str(Clock()))
