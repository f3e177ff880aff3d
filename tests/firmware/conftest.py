import pytest

# The shared checks use plain asserts (MicroPython runs them too): let pytest
# rewrite them so a failure shows the values compared.
pytest.register_assert_rewrite("tests.firmware.mp_checks")
