"""SALET easy and hard (NYT rule, cap 6) on one thread, two builds alternated
in one run: the figures a change to the core or the search must show.

    git worktree add /tmp/before <commit> && (cd /tmp/before && python setup.py build_ext --inplace)
    python tools/side_by_side.py /tmp/before --rounds 3

The 'before' build is imported from its checkout (built in place); 'after'
is the installed wordle_opt.  Prints each build's total, node count, cache
hits and CPU seconds (median of the rounds), and after/before CPU ratios:
node counts must match when the search is meant to be unchanged.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CODE = (
    "import json, time, wordle_opt; t = time.process_time(); "
    "r = wordle_opt.search('salet', hard={hard!r}, threads=1); "
    "print(json.dumps(dict(total=r.total, cpu=time.process_time() - t, "
    "nodes=r.stats.get('nodes'), hits=r.stats.get('cache_hits'))))"
)


def run(cwd: str, hard, pythonpath=None) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("WORDLE_OPT_IMPLEMENTATION", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    r = subprocess.run([sys.executable, "-c", CODE.format(hard=hard)], cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"{cwd}: {r.stderr.strip().splitlines()[-1] if r.stderr.strip() else 'failed'}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="a checkout of the earlier commit, built in place")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    neutral = tempfile.mkdtemp()  # 'after' must not import a source tree from the current folder
    out: dict = {}
    for _ in range(args.rounds):
        for hard in (None, "nyt"):
            out.setdefault(("before", hard), []).append(run(args.before, hard, pythonpath=args.before))
            out.setdefault(("after", hard), []).append(run(neutral, hard))
    for hard in (None, "nyt"):
        for name in ("before", "after"):
            ds = out[(name, hard)]
            cpus = ", ".join(f"{d['cpu']:.2f}" for d in ds)
            print(
                f"{hard or 'easy':5} {name:6} total {ds[0]['total']} nodes {ds[0]['nodes']} hits {ds[0]['hits']} "
                f"CPU median {statistics.median(d['cpu'] for d in ds):.2f} s ({cpus})"
            )
        ratio = statistics.median(d["cpu"] for d in out[("after", hard)]) / statistics.median(
            d["cpu"] for d in out[("before", hard)]
        )
        print(f"{hard or 'easy'}: after/before CPU {ratio:.3f}")
    print(f"load average while it ran: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
