"""Long runs whose output goes to a file or a pipe write plain progress lines
(at most one per WORDLE_OPT_PROGRESS_SECONDS, default 30), not \\r frames, and
nothing on top of quick runs (issue 25)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

LINE = re.compile(r"^progress: .*\d+/\d+ groups \(\d+%\), \d+ s$")


def _run(args, tmp_path, seconds: str):
    log = tmp_path / "run.log"
    env = dict(os.environ, WORDLE_OPT_PROGRESS_SECONDS=seconds)
    with open(log, "w") as f:
        r = subprocess.run([sys.executable, "-m", "wordle_opt", *args], stdout=f, stderr=subprocess.STDOUT, env=env)
    return r.returncode, log.read_text().splitlines()


def test_search_to_a_file_writes_plain_progress_lines_before_the_result(tmp_path):
    # (MEZES: about 2 s, 4 lines at 0.05 s on an idle machine; SALET's hard
    # search now ends in 0.3 s, too soon for the engine's first poll)
    code, lines = _run(["search", "mezes", "--threads", "1"], tmp_path, "0.05")
    assert code == 0, lines
    result = next(i for i, line in enumerate(lines) if line.startswith("total "))
    progress = [i for i, line in enumerate(lines) if LINE.match(line)]
    assert progress and progress[-1] < result, lines
    assert not any("\r" in line for line in lines)


def test_a_run_shorter_than_the_interval_prints_no_progress(tmp_path):
    code, lines = _run(["search", "salet", "--threads", "1"], tmp_path, "30")
    assert code == 0 and not any(line.startswith("progress:") for line in lines), lines


def test_the_fitting_writes_progress_lines_while_it_searches_a_group(tmp_path):
    # (CHOMP's every-word group of 4841 fitted for 308 s with no line at all)
    words = "bight fight light might night right sight tight batch catch hatch latch match".split()
    (tmp_path / "a.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(words + ["flams", "crane"]) + "\n")
    args = ["search", "crane", "--answers", str(tmp_path / "a.txt"), "--guesses", str(tmp_path / "g.txt")]
    args += ["--hard", "--max-guesses", "7", "--fit"]
    code, lines = _run([*args, "--threads", "1"], tmp_path, "0.000001")
    assert code == 0, lines
    fitting = [line for line in lines if LINE.match(line) and line.startswith("progress: fitting (")]
    assert fitting and all(re.search(r"fitting \(\d+ sets searched\): a tree for: \d+/\d+ groups", x) for x in fitting)
