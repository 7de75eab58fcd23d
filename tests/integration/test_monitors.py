#!/usr/bin/python3
"""Several monitors through RandR 1.5 virtual monitors.

Per-monitor work areas, maximize and fullscreen on the window's monitor,
_NET_WM_FULLSCREEN_MONITORS across monitors (and naming monitors that do
not exist), and hot-plug with windows open: a monitor that goes takes its
windows to a remaining one at the same relative place, and when it comes
back they stay where they are; a monitor that is added is used at once.

Runs on two virtual monitors and on three. The monitor unplugged is the
target one (never the first, which carries Xvfb's own output).
"""

from geometry_helpers import (
    bottom_partial, per_layout, pid_pred, rect_contains, rect_overlap,
    run_tool, skip_unless, top_partial)
import geometry_helpers

MAX = {'_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'}
FS = '_NET_WM_STATE_FULLSCREEN'


def monitor_holding(monitors, rect):
    """The monitor rect overlaps most."""
    return max(monitors.values(), key=lambda m: rect_overlap(rect, m))


class MonitorBase:

    def put(self, mon, dx=60, dy=60, w=300, h=200, title=None):
        win = self.window(x=mon[0] + dx, y=mon[1] + dy, width=w, height=h,
                          title=title or 'on %r' % (mon,),
                          normal_hints={'us_position': True})
        self.assertManaged(win)
        return win

    def bottom_dock(self, mon, height):
        S = self.screen
        return self.g.dock(self.c, mon[0], mon[1] + mon[3] - height, mon[2],
                           height,
                           partial=bottom_partial(
                               S[3] - (mon[1] + mon[3]) + height,
                               mon[0], mon[0] + mon[2] - 1))

    def top_dock(self, mon, height):
        return self.g.dock(self.c, mon[0], mon[1], mon[2], height,
                           partial=top_partial(mon[1] + height, mon[0],
                                               mon[0] + mon[2] - 1))

    def unplug_target(self):
        self.mon.delete(self.target)
        self.h.sync()
        remaining = dict(self.monitors)
        del remaining[self.target]
        self.assertEqual(dict(self.mon.listed()), remaining)
        return remaining

    def replug_target(self):
        T = self.monitors[self.target]
        self.mon.set(self.target, *T)
        self.h.sync()


class PerMonitorTests(MonitorBase):
    """Maximize, fullscreen and work areas per monitor."""

    def test_maximize_on_each_monitor(self):
        for name, mon in sorted(self.monitors.items()):
            w = self.put(mon)
            self.g.maximize(w)
            self.h.sync()
            self.assertFillsArea(w, mon, 'on monitor %s' % name)

    def test_fullscreen_on_each_monitor(self):
        for name, mon in sorted(self.monitors.items()):
            w = self.put(mon, dx=mon[2] // 3)
            self.g.fullscreen(w)
            self.h.sync()
            self.assertFullscreenOn(w, mon)

    def test_window_across_two_monitors_maximizes_on_the_larger_part(self):
        T = self.T
        # Two thirds of it on the target, a third on its left neighbour.
        w = self.window(x=T[0] - 100, y=T[1] + 100, width=298, height=200,
                        normal_hints={'us_position': True})
        self.g.maximize(w)
        self.h.sync()
        self.assertFillsArea(w, T)

    def test_per_monitor_work_areas(self):
        heights = {}
        for i, (name, mon) in enumerate(sorted(self.monitors.items())):
            heights[name] = 30 + 10 * i
            if i % 2:
                self.top_dock(mon, heights[name])
            else:
                self.bottom_dock(mon, heights[name])
        self.h.sync()
        for i, (name, mon) in enumerate(sorted(self.monitors.items())):
            hh = heights[name]
            work = ((mon[0], mon[1] + hh, mon[2], mon[3] - hh) if i % 2 else
                    (mon[0], mon[1], mon[2], mon[3] - hh))
            w = self.put(mon, title='max on ' + name)
            self.g.maximize(w)
            self.h.sync()
            self.assertFillsArea(w, work, 'on monitor %s' % name)

    def test_workarea_excludes_every_dock(self):
        docks = []
        for name, mon in sorted(self.monitors.items()):
            docks.append(self.bottom_dock(mon, 40))
        self.h.sync()
        wa = self.g.workarea()
        self.assertTrue(rect_contains(self.screen, wa))
        for d in docks:
            self.assertEqual(rect_overlap(wa, self.g.client_rect(d)), 0)

    def test_fullscreen_monitors_span_all(self):
        listed = self.mon.listed()
        idx = {n: i for i, (n, _) in enumerate(listed)}
        rects = dict(listed)
        top = min(rects, key=lambda n: rects[n][1])
        bottom = max(rects, key=lambda n: rects[n][1] + rects[n][3])
        left = min(rects, key=lambda n: rects[n][0])
        right = max(rects, key=lambda n: rects[n][0] + rects[n][2])
        want = (rects[left][0], rects[top][1],
                rects[right][0] + rects[right][2] - rects[left][0],
                rects[bottom][1] + rects[bottom][3] - rects[top][1])
        w = self.put(self.T)
        self.g.fullscreen(w)
        self.g.fullscreen_monitors(w, idx[top], idx[bottom], idx[left],
                                   idx[right])
        self.h.sync()
        self.assertEqual(self.h.cardinals(w, '_NET_WM_FULLSCREEN_MONITORS'),
                         [idx[top], idx[bottom], idx[left], idx[right]])
        self.assertFullscreenOn(w, want)
        self.g.fullscreen(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w)[2:], (300, 200))

    def test_fullscreen_monitors_set_before_fullscreen(self):
        listed = self.mon.listed()
        a, b = listed[0], listed[1]
        i, j = 0, 1
        w = self.put(self.T)
        self.g.fullscreen_monitors(w, i, i, i, j)
        self.g.fullscreen(w)
        self.h.sync()
        want = (a[1][0], a[1][1], b[1][0] + b[1][2] - a[1][0], a[1][3])
        self.assertFullscreenOn(w, want)

    def test_fullscreen_monitors_naming_a_missing_monitor(self):
        # Bad input: one log line, the request ignored.
        w = self.put(self.T)
        self.g.fullscreen(w)
        self.h.sync()
        mark = self.log_mark()
        n = len(self.monitors)
        self.g.fullscreen_monitors(w, 0, 0, 0, n + 5)
        self.h.sync()
        self.assertOneLogLine(mark, w)
        self.assertFullscreenOn(w, self.T)
        self.assertIsNone(self.h.cardinals(w, '_NET_WM_FULLSCREEN_MONITORS'))
        self.assertAlive()

    def test_fullscreen_monitors_huge_index(self):
        w = self.put(self.T)
        self.g.fullscreen(w)
        self.h.sync()
        mark = self.log_mark()
        self.g.fullscreen_monitors(w, 0xFFFFFFFF, 0, 0, 0)
        self.h.sync()
        self.assertOneLogLine(mark, w)
        self.assertFullscreenOn(w, self.T)
        self.assertAlive()


