#!/usr/bin/python3
"""Constraints on client-requested geometry, and placement of new windows.

ICCCM size hints (min, max, base, increments, aspect) on map, in
ConfigureRequest and in _NET_MOVERESIZE_WINDOW; gravity in both requests;
the title strip stays reachable; placement (USPosition, sane PPosition,
least overlap on the pointer's monitor, dialogs centred on their parent,
splash screens centred); and bad size input, each case its own test.

Every class runs on one monitor, on the second of two virtual monitors and
on the middle one of three (see geometry_helpers: OnOne, OnTwo, OnThree).
"""

from geometry_helpers import (
    CenterGravity, NorthWestGravity, SouthEastGravity, StaticGravity,
    bottom_partial, per_layout, rect_centre, rect_contains, rect_overlap)
import geometry_helpers
import testclient


class SizeHintsTests:
    """ICCCM 4.1.2.3 WM_NORMAL_HINTS, applied on map and to requests."""

    def make(self, w=240, h=160, **hints):
        x, y = self.on_target(50, 50)
        hints.setdefault('us_position', True)
        return self.window(x=x, y=y, width=w, height=h, normal_hints=hints)

    def size(self, win):
        return self.h.geometry(win)[2:4]

    def test_min_size_on_map(self):
        w = self.make(50, 40, min=(200, 150))
        self.assertManaged(w)
        self.assertEqual(self.size(w), (200, 150))

    def test_min_size_on_configure_request(self):
        w = self.make(min=(200, 150))
        w.configure(width=100, height=90)
        self.h.sync()
        self.assertEqual(self.size(w), (200, 150))

    def test_max_size_on_configure_request(self):
        w = self.make(max=(400, 300))
        w.configure(width=800, height=700)
        self.h.sync()
        self.assertEqual(self.size(w), (400, 300))

    def test_max_size_on_map(self):
        w = self.make(600, 500, max=(400, 300))
        self.assertEqual(self.size(w), (400, 300))

    def test_absent_maximum_is_unbounded(self):
        # Flags say PMinSize only; the max fields hold garbage that must
        # not be read as a limit (nor a zero maximum as "0 pixels").
        w = self.make()
        w.set_normal_hints([testclient.USPosition | testclient.PMinSize,
                            0, 0, 0, 0, 10, 10, 50, 50] + [0] * 9)
        self.h.sync()
        w.configure(width=700, height=500)
        self.h.sync()
        self.assertEqual(self.size(w), (700, 500))

    def test_zero_maximum_with_flag_is_unbounded(self):
        w = self.make(max=(0, 0), min=(20, 20))
        w.configure(width=700, height=500)
        self.h.sync()
        self.assertEqual(self.size(w), (700, 500))

    def test_increments_from_base(self):
        w = self.make(base=(10, 20), inc=(7, 13))
        w.configure(width=200, height=200)
        self.h.sync()
        # 10 + 27 * 7, 20 + 13 * 13: the largest steps that fit.
        self.assertEqual(self.size(w), (199, 189))

    def test_increments_without_base_count_from_minimum(self):
        w = self.make(min=(30, 40), inc=(10, 10))
        w.configure(width=205, height=207)
        self.h.sync()
        self.assertEqual(self.size(w), (200, 200))

    def test_increments_and_minimum_together(self):
        w = self.make(base=(4, 4), min=(100, 100), inc=(16, 16))
        w.configure(width=50, height=50)
        self.h.sync()
        ww, hh = self.size(w)
        self.assertGreaterEqual(ww, 100)
        self.assertGreaterEqual(hh, 100)
        self.assertEqual((ww - 4) % 16, 0)
        self.assertEqual((hh - 4) % 16, 0)

    def assertAspect(self, w, lo, hi):
        ww, hh = self.size(w)
        self.assertGreater(ww, 0)
        self.assertGreater(hh, 0)
        # One pixel of rounding either way.
        self.assertGreaterEqual((ww + 1) / hh, lo, 'aspect %dx%d' % (ww, hh))
        self.assertLessEqual((ww - 1) / hh, hi, 'aspect %dx%d' % (ww, hh))

    def test_aspect_too_wide(self):
        w = self.make(300, 200, aspect=((1, 1), (2, 1)))
        w.configure(width=600, height=100)
        self.h.sync()
        self.assertAspect(w, 1.0, 2.0)

    def test_aspect_too_tall(self):
        w = self.make(300, 200, aspect=((1, 1), (2, 1)))
        w.configure(width=100, height=600)
        self.h.sync()
        self.assertAspect(w, 1.0, 2.0)

    def test_aspect_on_map(self):
        w = self.make(500, 100, aspect=((1, 1), (2, 1)))
        self.assertAspect(w, 1.0, 2.0)

    def test_new_hints_apply_to_the_current_size(self):
        w = self.make(300, 300)
        w.set_normal_hints({'us_position': True, 'max': (200, 100)})
        self.h.sync()
        self.assertEqual(self.size(w), (200, 100))

    def test_maximize_respects_maximum_size(self):
        w = self.make(max=(500, 400))
        self.g.maximize(w)
        self.h.sync()
        ww, hh = self.size(w)
        self.assertLessEqual(ww, 500)
        self.assertLessEqual(hh, 400)
        self.assertTrue(rect_contains(self.T, self.g.frame_rect(w)))

    def test_fixed_size_window_is_not_maximized(self):
        w = self.make(300, 200, min=(300, 200), max=(300, 200))
        before = self.g.client_rect(w)
        acts = self.g.actions(w)
        self.assertNotIn('_NET_WM_ACTION_RESIZE', acts)
        self.assertNotIn('_NET_WM_ACTION_MAXIMIZE_HORZ', acts)
        self.assertNotIn('_NET_WM_ACTION_MAXIMIZE_VERT', acts)
        self.g.maximize(w)
        self.h.sync()
        self.assertFalse({'_NET_WM_STATE_MAXIMIZED_VERT',
                          '_NET_WM_STATE_MAXIMIZED_HORZ'} & self.g.state(w))
        self.assertEqual(self.g.client_rect(w), before)

    def test_moveresize_goes_through_hints(self):
        w = self.make(min=(100, 100), inc=(10, 10))
        x, y = self.on_target(80, 90)
        self.g.moveresize(w, x, y, 333, 222, gravity=NorthWestGravity)
        self.h.sync()
        self.assertEqual(self.size(w), (330, 220))
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))


