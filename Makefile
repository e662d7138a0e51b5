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

.PHONY: run test console console-mpy mpy bench clean dist deploy screenshots fonts
.PHONY: circuitpython-mpy-cross firmware firmware-qemu firmware-unix32 builds32 firmware-pybadge
.PHONY: install-pybadge
.PHONY: web web-serve web-screenshots

$(STAMP): requirements.txt
	@echo "Setting up .venv: installing the pinned packages of requirements.txt (the first time" >&2
	@echo "takes a minute or two; pip says what it fetches)..." >&2
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check --progress-bar off -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

# Compile engine/ and firmware/ to .mpy, as the device runs them.
mpy: $(STAMP)
	$(BIN)/python -m host_tools.building.build_mpy $(MPY)

# The desktop simulator: the real firmware on the displayio backend in a window (PyBadge screen;
# SIZE=240x135 for the Pico-LCD-1.14), saving to tal-sim.state so the next run resumes (STATE=path
# to choose).  Without a display it falls back to a terminal front end of the same app.
run: $(STAMP)
	@$(BIN)/python -m host_tools.desk.simulator --state $(if $(STATE),$(STATE),tal-sim.state) $(if $(SIZE),--size $(SIZE))

# Every screen rendered headless to docs/screens/*.png (the README shows them).
screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m host_tools.desk.simulator --screenshots docs/screens

# The display's font file (firmware/fonts/glyphs.bin, frozen_fonts.py) from X.Org's bitmaps.
fonts: $(STAMP)
	$(BIN)/python -m host_tools.building.fontgen

# MicroPython's WebAssembly port (and playwright-core for the browser tests), pinned in
# web/package-lock.json.  Without npm the web tests are skipped, saying so.
NPM := $(shell command -v npm 2>/dev/null)
WEBSTAMP := web/node_modules/.installed-$(shell cksum < web/package-lock.json | cut -d' ' -f1)

