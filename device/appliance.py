"""The table as the appliance: run by the installed systemd unit on the Pi.

There a confirmed Quit restarts the table: it ends with EXIT_RESTART, which
the unit restarts on (RestartForceExitStatus=), so the screen never stays
dark. And the menu can shut the Pi down: logind's PowerOff over busctl, which
the install's polkit rule allows for the table's user and for nothing else.
On a laptop Quit simply quits (status 0) and there is no Shut down.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from .hal.text import safe_text
from .notify import notify

EXIT_RESTART = 75  # EX_TEMPFAIL: "try again"; the unit's SuccessExitStatus= and restart
MARK = "HONEYMOON_APPLIANCE"  # Environment=HONEYMOON_APPLIANCE=1 in the unit
BUSCTL = "busctl"
INSTALL = "sudo make install"  # what grants the power-off (systemd/install.sh)
WAIT_S = 6  # the longest the call may block the screen loop (the watchdog allows 10 s)
# interactive=false: no password prompt can come, the answer is yes or why not.
POWER_OFF = (
    BUSCTL,
    f"--timeout={WAIT_S - 1}s",
    "call",
    "org.freedesktop.login1",
    "/org/freedesktop/login1",
    "org.freedesktop.login1.Manager",
    "PowerOff",
    "b",
    "false",
)


# Why a shut down can fail, each with its words in the catalogues (power.why.<kind>).
REASONS = ("denied", "inhibited", "missing", "timeout", "not_here", "said")


@dataclass(frozen=True)
class PowerOffFailed:
    """Why the Pi could not be shut down, as a notice: `kind` picks the words
    (power.why.<kind>), `detail` is what the system said, made safe to draw."""

    kind: str
    detail: str = ""

    def text(self, t) -> str:
        why = t.t(f"power.why.{self.kind}", detail=self.detail, command=INSTALL, tool=BUSCTL)
        return t.t("notice.power_off_failed", why=why)


@dataclass
class Appliance:
    """Whether this table is the appliance, and the one privileged thing it may do.

    `run` is subprocess.run; a test gives its own, so nothing is ever powered off."""

    on: bool = False
    run: Callable = field(default=subprocess.run, repr=False)

    @classmethod
    def here(cls, environ=None) -> Appliance:
        """The appliance only when systemd started it (INVOCATION_ID) from our unit (MARK)."""
        environ = os.environ if environ is None else environ
        return cls(environ.get(MARK) == "1" and bool(environ.get("INVOCATION_ID")))

    def quit_status(self) -> int:
        """The exit status of a confirmed Quit: restarted by the unit, or simply done."""
        return EXIT_RESTART if self.on else 0

    def can_power_off(self) -> bool:
        """Shut down is offered only where it can work: the appliance, with busctl."""
        return self.on and shutil.which(BUSCTL) is not None

    def power_off(self) -> PowerOffFailed | None:
        """Ask logind to power the Pi off: None once it took the request (systemd then
        stops the table as it stops everything), else why not. The log says which."""
        failed = self._power_off()
        if failed is None:
            print("shut down: logind powers the Pi off", file=sys.stderr)
        else:
            print(f"shut down refused ({failed.kind}): {failed.detail}", file=sys.stderr)
        return failed

    def _power_off(self) -> PowerOffFailed | None:
        if not self.on:
            return PowerOffFailed("not_here", "not run by honeymoon-table.service")
        notify("WATCHDOG=1")  # the call may block for seconds: the loop is alive till now
        try:
            done = self.run(POWER_OFF, capture_output=True, text=True, timeout=WAIT_S)
        except FileNotFoundError:
            return PowerOffFailed("missing", f"{BUSCTL} not found")
        except subprocess.TimeoutExpired:
            return PowerOffFailed("timeout", str(WAIT_S))
        except OSError as error:
            return PowerOffFailed("said", safe_text(str(error)))
        if done.returncode == 0:
            return None
        return refusal(done.stderr or "", done.returncode)


def refusal(stderr: str, status: int) -> PowerOffFailed:
    """busctl's last line of complaint, sorted into what the screen can explain."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    said = lines[-1] if lines else f"busctl ended with status {status}"
    said = said.removeprefix("Call failed: ")
    if "Access denied" in said or "authentication required" in said.lower():
        return PowerOffFailed("denied", safe_text(said))
    if "inhibit" in said.lower():
        return PowerOffFailed("inhibited", safe_text(said))
    return PowerOffFailed("said", safe_text(said))
