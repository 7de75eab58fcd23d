#!/usr/bin/python3
"""Tabs: windows grouped in one frame.

What clients and pagers see of every member (WM_STATE, _NET_WM_STATE_HIDDEN,
_NET_FRAME_EXTENTS, _NET_WM_DESKTOP, _NET_CLIENT_LIST, _PURR_TAB_GROUP, the
place, the input shape of a hidden tab's frame), grouping by the keyboard,
by a rule at map time, by dragging with the middle button, by dragging
tabs with the left button (slide, tear off, drop) and from the window menu; switching; requests from hidden tabs; closing; restarting purr;
and hostile input (a forged _PURR_TAB_GROUP, a tab destroyed mid-drag, a
group past its size limit, a window grouped with itself).
"""

import signal
import unittest

from Xlib import X

import geometry_helpers
import harness
import input_helpers
import testclient

NORMAL = testclient.NormalState


class TabsTestCase(input_helpers.InputTestCase):

    def tab(self, w):
        """_PURR_TAB_GROUP of w: (group id, index, shown) or None."""
        v = self.h.cardinals(w, '_PURR_TAB_GROUP')
        return tuple(v) if v else None

    def hidden(self, w):
        return '_NET_WM_STATE_HIDDEN' in self.h.net_wm_state(w)

    def join(self, into, w):
        """Make w a tab of into's group: attach-next-focused (Super+t) on
        into, then a pager activates w."""
        self.h.activate(into)
        self.h.sync()
        self.key('super+t')
        self.h.activate(w)
        self.h.sync()

    def three(self, **kw):
        a = self.placed(100, 120, title='tab A', **kw)
        b = self.placed(500, 300, title='tab B', **kw)
        c = self.placed(700, 150, width=260, height=180, title='tab C', **kw)
        self.join(a, b)
        self.join(b, c)
        return a, b, c

    def assertGroup(self, members, shown, msg=''):
        """The matrix: every member is a tab of one group in this order,
        shown is the only one not hidden, and all show at one place."""
        ids = [self.tab(w) for w in members]
        for i, (w, t) in enumerate(zip(members, ids)):
            wid = self.h._id(w)
            self.assertIsNotNone(t, '0x%x has no _PURR_TAB_GROUP %s'
                                 % (wid, msg))
            self.assertEqual(t[0], ids[0][0], 'group ids differ %r %s'
                             % (ids, msg))
            self.assertEqual(t[1], i, 'tab order %r %s' % (ids, msg))
            self.assertEqual(t[2], 1 if w is shown else 0,
                             'shown flag of 0x%x %s' % (wid, msg))
            self.assertEqual(self.h.wm_state(w), NORMAL,
                             'WM_STATE of 0x%x %s' % (wid, msg))
            self.assertEqual(self.hidden(w), w is not shown,
                             '_NET_WM_STATE_HIDDEN of 0x%x is %s %s'
                             % (wid, self.h.net_wm_state(w), msg))
            self.assertEqual(self.h.map_state(w), X.IsViewable,
                             '0x%x is not viewable (a hidden tab stays '
                             'mapped) %s' % (wid, msg))
            self.assertIn(wid, self.h.client_list())
            self.assertEqual(self.ext(w), self.ext(shown),
                             '_NET_FRAME_EXTENTS of 0x%x %s' % (wid, msg))
            self.assertEqual(self.h.wm_desktop(w), self.h.wm_desktop(shown),
                             '_NET_WM_DESKTOP of 0x%x %s' % (wid, msg))
            self.assertEqual(self.client(w), self.client(shown),
                             '0x%x is not where its group shows %s'
                             % (wid, msg))
            frame = self.h.frame_of(w)
            if w is shown:
                self.assertIsNotNone(self.h.input_rect(frame))
            else:
                self.assertIsNone(self.h.input_rect(frame),
                                  'the frame of hidden tab 0x%x takes '
                                  'input %s' % (wid, msg))
        # The hidden tabs right under the shown one, nothing in between.
        order = self.h.clients_by_frame_stacking()
        top = order.index(self.h._id(shown))
        below = set(order[top - len(members) + 1:top])
        self.assertEqual(below, {self.h._id(w) for w in members
                                 if w is not shown},
                         'hidden tabs are not right under the shown one: '
                         '%r %s' % (order, msg))
        self.assertStackingConsistent()

    def assertAlone(self, w, msg=''):
        self.assertIsNone(self.tab(w), '0x%x is still a tab %s'
                          % (self.h._id(w), msg))
        self.assertFalse(self.hidden(w))

    def tab_point(self, w, index, n, along=1 / 3):
        """A point on tab index of n in w's title strip, along its width
        (the tabs share the strip between Adwaita's buttons: the menu
        button on the left, about 40 px, three on the right, about 110)."""
        x, y = self.strip_point(w, 0.5)
        fx, fy, fw, fh = self.frame(w)
        left, right = fx + 40, fx + fw - 110
        width = (right - left) / n
        return (int(left + width * index + width * along), y)


