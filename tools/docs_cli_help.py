"""Refresh the ``--help`` texts that docs/cli.md shows under each command:
python tools/docs_cli_help.py   (from the repository root; rewrites docs/cli.md)

Each block is the output of ``python -m wordle_opt [COMMAND] --help`` at 100
columns, in a collapsed note.  tests/test_docs.py checks that the page names
every command and option; run this after adding one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
BLOCK = re.compile(r'(\?\?\? note "`python -m wordle_opt (?:(\w+) )?--help`"\n\n    ```text\n)(.*?)(    ```\n)', re.S)


def help_text(command: str) -> str:
    args = [sys.executable, "-m", "wordle_opt"] + ([command] if command else []) + ["--help"]
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1")
    out = subprocess.run(args, capture_output=True, text=True, check=True, env=env).stdout.rstrip()
    return "".join(f"    {line}\n" if line else "\n" for line in out.splitlines())


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    new = BLOCK.sub(lambda m: m.group(1) + help_text(m.group(2) or "") + m.group(4), text)
    PAGE.write_text(new, encoding="utf-8")
    print(f"{PAGE}: {len(BLOCK.findall(text))} help texts, {'changed' if new != text else 'unchanged'}")


if __name__ == "__main__":
    main()
