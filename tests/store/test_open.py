"""Start-up: resume exactly where the table stopped; a damaged journal is moved aside."""

from device.engine.events import Setup
from device.engine.game import Game
from device.hal.events import CALL, CARD, Input
from device.store.journal import FILENAME, Journal
from device.store.open import open_journal, resume
from device.table import Table


def test_resume_gives_the_same_state_and_turn(tmp_path):
    journal, message = open_journal(tmp_path)
    assert message is None
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 1)), journal=journal)
    for item in (Input(CALL, "2H"), Input(CALL, "X"), Input(CALL, "P"), Input(CARD, "SA")):
        assert table.handle(item).accepted
    journal.close()
    again, _ = open_journal(tmp_path)
    game, rubber, problem = resume(again)
    assert problem is None and rubber == table.rubber
    assert game.snapshot() == table.game.snapshot()
    assert game.phase == "play" and game.turn == table.game.turn


def test_nothing_to_resume(tmp_path):
    journal, _ = open_journal(tmp_path)
    assert resume(journal) == (None, None, None)


def test_a_damaged_journal_is_moved_aside_never_deleted(tmp_path):
    path = tmp_path / FILENAME
    path.write_bytes(b"garbage, not SQLite" * 200)
    journal, message = open_journal(tmp_path, clock=lambda: 0)
    assert "damaged" in message and "kept as journal.sqlite3.damaged-" in message
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"garbage")
    assert journal.unfinished() is None  # a fresh journal


def test_a_rubber_that_no_longer_replays_is_left_and_reported(tmp_path):
    journal = Journal(tmp_path / FILENAME)
    rubber = journal.new_rubber(Setup("plain", ("Anna", "Ben"), 0, {}))
    journal.db.execute(
        "INSERT INTO events (rubber, event, at) VALUES (?, ?, 0)",
        (rubber, '{"type": "card", "card": "SA", "seat": 0}'),
    )
    game, found, problem = resume(journal)
    assert game is None and found is None
    assert f"rubber {rubber} could not be resumed" in problem
    assert len(journal.rubber(rubber).events) == 1  # kept as it was


def test_a_rubber_whose_end_was_not_stored_is_finished_at_start(tmp_path):
    from device.robots import play_rubber

    expected = play_rubber(1)
    journal, _ = open_journal(tmp_path)
    rubber = journal.new_rubber(expected.setup)
    for event in expected.events:  # every input, but not the rubber's end (a cut)
        journal.append(rubber, event)
    assert journal.unfinished() == rubber
    assert resume(journal) == (None, None, None)  # over: the start screen, not a resume
    assert journal.unfinished() is None
    (result,) = journal.finished_results()
    assert result["winner"] == expected.side_name(expected.sheet.winner)


def test_a_folder_that_cannot_hold_a_journal_still_plays_without_one(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("not a folder")
    journal, message = open_journal(blocked)
    assert journal is None and message.startswith("no journal (")
    assert resume(journal) == (None, None, None)


def test_run_without_a_journal_says_so_and_plays(tmp_path):
    import subprocess
    import sys

    blocked = tmp_path / "file-not-folder"
    blocked.write_text("not a folder")
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--text", "--data-dir", str(blocked)]
        + ["--new", "plain", "--players", "Anna", "Ben", "--config", str(tmp_path / "x")],
        input="1s\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "nothing will be kept" in done.stderr
