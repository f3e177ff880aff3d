"""Draw / Pick-Up: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import DrawPickUp

FORM = DrawPickUp()
