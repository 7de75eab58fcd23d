#!/usr/bin/python3
"""Docks and struts: _NET_WM_STRUT and _NET_WM_STRUT_PARTIAL shrink the
work area of the monitor they sit on, _NET_WORKAREA is published,
maximized windows follow struts that come, change and go, and docks stack
above normal and maximized windows. Then real panels from Debian: tint2
and xfce4-panel.

The strut classes run on one monitor, on the second (shorter, not at
the origin) of two virtual monitors and on the middle one of three.
"""

import os

from geometry_helpers import (
    bottom_partial, class_pred, left_partial,
    per_layout, rect_contains, rect_overlap, right_partial, skip_unless,
    top_partial)
import geometry_helpers

MAX = {'_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'}


def cut(rect, top=0, bottom=0, left=0, right=0):
    x, y, w, h = rect
    return (x + left, y + top, w - left - right, h - top - bottom)


class StrutBase:

    # Struts are measured from the screen's edges, not the monitor's.
    def bottom_strut(self, height):
        T = self.T
        return bottom_partial(self.screen[3] - (T[1] + T[3]) + height,
                              T[0], T[0] + T[2] - 1)

    def top_strut(self, height):
        T = self.T
        return top_partial(T[1] + height, T[0], T[0] + T[2] - 1)

    def bottom_dock(self, height, **kw):
        T = self.T
        return self.g.dock(self.c, T[0], T[1] + T[3] - height, T[2], height,
                           partial=self.bottom_strut(height), **kw)

    def top_dock(self, height, **kw):
        T = self.T
        return self.g.dock(self.c, T[0], T[1], T[2], height,
                           partial=self.top_strut(height), **kw)

    def maximized(self, **kw):
        x, y = self.on_target(100, 100)
        w = self.window(x=x, y=y, width=300, height=200,
                        normal_hints={'us_position': True}, **kw)
        self.g.maximize(w)
        self.h.sync()
        return w

    def expected_workarea(self, t_work):
        """_NET_WORKAREA: the screen less every strut band; with the target
        monitor's bands only, that is the screen cut where T's work area
        is cut."""
        T, S = self.T, self.screen
        top = t_work[1] if t_work[1] > T[1] else 0
        bottom = (S[3] - (t_work[1] + t_work[3])
                  if t_work[1] + t_work[3] < T[1] + T[3] else 0)
        left = t_work[0] if t_work[0] > T[0] else 0
        right = (S[2] - (t_work[0] + t_work[2])
                 if t_work[0] + t_work[2] < T[0] + T[2] else 0)
        return cut(S, top, bottom, left, right)


