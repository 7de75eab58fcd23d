#!/usr/bin/python3
"""purr's compositor, checked on the screen and by its event sequences.

Each backend gets the same tests where pixels exist (xrender, gl; GL runs
on Mesa's llvmpipe under Xvfb, forced with --compositor=gl since auto
prefers XRender on a software renderer): the screen is read back from the
root window, which shows the composited result.

- the desktop's background pixmap (_XROOTPMAP_ID) shows where no window is;
- a window at 50 % _NET_WM_WINDOW_OPACITY blends the colour below it;
- an ARGB window's transparent pixels show the desktop;
- a damaged area updates on the screen;
- a framed window has the theme's shadow beside it;
- override-redirect windows show at their place in the stacking order;
- a shaped window shows only its shape;
- event sequences that have broken compositors: opacity changed while a
  window maps, an unmap in the middle of a resize, a window destroyed
  between its damage and the next frame, the root resized (RandR) before
  the first frame;
- bad input: a client damaging its window as fast as it can (frames never
  outnumber vblanks), 1x1 and 16384x16384 windows, a driver without a
  depth-32 GLX config (GL falls back to XRender), another compositor
  holding _NET_WM_CM_S0;
- idle: 20 windows and nothing happening wake purr's main thread zero
  times.

The null backend runs the same pipeline without pixels; --compositor=none
redirects nothing and leaves _NET_WM_CM_S0 to others.
"""

import os
import re
import shutil
import subprocess
import time
import unittest

import Xlib.error
from Xlib import X, Xatom

import harness

TOL = 24
DESKTOP = (0x40, 0x60, 0xc0)
LIGHT_DESKTOP = (0xd0, 0xd0, 0xd0)
RED = (0xff, 0x00, 0x00)
GREEN = (0x00, 0xff, 0x00)
WAIT = 10.0
FRAMESYNC = os.environ.get('FRAMESYNC_CLIENT') or os.path.join(
    os.path.dirname(harness.purr_command()[0]), '..', 'tests', 'integration',
    'framesync-client')


def close_to(c, want, tol=TOL):
    return c is not None and all(abs(a - b) <= tol for a, b in zip(c, want))


def pixel_of(rgb):
    return (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]


