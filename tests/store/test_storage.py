"""A journal that cannot store (a full, read-only or missing disk) is never taken for a
damaged one: the input is refused without an ACK and the device's resend is handed
over again; the table goes on by itself once there is room."""

import queue
import subprocess
import time
from pathlib import Path

import pytest

from device.engine.calls import Call
from device.engine.events import CallMade, Setup
from device.engine.game import Game
from device.hal.events import CALL, Input
from device.hal.serial_device import SerialDevice
from device.loop import TableLoop
from device.store.journal import FILENAME, Journal
from device.store.journal.opening import open_journal
from device.store.journal.salvage import read_journal
from device.table import Table
from firmware_bridge import protocol as p
from tests.doubles import NotingDevice
from tests.faults.full_disk import PagesDisk, TmpfsDisk

CALLS = ["1S", "2H", "3C", "4D", "5H", "6C"]


def table_on(folder: Path) -> tuple[Table, Journal]:
    journal = Journal(folder / FILENAME)
    return Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal), journal


def refused_then_stored(table: Table, journal: Journal, disk, kind: str) -> None:
    """Calls on a full disk are refused (unstored, the game unchanged) until it is freed."""
    assert table.handle(Input(CALL, CALLS[0])).accepted
    disk.fill(journal)
    before = table.game.snapshot()
    refused = [table.handle(Input(CALL, call)) for call in CALLS[1:4]]
    assert all(not o.accepted and o.unstored for o in refused)
    assert table.storage_error.kind == kind and table.game.snapshot() == before
    disk.free(journal)
    for call in CALLS[1:4]:
        assert table.handle(Input(CALL, call)).accepted
    assert table.storage_error is None
    stored = journal.rubber(table.rubber).events
    assert [str(e.call) for e in stored] == CALLS[:4]


def test_sqlite_full_refuses_the_input_and_the_table_goes_on_when_there_is_room(tmp_path):
    disk = PagesDisk(tmp_path)
    disk.open()
    table, journal = table_on(tmp_path)
    refused_then_stored(table, journal, disk, "full")


@pytest.fixture
def tmpfs(tmp_path):
    why = TmpfsDisk.why_not(tmp_path)
    if why:
        pytest.skip(f"a real full disk needs a tmpfs mount: {why}")
    disk = TmpfsDisk(tmp_path / "disk")
    disk.open()
    yield disk
    disk.close()


def test_a_real_full_disk_refuses_and_the_journal_stays_healthy(tmpfs):
    table, journal = table_on(tmpfs.folder)
    refused_then_stored(table, journal, tmpfs, "full")
    journal.close()
    opened = open_journal(tmpfs.folder)
    assert opened.salvage is None and not read_journal(opened.journal.db).damaged
    assert [p.name for p in tmpfs.folder.iterdir() if ".damaged-" in p.name] == []


def files(folder: Path) -> dict:
    return {f.name: (f.read_bytes(), f.stat().st_mtime_ns) for f in folder.iterdir()}


@pytest.mark.parametrize("cut", [False, True], ids=["closed", "cut-with-its-wal"])
def test_a_read_only_data_folder_resumes_the_rubber_and_stores_once_writable(tmpfs, cut):
    table, journal = table_on(tmpfs.folder)
    for call in CALLS[:3]:
        assert table.handle(Input(CALL, call)).accepted
    kept = {f.name: f.read_bytes() for f in tmpfs.folder.iterdir()}  # with its WAL and -shm
    journal.close()
    if cut:  # the files as a power cut leaves them: the last inputs only in the WAL
        assert f"{FILENAME}-wal" in kept
        for name, data in kept.items():
            (tmpfs.folder / name).write_bytes(data)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs.folder)], check=True)
    before = files(tmpfs.folder)
    opened = open_journal(tmpfs.folder)
    assert opened.memory_only is None and opened.salvage is None
    assert opened.waiting.kind in ("readonly", "missing")
    assert opened.game.snapshot() == table.game.snapshot()  # shown where it stopped
    again = Table(opened.game, journal=opened.journal, rubber=opened.rubber)
    refused = again.handle(Input(CALL, CALLS[3]))
    assert not refused.accepted and refused.unstored  # not acknowledged: resent later
    assert len(again.game.events) == 3 and files(tmpfs.folder) == before
    subprocess.run(["mount", "-o", "remount,rw", str(tmpfs.folder)], check=True)
    assert again.handle(Input(CALL, CALLS[3])).accepted  # the resend, without a restart
    assert [str(e.call) for e in opened.journal.rubber(again.rubber).events] == CALLS[:4]
    opened.journal.close()
    assert [str(e.call) for e in Journal(tmpfs.folder / FILENAME).rubber(1).events] == CALLS[:4]


def test_a_restart_on_a_full_disk_resumes_the_rubber_and_stores_once_there_is_room(tmpfs):
    table, journal = table_on(tmpfs.folder)
    for call in CALLS[:3]:
        assert table.handle(Input(CALL, call)).accepted
    journal.close()  # its WAL and -shm gone: opening it again needs room for them
    tmpfs._fill()
    opened = open_journal(tmpfs.folder)
    assert opened.memory_only is None and opened.game.snapshot() == table.game.snapshot()
    again = Table(opened.game, journal=opened.journal, rubber=opened.rubber)
    assert again.handle(Input(CALL, CALLS[3])).unstored
    tmpfs.free(opened.journal)
    assert again.handle(Input(CALL, CALLS[3])).accepted
    assert [str(e.call) for e in opened.journal.rubber(again.rubber).events] == CALLS[:4]


