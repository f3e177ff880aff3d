"""Hardware abstraction: the table's devices, real and simulated, by role.

Every device hands the table `Input` values (events.py) through one queue;
the table's loop is the only reader. Serial devices (scanner, serial
bidding box) speak protocol v1 over pyserial's `serial_for_url`; the GPIO
bidding box uses gpiozero, so tests swap in its MockFactory.
"""
