# Every target makes the virtual environment by itself: a fresh machine needs
# only python3, python3-venv and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The firmware tests also run under the real MicroPython: its WebAssembly port
# from npm, run by node (tests/firmware/test_micropython.py skips without it).
NODE := $(shell command -v node 2>/dev/null)
NPM := $(shell command -v npm 2>/dev/null)
MICROPYTHON := node_modules/.installed

.PHONY: run test demo bench clean micropython install uninstall

# constraints.txt pins every dependency: the Pi's install uses it too.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -c constraints.txt --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev,analysis,camera]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/honeymoon run --simulate

# One pytest worker per core and one more (pytest-xdist): a worker waits on the
# tables, ptys and camera processes its tests start, and the extra one fills that
# wait (on this 2-core machine: 4 min 57 s with two workers, 4 min 15 s with three,
# the same processor time). Work stealing: a worker left with the slow end-to-end
# tests hands some to an idle one.
# The suite starts hundreds of Python processes (tables, commands, cameras): with
# PYTHONDONTWRITEBYTECODE set (some shells and CI images set it) each would compile
# the package from source again (the suite took 346 s with it set, 296 s without); so the tests may
# write their bytecode into __pycache__ as Python does by default.
#
# The tests' temporary folders (their journals, ptys and camera frames) go to the
# memory-backed /dev/shm where there is one. The journal commits every input with
# an fsync (synchronous=FULL), the camera tests write hundreds of MB of frames, and on
# the disk the suite waited on them: 5 min 41 s on the disk, 4 min 14 s in memory,
# the same processor time. A killed table's WAL outlives it in the page cache either
# way, so the power-cut tests test the same.
WORKERS := $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1)')
TEST_TMPDIR := $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "$${TMPDIR:-/tmp}")

test: $(STAMP) micropython
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	env -u PYTHONDONTWRITEBYTECODE TMPDIR=$(TEST_TMPDIR) $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

demo: $(STAMP)
	$(BIN)/honeymoon demo

bench: $(STAMP)
	$(BIN)/python -m tests.bench

# The fault campaign (tests/faults): power cuts, serial fuzz, unplugs, bounce storm.
.PHONY: faults
faults: $(STAMP)
	$(BIN)/python -m tests.faults

# The table installed from a clone and booted under systemd on an emulated arm64
# Debian 12 (root; about half an hour; not part of make test): tests/pi.
.PHONY: pi-check
pi-check:
	$(PYTHON) -m tests.pi

ifeq ($(NODE),)
micropython:
	@echo "node not found: MicroPython firmware tests will be skipped"
else ifeq ($(NPM),)
micropython:
	@echo "npm not found: MicroPython firmware tests will be skipped"
else
micropython: $(MICROPYTHON)
endif

# Installs the version package.json pins (package-lock.json has its checksum).
$(MICROPYTHON): package.json
	@npm install --no-audit --no-fund --silent \
		&& touch $(MICROPYTHON) \
		|| echo "npm install failed: MicroPython firmware tests will be skipped"

# On the Pi: sudo make install (see docs/pi.md).
install:
	sh systemd/install.sh

uninstall:
	sh systemd/install.sh --uninstall

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules
