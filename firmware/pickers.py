"""Pickers: what a screen's settings are and which words of a command each feeds.

A field holds a value the player changes with LEFT/RIGHT and knows the words it adds to a
command (`words()`); `text` is its value as shown, made when the value changes (not per frame).
An `Action` is a command template: literal words and fields, e.g.

    LEAVE = Action("leave", ("ac", "leave", aircraft))      # aircraft: a Choice field

so a screen declares what it does instead of building command words by hand.  The kinds:

    Number(label, lo, hi, value, ...)   a number picker (a modifier, a count, a hex)
    Choice(label, options, ...)         a word picker: options are (shown, word) pairs, fixed or
                                        set from the engine's replies (aircraft, pilots ...)
    Toggle(label, word, ...)            a yes/no that adds `word` when yes

and firmware/keyboard.py's Word, a word typed on the on-screen keyboard (a result printed on a
card, a card's name).
"""


class Field:
    label = ""
    text = ""
    opens = None  # a screen that edits the field (LEFT/RIGHT open it instead of stepping)

    def step(self, delta):
        """Change the value by `delta` (LEFT -1, RIGHT +1; held keys give bigger steps)."""

    def words(self):
        """The command words this field adds."""
        return []

    def __repr__(self):
        return "%s=%s" % (self.label, self.text)


class Number(Field):
    """An integer from `lo` to `hi`.  `fmt` shows it ("%+d" a modifier, "%d+" a target);
    the words are `word` (if any) and the number formatted by `as_word`, left out when the value
    is `omit` (e.g. a +0 modifier)."""

    def __init__(self, label, lo, hi, value, fmt="%d", as_word="%d", word=None, omit=None,
                 wrap=False, zero=None):
        self.label = label
        self.lo = lo
        self.hi = hi
        self.fmt = fmt
        self.as_word = as_word
        self.word = word
        self.omit = omit
        self.wrap = wrap
        self.zero = zero  # shown instead of 0 (e.g. "none")
        self.set(value)

    def set(self, value):
        self.value = max(self.lo, min(self.hi, value))
        self.text = self.zero if (self.value == 0 and self.zero) else self.fmt % self.value

    def step(self, delta):
        v = self.value + delta
        if self.wrap:
            span = self.hi - self.lo + 1
            v = self.lo + (v - self.lo) % span
        self.set(v)

    def words(self):
        if self.omit is not None and self.value == self.omit:
            return []
        return ([self.word] if self.word else []) + [self.as_word % self.value]


class Choice(Field):
    """One of `options`, (shown, word) pairs; `empty` is shown when there are none.  The words
    are `word` (if any) then the chosen option's word (which may be several, "pilot 3")."""

    def __init__(self, label, options=(), index=0, word=None, empty="none"):
        self.label = label
        self.word = word
        self.empty = empty
        self.index = index
        self.options = ()
        self.set_options(options)

    def set_options(self, options, keep=True):
        """New options (from the engine); the same word stays chosen when it is still there."""
        old = self.chosen() if keep and self.options else None
        self.options = tuple(options)
        self.index = min(self.index, max(0, len(self.options) - 1))
        if old is not None:
            for i in range(len(self.options)):
                if self.options[i][1] == old:
                    self.index = i
        self._show()

    def _show(self):
        self.text = self.options[self.index][0] if self.options else self.empty

    def step(self, delta):
        if self.options and delta:
            self.index = (self.index + (1 if delta > 0 else -1)) % len(self.options)
            self._show()

    def select(self, word):
        """Choose the option whose word is `word` (if there is one)."""
        for i in range(len(self.options)):
            if self.options[i][1] == word:
                self.index = i
                self._show()

    def shown(self, word):
        """How the option whose word is `word` is shown (the word itself when none is)."""
        for shown, w in self.options:
            if w == word:
                return shown
        return word

    def chosen(self):
        """The chosen option's word (None when there are no options)."""
        return self.options[self.index][1] if self.options else None

    def words(self):
        w = self.chosen()
        if w is None:
            return []
        return ([self.word] if self.word else []) + w.split()


class Toggle(Field):
    """Yes or no; the words are `word` when yes (`off_word` when no, if given)."""

    def __init__(self, label, word, value=False, on="yes", off="no", off_word=None):
        self.label = label
        self.word = word
        self.off_word = off_word
        self.on = on
        self.off = off
        self.set(value)

    def set(self, value):
        self.value = bool(value)
        self.text = self.on if self.value else self.off

    def step(self, delta):
        self.set(not self.value)

    def words(self):
        if self.value:
            return [self.word] if self.word else []
        return [self.off_word] if self.off_word else []


class Action:
    """A command the screen runs: `label` as shown, `command` literal words and fields, the
    fields the player sets for it (by default the fields in the command), `then` the name of
    the screen's method given the reply (None: the result line says what was done).  `step`:
    the engine's step it takes (engine/tal/sequence.py), when its first words do not say it
    ("" for none: an altitude set is no pilot's allocation).  `goes`: the screen (module) an
    action without a command opens in place of this one, where the step is taken."""

    step = None
    goes = None

    def __init__(self, label, command, fields=None, then=None, needs=None, step=None,
                 goes=None):
        self.label = label
        self.command = command
        self.fields = tuple(fields if fields is not None else
                            [p for p in command if isinstance(p, Field)])
        self.then = then
        self.needs = needs  # a field that must have a value, and what to say when it has none
        if step is not None:
            self.step = step
        if goes is not None:
            self.goes = goes
            self.then = "go_to"

    def takes(self, step):
        """Whether this action takes the engine's next step `step` (`next`: the request's first
        words, "loiter next", "sar")."""
        if self.step is not None:
            return self.step == step
        c = self.command
        if not c or not isinstance(c[0], str) or not step.startswith(c[0]):
            return False
        n = len(c[0])
        return len(step) == n or (len(c) > 1 and isinstance(c[1], str) and step[n] == " " and
                                  step[n + 1:] == c[1])

    def words(self):
        out = []
        for part in self.command:
            if isinstance(part, str):
                out.append(part)
            else:
                out.extend(part.words())
        return out
