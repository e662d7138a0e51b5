// Adafruit PyBadge (ATSAMD51J19A) for MicroPython's samd port, trimmed to leave room for the
// TAL companion frozen in.  Each switch off below names the flash it saved (measured:
// host_tools/building/pybadge_firmware.py builds the image, hardware/ADAFRUIT_PYBADGE/README.md).
#define MICROPY_HW_BOARD_NAME "Adafruit PyBadge"
#define MICROPY_HW_MCU_NAME   "SAMD51J19A"

// No 32 kHz crystal on the PyBadge (CircuitPython's pybadge board leaves BOARD_HAS_CRYSTAL at 0;
// the Feather M4 sets it): with MICROPY_HW_XOSC32K the clock set-up would wait for it forever.
// The 48 MHz clock is then trimmed against USB's 1 kHz frames, as on the ItsyBitsy M4.
#define MICROPY_HW_XOSC32K          (0)
#define MICROPY_HW_DFLL_USB_SYNC    (1)

#define MICROPY_HW_DEFAULT_UART_ID  (5)   // TX PB16, RX PB17
#define MICROPY_HW_DEFAULT_I2C_ID   (2)   // SDA PA12, SCL PA13: the LIS3DH
#define MICROPY_HW_DEFAULT_SPI_ID   (1)   // SCK PA17, MOSI PB23, MISO PB22 (the display: SPI 4)

// The 2 MB QSPI flash holds the filesystem (littlefs, mounted at / by the port's _boot.py).
// CircuitPython lists the GD25Q16C for this board; the Winbond 2 MB parts Adafruit also fits
// are listed too, since an unknown chip leaves the badge without a filesystem.
#define MICROPY_HW_QSPIFLASH        GD25Q16C, W25Q16JV_IQ, W25Q16JV_IM

// What the app does not use, switched off (flash saved, measured on this board; those from
// MICROPY_PY_MATH down each measured alone against the 501,460-byte image of issue 40 item 4).
// tests/test_pybadge_firmware.py fails if the app imports one of them.
#define MICROPY_PY_ASYNCIO                  (0)  // 7.5 KB with its frozen Python part
#define MICROPY_PY_DEFLATE                  (0)  // 3.9 KB
#define MICROPY_PY_RE                       (0)  // 2.9 KB
#define MICROPY_PY_UCTYPES                  (0)  // 2.5 KB
#define MICROPY_PY_MACHINE_I2C_TARGET       (0)  // 1.7 KB
#define MICROPY_PY_MATH                     (0)  // 13,512 bytes with the libm it drew in
#define MICROPY_PY_MACHINE_UART             (0)  // 3,808 (the console is USB's)
#define MICROPY_HW_ENABLE_USB_RUNTIME_DEVICE (0) // 3,020: machine.USBDevice
#define MICROPY_PY_TSTRINGS                 (0)  // 2,772: t-strings (Python 3.14)
#define MICROPY_PY_MACHINE_SOFTI2C          (0)  // 2,452 with SOFTSPI: the buses are the
#define MICROPY_PY_MACHINE_SOFTSPI          (0)  //   SERCOMs' (machine.I2C, machine.SPI)
#define MICROPY_PY_JSON                     (0)  // 1,728 (only the web page's backend)
#define MICROPY_PY_MACHINE_ADC              (0)  // 1,604 with ADC_READ_TIMED
#define MICROPY_PY_MACHINE_ADC_READ_TIMED   (0)
#define MICROPY_PY_COLLECTIONS              (0)  // 1,316
#define MICROPY_PY_BUILTINS_HELP            (0)  // 1,032: help() at the REPL
#define MICROPY_PY_HEAPQ                    (0)  // 492
#define MICROPY_PY_PLATFORM                 (0)  // 316
// onewire (808 bytes): this folder's mpconfigmcu.h, as the emitters.
// Kept: hashlib (make deploy hashes the data files on the badge to tell the player's edits from
// the shipped ones), binascii, select, random, io, struct; errno (916 bytes: a reply that quotes
// an OSError says "[Errno 5] EIO", not "5"), micropython.mem_info, the REPL's keys and indent
// (372), str.partition and the other builtins' extras (2,444: a use would pass every test and
// fail only here).  MICROPY_ENABLE_SOURCE_LINE 0 saves 184 bytes only: mpy-cross -O3 already
// leaves the frozen code without line numbers.  MICROPY_QSTR_BYTES_IN_HASH 1 would save 3,968
// bytes, but a dict's or set's strings would then come out in another order than on every build
// the tests run.  PWM and pulse cannot go: the port's timer manager and DHT driver need them.
// The native and inline Thumb emitters (20.7 KB): mpconfigmcu.h in this folder turns them off.
