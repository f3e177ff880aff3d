"""Runs at power-up on the Pico: the firmware's loop, forever.

The Pico's filesystem holds protocol.py and the firmware modules side by side
at its root (README.md: flashing), so they import by their plain names.
"""

import time

import app
import board
import machine

hw = board.Hardware()
if board.MAINTENANCE_KEY in hw.held_keys():
    board.maintenance(hw)  # end here, in the REPL
else:
    firmware = app.Firmware(hw)
    try:
        while True:
            firmware.poll(time.ticks_ms())
            time.sleep_ms(1)  # plenty fast for 20 ms debouncing and 50 ms card polls
    except Exception as error:
        # A bug must not leave the table with a silent device: say why, then
        # restart (a new boot number tells the host to start afresh). The
        # pause keeps a crash at start from rewriting the boot file in a tight loop.
        try:
            firmware.report_crash(error)
        finally:
            time.sleep_ms(1000)
            machine.reset()
