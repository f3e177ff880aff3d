"""The parts of endplay a review uses (its DDS bindings, `dds` and `types`), imported
without the rest.

endplay's package `__init__` imports everything endplay has, its dealer's numpy and
matplotlib among it: 0.4 s and 55 MB here for each review's process, seconds on a
Pi, for nothing a review needs. So the package is entered without running it: its
module is made from its spec (its folder known, its `__init__` not run) and its
submodules imported from there as usual (so, in that process, `import endplay` then
gives the package without its top-level names: import its submodules, as here). Once
endplay is imported in full, that is used as it is. endplay is an optional extra
(`pip install '.[analysis]'`): without it, or with it blocked (`sys.modules["endplay"]
= None`), `part` gives None.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys


def part(name: str):
    """endplay's submodule `name` ("_dds", "dds", "types"), or None when endplay is not
    installed, is blocked, or cannot load (a library built for another machine)."""
    if "endplay" in sys.modules:
        if sys.modules["endplay"] is None:
            return None
    else:
        spec = importlib.util.find_spec("endplay")  # finds the package; runs none of it
        if spec is None or spec.submodule_search_locations is None:
            return None
        sys.modules["endplay"] = importlib.util.module_from_spec(spec)
    try:
        return importlib.import_module(f"endplay.{name}")
    except (ImportError, OSError, RuntimeError):  # endplay's loader raises RuntimeError
        return None
