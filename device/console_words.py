"""The terminal table's words: the locale catalogues' "console" section (the lines
`honeymoon run --text` prints), over the screen's own texts and refusals.

They live apart from the screen's "ui" texts because they name what is typed (claim,
accept, sheet, SA), which a Dutch screen never draws.
"""

from __future__ import annotations

from functools import cache

from .ui.i18n import Catalog


class Words(Catalog):
    """A Catalog whose "console." keys come from the "console" section."""

    def t(self, key: str, **values) -> str:
        if not key.startswith("console."):
            return super().t(key, **values)
        text = self.texts["console"].get(key) or english().texts["console"].get(key) or key
        return text.format(**values) if values else text


@cache
def english() -> Words:
    return Words("en")
