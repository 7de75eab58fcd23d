#!/usr/bin/python3
"""Window states through _NET_WM_STATE and the ICCCM.

Maximized vertically and horizontally, fullscreen (with
_NET_WM_FULLSCREEN_MONITORS), shaded, hidden (WM_CHANGE_STATE iconify and
back, by mapping again or _NET_ACTIVE_WINDOW), above, below, sticky, skip
taskbar and pager, modal, demands attention; _NET_WM_ALLOWED_ACTIONS per
window; unmaximize and unfullscreen restoring the earlier geometry across
several changes. Then xterm and a GTK program, maximized and fullscreened
with wmctrl.

The state classes run on one monitor and on the middle one of three.
"""

from geometry_helpers import (
    bottom_partial, class_pred, motif_undecorated, per_layout, pid_pred,
    run_tool, skip_unless)
import geometry_helpers
import testclient

MAX = {'_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'}
FS = '_NET_WM_STATE_FULLSCREEN'


class StateBase:

    def make(self, dx=100, dy=80, w=400, h=300, **kw):
        x, y = self.on_target(dx, dy)
        hints = kw.pop('normal_hints', {})
        hints.setdefault('us_position', True)
        win = self.window(x=x, y=y, width=w, height=h, normal_hints=hints,
                          **kw)
        self.assertManaged(win)
        return win


class MaximizeTests(StateBase):
    """Maximize both ways and each way, toggle, and restore."""

    def test_maximize_both_fills_the_monitor(self):
        w = self.make()
        self.g.maximize(w)
        self.h.sync()
        self.assertEqual(self.g.state(w) & MAX, MAX)
        self.assertFillsArea(w, self.T)

    def test_maximize_vert_only(self):
        w = self.make()
        before = self.g.frame_rect(w)
        self.g.set_state(w, 1, 'MAXIMIZED_VERT')
        self.h.sync()
        f = self.g.frame_rect(w)
        self.assertEqual(self.g.state(w) & MAX,
                         {'_NET_WM_STATE_MAXIMIZED_VERT'})
        self.assertEqual((f[0], f[2]), (before[0], before[2]))
        self.assertEqual((f[1], f[3]), (self.T[1], self.T[3]))

    def test_maximize_horz_only(self):
        w = self.make()
        before = self.g.frame_rect(w)
        self.g.set_state(w, 1, 'MAXIMIZED_HORZ')
        self.h.sync()
        f = self.g.frame_rect(w)
        self.assertEqual(self.g.state(w) & MAX,
                         {'_NET_WM_STATE_MAXIMIZED_HORZ'})
        self.assertEqual((f[1], f[3]), (before[1], before[3]))
        self.assertEqual((f[0], f[2]), (self.T[0], self.T[2]))

    def test_toggle(self):
        w = self.make()
        before = self.g.client_rect(w)
        self.g.set_state(w, 2, 'MAXIMIZED_VERT', 'MAXIMIZED_HORZ')
        self.h.sync()
        self.assertFillsArea(w, self.T)
        self.g.set_state(w, 2, 'MAXIMIZED_VERT', 'MAXIMIZED_HORZ')
        self.h.sync()
        self.assertFalse(self.g.state(w) & MAX)
        self.assertEqual(self.g.client_rect(w), before)

    def test_unmaximize_restores(self):
        w = self.make()
        before = self.g.client_rect(w)
        self.g.maximize(w)
        self.h.sync()
        self.g.maximize(w, False)
        self.h.sync()
        self.assertFalse(self.g.state(w) & MAX)
        self.assertEqual(self.g.client_rect(w), before)

    def test_restore_across_several_changes(self):
        w = self.make()
        before = self.g.client_rect(w)
        steps = [(1, 'MAXIMIZED_VERT'), (1, 'MAXIMIZED_HORZ'),
                 (1, 'FULLSCREEN'), (0, 'MAXIMIZED_VERT'),
                 (0, 'FULLSCREEN'), (1, 'MAXIMIZED_VERT'),
                 (0, 'MAXIMIZED_HORZ'), (0, 'MAXIMIZED_VERT')]
        for action, name in steps:
            self.g.set_state(w, action, name)
            self.h.sync()
        self.assertFalse(self.g.state(w) & (MAX | {FS}))
        self.assertEqual(self.g.client_rect(w), before)

    def test_unfullscreen_returns_to_maximized(self):
        w = self.make()
        before = self.g.client_rect(w)
        self.g.fullscreen(w)
        self.h.sync()
        self.g.maximize(w)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)
        self.g.fullscreen(w, False)
        self.h.sync()
        self.assertFillsArea(w, self.T)
        self.g.maximize(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w), before)

    def test_move_then_maximize_restores_the_moved_place(self):
        w = self.make()
        x, y = self.on_target(200, 150)
        w.configure(x=x, y=y, width=350, height=250)
        self.h.sync()
        before = self.g.client_rect(w)
        self.g.maximize(w)
        self.h.sync()
        self.g.maximize(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w), before)

    def test_maximized_at_map(self):
        w = self.make(states=['MAXIMIZED_VERT', 'MAXIMIZED_HORZ'])
        self.assertEqual(self.g.state(w) & MAX, MAX)
        self.assertFillsArea(w, self.T)
        self.g.maximize(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w)[2:], (400, 300))
        self.assertEqual(self.g.frame_rect(w)[:2], self.on_target(100, 80))


