"""A refusal in a screen's words: the engine's messages are written for the serial console and
name its requests ("aircraft 1 has no pilot (ac set 1 pilot K)", "record it with 'campaign
fail'"); on the device the player has actions, so each request becomes the action that makes it
on the screen ("(pilot, on the Roster page)", "'record failure'"), and a pilot's number his name.
Loaded only when a refusal is shown (firmware/screens/form.py `in_words`)."""

from firmware.pickers import Action

# The Campaign's steps that other screens' refusals name (in_words): the action that makes them.
ELSEWHERE = (("campaign ready", "set-up done, on Campaign"), ("day end", "end of day"),
             ("day next", "SO losses"), ("campaign fail", "record failure"),
             ("campaign result", "result, on Campaign"),
             ("campaign start", "new campaign, on Campaign"),
             ("'reset N'", "New game, in Settings,"))


def said(screen, text):
    """`text` (a refusal) with the requests it names as `screen`'s actions."""
    acts = []
    todo = list(screen.actions)
    while todo:
        value = todo.pop()
        if isinstance(value, tuple):
            todo.extend(value)
        elif isinstance(value, Action) and value.command and value not in acts:
            acts.append(value)
    text = _mix(screen, text)
    for _ in range(8):  # each request named, one at a time
        found = _one(screen, acts, text)
        if found is None:
            break
        text = found
    if getattr(screen, "called", None) is not None:  # the Campaign's pilots: by name
        text = _pilots(screen, screen.who, text)
    return _battalions(text)


def _battalions(text):
    """A battalion as its card prints it: "battalion 13A" for the request's "battalion 13a"."""
    at = text.find("battalion ")
    while at >= 0:
        end = at + 10
        while end < len(text) and text[end].isdigit():
            end += 1
        if end > at + 10 and end < len(text) and text[end] in "asc" and (
                end + 1 == len(text) or not text[end + 1].isalpha()):
            text = text[:end] + text[end].upper() + text[end + 1:]
        at = text.find("battalion ", at + 1)
    return text


def _mix(screen, text):
    """The counter mix's requests in brackets, "(mix hit confirm, or mix hit check ...)", as
    where the player makes them: on the Counter mix screen (there, its actions are offered)."""
    at = text.find("(mix ")
    while at >= 0:
        end = text.find(")", at)
        if end < 0:
            break
        if screen.name == "mix":
            text = text[:at].rstrip() + text[end + 1:]
        else:
            text = text[:at] + "(on Counter mix, in the menu)" + text[end + 1:]
        at = text.find("(mix ", at + 1)
    return text


def _one(screen, acts, text):
    """`text` with its first request named as an action, or None when it names none."""
    for act in acts:
        lead = []
        for part in act.command:
            if not isinstance(part, str):
                break
            lead.append(part)
        if len(lead) < 2:
            continue
        lead = lead[:2]  # "mission start" (the aircraft after it are the screen's)
        at = text.find(" ".join(lead))
        if at < 0 or (at and text[at - 1] not in " ('"):
            continue
        end = at
        while end < len(text) and text[end] not in ")',;":
            end += 1
        part = text[at:end]
        for other in acts:  # two actions of one request: the one it names (pilot, altitude)
            if other.command[:len(lead)] == act.command[:len(lead)] and \
                    (" " + other.label) in part:
                act = other
        label = act.label
        for i in range(len(screen.actions)):
            if act in screen.actions[i] and i != screen.page:
                label += ", on the %s page" % screen.PAGES[i]
        return text[:at] + label + text[end:]
    for request, label in ELSEWHERE:
        if request in text:
            return text.replace(request, label)
    return None


def _pilots(screen, who, text):
    """"pilot 1" as his name: "Pirate is not Wounded"."""
    at = text.find("pilot ")
    while at >= 0:
        end = at + 6
        while end < len(text) and text[end].isdigit():
            end += 1
        if end > at + 6 and who.shown(text[at + 6:end]) != text[at + 6:end]:
            text = text[:at] + screen.called(text[at + 6:end]) + text[end:]
        at = text.find("pilot ", at + 1)
    return text
