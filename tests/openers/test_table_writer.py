"""The ranking tables' writer (wordle_opt.openers.table_writer) beside their
reader (wordle_opt.openers.tables): a table written from `openers --out`
rows or from a checkpoint reads back the same values, its manifest line
names the command that makes it, and a checkpoint of another game is one
line naming it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from readonly import read_only

from wordle_opt.openers import table_writer
from wordle_opt.openers.checkpoint import Checkpoint
from wordle_opt.openers.tables import BOUND, EXACT, INFEASIBLE, MANIFEST, read_table
from wordle_opt.openers.tasks import TaskProblem, quick_facts
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import load_lists


def test_rows_written_read_back_and_the_manifest_names_the_command(tmp_path):
    rows = [("salet", EXACT, "7920"), ("crane", EXACT, "7926"), ("fuzzy", BOUND, "9000")]
    cmd = " ".join(table_writer.command("original-easy", "original-easy.csv"))
    entry = table_writer.write_table("original-easy", rows, cmd=cmd, source="a test", folder=tmp_path)
    table = read_table(entry, tmp_path)
    assert [(v.word, v.kind, v.total) for v in (table.get(w) for w, _, _ in rows)] == [
        (w, k, int(t)) for w, k, t in rows
    ]
    assert (
        entry["command"]
        == table.command
        == (
            "python -m wordle_opt openers --top all --checkpoint tables/runs/original-easy.sqlite --out original-easy.csv"
        )
    )
    assert entry["best"] == ["salet", 7920] and entry["exact"] == 2 and entry["bound"] == 1


def test_a_checkpoint_is_read_through_the_checkpoint_module(tmp_path):
    lists = load_lists("original")
    path = tmp_path / "rank.sqlite"
    ck = Checkpoint(str(path), TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    ck.save([(lists.guess_index("salet"), EXACT, 7920), (lists.guess_index("fuzzy"), BOUND, 9000)], True)
    ck.add_time(12.4, 7.6)
    ck.close()
    folder = tmp_path / "tables"
    table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder)])
    [entry] = json.loads((folder / MANIFEST).read_text())["tables"]
    # (the manifest's command is the one that resumes it, from the checkpoint's place in the repository)
    assert entry["source"].startswith("partial") and "tables/runs/original-easy.sqlite" in entry["source"]
    assert "--top all --checkpoint tables/runs/original-easy.sqlite" in entry["command"]
    assert (entry["seconds"], entry["cpu_seconds"], entry["runs"]) == (12, 8, 1)  # (what the runs took)
    before = path.read_bytes()
    table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder)])
    assert path.read_bytes() == before  # (reading a checkpoint leaves it as it was: no run counted)
    table = read_table(entry, folder)
    assert table.get("salet").total == 7920 and table.get("fuzzy").kind == BOUND
    # every opener the checkpoint never stored has its quick bound (the
    # ranking's first fact about it), so every allowed guess has a row
    quick = quick_facts(TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    crane = table.get("crane")
    assert (crane.kind, crane.total) == quick[lists.guess_index("crane")]
    assert table.get("fuzzy").total == max(9000, quick[lists.guess_index("fuzzy")][1])
    assert entry["openers"] == len(lists.guesses) and entry["exact"] == 1
    # the same checkpoint offered as another game's table: one line naming it
    with pytest.raises(SystemExit) as stop:
        table_writer.main(["--checkpoint", f"nyt-easy={path}", "--folder", str(folder)])
    assert str(path) in str(stop.value) and "\n" not in str(stop.value)


def test_a_checkpoint_with_every_opener_proven_makes_a_complete_table(tmp_path):
    """Once every opener is exact or has no tree within the cap, the table
    is complete, not partial: the manifest says so (the table tests then
    check that its top 10 is the whole ranking's)."""
    lists = load_lists("original")
    path = tmp_path / "rank.sqlite"
    ck = Checkpoint(str(path), TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    ck.save([(o, EXACT, 7920 + o) for o in range(len(lists.guesses) - 1)], True)
    ck.close()
    folder = tmp_path / "tables"
    table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder)])
    [entry] = json.loads((folder / MANIFEST).read_text())["tables"]
    assert entry["source"].startswith("partial") and entry["bound"] == 1  # (the last opener: its quick bound)
    ck = Checkpoint(str(path), TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    ck.save([(len(lists.guesses) - 1, INFEASIBLE, 0)], True)
    ck.close()
    table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder)])
    [entry] = json.loads((folder / MANIFEST).read_text())["tables"]
    assert entry["source"].startswith("complete") and "tables/runs/original-easy.sqlite" in entry["source"]
    assert (entry["exact"], entry["bound"], entry["infeasible"]) == (len(lists.guesses) - 1, 0, 1)