class FullscreenTests(StateBase):
    """Fullscreen, its monitors, its layer, and back."""

    def test_fullscreen_fills_the_monitor_undecorated(self):
        w = self.make()
        self.g.fullscreen(w)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)
        self.assertEqual(self.g.frame_rect(w), self.T)

    def test_unfullscreen_restores(self):
        w = self.make()
        before = self.g.client_rect(w)
        ext = self.g.extents(w)
        self.g.fullscreen(w)
        self.h.sync()
        self.g.fullscreen(w, False)
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.g.client_rect(w), before)
        self.assertEqual(self.g.extents(w), ext)

    def test_fullscreen_toggle(self):
        w = self.make()
        self.g.set_state(w, 2, 'FULLSCREEN')
        self.h.sync()
        self.assertFullscreenOn(w, self.T)
        self.g.set_state(w, 2, 'FULLSCREEN')
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))

    def test_fullscreen_at_map(self):
        w = self.make(states=['FULLSCREEN'])
        self.assertFullscreenOn(w, self.T)
        self.g.fullscreen(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w)[2:], (400, 300))

    def test_fullscreen_ignores_configure_requests(self):
        w = self.make()
        self.g.fullscreen(w)
        self.h.sync()
        x, y = self.on_target(10, 10)
        w.configure(x=x, y=y, width=100, height=100)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)

    def test_fullscreen_monitors_on_its_own_monitor(self):
        w = self.make()
        i = self.mon.index(self.target) if self.layout else 0
        self.g.fullscreen_monitors(w, i, i, i, i)
        self.g.fullscreen(w)
        self.h.sync()
        self.assertEqual(self.h.cardinals(w, '_NET_WM_FULLSCREEN_MONITORS'),
                         [i, i, i, i])
        self.assertFullscreenOn(w, self.T)

    def test_fullscreen_monitors_naming_a_missing_monitor(self):
        # Bad input: one log line, the request ignored.
        w = self.make()
        self.g.fullscreen(w)
        self.h.sync()
        mark = self.log_mark()
        n = len(self.monitors)
        self.g.fullscreen_monitors(w, 0, n, 0, 0)
        self.h.sync()
        self.assertOneLogLine(mark, w)
        self.assertFullscreenOn(w, self.T)
        self.assertIsNone(self.h.cardinals(w, '_NET_WM_FULLSCREEN_MONITORS'))
        self.assertAlive()

    def test_focused_fullscreen_is_above_docks(self):
        T = self.T
        sh = self.screen[3]
        dock = self.g.dock(self.c, T[0], T[1] + T[3] - 40, T[2], 40,
                           partial=bottom_partial(sh - (T[1] + T[3]) + 40,
                                                  T[0], T[0] + T[2] - 1))
        w = self.make()
        self.g.fullscreen(w)
        self.h.sync()
        self.assertFocused(w)
        self.assertFullscreenOn(w, T)
        self.assertTrue(self.g.is_above(w, dock),
                        'focused fullscreen window below the dock')
        self.assertStackingConsistent()


