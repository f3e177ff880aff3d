"""The journal's WAL never fills a small disk, and a disk that was full takes inputs
again as soon as it has room, without a restart."""

from device.engine.game import Game
from device.robots import play_rubber
from device.store.journal import FILENAME, WAL_LIMIT, WAL_PAGES, Journal
from device.table import Table


def wal_size(folder) -> int:
    wal = folder / f"{FILENAME}-wal"
    return wal.stat().st_size if wal.exists() else 0


def test_a_whole_rubber_is_stored_on_a_disk_with_2_mb_free(small_disk):
    disk = small_disk("2m")
    played = play_rubber(7)
    table = Table(Game(played.setup), journal=Journal(disk.folder / FILENAME))
    peak = 0
    for event in played.events:
        outcome = table.apply(event)
        assert outcome.accepted, outcome.message  # never refused for want of room
        peak = max(peak, wal_size(disk.folder))
    assert table.game.phase == "finished"
    assert peak <= WAL_LIMIT
    stored = table.journal.rubber(table.rubber)
    assert [e.to_dict() for e in stored.events] == [e.to_dict() for e in played.events]


def test_the_wal_is_copied_into_the_database_at_the_end_of_each_deal(tmp_path):
    played = play_rubber(3)
    journal = Journal(tmp_path / FILENAME)
    table = Table(Game(played.setup), journal=journal)
    for event in played.events:
        table.apply(event)
        if table.game.phase == "deal-end":
            _, frames, copied = journal.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            assert frames == copied  # nothing was left for this checkpoint to copy


def test_the_wal_is_bounded_by_its_pages(tmp_path):
    journal = Journal(tmp_path / FILENAME)
    assert journal.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == WAL_PAGES
    assert journal.db.execute("PRAGMA journal_size_limit").fetchone()[0] == WAL_LIMIT


def test_a_disk_filled_after_a_deal_still_takes_the_next_inputs_in_the_wals_room(small_disk):
    disk = small_disk("4m")
    played = play_rubber(5)
    table = Table(Game(played.setup), journal=Journal(disk.folder / FILENAME))
    events = iter(played.events)
    for event in events:  # the first deal
        assert table.apply(event).accepted
        if table.game.phase == "deal-end":
            break
    disk._fill()  # not a byte free on the disk
    for event in list(events)[:8]:
        outcome = table.apply(event)
        assert outcome.accepted, outcome.message  # written where the last deal's inputs were
    disk.free(table.journal)


def test_a_disk_that_was_full_stores_again_by_itself(small_disk):
    """Filled to the last byte with the WAL emptied (the worst case: every input
    needs new room), inputs are refused; once room comes back the same table stores
    them, in order, without being reopened."""
    disk = small_disk("2m")
    played = play_rubber(9)
    journal = Journal(disk.folder / FILENAME)
    table = Table(Game(played.setup), journal=journal)
    events = list(played.events)
    for event in events[:20]:
        assert table.apply(event).accepted
    disk.fill(journal)
    refused = [table.apply(events[20]) for _ in range(3)]  # its device's resends
    assert refused and all(o.unstored for o in refused)
    assert len(table.game.events) == 20
    disk.free(journal)
    for event in events[20:]:
        assert table.apply(event).accepted
    assert table.storage_error is None and table.game.phase == "finished"
    assert len(journal.rubber(table.rubber).events) == len(events)