class StrutTests(StrutBase):

    def test_no_struts_workarea_is_the_screen(self):
        self.assertEqual(self.g.workarea(), self.screen)

    def test_legacy_strut_top(self):
        T = self.T
        self.g.dock(self.c, T[0], T[1], T[2], 30, strut=[0, 0, T[1] + 30, 0])
        self.h.sync()
        work = cut(T, top=30)
        self.assertEqual(self.g.workarea(), self.expected_workarea(work))
        self.assertFillsArea(self.maximized(), work)

    def test_partial_strut_bottom(self):
        self.bottom_dock(40)
        self.h.sync()
        work = cut(self.T, bottom=40)
        self.assertEqual(self.g.workarea(), self.expected_workarea(work))
        self.assertFillsArea(self.maximized(), work)

    def test_partial_strut_left(self):
        T = self.T
        if T[0] != 0:
            self.skipTest('the monitor is not at the screen\'s left edge')
        self.g.dock(self.c, 0, T[1], 50, T[3],
                    partial=left_partial(50, T[1], T[1] + T[3] - 1))
        self.h.sync()
        work = cut(T, left=50)
        self.assertEqual(self.g.workarea(), self.expected_workarea(work))
        self.assertFillsArea(self.maximized(), work)

    def test_partial_strut_right(self):
        T, S = self.T, self.screen
        if T[0] + T[2] != S[2]:
            self.skipTest('the monitor is not at the screen\'s right edge')
        self.g.dock(self.c, S[2] - 60, T[1], 60, T[3],
                    partial=right_partial(60, T[1], T[1] + T[3] - 1))
        self.h.sync()
        work = cut(T, right=60)
        self.assertEqual(self.g.workarea(), self.expected_workarea(work))
        self.assertFillsArea(self.maximized(), work)

    def test_two_docks_combine(self):
        self.top_dock(25)
        self.bottom_dock(35)
        self.h.sync()
        work = cut(self.T, top=25, bottom=35)
        self.assertEqual(self.g.workarea(), self.expected_workarea(work))
        self.assertFillsArea(self.maximized(), work)

    def test_maximized_follows_a_strut_that_appears(self):
        w = self.maximized()
        self.assertFillsArea(w, self.T)
        self.bottom_dock(40)
        self.h.sync()
        self.assertFillsArea(w, cut(self.T, bottom=40))

    def test_maximized_follows_a_strut_that_changes(self):
        d = self.bottom_dock(40)
        w = self.maximized()
        self.assertFillsArea(w, cut(self.T, bottom=40))
        d.set_cardinals('_NET_WM_STRUT_PARTIAL', self.bottom_strut(80))
        self.h.sync()
        self.assertFillsArea(w, cut(self.T, bottom=80))
        self.assertEqual(self.g.workarea(),
                         self.expected_workarea(cut(self.T, bottom=80)))

    def test_maximized_follows_a_strut_that_moves_to_the_top(self):
        d = self.bottom_dock(40)
        w = self.maximized()
        d.set_cardinals('_NET_WM_STRUT_PARTIAL', self.top_strut(40))
        self.h.sync()
        self.assertFillsArea(w, cut(self.T, top=40))

    def test_maximized_follows_a_strut_that_goes(self):
        d = self.bottom_dock(40)
        w = self.maximized()
        d.delete_prop('_NET_WM_STRUT_PARTIAL')
        self.h.sync()
        self.assertFillsArea(w, self.T)
        self.assertEqual(self.g.workarea(), self.screen)

    def test_maximized_follows_a_dock_that_unmaps(self):
        d = self.bottom_dock(40)
        w = self.maximized()
        d.withdraw()
        self.h.sync()
        self.assertFillsArea(w, self.T)
        self.assertEqual(self.g.workarea(), self.screen)

    def test_maximized_follows_a_dock_that_is_destroyed(self):
        d = self.top_dock(30)
        w = self.maximized()
        self.assertFillsArea(w, cut(self.T, top=30))
        d.destroy()
        self.h.sync()
        self.assertFillsArea(w, self.T)

    def test_vertically_maximized_follows_struts(self):
        x, y = self.on_target(100, 100)
        w = self.window(x=x, y=y, width=300, height=200,
                        normal_hints={'us_position': True})
        self.g.set_state(w, 1, 'MAXIMIZED_VERT')
        self.h.sync()
        before = self.g.frame_rect(w)
        self.top_dock(30)
        self.h.sync()
        f = self.g.frame_rect(w)
        self.assertEqual((f[0], f[2]), (before[0], before[2]))
        self.assertEqual((f[1], f[3]), (self.T[1] + 30, self.T[3] - 30))

    def test_unmaximize_after_strut_change_restores(self):
        x, y = self.on_target(100, 100)
        w = self.window(x=x, y=y, width=300, height=200,
                        normal_hints={'us_position': True})
        before = self.g.client_rect(w)
        self.g.maximize(w)
        self.bottom_dock(50)
        self.h.sync()
        self.g.maximize(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w), before)

    def test_title_is_not_moved_under_a_dock(self):
        # A dock stacks above normal windows, so a title strip under it
        # cannot be reached: a move there stops at the work area's edge.
        self.top_dock(30)
        x, y = self.on_target(100, 200)
        w = self.window(x=x, y=y, width=300, height=200,
                        normal_hints={'us_position': True})
        w.configure(x=x, y=self.T[1] + 5)
        self.h.sync()
        self.assertGreaterEqual(self.g.frame_rect(w)[1], self.T[1] + 30,
                                'the title strip went under the top dock')

    def test_docks_stack_above_normal_and_maximized(self):
        d = self.bottom_dock(40)
        n = self.window(x=self.T[0] + 10, y=self.T[1] + 10, width=300,
                        height=200, normal_hints={'us_position': True})
        m = self.maximized()
        for w in (n, m):
            self.h.activate(w)
            self.h.sync()
            self.assertFocused(w)
            self.assertTrue(self.g.is_above(d, n), 'dock below the normal '
                            'window after activating 0x%x' % w.id)
            self.assertTrue(self.g.is_above(d, m), 'dock below the '
                            'maximized window after activating 0x%x' % w.id)
            self.assertStackingConsistent()

    def test_raising_a_window_does_not_cover_the_dock(self):
        d = self.bottom_dock(40)
        n = self.window(x=self.T[0] + 10, y=self.T[1] + 10, width=300,
                        height=200, normal_hints={'us_position': True})
        n.configure(stack_mode=0)  # Above
        self.h.restack(n, 0, 0)
        self.h.sync()
        self.assertTrue(self.g.is_above(d, n))

    def test_fullscreen_covers_the_struts(self):
        self.bottom_dock(40)
        w = self.maximized()
        self.g.fullscreen(w)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)

    def test_dock_keeps_its_position(self):
        T = self.T
        d = self.bottom_dock(40)
        self.h.sync()
        self.assertEqual(self.g.client_rect(d),
                         (T[0], T[1] + T[3] - 40, T[2], 40))
        self.assertEqual(self.g.extents(d), (0, 0, 0, 0))

    def test_strut_of_another_monitor_leaves_this_one_alone(self):
        others = self.others()
        if not others:
            self.skipTest('needs a second monitor')
        S = self.screen
        for name, o in others.items():
            self.g.dock(self.c, o[0], o[1] + o[3] - 40, o[2], 40,
                        partial=bottom_partial(S[3] - (o[1] + o[3]) + 40,
                                               o[0], o[0] + o[2] - 1))
        self.h.sync()
        self.assertFillsArea(self.maximized(), self.T)

    def test_strut_larger_than_the_monitor(self):
        # Bad input: a bottom strut taller than the monitor it sits on
        # (and than the screen). Clamped or ignored, one log line, and the
        # work area stays usable.
        mark = self.log_mark()
        T = self.T
        d = self.g.dock(self.c, T[0], T[1] + T[3] - 40, T[2], 40,
                        partial=bottom_partial(5000, T[0],
                                               T[0] + T[2] - 1))
        self.h.sync()
        self.assertOneLogLine(mark, d)
        wa = self.g.workarea()
        self.assertTrue(rect_contains(self.screen, wa) and wa[2] > 0
                        and wa[3] > 0, '_NET_WORKAREA %r' % (wa,))
        w = self.maximized()
        f = self.g.frame_rect(w)
        self.assertTrue(rect_contains(T, f) and f[2] >= T[2] // 2
                        and f[3] >= T[3] // 2,
                        'maximized window %r on %r' % (f, T))
        self.assertAlive()


