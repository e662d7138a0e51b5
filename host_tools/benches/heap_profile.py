"""Where the console's heap goes (runs under MicroPython; host_tools/benches/ram_bench.py drives it).

Answers the request lines of stdin with the console's `serve`, as `-m firmware.console` does, and
measures with gc.collect() + gc.mem_alloc():
  - every module import: the heap the module keeps (the modules it imports subtracted): its
    globals and module-level objects, and its bytecode and names when loaded from .mpy;
  - every data-file parse (through the session's `data` hook): the heap the parsed table keeps;
  - the Session object;
  - the heap in use at every "event": before and after each import and parse, after each request.
`profile(-1, n)` prints the heap at every event; `profile(k, n)` also prints, at event k (the
peak found by a first run), what is loaded then and the event.  `first_failure()` prints the
first reply that says memory ran out, the MemoryError's traceback and micropython.mem_info() (the
largest free run shows fragmentation).  Lines start with "@"; the console's replies are dropped.  Records go into lists made at full size
first, so the profiler's own bookkeeping is in the baseline, not in the figures.
"""

import builtins
import gc
import sys

import micropython

_import = builtins.__import__
_DEPTH = 32
_N = 400
_EVENTS = 4000
_st = [0, 0, 0, -1, 0, 0]  # depth, records, events, event to report at, base, requests answered
DEPTH, COUNT, EVENT, STOP, BASE, REQ = range(6)
heap = during = None  # made by profile(): first_failure() runs without them


def _lists():
    # Every record goes into lists made here at full size: recording allocates nothing.
    global _before, _nested, _what, _is_table, names, kept, tables, heap, during
    _before = [0] * _DEPTH  # open measurement frames: heap in use when each opened
    _nested = [0] * _DEPTH  # and the bytes kept by the frames closed inside it
    _what = [None] * _DEPTH  # and what it measures
    _is_table = [False] * _DEPTH
    names = [None] * _N  # what was measured (module name, data file name, "(object)")
    kept = [0] * _N  # the bytes it keeps, frames inside excluded
    tables = [False] * _N
    heap = [0] * _EVENTS  # heap in use at each event, above `base`
    during = [0] * _EVENTS  # the request being answered then (1-based; 0: before the first)


def _mark():
    gc.collect()
    return gc.mem_alloc()


def _label(name, table):
    return ("data/" + name) if table else name


def _event(now, kind, name=None, table=False):
    # kind and name are objects that exist already: an event allocates nothing until reported
    e = _st[EVENT]
    if e < _EVENTS:
        heap[e] = now - _st[BASE]
        during[e] = _st[REQ]
    _st[EVENT] = e + 1
    if e == _st[STOP]:
        if kind == "after request":
            name = "%d `%s`" % (_st[REQ], name.text())
        else:
            name = _label(name, table)
        _report(kind + " " + name, now)


def _begin(what, table=False):
    d = _st[DEPTH]
    now = _mark()
    _before[d] = now
    _nested[d] = 0
    _what[d] = what
    _is_table[d] = table
    _st[DEPTH] = d + 1
    _event(now, "before loading", what, table)


def _end(name, table=False):
    d = _st[DEPTH] - 1
    _st[DEPTH] = d
    now = _mark()
    took = now - _before[d]
    if d:
        _nested[d - 1] += took
    i = _st[COUNT]
    if i < _N:
        names[i] = name
        kept[i] = took - _nested[d]
        tables[i] = table
        _st[COUNT] = i + 1
    _event(now, "after loading", name, table)


def _hook(name, globals=None, locals=None, fromlist=None, level=0):
    # fromlist None, not (): MicroPython's __import__ returns the leaf module for any tuple.
    if name in sys.modules or level:
        return _import(name, globals, locals, fromlist, level)
    _begin(name)
    try:
        return _import(name, globals, locals, fromlist, level)
    finally:
        _end(name)


class _Table:
    """A data file as the engine reads it; close() records what the parse kept."""

    def __init__(self, name, f):
        self.name = name
        self.f = f

    def __iter__(self):
        return iter(self.f)

    def readline(self, *a):
        return self.f.readline(*a)

    def close(self):
        self.f.close()
        self.f = None
        _end(self.name, True)


def traced(hook):
    def data(name):
        _begin(name, True)
        f = hook(name)
        if f is None:
            _end(name, True)
            return None
        return _Table(name, f)

    return data


