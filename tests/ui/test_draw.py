"""Drawing primitives: checked on pixels of plain off-screen surfaces."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.ui import draw, theme  # noqa: E402
from device.ui.layout import Layout  # noqa: E402

BACKGROUND = (90, 0, 160)  # purple: near no theme colour


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def blank(size=(800, 480), colour=BACKGROUND) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(colour)
    return surface


def changed(surface, background=BACKGROUND) -> pygame.Rect:
    """The bounding box of every pixel that is not the background (empty if none)."""
    mask = pygame.mask.from_threshold(surface, background, (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def rgb(surface, pos):
    return tuple(surface.get_at(pos))[:3]


def count(surface, colour, area: pygame.Rect, tolerance=1) -> int:
    mask = pygame.mask.from_threshold(surface, colour, (tolerance,) * 3 + (255,))
    window = pygame.mask.Mask(surface.get_size())
    window.draw(pygame.mask.Mask(area.size, fill=True), area.topleft)
    return mask.overlap_area(window, (0, 0))


# --- suits ---------------------------------------------------------------------


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
@pytest.mark.parametrize("size", [12, 32, 120])
def test_suit_fills_its_centre_and_stays_inside_its_box(suit, size):
    surface = blank()
    centre, colour = (400, 240), (200, 100, 50)
    box = draw.draw_suit(surface, suit, centre, size, colour)
    assert box.size == (size, size) and box.center == centre
    assert rgb(surface, centre) == colour
    for corner in (box.topleft, (box.right - 1, box.top), (box.left, box.bottom - 1)):
        assert rgb(surface, corner) == BACKGROUND
    assert box.contains(changed(surface))


def test_suits_have_different_shapes():
    images = []
    for suit in "SHDC":
        surface = blank((64, 64))
        draw.draw_suit(surface, suit, (32, 32), 60, (255, 255, 255))
        images.append(pygame.image.tobytes(surface, "RGB"))
    assert len(set(images)) == 4


def test_spade_is_a_point_on_top_and_a_stem_below():
    surface = blank((100, 100))
    draw.draw_suit(surface, "S", (50, 50), 100, (255, 255, 255))
    top_row = changed(surface).top
    assert top_row < 5 and rgb(surface, (50, top_row + 1)) != BACKGROUND  # the tip, centred
    assert rgb(surface, (50, 96)) != BACKGROUND  # the stem's foot
    assert rgb(surface, (30, 96)) == BACKGROUND  # narrower than the body


def test_no_trumps_draws_nothing():
    surface = blank()
    draw.draw_suit(surface, "NT", (400, 240), 60, (255, 255, 255))
    assert changed(surface).size == (0, 0)


def test_hearts_are_red_and_four_colour_diamonds_blue():
    surface = blank()
    draw.draw_suit(surface, "H", (100, 100), 40, draw.suit_colour("H"))
    r, g, b = rgb(surface, (100, 100))
    assert r > 150 and g < 80 and b < 80
    draw.draw_suit(surface, "D", (200, 100), 40, draw.suit_colour("D", four_colour=True))
    r, g, b = rgb(surface, (200, 100))
    assert b > 150 and r < 80
    assert draw.suit_colour("D") == theme.SUIT_RED
    assert draw.suit_colour("C", four_colour=True) == theme.FOUR_COLOUR["C"]
    assert draw.suit_colour("S") == theme.SUIT_BLACK


# --- cards ---------------------------------------------------------------------


def test_card_is_white_inside_its_rect_and_nothing_outside():
    layout, surface = Layout((800, 480)), blank()
    rect = draw.draw_card(surface, layout, (100, 100, 70, 100), "SA")
    assert rect == layout.rect(100, 100, 70, 100)
    assert rect.contains(changed(surface))
    assert count(surface, theme.CARD_WHITE, rect) > rect.w * rect.h // 2
    assert rgb(surface, rect.topleft) == BACKGROUND  # rounded corner


def test_card_shows_rank_and_suit_in_suit_colour():
    layout, surface = Layout((800, 480)), blank()
    rect = draw.draw_card(surface, layout, (100, 100, 70, 100), "HT")
    assert count(surface, theme.SUIT_RED, rect, tolerance=40) > 200
    ten = pygame.image.tobytes(surface, "RGB")
    draw.draw_card(surface, layout, (100, 100, 70, 100), "H9")
    assert pygame.image.tobytes(surface, "RGB") != ten


def test_face_down_card_shows_nothing_of_the_card():
    layout = Layout((800, 480))
    corner = layout.rect(100, 100, 30, 35)  # where the rank is printed face up
    backs, fronts = [], []
    for card in ("SA", "H2"):
        back, front = blank(), blank()
        draw.draw_card(back, layout, (100, 100, 70, 100), card, face_down=True)
        draw.draw_card(front, layout, (100, 100, 70, 100), card)
        backs.append(pygame.image.tobytes(back, "RGB"))
        fronts.append(pygame.image.tobytes(front, "RGB"))
    assert backs[0] == backs[1] and fronts[0] != fronts[1]
    assert count(front, theme.SUIT_RED, corner, tolerance=40) > 20
    assert count(back, theme.SUIT_RED, corner, tolerance=40) == 0
    assert count(back, theme.INK, corner, tolerance=40) == 0


def test_dim_card_is_darker():
    layout, plain, dim = Layout((800, 480)), blank(), blank()
    rect = draw.draw_card(plain, layout, (100, 100, 70, 100), "SK")
    draw.draw_card(dim, layout, (100, 100, 70, 100), "SK", dim=True)
    probe = (rect.x + rect.w // 8, rect.bottom - rect.h // 8)  # plain card white there
    assert rgb(plain, probe) == theme.CARD_WHITE
    assert sum(rgb(dim, probe)) < sum(theme.CARD_WHITE) - 100


def test_abridged_card_shows_its_colour_and_pips():
    layout = Layout((800, 480))
    images = {}
    for card, colour in (("R14", "red"), ("R7", "red"), ("Y13", "yellow")):
        surface = blank()
        rect = draw.draw_card(surface, layout, (100, 100, 70, 100), card)
        assert count(surface, theme.COLOURS[colour], rect) > 500
        images[card] = surface
    ink = theme.COLOUR_INK["red"]
    rect = layout.rect(100, 100, 70, 100)
    assert count(images["R14"], ink, rect) > count(images["R7"], ink, rect) + 20  # 4 pips, none


# --- text -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, tokens",
    [
        ("4S by Anna", [("call", "4S"), ("text", " by Anna")]),
        ("3NTX by Ben", [("text", "3NTX by Ben")]),
        ("6HXX, lead SA", [("call", "6HXX"), ("text", ", lead "), ("card", "SA")]),
        (
            "HT S10 D9",
            [("card", "HT"), ("text", " "), ("card", "S10"), ("text", " "), ("card", "D9")],
        ),
        ("SAT 14S 8C HELLO", [("text", "SAT 14S 8C HELLO")]),
        ("", []),
    ],
)
def test_split_codes(text, tokens):
    assert draw.split_codes(text) == tokens


def test_text_without_codes_is_plain_text():
    layout, plain, fancy = Layout((800, 480)), blank(), blank()
    a = draw.draw_text(plain, layout, "3NTX by Ben", (10, 10), 24, (255, 255, 255))
    b = draw.text_with_suits(fancy, layout, "3NTX by Ben", (10, 10), 24, (255, 255, 255))
    assert a == b
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(fancy, "RGB")


def test_text_with_suits_draws_a_red_heart_for_a_heart_card():
    layout, surface = Layout((800, 480)), blank()
    rect = draw.text_with_suits(surface, layout, "lead HA", (10, 10), 40, (255, 255, 255))
    assert count(surface, theme.SUIT_RED, rect, tolerance=30) > 30
    assert rect.contains(changed(surface))
    plain = blank()
    draw.draw_text(plain, layout, "lead HA", (10, 10), 40, (255, 255, 255))
    assert count(plain, theme.SUIT_RED, rect, tolerance=30) == 0


def test_text_anchor():
    layout, surface = Layout((800, 480)), blank()
    rect = draw.draw_text(surface, layout, "Hello", (400, 240), anchor="center")
    assert rect.center == (400, 240)
    rect = draw.text_with_suits(surface, layout, "4S", (700, 100), anchor="midright")
    assert rect.midright == (700, 100)
    with pytest.raises(ValueError):
        draw.draw_text(surface, layout, "x", (0, 0), anchor="middle")


# --- calls and buttons ---------------------------------------------------------------


def test_disabled_button_is_greyed():
    layout = Layout((800, 480))
    for style in ("normal", "accent", "danger"):
        live, dead = blank(), blank()
        rect = draw.draw_button(live, layout, (100, 100, 160, 48), "Deal", style=style)
        draw.draw_button(dead, layout, (100, 100, 160, 48), "Deal", enabled=False, style=style)
        probe = (rect.x + 12, rect.centery)  # inside, clear of the text and the edge
        assert rgb(live, probe) == theme.BUTTON_STYLES[style][0]
        assert rgb(dead, probe) == theme.BUTTON_DISABLED
        assert rect.contains(changed(live))


def test_long_button_label_shrinks_to_fit_but_not_below_the_smallest_text():
    layout, surface = Layout((800, 480)), blank()
    rect = draw.draw_button(surface, layout, (100, 100, 140, 48), "Claim", font_size=60)
    assert rect.contains(changed(surface)) and not layout.overflow
    surface = blank()
    draw.draw_button(surface, layout, (100, 100, 80, 48), "A very long label indeed")
    assert {text for text, _ in layout.overflow} == {"A very long label indeed"}
    assert not layout.too_small  # drawn at the smallest size, too wide: noted, not shrunk


def test_calls_show_suits_and_grey_out():
    layout = Layout((800, 480))
    spade, disabled, passed = blank(), blank(), blank()
    rect = draw.draw_call(spade, layout, (100, 100, 60, 40), "1S")
    draw.draw_call(disabled, layout, (100, 100, 60, 40), "1S", enabled=False)
    draw.draw_call(passed, layout, (100, 100, 100, 40), "Pass")
    assert count(spade, theme.SUIT_BLACK, rect, tolerance=20) > 40  # "1" and a spade
    assert count(disabled, theme.SUIT_BLACK, rect, tolerance=20) == 0
    assert rgb(disabled, (rect.x + 5, rect.centery)) == theme.BUTTON_DISABLED
    assert rgb(passed, (rect.x + 5, rect.centery)) == theme.CALL_PASS
    heart = blank()
    draw.draw_call(heart, layout, (100, 100, 60, 40), "1H")
    assert count(heart, theme.SUIT_RED, rect, tolerance=30) > 20
    assert count(spade, theme.SUIT_RED, rect, tolerance=30) == 0


def test_call_label_overrides_the_text():
    layout, default, labelled = Layout((800, 480)), blank(), blank()
    draw.draw_call(default, layout, (100, 100, 60, 40), "P")
    draw.draw_call(labelled, layout, (100, 100, 60, 40), "P", label="Passe")
    assert pygame.image.tobytes(default, "RGB") != pygame.image.tobytes(labelled, "RGB")


# --- scaling ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "paint",
    [
        lambda s, lay: draw.draw_card(s, lay, (100, 100, 70, 100), "DQ"),
        lambda s, lay: draw.draw_button(s, lay, (100, 100, 160, 48), "Claim"),
        lambda s, lay: draw.text_with_suits(s, lay, "4S by Anna", (100, 100), 24, (255, 255, 255)),
    ],
)
def test_drawing_scales_with_the_screen(paint):
    small, big = blank((800, 480)), blank((1920, 1080))
    paint(small, Layout((800, 480)))
    paint(big, Layout((1920, 1080)))
    ratio = changed(big).w / changed(small).w
    assert ratio == pytest.approx(2.25, rel=0.06)
    left = Layout((1920, 1080)).point(100, 100)[0]  # centred: 60 px of margin, then 2.25x
    assert changed(big).left == pytest.approx(left, abs=4)


def test_face_cards_take_the_screens_letters_only_while_it_is_drawn():
    layout = Layout((800, 480))

    def king(letters=None):
        surface = blank()
        if letters is None:
            draw.draw_card(surface, layout, (100, 100, 70, 100), "SK")
        else:
            with draw.rank_letters(letters):
                draw.draw_card(surface, layout, (100, 100, 70, 100), "SK")
        return pygame.image.tobytes(surface, "RGB")

    english, dutch = king(), king({13: "H", 12: "V", 11: "B"})
    assert english != dutch and king() == english  # back to K after the Dutch screen
    with draw.rank_letters({13: "H"}):
        assert draw.split_codes("SK") == [("card", "SK")]  # the notation stays SK
        assert draw._rank_text(13) == "H" and draw._rank_text(14) == "A"
    assert draw._rank_text(13) == "K"
