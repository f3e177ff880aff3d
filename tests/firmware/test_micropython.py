"""The firmware checks (mp_checks.py) and protocol.py under the real MicroPython:
its WebAssembly port from npm, run by node (tests/firmware/mp_run.mjs).
`make test` installs the package into node_modules when node is present."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.firmware import mp_checks

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node not found")
@pytest.mark.skipif(
    not (PACKAGE / "package.json").exists(),
    reason="MicroPython npm package not installed: run make test",
)
def test_firmware_checks_pass_under_micropython():
    result = subprocess.run(
        [NODE, str(ROOT / "tests" / "firmware" / "mp_run.mjs")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    assert f"MicroPython v{pinned[PACKAGE.parent.name + '/' + PACKAGE.name]}" in output
    total = len(mp_checks.CHECKS)
    assert f"{total} of {total} firmware checks passed on micropython" in output
