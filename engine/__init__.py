"""Table-side companion engine: the game as a library, for CPython, MicroPython and CircuitPython.

No I/O, no clock, no display: a front end (the console, the device screens, the host tools) hands
in request words and the data files' lines, and gets back reply pairs.  Read it top-down:

The dice and the state
    rng         the seeded dice source, identical on every interpreter, allocation-free
    dice        batches "for each", checks, launch-retain X(Y), pick one of N, tally, shuffle
    layout      the size of the state; fields names every 16-bit field of it (the record layout)
    session     dice + fields + undo log; begin/commit/abort make every action atomic and durable
    record      the two-slot, CRC-checked record format (read when resuming); varint, crc

The rules (docs/rules.md; the rulebook's section titles in each module's docstring)
    cups        the Hit, Pop-Up and Ground Forces cups; cupdata/cupparse read their data files
    aircraft    the roster: types, loadout, pilot, status, Bingo, damage markers
    mission     Loiter and Bingo, hits and crashes, engine check, SAR, a mission's phases
    campaign    SO, Day, VP, battalions, the campaign's set-up and end-of-day steps
    pilots      stress, status, Cool, XP, promotion, the type each pilot flies
    tables      the rulebook's tables; sheets the tables printed on the game's sheets, cards the
                Campaign and Situation cards and the result (datatables reads their files)
    ask         roll and ask: a row the documents do not print is asked; answers keeps the player's
    exp3, golan the game packs (Expansion #3 Close Air Support; the Golan d6 game)

The line protocol (docs/PROTOCOL.md)
    protocol    a request line in, one JSON reply line out; `execute` is the screens' path too
    parse       request words and the Reject error; jsonline the ordered JSON writer
    cmd_*       the commands of each rules module, imported on first use (cupcmd: the cups';
                cmd_setup: the campaign's set-up and result; cmd_day: the day's end; cmd_mix: the
                counter mixes)
"""
