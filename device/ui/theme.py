"""The colour theme: named RGB constants and nothing else.

Screens and device/ui/draw.py take every colour from here, so the look can
change in one place. Text colours are paired with the backgrounds they sit on
("readable ink") so a contrast fix never has to hunt through the screens.
"""

from __future__ import annotations

# The table.
FELT = (22, 96, 58)
FELT_DARK = (14, 68, 41)  # panels and the bidding area on the felt
INK = (24, 24, 28)  # text on white and paper
INK_SOFT = (100, 102, 108)  # secondary text on white
INK_ON_FELT = (244, 244, 236)  # text on the felt
INK_ON_FELT_SOFT = (170, 200, 180)
WHITE = (255, 255, 255)

# Cards.
CARD_WHITE = (252, 252, 247)
CARD_EDGE = (140, 140, 136)
CARD_BACK = (140, 28, 44)  # burgundy back ...
CARD_BACK_PATTERN = (196, 84, 98)  # ... with a lighter lattice
DIM_OVERLAY = (90, 90, 90, 150)  # RGBA laid over a greyed-out card

# Suits, two-colour deck.
SUIT_BLACK = INK
SUIT_RED = (206, 22, 32)

# Four-colour deck (the common convention): spades black, hearts red,
# diamonds blue, clubs green.
FOUR_COLOUR = {
    "S": SUIT_BLACK,
    "H": SUIT_RED,
    "D": (22, 86, 204),
    "C": (24, 138, 52),
}

# The colours of a coloured deck (aBRIDGEd's), by the colour's name, and the ink that
# reads on each of them.
COLOURS = {
    "red": (212, 36, 42),
    "yellow": (246, 198, 28),
    "blue": (32, 90, 204),
    "green": (30, 148, 70),
}
COLOUR_INK = {
    "red": WHITE,
    "yellow": INK,
    "blue": WHITE,
    "green": WHITE,
}

# Buttons: (background, pressed background, text) per style.
# The history's charts: a colour each for up to three players (or a partnership and
# its opponents), bright for lines and bars, dark for areas and failed contracts.
CHART = ((244, 186, 36), (120, 190, 255), (240, 140, 160))
CHART_FILL = ((138, 112, 34), (52, 104, 140), (138, 76, 96))

BUTTON = (236, 233, 222)
BUTTON_PRESSED = (190, 186, 170)
BUTTON_TEXT = INK
ACCENT = (244, 186, 36)  # the one obvious next step: Deal, Confirm
ACCENT_PRESSED = (206, 150, 20)
ACCENT_TEXT = INK
DANGER = (194, 40, 40)
DANGER_PRESSED = (150, 26, 26)
DANGER_TEXT = WHITE
BUTTON_EDGE = (40, 44, 42)
BUTTON_DISABLED = (112, 128, 120)  # greyed: clearly not a live button on the felt
BUTTON_DISABLED_TEXT = (168, 178, 172)

BUTTON_STYLES = {
    "normal": (BUTTON, BUTTON_PRESSED, BUTTON_TEXT),
    "accent": (ACCENT, ACCENT_PRESSED, ACCENT_TEXT),
    "danger": (DANGER, DANGER_PRESSED, DANGER_TEXT),
}

# Bidding box: bids are white cards; pass, double and redouble keep the
# green, red and blue of a real bidding box.
CALL_BID = CARD_WHITE
CALL_PASS = (36, 138, 68)
CALL_DOUBLE = (198, 38, 38)
CALL_REDOUBLE = (36, 86, 188)
CALL_TEXT_ON_COLOUR = WHITE
CALL_SELECTED = ACCENT

# Banners.
BANNER_ERROR = (186, 28, 28)
BANNER_ERROR_TEXT = WHITE
BANNER_INFO = (32, 60, 110)
BANNER_INFO_TEXT = WHITE

# The score sheet: ruled paper.
PAPER = (250, 246, 230)
PAPER_RULE = (168, 198, 226)  # the blue ruled lines
PAPER_MARGIN = (222, 120, 120)  # the red line between "we" and "they"
PAPER_INK = (28, 36, 76)  # pen blue-black

# Text sizes, in logical px (the size asked of pygame's own font, freesansbold.ttf,
# at 800x480; other screens scale it). Its capitals are half the size asked:
# measured with pygame-ce 2.5.8 by rendering "H", size 28 -> 15 px, 30 -> 15 px,
# 31 -> 16 px, 36 -> 17 px, 40 -> 20 px, 48 -> 24 px. The official 7" screen shows
# 800x480 on about 154 x 86 mm: 0.19 mm a pixel (0.18 mm down). Capitals of 3 mm, read
# at arm's length across the table, need 3 / 0.19 = 15.6 px: size 31, 16 px, 3.1 mm
# (2.9 mm down). Nothing a player reads is smaller; Layout.font notes any size below.
MIN_TEXT = 31
TEXT = MIN_TEXT  # ordinary text, labels, tags, the sheet's rows
TEXT_LARGE = 36  # a line that leads a screen's content
TEXT_TITLE = 44  # the one thing to read first

# The camera page: the spot's outline and the outline of the card found, over the picture.
CAMERA_SPOT = ACCENT
CAMERA_CARD = (70, 205, 255)
CAMERA_NO_PICTURE = (34, 40, 38)  # the picture's room before the first picture came