$(WEBSTAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: mpy $(if $(NPM),$(WEBSTAMP))
	$(if $(MICROPY_DIR),$(BIN)/python -m host_tools.building.micropython_builds all --optional)
	$(if $(MICROPY_DIR),$(BIN)/python -m host_tools.building.pybadge_firmware --optional)
	$(BIN)/python -m pytest -q -rs -n auto --dist loadfile tests

# The device as a static web page in dist/web/ (MicroPython's WebAssembly port running the real
# engine and screens; works offline once loaded); `make web-serve` serves it on localhost:8000
# and this machine's network address, for a phone on the same Wi-Fi (PORT=... to change).
web: mpy $(WEBSTAMP)
	$(BIN)/python -m host_tools.building.web build

# The page's screenshots in docs/screens/web-*.png (the README shows them), taken by the browser
# test as it plays the page in headless Chromium.
web-screenshots: mpy $(WEBSTAMP)
	WEB_SCREENS=docs/screens $(BIN)/python -m pytest -q tests/test_web_browser.py

web-serve: web
	$(BIN)/python -m host_tools.building.web serve --lan --port $(if $(PORT),$(PORT),8000)


# 32-bit builds from MICROPY_DIR, in build/micropython (rebuilt only when an input changed):
# the qemu mps2-an385 (Cortex-M3) firmware with manifest.py frozen, the same stock with the app in
# a ROMFS image; the unix port built i686, frozen and plain (loading .mpy).
firmware-qemu: $(STAMP)
	$(BIN)/python -m host_tools.building.micropython_builds qemu

firmware-unix32: $(STAMP)
	$(BIN)/python -m host_tools.building.micropython_builds unix32

builds32: $(STAMP)
	$(BIN)/python -m host_tools.building.micropython_builds all

# MicroPython for the Adafruit PyBadge with the whole app frozen in: dist/tal-pybadge.uf2, from
# MICROPY_DIR (a MicroPython checkout with its submodules; gcc-arm-none-eabi), built in
# build/micropython (again only when an input changed).  The board: hardware/ADAFRUIT_PYBADGE.
firmware-pybadge: $(STAMP)
	$(BIN)/python -m host_tools.building.pybadge_firmware

# The line-protocol console on CPython; STATE=path makes the session durable; LOG=path appends
# every request and reply to a command log (python -m host_tools replay / log read it).
console: $(STAMP)
	@echo "TAL companion: line protocol console (CPython). Type 'help'; Ctrl-D quits." >&2
	@$(BIN)/python -m firmware.console $(STATE) $(if $(LOG),--log=$(abspath $(LOG)))

# The same console on the real MicroPython unix port importing .mpy files, with a board's heap
# (HEAP): the 32-bit build when MICROPY_DIR is set (a board's object sizes), else .venv's 64-bit
# one, whose objects take up to twice the room.
console-mpy: mpy
	@$(BIN)/python -m host_tools.desk.ports $(HEAP) $(if $(STATE),$(abspath $(STATE))) $(if $(LOG),--log=$(abspath $(LOG)))

bench: mpy
	$(BIN)/python -m host_tools.benches.bench

# dist/circuitpython/ (copy onto CIRCUITPY; also zipped) and dist/micropython/ (.mpy + main.py).
# CircuitPython's lib/ is compiled by CIRCUITPY_MPY_CROSS=path (CircuitPython's own mpy-cross, same
# major version as the board), else by the one `make circuitpython-mpy-cross` built.
dist: mpy
	$(BIN)/python -m host_tools dist

# CircuitPython's mpy-cross, built from a CircuitPython checkout (CIRCUITPY_DIR=...) into build/,
# out of tree: the checkout is not written to.  Its version comes from the checkout's git tags;
# without them (an archive, a copy), from CP_VERSION=x.y.z or the board's boot_out.txt (MOUNT=...),
# else it says which to add (host_tools/building/cp_version.py).
circuitpython-mpy-cross: $(STAMP)
	@test -n "$(CIRCUITPY_DIR)" || { echo "error: say where CircuitPython's source is: make $@ CIRCUITPY_DIR=/path/to/circuitpython" >&2; exit 1; }
	@test -f "$(CIRCUITPY_DIR)/mpy-cross/Makefile" || { echo "error: $(CIRCUITPY_DIR) has no mpy-cross/Makefile: not a CircuitPython source tree" >&2; exit 1; }
	@mkdir -p build
	@v=$$($(BIN)/python -m host_tools.building.cp_version "$(CIRCUITPY_DIR)" --given "$(CP_VERSION)" --mount "$(MOUNT)") || exit 1; \
	echo "building CircuitPython's mpy-cross$${v:+ $$v} (log: build/circuitpython-mpy-cross.log)"; \
	$(MAKE) -j2 -C "$(CIRCUITPY_DIR)/mpy-cross" BUILD="$(abspath build/circuitpython-mpy-cross)" PYTHON="$(abspath $(BIN)/python)" $${v:+CP_VERSION=$$v} >build/circuitpython-mpy-cross.log 2>&1 || { tail -20 build/circuitpython-mpy-cross.log >&2; echo "error: building CircuitPython's mpy-cross failed (log: build/circuitpython-mpy-cross.log)" >&2; exit 1; }
	@build/circuitpython-mpy-cross/mpy-cross --version

# MicroPython for the Pico with the app frozen in (manifest.py), from MICROPY_DIR=a MicroPython
# checkout (needs cmake and arm-none-eabi-gcc; the Pico SDK is its lib/pico-sdk submodule).
# PICO_BOARD=RPI_PICO (default), RPI_PICO_W, RPI_PICO2...: build/rp2-BOARD/firmware.uf2.
firmware: $(STAMP)
	@$(BIN)/python -m host_tools.building.pico_firmware "$(MICROPY_DIR)" $(if $(PICO_BOARD),--board "$(PICO_BOARD)")

# The PyBadge's firmware image onto a badge (dist/tal-pybadge.uf2, or UF2=path), keeping the
# campaign: MOUNT=/media/you/CIRCUITPY when it runs CircuitPython now (the campaign, settings and
# data/ are saved in BACKUP=folder, default ./tal-pybadge-backup, and put back once the image
# runs; the player confirms first); PORT= its serial port then (default: the first found);
# BOOT=the PYBADGEBOOT drive when not found; RESTORE=a backup folder to put back later.
install-pybadge: dist
	$(BIN)/python -m host_tools.board.pybadge_install $(if $(PORT),--port "$(PORT)") $(if $(MOUNT),--mount "$(MOUNT)") $(if $(UF2),--uf2 "$(UF2)") $(if $(BOOT),--boot "$(BOOT)") $(if $(BACKUP),--backup "$(BACKUP)") $(if $(RESTORE),--restore "$(RESTORE)")

# MOUNT=/media/you/CIRCUITPY (CircuitPython) or PORT=/dev/ttyACM0 (MicroPython, mpremote).
# Never overwrites the saved campaign, nor data files edited on the board (REPLACE_DATA=1 does).
# CIRCUITPY: checks the space first, copies beside the old app, then switches (code.py last).
# Pico: the app's code goes into the firmware's ROMFS partition when it has one, else as .mpy files.
deploy: dist
	$(BIN)/python -m host_tools deploy $(if $(MOUNT),--mount "$(MOUNT)") $(if $(PORT),--port "$(PORT)") $(if $(REPLACE_DATA),--replace-data)

clean:
	rm -rf build dist
