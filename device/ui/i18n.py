"""Every text on screen, from one catalogue per language (locale/en.json,
locale/nl.json).

Engine refusals are written in English ("1H is not higher than 2C"); the
catalogue's "errors" table holds their templates, so they are shown in the
table's language too: "{call} is not higher than {last}" reads back the
call and the last bid from the English message.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.resources import files

LANGUAGES = ("en", "nl")


@cache
def _load(lang: str) -> dict:
    return json.loads(files(__package__).joinpath(f"locale/{lang}.json").read_text("utf-8"))


@cache
def _error_patterns() -> tuple[tuple[re.Pattern, str], ...]:
    """English templates as regexes, most specific (fewest fields) first."""
    templates = _load("en")["errors"]
    patterns = []
    for template in templates:
        regex = re.escape(template)
        regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", regex)
        patterns.append((re.compile(f"^{regex}$"), template))
    return tuple(sorted(patterns, key=lambda p: p[1].count("{")))


class Catalog:
    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.lang = lang
        self.texts = _load(lang)

    def t(self, key: str, **values) -> str:
        """The text for `key`, with {fields} filled in; the key itself if missing."""
        text = self.texts["ui"].get(key) or _load("en")["ui"].get(key) or key
        return text.format(**values) if values else text

    def error(self, message: str) -> str:
        """An English engine or device message in this language."""
        if self.lang == "en":
            return message
        for pattern, template in _error_patterns():
            found = pattern.match(message)
            if found:
                return self.texts["errors"].get(template, template).format(**found.groupdict())
        return message
