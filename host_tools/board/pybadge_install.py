"""`make install-pybadge`: put the firmware image (dist/tal-pybadge.uf2, `make firmware-pybadge`)
on a PyBadge, keeping the campaign.

MicroPython's samd port formats a flash it cannot mount: on the first start of the image, the
badge's CircuitPython drive (CIRCUITPY, FAT on the QSPI flash) becomes littlefs, and the campaign
on it (tal-save.bin), the settings and the data files the player edited go with it.  So, coming
from CircuitPython (MOUNT= the CIRCUITPY drive):
  1. the campaign, settings and data/ are copied off the drive into a backup folder on this
     computer (the two journals as they are, and read: the campaign's newest record, the
     settings), and the backup is read back before anything else happens;
  2. the player is told what the install erases and where the backup is, and confirms;
  3. the player double-clicks reset: the UF2 bootloader's drive (PYBADGEBOOT) appears, and the
     image is copied onto it; the badge restarts into MicroPython, which formats the flash;
  4. once the image answers on its USB serial port (mpremote), the data files go back (then
     the shipped ones the badge lacks: `make deploy`'s rules, an edited file kept), the campaign
     as the image keeps it (/tal.state, /tal.prefs: hardware/pybadge_micropython.py), read back
     and compared, and the badge restarts with it.
A badge that runs the image already keeps its flash through a new image (a UF2 writes only the
chip's own flash): without MOUNT, only steps 3 and 4 for the data files.  When step 4 cannot
finish, the backup stays and `RESTORE=that folder` puts it on later; a badge that holds another
campaign by then is asked about first.  Every failure is one line (InstallError) saying what to do.
"""

import os
import shutil
import sys
import time

from host_tools.board import deploy, pull
from host_tools.board.mpremote import Mpremote, MpremoteError

UF2_NAME = "tal-pybadge.uf2"
BOOT_NAME = "PYBADGEBOOT"
BACKUP = "tal-pybadge-backup"  # the default backup folder, in the current directory
STATE = "tal.state"  # the backup's campaign, as the image keeps it (one framed record)
PREFS = "tal.prefs"
# Where the image keeps them (hardware/pybadge_micropython.py)
BOARD_STATE = "/tal.state"
BOARD_PREFS = "/tal.prefs"
# Where a computer mounts a USB drive
DRIVE_ROOTS = ("/media/%(user)s", "/run/media/%(user)s", "/media", "/Volumes")
WAIT_S = 120


class InstallError(Exception):
    """The install stopped; the message says why and what to do."""


# --- 1. the backup ------------------------------------------------------------------------------
def backup(mount, dest, log=print):
    """Copy the campaign, the settings and data/ off CIRCUITPY at `mount` into `dest`; return
    the campaign's framed record (None: the drive holds none)."""
    from firmware.journal import Journal, JournalBlob, JournalStore
    from host_tools.building.dist import pybadge_journals

    deploy.board_version(mount)  # refuses what is not a CircuitPython drive
    if os.path.exists(dest) and os.listdir(dest):
        raise InstallError("%s exists and is not empty: name another backup folder (BACKUP=...) "
                           "or move that one away; nothing was changed" % dest)
    os.makedirs(dest, exist_ok=True)
    journals = {}
    for name, ring, kind in pybadge_journals():
        src = os.path.join(mount, name)
        if os.path.isfile(src):
            shutil.copyfile(src, os.path.join(dest, name))  # as it is: nothing read is lost
            journals[kind] = (os.path.join(dest, name), ring)
    frame = None
    from firmware.journal import SETTINGS, STATE as KIND_STATE

    if KIND_STATE in journals:
        path, ring = journals[KIND_STATE]
        frames = JournalStore(Journal(path, ring, KIND_STATE, 16384, _no_sync)).frames()
        if frames:
            try:
                frame = pull._newest(frames)
            except pull.PullError as e:
                raise InstallError("the campaign on %s cannot be read (%s): nothing was changed; "
                                   "the drive's files are copied in %s" % (mount, e, dest))
            _write(os.path.join(dest, STATE), frame)
    if SETTINGS in journals:
        path, ring = journals[SETTINGS]
        blob = JournalBlob(Journal(path, ring, SETTINGS, 64, _no_sync)).read()
        if blob:
            _write(os.path.join(dest, PREFS), blob)
    data = os.path.join(mount, "data")
    if os.path.isdir(data):
        shutil.copytree(data, os.path.join(dest, "data"))
    # read back what the badge will get: the record checks, the data files are all there
    if frame is not None:
        with open(os.path.join(dest, STATE), "rb") as f:
            if f.read() != frame:
                raise InstallError("the backup in %s did not read back: nothing was changed" % dest)
        pull.check(frame)
    return frame