class MatrixTest(TabsTestCase):

    def test_members_of_a_group_of_three(self):
        a = self.placed(100, 120, title='tab A')
        where = self.client(a)
        b = self.placed(500, 300, title='tab B')
        c = self.placed(700, 150, width=260, height=180, title='tab C')
        self.join(a, b)
        self.join(b, c)
        self.assertGroup([a, b, c], c)
        self.assertFocused(c)
        # The place is the first window's, where it was.
        self.assertEqual(self.client(c), where)

    def test_activating_a_hidden_tab_shows_it(self):
        a, b, c = self.three()
        self.h.activate(a)
        self.h.sync()
        self.assertGroup([a, b, c], a)
        self.assertFocused(a)

    def test_the_group_moves_workspace_together(self):
        a, b, c = self.three()
        self.h.move_to_desktop(b, 2)  # a hidden tab's: the group goes
        self.h.sync()
        for w in (a, b, c):
            self.assertEqual(self.h.wm_desktop(w), 2)
        self.h.set_current_desktop(2)
        self.h.sync()
        self.assertGroup([a, b, c], c)

    def test_close_current_shows_most_recently_used(self):
        a, b, c = self.three()
        self.h.activate(a)
        self.h.sync()
        self.h.activate(c)
        self.h.sync()  # used last: c, then a, then b
        c.destroy()
        self.h.sync()
        self.assertGroup([a, b], a)
        self.assertFocused(a)
        a.destroy()
        self.h.sync()
        self.assertAlone(b)
        self.assertFocused(b)

    def test_close_window_on_a_hidden_tab_closes_only_it(self):
        a, b, c = self.three()
        self.h.close_window(a)
        self.h.sync()
        self.assertEqual(len(self.deletes(a)), 1)
        self.assertEqual(len(self.deletes(b)), 0)
        self.assertEqual(len(self.deletes(c)), 0)

    def titled(self, title):
        def pred(w):
            for name in ('_NET_WM_NAME', 'WM_NAME'):
                v = self.h.prop(w, name)
                if v is not None and v[1] == 8 and \
                        v[2].decode('utf-8', 'replace') == title:
                    return True
            return False
        return pred

    def test_xterms_and_a_gtk3_program(self):
        procs = [self.h.spawn(['xterm', '-T', 'tab xterm %d' % i,
                               '-geometry', '60x15+%d+%d' % (80 * i, 60 * i)])
                 for i in range(2)]
        xterms = [self.h.wait_client(self.titled('tab xterm %d' % i),
                                     timeout=20, message='xterm', proc=p)
                  for i, p in enumerate(procs)]
        gp = self.h.spawn(['gtk3-demo-application'])
        gtk = self.h.wait_client(self.titled('Application Class'), timeout=20,
                                 message='gtk3-demo-application', proc=gp)
        self.h.sync()
        self.join(xterms[0], xterms[1])
        self.join(xterms[1], gtk)
        members = [xterms[0], xterms[1], gtk]
        self.h.wait_until(lambda: self.tab(gtk) is not None, 5,
                          'the GTK window to join')
        self.h.sync()
        self.assertGroup(members, gtk, '(GTK shown)')
        # Every member got its size: the GTK program and the xterms drew
        # the group's size, whatever their increments.
        self.h.activate(xterms[0])
        self.h.sync()
        self.assertGroup(members, xterms[0], '(xterm shown)')