class GravityTests:
    """win_gravity for ConfigureRequest, and the gravity field of
    _NET_MOVERESIZE_WINDOW (0: the window's own win_gravity)."""

    def make(self, gravity=None, w=240, h=160):
        x, y = self.on_target(100, 100)
        hints = {'us_position': True}
        if gravity is not None:
            hints['win_gravity'] = gravity
        win = self.window(x=x, y=y, width=w, height=h, normal_hints=hints)
        self.assertManaged(win)
        return win

    def test_moveresize_northwest(self):
        w = self.make()
        x, y = self.on_target(150, 130)
        self.g.moveresize(w, x, y, gravity=NorthWestGravity)
        self.h.sync()
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))
        self.assertEqual(self.g.client_rect(w)[2:], (240, 160))

    def test_moveresize_static(self):
        w = self.make()
        x, y = self.on_target(150, 130)
        self.g.moveresize(w, x, y, gravity=StaticGravity)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w)[:2], (x, y))

    def test_moveresize_southeast_with_size(self):
        w = self.make()
        x, y = self.on_target(150, 130)
        self.g.moveresize(w, x, y, 300, 200, gravity=SouthEastGravity)
        self.h.sync()
        f = self.g.frame_rect(w)
        self.assertEqual(self.g.client_rect(w)[2:], (300, 200))
        # The frame's bottom-right corner is where the client's would be.
        self.assertEqual((f[0] + f[2], f[1] + f[3]), (x + 300, y + 200))

    def test_moveresize_center(self):
        w = self.make()
        x, y = self.on_target(150, 130)
        self.g.moveresize(w, x, y, 300, 200, gravity=CenterGravity)
        self.h.sync()
        fc = rect_centre(self.g.frame_rect(w))
        self.assertAlmostEqual(fc[0], x + 150, delta=1)
        self.assertAlmostEqual(fc[1], y + 100, delta=1)

    def test_moveresize_gravity_zero_uses_win_gravity(self):
        w = self.make(gravity=StaticGravity)
        x, y = self.on_target(170, 140)
        self.g.moveresize(w, x, y, gravity=0)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w)[:2], (x, y))

    def test_moveresize_size_only_keeps_position(self):
        w = self.make()
        before = self.g.frame_rect(w)
        self.g.moveresize(w, w=320, h=210, gravity=NorthWestGravity)
        self.h.sync()
        self.assertEqual(self.g.frame_rect(w)[:2], before[:2])
        self.assertEqual(self.g.client_rect(w)[2:], (320, 210))

    def test_moveresize_x_only(self):
        w = self.make()
        before = self.g.frame_rect(w)
        x, _ = self.on_target(210, 0)
        self.g.moveresize(w, x=x, gravity=NorthWestGravity)
        self.h.sync()
        self.assertEqual(self.g.frame_rect(w)[:2], (x, before[1]))

    def test_configure_request_static_gravity(self):
        w = self.make(gravity=StaticGravity)
        x, y = self.on_target(160, 120)
        w.configure(x=x, y=y)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w)[:2], (x, y))

    def test_configure_request_southeast_gravity(self):
        w = self.make(gravity=SouthEastGravity)
        x, y = self.on_target(160, 120)
        w.configure(x=x, y=y, width=260, height=170)
        self.h.sync()
        f = self.g.frame_rect(w)
        self.assertEqual((f[0] + f[2], f[1] + f[3]), (x + 260, y + 170))

    def test_static_gravity_on_map(self):
        x, y = self.on_target(120, 110)
        w = self.window(x=x, y=y, width=200, height=100,
                        normal_hints={'us_position': True,
                                      'win_gravity': StaticGravity})
        self.assertEqual(self.g.client_rect(w)[:2], (x, y))