class CompTestCase(harness.PurrTestCase):
    """purr with one compositor backend on a private Xvfb."""

    backend = 'xrender'
    desktop = DESKTOP
    purr_env = {'PURR_DEBUG': '1'}  # unredirection is logged at debug level

    def setUp(self):
        self.start_purr = False
        super().setUp()
        self.set_desktop(self.desktop)
        self.purr = self.h.start_purr(['--compositor=' + self.backend],
                                      env=self.purr_env)

    # -- the screen ------------------------------------------------------

    def set_desktop(self, rgb):
        """A root background pixmap, as desktop setters (feh, nitrogen)
        leave it: the root's background and _XROOTPMAP_ID."""
        d = self.h.d
        screen = d.screen()
        pm = screen.root.create_pixmap(32, 32, screen.root_depth)
        gc = pm.create_gc(foreground=pixel_of(rgb))
        pm.fill_rectangle(gc, 0, 0, 32, 32)
        screen.root.change_attributes(background_pixmap=pm)
        screen.root.clear_area()
        screen.root.change_property(d.intern_atom('_XROOTPMAP_ID'),
                                    Xatom.PIXMAP, 32, [pm.id])
        d.sync()

    def at(self, x, y):
        """The colour on the screen at root (x, y)."""
        img = self.h.root.get_image(x, y, 1, 1, X.ZPixmap, 0xffffffff)
        b, g, r = img.data[0], img.data[1], img.data[2]
        return (r, g, b)

    def wait_colour(self, point, want, what, tol=TOL, timeout=WAIT):
        seen = []

        def check():
            seen.append(self.at(*point))
            return close_to(seen[-1], want, tol)
        try:
            harness.wait_until(check, timeout, what, interval=0.05,
                               on_poll=self.h.pump)
        except AssertionError:
            raise AssertionError('%s: %r is %r, not %r after %.0fs' % (
                what, point, seen[-1] if seen else None, want, timeout))

    def screenshot(self, name):
        """A PNG of the screen in the test's directory (kept with
        PURR_IT_KEEP=1), for looking at."""
        path = os.path.join(self.h.tmpdir, name + '.png')
        subprocess.run(['import', '-display', self.h.display_name, '-window',
                        'root', path], env=self.h.env(), timeout=30,
                       capture_output=True, stdin=subprocess.DEVNULL)
        return path

    # -- windows -----------------------------------------------------------

    def coloured(self, rgb, **kw):
        """A managed window painted one colour, mapped and shown."""
        w = self.window(**kw)
        self.paint(w, rgb)
        self.h.wait_until(lambda: self.h.map_state(w) == X.IsViewable, WAIT,
                          'the window to be viewable')
        return w

    def paint(self, w, rgb):
        w.win.change_attributes(background_pixel=pixel_of(rgb))
        w.win.clear_area(0, 0, 0, 0)
        w.client.sync()

    def centre(self, w):
        x, y = self.h.root_position(w)
        g = self.h.geometry(w)
        return (x + g[2] // 2, y + g[3] // 2)

    def set_opacity(self, w, value):
        w.set_cardinals('_NET_WM_WINDOW_OPACITY', [value])
        w.client.sync()

    def stats(self):
        """Stop purr and read the compositor's counters from its log."""
        self.purr.signal(15)
        self.assertEqual(self.purr.wait(10), 0)
        self.purr.expected_exit = True
        for line in reversed(self.purr.stderr_lines()):
            m = re.search(r'compositor: (\d+) frames, (\d+) vblanks, '
                          r'(\d+) damage events', line)
            if m:
                return tuple(int(v) for v in m.groups())
        self.fail('no compositor counters in the log:\n' +
                  self.purr.stderr())

    def repaint_until(self, w, line):
        """Damage w, frame after frame, until purr logs line."""
        end = time.monotonic() + WAIT
        i = 0
        while line not in self.purr.stderr():
            self.assertLess(time.monotonic(), end, 'purr never said %r:\n%s'
                            % (line, self.purr.stderr()))
            self.paint(w, (RED, GREEN)[i % 2])
            i += 1
            time.sleep(0.03)

    def assertAlive(self):
        self.assertTrue(self.purr.alive(), self.purr.stderr())
        self.h.sync()


class Pixels:
    """Tests that read the composited screen; mixed into one class per
    backend."""

    def test_desktop_background_shows(self):
        self.wait_colour((5, 5), self.desktop, 'the desktop pixmap')
        self.wait_colour((harness.SCREEN_W - 5, harness.SCREEN_H - 5),
                         self.desktop, 'the desktop pixmap, far corner')

    def test_window_content_shows(self):
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        self.wait_colour(self.centre(w), RED, 'the window')
        self.screenshot('window')

    def test_half_opacity_blends_with_what_is_below(self):
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        self.wait_colour(self.centre(w), RED, 'the opaque window')
        self.set_opacity(w, 0x7fffffff)
        want = tuple((a + b) // 2 for a, b in zip(RED, self.desktop))
        self.wait_colour(self.centre(w), want, 'a 50% window')
        # Back to opaque when the property goes.
        w.delete_prop('_NET_WM_WINDOW_OPACITY')
        w.client.sync()
        self.wait_colour(self.centre(w), RED, 'opaque again')

    def test_argb_window_transparent_pixels_show_the_desktop(self):
        d = self.c.d
        screen = d.screen()
        visual = None
        for depth in screen.allowed_depths:
            if depth.depth == 32:
                for v in depth.visuals:
                    if v.visual_class == X.TrueColor:
                        visual = v.visual_id
                        break
        self.assertIsNotNone(visual, 'Xvfb has a 32-bit TrueColor visual')
        cmap = screen.root.create_colormap(visual, X.AllocNone)
        win = screen.root.create_window(
            300, 300, 200, 120, 0, 32, X.InputOutput, visual,
            colormap=cmap, border_pixel=0, background_pixel=0x00000000,
            event_mask=X.ExposureMask)
        win.set_wm_name('argb')
        win.map()
        d.sync()
        self.h.wait_until(lambda: self.h.map_state(win.id) == X.IsViewable,
                          WAIT, 'the ARGB window to map')
        x, y = self.h.root_position(win.id)
        self.wait_colour((x + 100, y + 60), self.desktop,
                         'the desktop through a transparent ARGB window')
        # Half-transparent red, premultiplied.
        win.change_attributes(background_pixel=0x80800000)
        win.clear_area(0, 0, 0, 0)
        d.sync()
        want = tuple(min(255, a + b * 0x7f // 0xff)
                     for a, b in zip((0x80, 0, 0), self.desktop))
        self.wait_colour((x + 100, y + 60), want, 'a half-transparent ARGB '
                         'window over the desktop', tol=30)

    def test_damage_updates_the_screen(self):
        w = self.coloured(RED, x=100, y=100, width=200, height=150)
        p = self.centre(w)
        self.wait_colour(p, RED, 'first colour')
        for rgb in (GREEN, (0x20, 0x20, 0x20), RED):
            self.paint(w, rgb)
            self.wait_colour(p, rgb, 'the new colour after damage')

    def test_window_is_drawn_the_right_way_up_after_a_move(self):
        # A window red above and green below, its frame blended and its
        # client area copied: each half where it belongs, before and after
        # a move (a flipped or shifted texture would swap or smear them).
        w = self.coloured(RED, x=100, y=100, width=200, height=160)
        gc = w.win.create_gc(foreground=pixel_of(GREEN))
        w.win.fill_rectangle(gc, 0, 80, 200, 80)
        w.client.sync()
        for step in range(2):
            if step:
                before = self.h.root_position(w)
                w.configure(x=337, y=181)
                self.h.wait_until(lambda: self.h.root_position(w) != before,
                                  WAIT, 'the window to move')
            x, y = self.h.root_position(w)
            self.wait_colour((x + 100, y + 20), RED, 'the top half')
            self.wait_colour((x + 100, y + 140), GREEN, 'the bottom half')
            self.wait_colour((x + 3, y + 3), RED, 'the top left corner')
            self.wait_colour((x + 196, y + 156), GREEN,
                             'the bottom right corner')

    def test_resized_window_shows_its_last_frame_until_redrawn(self):
        # A client pacing its frames (as GTK 3 does) takes 800 ms to draw
        # its new size; X fills what the window gains with its background,
        # black. Meanwhile its last frame stays (red, at the old size) and
        # the desktop shows where it grows; then the new frame (green).
        if not os.path.exists(FRAMESYNC):
            self.skipTest('framesync-client not built: %s' % FRAMESYNC)
        p = self.h.spawn([FRAMESYNC, 'slow', '800'], name='framesync-client')
        w = self.h.wait_client(
            lambda win: self.title_of(win) == 'framesync slow',
            message='the framesync client', proc=p)
        x, y = self.h.root_position(w)
        self.wait_colour((x + 150, y + 100), RED, 'the first frame')
        self.h.send_message(w, '_NET_MOVERESIZE_WINDOW',
                            [(1 << 10) | (1 << 11) | (2 << 12), 0, 0, 500,
                             400])
        self.h.wait_until(lambda: self.h.geometry(w)[2:4] == (500, 400),
                          WAIT, 'the client to be resized')
        time.sleep(0.3)  # many vblanks, well within the client's 800 ms
        grown = (x + 400, y + 300)  # in the new size only
        seen = self.at(*grown)
        self.assertGreater(sum(seen), 60, 'black at %r while the client '
                           'draws its new size: its new pixmap was shown '
                           'too soon' % (grown,))
        seen = self.at(x + 150, y + 100)
        self.assertTrue(all(abs(a - b) <= TOL for a, b in zip(seen, RED)),
                        'the last frame is not shown while the client '
                        'draws: %r' % (seen,))
        self.wait_colour(grown, GREEN, 'the new frame')
        self.wait_colour((x + 150, y + 100), GREEN, 'the new frame')

    def test_framed_window_has_a_shadow(self):
        self.set_desktop(LIGHT_DESKTOP)
        w = self.coloured(RED, x=300, y=200, width=300, height=200)
        x, y = self.h.root_position(w)
        ext = self.h.frame_extents(w)  # left, right, top, bottom
        g = self.h.geometry(w)
        below = (x + g[2] // 2, y + g[3] + ext[3] + 2)
        self.wait_colour(self.centre(w), RED, 'the window')
        c = self.at(*below)
        self.assertTrue(all(a < b - 8 for a, b in zip(c, LIGHT_DESKTOP)),
                        'below the frame %r is %r: no darker than the '
                        'desktop %r' % (below, c, LIGHT_DESKTOP))
        far = (x + g[2] // 2, y + g[3] + ext[3] + 80)
        self.assertTrue(close_to(self.at(*far), LIGHT_DESKTOP, 4))
        self.screenshot('shadow')

    def test_override_redirect_window_at_its_stacking_place(self):
        w = self.coloured(RED, x=100, y=100, width=300, height=200)
        cx, cy = self.centre(w)
        menu = self.c.create_window(x=cx - 50, y=cy - 30, width=100,
                                    height=60, override_redirect=True,
                                    map=False)
        menu.win.change_attributes(background_pixel=pixel_of(GREEN))
        menu.map()
        self.c.sync()
        self.wait_colour((cx, cy), GREEN, 'an override-redirect window on '
                         'top')
        menu.win.configure(stack_mode=X.Below)
        self.c.sync()
        self.wait_colour((cx, cy), RED, 'the override-redirect window '
                         'below the frame')
        menu.win.configure(stack_mode=X.Above)
        self.c.sync()
        self.wait_colour((cx, cy), GREEN, 'raised again')

    def test_shaped_window_shows_only_its_shape(self):
        self.wait_colour((5, 5), self.desktop, 'the desktop')
        win = self.c.create_window(x=400, y=300, width=200, height=100,
                                   override_redirect=True, map=False)
        win.win.change_attributes(background_pixel=pixel_of(GREEN))
        from Xlib.ext import shape
        win.win.shape_rectangles(shape.SO.Set, shape.SK.Bounding, 0, 0, 0,
                                 [(0, 0, 100, 100)])
        win.map()
        self.c.sync()
        self.wait_colour((450, 350), GREEN, 'inside the shape')
        self.wait_colour((550, 350), self.desktop, 'outside the shape')
        # A new shape: the other half.
        win.win.shape_rectangles(shape.SO.Set, shape.SK.Bounding, 0, 0, 0,
                                 [(100, 0, 100, 100)])
        self.c.sync()
        self.wait_colour((550, 350), GREEN, 'inside the new shape')
        self.wait_colour((450, 350), self.desktop, 'outside the new shape')

    # -- unredirected fullscreen windows ----------------------------------

    def fullscreen(self, rgb, bypass=None):
        w = self.c.create_window(x=0, y=0, width=400, height=300,
                                 states=['FULLSCREEN'], map=False)
        w.win.change_attributes(background_pixel=pixel_of(rgb))
        if bypass is not None:
            w.set_cardinals('_NET_WM_BYPASS_COMPOSITOR', [bypass])
        w.map()
        self.c.sync()
        self.h.wait_until(lambda: self.h.map_state(w) == X.IsViewable, WAIT,
                          'the fullscreen window to map')
        self.h.wait_until(
            lambda: self.h.geometry(w)[2:4] == (harness.SCREEN_W,
                                                harness.SCREEN_H),
            WAIT, 'the window to fill the screen')
        return w

    def redirections(self):
        """(unredirected, composited again) lines in purr's log so far."""
        lines = self.purr.stderr_lines()
        return (sum('unredirected' in l for l in lines),
                sum('composited again' in l for l in lines))

    def test_busy_fullscreen_window_is_unredirected_and_comes_back(self):
        w = self.fullscreen(RED)
        gcs = [w.win.create_gc(foreground=pixel_of(c)) for c in (RED, GREEN)]
        self.assertEqual(self.redirections(), (0, 0))
        i = 0
        end = time.monotonic() + WAIT
        while self.redirections()[0] == 0 and time.monotonic() < end:
            w.win.fill_rectangle(gcs[i % 2], 0, 0, harness.SCREEN_W,
                                 harness.SCREEN_H)
            i += 1
            self.c.sync()
            time.sleep(0.01)
        self.assertEqual(self.redirections(), (1, 0),
                         'not unredirected after %d full redraws' % i)
        self.assertGreaterEqual(i, 25, 'unredirected before the damage '
                                'was sustained')
        w.win.fill_rectangle(gcs[1], 0, 0, harness.SCREEN_W, harness.SCREEN_H)
        self.c.sync()
        self.wait_colour((300, 300), GREEN, 'the unredirected window')
        # A menu over it: composited again, both shown.
        menu = self.c.create_window(x=100, y=100, width=80, height=60,
                                    override_redirect=True, map=False)
        menu.win.change_attributes(background_pixel=pixel_of(RED))
        menu.map()
        self.c.sync()
        self.h.wait_until(lambda: self.redirections() == (1, 1), WAIT,
                          'the window to be composited again')
        self.wait_colour((120, 120), RED, 'the menu over it')
        self.wait_colour((300, 300), GREEN, 'the fullscreen window')
        # A window that only flashes up does not bring unredirection back
        # without new sustained damage.
        menu.destroy()
        self.c.sync()
        self.h.sync()
        self.wait_colour((120, 120), GREEN, 'where the menu was')
        self.assertEqual(self.redirections(), (1, 1))

    def test_unredirected_window_is_not_composited_into_its_frame(self):
        # A client without alpha inside an ARGB frame would be composited
        # into the frame by the server after every change, unredirected or
        # not. Frames have their client's depth, so unredirecting the
        # window leaves nothing redirected; and a decorated window's frame
        # too (the compositor draws its shadow), so that only the frame,
        # not the client inside it, has a pixmap.
        w = self.fullscreen(RED, bypass=1)
        self.h.wait_until(lambda: self.redirections() == (1, 0), WAIT,
                          'bypass=1 to unredirect at once')
        frame = self.h._res(w).query_tree().parent
        self.assertEqual(frame.get_geometry().depth, 24)
        # NameWindowPixmap fails (BadMatch) on a window not redirected.
        caught = Xlib.error.CatchError()
        self.h._res(w).composite_name_window_pixmap(onerror=caught)
        self.h.d.sync()
        self.assertIsNotNone(caught.get_error(), 'the client is still '
                             'redirected: a pixmap of it could be named')
        d = self.coloured(GREEN, x=100, y=100, width=200, height=150)
        parent = self.h._res(d).query_tree().parent
        self.assertEqual(parent.get_geometry().depth, 24,
                         'a decorated frame has another depth than its client')
        caught = Xlib.error.CatchError()
        self.h._res(d).composite_name_window_pixmap(onerror=caught)
        self.h.d.sync()
        self.assertIsNotNone(caught.get_error(), 'the decorated client is '
                             'redirected inside its frame')

    def test_bypass_compositor_asks_and_forbids(self):
        w = self.fullscreen(RED, bypass=1)
        self.h.wait_until(lambda: self.redirections() == (1, 0), WAIT,
                          'bypass=1 to unredirect at once')
        self.wait_colour((300, 300), RED, 'the unredirected window')
        # Toggled back and forth quickly, ending on "forbid".
        for i in range(10):
            w.set_cardinals('_NET_WM_BYPASS_COMPOSITOR', [1 + i % 2])
            self.c.flush()
        w.set_cardinals('_NET_WM_BYPASS_COMPOSITOR', [2])
        self.c.sync()
        self.h.sync()
        self.h.wait_until(lambda: self.redirections()[0] ==
                          self.redirections()[1], WAIT,
                          'bypass=2 to composite it again')
        self.wait_colour((300, 300), RED, 'the composited window')
        gc = w.win.create_gc(foreground=pixel_of(GREEN))
        for i in range(60):
            w.win.fill_rectangle(gc, 0, 0, harness.SCREEN_W, harness.SCREEN_H)
            self.c.sync()
            time.sleep(0.01)
        self.h.sync()
        u, c = self.redirections()
        self.assertEqual(u, c, 'unredirected although bypass=2 forbids it')
        self.wait_colour((300, 300), GREEN, 'the composited window')
        self.assertAlive()

    # -- frame sync with applications --------------------------------------

    def framesync(self, *args):
        if not os.path.exists(FRAMESYNC):
            self.skipTest('framesync-client not built: %s' % FRAMESYNC)
        r = subprocess.run([FRAMESYNC] + list(args), env=self.h.env(),
                           capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL)
        m = re.search(r'frames (\d+) drawn (\d+) timings (\d+) refresh (\d+)',
                      r.stdout)
        self.assertIsNotNone(m, 'framesync-client said %r %r' % (r.stdout,
                                                                 r.stderr))
        return r.returncode, tuple(int(v) for v in m.groups()), r.stderr

    def test_every_frame_is_answered(self):
        """A client pacing itself on _NET_WM_FRAME_DRAWN (as GTK 3 does)
        gets an answer for each of its frames, and the timings of each
        once shown."""
        rc, (want, drawn, timings, refresh), err = self.framesync('frames',
                                                                  '120')
        self.assertEqual((rc, drawn), (0, 120), err)
        self.assertGreaterEqual(timings, 118)
        # Xvfb's vblanks come at about 60 Hz.
        self.assertTrue(8000 < refresh < 30000, refresh)

    def test_frames_of_a_minimized_window_are_answered(self):
        rc, (want, drawn, timings, refresh), err = self.framesync(
            'frames', '30', 'iconic')
        self.assertEqual((rc, drawn), (0, 30), err)

    def resize_client(self, *args):
        if not os.path.exists(FRAMESYNC):
            self.skipTest('framesync-client not built: %s' % FRAMESYNC)
        p = self.h.spawn([FRAMESYNC, 'resize'] + list(args),
                         name='framesync-client')
        w = self.h.wait_client(
            lambda win: self.title_of(win) == 'framesync resize',
            message='the framesync client', proc=p)
        self.h.wait_until(lambda: self.h.map_state(w) == X.IsViewable, WAIT,
                          'the client to map')
        return p, w

    def title_of(self, win):
        try:
            v = self.h._res(win).get_wm_name()
        except Exception:
            return None
        return v.decode() if isinstance(v, bytes) else v

    def alt_drag(self, w, dx, dy, steps=20, pause=0.0):
        """Alt+button 3 from the client's bottom-right third, by dx, dy,
        pausing between steps."""
        x, y = self.h.root_position(w)
        g = self.h.geometry(w)
        sx, sy = x + g[2] - 20, y + g[3] - 20
        env = self.h.env()

        def xdo(*a):
            subprocess.run(['xdotool'] + [str(v) for v in a], env=env,
                           check=True, timeout=20, capture_output=True)
        xdo('mousemove', sx, sy)
        self.h.sync()
        xdo('keydown', 'alt')
        xdo('mousedown', 3)
        self.h.sync()
        for i in range(1, steps + 1):
            xdo('mousemove', sx + dx * i // steps, sy + dy * i // steps)
            self.h.sync()
            time.sleep(pause)
        xdo('mouseup', 3)
        xdo('keyup', 'alt')
        self.h.sync()
        return g

    def test_new_window_shown_with_its_first_frame(self):
        """A client mapping in the middle of its first frame (as GTK does)
        shows nothing until that frame is done: never its empty white
        background."""
        if not os.path.exists(FRAMESYNC):
            self.skipTest('framesync-client not built: %s' % FRAMESYNC)
        # Where the window will be: purr centres a window that asks for
        # no place, so read it from the first window seen.
        self.wait_colour((5, 5), self.desktop, 'the desktop')
        p = self.h.spawn([FRAMESYNC, 'first', '700'], name='framesync-client')
        seen = []
        w = None
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            if w is None:
                w = self.h.find_client(lambda win: self.title_of(win) ==
                                       'framesync first')
            if w is not None:
                try:
                    c = self.at(*self.centre(w))
                except Exception:
                    c = None
                seen.append(c)
                if close_to(c, RED):
                    break
            self.h.pump()
            time.sleep(0.02)
        self.assertTrue(seen and close_to(seen[-1], RED),
                        'the first frame never showed: %r' % seen[-5:])
        white = [c for c in seen if close_to(c, (255, 255, 255))]
        self.assertEqual(white, [], 'the empty window showed before its '
                         'first frame (%d of %d samples)' % (len(white),
                                                             len(seen)))
        self.assertGreater(len(seen), 5, 'too few samples to tell')

    def test_interactive_resize_waits_for_the_client(self):
        p, w = self.resize_client()
        before = self.alt_drag(w, 100, 60, pause=0.05)
        self.h.wait_until(lambda: self.h.geometry(w)[2:4] ==
                          (before[2] + 100, before[3] + 60), WAIT,
                          'the resize to finish')
        p.signal(15)
        p.wait(10)
        m = re.search(r'requests (\d+) configures (\d+)', p.stdout())
        self.assertIsNotNone(m, p.stdout())
        requests, configures = int(m.group(1)), int(m.group(2))
        self.assertGreater(requests, 5, 'too few _NET_WM_SYNC_REQUEST sent')
        self.assertGreaterEqual(configures, requests)
        self.h.wait_until(lambda: any('each after the client' in l for l in
                                      self.purr.stderr_lines()), WAIT,
                          'purr to report the synchronised resize')

    def test_resize_of_a_client_that_never_answers(self):
        p, w = self.resize_client('silent')
        # Slower than purr waits for an answer.
        before = self.alt_drag(w, 80, 40, steps=4, pause=0.4)
        self.h.wait_until(lambda: self.h.geometry(w)[2:4] ==
                          (before[2] + 80, before[3] + 40), WAIT,
                          'the resize to reach the pointer all the same')
        self.assertTrue(any('did not answer a sync request' in l
                            for l in self.purr.stderr_lines()))
        self.assertAlive()

    # -- event sequences ---------------------------------------------------

    def test_opacity_changed_while_mapping(self):
        w = self.c.create_window(x=200, y=200, width=200, height=150,
                                 map=False)
        w.win.change_attributes(background_pixel=pixel_of(RED))
        w.set_cardinals('_NET_WM_WINDOW_OPACITY', [0x20000000])
        w.map()
        w.set_cardinals('_NET_WM_WINDOW_OPACITY', [0x7fffffff])
        self.c.sync()
        self.h.wait_until(lambda: self.h.map_state(w) == X.IsViewable, WAIT,
                          'the window to map')
        want = tuple((a + b) // 2 for a, b in zip(RED, self.desktop))
        self.wait_colour(self.centre(w), want, 'the last opacity set')

    def test_unmap_in_the_middle_of_a_resize(self):
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        p = self.centre(w)
        self.wait_colour(p, RED, 'the window')
        w.configure(width=400, height=300)
        w.unmap()
        self.c.sync()
        self.wait_colour(p, self.desktop, 'the desktop where the window was')
        self.assertAlive()

    def test_window_destroyed_between_damage_and_paint(self):
        self.wait_colour((5, 5), self.desktop, 'the desktop')
        for i in range(30):
            win = self.c.create_window(x=500, y=400, width=120, height=90,
                                       override_redirect=True)
            win.win.change_attributes(background_pixel=pixel_of(GREEN))
            win.win.clear_area(0, 0, 0, 0)
            win.destroy()
            self.c.flush()
        self.c.sync()
        self.assertAlive()
        self.wait_colour((560, 445), self.desktop, 'the desktop after the '
                         'windows went')

    # -- bad input ---------------------------------------------------------

    def test_damage_flood_never_paints_more_than_vblanks(self):
        w = self.coloured(RED, x=100, y=100, width=200, height=200)
        gc = w.win.create_gc(foreground=pixel_of(GREEN))
        end = time.monotonic() + 2.0
        count = 0
        while time.monotonic() < end:
            for i in range(200):
                w.win.fill_rectangle(gc, count % 200, (count // 200) % 200,
                                     1, 1)
                count += 1
            self.c.flush()
        self.c.sync()
        self.assertGreater(count, 10000, 'the client damaged too slowly')
        self.assertAlive()
        frames, vblanks, damage = self.stats()
        self.assertGreater(damage, 0)
        # One frame may go out before the first vblank notification.
        self.assertLessEqual(frames, vblanks + 1,
                             '%d frames for %d vblanks' % (frames, vblanks))

    def test_forged_structure_events_are_ignored(self):
        """DestroyNotify, UnmapNotify and ConfigureNotify sent by a client
        to the root (where purr listens) change nothing on the screen."""
        from Xlib.protocol import event as xevent
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        p = self.centre(w)
        self.wait_colour(p, RED, 'the window')
        frame = self.h.frame_of(w)
        root = self.c.d.screen().root
        mask = X.SubstructureNotifyMask
        for ev in (xevent.UnmapNotify(event=root, window=frame,
                                      from_configure=0),
                   xevent.DestroyNotify(event=root, window=frame),
                   xevent.ConfigureNotify(event=root, window=frame,
                                          above_sibling=0, x=900, y=900,
                                          width=1, height=1, border_width=0,
                                          override=0)):
            root.send_event(ev, event_mask=mask)
        self.c.sync()
        self.h.sync()
        self.paint(w, GREEN)
        self.wait_colour(p, GREEN, 'the window after forged events')
        self.assertManaged(w)

    def test_bogus_desktop_pixmap(self):
        """_XROOTPMAP_ID naming no pixmap, a window, or a pixmap freed
        after it was set: purr says so once and paints on."""
        d = self.h.d
        root = d.screen().root
        atom = d.intern_atom('_XROOTPMAP_ID')
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        for value in (0x7ffffff0, w.id):
            root.change_property(atom, Xatom.PIXMAP, 32, [value])
            d.sync()
            self.h.sync()
        root.change_property(atom, Xatom.CARDINAL, 8, b'junk')
        d.sync()
        pm = root.create_pixmap(8, 8, d.screen().root_depth)
        root.change_property(atom, Xatom.PIXMAP, 32, [pm.id])
        d.sync()
        self.h.sync()
        pm.free()
        d.sync()
        self.paint(w, GREEN)
        self.wait_colour(self.centre(w), GREEN, 'a window after bad desktops')
        self.assertEqual(sum('is not a pixmap of the screen' in l
                             for l in self.purr.stderr_lines()), 2)
        self.assertAlive()

    def test_tiny_and_huge_windows(self):
        tiny = self.coloured(GREEN, x=10, y=10, width=1, height=1)
        huge = self.c.create_window(x=0, y=0, width=16384, height=16384,
                                    override_redirect=True)
        self.c.sync()
        self.assertAlive()
        huge.destroy()
        self.c.sync()
        self.assertAlive()
        self.assertManaged(tiny)
        self.wait_colour((5, 5), self.desktop, 'the desktop after a huge '
                         'window went')

    def test_root_resized_before_the_first_frame(self):
        self.purr.signal(15)
        self.purr.wait(10)
        self.purr.expected_exit = True
        self.purr = self.h.start_purr(['--compositor=' + self.backend],
                                      wait_ready=False, env=self.purr_env)
        subprocess.run(['xrandr', '--fb', '1024x768'], env=self.h.env(),
                       capture_output=True, timeout=20)
        self.h.wait_wm_ready(self.purr)
        g = self.h.root.get_geometry()
        self.assertEqual((g.width, g.height), (1024, 768))
        w = self.coloured(RED, x=900, y=600, width=100, height=100)
        cx, cy = self.centre(w)
        self.assertLess(cx, 1024)
        self.assertLess(cy, 768)
        self.wait_colour((cx, cy), RED, 'a window on the smaller screen')
        self.wait_colour((1020, 760), self.desktop, 'the desktop corner')
        self.assertAlive()


class XRenderTest(Pixels, CompTestCase):
    backend = 'xrender'


class GLTest(Pixels, CompTestCase):
    backend = 'gl'

    def test_gl_is_in_use(self):
        self.h.sync()
        log = self.purr.stderr()
        self.assertIn('compositing with the gl backend', log)


class GLWithoutArgbConfigTest(CompTestCase):
    """A driver with no GLX config for depth-32 pixmaps: GL is refused with
    its reason and XRender composites."""

    backend = 'gl'
    purr_env = {'PURR_GL_NO_ARGB_CONFIG': '1', 'PURR_DEBUG': '1'}

    def test_falls_back_to_xrender(self):
        self.h.sync()
        log = self.purr.stderr()
        self.assertIn('gl backend not used: no GLX config binds depth-32',
                      log)
        self.assertIn('compositing with the xrender backend', log)
        self.wait_colour((5, 5), self.desktop, 'the desktop')


class GLContextLostTest(CompTestCase):
    """GL fails while running (a lost context, played by
    PURR_GL_FAIL_AFTER): XRender takes over and the screen stays right."""

    backend = 'gl'
    purr_env = {'PURR_GL_FAIL_AFTER': '3', 'PURR_DEBUG': '1'}

    def test_xrender_takes_over(self):
        ws = [self.coloured(RED, x=100 + 50 * i, y=100, width=200, height=150)
              for i in range(4)]
        self.repaint_until(ws[0], 'the gl backend failed: the GL context was '
                           'lost')
        self.h.wait_until(lambda: 'compositing with the xrender backend' in
                          self.purr.stderr().split('the gl backend failed')[1],
                          WAIT, 'XRender to take over')
        self.paint(ws[-1], GREEN)
        self.wait_colour(self.centre(ws[-1]), GREEN, 'a window after the '
                         'fall-back')
        self.wait_colour((harness.SCREEN_W - 5, harness.SCREEN_H - 5),
                         self.desktop, 'the desktop after it')
        self.assertAlive()


class NothingDrawsTest(CompTestCase):
    """GL fails while running and XRender cannot start: compositing stops,
    windows are drawn by X again, _NET_WM_FRAME_DRAWN is no longer
    offered, and another compositor may start."""

    backend = 'gl'
    purr_env = {'PURR_GL_FAIL_AFTER': '2', 'PURR_XRENDER_FAIL': '1'}

    def supported(self):
        return set(self.h.atoms_prop(self.h.root, '_NET_SUPPORTED') or [])

    def test_plain_window_manager_after(self):
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        self.repaint_until(w, 'not compositing any more')
        self.h.wait_until(lambda: '_NET_WM_FRAME_DRAWN' not in
                          self.supported(), WAIT,
                          '_NET_WM_FRAME_DRAWN to leave _NET_SUPPORTED')
        o = self.h.d.get_selection_owner(self.h.atom('_NET_WM_CM_S0'))
        self.assertIn(o.id if o else 0, (0, X.NONE))
        self.paint(w, RED)
        self.wait_colour(self.centre(w), RED, 'the window, drawn by X')
        self.assertManaged(w)
        self.assertAlive()


class SelectionTakenTest(CompTestCase):
    """Another compositing manager takes _NET_WM_CM_S0 from purr (ICCCM
    manager selections): purr stops compositing and leaves it the
    windows."""

    def test_purr_steps_back(self):
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        self.wait_colour(self.centre(w), RED, 'the composited window')
        d = self.c.d
        owner = d.screen().root.create_window(-1, -1, 1, 1, 0, 0,
                                              X.InputOnly, X.CopyFromParent,
                                              override_redirect=1)
        owner.set_selection_owner(d.intern_atom('_NET_WM_CM_S0'),
                                  self.h.timestamp())
        d.sync()
        self.h.wait_until(lambda: 'took _NET_WM_CM_S0' in self.purr.stderr(),
                          WAIT, 'purr to notice')
        self.h.wait_until(
            lambda: '_NET_WM_FRAME_DRAWN' not in
            (self.h.atoms_prop(self.h.root, '_NET_SUPPORTED') or []),
            WAIT, '_NET_WM_FRAME_DRAWN to leave _NET_SUPPORTED')
        # Not redirected any more: another compositor could redirect now.
        self.paint(w, GREEN)
        self.wait_colour(self.centre(w), GREEN, 'the window, drawn by X')
        self.assertManaged(w)
        self.assertAlive()


class AutoTest(CompTestCase):
    backend = 'auto'

    def test_auto_prefers_xrender_on_a_software_renderer(self):
        self.h.sync()
        log = self.purr.stderr()
        self.assertRegex(log, r'gl backend not used: .*software renderer')
        self.assertIn('compositing with the xrender backend', log)
        self.assertIsNotNone(self.cm_owner())

    def test_auto_leaves_gl_unloaded_on_a_software_renderer(self):
        # A child tells the renderer: Mesa (and LLVM, for llvmpipe) never
        # becomes part of purr, which composites with XRender.
        self.h.sync()
        with open('/proc/%d/comm' % self.purr.pid) as f:
            if f.read().strip() != 'purr':
                self.skipTest('purr runs under a wrapper')
        with open('/proc/%d/maps' % self.purr.pid) as f:
            maps = f.read()
        loaded = [lib for lib in ('libGLX_mesa', 'swrast_dri', 'libgallium', 'libLLVM')
                  if lib in maps]
        self.assertEqual(loaded, [], 'GL libraries in purr after auto chose XRender')

    def cm_owner(self):
        o = self.h.d.get_selection_owner(self.h.atom('_NET_WM_CM_S0'))
        return o.id if o else None


class NullTest(CompTestCase):
    """The pipeline without pixels."""

    backend = 'null'

    def test_windows_come_and_go_through_the_pipeline(self):
        ws = [self.coloured(RED, x=20 * i, y=20 * i, width=100, height=80)
              for i in range(5)]
        for w in ws[:2]:
            self.set_opacity(w, 0x40000000)
        for w in ws:
            self.paint(w, GREEN)
        for w in ws[2:]:
            w.destroy()
        self.c.sync()
        self.h.sync()
        for w in ws[:2]:
            self.assertManaged(w)
        frames, vblanks, damage = self.stats()
        self.assertGreater(frames, 0)
        self.assertGreater(damage, 0)
        self.assertLessEqual(frames, vblanks + 1)

    def test_idle_is_free(self):
        """20 windows open and nothing happening: purr's main thread is not
        woken at all (a count of context switches, not a time)."""
        for i in range(20):
            self.coloured(RED, x=30 * i, y=20 * i, width=200, height=100)
        self.h.sync()
        time.sleep(1.0)  # let the last frame's vblank notification arrive
        before = self.switches()
        time.sleep(10.0)
        after = self.switches()
        self.assertEqual(after - before, 0,
                         'purr woke %d times in 10 s of idle' %
                         (after - before))

    def switches(self):
        pid = self.purr.pid
        with open('/proc/%d/task/%d/status' % (pid, pid)) as f:
            text = f.read()
        return sum(int(m) for m in re.findall(
            r'(?:nonvoluntary|voluntary)_ctxt_switches:\s+(\d+)', text))


class XRenderIdleTest(CompTestCase):
    backend = 'xrender'
    test_idle_is_free = NullTest.test_idle_is_free
    switches = NullTest.switches


class OtherCompositorTest(CompTestCase):
    """Another compositing manager holds _NET_WM_CM_S0 first."""

    def setUp(self):
        if not shutil.which('xcompmgr'):
            raise unittest.SkipTest('xcompmgr is not installed')
        self.start_purr = False
        harness.PurrTestCase.setUp(self)
        self.xcompmgr = self.h.spawn(['xcompmgr'])
        harness.wait_until(lambda: self.cm_owner() is not None, WAIT,
                           'xcompmgr to take _NET_WM_CM_S0',
                           on_poll=self.h.pump)
        self.purr = self.h.start_purr(['--compositor=auto'])

    def cm_owner(self):
        o = self.h.d.get_selection_owner(self.h.atom('_NET_WM_CM_S0'))
        return o.id if o else None

    def test_refuses_and_manages_windows_uncomposited(self):
        self.h.sync()
        log = self.purr.stderr()
        self.assertIn('not compositing: another compositing manager holds '
                      '_NET_WM_CM_S0', log)
        self.assertIn('--replace', log)
        w = self.window()
        self.assertManaged(w)
        self.assertTrue(self.xcompmgr.alive())


class NoneTest(CompTestCase):
    backend = 'none'

    def test_nothing_redirected_and_the_selection_free(self):
        self.h.sync()
        o = self.h.d.get_selection_owner(self.h.atom('_NET_WM_CM_S0'))
        self.assertIn(o.id if o else 0, (0, X.NONE))
        self.assertIn('compositing is off', self.purr.stderr())
        w = self.coloured(RED, x=200, y=200, width=200, height=150)
        # Not redirected: the window is on the screen by X alone.
        self.wait_colour(self.centre(w), RED, 'the window, uncomposited')


if __name__ == '__main__':
    harness.main()
