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

// What the app does not use, switched off (flash saved, measured on this board):
#define MICROPY_PY_ASYNCIO                  (0)  // 7.5 KB with its frozen Python part
#define MICROPY_PY_DEFLATE                  (0)  // 3.9 KB
#define MICROPY_PY_RE                       (0)  // 2.9 KB
#define MICROPY_PY_UCTYPES                  (0)  // 2.5 KB
#define MICROPY_PY_MACHINE_I2C_TARGET       (0)  // 1.7 KB
// The native and inline Thumb emitters (20.7 KB): mpconfigmcu.h in this folder turns them off.
