"""Helpers for the tests of keys, the mouse, the switcher and the window
menu: driving the private Xvfb with xdotool (XTEST), checking that purr
holds no grab, purr.conf files, and purr's own override-redirect popups.

Input goes through xdotool, one invocation per step: each has exited (and
its requests reached the server) before the next starts, and Harness.sync()
after it makes purr handle the events it caused. Nothing here sleeps to
synchronise; what GTK does on its own connection (the switcher popup, the
window menu) is waited for with wait_until deadlines.

Xvfb's default keymap has Super_L on Mod4 (xmodmap -pm shows it), Alt_L on
Mod1 and Num_Lock on Mod2, so the default bindings can be pressed as they
are.
"""

import os
import subprocess

from Xlib import X
from Xlib import display as xdisplay
from Xlib import error as xerror

import geometry_helpers
import harness
import testclient

GRAB_NAMES = {0: 'Success', 1: 'AlreadyGrabbed', 2: 'InvalidTime',
              3: 'NotViewable', 4: 'Frozen'}

# _NET_WM_MOVERESIZE directions (EWMH).
MR_TOPLEFT, MR_TOP, MR_TOPRIGHT, MR_RIGHT = 0, 1, 2, 3
MR_BOTTOMRIGHT, MR_BOTTOM, MR_BOTTOMLEFT, MR_LEFT = 4, 5, 6, 7
MR_MOVE, MR_SIZE_KEYBOARD, MR_MOVE_KEYBOARD, MR_CANCEL = 8, 9, 10, 11


def grab_status(display_name):
    """(pointer, keyboard) status of GrabPointer and GrabKeyboard on the
    root from a fresh connection; whatever succeeded is released again."""
    d = xdisplay.Display(display_name)
    try:
        root = d.screen().root
        p = root.grab_pointer(False, X.ButtonPressMask, X.GrabModeAsync,
                              X.GrabModeAsync, X.NONE, X.NONE,
                              X.CurrentTime)
        k = root.grab_keyboard(False, X.GrabModeAsync, X.GrabModeAsync,
                               X.CurrentTime)
        if p == X.GrabSuccess:
            d.ungrab_pointer(X.CurrentTime)
        if k == X.GrabSuccess:
            d.ungrab_keyboard(X.CurrentTime)
        d.sync()
        return p, k
    finally:
        d.close()


def viewable_override_redirect(h):
    """XIDs of viewable override-redirect children of the root that show
    something (purr's frames are among them: compare snapshots, not
    absolute sets; its invisible InputOnly resize grips are not)."""
    out = set()
    for w in h.root.query_tree().children:
        try:
            a = w.get_attributes()
        except (xerror.BadWindow, xerror.BadDrawable):
            continue
        if (a.override_redirect and a.map_state == X.IsViewable
                and a.win_class != X.InputOnly):
            out.add(w.id)
    return out