def test_the_loop_does_not_acknowledge_an_input_it_could_not_store(tmp_path):
    table, journal = table_on(tmp_path)
    device = NotingDevice()
    loop = TableLoop(table, queue.Queue(), {"bidbox": device})
    journal.db.execute(
        "CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'full'); END"
    )
    for _ in range(3):  # the device's resends
        assert loop.handle(Input(CALL, "1S", "bidbox", session=("BOX", 1), seq=9)).unstored
    assert device.said == [("forget", 9), ("beep", p.BEEP_ERROR), ("forget", 9), ("forget", 9)]
    journal.db.execute("DROP TRIGGER full")
    device.said.clear()
    assert loop.handle(Input(CALL, "1S", "bidbox", session=("BOX", 1), seq=9)).accepted
    assert device.said == [("ack", 9), ("beep", p.BEEP_OK)]  # stored at last: and its click
    assert journal.applied() == {("BOX", 1): 9}


def test_a_device_resends_an_input_that_could_not_be_stored_until_it_is(tmp_path):
    """Through a pty: the simulated bidding box, the real driver, the loop."""
    from device.sim.devices import SimDevice
    from device.sim.links import PtyLink

    table, journal = table_on(tmp_path)
    inputs = queue.Queue()
    sim = SimDevice("bidbox", "SIM-BOX", PtyLink(tmp_path / "box")).start()
    driver = SerialDevice(sim.link.url, inputs, "bidbox").start()
    loop = TableLoop(table, inputs, {"bidbox": driver})
    try:
        sim.press("1"), sim.press("S")
        assert _steps_until(loop, lambda: sim.acked == 1)
        journal.db.execute(
            "CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'full'); END"
        )
        sim.press("2"), sim.press("H")
        end = time.monotonic() + 0.7
        refused = 0
        while time.monotonic() < end:
            refused += sum(o.unstored for _, o in loop.step(0.05))
        assert refused >= 3 and sim.acked == 1 and len(table.game.events) == 1
        journal.db.execute("DROP TRIGGER full")
        assert _steps_until(loop, lambda: sim.acked == 2)
        assert [str(e.call) for e in journal.rubber(table.rubber).events] == ["1S", "2H"]
        assert [str(e.call) for e in table.game.events] == ["1S", "2H"]
    finally:
        driver.stop()
        sim.stop()


def _steps_until(loop, done, timeout=5.0) -> bool:
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        loop.step(0.02)
    return done()


def test_a_full_disk_when_the_rubber_starts_stores_its_start_with_its_first_input(tmp_path):
    disk = PagesDisk(tmp_path)
    disk.open()
    journal = Journal(tmp_path / FILENAME)
    disk.fill(journal)
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)), journal=journal)
    assert table.rubber is None and table.storage_error.kind == "full"
    assert table.apply(CallMade(Call.parse("1S"))).unstored
    disk.free(journal)
    assert table.apply(CallMade(Call.parse("1S"))).accepted
    assert [str(e.call) for e in journal.rubber(table.rubber).events] == ["1S"]


def test_inputs_that_come_while_one_waits_are_taken_in_the_order_they_came(tmp_path):
    table, journal = table_on(tmp_path)
    box, scanner = NotingDevice(), NotingDevice()
    loop = TableLoop(table, queue.Queue(), {"bidbox": box, "scanner": scanner})
    call = Input(CALL, "1S", "bidbox", session=("BOX", 1), seq=3)
    second = Input(CALL, "2H", "scanner", session=("SCAN", 1), seq=8)  # a second device
    journal.db.execute(
        "CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'full'); END"
    )
    assert loop.handle(call).unstored
    waiting = loop.handle(second)
    assert waiting.unstored and "waiting for an earlier input" in waiting.message
    assert ("forget", 8) in scanner.said and ("ack", 8) not in scanner.said
    assert table.game.events == []
    journal.db.execute("DROP TRIGGER full")
    assert loop.handle(second).unstored  # its resend comes first: it still waits its turn
    assert loop.handle(call).accepted and loop.handle(second).accepted
    assert [str(e.call) for e in table.game.events] == ["1S", "2H"]
    assert box.said[-2:] == [("ack", 3), ("beep", p.BEEP_OK)]
    assert scanner.said[-2:] == [("ack", 8), ("beep", p.BEEP_OK)]


def test_an_input_that_waited_and_is_refused_goes_behind_the_others_a_few_times():
    from device.loop import RETRIES

    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    device = NotingDevice()
    loop = TableLoop(table, queue.Queue(), {"scanner": device, "bidbox": NotingDevice()})
    wrong = Input(CALL, "8S", "scanner", session=("S", 1), seq=1)  # no such call: refused
    first, other = ("scanner", ("S", 1), 1), ("bidbox", ("B", 1), 7)
    for _ in range(RETRIES):  # it comes first, refused while another input waits
        loop._held = {first: time.monotonic(), other: time.monotonic()}
        assert loop.handle(wrong).unstored and list(loop._held) == [other, first]
    loop._held = {first: time.monotonic(), other: time.monotonic()}
    outcome = loop.handle(wrong)  # enough: refused for good, and answered
    assert not outcome.accepted and not outcome.unstored and ("ack", 1) in device.said
