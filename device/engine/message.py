"""Words for the people at the table, as data.

A refusal, a notice or a hint is a `Message`: a catalogue key (the English
template itself, "{card} is not in {name}'s hand") and its fields
({"card": "SK", "name": "Ann"}). It is a `str` too, its English text, so
whatever treats it as text (a log, the CLI, a journal, a test comparing words)
keeps working; the UI's catalogues render it in the table's language from key
and fields (device/ui/i18n.py), and nothing reads English back.

    raise PlayError(msg("{card} is not in {name}'s hand", card=card, name=name))

Every key is a literal in the code and a key of the "errors" catalogues; a test
walks both (tests/test_messages.py).
"""

from __future__ import annotations


class Message(str):
    """English text that knows its catalogue key and fields."""

    __slots__ = ("key", "params")
    key: str
    params: dict[str, str]

    def __new__(cls, key: str, /, **params) -> Message:
        fields = {name: _field(value) for name, value in params.items()}
        self = super().__new__(cls, key.format(**fields) if fields else key)
        self.key = key
        self.params = fields
        return self

    def __str__(self) -> Message:  # str(error) keeps the key and fields
        return self

    def __reduce__(self):  # pickle and copy by key and fields
        return (_rebuilt, (self.key, self.params))


def _field(value) -> str:
    """A field as its text ("SK", "Ann", "3"); a message stays one, to be rendered too."""
    return value if isinstance(value, Message) else format(value)


def _rebuilt(key: str, params: dict[str, str]) -> Message:
    return Message(key, **params)


def msg(key: str, /, **params) -> Message:
    """The message `key` (a literal: a key of the "errors" catalogues) with its fields."""
    return Message(key, **params)
