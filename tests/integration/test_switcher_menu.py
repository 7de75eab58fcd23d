#!/usr/bin/python3
"""The window switcher (Alt+Tab, Alt+grave) and the window menu (Alt+space,
a right click on the title strip), both GTK3 popups purr shows as
override-redirect windows on its own GTK connection.

The switcher is held open with xdotool keydown alt, stepped with Tab and
Shift+Tab, and committed by keyup alt; a quick `xdotool key alt+Tab`
switches at once. The menu is driven with the keyboard: a menu popped up
by a key has its first entry selected, as in GNOME, so n Downs reach entry
n (counting from 0: Minimize, Maximize, Move, Resize, Always on Top, Always on Visible
Workspace, Move to Workspace, Close; GTK skips insensitive entries).

Popups are found as viewable override-redirect children of the root that
were not there before (purr's frames are override-redirect too, so sets
are compared, never taken whole). After every test purr must hold no grab,
through either of its connections."""

import harness
import input_helpers
import testclient
from input_helpers import InputTestCase

MAX_V, MAX_H = '_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'

# Down presses from the first entry (selected when a key opened the menu)
# to each entry of an ordinary window's menu (every entry sensitive).
MINIMIZE, MAXIMIZE, MOVE, RESIZE, ABOVE, STICKY, WORKSPACES, CLOSE = \
    range(0, 8)


