"""Draw Bridge, classic: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import DrawBridge

FORM = DrawBridge()
