# Two commands set everything up: `make run` and `make test`. The rest are for the curious.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)
MPY := build/mpy
HEAP ?= 64K
STATE ?=

.PHONY: run test console console-mpy mpy bench clean

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

# Compile engine/ and firmware/ to .mpy, as the device runs them.
mpy: $(STAMP)
	$(BIN)/python -m host_tools.build_mpy $(MPY)

run: console

test: mpy
	$(BIN)/python -m pytest -q tests

# The line-protocol console on CPython; STATE=path makes the session durable.
console: $(STAMP)
	@echo "TAL companion: line protocol console (CPython). Type 'help'; Ctrl-D quits." >&2
	@$(BIN)/python -m firmware.console $(STATE)

# The same console on the real MicroPython unix port, importing the .mpy build; HEAP caps its heap.
console-mpy: mpy
	@echo "TAL companion: line protocol console (MicroPython, heap $(HEAP)). Ctrl-D quits." >&2
	@cd $(MPY) && MICROPYPATH=. $(abspath $(BIN))/micropython -X heapsize=$(HEAP) -m firmware.console $(if $(STATE),$(abspath $(STATE)))

bench: mpy
	$(BIN)/python -m host_tools.bench

clean:
	rm -rf build