class ReachableTests:
    """Whatever a client asks, its title strip stays where a user can get
    at it: on some monitor, at least 64 pixels of it."""

    def make(self, w=240, h=160):
        x, y = self.on_target(100, 100)
        win = self.window(x=x, y=y, width=w, height=h,
                          normal_hints={'us_position': True})
        self.assertManaged(win)
        return win

    def test_far_off_top_left(self):
        w = self.make()
        w.configure(x=-5000, y=-5000)
        self.h.sync()
        self.assertTitleReachable(w)

    def test_title_above_the_screen(self):
        w = self.make()
        x, _ = self.on_target(100, 0)
        w.configure(x=x, y=-10)
        self.h.sync()
        self.assertTitleReachable(w)
        self.assertGreaterEqual(self.g.frame_rect(w)[1], 0)

    def test_far_right(self):
        w = self.make()
        sx = self.screen[2]
        w.configure(x=sx - 10, y=self.T[1] + 100)
        self.h.sync()
        self.assertTitleReachable(w)

    def test_far_below(self):
        w = self.make()
        w.configure(x=self.T[0] + 100, y=self.screen[3] + 500)
        self.h.sync()
        self.assertTitleReachable(w)

    def test_wide_window_hanging_off_the_left(self):
        w = self.make(w=900)
        w.configure(x=-880, y=self.T[1] + 100)
        self.h.sync()
        self.assertTitleReachable(w)

    def test_moveresize_off_screen(self):
        w = self.make()
        self.g.moveresize(w, -4000, 30000, gravity=NorthWestGravity)
        self.h.sync()
        self.assertTitleReachable(w)

    def test_usposition_off_screen_on_map(self):
        w = self.window(x=-3000, y=-3000, width=200, height=100,
                        normal_hints={'us_position': True})
        self.assertManaged(w)
        self.assertTitleReachable(w)

    def test_reachable_move_is_honoured_exactly(self):
        w = self.make()
        x, y = self.on_target(300, 200)
        w.configure(x=x, y=y)
        self.h.sync()
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))

    def test_partly_off_screen_move_is_honoured(self):
        # 100 pixels of the title still show on the screen's right edge:
        # nothing to correct.
        w = self.make()
        x = self.screen[2] - 100
        y = self.T[1] + 200
        mons = [m for m in self.monitors.values()
                if m[0] <= x - 1 < m[0] + m[2]]
        if not mons or y < mons[0][1] or y + 40 > mons[0][1] + mons[0][3]:
            self.skipTest('the screen edge is not on a monitor at that row')
        w.configure(x=x, y=y)
        self.h.sync()
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))

    def test_title_in_a_gap_between_monitors(self):
        # A spot of the framebuffer that no monitor shows (TWO: below the
        # shorter right monitor). Moving the title there is corrected.
        gap = None
        sw, sh = self.screen[2:]
        for gx in range(0, sw - 200, 100):
            for gy in range(0, sh - 10, 10):
                if not any(rect_overlap((gx, gy, 200, 30), m)
                           for m in self.monitors.values()):
                    gap = (gx, gy)
                    break
            if gap:
                break
        if gap is None:
            self.skipTest('the monitors cover the whole framebuffer')
        w = self.make()
        w.configure(x=gap[0], y=gap[1])
        self.h.sync()
        self.assertTitleReachable(w)


