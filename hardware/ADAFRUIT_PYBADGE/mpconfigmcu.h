// Found before the port's own mcu/samd51/mpconfigmcu.h (this folder comes first on the include
// path), which it includes, then turns the native and inline Thumb emitters off (20.7 KB of
// code: frozen bytecode needs neither).  The port's file sets both without #ifndef, so a board
// cannot turn them off in mpconfigboard.h; this way the MicroPython checkout is used unpatched.
#include_next "mpconfigmcu.h"

#undef MICROPY_EMIT_THUMB
#define MICROPY_EMIT_THUMB              (0)
#undef MICROPY_EMIT_INLINE_THUMB
#define MICROPY_EMIT_INLINE_THUMB       (0)
// The port's file sets onewire without #ifndef too: the app drives no 1-Wire part (808 bytes).
#undef MICROPY_PY_ONEWIRE
#define MICROPY_PY_ONEWIRE              (0)
