"""Files a request writes beside the state (an answer, a counter mix: the player's data folder):
true with the state or not at all (docs/storage.md, "What you enter at the table").

A command calls `stage` while it runs; nothing is written then.  `protocol._execute`, once the
reply is made, has the front end's data hook prepare the files (`prepare`: a folder that cannot
take them refuses the request, nothing changed), saves the state, then keeps them (`keep`): a
request refused, failed, out of memory or whose state is not saved writes nothing, and a cut at
any moment leaves the files as they were or as the request left them, never half of them.  A
command that changes no state (`mix`) has its files kept at once, whole or refused.

The data hook (firmware/datafiles.py) does the writing, each board its own way: `writes` (and
`why` not), `prepare(writes)`, `commit(ready)`, `discard(ready)`.
"""

from engine.core import parse


def stage(session, name, text, append=False):
    """Have data file `name` (e.g. "tal/answers.txt") hold `text` once the request is kept, or,
    with `append`, `text` added at its end (whole lines).  OSError, saying why, when the front end
    writes no data files (the console)."""
    hook = session.data
    if not getattr(hook, "writes", False):
        raise OSError(getattr(hook, "why", None) or "this console writes no data files")
    staged = getattr(session, "staged", None)
    if staged is None:
        staged = session.staged = []
    staged.append((name, text, append))


def prepare(session):
    """What the staged files need before the state is saved (the protocol's step); Reject, with
    nothing kept, when they cannot be written."""
    staged = session.staged
    try:
        return session.data.prepare(staged)
    except OSError as e:
        name = staged[0][0]
        del staged[:]
        raise parse.Reject(parse.STATE, _cannot(name, e))


def keep(session, ready):
    """Make the prepared files true (after the state's save, or at once for a command that saves
    none); Reject when they could not be."""
    staged = session.staged
    name = staged[0][0]
    del staged[:]
    try:
        session.data.commit(ready)
    except OSError as e:
        raise parse.Reject(parse.STATE, _cannot(name, e))
    session.changes += 1  # (the screens redraw; the device tells a key's change by it)


def drop(session, ready):
    """The request is refused: nothing staged is written (allocates nothing but the hook's)."""
    staged = getattr(session, "staged", None)
    if staged:
        del staged[:]
        if ready is not None:
            session.data.discard(ready)


def now(session):
    """Keep what is staged at once, without a state to save (an answer whose request asks the
    next question); Reject, nothing kept, when it cannot be."""
    if getattr(session, "staged", None):
        ready = prepare(session)
        try:
            keep(session, ready)
        except BaseException:
            session.data.discard(ready)
            raise


def _cannot(name, e):
    from engine.core.record import why

    return "cannot write data/%s (%s): nothing changed" % (name, why(e))