class RuleTest(TabsTestCase):
    config = '[tabs]\njoin-same = RuleClass;role:joinme\n'

    def test_new_window_of_a_class_joins_at_map(self):
        a = self.placed(100, 100, title='first', wm_class=('r', 'RuleClass'))
        other = self.placed(600, 100, title='other')
        self.h.activate(a)
        self.h.sync()
        b = self.placed(400, 400, title='second',
                        wm_class=('r', 'RuleClass'))
        self.assertGroup([a, b], b, '(grouped at map)')
        self.assertFocused(b)
        self.assertAlone(other)

    def test_a_dialog_of_the_class_stays_alone(self):
        a = self.placed(100, 100, title='first', wm_class=('r', 'RuleClass'))
        d = self.placed(400, 400, title='dialog', types=['DIALOG'],
                        wm_class=('r', 'RuleClass'))
        self.assertAlone(a)
        self.assertAlone(d)
        self.assertTrue(any('not made a tab' in l and 'normal windows' in l
                            for l in self.log_lines()))


class RequestsTest(TabsTestCase):

    def test_resize_request_from_the_shown_tab_resizes_the_group(self):
        a, b, c = self.three()
        x, y, w, h = self.client(c)
        c.configure(width=w + 60, height=h + 40)
        self.h.sync()
        for m in (a, b, c):
            self.assertEqual(self.client(m), (x, y, w + 60, h + 40))
        self.assertGroup([a, b, c], c)

    def test_resize_request_from_a_hidden_tab_waits_for_it_to_leave(self):
        a, b, c = self.three()
        before = self.client(c)
        n = len(a.synthetic_configure_notifies())
        a.configure(width=200, height=150)
        self.h.sync()
        self.assertEqual(self.client(a), before)
        self.assertEqual(self.client(c), before)
        self.h.wait_until(lambda: (self.c.sync(),
                                   len(a.synthetic_configure_notifies()))[1] > n,
                          5, 'a synthetic ConfigureNotify with its real '
                          'size')
        ev = a.synthetic_configure_notifies()[-1]
        self.assertEqual((ev.x, ev.y, ev.width, ev.height), before)
        self.h.activate(a)
        self.h.sync()
        self.key('super+shift+t')  # detach-tab
        self.assertAlone(a)
        self.assertEqual(self.client(a)[2:], (200, 150))
        self.assertGroup([b, c], c)

    def test_interactive_resize_sizes_hidden_tabs_at_the_end(self):
        a, b, c = self.three()
        x, y, w, h = self.client(c)
        self.key('alt+F8', 'Right', 'Right', 'Down')
        # Live: the shown tab only; the hidden ones keep their size (their
        # frames follow, under the shown one).
        self.assertEqual(self.client(c), (x, y, w + 20, h + 10))
        for m in (a, b):
            self.assertEqual(self.h.geometry(m)[2:4], (w, h))
        self.key('Return')
        for m in (a, b, c):
            self.assertEqual(self.client(m), (x, y, w + 20, h + 10))
        self.assertGroup([a, b, c], c)

    def test_maximize_from_a_hidden_tab_shows_it_when_allowed(self):
        a, b, c = self.three()
        # From a pager: the user's wish. The group maximizes with it.
        self.h.change_state(a, 1, 'MAXIMIZED_HORZ', 'MAXIMIZED_VERT',
                            source=2)
        self.h.sync()
        self.assertGroup([a, b, c], a)
        for m in (a, b, c):
            self.assertIn('_NET_WM_STATE_MAXIMIZED_VERT',
                          self.h.net_wm_state(m))

    def test_fullscreen_from_a_background_tab_demands_attention(self):
        a, b, c = self.three()
        a.set_user_time(1)  # used long before the user's last action
        self.h.activate(c)
        self.h.sync()
        self.h.change_state(a, 1, 'FULLSCREEN', source=1)
        self.h.sync()
        self.assertGroup([a, b, c], c)
        self.assertIn('_NET_WM_STATE_DEMANDS_ATTENTION',
                      self.h.net_wm_state(a))
        for m in (a, b, c):
            self.assertNotIn('_NET_WM_STATE_FULLSCREEN',
                             self.h.net_wm_state(m))

    def test_a_dialog_of_a_hidden_tab_shows_it(self):
        a, b, c = self.three()
        d = self.window(x=200, y=200, width=150, height=100, title='dialog',
                        transient_for=a, types=['DIALOG'])
        self.assertManaged(d)
        self.assertGroup([a, b, c], a)
        self.assertFocused(d)
        # It hides with its tab, and comes back with it.
        self.key('super+Page_Down')
        self.assertGroup([a, b, c], b)
        self.assertFocused(b)
        self.assertEqual(self.h.map_state(d), X.IsUnviewable)
        self.assertEqual(self.h.wm_state(d), NORMAL)
        self.key('super+Page_Up')
        self.assertGroup([a, b, c], a)
        self.assertEqual(self.h.map_state(d), X.IsViewable)

    def test_iconify_from_a_hidden_tab_is_ignored(self):
        a, b, c = self.three()
        a.send_root_message('WM_CHANGE_STATE', [testclient.IconicState])
        self.h.sync()
        self.assertGroup([a, b, c], c)
        # From the shown one: the whole group.
        c.send_root_message('WM_CHANGE_STATE', [testclient.IconicState])
        self.h.sync()
        for m in (a, b, c):
            self.assertEqual(self.h.wm_state(m), testclient.IconicState)

    def test_size_limits_merge(self):
        a = self.placed(100, 100, width=300, height=200, title='min',
                        normal_hints={'min': (350, 50)})
        b = self.placed(500, 300, title='max',
                        normal_hints={'max': (500, 0), 'inc': (7, 13)})
        self.join(a, b)
        self.assertGroup([a, b], b)
        w, h = self.client(b)[2:]
        self.assertGreaterEqual(w, 350)
        self.assertLessEqual(w, 500)
        # No maximum height: maximizing fills the height.
        self.key('super+Up')
        self.assertGreater(self.client(a)[3], 600)
        self.assertLessEqual(self.client(a)[2], 500)
        fixed = self.placed(300, 500, width=200, height=100, title='fixed',
                            normal_hints={'min': (200, 100),
                                          'max': (200, 100)})
        self.join(a, fixed)
        self.assertAlone(fixed)
        self.assertTrue(any('fixed size' in l for l in self.log_lines()))