class SwitcherTest(InputTestCase):

    def three(self):
        """A, B and C mapped in that order: most recently used C, B, A."""
        a = self.placed(100, 100, title='A')
        b = self.placed(350, 250, title='B')
        c = self.placed(600, 400, title='C')
        self.assertFocused(c)
        return a, b, c

    def hold(self):
        self.xdo('keydown', 'alt')

    def release(self):
        self.xdo('keyup', 'alt')
        self.h.sync()

    def test_quick_alt_tab_switches_to_the_previous_window(self):
        a, b, c = self.three()
        self.key('alt+Tab')
        self.assertFocused(b)
        self.assertEqual(self.h.client_list_stacking()[-1], b.id,
                         'the chosen window was not raised')
        self.key('alt+Tab')
        self.assertFocused(c)

    def test_holding_alt_tab_twice_goes_two_back(self):
        a, b, c = self.three()
        self.hold()
        self.key('Tab', 'Tab')
        self.assertFocused(c)  # nothing happens before Alt is let go
        self.release()
        self.assertFocused(a)

    def test_shift_tab_steps_back(self):
        a, b, c = self.three()
        self.hold()
        self.key('Tab', 'Tab', 'shift+Tab')
        self.release()
        self.assertFocused(b)

    def test_tab_wraps_around(self):
        a, b, c = self.three()
        self.hold()
        self.key('Tab', 'Tab', 'Tab')
        self.release()
        self.assertFocused(c)

    def test_alt_shift_tab_starts_from_the_least_recent(self):
        a, b, c = self.three()
        self.hold()
        self.key('shift+Tab')
        self.release()
        self.assertFocused(a)

    def test_escape_cancels_and_leaves_focus(self):
        a, b, c = self.three()
        stacking = self.h.client_list_stacking()
        self.hold()
        self.key('Tab', 'Tab', 'Escape')
        self.assertGrabsFree('after Escape, Alt still held')
        self.release()
        self.assertFocused(c)
        self.assertEqual(self.h.client_list_stacking(), stacking)

    def test_popup_shows_while_alt_is_held_and_goes_after_release(self):
        a, b, c = self.three()
        before = input_helpers.viewable_override_redirect(self.h)
        self.hold()
        self.key('Tab')
        popup = self.new_popup(before, what='the switcher')
        self.assertNotIn(popup, [self.h.frame_of(w) for w in (a, b, c)])
        self.release()
        self.wait_popups_gone(before, what='the switcher')
        self.assertFocused(b)

    def test_quick_alt_tab_shows_no_popup(self):
        a, b, c = self.three()
        before = input_helpers.viewable_override_redirect(self.h)
        self.key('alt+Tab')
        self.assertFocused(b)
        self.assertEqual(input_helpers.viewable_override_redirect(self.h),
                         before)

    def test_minimized_window_is_listed_and_restored_when_chosen(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(400, 300, title='B')
        self.g.iconify(a)
        self.h.sync()
        self.assertTrue(self.is_minimized(a))
        self.assertFocused(b)
        self.key('alt+Tab')
        self.assertFalse(self.is_minimized(a), 'A was not restored')
        self.assertEqual(self.h.wm_state(a), testclient.NormalState)
        self.assertTrue(self.g.viewable(a))
        self.assertFocused(a)

    def test_lists_only_the_current_workspace(self):
        a = self.placed(100, 100, title='A')
        other = self.c.create_window(x=300, y=200, title='on workspace 2',
                                     desktop=1)
        self.h.sync()
        self.assertEqual(self.h.wm_desktop(other), 1)
        c = self.placed(600, 400, title='C')
        self.h.activate(other)  # most recently used, but elsewhere
        self.h.sync()
        self.h.set_current_desktop(0)
        self.h.sync()
        self.h.activate(c)
        self.h.sync()
        self.assertFocused(c)
        self.hold()
        self.key('Tab', 'Tab')  # two windows here: back to C
        self.release()
        self.assertFocused(c)
        self.assertEqual(self.h.current_desktop(), 0)
        self.key('alt+Tab')
        self.assertFocused(a)

    def test_alt_grave_switches_within_the_application(self):
        a = self.placed(100, 100, title='A', wm_class=('one', 'One'))
        b = self.placed(300, 200, title='B', wm_class=('two', 'Two'))
        c = self.placed(600, 400, title='C', wm_class=('one', 'One'))
        self.assertFocused(c)
        self.key('alt+grave')
        self.assertFocused(a)
        self.hold()
        self.key('grave', 'grave')
        self.release()
        self.assertFocused(a)  # two windows of One: twice is back
        self.assertNotEqual(self.h.active_window(), b.id)

    def test_window_destroyed_while_switcher_is_open(self):
        a, b, c = self.three()
        before = input_helpers.viewable_override_redirect(self.h)
        self.hold()
        self.key('Tab')  # B selected
        self.new_popup(before, what='the switcher')
        b.destroy()
        self.h.sync()
        self.release()
        self.wait_popups_gone(before, what='the switcher')
        self.assertIn(self.h.active_window(), (a.id, c.id))
        self.assertTrue(self.purr.alive())

    def test_switcher_during_a_drag_does_not_start(self):
        a, b, c = self.three()
        self.key('alt+F7')
        self.key('alt+Tab')
        self.key('Escape')
        self.assertGrabsFree('after the keyboard move ended')
        self.assertFocused(c)


class WindowMenuTest(InputTestCase):

    def open_menu(self, w):
        """Alt+space on the focused w; the menu's XID once it shows."""
        self.assertFocused(w)
        before = input_helpers.viewable_override_redirect(self.h)
        self.xdo('key', 'alt+space')
        self.h.sync()
        menu = self.new_popup(before, what='the window menu')
        return menu, before

    def choose(self, downs, before, extra=()):
        for _ in range(downs):
            self.xdo('key', 'Down')
        for k in extra:
            self.xdo('key', k)
        self.xdo('key', 'Return')
        self.wait_popups_gone(before, what='the window menu')
        self.h.sync()

    def test_alt_space_opens_the_menu_under_the_title_strip(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        mx, my = self.h.outer_rect(menu)[:2]
        fx, fy = self.frame(w)[:2]
        left, right, top, bottom = self.ext(w)
        self.assertLessEqual(abs(mx - (fx + left)), 8,
                             'menu at x %d, the strip starts at %d'
                             % (mx, fx + left))
        self.assertLessEqual(abs(my - (fy + top)), 8,
                             'menu at y %d, the strip ends at %d'
                             % (my, fy + top))
        self.xdo('key', 'Escape')
        self.wait_popups_gone(before, what='the window menu')

    def test_minimize(self):
        a = self.placed(100, 100, title='A')
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(MINIMIZE, before)
        self.assertTrue(self.is_minimized(w))
        self.assertFocused(a)

    def test_maximize(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(MAXIMIZE, before)
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.assertFrameIs(w, self.workarea())

    def test_move_then_arrows(self):
        w = self.placed(300, 250, title='W')
        x, y, fw, fh = self.frame(w)
        menu, before = self.open_menu(w)
        self.choose(MOVE, before)
        self.key('Right', 'Right', 'Return')
        self.assertFrameIs(w, (x + 20, y, fw, fh))

    def test_resize_then_arrows(self):
        w = self.placed(300, 250, title='W')
        x, y, cw, ch = self.client(w)
        menu, before = self.open_menu(w)
        self.choose(RESIZE, before)
        self.key('Right', 'Down', 'Return')
        self.assertEqual(self.client(w), (x, y, cw + 10, ch + 10))

    def test_always_on_top(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(ABOVE, before)
        self.assertIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(w))
        menu, before = self.open_menu(w)
        self.choose(ABOVE, before)
        self.assertNotIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(w))

    def test_always_on_visible_workspace(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(STICKY, before)
        self.assertEqual(self.h.wm_desktop(w), 0xFFFFFFFF)

    def test_move_to_workspace_submenu_skips_the_current_one(self):
        # The submenu opens with its first sensitive entry selected; the
        # window's own workspace (the first) is insensitive, so that is
        # the second.
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(WORKSPACES, before, extra=('Right',))
        self.assertEqual(self.h.wm_desktop(w), 1)

    def test_close(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(CLOSE, before)
        self.assertEqual(len(self.deletes(w)), 1)

    def test_escape_closes_with_no_effect_and_no_grab(self):
        w = self.placed(300, 250, title='W')
        frame = self.frame(w)
        state = self.h.net_wm_state(w)
        menu, before = self.open_menu(w)
        self.assertNotEqual(input_helpers.grab_status(self.h.display_name),
                            (0, 0), 'the open menu holds no grab')
        self.xdo('key', 'Down')
        self.xdo('key', 'Escape')
        self.wait_popups_gone(before, what='the window menu')
        self.h.sync()
        self.assertGrabsFree('after Escape closed the menu')
        self.assertEqual(self.h.net_wm_state(w), state)
        self.assertFrameIs(w, frame)
        self.assertEqual(self.deletes(w), [])
        self.assertFocused(w)

    def test_fixed_size_window_has_resize_and_maximize_insensitive(self):
        w = self.placed(300, 250, width=200, height=150, title='fixed',
                        normal_hints={'min': (200, 150), 'max': (200, 150)})
        actions = self.g.actions(w)
        self.assertNotIn('_NET_WM_ACTION_RESIZE', actions)
        menu, before = self.open_menu(w)
        # Minimize, (Maximize), Move, (Resize), Always on Top: from
        # Minimize, two Downs reach Always on Top only if both are skipped.
        self.choose(2, before)
        self.assertIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(w))
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))

    def test_right_click_on_the_title_strip_opens_the_menu_at_the_pointer(self):
        w = self.placed(300, 250, title='W')
        px, py = self.strip_point(w, 0.4)
        before = input_helpers.viewable_override_redirect(self.h)
        self.move_pointer(px, py)
        self.xdo('click', 3)
        self.h.sync()
        menu = self.new_popup(before, what='the window menu')
        mx, my = self.h.outer_rect(menu)[:2]
        self.assertLessEqual(abs(mx - px), 8, 'menu x %d, pointer x %d'
                             % (mx, px))
        self.assertLessEqual(abs(my - py), 8, 'menu y %d, pointer y %d'
                             % (my, py))
        # Opened by a click, the menu has nothing selected: one more Down.
        self.choose(MINIMIZE + 1, before)
        self.assertTrue(self.is_minimized(w))

    def test_right_click_inside_the_window_opens_no_menu(self):
        w = self.placed(300, 250, title='W')
        before = input_helpers.viewable_override_redirect(self.h)
        self.move_pointer(*self.centre(w))
        self.xdo('click', 3)
        self.h.sync()
        self.assertEqual(input_helpers.viewable_override_redirect(self.h),
                         before)

    def test_window_destroyed_while_its_menu_is_open(self):
        a = self.placed(100, 100, title='A')
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        w.destroy()
        self.h.sync()
        # Whether the menu closed with its window or not, choosing
        # Minimize now must do nothing to anyone.
        if input_helpers.viewable_override_redirect(self.h) - before:
            self.choose(MINIMIZE, before)
        self.h.sync()
        self.assertTrue(self.purr.alive())
        self.assertFalse(self.is_minimized(a))
        self.assertManaged(a)
        self.assertGrabsFree('after the menu of a destroyed window')


if __name__ == '__main__':
    harness.main()
