"""The short lock around a read-merge-write of a user file (engine.core.files.file_lock)
and lock files that are never opened through a symbolic link (issue #44)."""
from support.paths import ROOT
import os
import subprocess
import sys

import pytest

from engine.core.files import file_lock, open_lock_file, write_problem

HOLD = r"""
import sys
sys.path.insert(0, sys.argv[1])
from engine.core.files import file_lock
with file_lock(sys.argv[2]) as held:
    print("held" if held else "not held", flush=True)
    sys.stdin.readline()
"""


def test_two_programs_take_turns_and_a_stuck_one_never_freezes_the_other(tmp_path):
    target = tmp_path / "settings.json"
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(ROOT), str(target)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "held"
        with file_lock(target, timeout=0.1) as held:
            assert held is False                    # it goes on unlocked rather than wait for ever
        p.stdin.write("\n")
        p.stdin.flush()
        p.wait(30)
        with file_lock(target) as held:
            assert held is True                     # free again: taken
    finally:
        p.kill()
        p.wait()


def test_a_folder_without_room_for_a_lock_goes_on_unlocked(tmp_path):
    (tmp_path / "blocked").write_text("a file")
    with file_lock(tmp_path / "blocked" / "x.json") as held:
        assert held is False


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_a_lock_file_that_is_a_link_is_set_aside_and_never_followed(tmp_path):
    outside = tmp_path / "outside" / "missing.txt"
    outside.parent.mkdir()
    lk = tmp_path / ".x.json.lock"
    lk.symlink_to(outside)
    fd = open_lock_file(lk)
    os.close(fd)
    assert not os.path.lexists(outside) and lk.is_file() and not lk.is_symlink()
    [aside] = list(tmp_path.glob(".x.json.lock.not-a-lock-*"))
    assert os.readlink(aside) == str(outside)


def test_write_problems_name_the_folder_and_say_why_in_words(tmp_path):
    import errno
    for code, words in ((errno.ENOSPC, "the disk is full"), (errno.EROFS, "the disk is read-only"),
                        (errno.EACCES, "read-only"), (errno.ENOTDIR, "a file is in the way"),
                        (errno.ELOOP, "loop of symbolic links")):
        said = write_problem(OSError(code, os.strerror(code)), tmp_path / "saves", "The game cannot be saved")
        assert said.startswith(f"The game cannot be saved: Cardhall cannot write in {tmp_path / 'saves'} (")
        assert words in said and "Errno" not in said
