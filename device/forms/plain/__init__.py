"""Plain Honeymoon: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import Plain

FORM = Plain()