class KeysTest(TabsTestCase):

    def test_switch_and_move_tabs(self):
        a, b, c = self.three()
        self.key('super+Page_Down')  # wraps from the last to the first
        self.assertGroup([a, b, c], a)
        self.assertFocused(a)
        self.key('super+Page_Up')
        self.assertGroup([a, b, c], c)
        self.key('super+2')
        self.assertGroup([a, b, c], b)
        self.key('super+shift+Page_Down')  # move-tab-right
        self.assertGroup([a, c, b], b)
        self.key('super+9')  # no ninth tab: nothing
        self.assertGroup([a, c, b], b)

    def test_switcher_lists_tabs_under_their_group(self):
        a, b, c = self.three()
        d = self.placed(300, 600, title='lone')
        self.h.activate(c)
        self.h.sync()
        # Alt+Tab goes to the previous window, past c's other tabs.
        self.key('alt+Tab')
        self.assertFocused(d)
        # Alt+Tab Tab: the first tab listed under the group (a).
        self.xdo('keydown', 'alt')
        self.key('Tab', 'Tab')
        self.xdo('keyup', 'alt')
        self.h.sync()
        self.assertFocused(a)
        self.assertGroup([a, b, c], a)

    def test_a_window_is_not_a_tab_of_itself(self):
        a, b, c = self.three()
        self.join(c, c)
        self.assertGroup([a, b, c], c)
        self.join(a, c)  # already together
        self.assertGroup([a, b, c], c)