class ShadeTests(StateBase):

    def test_shade_leaves_the_title_strip(self):
        w = self.make()
        left, right, top, bottom = self.g.extents(w)
        before = self.g.frame_rect(w)
        self.g.set_state(w, 1, 'SHADED')
        self.h.sync()
        self.assertIn('_NET_WM_STATE_SHADED', self.g.state(w))
        f = self.g.frame_rect(w)
        self.assertEqual(f[:3], before[:3])
        self.assertEqual(f[3], top + bottom)

    def test_unshade_restores(self):
        w = self.make()
        before = self.g.frame_rect(w)
        cbefore = self.g.client_rect(w)
        self.g.set_state(w, 1, 'SHADED')
        self.h.sync()
        self.g.set_state(w, 0, 'SHADED')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_SHADED', self.g.state(w))
        self.assertEqual(self.g.frame_rect(w), before)
        self.assertEqual(self.g.client_rect(w), cbefore)

    def test_undecorated_window_is_not_shaded(self):
        w = self.c.create_window(x=self.T[0] + 50, y=self.T[1] + 50,
                                 width=200, height=100, map=False)
        motif_undecorated(w)
        w.map()
        self.h.sync()
        self.assertNotIn('_NET_WM_ACTION_SHADE', self.g.actions(w))
        self.g.set_state(w, 1, 'SHADED')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_SHADED', self.g.state(w))


class MinimizeTests(StateBase):
    """Hidden: WM_CHANGE_STATE iconify, and back."""

    def iconify(self, w):
        self.g.iconify(w)
        self.h.sync()
        self.assertEqual(self.h.wm_state(w), testclient.IconicState)
        self.assertIn('_NET_WM_STATE_HIDDEN', self.g.state(w))
        self.assertFalse(self.g.viewable(w))
        self.assertIn(w.id, self.h.client_list())

    def assertRestored(self, w, rect):
        self.assertEqual(self.h.wm_state(w), testclient.NormalState)
        self.assertNotIn('_NET_WM_STATE_HIDDEN', self.g.state(w))
        self.assertManaged(w)
        self.assertEqual(self.g.client_rect(w), rect)

    def test_iconify_moves_focus_away(self):
        a = self.make(title='a')
        b = self.make(dx=200, title='b')
        self.assertFocused(b)
        self.iconify(b)
        self.assertFocused(a)

    def test_mapping_again_restores(self):
        w = self.make()
        rect = self.g.client_rect(w)
        self.iconify(w)
        w.map()
        self.h.sync()
        self.assertRestored(w, rect)

    def test_activate_restores(self):
        w = self.make()
        rect = self.g.client_rect(w)
        self.iconify(w)
        self.h.activate(w)
        self.h.sync()
        self.assertRestored(w, rect)
        self.assertFocused(w)

    def test_maximized_stays_maximized_through_iconify(self):
        w = self.make()
        self.g.maximize(w)
        self.h.sync()
        self.iconify(w)
        self.h.activate(w)
        self.h.sync()
        self.assertEqual(self.g.state(w) & MAX, MAX)
        self.assertFillsArea(w, self.T)

    def test_hidden_request_through_net_wm_state_is_ignored(self):
        # EWMH: only the manager sets _NET_WM_STATE_HIDDEN; clients use
        # WM_CHANGE_STATE.
        w = self.make()
        self.g.set_state(w, 1, 'HIDDEN')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_HIDDEN', self.g.state(w))
        self.assertManaged(w)


