# Two commands set everything up: `make run` and `make test`. The rest are for the curious.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)
MPY := build/mpy
HEAP ?= 64K
STATE ?=

.PHONY: run test console console-mpy mpy bench clean dist deploy screenshots fonts

$(STAMP): requirements.txt
	@echo "Setting up .venv: installing the pinned packages of requirements.txt (the first time" >&2
	@echo "takes a minute or two; pip says what it fetches)..." >&2
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check --progress-bar off -r requirements.txt
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

# The display's fonts (firmware/fonts/*.py) from their X.Org sources with font_to_py.
fonts: $(STAMP)
	$(BIN)/python -m host_tools.fontgen

test: mpy
	$(BIN)/python -m pytest -q tests

# The line-protocol console on CPython; STATE=path makes the session durable; LOG=path appends
# every request and reply to a command log (python -m host_tools replay / log read it).
console: $(STAMP)
	@echo "TAL companion: line protocol console (CPython). Type 'help'; Ctrl-D quits." >&2
	@$(BIN)/python -m firmware.console $(STATE) $(if $(LOG),--log=$(abspath $(LOG)))

# The same console on the real MicroPython unix port, importing the .mpy build; HEAP caps its heap.
console-mpy: mpy
	@echo "TAL companion: line protocol console (MicroPython, heap $(HEAP)). Ctrl-D quits." >&2
	@cd $(MPY) && MICROPYPATH=. $(abspath $(BIN))/micropython -X heapsize=$(HEAP) -m firmware.console $(if $(STATE),$(abspath $(STATE))) $(if $(LOG),--log=$(abspath $(LOG)))

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
