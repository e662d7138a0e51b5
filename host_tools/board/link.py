"""Talking to a device over USB serial: one request line out, one JSON reply line back.

The device answers on CircuitPython's second USB serial port (`usb_cdc.data`, not the REPL's) or,
on MicroPython, on the REPL's port while the app runs (`firmware.serial_link`).  Anything that is
not a JSON object on the way back (a boot banner, a REPL prompt) is skipped; if nothing arrives in
time the error says what to check.
"""

import json
import time


class LinkError(Exception):
    """The device did not answer with the line protocol."""


def open_port(port, baud=115200, timeout=0.2):
    """A pyserial port (path such as /dev/ttyACM1, COM5, or a pyserial URL)."""
    import serial

    try:
        return serial.serial_for_url(port, baudrate=baud, timeout=timeout)
    except (serial.SerialException, OSError) as e:
        raise LinkError("cannot open %s: %s" % (port, e))


class Link:
    """Request/reply over a byte stream with `write(bytes)` and `readline()` (pyserial or files)."""

    def __init__(self, stream, timeout=5.0):
        self.stream = stream
        self.timeout = timeout

    def ask_raw(self, line):
        """Send one request line; return the reply line (str, without newline)."""
        line = line.strip()
        if not line or line.startswith("#"):
            raise LinkError("blank and # lines get no reply: nothing to send")
        if len(line) > 200 or any(c < " " or c > "~" for c in line):
            raise LinkError("a request is at most 200 printable ASCII characters")
        self.stream.write(line.encode() + b"\n")
        flush = getattr(self.stream, "flush", None)
        if flush is not None:
            flush()
        deadline = time.monotonic() + self.timeout
        noise = []
        while time.monotonic() < deadline:
            raw = self.stream.readline()
            if not raw:
                continue
            text = raw.decode("utf-8", "replace").strip()
            if text.startswith("{") and text.endswith("}"):
                return text
            if text:
                noise.append(text)
        got = ("; it sent: %r" % " | ".join(noise)[:200]) if noise else ""
        raise LinkError("no reply to %r within %gs: is the TAL app running on the device, and is "
                        "this its data port (CircuitPython: the second serial port)?%s"
                        % (line, self.timeout, got))

    def ask(self, line):
        """Send one request; return the reply as a dict (keys in reply order)."""
        text = self.ask_raw(line)
        try:
            return json.loads(text)
        except ValueError:
            raise LinkError("not a protocol reply: %r" % text[:200])

    def close(self):
        close = getattr(self.stream, "close", None)
        if close is not None:
            close()


def connect(port, baud=115200, timeout=5.0):
    """A Link on a serial port, its input drained of anything sent before we arrived."""
    s = open_port(port, baud)
    try:
        s.reset_input_buffer()
    except Exception:  # not every pyserial URL handler has one
        pass
    return Link(s, timeout)
