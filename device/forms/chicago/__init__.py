"""Chicago: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import Chicago

FORM = Chicago()
