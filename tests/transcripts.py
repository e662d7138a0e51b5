"""Reading the protocol transcripts out of the docs (fenced ```transcript blocks)."""

import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def doc_files():
    """docs/PROTOCOL.md and every page under docs/protocol/."""
    return [os.path.join(ROOT, "docs", "PROTOCOL.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "protocol", "*.md")))


def blocks(path):
    """[(name, [(request, expected reply)...])] for each transcript block of a page."""
    out = []
    cur = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if cur is None:
                if line.strip() == "```transcript":
                    cur = ("%s:%d" % (os.path.relpath(path, ROOT), n), [])
            elif line.strip() == "```":
                out.append(cur)
                cur = None
            elif line.startswith("> "):
                cur[1].append([line[2:], []])
            elif line.startswith("< "):
                assert cur[1], "%s: reply before any request" % cur[0]
                cur[1][-1][1].append(line[2:])
            elif line.strip():
                raise AssertionError("%s:%d: transcript lines start with '> ' or '< '" % (path, n))
    return out


def all_blocks():
    """Every transcript block of the docs."""
    out = []
    for path in doc_files():
        out.extend(blocks(path))
    return out