class MouseTest(TabsTestCase):

    def test_click_a_tab_and_its_close_button(self):
        a, b, c = self.three()
        self.move_pointer(*self.tab_point(c, 1, 3))
        self.xdo('click', 1)
        self.h.sync()
        self.assertGroup([a, b, c], b)
        self.assertFocused(b)
        self.assertEqual(self.deletes(a), [])
        # The close button at the end of the first tab closes that tab's
        # window alone, shown or not.
        x, y = self.tab_point(b, 0, 3)
        fx, fy, fw, fh = self.frame(b)
        end = fx + 40 + (fw - 150) // 3
        self.move_pointer(end - 16, y)
        self.xdo('click', 1)
        self.h.sync()
        self.assertEqual(len(self.deletes(a)), 1)
        self.assertEqual(self.deletes(b), [])
        self.assertGroup([a, b, c], b)

    def test_middle_drag_groups_and_ungroups_without_a_freeze(self):
        a = self.placed(100, 100, title='target')
        b = self.placed(600, 400, title='dragged')
        src = self.strip_point(b, 0.5)
        dst = self.strip_point(a, 0.5)
        self.drag(src, dst, button=2,
                  via=[(src[0] - 40, src[1] - 40), (dst[0] + 30, dst[1])])
        self.assertGrabsFree('after dropping a window on a title')
        self.assertGroup([a, b], b)
        # Out again: a tab dragged off its group is a window where dropped.
        start = self.tab_point(b, 1, 2)
        self.drag(start, (700, 600), button=2,
                  via=[(start[0] + 20, start[1] + 40), (600, 500)])
        self.assertGrabsFree('after dragging a tab out')
        self.assertAlone(a)
        self.assertAlone(b)
        bx, by, bw, bh = self.frame(b)
        self.assertTrue(geometry_helpers.rect_contains(
            (bx, by, bw, bh), (700, 600, 1, 1)),
            'the tab was not dropped under the pointer: %r' % ((bx, by),))
        self.assertFocused(b)

    def test_middle_drag_reorders_tabs(self):
        a, b, c = self.three()
        start = self.tab_point(c, 0, 3)
        # a leaves past the threshold; two tabs are left, b and c: dropped
        # on the second half of the last one, a goes after it.
        end = self.tab_point(c, 1, 2, along=0.8)
        self.drag(start, end, button=2, via=[(start[0] + 30, start[1] + 30)])
        self.assertGrabsFree('after reordering')
        self.assertGroup([b, c, a], a)
        # And back to the front, dropped on the first half of the first.
        start = self.tab_point(a, 2, 3)
        end = self.tab_point(a, 0, 2, along=0.2)
        self.drag(start, end, button=2, via=[(start[0] - 30, start[1] + 30)])
        self.assertGroup([a, b, c], a)

    def test_middle_click_still_lowers(self):
        a = self.placed(100, 100, title='below')
        b = self.placed(150, 150, title='above')
        self.move_pointer(*self.strip_point(b, 0.5))
        self.xdo('click', 2)
        self.h.sync()
        order = self.h.clients_by_frame_stacking([a, b])
        self.assertEqual(order, [b.id, a.id])
        self.assertAlone(b)

    def test_tab_destroyed_during_a_drag(self):
        a, b, c = self.three()
        start = self.tab_point(c, 0, 3)
        self.move_pointer(*start)
        self.xdo('mousedown', 2)
        try:
            self.h.sync()
            self.move_pointer(start[0] + 30, start[1] + 60)
            self.move_pointer(start[0] + 60, start[1] + 120)
            a.destroy()
            self.h.sync()
            self.move_pointer(*self.strip_point(c, 0.5))
        finally:
            self.xdo('mouseup', 2)
        self.h.sync()
        self.assertGrabsFree('after the dragged tab went away')
        self.assertGroup([b, c], c)

    def test_window_menu_moves_to_a_group_and_detaches(self):
        a = self.placed(100, 100, title='group')
        b = self.placed(600, 400, title='mover')
        before = input_helpers.viewable_override_redirect(self.h)
        self.key('alt+space')
        self.new_popup(before, what='the window menu')
        # Down to "Move to Group", into it, the first group, choose.
        for k in ('g', 'Right', 'Return'):
            self.key(k)
        self.wait_popups_gone(before)
        self.h.wait_until(lambda: self.tab(b) is not None, 5,
                          'the window to join the group')
        self.h.sync()
        self.assertGroup([a, b], b)
        self.key('alt+space')
        self.new_popup(before, what='the window menu')
        self.key('d')
        self.wait_popups_gone(before)
        self.h.wait_until(lambda: self.tab(b) is None, 5,
                          'the tab to leave')
        self.h.sync()
        self.assertAlone(a)
        self.assertAlone(b)


