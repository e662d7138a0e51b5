"""Never imported: frozen with the app (manifest.py), it puts the names that importing
the app's modules makes into the firmware's ROM (host_tools/building/frozen_names.py says why).
Made by `python -m host_tools.building.frozen_names`; do not edit.
"""


def _names():
    import engine
    import engine.core
    from engine import core
    import engine.core.cmd_dice
    from engine.core import cmd_dice
    import engine.core.cmd_record
    from engine.core import cmd_record
    import engine.core.crc
    from engine.core import crc
    import engine.core.datafile
    from engine.core import datafile
    import engine.core.datatables
    from engine.core import datatables
    import engine.core.dice
    from engine.core import dice
    import engine.core.jsonline
    from engine.core import jsonline
    import engine.core.layout
    from engine.core import layout
    import engine.core.parse
    from engine.core import parse
    import engine.core.protocol
    from engine.core import protocol
    import engine.core.record
    from engine.core import record
    import engine.core.rng
    from engine.core import rng
    import engine.core.session
    from engine.core import session
    import engine.core.sidefiles
    from engine.core import sidefiles
    import engine.core.undolog
    from engine.core import undolog
    import engine.core.unload
    from engine.core import unload
    import engine.core.varint
    from engine.core import varint
    import engine.datacheck
    from engine import datacheck
    import engine.exp3
    from engine import exp3
    import engine.exp3.cmd_assault
    from engine.exp3 import cmd_assault
    import engine.exp3.cmd_cas
    from engine.exp3 import cmd_cas
    import engine.exp3.data
    from engine.exp3 import data
    import engine.exp3.rules
    from engine.exp3 import rules
    import engine.golan
    from engine import golan
    import engine.golan.commands
    from engine.golan import commands
    import engine.golan.rules
    from engine.golan import rules
    import engine.helpforms
    from engine import helpforms
    import engine.helpforms.campaign
    from engine.helpforms import campaign
    import engine.helpforms.cups
    from engine.helpforms import cups
    import engine.helpforms.exp3
    from engine.helpforms import exp3
    import engine.helpforms.golan
    from engine.helpforms import golan
    import engine.helpforms.mission
    from engine.helpforms import mission
    import engine.helpforms.protocol
    from engine.helpforms import protocol
    import engine.tal
    from engine import tal
    import engine.tal.aircraft
    from engine.tal import aircraft
    import engine.tal.aircraft_card
    from engine.tal import aircraft_card
    import engine.tal.answers
    from engine.tal import answers
    import engine.tal.ask
    from engine.tal import ask
    import engine.tal.band_tables
    from engine.tal import band_tables
    import engine.tal.battalions
    from engine.tal import battalions
    import engine.tal.campaign
    from engine.tal import campaign
    import engine.tal.cards
    from engine.tal import cards
    import engine.tal.cmd_ac
    from engine.tal import cmd_ac
    import engine.tal.cmd_attack
    from engine.tal import cmd_attack
    import engine.tal.cmd_campaign
    from engine.tal import cmd_campaign
    import engine.tal.cmd_day
    from engine.tal import cmd_day
    import engine.tal.cmd_game
    from engine.tal import cmd_game
    import engine.tal.cmd_loiter
    from engine.tal import cmd_loiter
    import engine.tal.cmd_mission
    from engine.tal import cmd_mission
    import engine.tal.cmd_mix
    from engine.tal import cmd_mix
    import engine.tal.cmd_pilots
    from engine.tal import cmd_pilots
    import engine.tal.cmd_setup
    from engine.tal import cmd_setup
    import engine.tal.cmd_tables
    from engine.tal import cmd_tables
    import engine.tal.cups
    from engine.tal import cups
    import engine.tal.cups.check
    from engine.tal.cups import check
    import engine.tal.cups.cmd_cup
    from engine.tal.cups import cmd_cup
    import engine.tal.cups.commands
    from engine.tal.cups import commands
    import engine.tal.cups.counters
    from engine.tal.cups import counters
    import engine.tal.cups.data
    from engine.tal.cups import data
    import engine.tal.cups.fileformat
    from engine.tal.cups import fileformat
    import engine.tal.cups.mine
    from engine.tal.cups import mine
    import engine.tal.cups.rules
    from engine.tal.cups import rules
    import engine.tal.cups.state
    from engine.tal.cups import state
    import engine.tal.fields
    from engine.tal import fields
    import engine.tal.loiter
    from engine.tal import loiter
    import engine.tal.mission
    from engine.tal import mission
    import engine.tal.pilots
    from engine.tal import pilots
    import engine.tal.scout_table
    from engine.tal import scout_table
    import engine.tal.sequence
    from engine.tal import sequence
    import engine.tal.sheets
    from engine.tal import sheets
    import engine.tal.tables
    from engine.tal import tables
    import firmware
    import firmware.app
    from firmware import app
    import firmware.boards
    from firmware import boards
    import firmware.boards.circuitpython.boot
    from firmware.boards.circuitpython import boot
    import firmware.boards.circuitpython.code
    from firmware.boards.circuitpython import code
    import firmware.boards.frozen_fonts
    from firmware.boards import frozen_fonts
    import firmware.boards.micropython.main
    from firmware.boards.micropython import main
    import firmware.bundle
    from firmware import bundle
    import firmware.canvas
    from firmware import canvas
    import firmware.cmdlog
    from firmware import cmdlog
    import firmware.console
    from firmware import console
    import firmware.counter_words
    from firmware import counter_words
    import firmware.datafiles
    from firmware import datafiles
    import firmware.device
    from firmware import device
    import firmware.display_displayio
    from firmware import display_displayio
    import firmware.display_framebuf
    from firmware import display_framebuf
    import firmware.display_web
    from firmware import display_web
    import firmware.entropy
    from firmware import entropy
    import firmware.fonts
    from firmware import fonts
    import firmware.inks
    from firmware import inks
    import firmware.journal
    from firmware import journal
    import firmware.keyboard
    from firmware import keyboard
    import firmware.keys
    from firmware import keys
    import firmware.keystore
    from firmware import keystore
    import firmware.lines
    from firmware import lines
    import firmware.pathcheck
    from firmware import pathcheck
    import firmware.pickers
    from firmware import pickers
    import firmware.playerfiles
    from firmware import playerfiles
    import firmware.power
    from firmware import power
    import firmware.prefs
    from firmware import prefs
    import firmware.raster
    from firmware import raster
    import firmware.screen_text
    from firmware import screen_text
    import firmware.screens
    from firmware import screens
    import firmware.screens.ask
    from firmware.screens import ask
    import firmware.screens.campaign
    from firmware.screens import campaign
    import firmware.screens.campaign_replies
    from firmware.screens import campaign_replies
    import firmware.screens.confirm
    from firmware.screens import confirm
    import firmware.screens.counters
    from firmware.screens import counters
    import firmware.screens.cups
    from firmware.screens import cups
    import firmware.screens.exp3
    from firmware.screens import exp3
    import firmware.screens.form
    from firmware.screens import form
    import firmware.screens.golan
    from firmware.screens import golan
    import firmware.screens.hits
    from firmware.screens import hits
    import firmware.screens.menu
    from firmware.screens import menu
    import firmware.screens.mission
    from firmware.screens import mission
    import firmware.screens.mix
    from firmware.screens import mix
    import firmware.screens.notice
    from firmware.screens import notice
    import firmware.screens.results
    from firmware.screens import results
    import firmware.screens.reveal
    from firmware.screens import reveal
    import firmware.screens.roll
    from firmware.screens import roll
    import firmware.screens.rules
    from firmware.screens import rules
    import firmware.screens.selftest
    from firmware.screens import selftest
    import firmware.screens.settings
    from firmware.screens import settings
    import firmware.screens.spell
    from firmware.screens import spell
    import firmware.screens.tables
    from firmware.screens import tables
    import firmware.screens.undo
    from firmware.screens import undo
    import firmware.screens.words
    from firmware.screens import words
    import firmware.serial_link
    from firmware import serial_link
    import firmware.storage
    from firmware import storage
    import firmware.ui
    from firmware import ui
    import firmware.usb_link
    from firmware import usb_link
    import firmware.widgets
    from firmware import widgets
    import hardware
    import hardware.board
    from hardware import board
    import hardware.micropython_board
    from hardware import micropython_board
    import hardware.pico_lcd_114
    from hardware import pico_lcd_114
    import hardware.pybadge
    from hardware import pybadge
    import hardware.pybadge_micropython
    from hardware import pybadge_micropython
    import hardware.pybadge_parts
    from hardware import pybadge_parts
    import hardware.st7789
    from hardware import st7789
    import hardware.web
    from hardware import web
    return ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z")
