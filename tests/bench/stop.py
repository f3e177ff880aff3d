"""How fast a signal stops the table: SIGTERM (systemd, `kill`) and SIGINT (Ctrl-C)
to `honeymoon run --headless` while the review of the deal just played runs in its
worker and both devices, unplugged, are being reopened; from the signal to the
process's end, its worker gone (tests/test_stop_on_signal.py checks the rest)."""

from __future__ import annotations

import signal
import tempfile
from pathlib import Path

from tests.at_the_table import stop_while_reviewing

TARGET_S = 2.0


def rows(runs: int = 3) -> list[tuple[str, str, str, bool]]:
    out = []
    for signum in (signal.SIGTERM, signal.SIGINT):
        took = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="honeymoon-stop-") as folder:
                took.append(stop_while_reviewing(Path(folder), signum))
        name = signal.Signals(signum).name
        out.append(
            (
                f"{name} to the end of `run --headless`, a review running, devices reopened "
                f"(most of {runs})",
                f"{max(took):.2f} s",
                f"< {TARGET_S:.0f} s",
                max(took) < TARGET_S,
            )
        )
    return out