def _no_sync():
    pass


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def what_goes(mount, dest, frame):
    """The lines said before anything is erased."""
    n = len(deploy._tree(os.path.join(dest, "data")))
    campaign = ("the campaign (%s)" % pull.summary(frame)) if frame is not None \
        else "no campaign (tal-save.bin holds none)"
    return ["Installing the firmware image erases the CIRCUITPY drive (%s): MicroPython formats "
            "the badge's flash for itself at its first start, and every file on the drive goes." % mount,
            "Saved first on this computer, in %s: %s, %s, and %d data files." % (
                dest, campaign, "the settings" if os.path.isfile(os.path.join(dest, PREFS))
                else "no settings", n),
            "They go back onto the badge once the image runs. Files of your own on CIRCUITPY "
            "other than these are not kept: copy them off now if you want them."]


# --- 3. the image onto the bootloader's drive -----------------------------------------------------
def _drives(file_name, says, roots=None):
    """The mounted drives holding `file_name` whose start has `says` in it."""
    user = os.environ.get("USER", "")
    found = []
    for root in roots or [r % {"user": user} for r in DRIVE_ROOTS]:
        try:
            names = sorted(os.listdir(root))
        except OSError:
            continue
        for name in names:
            try:
                with open(os.path.join(root, name, file_name), errors="replace") as f:
                    text = f.read(1000)
            except OSError:
                continue
            if says in text and os.path.join(root, name) not in found:
                found.append(os.path.join(root, name))
    return found


def boot_drives(roots=None):
    """The mounted UF2 bootloader drives of a SAMD51 board (INFO_UF2.TXT names the chip)."""
    return _drives("INFO_UF2.TXT", "SAMD51", roots)


def circuitpython_drives(roots=None):
    """The mounted CIRCUITPY drives (boot_out.txt names CircuitPython)."""
    return _drives("boot_out.txt", "CircuitPython", roots)


def wait_for_boot_drive(boot=None, roots=None, wait_s=WAIT_S, sleep=time.sleep, log=print):
    """The bootloader's drive: `boot` when given, else the first found under `roots`."""
    log("Now double-click the badge's reset button: a drive named %s appears (waiting up to %d "
        "s; Ctrl-C stops)." % (BOOT_NAME, wait_s))
    for _ in range(int(wait_s)):
        if boot:
            if os.path.isfile(os.path.join(boot, "INFO_UF2.TXT")):
                return boot
        else:
            drives = boot_drives(roots)
            if drives:
                return drives[0]
        sleep(1)
    raise InstallError("no %s drive appeared%s: double-click reset (the badge's lights turn "
                       "green), or give the drive: BOOT=/path/to/%s" % (
                           BOOT_NAME, " at %s" % boot if boot else "", BOOT_NAME))


def copy_image(uf2, drive, log=print):
    from host_tools.building.pybadge_firmware import UF2_FAMILY, check_uf2

    try:
        family, _start, _n = check_uf2(uf2)
    except (OSError, ValueError) as e:
        raise InstallError("%s is not a usable image (%s): make firmware-pybadge" % (uf2, e))
    if family != UF2_FAMILY:
        raise InstallError("%s is for another chip (UF2 family 0x%08x): make firmware-pybadge"
                           % (uf2, family))
    dst = os.path.join(drive, UF2_NAME)
    with open(uf2, "rb") as f, open(dst, "wb") as g:
        g.write(f.read())
        g.flush()
        os.fsync(g.fileno())  # the bootloader restarts the badge once the last block lands
    log("Copied %s onto %s: the badge restarts into the image." % (os.path.basename(uf2), drive))


