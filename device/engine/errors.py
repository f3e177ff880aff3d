"""Every error the engine raises: one place, one base class.

A RuleError's message is written for the people at the table ("1H is not
higher than 2C"): a Message (message.py), its catalogue key and fields, which
the UI and the console show in the table's language; str(error) gives it back.
"""


class RuleError(ValueError):
    """An input that the rules refuse. Nothing was changed."""


class NotationError(RuleError):
    """Text that is not a card, call or contract."""


class AuctionError(RuleError):
    """A call that is not legal now."""


class PlayError(RuleError):
    """A card, claim or honours input that is not legal now."""


class SetupError(RuleError):
    """A game form, option or player list that cannot start a game."""