class InputTestCase(harness.PurrTestCase):
    """A fresh Xvfb and purr (with the class's purr.conf, if any).

    config: text of purr.conf written before purr starts (None: no
    --config). After every test purr must hold no grab: another client's
    GrabPointer and GrabKeyboard both succeed."""

    config = None
    purr_env = {}  # more of purr's environment
    start_purr = False
    screen_size = None  # (w, h) of the Xvfb screen; None: the harness's

    def setUp(self):
        saved = harness.SCREEN_W, harness.SCREEN_H
        if self.screen_size is not None:
            harness.SCREEN_W, harness.SCREEN_H = self.screen_size
        try:
            super().setUp()
        finally:
            harness.SCREEN_W, harness.SCREEN_H = saved
        self.g = geometry_helpers.Geometry(self.h)
        self.config_path = os.path.join(self.h.tmpdir, 'purr.conf')
        self.before_purr()
        args = list(self.purr_args)
        if self.config is not None:
            self.write_config(self.config)
            args += ['--config', self.config_path]
        # PURR_DEBUG=1 in the test's environment reaches purr (debug lines
        # on its stderr); the harness passes no other variable through.
        env = {'PURR_DEBUG': os.environ.get('PURR_DEBUG')}
        env.update(self.purr_env)
        self.purr = self.h.start_purr(args, env=env)
        self.h.sync()

    def before_purr(self):
        """Called in setUp once the display is up, before purr starts."""

    def tearDown(self):
        super().tearDown()
        if self.purr is not None and self.purr.alive():
            self.h.sync()
            self.assertGrabsFree('after the test')

    # -- purr.conf ---------------------------------------------------------

    def write_config(self, text):
        with open(self.config_path, 'w') as f:
            f.write(text)

    def log_lines(self):
        return self.purr.stderr_lines()

    def reloads(self):
        return sum(1 for l in self.log_lines()
                   if 'configuration reloaded' in l)

    def wait_reloaded(self, before, message='purr to reload purr.conf'):
        self.h.wait_until(lambda: self.reloads() > before, 5, message)
        self.h.sync()

    # -- input -------------------------------------------------------------

    def xdo(self, *args):
        """Run xdotool on the private display and wait until it exits."""
        r = subprocess.run(['xdotool'] + [str(a) for a in args],
                           env=self.h.env(), capture_output=True, text=True,
                           timeout=20, stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise AssertionError('xdotool %s failed (%d): %s%s' % (
                ' '.join(str(a) for a in args), r.returncode, r.stdout,
                r.stderr))
        return r.stdout

    def key(self, *combos):
        """Press and release each combination (xdotool key), one xdotool
        run per combination, syncing with purr after each: a key that
        starts a grab (Alt+F7) must have been handled before the next key
        comes, as with a person typing."""
        for c in combos:
            self.xdo('key', c)
            self.h.sync()

    def move_pointer(self, x, y):
        self.xdo('mousemove', int(x), int(y))
        self.h.sync()

    def pointer(self):
        p = self.h.root.query_pointer()
        return (p.root_x, p.root_y)

    def drag(self, start, end, button=1, via=(), modifier=None):
        """Press button at start, move through via to end, release; with
        modifier (an xdotool key name) held around it."""
        self.move_pointer(*start)
        if modifier:
            self.xdo('keydown', modifier)
        self.xdo('mousedown', button)
        self.h.sync()
        for p in list(via) + [end]:
            self.move_pointer(*p)
        self.xdo('mouseup', button)
        if modifier:
            self.xdo('keyup', modifier)
        self.h.sync()

    # -- grabs -------------------------------------------------------------

    def assertGrabsFree(self, when=''):
        p, k = grab_status(self.h.display_name)
        self.assertEqual(
            (GRAB_NAMES.get(p, p), GRAB_NAMES.get(k, k)),
            ('Success', 'Success'),
            'another client could not grab (pointer, keyboard) %s: a grab '
            'is left' % when)

    # -- windows -----------------------------------------------------------

    def placed(self, x, y, width=300, height=200, client=None, **kw):
        """A mapped test window whose client area is at (x, y) (USPosition
        honoured), synced; purr's frame is around it."""
        w = (client or self.c).create_window(
            x=x, y=y, width=width, height=height,
            normal_hints=dict(kw.pop('normal_hints', {}), us_position=True),
            **kw)
        self.h.sync()
        self.assertManaged(w)
        return w

    def frame(self, w):
        """The visible frame, as the frame window has it (see
        Geometry.frame_rect)."""
        return self.g.frame_rect(w)

    def client(self, w):
        return self.g.client_rect(w)

    def ext(self, w):
        e = self.h.frame_extents(w)
        self.assertIsNotNone(e, '_NET_FRAME_EXTENTS of 0x%x unset'
                             % self.h._id(w))
        return tuple(e)

    def strip_point(self, w, fraction=0.5):
        """A point on the title strip of w: fraction along its width, in
        the middle of the strip's height (below the top border)."""
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        self.assertGreater(top, bottom, 'no title strip on 0x%x: extents %r'
                           % (self.h._id(w), (left, right, top, bottom)))
        return (fx + int(fw * fraction), fy + bottom + (top - bottom) // 2)

    def centre(self, w):
        x, y, cw, ch = self.client(w)
        return (x + cw // 2, y + ch // 2)

    def workarea(self):
        wa = self.g.workarea()
        self.assertIsNotNone(wa, '_NET_WORKAREA unset')
        return wa

    def assertFrameIs(self, w, rect, msg=''):
        """Both the frame window (where it takes the pointer; it holds
        rect) and client + _NET_FRAME_EXTENTS are rect."""
        self.assertEqual(self.frame(w), tuple(rect),
                         'frame window of 0x%x %s' % (self.h._id(w), msg))
        self.assertTrue(geometry_helpers.rect_contains(
            self.g.frame_window_rect(w), rect),
            'frame window of 0x%x is %r, not around %r %s'
            % (self.h._id(w), self.g.frame_window_rect(w), tuple(rect), msg))
        self.assertEqual(self.g.decorated_rect(w), tuple(rect),
                         'client + _NET_FRAME_EXTENTS of 0x%x %s'
                         % (self.h._id(w), msg))

    def is_minimized(self, w):
        return (self.h.wm_state(w) == testclient.IconicState
                and '_NET_WM_STATE_HIDDEN' in self.h.net_wm_state(w))

    def deletes(self, w):
        """WM_DELETE_WINDOW messages w's client has received."""
        w.client.sync()
        return w.client.protocol_messages(w, 'WM_DELETE_WINDOW')

    def new_popup(self, before, timeout=5.0, what='a popup'):
        """Wait for a viewable override-redirect top-level window that is
        not in before and shows on the screen; return its XID (the
        largest, if several). GTK also maps 1x1 helper windows off screen
        at (-100, -100); those are not popups."""
        g = self.h.geometry(self.h.root)
        screen = (0, 0, g[2], g[3])

        def find():
            best, area = None, 0
            for w in viewable_override_redirect(self.h) - before:
                try:
                    r = self.h.outer_rect(w)
                except (xerror.BadWindow, xerror.BadDrawable):
                    continue
                a = geometry_helpers.rect_overlap(r, screen)
                if r[2] > 1 and r[3] > 1 and a > area:
                    best, area = w, a
            return best
        return self.h.wait_until(find, timeout, what + ' to show (a new '
                                 'viewable override-redirect window on '
                                 'the screen)')

    def wait_popups_gone(self, before, timeout=5.0, what='the popup'):
        self.h.wait_until(
            lambda: not (viewable_override_redirect(self.h) - before),
            timeout, what + ' to go (no viewable override-redirect window '
            'other than those before)')
