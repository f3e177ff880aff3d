"""Start-up: resume exactly where the table stopped; a damaged journal is salvaged
and moved aside; a newer one is left alone; a folder that cannot hold a journal
leaves the table playing in memory only."""

import json
import subprocess
import sys

import pytest

from device.engine.events import Setup
from device.engine.game import Game
from device.hal.events import CALL, CARD, Input
from device.robots import play_rubber
from device.store.journal import FILENAME, VERSION, Journal, StorageError
from device.store.journal import opening as store_open
from device.store.journal.opening import NewerJournal, open_journal
from device.store.journal.salvage import read_journal
from device.table import Table
from device.ui.i18n import Catalog


def fill(folder, finished=2, progress=30, seed=40):
    """A journal with `finished` robot rubbers over and one in progress after `progress`
    inputs; returns that rubber's game (and the finished ones' results)."""
    journal = Journal(folder / FILENAME)
    for n in range(finished):
        game = play_rubber(seed + n)
        table = Table(Game(game.setup), journal=journal)
        for event in game.inputs:
            assert table.apply(event).accepted
    current = play_rubber(seed + finished)
    table = Table(Game(current.setup), journal=journal)
    for event in current.inputs[:progress]:
        assert table.apply(event).accepted
    results = journal.finished_results()
    journal.close()
    return table, results


def set_event(folder, rubber, index, text):
    """Overwrite the `index`-th (from 0) stored input of `rubber` with `text`."""
    db = Journal(folder / FILENAME).db
    ids = [
        r[0] for r in db.execute("SELECT id FROM events WHERE rubber = ? ORDER BY id", (rubber,))
    ]
    db.execute("UPDATE events SET event = ? WHERE id = ?", (text, ids[index]))
    db.close()


def moved_aside(folder):
    return sorted(p for p in folder.iterdir() if ".damaged-" in p.name)


def test_resume_gives_the_same_state_and_turn(tmp_path):
    opened = open_journal(tmp_path)
    assert opened.salvage is None and opened.memory_only is None and opened.game is None
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 1)), journal=opened.journal)
    for item in (Input(CALL, "2H"), Input(CALL, "X"), Input(CALL, "P"), Input(CARD, "SA")):
        assert table.handle(item).accepted
    opened.journal.close()
    again = open_journal(tmp_path)
    assert again.salvage is None and again.rubber == table.rubber
    assert again.game.snapshot() == table.game.snapshot()
    assert again.game.phase == "play" and again.game.turn == table.game.turn
    assert again.log_lines() == []


def test_a_file_that_is_not_sqlite_is_moved_aside_never_deleted(tmp_path):
    path = tmp_path / FILENAME
    path.write_bytes(b"garbage, not SQLite" * 200)
    opened = open_journal(tmp_path, clock=lambda: 0)
    (kept,) = moved_aside(tmp_path)
    assert kept.read_bytes() == b"garbage, not SQLite" * 200
    assert opened.salvage.file == kept.name and opened.salvage.nothing_kept
    assert opened.journal.unfinished() is None  # a fresh journal, and in use
    text = opened.notice.text(Catalog("en"))
    assert (
        text == f"The journal was damaged and is kept as {kept.name}. Kept: nothing. Lost: nothing."
    )


def test_an_empty_file_is_damage_too(tmp_path):
    (tmp_path / FILENAME).write_bytes(b"")
    opened = open_journal(tmp_path)
    (kept,) = moved_aside(tmp_path)
    assert kept.stat().st_size == 0 and opened.salvage.nothing_kept
    assert opened.journal is not None and (tmp_path / FILENAME).stat().st_size > 0


def test_an_input_that_is_not_json_keeps_the_rubber_up_to_the_input_before(tmp_path):
    table, results = fill(tmp_path, finished=2, progress=30)
    set_event(tmp_path, table.rubber, 20, '{"type": "card", "card": ')  # cut-off JSON
    opened = open_journal(tmp_path)
    salvage = opened.salvage
    assert (salvage.finished, salvage.in_progress, salvage.lost_inputs) == (2, 20, 10)
    assert opened.rubber == table.rubber
    expected = Game(table.game.setup)
    expected.replay(table.game.events[:20])
    assert opened.game.snapshot() == expected.snapshot()
    assert opened.journal.finished_results() == results
    en, nl = salvage.text(Catalog("en")), salvage.text(Catalog("nl"))
    assert (
        "Kept: 2 finished rubbers and the rubber in progress up to input 20. Lost: 10 inputs." in en
    )
    assert "Behouden: 2 uitgespeelde robbers en de lopende robber tot en met invoer 20." in nl
    assert "Verloren: 10 invoeren." in nl


def test_an_input_that_no_longer_replays_is_where_the_rubber_stops(tmp_path):
    table, _ = fill(tmp_path, finished=0, progress=12)
    first = table.game.events[0].to_dict()
    set_event(tmp_path, table.rubber, 5, json.dumps(first))  # valid, but not legal there
    opened = open_journal(tmp_path)
    assert opened.salvage.in_progress == 5 and opened.salvage.lost_inputs == 7
    assert len(opened.game.events) == 5


