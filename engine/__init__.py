"""Table-side companion engine: the game as a library, for CPython, MicroPython and CircuitPython.

No I/O, no clock, no display: a front end (the console, the device screens, the host tools) hands
in request words and the data files' lines, and gets back reply pairs.  A folder is a part of the
game; adding a game is adding a folder (and a line per command in core/protocol.py's table).
Read it top-down:

core/  the dice, the state and the line protocol, for any game
    rng         the seeded dice source, identical on every interpreter, allocation-free
    dice        batches "for each", checks, launch-retain X(Y), pick one of N, tally, shuffle
    layout      the size of the state and the line; tal/fields names every 16-bit field of it
    session     dice + fields + undo log; begin/commit/abort make every action atomic and durable
    record      the two-slot, CRC-checked record format (read when resuming); undolog, varint, crc
    protocol    a request line in, one JSON reply line out (docs/PROTOCOL.md); `execute` is the
                screens' path too; its command table names each command's module
    sidefiles   the files a request writes beside the state (an answer, a counter mix): staged,
                then kept once the state is saved (docs/storage.md)
    parse       request words and the Reject error; jsonline the ordered JSON writer
    datafile    the data files' reader (data/README.md); datatables the look-up of their rows
    cmd_dice, cmd_record   the dice and record commands

tal/  Thunderbolt Apache Leader (docs/rules.md; the rulebook's section titles in each docstring)
    fields      every field of the state, by rules section (the record layout)
    cups/       the Hit, Pop-Up and Ground Forces cups: counters (the words), data (the files,
                parsed by fileformat), state (where each counter is), rules (the draws),
                commands (cmd_cup loads them in order), check, mine (whose mix: `mix`,
                `mix CUP confirm`; a campaign draws only from the player's)
    aircraft    the roster: types, loadout, pilot, status, Bingo, damage markers
    mission     hits and crashes, a mission's phases; loiter Loiter and Bingo, engine check, SAR
    campaign    SO, Day, VP, the campaign's set-up and end-of-day steps; battalions the sector
                map's range bands and the enemy battalions on it
    pilots      stress, status, Cool, XP, promotion, the type each pilot flies
    tables      the rulebook's tables; sheets, scout_table and band_tables the tables printed on
                the game's sheets (Ridge Evasion and Movement; the Scout; a range band's stress
                and weight penalty), cards the Campaign and Situation cards and the result
    ask         roll and ask: a row the documents do not print is asked; answers keeps the player's
    sequence    where the sequence of play stands and its next step (`next`), for the screens
    cmd_*       the commands of each, imported on first use (cmd_attack: `ac attacked`;
                cmd_loiter: a mission's turns on the battlefield; cmd_setup: the campaign's set-up
                and result; cmd_day: the day's end; cmd_mix: entering a counter mix; cmd_game: which
                game the campaign plays)

exp3/, golan/  the game packs (Expansion #3 Close Air Support; the Golan d6 game): rules, data,
    commands; a build may leave either out (engine/manifest.py)

datacheck   every data file checked the way the engine reads it (host tools, tests)
helpforms/  the forms `help COMMAND` answers, one page of the docs each
"""
