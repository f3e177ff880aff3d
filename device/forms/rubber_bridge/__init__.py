"""Rubber bridge: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import RubberBridge

FORM = RubberBridge()