class HotplugTests(MonitorBase):
    """Monitors going and coming while windows are open."""

    def assertRelativePlace(self, before, after, old_mon, monitors):
        new_mon = monitor_holding(monitors, after)
        for axis, size in ((0, 2), (1, 3)):
            rb = (before[axis] - old_mon[axis]) / old_mon[size]
            ra = (after[axis] - new_mon[axis]) / new_mon[size]
            self.assertAlmostEqual(
                ra, rb, delta=0.01 + 2.0 / new_mon[size],
                msg='frame %r on %r was at %.3f of the %s; now %r on %r at '
                '%.3f' % (before, old_mon, rb, 'xy'[axis], after, new_mon,
                          ra))

    def test_windows_of_a_monitor_that_goes_keep_their_relative_place(self):
        T = self.T
        wins = [self.put(T, dx=T[2] // 4, dy=T[3] // 3, title='quarter'),
                self.put(T, dx=T[2] // 2, dy=T[3] // 2, w=200, h=120,
                         title='half')]
        before = [self.g.frame_rect(w) for w in wins]
        remaining = self.unplug_target()
        for w, b in zip(wins, before):
            after = self.g.frame_rect(w)
            self.assertTrue(any(rect_overlap(after, m)
                                for m in remaining.values()),
                            'window still off every monitor at %r' % (after,))
            self.assertTitleReachable(w, remaining)
            self.assertRelativePlace(b, after, T, remaining)
            self.assertEqual(after[2:], b[2:], 'the window changed size')

    def test_window_straddling_the_edge_stays_reachable(self):
        # Most of it on the target, a sliver (20 pixels) on the monitor to
        # its left: when the target goes, what is left on screen must
        # still show its title strip.
        T = self.T
        w = self.window(x=T[0] - 20, y=T[1] + 100, width=400, height=200,
                        normal_hints={'us_position': True})
        self.assertManaged(w)
        remaining = self.unplug_target()
        self.assertTitleReachable(w, remaining)

    def test_unmaximize_and_unfullscreen_after_the_monitor_went(self):
        T = self.T
        m = self.put(T, title='maximized')
        f = self.put(T, dx=200, title='fullscreen')
        self.g.maximize(m)
        self.g.fullscreen(f)
        self.h.sync()
        remaining = self.unplug_target()
        self.g.maximize(m, False)
        self.g.fullscreen(f, False)
        self.h.sync()
        for w in (m, f):
            self.assertFalse(self.g.state(w) & (MAX | {FS}))
            self.assertEqual(self.g.client_rect(w)[2:], (300, 200))
            self.assertTitleReachable(w, remaining)

    def test_windows_of_other_monitors_stay(self):
        others = self.others()
        wins = [(self.put(m, title='stays on ' + n), None)
                for n, m in sorted(others.items())]
        wins = [(w, self.g.frame_rect(w)) for w, _ in wins]
        self.put(self.T, title='goes')
        self.unplug_target()
        for w, r in wins:
            self.assertEqual(self.g.frame_rect(w), r)

    def test_maximized_window_moves_and_stays_maximized(self):
        w = self.put(self.T)
        self.g.maximize(w)
        self.h.sync()
        remaining = self.unplug_target()
        self.assertEqual(self.g.state(w) & MAX, MAX)
        f = self.g.frame_rect(w)
        mon = monitor_holding(remaining, f)
        self.assertFillsArea(w, mon)

    def test_fullscreen_window_moves_and_stays_fullscreen(self):
        w = self.put(self.T)
        self.g.fullscreen(w)
        self.h.sync()
        remaining = self.unplug_target()
        mon = monitor_holding(remaining, self.g.client_rect(w))
        self.assertFullscreenOn(w, mon)

    def test_windows_stay_when_the_monitor_comes_back(self):
        T = self.T
        w = self.put(T, dx=T[2] // 4, dy=T[3] // 4)
        m = self.put(T, title='maximized')
        self.g.maximize(m)
        self.h.sync()
        self.unplug_target()
        moved = self.g.frame_rect(w)
        moved_max = self.g.frame_rect(m)
        self.replug_target()
        self.assertEqual(dict(self.mon.listed()), self.monitors)
        self.assertEqual(self.g.frame_rect(w), moved)
        self.assertEqual(self.g.frame_rect(m), moved_max)
        # And the monitor is usable again.
        n = self.put(T, title='back on the target')
        self.g.maximize(n)
        self.h.sync()
        self.assertFillsArea(n, T)

    def test_unplug_and_replug_several_times(self):
        T = self.T
        w = self.put(T, dx=T[2] // 2, dy=T[3] // 2, w=160, h=100)
        for i in range(3):
            remaining = self.unplug_target()
            self.assertTitleReachable(w, remaining)
            self.replug_target()
            self.assertTitleReachable(w)
        self.assertManaged(w)

    def test_a_new_monitor_is_used_at_once(self):
        T = self.T
        keep = self.put(self.monitors[sorted(self.others())[0]],
                        title='elsewhere')
        keep_rect = self.g.frame_rect(keep)
        self.unplug_target()
        # A smaller monitor appears where the target was.
        new = (T[0], T[1], T[2] - 200, T[3] - 100)
        self.mon.set('NEW', *new)
        self.h.sync()
        self.monitors = dict(self.mon.listed())
        self.assertEqual(self.g.frame_rect(keep), keep_rect)
        self.point_at(new)
        w = self.window(x=0, y=0, width=300, height=200, title='new one')
        self.assertTrue(rect_contains(new, self.g.frame_rect(w)),
                        'new window %r not on the new monitor %r'
                        % (self.g.frame_rect(w), new))
        self.g.maximize(w)
        self.h.sync()
        self.assertFillsArea(w, new)

    def test_dock_of_a_monitor_that_goes(self):
        T = self.T
        self.bottom_dock(T, 40)
        self.h.sync()
        remaining = self.unplug_target()
        for name, mon in sorted(remaining.items()):
            w = self.put(mon, title='max on ' + name)
            self.g.maximize(w)
            self.h.sync()
            self.assertFillsArea(w, mon, 'on %s after the dock\'s monitor '
                                 'went' % name)

    def test_dialog_with_its_parent_through_unplug(self):
        T = self.T
        p = self.put(T, dx=100, dy=100, w=500, h=400, title='parent')
        d = self.window(x=0, y=0, width=200, height=100, transient_for=p,
                        types=['DIALOG'])
        remaining = self.unplug_target()
        pf, df = self.g.frame_rect(p), self.g.frame_rect(d)
        self.assertEqual(monitor_holding(remaining, pf),
                         monitor_holding(remaining, df))


per_layout(globals(), PerMonitorTests, HotplugTests,
           layouts=('Two', 'Three'))


class XtermOnMonitorsTest(geometry_helpers.OnThree):
    """xterm on the middle of three monitors, maximized and fullscreened
    with wmctrl, then its monitor unplugged."""

    @skip_unless('xterm', 'wmctrl')
    def test_xterm_on_the_middle_monitor(self):
        T = self.T
        proc = self.h.spawn(['xterm', '-T', 'purr-it monitors xterm',
                             '-geometry', '80x24+%d+%d' % (T[0] + 40,
                                                           T[1] + 40)],
                            name='xterm')
        xid = self.h.wait_client(pid_pred(self.h, proc), 15, 'xterm',
                                 proc=proc)
        self.h.sync()
        run_tool(self.h, ['wmctrl', '-i', '-r', '0x%x' % xid, '-b',
                          'add,maximized_vert,maximized_horz'])
        self.h.sync()
        self.assertFillsArea(xid, T)
        run_tool(self.h, ['wmctrl', '-i', '-r', '0x%x' % xid, '-b',
                          'add,fullscreen'])
        self.h.sync()
        self.assertFullscreenOn(xid, T)
        self.mon.delete(self.target)
        self.h.sync()
        remaining = dict(self.mon.listed())
        mon = monitor_holding(remaining, self.g.client_rect(xid))
        self.assertFullscreenOn(xid, mon)
        run_tool(self.h, ['wmctrl', '-i', '-r', '0x%x' % xid, '-b',
                          'remove,fullscreen'])
        self.h.sync()
        self.assertFillsArea(xid, mon)


if __name__ == '__main__':
    geometry_helpers.main()
