"""`python -m tests.camera.modules_at_exit OUT ARGV...`: `honeymoon ARGV...`, and when it
ends, the names of every module it loaded written into OUT, one a line: what proves
that OpenCV and numpy never loaded into the table process."""

from __future__ import annotations

import atexit
import sys
from pathlib import Path


def main() -> int:
    out = Path(sys.argv[1])
    atexit.register(lambda: out.write_text("\n".join(sorted(sys.modules)) + "\n"))
    from device.cli import main as honeymoon

    return honeymoon(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