class LeftDragTest(TabsTestCase):
    """A browser's tabs: the left button slides a tab along its strip,
    tears it off into a window of its own, or drops it into another
    frame's strip; the strip past the tabs moves the group."""

    def test_sliding_a_tab_along_the_strip_reorders_in_place(self):
        a, b, c = self.three()
        where = self.frame(c)
        start = self.tab_point(c, 0, 3)
        end = self.tab_point(c, 2, 3, along=0.5)
        self.drag(start, end, via=[(start[0] + 10, start[1] + 3),
                                   self.tab_point(c, 1, 3, along=0.5)])
        self.assertGrabsFree('after sliding a tab')
        self.assertGroup([b, c, a], a)
        self.assertEqual(self.frame(a), where, 'the group moved')
        # Back to the front, a little above the strip (still near it).
        start = self.tab_point(a, 2, 3)
        end = self.tab_point(a, 0, 3)
        self.drag(start, (end[0], end[1] - 20),
                  via=[(start[0] - 20, start[1] - 5)])
        self.assertGroup([a, b, c], a)
        self.assertEqual(self.frame(a), where)

    def test_dragging_a_tab_off_the_strip_tears_it_off(self):
        a, b, c = self.three()
        start = self.tab_point(c, 1, 3)
        self.drag(start, (700, 600), via=[(start[0] + 10, start[1] + 10),
                                          (start[0] + 20, start[1] + 80),
                                          (600, 500)])
        self.assertGrabsFree('after tearing a tab off')
        self.assertAlone(b)
        self.assertGroup([a, c], c)
        self.assertTrue(geometry_helpers.rect_contains(
            self.frame(b), (700, 600, 1, 1)),
            'the torn-off tab is not under the pointer: %r'
            % (self.frame(b),))
        self.assertFocused(b)

    def test_dropping_a_tab_on_another_title_strip_joins_that_group(self):
        a, b, c = self.three()
        other = self.placed(700, 500, title='other')
        start = self.tab_point(c, 1, 3)
        dst = self.strip_point(other, 0.5)
        self.drag(start, dst, via=[(start[0] + 10, start[1] + 60),
                                   (dst[0] - 30, dst[1] + 30)])
        self.assertGrabsFree('after dropping a tab on a title')
        self.assertGroup([a, c], c)
        self.assertGroup([other, b], b)
        self.assertFocused(b)

    def test_escape_puts_a_dragged_tab_back(self):
        a, b, c = self.three()
        where = self.frame(c)
        start = self.tab_point(c, 0, 3)
        last = self.tab_point(c, 2, 3, along=0.5)
        self.move_pointer(*start)
        self.xdo('mousedown', 1)
        try:
            self.h.sync()
            # Slid to the end, then torn off and carried away.
            self.move_pointer(start[0] + 10, start[1])
            self.move_pointer(*last)
            self.h.sync()
            self.assertGroup([b, c, a], a, '(while sliding)')
            self.move_pointer(start[0] + 200, start[1] + 300)
            self.h.sync()
            self.assertAlone(a, '(torn off)')
            self.key('Escape')
        finally:
            self.xdo('mouseup', 1)
        self.h.sync()
        self.assertGrabsFree('after Escape')
        self.assertGroup([a, b, c], a, '(after Escape)')
        self.assertEqual(self.frame(a), where)

    def test_a_click_on_a_tab_shows_it_and_moves_nothing(self):
        a, b, c = self.three()
        where = self.frame(c)
        self.move_pointer(*self.tab_point(c, 0, 3))
        self.xdo('click', 1)
        self.h.sync()
        self.assertGroup([a, b, c], a)
        self.assertEqual(self.frame(a), where)

    def test_the_strip_past_the_tabs_moves_the_group(self):
        a = self.placed(100, 120, width=900, height=300, title='wide A')
        b = self.placed(500, 500, title='tab B')
        self.join(a, b)
        self.assertGroup([a, b], b)
        before = self.frame(b)
        # Two tabs take 16 strip heights; near the buttons the strip is
        # free (a drag from a tab would tear it off).
        start = (before[0] + before[2] - 150, self.strip_point(b)[1])
        self.drag(start, (start[0] + 60, start[1] + 80),
                  via=[(start[0] + 20, start[1] + 20)])
        self.assertGroup([a, b], b)
        x, y, w, h = before
        self.assertEqual(self.frame(b), (x + 60, y + 80, w, h))


