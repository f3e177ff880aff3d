"""`make pi-check`: the table installed and booted on an emulated arm64 Debian 12.

Not part of `make test` (it takes a long while): see tests/pi/__main__.py.
"""