class _Input:
    """stdin for firmware.lines.serve (a byte at a time), keeping the request being read (in a
    buffer made once); the first byte of a line is an event: the request before it is answered."""

    def __init__(self):
        self.stream = sys.stdin.buffer
        self.buf = bytearray(256)
        self.n = 0
        self.start = True

    def text(self):
        return bytes(self.buf[:self.n]).decode()

    def readinto(self, one):
        got = self.stream.readinto(one)
        if self.start and _st[REQ] and heap is not None:
            _event(_mark(), "after request", self)
        if not got:
            return 0
        b = one[0]
        if self.start:
            _st[REQ] += 1
            self.n = 0
        self.start = b == 10
        if not self.start and self.n < 256:
            self.buf[self.n] = b
            self.n += 1
        return got


class _Drop:
    """stdout for serve: replies are dropped; the out-of-memory one (made in advance, sent
    as is) is reported once, with the heap then, when `watch`."""

    def __init__(self, watch=None):
        self.watch = watch  # (the out-of-memory reply, the input), or None

    def write(self, buf, n=None):
        if self.watch is not None and buf is self.watch[0]:
            inp = self.watch[1]
            self.watch = None
            gc.collect()
            print("@fail %d `%s` out of memory" % (_st[REQ], inp.text()))
            micropython.mem_info()
            print("@end")
        return len(buf) if n is None else n


def _report(label, now):
    print("@peak %d %s" % (now - _st[BASE], label))
    print("@request %d" % _st[REQ])
    micropython.qstr_info()  # "qstr pool: ... n_total_bytes=N": the interned names then
    for d in range(_st[DEPTH]):
        print("@open %s" % _label(_what[d], _is_table[d]))
    last = {}
    for i in range(_st[COUNT]):
        last[names[i]] = i
    for name in sorted(last):
        i = last[name]
        if tables[i]:
            print("@table data/%s %d" % (name, kept[i]))
        elif name[0] == "(":
            print("@object %s %d" % (name, kept[i]))
        elif name in sys.modules:  # still loaded (the app and the cups data unload some)
            print("@module %s %d %d" % (name, kept[i], len(sys.modules[name].__dict__)))
    print("@end")


def _console(measure):
    # What console.main does before its first request (firmware/console.py): the core, one module
    # at a time, then the session.
    from firmware import console

    console._import_core()
    from firmware.lines import serve

    if measure:
        _begin("(the Session object)")
    started = console._start(None, None)
    if measure:
        _end("(the Session object)")
    return console, serve, started[0]


def profile(stop=-1):
    """Answer stdin's requests; report at event `stop` (none if -1); print every event's heap."""
    _lists()
    _st[STOP] = stop
    inp = _Input()
    builtins.__import__ = _hook
    _st[BASE] = _mark()
    console, serve, session = _console(True)
    session.data = traced(console._data)
    gc.collect()
    serve(session, inp, _Drop())
    _events()


def _events():
    builtins.__import__ = _import
    print("@base %d" % _st[BASE])
    print("@events %d" % _st[EVENT])
    n = min(_st[EVENT], _EVENTS)
    print("@heap " + " ".join(str(heap[e]) for e in range(n)))
    print("@during " + " ".join(str(during[e]) for e in range(n)))


def first_failure():
    """Answer stdin's requests; at the first reply saying memory ran out, print it (and the
    MemoryError's traceback) and the heap then (mem_info)."""
    inp = _Input()
    console, serve, session = _console(False)
    from engine.core import protocol
    from firmware import lines

    handle = protocol.handle
    seen = [False]

    def traced(session, raw, reply):
        try:
            return handle(session, raw, reply)
        except MemoryError as e:
            if not seen[0]:
                seen[0] = True
                print("@traceback")
                sys.print_exception(e)
            raise

    protocol.handle = traced
    gc.collect()
    serve(session, inp, _Drop((lines.OUT_OF_MEMORY, inp)))


# --- the app's tour (host_tools/benches/app_bench.py `tour_code(..., profile=K)`) -------------------------
def tour(stop=-1):
    """Measure from here: every import and data file, and an event at every `step`; report at
    event `stop`.  `tour_end()` prints the events."""
    _lists()
    _st[STOP] = stop
    builtins.__import__ = _hook
    _st[BASE] = _mark()


def step(screen):
    """An event after a key: `screen`, the name of the screen on top (a string that exists)."""
    _event(_mark(), "after a key on", screen)


def tour_end():
    _events()
