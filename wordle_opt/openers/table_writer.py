"""Make the bundled ranking tables (wordle_opt/openers/table_data/) from the
opener ranking's own output; `wordle_opt.openers.tables` reads them:

    python -m wordle_opt.openers.table_writer                       # run every complete ranking (CPU-hours), then write the tables
    python -m wordle_opt.openers.table_writer --only original-easy  # one of them
    python -m wordle_opt.openers.table_writer --csv original-easy=ranking.csv   # from `openers --out` run earlier
    python -m wordle_opt.openers.table_writer --checkpoint nyt-3158-easy=tables/runs/nyt-3158-easy.sqlite  # partial
    python -m wordle_opt.openers.table_writer --checkpoint nyt-nyt=tables/runs/nyt-nyt.sqlite --keep-earlier

Each table is ``opener,kind,total`` cut from the CSV that ``python -m
wordle_opt openers --out FILE.csv`` (with the table's --hard/--answers)
writes, gzipped byte for byte reproducibly; manifest.json records the list
set, rule, cap, a fingerprint of the words, the sha256 of the file and the
command.  ``--checkpoint NAME=FILE`` instead takes the facts an unfinished
run left in its checkpoint (every one proven: the exact totals and the
lower bounds reached so far), read through `checkpoint.stored_facts`
(which checks it is this table's problem); the manifest says so
("partial"), or "complete" once every opener is exact or has no tree
within the cap.  With ``--keep-earlier`` a partial table also keeps the
facts of the table it replaces where they are stronger (a top-10 ranking's
proven bounds on every other opener, which a run only part of the way
through has not yet matched), and its manifest line lists that table's
command too.  `tables` reads them and checks the sha256.

A module run with ``python -m``, not a command of ``python -m wordle_opt``:
it writes into the package's own folder, a maintainer's job before a
release, where every user command writes only where it is told.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import gzip
import hashlib
import io
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.checkpoint import stored_facts, stored_time, stronger
from wordle_opt.openers.tables import (
    BOUND,
    COLUMNS,
    DATA_DIR,
    EXACT,
    INFEASIBLE,
    MANIFEST,
    lists_fingerprint,
    read_table,
    serves,
)
from wordle_opt.openers.tasks import TaskProblem, quick_facts
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import load_lists

# name -> (list set, --hard rule or None); every table is at the default cap of 6.
TABLES = {
    "original-easy": ("original", None),
    "original-nyt": ("original", "nyt"),
    "nyt-easy": ("nyt", None),
    "nyt-nyt": ("nyt", "nyt"),
    "nyt-3158-easy": ("nyt-3158", None),
    "nyt-3158-nyt": ("nyt-3158", "nyt"),
}
CAP = 6
# The complete runs' checkpoints, kept in the repository (not the package):
# a table takes longer than a sitting (nyt-3158 easy: tens of CPU-hours), and
# rerunning its command from the repository's root resumes where it stopped.
RUNS = "tables/runs"


def table_file(name: str) -> str:
    """Table ``name``'s file in the tables' folder (and its manifest's ``file``)."""
    return f"{name}.csv.gz"


def checkpoint_path(name: str) -> str:
    """The checkpoint of table ``name``'s complete run, relative to the repository's root."""
    return f"{RUNS}/{name}.sqlite"


def command(name: str, out: str = "ranking.csv") -> list:
    """The command that makes table ``name``: every opener exact (``--top all``),
    resumable from its checkpoint in the repository."""
    lists, rule = TABLES[name]
    args = ["openers"]
    if lists != "original":
        args += ["--answers", lists]
    if rule is not None:
        args += ["--hard", rule]
    return ["python", "-m", "wordle_opt", *args, "--top", "all", "--checkpoint", checkpoint_path(name), "--out", out]


def rows_from_csv(path: str) -> list:
    with open(path, newline="") as f:
        return [(r["opener"], r["kind"], r["total"]) for r in csv.DictReader(f)]


def rows_from_checkpoint(name: str, path: str) -> list:
    """The facts of an unfinished ranking's checkpoint, after checking it is this table's problem."""
    lists, rule = TABLES[name]
    return rows_of_problem(Problem.parse(hard=rule, answers=lists, max_guesses=CAP), path)


def rows_of_problem(problem: Problem, path: str) -> list:
    """The table's rows from checkpoint ``path`` of ``problem``'s ranking
    (any lists: the tests compare a Dask run's with a local run's): its
    facts, and for every opener it never stored (the quick bound settled it,
    or the run has not reached it) the quick bound, so that every allowed
    guess has a row; of two bounds, the greater."""
    task = TaskProblem.of(problem, cache_mb=1.0)
    stored = {o: (k, v) for o, (k, v, _) in stored_facts(path, task).items()}
    merged = quick_facts(task)
    for o, fact in stored.items():
        if stronger(fact, merged[o]):  # (the checkpoint's own order of facts)
            merged[o] = fact
    facts = sorted(((o, k, v) for o, (k, v) in merged.items()), key=lambda r: (r[1] != EXACT, r[2], r[0]))
    guesses = problem.lists.guesses
    return [(guesses[o], k, "" if k == INFEASIBLE else str(v)) for o, k, v in facts]


def keep_earlier(name: str, rows: list, earlier: dict, folder: Path) -> Tuple[list, int]:
    """``rows`` with the facts of ``earlier`` (the manifest entry of the table
    now in ``folder`` under ``name``, read after its sha256 is checked) kept
    where they are stronger, in the table's order, and how many facts were
    kept from it.  Both are proven facts about one problem, so two that
    disagree (two different exact totals, or a bound above an exact total)
    are a defect in one of them: an error naming the opener, never a table."""
    lists_name, rule = TABLES[name]
    lists = load_lists(lists_name)
    if not serves(earlier, lists, rule, CAP):
        sys.exit(
            f"{name}: {earlier['file']} in {folder} is not of the lists {lists_name}, rule {rule or 'easy'}, cap {CAP}"
        )
    old = read_table(earlier, folder)
    facts, kept = [], 0
    for word, kind, total in rows:
        was = old.get(word)
        if was is None:
            sys.exit(f"{name}: {earlier['file']} in {folder} has no row for {word}")
        new = (kind, math.inf if kind == INFEASIBLE else int(total))
        prior = (was.kind, math.inf if was.kind == INFEASIBLE else was.total)
        if disagree(new, prior):
            sys.exit(f"{name}: {word} is {kind} {total} in the new facts but {was.text} in {earlier['file']}")
        ours = stronger(new, prior)
        facts.append((word, *(new if ours else prior)))
        kept += not ours
    order = {w: i for i, w in enumerate(lists.guesses)}  # (as `rows_of_problem` orders them)
    facts.sort(key=lambda r: (r[1] != EXACT, r[2], order[r[0]]))
    return [(w, k, "" if k == INFEASIBLE else str(v)) for w, k, v in facts], kept


def disagree(a: tuple, b: tuple) -> bool:
    """Can two proven facts (kind, total) about one opener not both be true?"""
    if BOUND not in (a[0], b[0]):
        return a != b  # (exact or infeasible: the same value)
    if a[0] == b[0]:
        return False  # (two lower bounds)
    bound, other = (a, b) if a[0] == BOUND else (b, a)
    return bound[1] > other[1]  # (a lower bound above the exact total; never above infeasible's infinity)


def time_from_checkpoint(name: str, path: str) -> dict:
    """What the runs behind a checkpoint took, for the manifest (wall and CPU
    seconds summed over its runs, stopped or not)."""
    lists, rule = TABLES[name]
    problem = Problem.parse(hard=rule, answers=lists, max_guesses=CAP)
    wall, cpu, runs, untimed = stored_time(path, TaskProblem.of(problem, cache_mb=1.0))
    return {"seconds": round(wall), "cpu_seconds": round(cpu), "runs": runs, "runs_without_cpu": untimed}


def write_table(name: str, rows: list, *, cmd: str, source: str, folder: Path) -> dict:
    lists_name, rule = TABLES[name]
    lists = load_lists(lists_name)
    known = set(lists.guesses)
    for word, kind, total in rows:
        if word not in known or kind not in (EXACT, BOUND, INFEASIBLE) or (kind != INFEASIBLE and not total.isdigit()):
            sys.exit(f"{name}: bad row {word},{kind},{total}")
    data = table_bytes(rows)
    file = table_file(name)
    (folder / file).write_bytes(data)
    exact = sorted((int(t), wd) for wd, k, t in rows if k == EXACT)
    return {
        "file": file,
        "lists": lists_name,
        "rule": rule,
        "cap": CAP,
        "answers": len(lists.answers),
        "guesses": len(lists.guesses),
        "lists_sha256": lists_fingerprint(lists),
        "sha256": hashlib.sha256(data).hexdigest(),
        "command": cmd,
        "source": source,
        "openers": len(rows),
        "exact": len(exact),
        "bound": sum(k == BOUND for _, k, _ in rows),
        "infeasible": sum(k == INFEASIBLE for _, k, _ in rows),
        "best": [exact[0][1], exact[0][0]] if exact else None,
        "made": datetime.date.today().isoformat(),
        "wordle_opt": version(),
    }


def table_bytes(rows: list) -> bytes:
    """A table file's bytes: the (opener, kind, total) rows as CSV, gzipped
    reproducibly (no time stamp), so the same rows give the same sha256."""
    text = io.StringIO()
    w = csv.writer(text, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(rows)
    return gzip.compress(text.getvalue().encode(), compresslevel=9, mtime=0)


def version() -> str:
    """The package's version: its face (``wordle_opt/__init__``) sits above
    this module, and is always loaded before it, so it is read, not imported."""
    return sys.modules["wordle_opt"].__version__


def checkpoint_entry(name: str, path: str, *, cmd: str, folder: Path, earlier: Optional[dict]) -> dict:
    """Write table ``name`` from checkpoint ``path`` (merged with the table
    ``earlier`` names, when given) and return its manifest entry."""
    rows = rows_from_checkpoint(name, path)
    kept, also = 0, []
    if earlier is not None:
        rows, kept = keep_earlier(name, rows, earlier, folder)
        also = [*earlier.get("also_from", []), earlier["command"]] if kept else []
    # (a run that proved every opener, exact or with no tree within the cap, is complete)
    done = not any(k == BOUND for _, k, _ in rows)
    source = (
        f"complete: every opener proven, from the checkpoint of its runs ({checkpoint_path(name)})"
        if done
        else f"partial: the checkpoint of an unfinished run ({checkpoint_path(name)} resumes it)"
    )
    if kept:
        source += f", with {kept} stronger facts kept from the table it replaced (made by also_from's commands)"
    # (cmd: rerun from the repository's root, with the checkpoint at its path there, it resumes)
    entry = write_table(name, rows, cmd=cmd, source=source, folder=folder)
    entry.update(time_from_checkpoint(name, path))
    if also:
        entry["also_from"] = list(dict.fromkeys(also))
    return entry


def main(argv=None) -> None:
    try:
        _main(argv)
    except WordleOptError as exc:  # (a checkpoint of another problem: one line naming it)
        sys.exit(f"error: {exc}")


def _main(argv) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", choices=sorted(TABLES), help="make this table (repeatable)")
    ap.add_argument("--csv", action="append", default=[], metavar="NAME=FILE", help="from `openers --out` run earlier")
    ap.add_argument("--checkpoint", action="append", default=[], metavar="NAME=FILE", help="from an unfinished run")
    ap.add_argument(
        "--keep-earlier",
        action="store_true",
        help="with --checkpoint: also keep the facts of the table it replaces where they are stronger",
    )
    ap.add_argument("--folder", default=str(DATA_DIR), help="where the tables and manifest.json go")
    args = ap.parse_args(argv)
    if args.keep_earlier and not args.checkpoint:
        ap.error("--keep-earlier keeps an earlier table's facts in a table made with --checkpoint; none was given")
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    given = {}
    for spec, kind in [(s, "csv") for s in args.csv] + [(s, "checkpoint") for s in args.checkpoint]:
        name, _, path = spec.partition("=")
        if name not in TABLES or not path:
            sys.exit(f"{spec}: expected NAME=FILE with NAME one of {', '.join(TABLES)}")
        given[name] = (kind, path)
    names = args.only or (sorted(given) if given else list(TABLES))
    path = folder / MANIFEST
    entries = {e["file"]: e for e in (json.loads(path.read_text())["tables"] if path.exists() else [])}
    for name in names:
        cmd = " ".join(command(name, f"{name}.csv"))
        kind, source = given.get(name, ("run", None))
        if kind == "run":
            Path(RUNS).mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory() as tmp:
                out = os.path.join(tmp, "ranking.csv")
                print("running:", cmd, file=sys.stderr)
                subprocess.run([sys.executable, *command(name, out)[1:]], check=True)
                rows = rows_from_csv(out)
            entry = write_table(name, rows, cmd=cmd, source="the complete ranking's --out file", folder=folder)
        elif kind == "csv":
            entry = write_table(
                name, rows_from_csv(source), cmd=cmd, source="the complete ranking's --out file", folder=folder
            )
        else:
            earlier = entries.get(table_file(name)) if args.keep_earlier else None
            if args.keep_earlier and earlier is None:
                sys.exit(f"{name}: --keep-earlier, but {folder / MANIFEST} names no {table_file(name)} to keep")
            entry = checkpoint_entry(name, source, cmd=cmd, folder=folder, earlier=earlier)
        entries[entry["file"]] = entry
        print(f"{entry['file']}: {entry['exact']} exact, {entry['bound']} bounds, best {entry['best']}")
    ordered = [entries[f] for f in sorted(entries)]
    path.write_text(json.dumps({"tables": ordered}, indent=1) + "\n")


if __name__ == "__main__":
    main()
