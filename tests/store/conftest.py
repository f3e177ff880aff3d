"""A real small disk for the storage tests: a tmpfs of the size asked, where this
machine lets a test mount one (else the test is skipped with the reason)."""

import pytest

from tests.faults.full_disk import TmpfsDisk


@pytest.fixture
def small_disk(tmp_path):
    """`small_disk(size)`: a mounted tmpfs of `size` ("2m"), unmounted after the test."""
    disks = []

    def mount(size: str = "8m") -> TmpfsDisk:
        why = TmpfsDisk.why_not(tmp_path)
        if why:
            pytest.skip(f"a real small disk needs a tmpfs mount: {why}")
        disk = TmpfsDisk(tmp_path / f"disk{len(disks)}", size)
        disk.open()
        disks.append(disk)
        return disk

    yield mount
    for disk in disks:
        disk.close()
