"""Each board's real flash write path (host_tools/benches/flashsim.py on the MicroPython unix port, whose
FatFs and littlefs are the boards'), driven by the real engine playing a campaign: a power cut at
every flash operation of a run of saves (and again at every operation of the save after each
cut) always restarts on the newest acknowledged state or the one being written, never on
defaults, never damages the other files of the drive, and the next action is saved; so does a
cut that tears an erase (some 256-byte pages erased, others not), from the first start on, and
on the PyBadge's settings; the flash lasts ten years and more at
2,880 saved actions a week.  The PyBadge's first storage (two slots in microcontroller.nvm) is run
too: it loses the campaign and wears out in weeks, which is why it is gone."""

import pytest

from host_tools.benches import flash_bench


@pytest.fixture(scope="module")
def lines(tmp_path_factory):
    path = tmp_path_factory.mktemp("flash") / "campaign.txt"
    path.write_text("\n".join(flash_bench.campaign_lines()) + "\n")
    return str(path)


def _cuts(lines, board, phase, first, count, depth=1, torn="first"):
    result, fails, out = flash_bench.run(["cuts", board, phase, lines, first, count, depth, torn])
    return result, fails


@pytest.mark.parametrize("torn", ["last", "even", "odd"])
def test_pybadge_journal_saves_again_after_a_cut_that_tears_an_erase(lines, torn):
    """A cut during an erase ahead leaves some pages of the sector erased and others not: a block
    erased in its first page only reads erased to CircuitPython, which then programs it instead
    of erasing it.  Saves 40 to 52 erase ahead several times."""
    r, fails = _cuts(lines, "pybadge", 3, 40, 12, torn=torn)
    assert fails == [] and r["failures"] == 0 and r["trials"] > 100, fails[:5]


def test_pybadge_first_saves_after_deploy_survive_a_cut_at_every_operation(lines):
    """The first start reads only (make deploy made the files); its first saves, cut anywhere,
    leave the state before or after, and the device saves again (a torn first record is no
    damaged save)."""
    r, fails = _cuts(lines, "pybadge", 0, 0, 6, torn="even")
    assert fails == [] and r["failures"] == 0 and r["trials"] > 5, fails[:5]


@pytest.mark.parametrize("phase,torn", [(3, "even"), (5, "last"), (0, "first")])
def test_pybadge_settings_survive_a_cut_at_every_operation_of_a_change(phase, torn):
    """hardware/pybadge.py's settings file (ring 48), 60 changes (laps, erases ahead): a cut
    anywhere restarts on the settings before or after, and the next change is saved."""
    from host_tools.building import dist

    trials = open(flash_bench.__file__.replace("flash_bench", "flash_trials")).read()
    ring = dict((n, r) for n, r, _k in dist.pybadge_journals())["tal-settings.bin"]
    assert "SETTINGS_RING = %d\n" % ring in trials  # the model's file is the board's
    result, fails, out = flash_bench.run(["settings", phase, 60, torn])
    assert fails == [] and result["failures"] == 0 and result["trials"] > 200, fails[:5]


@pytest.mark.parametrize("phase", [0, 3, 6])
def test_pybadge_journal_keeps_the_campaign_through_a_cut_at_every_operation(lines, phase):
    """40 saves of a campaign on a small journal (several laps, erasing ahead), the journal's
    blocks at three offsets in the 4 KiB sectors."""
    r, fails = _cuts(lines, "pybadge", phase, 30, 40)
    assert fails == [] and r["failures"] == 0
    assert r["trials"] > 400 and 0 < r["new"] < r["trials"]  # both outcomes happen


@pytest.mark.parametrize("phase", [1, 5])
def test_pybadge_journal_keeps_it_through_a_cut_during_the_save_after_a_cut(lines, phase):
    """After a cut leaves a torn record, the next save erases ahead of it: a cut there too.
    Actions 48 to 50 (the set-up's two cup confirmations save nothing): the 50th erases ahead on
    both phases (many operations, so many trials)."""
    r, fails = _cuts(lines, "pybadge", phase, 48, 3, depth=2)
    assert fails == [] and r["failures"] == 0 and r["trials"] > 500


def test_pico_littlefs_keeps_the_campaign_through_cuts(lines):
    r, fails = _cuts(lines, "pico", 0, 30, 30)
    assert fails == [] and r["failures"] == 0 and r["trials"] > 200
    r, fails = _cuts(lines, "pico", 0, 44, 2, depth=2)
    assert fails == [] and r["failures"] == 0


def test_the_first_pybadge_storage_lost_the_campaign_to_a_cut(lines):
    """Two slots in nvm's one flash block: a cut after its erase left nothing (evidence for the
    redesign; the code is gone from the firmware)."""
    r, fails = _cuts(lines, "pybadge-nvm", 0, 30, 3)
    assert r["failures"] > 0 and any("defaults" in f for f in fails)


@pytest.mark.parametrize("board,endurance,minimum", [
    ("pybadge", 100000, 10), ("pico", 100000, 10), ("pybadge-nvm", 10000, 0)])
def test_flash_life_at_the_stated_rate_of_play(lines, board, endurance, minimum):
    r, fails, out = flash_bench.run(["wear", board, 1500, lines, flash_bench.SETUP])
    life = flash_bench.years(r, endurance)
    if minimum:
        assert life >= minimum, out
    else:
        assert life < 0.2, out  # the old nvm design: weeks


def _sides(board, torn="first", laps=0, count=11):
    result, fails, _out = flash_bench.run(["sides", board, 0, count, torn, laps])
    return result, fails


@pytest.mark.parametrize("torn,laps", [("first", 0), ("odd", 20)])
def test_pybadge_answers_and_mixes_survive_a_cut_at_every_operation(torn, laps):
    """Answers and a counter mix on the PyBadge (issue 42): the entries in tal-data.bin, the
    state in tal-save.bin, a cut at every flash operation of each step, with erases ahead torn
    (laps: the entries' journal goes round first): the state and the entries each before or
    after the step, the entries never ahead of the state, never half, the drive's files as
    they were (no file made or grown), and the device goes on."""
    from host_tools.building import dist

    trials = open(flash_bench.__file__.replace("flash_bench", "flash_trials")).read()
    ring = dict((n, r) for n, r, _k in dist.pybadge_journals())["tal-data.bin"]
    assert "DATA_RING = %d\n" % ring in trials  # the model's file is the board's
    r, fails = _sides("pybadge", torn, laps)
    assert fails == [] and r["failures"] == r["ghosts"] == r["halves"] == 0, fails[:5]
    assert r["trials"] > 50 and r["landed"] > 10, r


def test_pico_answers_and_mixes_survive_a_cut_at_every_operation():
    """The same on the Pico's littlefs, the entries as files of its data folder."""
    r, fails = _sides("pico", "first")
    assert fails == [] and r["failures"] == r["ghosts"] == r["halves"] == 0, fails[:5]
    assert r["trials"] > 100 and r["landed"] > 50, r


def test_the_entries_as_files_on_circuitpy_damaged_the_drive():
    """Why the PyBadge keeps them in a journal (evidence, as for nvm above): the same steps
    writing files of CIRCUITPY (the data folder, as before issue 42), cut at every operation,
    left the drive unmountable, the campaign's save or the app's files damaged."""
    r, fails = _sides("pybadge-files", count=3)
    assert any("OSError(19" in f for f in fails) and any("damaged code.py" in f for f in fails)
    assert any("the state is neither" in f for f in fails)
