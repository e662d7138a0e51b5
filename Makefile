# Two commands set everything up: `make run` and `make test`. The rest are for the curious.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)
MPY := build/mpy
# make console-mpy's heap: a Raspberry Pi Pico's (MicroPython on the RP2040: about 190 KB).
HEAP ?= 190K
STATE ?=
# A MicroPython checkout (yours; .ci/run uses the vendored one) for the 32-bit builds: the
# Cortex-M3 firmware under qemu and the unix port built i686.  Unset, their tests are skipped.
MICROPY_DIR ?=
export MICROPY_DIR

.PHONY: run test console console-mpy mpy bench clean dist deploy screenshots firmware-qemu \
	firmware-unix32 builds32

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

# Compile engine/ and firmware/ to .mpy, as the device runs them.
mpy: $(STAMP)
	$(BIN)/python -m host_tools.build_mpy $(MPY)

# The desktop simulator: the real firmware on the displayio backend in a window (PyBadge screen;
# SIZE=240x135 for the Pico-LCD-1.14), saving to tal-sim.state so the next run resumes (STATE=path
# to choose).  Without a display it falls back to a terminal front end of the same app.
run: $(STAMP)
	@$(BIN)/python -m host_tools.simulator --state $(if $(STATE),$(STATE),tal-sim.state) $(if $(SIZE),--size $(SIZE))

# Every screen rendered headless to docs/screens/*.png (the README shows them).
screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m host_tools.simulator --screenshots docs/screens

test: mpy
	$(if $(MICROPY_DIR),$(BIN)/python -m host_tools.micropython_builds all --optional)
	$(BIN)/python -m pytest -q tests

# 32-bit builds from MICROPY_DIR, in build/micropython (rebuilt only when an input changed):
# the qemu mps2-an385 (Cortex-M3) firmware with manifest.py frozen, the same stock with the app in
# a ROMFS image; the unix port built i686, frozen and plain (loading .mpy).
firmware-qemu: $(STAMP)
	$(BIN)/python -m host_tools.micropython_builds qemu

firmware-unix32: $(STAMP)
	$(BIN)/python -m host_tools.micropython_builds unix32

builds32: $(STAMP)
	$(BIN)/python -m host_tools.micropython_builds all

# The line-protocol console on CPython; STATE=path makes the session durable; LOG=path appends
# every request and reply to a command log (python -m host_tools replay / log read it).
console: $(STAMP)
	@echo "TAL companion: line protocol console (CPython). Type 'help'; Ctrl-D quits." >&2
	@$(BIN)/python -m firmware.console $(STATE) $(if $(LOG),--log=$(abspath $(LOG)))

# The same console on the real MicroPython unix port importing .mpy files, with a board's heap
# (HEAP): the 32-bit build when MICROPY_DIR is set (a board's object sizes), else .venv's 64-bit
# one, whose objects take up to twice the room.
console-mpy: mpy
	@$(BIN)/python -m host_tools.ports $(HEAP) $(if $(STATE),$(abspath $(STATE))) $(if $(LOG),--log=$(abspath $(LOG)))

bench: mpy
	$(BIN)/python -m host_tools.bench

# dist/circuitpython/ (copy onto CIRCUITPY; also zipped) and dist/micropython/ (.mpy + main.py).
dist: mpy
	$(BIN)/python -m host_tools dist

# MOUNT=/media/you/CIRCUITPY (CircuitPython) or PORT=/dev/ttyACM0 (MicroPython, mpremote).
# Never overwrites the saved campaign, nor data files edited on the board (REPLACE_DATA=1 does).
deploy: dist
	$(BIN)/python -m host_tools deploy $(if $(MOUNT),--mount "$(MOUNT)") $(if $(PORT),--port "$(PORT)") $(if $(REPLACE_DATA),--replace-data)

clean:
	rm -rf build dist
