"""Draw / Pick-Up: the form the registry finds (`FORM`).

Its rules are in rules.py, and said for the table in README.md.
"""

from .rules import DrawPickUp

FORM = DrawPickUp()