per_layout(globals(), StrutTests)


class StrutLargerThanItsMonitorTest(geometry_helpers.OnTwo):
    """Bad input on two monitors: a dock on the left monitor reserves a
    left strut wider than that monitor but narrower than the screen. It
    must not eat into the right monitor, and purr says so once."""

    def test_left_strut_wider_than_its_monitor(self):
        L, R = self.monitors['L'], self.monitors['R']
        mark = self.log_mark()
        d = self.g.dock(self.c, 0, 0, 50, L[3],
                        partial=left_partial(L[2] + 580, 0, L[3] - 1))
        self.h.sync()
        w = self.maximized_area_window(R)
        self.assertFillsArea(w, R, '(the strut on L reaches into R)')
        self.assertOneLogLine(mark, d)
        self.assertAlive()

    def maximized_area_window(self, mon):
        w = self.window(x=mon[0] + 50, y=mon[1] + 50, width=300, height=200,
                        normal_hints={'us_position': True})
        self.g.maximize(w)
        self.h.sync()
        return w


TINT2RC = '''\
panel_items = T
panel_size = 100% {height}
panel_margin = 0 0
panel_padding = 0 0 0
panel_position = {where} center horizontal
panel_layer = top
panel_monitor = all
panel_dock = 0
strut_policy = follow_size
autohide = 0
wm_menu = 0
taskbar_mode = single_desktop
'''


