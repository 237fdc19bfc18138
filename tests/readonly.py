"""A folder made read-only for one command, for the tests of what a command
does with files it cannot write."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest


def read_only(folder) -> tuple:
    """The prefix that runs a command with ``folder`` read-only: a read-only
    bind mount as root (root writes through file modes), else the folder's
    write bits removed (then the prefix is empty)."""
    if os.geteuid() != 0:
        os.chmod(folder, 0o555)
        return ()
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True) if shutil.which("unshare") else None
    if probe is None or probe.returncode != 0:
        pytest.fail("as root, this test needs unshare -m (CAP_SYS_ADMIN) to make a read-only file system")
    d = str(folder)
    return (
        "unshare",
        "-m",
        "sh",
        "-c",
        f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" "{d}" && exec "$0" "$@"',
    )