class LayerTests(StateBase):
    """Above, below, and which wins."""

    def test_above_stays_above_a_newer_normal_window(self):
        a = self.make(title='above', states=['ABOVE'])
        n = self.make(dx=150, title='normal')
        self.h.activate(n)
        self.h.sync()
        self.assertTrue(self.g.is_above(a, n))
        self.assertIn('_NET_WM_STATE_ABOVE', self.g.state(a))
        self.assertStackingConsistent()

    def test_above_by_message(self):
        n = self.make(title='normal')
        a = self.make(dx=150, title='later above')
        self.g.set_state(a, 1, 'ABOVE')
        self.h.activate(n)
        self.h.sync()
        self.assertTrue(self.g.is_above(a, n))

    def test_below_stays_below(self):
        b = self.make(title='below')
        n = self.make(dx=150, title='normal')
        self.g.set_state(b, 1, 'BELOW')
        self.h.activate(b)
        self.h.sync()
        self.assertIn('_NET_WM_STATE_BELOW', self.g.state(b))
        self.assertTrue(self.g.is_above(n, b))
        self.assertStackingConsistent()

    def test_above_and_below_exclude_each_other(self):
        w = self.make(states=['ABOVE'])
        self.g.set_state(w, 1, 'BELOW')
        self.h.sync()
        st = self.g.state(w)
        self.assertIn('_NET_WM_STATE_BELOW', st)
        self.assertNotIn('_NET_WM_STATE_ABOVE', st)

    def test_removing_above_returns_to_normal(self):
        a = self.make(title='was above', states=['ABOVE'])
        n = self.make(dx=150, title='normal')
        self.g.set_state(a, 0, 'ABOVE')
        self.h.activate(n)
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_ABOVE', self.g.state(a))
        self.assertTrue(self.g.is_above(n, a))

    def test_modal_dialog_stays_above_its_parent(self):
        p = self.make(title='parent')
        d = self.make(dx=150, title='modal', transient_for=p,
                      types=['DIALOG'])
        self.g.set_state(d, 1, 'MODAL')
        self.h.activate(p)
        self.h.sync()
        self.assertIn('_NET_WM_STATE_MODAL', self.g.state(d))
        self.assertTrue(self.g.is_above(d, p))


class FlagStateTests(StateBase):
    """States that change no geometry."""

    def test_sticky(self):
        w = self.make(title='sticky')
        self.g.set_state(w, 1, 'STICKY')
        self.h.sync()
        self.assertIn('_NET_WM_STATE_STICKY', self.g.state(w))
        self.assertEqual(self.h.wm_desktop(w), 0xFFFFFFFF)
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertTrue(self.g.viewable(w))
        self.g.set_state(w, 0, 'STICKY')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_STICKY', self.g.state(w))
        self.assertEqual(self.h.wm_desktop(w), 1)

    def test_skip_taskbar_and_pager(self):
        w = self.make()
        self.g.set_state(w, 1, 'SKIP_TASKBAR', 'SKIP_PAGER')
        self.h.sync()
        st = self.g.state(w)
        self.assertIn('_NET_WM_STATE_SKIP_TASKBAR', st)
        self.assertIn('_NET_WM_STATE_SKIP_PAGER', st)
        self.g.set_state(w, 2, 'SKIP_PAGER')
        self.g.set_state(w, 0, 'SKIP_TASKBAR')
        self.h.sync()
        st = self.g.state(w)
        self.assertNotIn('_NET_WM_STATE_SKIP_TASKBAR', st)
        self.assertNotIn('_NET_WM_STATE_SKIP_PAGER', st)

    def test_skip_states_at_map(self):
        w = self.make(states=['SKIP_TASKBAR', 'SKIP_PAGER'])
        st = self.g.state(w)
        self.assertIn('_NET_WM_STATE_SKIP_TASKBAR', st)
        self.assertIn('_NET_WM_STATE_SKIP_PAGER', st)

    def test_modal_flag(self):
        w = self.make()
        self.g.set_state(w, 1, 'MODAL')
        self.h.sync()
        self.assertIn('_NET_WM_STATE_MODAL', self.g.state(w))
        self.g.set_state(w, 0, 'MODAL')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_MODAL', self.g.state(w))

    def test_demands_attention_until_activated(self):
        a = self.make(title='wants attention')
        self.make(dx=150, title='focused')
        self.g.set_state(a, 1, 'DEMANDS_ATTENTION')
        self.h.sync()
        self.assertIn('_NET_WM_STATE_DEMANDS_ATTENTION', self.g.state(a))
        self.h.activate(a)
        self.h.sync()
        self.assertFocused(a)
        self.assertNotIn('_NET_WM_STATE_DEMANDS_ATTENTION', self.g.state(a))


