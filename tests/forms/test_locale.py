"""A form's own texts live in its package (locale/en.json, nl.json) and are merged into
the table's catalogue; a key defined twice is an error."""

import json
from pathlib import Path

import pytest

from device.decks import BROUGHT
from device.forms import FORMS, package
from device.ui.i18n import LANGUAGES, Catalog, CatalogueError, catalogue, merged

REPO = Path(__file__).resolve().parents[2]

# The forms' names and aliases, and the decks they bring (the aBRIDGEd deck's words are
# its package's too).
NAMES = {n for form in FORMS for n in (form.name, *form.aliases)} | {d.name for d in BROUGHT}


def own(form, lang: str) -> dict:
    path = REPO / package(form) / "locale" / f"{lang}.json"
    return json.loads(path.read_text("utf-8")) if path.is_file() else {}


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.name)
def test_a_forms_entries_are_its_own_in_both_languages_and_in_the_catalogue(form):
    en, nl = own(form, "en"), own(form, "nl")
    assert en, "every form has its title and help"
    assert {s: set(t) for s, t in en.items()} == {s: set(t) for s, t in nl.items()}
    for section, texts in en.items():
        for key in texts:
            assert form.name in key.split("."), key
            for lang, entries in (("en", en), ("nl", nl)):
                assert catalogue(lang)[section][key] == entries[section][key]


def test_the_tables_own_catalogue_names_no_form_nor_a_deck_a_form_brings():
    named = [
        key
        for lang in LANGUAGES
        for texts in json.loads((REPO / "device/ui/locale" / f"{lang}.json").read_text()).values()
        for key in texts
        if any(name in key.split(".") for name in NAMES)
    ]
    assert named == []


def test_a_forms_texts_are_shown_from_its_package():
    assert Catalog("nl").t("form.plain") == own(FORMS[1], "nl")["ui"]["form.plain"]
    words = own(next(f for f in FORMS if f.name == "chicago"), "en")
    assert words["console"]["console.over.chicago"] == "the chicago is over"


def test_a_key_defined_twice_is_an_error_that_names_both_places():
    parts = [("the table", {"ui": {"a": "A"}}), ("the form x", {"ui": {"b": "B"}})]
    assert merged(parts) == {"ui": {"a": "A", "b": "B"}}
    with pytest.raises(CatalogueError, match="'a' is defined by the table and the form y"):
        merged([*parts, ("the form y", {"ui": {"a": "again"}})])
    assert merged([("one", {"ui": {"a": "A"}}), ("two", {"errors": {"a": "A"}})])  # apart
