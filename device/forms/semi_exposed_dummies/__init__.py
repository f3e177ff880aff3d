"""Semi-exposed dummies: the form the registry finds (`FORM`); its rules in rules.py."""

from .rules import SemiExposedDummies

FORM = SemiExposedDummies()
