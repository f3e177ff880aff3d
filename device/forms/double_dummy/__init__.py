"""Double Dummy: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import DoubleDummy

FORM = DoubleDummy()