# --- 4. back onto the badge -----------------------------------------------------------------------
def wait_for_image(mp, wait_s=WAIT_S, sleep=time.sleep, log=print):
    """Wait until the image answers on `mp`'s port; InstallError if what answers is not it."""
    log("Waiting for the image on %s ..." % mp.port)
    last = None
    for _ in range(max(1, int(wait_s // 2))):
        try:
            name, version = mp.implementation()
            break
        except MpremoteError as e:
            last = e
            sleep(2)
    else:
        raise InstallError("the badge did not answer on %s (%s): once it runs the image, "
                           "make install-pybadge PORT=... RESTORE=<the backup folder>" % (
                               mp.port, last))
    out = mp.run(["exec", "import sys\nprint('=platform', sys.platform)"], "asking the badge "
                 "which port it runs")
    platform = [l.split()[1] for l in out.splitlines() if l.startswith("=platform ")]
    if name != "micropython" or platform != ["samd"] or not mp.firmware_layout()["frozen"]:
        raise InstallError("%s runs %s %s on %s, not the PyBadge's firmware image: copy %s "
                           "onto its %s drive" % (mp.port, name, ".".join(map(str, version)),
                                                  (platform or ["?"])[0], UF2_NAME, BOOT_NAME))
    log("The badge runs the image (MicroPython %s)." % ".".join(map(str, version)))


def board_record(mp):
    """The newest record the badge holds, or None."""
    try:
        return pull.via_mpremote(mp, BOARD_STATE)
    except (pull.PullError, MpremoteError):
        return None


def restore(mp, src, dist, confirm=input, log=print):
    """Put the backup folder `src` on the badge: data/, then the shipped data files it lacks,
    then the campaign and settings; read the campaign back; restart the badge."""
    data = os.path.join(src, "data")
    mine = deploy._tree(data) if os.path.isdir(data) else []
    if mine:
        parents = set()
        for r in mine:
            parts = ("data/" + r).split("/")[:-1]
            parents |= {"/".join(parts[:i]) for i in range(1, len(parts) + 1)}
        args = ["exec", mp.makedirs_code(parents)]
        for r in mine:
            args += ["+", "fs", "cp", os.path.join(data, r), ":data/" + r]
        mp.run(args, "putting your data files back")
        log("Your %d data files are back on the badge." % len(mine))
    deploy.to_micropython(os.path.join(dist, "micropython"), mp, restart=False, log=log)
    state = os.path.join(src, STATE)
    if os.path.isfile(state):
        with open(state, "rb") as f:
            frame = f.read()
        pull.check(frame)
        there = board_record(mp)
        if there is not None and there != frame:
            log("The badge holds a campaign already: %s." % pull.summary(there))
            log("The backup holds: %s." % pull.summary(frame))
            if confirm("Replace the badge's with the backup's? Type yes: ").strip().lower() != "yes":
                raise InstallError("the badge's campaign was kept; the backup stays in %s" % src)
        args = ["fs", "cp", state, ":" + BOARD_STATE, "+", "exec",
                "import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass" % (BOARD_STATE + ".1")]
        prefs = os.path.join(src, PREFS)
        if os.path.isfile(prefs):
            args += ["+", "fs", "cp", prefs, ":" + BOARD_PREFS]
        mp.run(args, "putting the campaign back")
        if board_record(mp) != frame:
            raise InstallError("the campaign did not read back from the badge: it stays in %s; "
                               "make install-pybadge PORT=... RESTORE=%s tries again" % (src, src))
        log("The campaign is on the badge: %s." % pull.summary(frame))
    mp.run(["reset"], "restarting the badge")
    log("The badge restarts with the app.")


# --- the whole install ----------------------------------------------------------------------------
def install(port, mount=None, uf2=None, backup_dir=None, restore_dir=None, boot=None,
            dist=None, confirm=input, log=print, runner=None, roots=None, sleep=time.sleep,
            wait_s=WAIT_S):
    """The steps of the module's docstring; returns the backup folder used (or None)."""
    from host_tools.building.dist import DIST

    dist = dist or DIST
    uf2 = uf2 or os.path.join(dist, UF2_NAME)
    mp = Mpremote(port) if runner is None else Mpremote(port, runner)
    try:
        if restore_dir:  # the badge runs the image already: only put a backup back
            if not os.path.isdir(restore_dir):
                raise InstallError("%s is not a folder: give the backup folder an install made "
                                   "(RESTORE=tal-pybadge-backup)" % restore_dir)
            wait_for_image(mp, wait_s, sleep, log)
            restore(mp, restore_dir, dist, confirm, log)
            return restore_dir
        if not os.path.isfile(uf2):
            raise InstallError("%s is missing: make firmware-pybadge MICROPY_DIR=... first (or "
                               "UF2=path/to/it)" % uf2)
        src = None
        if not mount:
            there = circuitpython_drives(roots)
            if there:  # a badge on CircuitPython: its campaign must be saved first
                raise InstallError("a CIRCUITPY drive is mounted (%s): the image would erase it; "
                                   "give it, MOUNT=%s, and its campaign is saved first" % (
                                       there[0], there[0]))
            log("A badge that runs the image already keeps its files and campaign through a new "
                "one (the image writes only the chip's own flash).")
        if mount:
            src = os.path.abspath(backup_dir or BACKUP)
            frame = backup(mount, src, log)
            for line in what_goes(mount, src, frame):
                log(line)
            if confirm("Install the firmware image? Type yes: ").strip().lower() != "yes":
                raise InstallError("nothing was installed; the backup is in %s" % src)
        drive = wait_for_boot_drive(boot, roots, wait_s, sleep, log)
        copy_image(uf2, drive, log)
        wait_for_image(mp, wait_s, sleep, log)
        if src:
            restore(mp, src, dist, confirm, log)
            log("The backup stays in %s (delete it once the badge plays on)." % src)
        else:
            deploy.to_micropython(os.path.join(dist, "micropython"), mp, log=log)
        return src
    except MpremoteError as e:
        raise InstallError("%s%s" % (e, "; the backup stays in %s: make install-pybadge PORT=... "
                                        "RESTORE=%s" % (backup_dir or BACKUP, backup_dir or BACKUP)
                                     if mount or restore_dir else ""))
    except deploy.DeployError as e:
        raise InstallError(str(e))
    except KeyboardInterrupt:
        raise InstallError("interrupted%s" % (
            "; the backup is in %s (RESTORE=... puts it on a badge running the image)"
            % (backup_dir or BACKUP) if mount else ""))


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(prog="python -m host_tools.board.pybadge_install",
                                description="Put the firmware image on a PyBadge, keeping the "
                                            "campaign (make install-pybadge).")
    p.add_argument("--port", default="auto", help="the badge's serial port once it runs the "
                                                  "image (default: the first mpremote finds)")
    p.add_argument("--mount", help="the CIRCUITPY drive, when the badge runs CircuitPython now")
    p.add_argument("--uf2", help="the image (default dist/tal-pybadge.uf2)")
    p.add_argument("--boot", help="the PYBADGEBOOT drive (default: looked for)")
    p.add_argument("--backup", help="where to save the campaign (default ./%s)" % BACKUP)
    p.add_argument("--restore", help="a backup folder to put on a badge running the image")
    a = p.parse_args(argv)
    try:
        install(a.port, a.mount, a.uf2, a.backup, a.restore, a.boot)
    except InstallError as e:
        sys.stderr.write("error: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