def test_a_result_that_is_not_json_is_rebuilt_from_the_rubbers_inputs(tmp_path):
    _, results = fill(tmp_path, finished=2, progress=3)
    db = Journal(tmp_path / FILENAME).db
    db.execute("UPDATE rubbers SET result = '{oops' WHERE id = 1")
    db.close()
    opened = open_journal(tmp_path)
    assert opened.salvage.finished == 2 and opened.salvage.lost_inputs == 0
    rebuilt = opened.journal.finished_results()
    assert [r["totals"] for r in rebuilt] == [r["totals"] for r in results]


def test_a_setup_that_is_not_json_keeps_the_rubbers_result_for_the_history(tmp_path):
    _, results = fill(tmp_path, finished=2, progress=3)
    db = Journal(tmp_path / FILENAME).db
    inputs = db.execute("SELECT count(*) FROM events WHERE rubber = 1").fetchone()[0]
    db.execute("UPDATE rubbers SET setup = 'not json' WHERE id = 1")
    db.close()
    opened = open_journal(tmp_path)
    salvage = opened.salvage
    assert (salvage.finished, salvage.lost_inputs, salvage.lost_old_inputs) == (2, 0, inputs)
    assert opened.journal.finished_results() == results
    assert salvage.in_progress == 3
    assert f"Lost: {inputs} inputs of finished rubbers." in salvage.text(Catalog("en"))
    assert f"Verloren: {inputs} invoeren van uitgespeelde robbers." in salvage.text(Catalog("nl"))


def test_the_rubber_in_progress_with_an_unreadable_setup_is_reported_lost(tmp_path):
    table, _ = fill(tmp_path, finished=1, progress=8)
    db = Journal(tmp_path / FILENAME).db
    db.execute("UPDATE rubbers SET setup = '[]' WHERE id = ?", (table.rubber,))
    db.close()
    opened = open_journal(tmp_path)
    salvage = opened.salvage
    assert (salvage.finished, salvage.in_progress, salvage.lost_rubbers) == (1, None, 1)
    assert salvage.lost_inputs == 8 and opened.game is None
    assert "Lost: 8 inputs and 1 rubber." in salvage.text(Catalog("en"))


def test_a_damaged_page_is_salvaged_around(tmp_path):
    from tests.faults.damaged_journal import damage_page

    table, _ = fill(tmp_path, finished=3, progress=40)
    original = (tmp_path / FILENAME).read_bytes()
    damage_page(tmp_path / FILENAME, which="events", seed=1)
    damaged = (tmp_path / FILENAME).read_bytes()
    assert damaged != original
    opened = open_journal(tmp_path)
    (kept,) = moved_aside(tmp_path)
    assert kept.read_bytes() == damaged  # moved as it was, never rewritten
    assert opened.salvage.lost_inputs > 0
    assert not read_journal(opened.journal.db).damaged  # the new journal is sound
    if opened.game is not None:  # the rubber in progress, up to its last readable input
        assert opened.game.events == table.game.events[: len(opened.game.events)]


def test_a_newer_journal_is_left_untouched_and_nothing_is_kept(tmp_path):
    fill(tmp_path, finished=1, progress=4)
    db = Journal(tmp_path / FILENAME).db
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    opened = open_journal(tmp_path)
    assert opened.journal is None and opened.memory_only == "newer"
    assert opened.notice == NewerJournal(VERSION + 1) and opened.salvage is None
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert "older than its journal" in opened.notice.text(Catalog("en"))
    assert "ouder dan zijn journaal" in opened.notice.text(Catalog("nl"))


class FullJournal(Journal):
    """A journal whose file cannot be opened for writing (a full disk)."""

    def __init__(self, *args, **kwargs):
        raise StorageError("full", "database or disk is full")


def test_a_healthy_journal_that_cannot_be_opened_now_is_never_moved(tmp_path, monkeypatch):
    table, _ = fill(tmp_path, finished=1, progress=4)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    monkeypatch.setattr(store_open, "Journal", FullJournal)
    opened = open_journal(tmp_path)
    assert opened.memory_only is None and opened.waiting.kind == "full"
    assert opened.game.snapshot() == table.game.snapshot()  # resumed, to be stored later
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_damaged_journal_that_cannot_be_salvaged_now_stays_where_it_is(tmp_path, monkeypatch):
    (tmp_path / FILENAME).write_bytes(b"x" * 5000)

    def full(*args):
        raise StorageError("full", "database or disk is full")

    monkeypatch.setattr(store_open, "_write_new", full)
    opened = open_journal(tmp_path)
    assert opened.journal is None and opened.memory_only == "full"
    assert moved_aside(tmp_path) == [] and (tmp_path / FILENAME).read_bytes() == b"x" * 5000


def test_a_salvage_cut_between_its_renames_is_finished_at_the_next_start(tmp_path):
    table, _ = fill(tmp_path, finished=0, progress=6)
    (tmp_path / FILENAME).rename(tmp_path / (FILENAME + ".salvaged"))
    opened = open_journal(tmp_path)
    assert opened.salvage is None and opened.game.snapshot() == table.game.snapshot()


