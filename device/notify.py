"""systemd's notify protocol, without a dependency: READY=1 once the first
frame is on the screen, WATCHDOG=1 from the screen loop. Nothing is sent when
not run by systemd (no NOTIFY_SOCKET)."""

from __future__ import annotations

import os
import socket


def notify(message: str) -> bool:
    """Send one message to $NOTIFY_SOCKET; False when there is none or it fails."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
        return True
    except OSError:
        return False


def watchdog_interval() -> float | None:
    """Seconds between WATCHDOG=1 pings: half of systemd's WatchdogSec, or None."""
    usec = os.environ.get("WATCHDOG_USEC")
    pid = os.environ.get("WATCHDOG_PID")
    if not usec or (pid and pid != str(os.getpid())):
        return None
    return int(usec) / 2_000_000
