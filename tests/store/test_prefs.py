"""What the table remembers (prefs.json): a round trip, a damaged file, bad values,
a file that cannot be written (a missing folder, a real full or read-only disk,
a failing fsync), memory-only mode, and the order of precedence at start."""

import errno
import json
import os
import subprocess

import pytest

from device.config import defaults
from device.store import prefs as prefs_module
from device.store.prefs import FILENAME, Prefs

REMEMBERED = {
    "players": ["Zoë", "José"],
    "form": "plain",
    "options": {"honours": False, "auction_end": "three-passes"},
    "lang": "nl",
    "four_colour": True,
    "rotation": 180,
}


def load(folder, writable=True):
    lines = []
    return Prefs.load(folder, writable, lines.append), lines


def test_every_value_comes_back_at_the_next_start(tmp_path):
    prefs, lines = load(tmp_path)
    assert prefs.values == {} and lines == []  # no file yet: nothing remembered, no fuss
    assert prefs.remember(players=["Zoë", "José"], form="plain")
    assert prefs.remember(options=REMEMBERED["options"], lang="nl")
    assert prefs.remember(four_colour=True, rotation=180)
    again, lines = load(tmp_path)
    assert again.values == REMEMBERED and lines == []
    assert again.get("players") == ["Zoë", "José"]
    assert [p.name for p in tmp_path.iterdir()] == [FILENAME]  # no temporary file left


def test_names_are_kept_composed_and_without_outer_spaces(tmp_path):
    prefs, _ = load(tmp_path)
    prefs.remember(players=["  Zoe\u0308 ", "Ben"])
    assert load(tmp_path)[0].get("players") == ["Zoë", "Ben"]


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b"",
        b"[" * 100_000,
        b'{"lang": "' + b"x" * 70_000 + b'"}',
    ],
    ids=["syntax", "not-utf8", "array", "empty", "deep", "huge"],
)
def test_a_damaged_file_gives_the_defaults_and_one_log_line(tmp_path, content):
    (tmp_path / FILENAME).write_bytes(content)
    prefs, lines = load(tmp_path)
    assert prefs.values == {}
    assert len(lines) == 1 and "damaged" in lines[0] and FILENAME in lines[0]
    assert prefs.remember(lang="en")  # and the next change writes a good file over it
    assert load(tmp_path)[0].values == {"lang": "en"}


def test_each_bad_value_is_left_out_and_logged_the_good_ones_kept(tmp_path):
    bad = {
        "players": ["Anna", "anna"],
        "form": "whist",
        "options": {"honours": "yes"},
        "lang": "de",
        "four_colour": 1,
        "rotation": 45,
        "volume": 11,
    }
    for key, value in bad.items():
        values = {**REMEMBERED, key: value}
        (tmp_path / FILENAME).write_text(json.dumps(values), encoding="utf-8")
        prefs, lines = load(tmp_path)
        assert prefs.values == {k: v for k, v in REMEMBERED.items() if k != key}, key
        assert len(lines) == 1 and key in lines[0] and "left out" in lines[0], lines


def test_a_name_the_screen_cannot_draw_or_too_long_is_not_remembered(tmp_path):
    prefs, lines = load(tmp_path)
    assert prefs.remember(players=["中文", "Ben"]) and "players" not in prefs.values
    assert prefs.remember(players=["x" * 17, "Ben"]) and "players" not in prefs.values
    assert len(lines) == 2 and "at most 16 letters" in lines[1]


def test_a_missing_folder_is_a_log_line_never_an_exception(tmp_path):
    prefs, lines = load(tmp_path / "gone")
    assert not prefs.remember(lang="nl")
    assert prefs.get("lang") == "nl"  # still used while the table runs
    assert len(lines) == 1 and "cannot be written" in lines[0]


def test_a_failing_write_leaves_the_old_file_whole_and_is_tried_again(tmp_path, monkeypatch):
    prefs, lines = load(tmp_path)
    prefs.remember(lang="en", rotation=90)
    before = (tmp_path / FILENAME).read_bytes()

    def no_room(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(prefs_module.os, "fsync", no_room)
    assert not prefs.remember(lang="nl")
    assert (tmp_path / FILENAME).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [FILENAME]  # the temporary file is gone
    assert "No space left on device" in lines[-1]
    monkeypatch.undo()
    assert prefs.remember(lang="nl")  # the same value again: written now that it can be
    assert load(tmp_path)[0].values == {"lang": "nl", "rotation": 90}


def test_nothing_new_is_not_written_again(tmp_path):
    prefs, _ = load(tmp_path)
    prefs.remember(lang="nl")
    stamp = (tmp_path / FILENAME).stat().st_mtime_ns
    os.utime(tmp_path / FILENAME, ns=(1, 1))
    assert prefs.remember(lang="nl")
    assert (tmp_path / FILENAME).stat().st_mtime_ns == 1 != stamp


def test_memory_only_mode_writes_nothing_and_still_reads(tmp_path):
    (tmp_path / FILENAME).write_text(json.dumps({"lang": "nl"}), encoding="utf-8")
    prefs, lines = load(tmp_path, writable=False)
    assert prefs.get("lang") == "nl"
    assert not prefs.remember(lang="en", rotation=90)
    assert prefs.get("lang") == "en" and lines == []
    assert json.loads((tmp_path / FILENAME).read_text("utf-8")) == {"lang": "nl"}
    assert not Prefs.load(None).remember(lang="en")  # no folder at all


def test_remembered_values_come_over_the_config_and_under_the_command_line(tmp_path):
    config = defaults()
    config["screen"].update(language="en", rotation=90)
    config["game"].update(form="draw-and-discard", players=["Carla", "Dirk"])
    prefs, _ = load(tmp_path)
    assert prefs.over(config) == config  # nothing remembered: the config as it was
    prefs.remember(lang="nl", form="plain", players=["Zoë", "José"])
    merged = prefs.over(config)
    assert merged["screen"] == {**config["screen"], "language": "nl"}  # rotation: the config's
    assert merged["game"] == {"form": "plain", "players": ["Zoë", "José"]}
    assert config["game"]["players"] == ["Carla", "Dirk"]  # the config itself is not changed


@pytest.fixture
def small_disk(tmp_path):
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip("a real full disk needs a tmpfs mount")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder):
    with pytest.raises(OSError) as full, open(folder / "filler", "ab", buffering=0) as file:
        while True:
            file.write(b"\0" * 4096)
    assert full.value.errno == errno.ENOSPC


def test_a_real_full_then_read_only_disk_keeps_the_old_file_and_the_table_going(small_disk):
    prefs, lines = load(small_disk)
    assert prefs.remember(**REMEMBERED)
    before = (small_disk / FILENAME).read_bytes()
    _fill(small_disk)
    assert not prefs.remember(players=["Anna", "Ben"])
    assert (small_disk / FILENAME).read_bytes() == before
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    assert not prefs.remember(players=["Anna", "Ben"])
    assert len(lines) == 2 and all("cannot be written" in line for line in lines)
    assert load(small_disk)[0].values == REMEMBERED
