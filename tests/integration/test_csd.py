#!/usr/bin/python3
"""Client-side decorated windows: _GTK_FRAME_EXTENTS.

A GTK window with a header bar draws its own decorations and, while a
compositor runs, a shadow inside its own X window; _GTK_FRAME_EXTENTS
(CARDINAL[4]: left, right, top, bottom) says how wide. purr gives such a
window no frame (_NET_FRAME_EXTENTS 0 0 0 0), even without _MOTIF_WM_HINTS,
and lays out what shows: maximized, the visible part (the X window less
the margins) is the work area and the window reaches past it; tiled with
Super+Left, the visible part is the left half. A change of the margins
while maximized lays the window out again; margins that leave nothing of
the window are ignored with one log line.

Then a real one: gtk3-widget-factory under xcompmgr (GTK sets
_GTK_FRAME_EXTENTS only with a compositor, and only when the manager lists
it in _NET_SUPPORTED), maximized with wmctrl.
"""

import geometry_helpers
from geometry_helpers import (class_pred, motif_undecorated, rect_contains,
                              run_tool, skip_unless, top_partial)

MAX = {'_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'}
SHADOW = [20, 20, 15, 25]  # left, right, top, bottom


def shrink(r, e):
    """Rectangle r less margins e (left, right, top, bottom)."""
    left, right, top, bottom = e
    return (r[0] + left, r[1] + top, r[2] - left - right,
            r[3] - top - bottom)