class PlacementTests:
    """Where new windows go."""

    def test_usposition_is_kept(self):
        x, y = self.on_target(333, 222)
        w = self.window(x=x, y=y, width=200, height=120,
                        normal_hints={'us_position': True})
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))

    def test_usposition_kept_with_pointer_elsewhere(self):
        others = self.others()
        if not others:
            self.skipTest('needs a second monitor')
        self.point_at(list(others.values())[0])
        x, y = self.on_target(333, 222)
        w = self.window(x=x, y=y, width=200, height=120,
                        normal_hints={'us_position': True})
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))

    def test_sane_pposition_is_kept(self):
        x, y = self.on_target(250, 180)
        w = self.window(x=x, y=y, width=200, height=120,
                        normal_hints={'p_position': True})
        self.assertEqual(self.g.frame_rect(w)[:2], (x, y))

    def test_insane_pposition_is_replaced(self):
        w = self.window(x=-3000, y=-3000, width=200, height=120,
                        normal_hints={'p_position': True})
        self.assertTrue(rect_contains(self.T, self.g.frame_rect(w)),
                        'frame %r not placed on the pointer\'s monitor %r'
                        % (self.g.frame_rect(w), self.T))

    def test_unpositioned_window_goes_on_the_pointers_monitor(self):
        w = self.window(x=0, y=0, width=300, height=200)
        self.assertTrue(rect_contains(self.T, self.g.frame_rect(w)),
                        'frame %r not on the pointer\'s monitor %r'
                        % (self.g.frame_rect(w), self.T))

    def test_each_monitor_gets_windows_when_the_pointer_is_there(self):
        for name, rect in sorted(self.monitors.items()):
            self.point_at(rect)
            w = self.window(x=0, y=0, width=300, height=200,
                            title='on ' + name)
            self.assertTrue(rect_contains(rect, self.g.frame_rect(w)),
                            'window made with the pointer on %s: frame %r, '
                            'monitor %r' % (name, self.g.frame_rect(w), rect))

    def test_least_overlap(self):
        frames = []
        for i in range(3):
            w = self.window(x=0, y=0, width=300, height=200,
                            title='least overlap %d' % i)
            f = self.g.frame_rect(w)
            self.assertTrue(rect_contains(self.T, f), 'frame %r' % (f,))
            for other in frames:
                self.assertEqual(rect_overlap(f, other), 0,
                                 'window %d at %r overlaps %r though there '
                                 'is room' % (i, f, other))
            frames.append(f)

    def test_full_monitor_still_places_inside(self):
        for i in range(8):
            w = self.window(x=0, y=0, width=500, height=400,
                            title='crowd %d' % i)
            self.assertTrue(rect_contains(self.T, self.g.frame_rect(w)))

    def test_placement_avoids_docks(self):
        T = self.T
        sh = self.screen[3]
        dock = self.g.dock(self.c, T[0], T[1] + T[3] - 60, T[2], 60,
                           partial=bottom_partial(sh - (T[1] + T[3]) + 60,
                                                  T[0], T[0] + T[2] - 1))
        self.h.sync()
        dock_rect = self.g.frame_rect(dock)
        for i in range(4):
            w = self.window(x=0, y=0, width=400, height=300,
                            title='above the dock %d' % i)
            self.assertEqual(rect_overlap(self.g.frame_rect(w), dock_rect),
                             0, 'placed under the dock')

    def test_dialog_centred_on_parent(self):
        x, y = self.on_target(100, 80)
        parent = self.window(x=x, y=y, width=600, height=400,
                             normal_hints={'us_position': True})
        dlg = self.window(x=0, y=0, width=200, height=100,
                          transient_for=parent, types=['DIALOG'])
        pc = rect_centre(self.g.frame_rect(parent))
        dc = rect_centre(self.g.frame_rect(dlg))
        self.assertAlmostEqual(dc[0], pc[0], delta=1)
        self.assertAlmostEqual(dc[1], pc[1], delta=1)

    def test_untyped_transient_centred_on_parent(self):
        x, y = self.on_target(120, 60)
        parent = self.window(x=x, y=y, width=500, height=450,
                             normal_hints={'us_position': True})
        dlg = self.window(x=0, y=0, width=220, height=90,
                          transient_for=parent)
        pc = rect_centre(self.g.frame_rect(parent))
        dc = rect_centre(self.g.frame_rect(dlg))
        self.assertAlmostEqual(dc[0], pc[0], delta=1)
        self.assertAlmostEqual(dc[1], pc[1], delta=1)

    def test_dialog_of_parent_at_edge_stays_on_the_monitor(self):
        T = self.T
        parent = self.window(x=T[0] + T[2] - 150, y=T[1] + T[3] - 120,
                             width=400, height=300,
                             normal_hints={'us_position': True})
        dlg = self.window(x=0, y=0, width=300, height=200,
                          transient_for=parent, types=['DIALOG'])
        # The parent's monitor: the one it overlaps most (it may hang over
        # onto a neighbour, or off the screen).
        pf = self.g.frame_rect(parent)
        mon = max(self.monitors.values(), key=lambda m: rect_overlap(pf, m))
        self.assertTrue(rect_contains(mon, self.g.frame_rect(dlg)),
                        'dialog %r not fully on the parent\'s monitor %r'
                        % (self.g.frame_rect(dlg), mon))

    def test_dialog_with_usposition_is_kept(self):
        x, y = self.on_target(100, 80)
        parent = self.window(x=x, y=y, width=600, height=400,
                             normal_hints={'us_position': True})
        dx, dy = self.on_target(20, 30)
        dlg = self.window(x=dx, y=dy, width=200, height=100,
                          transient_for=parent, types=['DIALOG'],
                          normal_hints={'us_position': True})
        self.assertEqual(self.g.frame_rect(dlg)[:2], (dx, dy))

    def test_dialog_follows_parent_to_its_monitor(self):
        others = self.others()
        if not others:
            self.skipTest('needs a second monitor')
        # The pointer is on another monitor than the parent: the dialog
        # still goes over its parent.
        self.point_at(list(others.values())[0])
        x, y = self.on_target(60, 60)
        parent = self.window(x=x, y=y, width=500, height=400,
                             normal_hints={'us_position': True})
        dlg = self.window(x=0, y=0, width=200, height=100,
                          transient_for=parent, types=['DIALOG'])
        pc = rect_centre(self.g.frame_rect(parent))
        dc = rect_centre(self.g.frame_rect(dlg))
        self.assertAlmostEqual(dc[0], pc[0], delta=1)
        self.assertAlmostEqual(dc[1], pc[1], delta=1)

    def test_splash_centred_on_the_pointers_monitor(self):
        w = self.window(x=0, y=0, width=400, height=300, types=['SPLASH'])
        c = rect_centre(self.g.client_rect(w))
        mc = rect_centre(self.T)
        self.assertAlmostEqual(c[0], mc[0], delta=1)
        self.assertAlmostEqual(c[1], mc[1], delta=1)


