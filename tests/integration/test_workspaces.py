#!/usr/bin/python3
"""Workspaces (EWMH desktops) and showing the desktop."""

from Xlib import X

import harness

ALL_DESKTOPS = 0xFFFFFFFF


class DesktopPropertiesTest(harness.PurrTestCase):

    def test_root_properties(self):
        h = self.h
        self.assertEqual(h.cardinals(h.root, '_NET_NUMBER_OF_DESKTOPS'), [4])
        self.assertEqual(h.cardinals(h.root, '_NET_CURRENT_DESKTOP'), [0])
        self.assertEqual(h.cardinals(h.root, '_NET_DESKTOP_GEOMETRY'),
                         [harness.SCREEN_W, harness.SCREEN_H])
        viewport = h.cardinals(h.root, '_NET_DESKTOP_VIEWPORT')
        self.assertIn(viewport, ([0, 0], [0] * 8),
                      '_NET_DESKTOP_VIEWPORT must be (0,0) (per desktop)')
        self.assertEqual(h.cardinals(h.root, '_NET_SHOWING_DESKTOP'), [0])
        names = h.prop(h.root, '_NET_DESKTOP_NAMES')
        self.assertIsNotNone(names, 'no _NET_DESKTOP_NAMES')
        self.assertEqual(names[:2], ('UTF8_STRING', 8))
        names[2].decode('utf-8')  # must be valid UTF-8

    def test_new_window_on_current_desktop(self):
        a = self.window(title='A')
        self.assertEqual(self.h.wm_desktop(a), 0)
        self.h.set_current_desktop(2)
        self.h.sync()
        b = self.window(title='B')
        self.assertEqual(self.h.wm_desktop(b), 2)
        self.assertManaged(b)


class SwitchTest(harness.PurrTestCase):

    def assertHidden(self, w):
        """Frame unmapped, client still mapped inside it (contract)."""
        frame = self.h.frame_of(w)
        self.assertNotEqual(frame, w.id, 'client has no frame')
        self.assertEqual(self.h.map_state(frame), X.IsUnmapped,
                         'frame of a window on another workspace is mapped')
        self.assertEqual(self.h.map_state(w), X.IsUnviewable,
                         'the client window itself must stay mapped')
        self.assertIn(w.id, self.h.client_list())
        self.assertIn(w.id, self.h.client_list_stacking())

    def assertShown(self, w):
        self.assertManaged(w)
        self.assertEqual(self.h.map_state(self.h.frame_of(w)), X.IsViewable)

    def test_switch_unmaps_frames_and_keeps_clients_mapped(self):
        a = self.window(title='A')
        b = self.window(title='B')
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 1)
        self.assertHidden(a)
        self.assertHidden(b)
        self.assertEqual(self.h.wm_desktop(a), 0)
        self.h.set_current_desktop(0)
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertShown(a)
        self.assertShown(b)

    def test_sticky_window_shown_on_every_desktop(self):
        s = self.window(title='sticky', desktop=ALL_DESKTOPS)
        self.assertEqual(self.h.wm_desktop(s), ALL_DESKTOPS)
        for n in (1, 2, 3, 0):
            self.h.set_current_desktop(n)
            self.h.sync()
            self.assertEqual(self.h.current_desktop(), n)
            self.assertShown(s)
            self.assertEqual(self.h.wm_desktop(s), ALL_DESKTOPS)

    def test_window_mapped_with_desktop_goes_there(self):
        a = self.window(title='A')
        w = self.window(title='on 2', desktop=2)
        self.assertEqual(self.h.wm_desktop(w), 2)
        self.assertHidden(w)
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertFocused(a)
        self.h.set_current_desktop(2)
        self.h.sync()
        self.assertShown(w)

    def test_move_window_by_message(self):
        a = self.window(title='A')
        w = self.window(title='W')
        self.assertFocused(w)
        self.h.move_to_desktop(w, 1)
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(w), 1)
        self.assertHidden(w)
        self.assertNotEqual(self.h.input_focus(), w.id,
                            'focus left on a window that is not shown')
        self.assertNotEqual(self.h.active_window(), w.id)
        self.assertFocused(a)

    def test_make_sticky_by_message(self):
        w = self.window(title='W')
        self.h.move_to_desktop(w, ALL_DESKTOPS)
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(w), ALL_DESKTOPS)
        self.h.set_current_desktop(3)
        self.h.sync()
        self.assertShown(w)

    def test_dialog_of_sticky_window_is_sticky_with_it(self):
        # As in Mutter: a dialog is where its parent is, sticky included,
        # and one sticky only through its parent stops being sticky when
        # the parent goes.
        p = self.window(title='parent')
        self.h.move_to_desktop(p, ALL_DESKTOPS)
        self.h.sync()
        d = self.window(title='dialog', transient_for=p, types=['DIALOG'])
        self.assertEqual(self.h.wm_desktop(d), ALL_DESKTOPS)
        self.h.move_to_desktop(p, 2)
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(d), 2)
        self.h.move_to_desktop(p, ALL_DESKTOPS)
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(d), ALL_DESKTOPS)
        self.assertShown(d)
        p.destroy()
        self.c.sync()
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(d), 1)
        self.assertShown(d)

    def test_client_lists_hold_every_desktop(self):
        a = self.window(title='A')
        b = self.window(title='B', desktop=1)
        c = self.window(title='C', desktop=3)
        self.assertEqual(self.h.client_list(), [a.id, b.id, c.id])
        self.assertEqual(sorted(self.h.client_list_stacking()),
                         sorted([a.id, b.id, c.id]))
        self.assertStackingConsistent()

    def test_out_of_range_desktop_request_is_ignored(self):
        a = self.window(title='A')
        self.h.set_current_desktop(7)
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertShown(a)
        self.h.move_to_desktop(a, 9)
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(a), 0)
        self.assertShown(a)


