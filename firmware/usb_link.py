"""The line protocol on CircuitPython's second USB serial port, `usb_cdc.data` (see serial_link).

A module of its own so that MicroPython code never imports `usb_cdc`.
"""

from firmware.lines import sender
from firmware.serial_link import Link


def usb_data_link(session):
    """A Link on CircuitPython's `usb_cdc.data`, or None when boot.py did not enable it."""
    import usb_cdc

    port = usb_cdc.data
    if port is None:
        return None

    port.timeout = 0  # reads return what has arrived, never wait

    def readinto(buf):
        return port.readinto(buf) if port.in_waiting else 0

    return Link(session, readinto, sender(port))