def test_a_rubber_whose_end_was_not_stored_is_finished_at_start(tmp_path):
    expected = play_rubber(1)
    opened = open_journal(tmp_path)
    journal = opened.journal
    rubber = journal.new_rubber(expected.setup)
    for event in expected.events:  # every input, but not the rubber's end (a cut)
        journal.append(rubber, event)
    assert journal.unfinished() == rubber
    journal.close()
    again = open_journal(tmp_path)
    assert again.game is None and again.salvage is None  # over: the start screen
    assert again.journal.unfinished() is None
    (result,) = again.journal.finished_results()
    assert result["winner"] == expected.side_name(expected.sheet.winner)


@pytest.mark.parametrize("kind", ["under-a-file", "missing-parent-file"])
def test_a_folder_that_cannot_hold_a_journal_still_plays_without_one(tmp_path, kind):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("not a folder")
    folder = blocked if kind == "under-a-file" else blocked / "deeper" / "still"
    opened = open_journal(folder)
    assert opened.journal is None and opened.memory_only == "missing"
    assert opened.log_lines()[0].startswith("no journal (")
    assert blocked.read_text() == "not a folder"


def test_run_without_a_journal_says_so_and_plays(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("not a folder")
    config = tmp_path / "config.toml"
    config.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--text", "--data-dir", str(blocked)]
        + ["--new", "plain", "--players", "Anna", "Ben", "--config", str(config)],
        input="1s\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "nothing will be kept" in done.stderr


def test_a_missing_input_ends_the_rubber_in_progress_there(tmp_path):
    table, _ = fill(tmp_path, finished=0, progress=20)
    db = Journal(tmp_path / FILENAME).db
    ids = [r[0] for r in db.execute("SELECT id FROM events ORDER BY id")]
    db.execute("DELETE FROM events WHERE id = ?", (ids[12],))  # as a lost page would
    db.close()
    opened = open_journal(tmp_path)
    assert opened.salvage.in_progress == 12 and opened.salvage.lost_inputs == 8
    assert opened.game.events == table.game.events[:12]


def test_an_input_whose_rubber_number_is_damaged_stays_out_of_that_rubber(tmp_path):
    table, _ = fill(tmp_path, finished=1, progress=10)
    db = Journal(tmp_path / FILENAME).db
    db.execute("PRAGMA foreign_keys=OFF")
    first = db.execute("SELECT min(id) FROM events WHERE rubber = 1").fetchone()[0]
    db.execute("UPDATE events SET rubber = ? WHERE id = ?", (table.rubber, first + 30))
    db.close()
    opened = open_journal(tmp_path)
    assert opened.salvage.in_progress == 10 and opened.game.snapshot() == table.game.snapshot()
    # The stray counts as an input lost (of no rubber that can be told), the finished
    # rubber's inputs from it on as lost; its result stays in the history.
    assert opened.salvage.lost_inputs == 1 and opened.salvage.lost_old_inputs > 0
    assert opened.salvage.finished == 1


def test_a_stopped_early_rubber_whose_result_cannot_be_read_is_kept_from_its_inputs(tmp_path):
    """Damaged exactly there: the result row of a rubber left for a new one. Its inputs
    all read and replay, so it is kept, stopped early, with the result they give."""
    journal = Journal(tmp_path / FILENAME)
    game = play_rubber(61)
    stopped = Table(Game(game.setup), journal=journal)
    for event in game.inputs[:40]:
        assert stopped.apply(event).accepted
    stopped.stop_early()
    stored = journal.finished_results()
    following = Table(Game(game.setup), journal=journal)
    for event in game.inputs[:5]:
        assert following.apply(event).accepted
    journal.db.execute("UPDATE rubbers SET result = '{\"tot' WHERE id = ?", (stopped.rubber,))
    journal.close()
    opened = open_journal(tmp_path)
    salvage = opened.salvage
    assert (salvage.finished, salvage.lost_rubbers, salvage.lost_old_inputs) == (1, 0, 0)
    assert salvage.in_progress == 5 and len(opened.game.events) == 5
    kept = opened.journal.rubber(stopped.rubber)
    assert kept.result["stopped"] is True and len(kept.events) == 40
    assert {k: v for k, v in kept.result.items() if k != "date"} == {
        k: v for k, v in stored[0].items() if k != "date"
    }


def test_a_stopped_early_rubber_with_an_unreadable_input_and_result_is_lost(tmp_path):
    """Its result cannot be rebuilt from part of its inputs: it is counted lost, not
    kept with a made-up result."""
    journal = Journal(tmp_path / FILENAME)
    game = play_rubber(62)
    stopped = Table(Game(game.setup), journal=journal)
    for event in game.inputs[:30]:
        assert stopped.apply(event).accepted
    stopped.stop_early()
    journal.db.execute("UPDATE rubbers SET result = 'x' WHERE id = ?", (stopped.rubber,))
    journal.close()
    set_event(tmp_path, stopped.rubber, 12, "not json")
    opened = open_journal(tmp_path)
    assert (opened.salvage.finished, opened.salvage.lost_rubbers) == (0, 1)
