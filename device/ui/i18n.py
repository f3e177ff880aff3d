"""Every text on screen, from one catalogue per language (locale/en.json,
locale/nl.json), with the entries each registered form keeps in its package
(device/forms/<name>/locale/en.json, nl.json) merged in.

A refusal, a notice or a hint is a Message (device/engine/message.py): its
catalogue key, the English template ("{call} is not higher than {last}"), and
its fields ({"call": "1H", "last": "2C"}). The catalogue's "errors" table holds
each key's text in every language, and `Catalog.error` renders the message from
key and fields; nothing reads the English back. A field that is a message itself
is rendered too, and one that names a thing of the game (a phase, a suit, a
device, "100 or 150") is translated, so no English word reaches a Dutch refusal.

A text with a count comes in two forms, "{key}.one" and "{key}.other", and
`Catalog.n` picks one ("1 game", "2 games"; "1 manche", "2 manches"): both
languages use the singular for exactly one.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

from device.engine.message import Message

LANGUAGES = ("en", "nl")
# A field of an engine message -> the catalogue key of its value's translation.
_FIELD_KEYS = {"phase": "phase.{}", "suit": "suit.{}", "deck": "deck.{}", "source": "device.{}"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_FACE_RANKS = (14, 13, 12, 11)


class CatalogueError(ValueError):
    """Two catalogues define the same key: which text wins would be chance."""


@cache
def catalogue(lang: str) -> dict:
    """The whole catalogue of `lang`: the table's own entries and every registered
    form's, section by section ("ui", "errors", "console")."""
    from device.forms import FORMS, package_name

    parts = [("device/ui/locale", _read(files(__package__), lang))]
    for form in FORMS:
        own = _read(files(package_name(form)), lang)
        if own is not None:
            parts.append((f"the form {form.name}", own))
    return merged(parts)


def _read(folder, lang: str) -> dict | None:
    path = folder.joinpath(f"locale/{lang}.json")
    return json.loads(path.read_text("utf-8")) if path.is_file() else None


def merged(parts: list[tuple[str, dict]]) -> dict:
    """One catalogue from (source, catalogue) pairs; a key two of them define is a
    CatalogueError that names both."""
    whole: dict[str, dict[str, str]] = {}
    source: dict[tuple[str, str], str] = {}
    for name, part in parts:
        for section, texts in part.items():
            into = whole.setdefault(section, {})
            for key, text in texts.items():
                if key in into:
                    raise CatalogueError(
                        f"{section} key {key!r} is defined by {source[section, key]} and {name}"
                    )
                into[key] = text
                source[section, key] = name
    return whole


class Catalog:
    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.lang = lang
        self.texts = catalogue(lang)
        self._said: dict[str, str] | None = None  # said(): made when first asked

    def t(self, key: str, **values) -> str:
        """The text for `key`, with {fields} filled in; the key itself if missing."""
        text = self.texts["ui"].get(key) or catalogue("en")["ui"].get(key) or key
        return text.format(**values) if values else text

    def own(self, key: str, form: str, **values) -> str:
        """The text for `key` as the form says it, where its locale has `key.<form>`
        ("Another Chicago" for menu.new_rubber), else as every form says it."""
        own = f"{key}.{form}"
        return self.t(own if own in self.texts["ui"] else key, **values)

    def n(self, key: str, n: int, **values) -> str:
        """The text for a count: "{key}.one" for exactly 1, else "{key}.other"."""
        return self.t(f"{key}.one" if n == 1 else f"{key}.other", n=n, **values)

    def rank_letters(self) -> dict[int, str]:
        """The letters this language prints on face cards: {13: "K"} or {13: "H"}, ...;
        only what is drawn (typed and scanned cards stay SK, SQ, SJ)."""
        return {rank: self.t(f"card.rank.{rank}") for rank in _FACE_RANKS}

    def said(self, word: str) -> str:
        """A word said in a form's own phases ("Play", a colour's letter) in this
        language: the form's locale has it as said.<form>.<word>; anything else (a
        number) as it came."""
        if self._said is None:
            ui = self.texts["ui"]
            self._said = {k.rsplit(".", 1)[1]: ui[k] for k in ui if k.startswith("said.")}
        return self._said.get(word, word)

    def error(self, message: str) -> str:
        """A message (device/engine/message.py) in this language, rendered from its key
        and fields; in English too its fields are made readable ("the deal-end" becomes
        "the deal result"). Other text (a device's or the OS's own words) as it is."""
        if not isinstance(message, Message):
            return message
        template = self.texts["errors"].get(message.key) or message.key
        fields = {k: self._rendered(k, v) for k, v in message.params.items()}
        return template.format(**fields) if fields else template

    def _rendered(self, name: str, value: str) -> str:
        """A field in this language: a message rendered, a value by `_field`."""
        return self.error(value) if isinstance(value, Message) else self._field(name, value)

    def _field(self, name: str, value: str) -> str:
        """A field's value in this language: a known thing by its key, "100 or 150" joined
        with this language's "or"; anything else (a name, a card, a number) as it came."""
        if name == "strain":  # "NT" or a suit's letter
            key = "strain.nt" if value == "NT" else f"suit.{_SUIT_NAMES.get(value, value)}"
        elif name == "said":  # a word of a form's own phases
            return self.said(value)
        else:
            key = _FIELD_KEYS.get(name, "").format(value)
        if key and key in self.texts["ui"]:
            return self.texts["ui"][key]
        if name == "points" and " or " in value:
            return value.replace(" or ", f" {self.t('word.or')} ")
        return value