class RealPanelTests:
    """tint2 and xfce4-panel from Debian."""

    def panel_windows(self, klass):
        return [w for w in self.h.client_list()
                if class_pred(self.h, klass)(w)
                and self.h.prop(w, '_NET_WM_STRUT_PARTIAL') is not None]

    def check_panel(self, proc, klass):
        wins = self.h.wait_until(lambda: self.panel_windows(klass), 30,
                                 '%s to map a panel with a strut' % klass)
        self.h.wait_until(lambda: self.g.workarea() != self.screen, 10,
                          '_NET_WORKAREA to shrink for %s' % klass)
        self.h.sync()
        self.assertTrue(proc.alive(), '%s exited' % klass)
        panels = [self.g.client_rect(p) for p in wins]
        wa = self.g.workarea()
        for p in panels:
            self.assertEqual(rect_overlap(wa, p), 0, '_NET_WORKAREA %r '
                             'covers the panel at %r' % (wa, p))
        for name, mon in sorted(self.monitors.items()):
            w = self.window(x=mon[0] + 60, y=mon[1] + 60, width=300,
                            height=200, title='max on ' + name,
                            normal_hints={'us_position': True})
            self.g.maximize(w)
            self.h.sync()
            f = self.g.frame_rect(w)
            self.assertTrue(rect_contains(mon, f))
            for pw, p in zip(wins, panels):
                self.assertEqual(rect_overlap(f, p), 0, 'maximized window '
                                 'on %s at %r covers the panel at %r'
                                 % (name, f, p))
                self.assertTrue(self.g.is_above(pw, w))
            # It fills its monitor but for the panels on it.
            self.assertGreater(f[2] * f[3], mon[2] * mon[3] * 0.9)
        self.assertStackingConsistent()

    @skip_unless('tint2')
    def test_tint2(self):
        rc = os.path.join(self.h.tmpdir, 'tint2rc')
        with open(rc, 'w') as f:
            f.write(TINT2RC.format(height=30, where='bottom'))
        proc = self.h.spawn(['tint2', '-c', rc], name='tint2')
        self.check_panel(proc, 'tint2')

    @skip_unless('tint2')
    def test_tint2_at_the_top(self):
        rc = os.path.join(self.h.tmpdir, 'tint2rc')
        with open(rc, 'w') as f:
            f.write(TINT2RC.format(height=26, where='top'))
        proc = self.h.spawn(['tint2', '-c', rc], name='tint2')
        self.check_panel(proc, 'tint2')

    @skip_unless('xfce4-panel', 'dbus-run-session')
    def test_xfce4_panel(self):
        # Its settings daemon (xfconfd) needs a session bus; the default
        # configuration (/etc/xdg) has a panel with a strut at the top.
        proc = self.h.spawn(['dbus-run-session', '--', 'xfce4-panel'],
                            name='xfce4-panel',
                            env={'DBUS_SESSION_BUS_ADDRESS': None})
        self.check_panel(proc, 'xfce4-panel')


class RealPanelsOne(RealPanelTests, geometry_helpers.OnOne):
    pass


class RealPanelsTwo(RealPanelTests, geometry_helpers.OnTwo):
    pass


if __name__ == '__main__':
    geometry_helpers.main()