class LoneTabTest(TabsTestCase):
    """With [tabs] bar = always a lone window shows one tab: dragged with
    the left button the window moves, and joins a title strip it is
    dropped on; at a monitor's edge it is tiled."""
    config = '[tabs]\nbar = always\n'

    def test_a_lone_tab_dropped_on_a_title_strip_joins(self):
        a = self.placed(100, 100, title='target')
        b = self.placed(600, 400, title='dragged')
        src = self.strip_point(b, 0.4)
        dst = self.strip_point(a, 0.5)
        self.drag(src, dst, via=[(src[0] - 40, src[1] - 40),
                                 (dst[0] + 30, dst[1])])
        self.assertGrabsFree('after dropping a window by its tab')
        self.assertGroup([a, b], b)

    def test_a_lone_tab_dropped_elsewhere_moves_the_window(self):
        b = self.placed(600, 400, title='dragged')
        before = self.frame(b)
        src = self.strip_point(b, 0.4)
        self.drag(src, (src[0] - 200, src[1] - 100),
                  via=[(src[0] - 40, src[1] - 40)])
        self.assertAlone(b)
        x, y, w, h = before
        self.assertEqual(self.frame(b), (x - 200, y - 100, w, h))

    def test_a_lone_tab_at_the_left_edge_tiles(self):
        b = self.placed(600, 400, title='dragged')
        wa = self.workarea()
        src = self.strip_point(b, 0.4)
        self.drag(src, (0, 500), via=[(src[0] - 40, src[1] + 40)])
        self.assertAlone(b)
        self.assertFrameIs(b, (wa[0], wa[1], wa[2] // 2, wa[3]))


class RestartTest(TabsTestCase):

    def restart(self, replace):
        if replace:
            old = self.purr
            self.purr = self.h.start_purr(['--replace'])
            old.expected_exit = True
            old.wait(10)
        else:
            self.purr.expected_exit = True
            self.purr.signal(signal.SIGTERM)
            self.purr.wait(10)
            self.purr = self.h.start_purr([])
        self.h.sync()

    def check_restart(self, replace):
        a, b, c = self.three()
        d, e = self.placed(300, 600, title='D'), self.placed(800, 500,
                                                             title='E')
        self.join(d, e)
        self.h.activate(b)
        self.h.sync()
        self.assertGroup([a, b, c], b)
        self.restart(replace)
        self.assertGroup([a, b, c], b, '(after the restart)')
        self.assertGroup([d, e], e, '(after the restart)')
        self.assertFocused(b)

    def test_sigterm_then_start(self):
        self.check_restart(False)

    def test_replace(self):
        self.check_restart(True)


class BadInputTest(TabsTestCase):

    def test_forged_tab_group_on_a_new_window_is_removed(self):
        a, b, c = self.three()
        gid = self.tab(a)[0]
        w = self.c.create_window(x=50, y=50, title='forger', map=False)
        w.set_cardinals('_PURR_TAB_GROUP', [gid, 0, 1])
        w.map()
        self.h.sync()
        self.assertAlone(w)
        self.assertGroup([a, b, c], c)

    def test_forged_tab_groups_at_a_restart(self):
        a, b, c = self.three()
        gid = self.tab(a)[0]
        # One window claims a's group from elsewhere, one a group alone.
        elsewhere = self.placed(700, 500, title='elsewhere')
        alone = self.placed(300, 600, title='alone')
        self.h.sync()
        self.purr.expected_exit = True
        self.purr.signal(signal.SIGTERM)
        self.purr.wait(10)
        elsewhere.set_cardinals('_PURR_TAB_GROUP', [gid, 1, 1])
        alone.set_cardinals('_PURR_TAB_GROUP', [0xfffffff0, 0, 1])
        self.c.sync()
        self.purr = self.h.start_purr([])
        self.h.sync()
        self.assertGroup([a, b, c], c, '(after the restart)')
        self.assertAlone(elsewhere)
        self.assertAlone(alone)
        log = self.log_lines()
        self.assertTrue(any('not where the group' in l for l in log), log)
        self.assertTrue(any('no other window is in' in l for l in log), log)

    def test_a_group_is_capped(self):
        self.write_config('[tabs]\njoin-same = Many\n')
        self.purr.expected_exit = True
        self.purr.signal(signal.SIGTERM)
        self.purr.wait(10)
        self.purr = self.h.start_purr(['--config', self.config_path])
        self.h.sync()
        wins = [self.c.create_window(x=100, y=100, title='many %d' % i,
                                     wm_class=('m', 'Many'))
                for i in range(70)]
        self.h.sync()
        groups = {}
        for w in wins:
            self.assertManaged(w)
            t = self.tab(w)
            groups.setdefault(t[0] if t else -w.id, []).append(w)
        # The first 64 in one group; the rest make their own groups or
        # stay alone (which depends on which of them took the focus).
        self.assertEqual(len(groups[self.tab(wins[0])[0]]), 64)
        self.assertEqual(max(len(v) for v in groups.values()), 64)
        self.assertTrue(any('the group is full' in l
                            for l in self.log_lines()))
        self.assertEqual(len(self.h.client_list()), 70)


if __name__ == '__main__':
    unittest.main()