def left_half(wa):
    return (wa[0], wa[1], wa[2] // 2, wa[3])


class CsdTests(geometry_helpers.OnOne):

    def csd_window(self, margins=SHADOW, motif=True, x=200, y=150, w=340,
                   h=240, **kw):
        """A window like GTK's header-bar windows, mapped with margins as
        its _GTK_FRAME_EXTENTS and, when motif, no-decoration motif hints."""
        win = self.c.create_window(x=x, y=y, width=w, height=h,
                                   normal_hints={'us_position': True},
                                   map=False, **kw)
        if margins is not None:
            win.set_cardinals('_GTK_FRAME_EXTENTS', margins)
        if motif:
            motif_undecorated(win)
        win.map()
        self.h.sync()
        self.assertManaged(win)
        return win

    def visible(self, win):
        """What shows of win: its X window less its _GTK_FRAME_EXTENTS."""
        e = self.h.cardinals(win, '_GTK_FRAME_EXTENTS') or [0, 0, 0, 0]
        return shrink(self.g.client_rect(win), e)

    def with_dock(self):
        """A 30-pixel dock at the top, so the work area is not the screen."""
        S = self.screen
        self.g.dock(self.c, 0, 0, S[2], 30,
                    partial=top_partial(30, 0, S[2] - 1))
        self.h.sync()
        wa = self.g.workarea()
        self.assertEqual(wa, (0, 30, S[2], S[3] - 30))
        return wa

    def key(self, combo):
        run_tool(self.h, ['xdotool', 'key', combo])
        self.h.sync()

    # -- no frame ---------------------------------------------------------

    def test_no_frame_with_motif_hints(self):
        w = self.csd_window()
        self.assertEqual(tuple(self.h.frame_extents(w)), (0, 0, 0, 0))
        self.assertEqual(self.g.frame_rect(w), self.g.client_rect(w))

    def test_no_frame_without_motif_hints(self):
        w = self.csd_window(motif=False)
        self.assertEqual(tuple(self.h.frame_extents(w)), (0, 0, 0, 0))
        self.assertNotIn('_NET_WM_ACTION_SHADE', self.g.actions(w))

    def test_zero_margins_still_no_frame(self):
        w = self.csd_window(margins=[0, 0, 0, 0], motif=False)
        self.assertEqual(tuple(self.h.frame_extents(w)), (0, 0, 0, 0))

    # -- layout by the visible part ---------------------------------------

    def test_maximized_visible_part_is_the_work_area(self):
        wa = self.with_dock()
        w = self.csd_window()
        before = self.g.client_rect(w)
        self.g.maximize(w)
        self.h.sync()
        self.assertEqual(self.g.state(w) & MAX, MAX)
        self.assertEqual(self.visible(w), wa)
        # The X window reaches past the work area by the shadow.
        self.assertEqual(self.g.client_rect(w),
                         (wa[0] - 20, wa[1] - 15, wa[2] + 40, wa[3] + 40))
        self.g.maximize(w, False)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w), before)

    def test_super_left_tiles_visible_part_to_left_half(self):
        wa = self.with_dock()
        w = self.csd_window()
        self.h.wait_until(lambda: self.h.active_window() == self.h._id(w), 5,
                          'the CSD window to be focused')
        self.key('super+Left')
        self.assertEqual(self.visible(w), left_half(wa))
        self.assertEqual(tuple(self.h.frame_extents(w)), (0, 0, 0, 0))

    def test_margins_change_while_maximized_relayouts(self):
        wa = self.with_dock()
        w = self.csd_window()
        self.g.maximize(w)
        self.h.sync()
        # GTK takes its shadow away when it sees it is maximized.
        w.set_cardinals('_GTK_FRAME_EXTENTS', [0, 0, 0, 0])
        self.h.sync()
        self.assertEqual(self.g.client_rect(w), wa)
        w.set_cardinals('_GTK_FRAME_EXTENTS', [10, 12, 14, 16])
        self.h.sync()
        self.assertEqual(self.visible(w), wa)
        self.assertEqual(self.g.client_rect(w),
                         (wa[0] - 10, wa[1] - 14, wa[2] + 22, wa[3] + 30))

    def test_fullscreen_ignores_margins(self):
        self.with_dock()
        w = self.csd_window()
        self.g.fullscreen(w)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)

    def test_placed_visible_part_inside_the_work_area(self):
        # No position given: placed (centred on an empty screen) by what
        # shows.
        wa = self.with_dock()
        win = self.c.create_window(x=0, y=0, width=340, height=240,
                                   map=False)
        win.set_cardinals('_GTK_FRAME_EXTENTS', SHADOW)
        motif_undecorated(win)
        win.map()
        self.h.sync()
        v = self.visible(win)
        self.assertEqual((v[2], v[3]), (300, 200))
        self.assertEqual(v[0], wa[0] + (wa[2] - 300) // 2)
        self.assertEqual(v[1], wa[1] + (wa[3] - 200) // 2)

    # -- hostile values ---------------------------------------------------

    def test_margins_larger_than_the_window_are_ignored(self):
        mark = self.log_mark()
        w = self.csd_window(margins=[100000] * 4, motif=False)
        self.assertOneLogLine(mark, w, '_GTK_FRAME_EXTENTS')
        # Ignored as a whole: the window is decorated like any other.
        self.assertNotEqual(self.g.extents(w), (0, 0, 0, 0))
        self.g.maximize(w)
        self.h.sync()
        self.assertFillsArea(w, self.T)
        self.assertAlive()

    def test_hostile_change_on_a_managed_window_is_ignored(self):
        wa = self.with_dock()
        w = self.csd_window()
        self.g.maximize(w)
        self.h.sync()
        mark = self.log_mark()
        w.set_cardinals('_GTK_FRAME_EXTENTS', [0, 0, 0xFFFFFFFF, 5])
        self.assertOneLogLine(mark, w, '_GTK_FRAME_EXTENTS')
        # Motif hints still say no frame; no margins now.
        self.assertEqual(self.g.client_rect(w), wa)
        self.assertEqual(tuple(self.h.frame_extents(w)), (0, 0, 0, 0))
        self.assertAlive()

    def test_wrong_length_is_ignored_once(self):
        mark = self.log_mark()
        w = self.csd_window(margins=[1, 2, 3, 4, 5], motif=False)
        w.set_cardinals('_GTK_FRAME_EXTENTS', [1, 2, 3])
        self.h.sync()
        self.assertOneLogLine(mark, w, '_GTK_FRAME_EXTENTS')
        self.assertNotEqual(self.g.extents(w), (0, 0, 0, 0))
        self.assertAlive()


class RealGtkTest(geometry_helpers.GeometryTestCase):
    # gtk3-widget-factory's content is 1356 pixels wide at least, more
    # than the harness's 1280x1024 screen: one bigger monitor.
    layout = ((1920, 1200), [('M', 0, 0, 1920, 1200)])
    # xcompmgr is the compositor here: purr's own would hold _NET_WM_CM_S0.
    purr_args = ('--compositor=none',)

    def test_supported_lists_gtk_frame_extents(self):
        self.assertIn('_GTK_FRAME_EXTENTS',
                      self.h.atoms_prop(self.h.root, '_NET_SUPPORTED'))

    @skip_unless('gtk3-widget-factory', 'wmctrl', 'xcompmgr')
    def test_gtk3_widget_factory_maximized_under_a_compositor(self):
        cm = self.h.atom('_NET_WM_CM_S0')
        self.h.spawn(['xcompmgr'], name='xcompmgr')
        self.h.wait_until(
            lambda: self.h._id(self.h.d.get_selection_owner(cm)) != 0, 10,
            'xcompmgr to own _NET_WM_CM_S0')
        proc = self.h.spawn(['gtk3-widget-factory'],
                            name='gtk3-widget-factory')
        xid = self.h.wait_client(class_pred(self.h, 'gtk3-widget-factory'),
                                 30, 'gtk3-widget-factory', proc=proc)

        def margins():
            v = self.h.prop(xid, '_GTK_FRAME_EXTENTS')
            return tuple(v[2]) if v else None
        self.h.wait_until(lambda: margins() and any(margins()), 20,
                          'GTK to set non-zero _GTK_FRAME_EXTENTS')
        self.h.sync()
        self.assertEqual(tuple(self.h.frame_extents(xid)), (0, 0, 0, 0))
        wa = self.g.workarea()
        # Placed by what shows: that is inside the work area.
        self.assertTrue(rect_contains(wa, shrink(self.g.client_rect(xid),
                                                 margins())))

        run_tool(self.h, ['wmctrl', '-i', '-r', '0x%x' % xid, '-b',
                          'add,maximized_vert,maximized_horz'])

        def visible():
            self.h.sync()
            return shrink(self.g.client_rect(xid), margins() or (0,) * 4)
        # GTK answers the new state on its own connection (its shadow
        # goes); purr lays the window out again each time.
        self.h.wait_until(lambda: self.g.state(xid) & MAX == MAX and
                          visible() == wa, 20,
                          'the visible part of gtk3-widget-factory to be the '
                          'work area %r (now %r, margins %r)'
                          % (wa, visible(), margins()))
        self.assertEqual(tuple(self.h.frame_extents(xid)), (0, 0, 0, 0))


if __name__ == '__main__':
    geometry_helpers.main()
