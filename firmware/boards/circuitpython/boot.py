"""CircuitPython boot.py: let the app write to its flash drive, unless SELECT is held at power-on.

CircuitPython lets either the computer (over USB) or the code write to CIRCUITPY, never both.  By
default this gives the drive to the app; hold SELECT while the badge starts (power on, or press
reset) to keep the drive writable from the computer instead, e.g. to copy an update or an edited
data file.  (The campaign lives on the drive, in `tal-save.bin`: while the computer has the
drive the app saves nothing and says so at start.)  The board's own file says which button:
`hardware/pybadge.py`.

MicroPython runs boot.py too: there the filesystem is always writable and this file does nothing.
"""



def _boot():
    try:
        import storage
    except ImportError:  # MicroPython
        return
    import usb_cdc

    # A second USB serial port for the line protocol (firmware/serial_link.py, host_tools send
    # and pull); the first stays the REPL.
    usb_cdc.enable(console=True, data=True)
    from hardware.pybadge import keep_drive_for_computer

    if keep_drive_for_computer():
        print("SELECT held: CIRCUITPY stays writable from the computer")
    else:
        storage.remount("/", readonly=False)


_boot()
