"""The pygame of a screen test module: `pytestmark = pytest.mark.usefixtures("pygame_module")`.

pygame is started for the module and quit after it; the layout's font cache is
cleared at both ends, since a font made before another module's pygame.quit()
is dead. Imports are inside, so that a module sets SDL_VIDEODRIVER before pygame
is first loaded."""

import pytest


@pytest.fixture(scope="module")
def pygame_module():
    import pygame

    from device.ui.layout import _font

    pygame.init()
    _font.cache_clear()
    yield
    pygame.quit()
    _font.cache_clear()