class AllowedActionsTests(StateBase):
    """_NET_WM_ALLOWED_ACTIONS, kept true for each window."""

    ALL = {'_NET_WM_ACTION_' + a for a in (
        'MOVE', 'RESIZE', 'MINIMIZE', 'SHADE', 'STICK', 'MAXIMIZE_HORZ',
        'MAXIMIZE_VERT', 'FULLSCREEN', 'CHANGE_DESKTOP', 'CLOSE', 'ABOVE',
        'BELOW')}

    def test_normal_window(self):
        w = self.make()
        self.assertEqual(self.g.actions(w), self.ALL)

    def test_fixed_size_window(self):
        w = self.make(normal_hints={'us_position': True, 'min': (300, 200),
                                    'max': (300, 200)})
        acts = self.g.actions(w)
        for a in ('RESIZE', 'MAXIMIZE_HORZ', 'MAXIMIZE_VERT'):
            self.assertNotIn('_NET_WM_ACTION_' + a, acts)
        for a in ('MOVE', 'CLOSE', 'MINIMIZE'):
            self.assertIn('_NET_WM_ACTION_' + a, acts)

    def test_actions_follow_new_hints(self):
        w = self.make()
        w.set_normal_hints({'us_position': True, 'min': (400, 300),
                            'max': (400, 300)})
        self.h.sync()
        self.assertNotIn('_NET_WM_ACTION_RESIZE', self.g.actions(w))
        w.set_normal_hints({'us_position': True})
        self.h.sync()
        self.assertIn('_NET_WM_ACTION_RESIZE', self.g.actions(w))

    def test_dock(self):
        d = self.g.dock(self.c, self.T[0], self.T[1], 200, 30)
        self.h.sync()
        acts = self.g.actions(d)
        for a in ('MOVE', 'RESIZE', 'MINIMIZE', 'SHADE', 'MAXIMIZE_HORZ',
                  'MAXIMIZE_VERT'):
            self.assertNotIn('_NET_WM_ACTION_' + a, acts)

    def test_undecorated_cannot_shade(self):
        w = self.c.create_window(x=self.T[0] + 50, y=self.T[1] + 50,
                                 width=200, height=100, map=False)
        motif_undecorated(w)
        w.map()
        self.h.sync()
        acts = self.g.actions(w)
        self.assertNotIn('_NET_WM_ACTION_SHADE', acts)
        self.assertIn('_NET_WM_ACTION_MAXIMIZE_VERT', acts)

    def test_decorations_removed_after_map(self):
        w = self.make()
        self.assertIn('_NET_WM_ACTION_SHADE', self.g.actions(w))
        motif_undecorated(w)
        self.h.sync()
        self.assertNotIn('_NET_WM_ACTION_SHADE', self.g.actions(w))


class IconicAtMapTests(StateBase):

    def test_initially_iconic(self):
        x, y = self.on_target(100, 80)
        w = self.window(x=x, y=y, width=300, height=200,
                        initial_state=testclient.IconicState,
                        normal_hints={'us_position': True})
        self.assertIn(w.id, self.h.client_list())
        self.assertEqual(self.h.wm_state(w), testclient.IconicState)
        self.assertIn('_NET_WM_STATE_HIDDEN', self.g.state(w))
        self.h.activate(w)
        self.h.sync()
        self.assertManaged(w)
        self.assertNotIn('_NET_WM_STATE_HIDDEN', self.g.state(w))


per_layout(globals(), MaximizeTests, FullscreenTests, ShadeTests,
           MinimizeTests, LayerTests, FlagStateTests, AllowedActionsTests,
           IconicAtMapTests, layouts=('One', 'Three'))