class BadSizeInputTests:
    """Bad size input: clamped or ignored, with one line on stderr, and
    purr carries on. Each case is its own test."""

    def make(self, w=240, h=160, hints=None, map=True):
        x, y = self.on_target(100, 100)
        win = self.c.create_window(x=x, y=y, width=w, height=h, map=False,
                                   normal_hints={'us_position': True})
        if hints is not None:
            win.set_normal_hints(hints)
        if map:
            win.map()
            self.h.sync()
        return win

    def hints(self, **fields):
        """A raw 18-word WM_SIZE_HINTS with USPosition and the flags the
        given fields imply (values written unsigned, as a client could)."""
        f = [0] * 18
        flags = testclient.USPosition
        spec = {'min': (testclient.PMinSize, 5),
                'max': (testclient.PMaxSize, 7),
                'inc': (testclient.PResizeInc, 9),
                'aspect': (testclient.PAspect, 11),
                'base': (testclient.PBaseSize, 15)}
        for k, v in fields.items():
            bit, at = spec[k]
            flags |= bit
            for i, n in enumerate(v):
                f[at + i] = n & 0xFFFFFFFF
        f[0] = flags
        return f

    def test_min_greater_than_max(self):
        mark = self.log_mark()
        w = self.make(100, 100, self.hints(min=(400, 300), max=(200, 100)))
        self.assertManaged(w)
        self.assertOneLogLine(mark, w)
        for req in ((50, 50), (1000, 900)):
            w.configure(width=req[0], height=req[1])
            self.h.sync()
            ww, hh = self.h.geometry(w)[2:4]
            self.assertTrue(200 <= ww <= 400 and 100 <= hh <= 300,
                            'size %dx%d after asking %r: neither the '
                            'minimum nor the maximum' % (ww, hh, req))
        self.assertAlive()

    def test_zero_increments(self):
        mark = self.log_mark()
        w = self.make(hints=self.hints(inc=(0, 0)))
        self.assertOneLogLine(mark, w)
        w.configure(width=333, height=222)
        self.h.sync()
        self.assertEqual(self.h.geometry(w)[2:4], (333, 222))
        self.assertAlive()

    def test_negative_increments(self):
        mark = self.log_mark()
        w = self.make(hints=self.hints(inc=(-5, -7)))
        self.assertOneLogLine(mark, w)
        w.configure(width=333, height=222)
        self.h.sync()
        self.assertEqual(self.h.geometry(w)[2:4], (333, 222))
        self.assertAlive()

    def test_aspect_zero_over_zero(self):
        mark = self.log_mark()
        w = self.make(hints=self.hints(aspect=(0, 0, 0, 0)))
        self.assertOneLogLine(mark, w)
        w.configure(width=333, height=222)
        self.h.sync()
        self.assertEqual(self.h.geometry(w)[2:4], (333, 222))
        self.assertAlive()

    def test_configure_request_1x1(self):
        w = self.make()
        mark = self.log_mark()
        w.configure(width=1, height=1)
        self.h.sync()
        ww, hh = self.h.geometry(w)[2:4]
        self.assertGreaterEqual(ww, 1)
        self.assertGreaterEqual(hh, 1)
        self.assertTitleReachable(w)
        # The contract: a 1x1 request is bad input, clamped or
        # ignored with one line on stderr.
        self.assertOneLogLine(mark, w)
        self.assertAlive()

    def test_configure_request_100000x100000(self):
        # ConfigureWindow carries 16-bit sizes: 100000 reaches the server
        # (and purr's ConfigureRequest) as 100000 mod 65536 = 34464, more
        # than X's 32767 limit for a window.
        w = self.make()
        mark = self.log_mark()
        w.configure(width=100000 & 0xFFFF, height=100000 & 0xFFFF)
        self.h.sync()
        ww, hh = self.h.geometry(w)[2:4]
        self.assertLessEqual(ww, 32767)
        self.assertLessEqual(hh, 32767)
        self.assertTitleReachable(w)
        self.assertOneLogLine(mark, w)
        self.assertAlive()

    def test_moveresize_100000x100000(self):
        # _NET_MOVERESIZE_WINDOW carries 32-bit values: 100000 itself.
        w = self.make()
        mark = self.log_mark()
        self.g.moveresize(w, w=100000, h=100000, gravity=NorthWestGravity)
        self.h.sync()
        ww, hh = self.h.geometry(w)[2:4]
        self.assertLessEqual(ww, 32767)
        self.assertLessEqual(hh, 32767)
        self.assertTitleReachable(w)
        self.assertOneLogLine(mark, w)
        self.assertAlive()


per_layout(globals(), SizeHintsTests, GravityTests, ReachableTests,
           PlacementTests, BadSizeInputTests)


if __name__ == '__main__':
    geometry_helpers.main()
