"""A FIFO, /dev/zero or a huge file as the config, the remembered prefs or a deck
profile is refused by its type and size, never read without end: a --config in one
line with exit status 2; the prefs and a deck profile left out with a line, the
table going on."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from device.config import DEFAULTS, FILE_MAX, NotSettingsFile, load_config, read_settings_file
from device.hal.deck import DeckProfile
from device.store.prefs import FILENAME, Prefs


def bad_file(tmp_path, kind: str, name: str):
    """A path of `kind`: a FIFO with no writer, a link to /dev/zero, a sparse file of
    2 GB (no disk used), a file just over the size cap."""
    path = tmp_path / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with open(path, "wb") as file:
            file.truncate(2 * 1024**3)
    else:
        path.write_bytes(b"#" * (FILE_MAX + 1))
    return path


KINDS = ["fifo", "zero", "huge", "over"]
WHY = {
    "fifo": "not a regular file: a FIFO",
    "zero": "not a regular file: a device",
    "huge": f"{2 * 1024**3} bytes, over the {FILE_MAX}",
    "over": f"{FILE_MAX + 1} bytes, over the {FILE_MAX}",
}


def finishes(action):
    """`action()` in a thread: its result, or a failure (not a hung test) if it waits
    for ever on a FIFO."""
    done = []
    thread = threading.Thread(target=lambda: done.append(action()), daemon=True)
    thread.start()
    thread.join(30)
    assert done, "still reading"
    return done[0]


@pytest.mark.parametrize("kind", KINDS)
def test_a_settings_file_is_refused_by_its_type_and_size(tmp_path, kind):
    path = bad_file(tmp_path, kind, "file")
    error = finishes(lambda: _raising(read_settings_file, path))
    assert isinstance(error, NotSettingsFile) and WHY[kind] in str(error)


def _raising(read, path):
    try:
        return read(path)
    except NotSettingsFile as error:
        return error


def test_dev_null_reads_as_empty_and_a_small_file_whole(tmp_path):
    assert read_settings_file(os.devnull) == b""
    (tmp_path / "c.toml").write_bytes(b"x" * FILE_MAX)  # at the cap: still a file
    assert len(read_settings_file(tmp_path / "c.toml")) == FILE_MAX


@pytest.mark.parametrize("kind", KINDS)
def test_a_config_typed_is_refused_and_one_found_is_ignored(tmp_path, kind):
    path = bad_file(tmp_path, kind, "config.toml")
    error = finishes(lambda: _config_error(path))
    assert str(error) == f"the config file {path} is " + str(error).split(" is ", 1)[1]
    assert WHY[kind] in str(error)
    config, problems = finishes(lambda: load_config(path))  # $HONEYMOON_CONFIG, ~/.config
    assert config == DEFAULTS and len(problems) == 1 and WHY[kind] in problems[0].what


def _config_error(path):
    from device.config import ConfigError

    try:
        load_config(path, must_exist=True)
    except ConfigError as error:
        return error
    raise AssertionError("not refused")


@pytest.mark.parametrize("kind", KINDS)
def test_remembered_prefs_that_are_no_file_are_left_out_with_a_line(tmp_path, kind):
    bad_file(tmp_path, kind, FILENAME)
    lines = []
    prefs = finishes(lambda: Prefs.load(tmp_path, True, lines.append))
    assert prefs.values == {} and len(lines) == 1
    assert "nothing remembered is used" in lines[0]
    assert "not a regular file" in lines[0] or "over" in lines[0]


@pytest.mark.parametrize("kind", KINDS)
def test_a_deck_profile_that_is_no_file_is_left_out_with_a_line(tmp_path, kind):
    path = bad_file(tmp_path, kind, "home.json")
    profile, problems = finishes(lambda: DeckProfile.salvage(path))
    assert profile is None and len(problems) == 1
    assert problems[0].startswith(f"deck profile {path}: cannot be read (")
    assert WHY[kind].split(",")[0] in problems[0]


def run_text(tmp_path, *argv):
    return subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--text", "--data-dir", str(tmp_path)]
        + ["--new", "plain", "--players", "Anna", "Ben", *argv],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("kind", ["fifo", "zero", "huge"])
def test_run_refuses_such_a_config_in_one_line_with_exit_status_2(tmp_path, kind):
    path = bad_file(tmp_path, kind, "config.toml")
    done = run_text(tmp_path / "data", "--config", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"the config file {path} is ") and WHY[kind] in done.stderr


def test_run_goes_on_past_such_prefs_and_deck_profile(tmp_path):
    data = tmp_path / "data"
    (data / "decks").mkdir(parents=True)
    bad_file(data, "fifo", FILENAME)
    bad_file(data / "decks", "zero", "deck.json")  # the table's own deck
    done = run_text(data, "--config", os.devnull)
    assert done.returncode == 0, done.stderr
    assert "not a regular file: a FIFO; nothing remembered is used" in done.stderr
    assert "deck profile" in done.stderr and "not a regular file: a device" in done.stderr
    assert "deal 1, auction (none yet): Ben to call" in done.stdout  # the table is up