class RealClientsTest(geometry_helpers.OnOne):
    """xterm and GTK 3 programs, maximized and fullscreened with wmctrl,
    with a dock reserving the bottom of the screen. One 1920x1080 monitor:
    gtk3-widget-factory asks for a minimum size of 1366x741, more than
    the harness's usual 1280x1024 screen is wide."""

    layout = ((1920, 1080), [('W', 0, 0, 1920, 1080)])
    target = 'W'

    def setUp(self):
        super().setUp()
        T = self.T
        self.dock = self.g.dock(self.c, 0, T[3] - 36, T[2], 36,
                                partial=bottom_partial(36, 0, T[2] - 1))
        self.h.sync()
        self.work = (0, 0, T[2], T[3] - 36)
        self.assertEqual(self.g.workarea(), self.work)

    def wmctrl(self, xid, *args):
        run_tool(self.h, ['wmctrl', '-i', '-r', '0x%x' % xid] + list(args))
        self.h.sync()

    def wait_no_client_shadow(self, xid):
        """A GTK window with a header bar draws its own shadow while a
        compositor runs (_GTK_FRAME_EXTENTS) and takes it away, on its own
        connection, when it sees that it is maximized; wait for that, then
        sync with purr, which lays the window out again."""
        def no_margins():
            v = self.h.cardinals(xid, '_GTK_FRAME_EXTENTS')
            return not v or not any(v)
        self.h.wait_until(no_margins, 10, 'the client to take its shadow '
                          'away (_GTK_FRAME_EXTENTS 0)')
        self.h.sync()

    def check_max_and_fullscreen(self, xid):
        before = self.g.client_rect(xid)
        self.wmctrl(xid, '-b', 'add,maximized_vert,maximized_horz')
        self.assertEqual(self.g.state(xid) & MAX, MAX)
        self.wait_no_client_shadow(xid)
        self.assertFillsArea(xid, self.work)
        self.assertTrue(self.g.is_above(self.dock, xid))
        self.wmctrl(xid, '-b', 'remove,maximized_vert,maximized_horz')
        self.assertFalse(self.g.state(xid) & MAX)
        self.h.wait_until(lambda: self.g.client_rect(xid) == before, 5,
                          'the window back at %r' % (before,))
        self.wmctrl(xid, '-b', 'add,fullscreen')
        self.assertIn(FS, self.g.state(xid))
        self.assertEqual(self.g.client_rect(xid), self.T)
        self.wmctrl(xid, '-b', 'remove,fullscreen')
        self.assertNotIn(FS, self.g.state(xid))
        self.h.wait_until(lambda: self.g.client_rect(xid) == before, 5,
                          'the window back at %r' % (before,))

    @skip_unless('xterm', 'wmctrl')
    def test_xterm(self):
        proc = self.h.spawn(['xterm', '-T', 'purr-it states xterm',
                             '-geometry', '80x24+60+60'], name='xterm')
        xid = self.h.wait_client(pid_pred(self.h, proc), 15, 'xterm',
                                 proc=proc)
        self.h.sync()
        self.check_max_and_fullscreen(xid)

    @skip_unless('gtk3-widget-factory', 'wmctrl')
    def test_gtk3_widget_factory(self):
        proc = self.h.spawn(['gtk3-widget-factory'],
                            name='gtk3-widget-factory')
        xid = self.h.wait_client(class_pred(self.h, 'gtk3-widget-factory'),
                                 30, 'gtk3-widget-factory', proc=proc)
        self.h.sync()
        self.check_max_and_fullscreen(xid)

    @skip_unless('zenity', 'wmctrl')
    def test_zenity_text_info(self):
        # A GTK dialog without a header bar: decorated by purr.
        path = self.h.tmpdir + '/text.txt'
        with open(path, 'w') as f:
            f.write('purr\n')
        proc = self.h.spawn(['zenity', '--text-info', '--title',
                             'purr-it zenity', '--filename', path],
                            name='zenity')
        xid = self.h.wait_client(pid_pred(self.h, proc), 30, 'zenity',
                                 proc=proc)
        self.h.sync()
        self.assertNotEqual(self.g.extents(xid), (0, 0, 0, 0))
        self.check_max_and_fullscreen(xid)


if __name__ == '__main__':
    geometry_helpers.main()
