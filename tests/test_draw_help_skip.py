"""The help of Draw Bridge and Draw / Pick-Up says how to stop following the draw
tricks or the pick-up, with the menu's own button names, in English and Dutch."""

import pytest

from device.ui.i18n import Catalog
from device.ui.screens.help import sections


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize(
    "form,button", [("draw-bridge", "menu.stop_draw_tricks"), ("draw-pick-up", "menu.stop_pick_up")]
)
def test_the_draw_help_names_the_menus_skip(lang, form, button):
    t = Catalog(lang)
    text = "\n".join(body for _, body in sections(form, t))
    assert f"{t.t('button.menu')}, {t.t(button)}" in text
    assert "{" not in text