def test_a_checkpoint_in_a_read_only_folder_is_read_as_it_is(tmp_path):
    lists = load_lists("original")
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "rank.sqlite"
    ck = Checkpoint(str(path), TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    ck.save([(lists.guess_index("salet"), EXACT, 7920)], True)
    ck.close()
    before = path.read_bytes()
    out = tmp_path / "tables"
    args = ["-m", "wordle_opt.openers.table_writer", "--checkpoint", f"original-easy={path}", "--folder", str(out)]
    r = subprocess.run([*read_only(folder), sys.executable, *args], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr  # (it was refused: "read-only ... progress cannot be saved there")
    [entry] = json.loads((out / MANIFEST).read_text())["tables"]
    assert read_table(entry, out).get("salet").total == 7920
    assert path.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["rank.sqlite"]


def _earlier_table(folder, lists, changes):
    """A top-N ranking's table of the original lists, easy, in ``folder``:
    every opener's quick bound, with ``changes`` {word: (kind, total)} over it."""
    quick = quick_facts(TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    facts = {w: quick[i] for i, w in enumerate(lists.guesses)}
    facts.update(changes)
    rows = [(w, k, "" if k == INFEASIBLE else str(v)) for w, (k, v) in facts.items()]
    entry = table_writer.write_table(
        "original-easy", rows, cmd="python -m wordle_opt openers --out top10.csv", source="a test", folder=folder
    )
    (folder / MANIFEST).write_text(json.dumps({"tables": [entry]}))
    return entry


def _checkpoint(path, lists, facts):
    ck = Checkpoint(str(path), TaskProblem.of(Problem.parse(answers="original", max_guesses=6), cache_mb=1.0))
    ck.save([(lists.guess_index(w), k, v) for w, (k, v) in facts.items()], True)
    ck.close()


def test_keep_earlier_keeps_the_stronger_of_two_tables_facts(tmp_path):
    """A partial checkpoint's table keeps what the table it replaces proved
    beyond it (a top-10 ranking's bounds), names that table's command, and
    takes the checkpoint's fact wherever it is the stronger."""
    lists = load_lists("original")
    folder = tmp_path / "tables"
    folder.mkdir()
    earlier = _earlier_table(folder, lists, {"salet": (EXACT, 7920), "trace": (EXACT, 7926), "crane": (BOUND, 8100)})
    path = tmp_path / "rank.sqlite"
    _checkpoint(path, lists, {"salet": (EXACT, 7920), "fuzzy": (BOUND, 9000), "reast": (EXACT, 7923)})
    table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder), "--keep-earlier"])
    [entry] = json.loads((folder / MANIFEST).read_text())["tables"]
    table = read_table(entry, folder)
    got = {w: (table.get(w).kind, table.get(w).total) for w in ("salet", "trace", "crane", "fuzzy", "reast")}
    assert got == {
        "salet": (EXACT, 7920),
        "trace": (EXACT, 7926),  # (the earlier table's)
        "crane": (BOUND, 8100),  # (the earlier table's bound, above the quick one)
        "fuzzy": (BOUND, 9000),  # (the checkpoint's)
        "reast": (EXACT, 7923),
    }
    assert entry["also_from"] == [earlier["command"]] and "2 stronger facts kept" in entry["source"]
    assert entry["source"].startswith("partial") and (entry["exact"], entry["best"]) == (3, ["salet", 7920])
    # without --keep-earlier the table holds the checkpoint's facts alone
    table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder)])
    [entry] = json.loads((folder / MANIFEST).read_text())["tables"]
    assert read_table(entry, folder).get("trace").kind == BOUND and "also_from" not in entry


@pytest.mark.parametrize(
    "earlier, stored, word",
    [
        ({"salet": (EXACT, 7920)}, {"salet": (EXACT, 7921)}, "salet"),  # two exact totals
        ({"crane": (BOUND, 8100)}, {"crane": (EXACT, 8000)}, "crane"),  # a bound above the exact total
        ({"crane": (EXACT, 7930)}, {"crane": (INFEASIBLE, 0)}, "crane"),
    ],
)
def test_keep_earlier_refuses_facts_that_disagree(tmp_path, earlier, stored, word):
    lists = load_lists("original")
    folder = tmp_path / "tables"
    folder.mkdir()
    _earlier_table(folder, lists, earlier)
    before = (folder / "original-easy.csv.gz").read_bytes()
    path = tmp_path / "rank.sqlite"
    _checkpoint(path, lists, stored)
    with pytest.raises(SystemExit) as stop:
        table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder), "--keep-earlier"])
    assert word in str(stop.value) and "\n" not in str(stop.value)
    assert (folder / "original-easy.csv.gz").read_bytes() == before  # (no table written)


def test_keep_earlier_needs_an_earlier_table_and_a_checkpoint(tmp_path):
    lists = load_lists("original")
    path = tmp_path / "rank.sqlite"
    _checkpoint(path, lists, {"salet": (EXACT, 7920)})
    with pytest.raises(SystemExit) as stop:
        table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(tmp_path / "t"), "--keep-earlier"])
    assert "names no original-easy.csv.gz" in str(stop.value)
    # an earlier table of another cap (or lists, or rule): refused, not merged
    folder = tmp_path / "tables"
    folder.mkdir()
    entry = _earlier_table(folder, lists, {})
    (folder / MANIFEST).write_text(json.dumps({"tables": [{**entry, "cap": 5}]}))
    with pytest.raises(SystemExit) as stop:
        table_writer.main(["--checkpoint", f"original-easy={path}", "--folder", str(folder), "--keep-earlier"])
    assert "is not of the lists original, rule easy, cap 6" in str(stop.value)
    with pytest.raises(SystemExit) as stop:
        table_writer.main(["--csv", f"original-easy={tmp_path / 'r.csv'}", "--keep-earlier"])
    assert stop.value.code == 2  # (argparse's usage error, before anything is read or written)
