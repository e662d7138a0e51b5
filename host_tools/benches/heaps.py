"""The smallest heap a workload needs on MicroPython, found by bisection (every bench uses it)."""

HEAP_LO = 2 * 1024
HEAP_HI = 512 * 1024
HEAP_STEP = 256  # bytes: the binary search stops at this resolution


def kb(n):
    return "%.1f KB" % (n / 1024.0)


# --- smallest heap ---------------------------------------------------------------------------
def smallest_heap(ok, lo=HEAP_LO, hi=HEAP_HI, step=HEAP_STEP, below=8):
    """The smallest heap size (bytes, to `step`) for which ok(heap) holds; None if not even `hi`.

    A binary search, then every `step` for `below` steps under its answer: on MicroPython's
    non-moving heap fragmentation makes the outcome not quite monotonic in the heap size (a
    size can fail where a slightly smaller one passes), so the search alone can overshoot.
    """
    if not ok(hi):
        return None
    if ok(lo):
        return lo
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if ok(mid):
            hi = mid
        else:
            lo = mid
    best = hi
    for i in range(1, below + 1):
        h = hi - i * step
        if h < HEAP_LO:
            break
        if ok(h):
            best = h
    return best
