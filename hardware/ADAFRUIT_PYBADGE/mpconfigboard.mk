# Adafruit PyBadge (ATSAMD51J19A, 512 KB flash, 192 KB RAM, 2 MB QSPI flash).
MCU_SERIES = SAMD51
CMSIS_MCU = SAMD51J19A
LD_FILES = boards/samd51x19a.ld sections.ld
TEXT0 = 0x4000

# The whole internal flash after the UF2 bootloader's 16 KB is code: the filesystem is on the
# QSPI flash, and the data files are files there (editable), not a ROMFS partition, which
# would take its size and 3 KB of code out of the margin (hardware/ADAFRUIT_PYBADGE/README.md).
MICROPY_HW_CODESIZE = 496K
MICROPY_HW_ROMFS_BYTES = 0

# littlefs only: FAT (13.3 KB) is not needed, and not power-safe.
MICROPY_VFS_FAT = 0
MICROPY_VFS_LFS2 = 1
