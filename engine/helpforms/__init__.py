"""`help COMMAND`: the request forms of every command, one module per page of the docs
(docs/PROTOCOL.md: `protocol`, docs/protocol/NAME.md: `NAME`), in ASCII (`+-` for ±, `...` for …).

tests/test_console_words.py checks each page's FORMS against the request tables of its page, and
prints the table from the docs when they differ.  A page is loaded for one reply and let go: its
text never stays in RAM, and a dice session in a 32 KB MicroPython heap can still ask.
"""

PAGES = "protocol cups mission campaign exp3 golan"  # one string: a tuple's strings cost heap


def reply(words, knows):
    """The reply pairs of `help COMMAND` (its `words`; `knows(word)`: True for a command, from the
    protocol, which this package does not import); unloads this package before returning (held
    after `help mission`: 1.1 KB instead of 5.1 KB on unix32-mpy, 0.3 instead of 0.8 KB on
    unix32-frozen)."""
    from engine.core import parse

    unload = None
    try:
        parse.arity(words, 1, 2, "help [COMMAND]")
        if not knows(words[1]):
            raise parse.Reject(parse.UNKNOWN, "no command '%s' (help lists them)" % words[1][:20])
        try:
            from engine.core.unload import unload

            found = forms(words[1])
        except MemoryError:  # a page at a time, yet a tight heap may lack even that
            raise parse.Reject(parse.STATE, "not enough free memory for help here (the forms "
                               "are in docs/PROTOCOL.md)")
        return (("command", words[1]), ("forms", found))
    finally:  # nothing of help stays in RAM (unless even the unloader could not be loaded)
        if unload is not None:
            unload(__name__)


def forms(word):
    """The forms of command `word`, in the order of the docs."""
    import sys
    from engine.core.unload import unload

    out = []
    for page in PAGES.split():
        name = __name__ + "." + page
        __import__(name)
        text = sys.modules[name].FORMS
        unload(name)
        key = "\n" + word
        at = text.find(key)
        while at >= 0:
            end = text.find("\n", at + 1)
            if text[at + len(key)] in " \n":  # "roll [N]dS ..." or a bare "undo"
                _add(out, text[at + 1:end])
            at = text.find(key, end)
    return out


def _add(out, form):
    """Add `form` to `out` once: two pages may give one request (`ac repair N MARKER` on the
    campaign's, `ac repair N MARKER [COUNT]` on the mission's): the fuller form stays, where the
    first of them was."""
    for i in range(len(out)):
        if _within(form, out[i]):
            return
        if _within(out[i], form):
            out[i] = form
            return
    out.append(form)


def _within(short, full):
    # `full` is `short` with optional words more ("[COUNT]"), or what `short`'s "..." stands for
    return (full == short or full.startswith(short + " [")
            or (short.endswith(" ...") and full.startswith(short[:-3])))