class WorkspaceFocusTest(harness.PurrTestCase):

    def test_focus_not_left_on_hidden_workspace(self):
        a = self.window(title='A')
        self.assertFocused(a)
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertNotEqual(self.h.input_focus(), a.id)
        self.assertEqual(self.h.active_window(), 0)
        self.h.set_current_desktop(0)
        self.h.sync()
        self.assertFocused(a)

    def test_switch_focuses_most_recent_of_target_workspace(self):
        a = self.window(title='A')
        b = self.window(title='B')
        self.h.activate(a)
        self.h.sync()
        self.h.set_current_desktop(1)
        self.h.sync()
        c = self.window(title='C')
        d = self.window(title='D')
        self.h.activate(c)
        self.h.sync()
        self.assertFocused(c)
        self.assertEqual([self.h.wm_desktop(w) for w in (a, b, c, d)],
                         [0, 0, 1, 1])
        self.h.set_current_desktop(0)
        self.h.sync()
        self.assertFocused(a)
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertFocused(c)

    def test_focus_after_close_stays_on_workspace(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        self.h.activate(b)
        self.h.sync()
        self.h.activate(c)
        self.h.sync()
        self.h.activate(a)
        self.h.sync()
        # Most recently used: A, C, B. Send C to desktop 1: it is more
        # recent than B but no longer on this workspace.
        self.h.move_to_desktop(c, 1)
        self.h.sync()
        self.assertFocused(a)
        a.destroy()
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertFocused(b)


class ShowingDesktopTest(harness.PurrTestCase):

    def test_showing_desktop_hides_and_restores_windows(self):
        desk = self.window(title='desktop', types=['DESKTOP'], x=0, y=0,
                           width=harness.SCREEN_W, height=harness.SCREEN_H)
        a = self.window(title='A')
        b = self.window(title='B')
        self.h.send_message(self.h.root, '_NET_SHOWING_DESKTOP', [1])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_SHOWING_DESKTOP'), [1])
        self.assertNotEqual(self.h.map_state(a), X.IsViewable)
        self.assertNotEqual(self.h.map_state(b), X.IsViewable)
        self.assertEqual(self.h.map_state(desk), X.IsViewable)
        self.assertNotIn(self.h.input_focus(), (a.id, b.id))
        self.h.send_message(self.h.root, '_NET_SHOWING_DESKTOP', [0])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_SHOWING_DESKTOP'), [0])
        self.assertManaged(a)
        self.assertManaged(b)
        self.assertEqual(self.h.map_state(desk), X.IsViewable)


if __name__ == '__main__':
    harness.main()
