"""A machine with no GPIO pins (a laptop): the table goes on without the GPIO bidding
box and says why in the screen's words, in English and Dutch, not gpiozero's."""

import queue

import pytest
from gpiozero.exc import BadPinFactory, PinInvalidPin

from device import run
from device.hal import bidbox_gpio
from device.ui.i18n import Catalog


def opened(monkeypatch, error):
    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(bidbox_gpio, "GpioBidBox", refuse)
    inputs = queue.Queue()
    assert run.open_gpio_bidbox({}, inputs) is None  # the table goes on without it
    item = inputs.get_nowait()
    assert (item.kind, item.source) == ("lost", "bidbox")
    return item.value


@pytest.mark.parametrize(
    "lang, words",
    [("en", "this machine has no GPIO pins"), ("nl", "deze computer heeft geen GPIO-pinnen")],
)
def test_no_gpio_is_said_in_the_screens_words(monkeypatch, lang, words):
    said = Catalog(lang).error(
        opened(monkeypatch, BadPinFactory("Unable to load any default pin factory!"))
    )
    assert words in said and "pin factory" not in said


def test_another_gpio_fault_keeps_its_reason(monkeypatch):
    said = Catalog("nl").error(opened(monkeypatch, PinInvalidPin("GPIO99 is not a valid pin")))
    assert said.startswith("GPIO-biedkast: ") and "GPIO99" in said
