#!/usr/bin/python3
"""Key bindings: the defaults (grabbed on the root, working with Num Lock
and Caps Lock on, grabbed again after setxkbmap), bindings from purr.conf,
the keyboard move and resize, and purr.conf reloading (file monitor and
SIGHUP) with its error lines.

Keys are pressed with xdotool (XTEST) on the private Xvfb, whose default
keymap has Super_L on Mod4. After every test purr must hold no grab."""

import os
import signal
import subprocess
import time

import harness
from input_helpers import InputTestCase

MAX_V, MAX_H = '_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'


def left_half(wa):
    return (wa[0], wa[1], wa[2] // 2, wa[3])


def right_half(wa):
    return (wa[0] + wa[2] // 2, wa[1], wa[2] - wa[2] // 2, wa[3])


class DefaultBindingsTest(InputTestCase):

    def two_windows(self):
        a = self.placed(100, 120, title='A')
        b = self.placed(420, 300, title='B')
        self.assertFocused(b)
        return a, b

    def test_alt_f4_closes_the_focused_window_only(self):
        a, b = self.two_windows()
        self.key('alt+F4')
        self.assertEqual(len(self.deletes(b)), 1,
                         'Alt+F4 sent no WM_DELETE_WINDOW to the focused '
                         'window')
        self.assertEqual(self.deletes(a), [])

    def test_alt_f4_closes_an_xterm(self):
        p = self.h.spawn(['xterm', '-T', 'purr-it xterm'])
        self.h.wait_client(lambda w: self.h.prop(w, '_NET_WM_PID') and
                           self.h.prop(w, '_NET_WM_PID')[2][0] == p.pid,
                           proc=p, message='xterm')
        self.h.wait_until(lambda: self.h.active_window() ==
                          self.h.client_by_pid(p.pid), 5,
                          'the xterm to be focused')
        self.key('alt+F4')
        p.expected_exit = True
        p.wait(5)

    def test_alt_f10_toggles_maximized(self):
        w = self.placed(200, 150, title='W')
        before = self.frame(w)
        self.key('alt+F10')
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.assertFrameIs(w, self.workarea(), 'after Alt+F10')
        self.key('alt+F10')
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))
        self.assertFrameIs(w, before, 'after the second Alt+F10')

    def test_super_up_maximizes_and_super_down_restores(self):
        w = self.placed(200, 150, title='W')
        before = self.frame(w)
        self.key('super+Up')
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.assertFrameIs(w, self.workarea(), 'after Super+Up')
        self.key('super+Up')  # maximize, not a toggle
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.key('super+Down')
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))
        self.assertFrameIs(w, before, 'after Super+Down')

    def test_super_left_tiles_left_half_and_toggles_back(self):
        w = self.placed(200, 150, title='W')
        before = self.frame(w)
        self.key('super+Left')
        self.assertFrameIs(w, left_half(self.workarea()), 'after Super+Left')
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w),
                         'tiling is not maximizing')
        self.key('super+Left')
        self.assertFrameIs(w, before, 'after the second Super+Left')

    def test_super_right_tiles_right_half_and_super_down_restores(self):
        w = self.placed(200, 150, title='W')
        before = self.frame(w)
        self.key('super+Right')
        self.assertFrameIs(w, right_half(self.workarea()),
                           'after Super+Right')
        self.key('super+Down')
        self.assertFrameIs(w, before, 'after Super+Down')

    def test_super_left_then_right_goes_to_right_half(self):
        w = self.placed(200, 150, title='W')
        self.key('super+Left', 'super+Right')
        self.assertFrameIs(w, right_half(self.workarea()))

    def test_bindings_work_with_num_lock_and_caps_lock_on(self):
        w = self.placed(200, 150, title='W')
        self.key('Num_Lock', 'Caps_Lock')
        mask = self.h.root.query_pointer().mask
        self.assertTrue(mask & 0x10, 'Num Lock (Mod2) did not lock on')
        self.assertTrue(mask & 0x02, 'Caps Lock did not lock on')
        self.key('alt+F10')
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w),
                             'Alt+F10 with Num Lock and Caps Lock on')
        self.key('super+Down')
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w),
                         'Super+Down with Num Lock and Caps Lock on')
        self.key('alt+F4')
        self.assertEqual(len(self.deletes(w)), 1,
                         'Alt+F4 with Num Lock and Caps Lock on')
        self.key('Num_Lock', 'Caps_Lock')

    def test_ctrl_alt_left_right_switch_workspaces_without_wrapping(self):
        self.placed(200, 150, title='W')
        self.assertEqual(self.h.current_desktop(), 0)
        self.key('ctrl+alt+Left')
        self.assertEqual(self.h.current_desktop(), 0, 'wrapped at the start')
        self.key('ctrl+alt+Right')
        self.assertEqual(self.h.current_desktop(), 1)
        self.key('ctrl+alt+Right', 'ctrl+alt+Right')
        self.assertEqual(self.h.current_desktop(), 3)
        self.key('ctrl+alt+Right')
        self.assertEqual(self.h.current_desktop(), 3, 'wrapped at the end')
        self.key('ctrl+alt+Left')
        self.assertEqual(self.h.current_desktop(), 2)

    def test_shift_ctrl_alt_right_moves_window_and_follows_it(self):
        a = self.placed(100, 100, title='A')
        w = self.placed(300, 200, title='W')
        self.assertFocused(w)
        self.key('shift+ctrl+alt+Right')
        self.assertEqual(self.h.current_desktop(), 1)
        self.assertEqual(self.h.wm_desktop(w), 1)
        self.assertEqual(self.h.wm_desktop(a), 0)
        self.assertFocused(w)
        self.assertTrue(self.g.viewable(w))
        self.assertFalse(self.g.viewable(a))
        self.key('shift+ctrl+alt+Left')
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertEqual(self.h.wm_desktop(w), 0)
        self.assertFocused(w)
        self.key('shift+ctrl+alt+Left')  # no workspace left of the first
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertEqual(self.h.wm_desktop(w), 0)

    def test_super_d_toggles_showing_desktop(self):
        w = self.placed(200, 150, title='W')
        self.key('super+d')
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_SHOWING_DESKTOP'), [1])
        self.assertFalse(self.g.viewable(w), 'window still shown')
        self.key('super+d')
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_SHOWING_DESKTOP'), [0])
        self.assertTrue(self.g.viewable(w), 'window not shown again')

    def test_unbound_actions_do_nothing_by_default(self):
        w = self.placed(200, 150, title='W')
        state = self.h.net_wm_state(w)
        for combo in ('super+h', 'super+f', 'super+a', 'super+s',
                      'super+1', 'super+2'):
            self.key(combo)
        self.assertEqual(self.h.net_wm_state(w), state)
        self.assertEqual(self.h.current_desktop(), 0)
        self.assertManaged(w)


class KeymapChangeTest(InputTestCase):
    # Alt+F10 keeps its keycode under any layout; 'z' moves to another
    # keycode in the German layout, so a binding to it only works if purr
    # grabbed again after the keymap changed.
    config = '[keybindings]\nminimize = Super+z\n'

    def setxkbmap(self, layout):
        r = subprocess.run(['setxkbmap', '-layout', layout],
                           env=self.h.env(), capture_output=True, text=True,
                           timeout=20, stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            self.skipTest('setxkbmap failed: %s' % r.stderr)
        self.h.sync()

    def keycode(self, name):
        """The keycode of keysym name in the server's current keymap (a
        new connection: the harness's caches the old one)."""
        from Xlib import XK
        from Xlib import display as xdisplay
        d = xdisplay.Display(self.h.display_name)
        try:
            return d.keysym_to_keycode(XK.string_to_keysym(name))
        finally:
            d.close()

    def test_bindings_grabbed_again_after_setxkbmap(self):
        w = self.placed(200, 150, title='W')
        us_z = self.keycode('z')
        self.setxkbmap('de')
        self.assertNotEqual(self.keycode('z'), us_z,
                            'setxkbmap de did not move z: the test proves '
                            'nothing')
        self.key('alt+F10')
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w),
                             'Alt+F10 after setxkbmap de')
        self.key('super+z')
        self.assertTrue(self.is_minimized(w),
                        'Super+z (keycode %d under us) after setxkbmap de'
                        % us_z)


def wakeups(pid):
    """Voluntary context switches of all of pid's threads: each is a
    wakeup from a sleep."""
    total = 0
    for t in os.listdir('/proc/%d/task' % pid):
        with open('/proc/%d/task/%s/status' % (pid, t)) as f:
            for line in f:
                if line.startswith('voluntary_ctxt_switches:'):
                    total += int(line.split()[1])
    return total


class ConfigWatchTest(InputTestCase):
    """purr.conf in $XDG_CONFIG_HOME/purr, whose directory does not exist
    at start: purr must not poll for it (idle means no wakeups), and must
    still see the file when the directory and file are made."""

    def test_idle_with_no_config_directory_never_wakes(self):
        self.h.sync()
        # Let the threads purr started settle (the last reply is read).
        time.sleep(0.5)
        before = wakeups(self.purr.pid)
        # GLib polls a missing path every 4 s when asked to watch it.
        time.sleep(6)  # measuring idleness, not waiting for an event
        self.assertEqual(wakeups(self.purr.pid) - before, 0,
                         'purr woke up while nothing happened')

    def test_config_made_later_is_read(self):
        w = self.placed(200, 150, title='W')
        d = os.path.join(self.h.env()['XDG_CONFIG_HOME'], 'purr')
        before = self.reloads()
        os.makedirs(d)
        with open(os.path.join(d, 'purr.conf.tmp'), 'w') as f:
            f.write('[keybindings]\nminimize = Super+h\n')
        os.rename(os.path.join(d, 'purr.conf.tmp'),
                  os.path.join(d, 'purr.conf'))
        self.wait_reloaded(before)
        self.key('super+h')
        self.assertTrue(self.is_minimized(w))


class KeyboardWithoutSuperTest(InputTestCase):
    """A keyboard with no Super key (xmodmap takes it off Mod4): purr says
    so in one line, grabs the rest, and Alt bindings keep working."""

    def xmodmap(self, expr):
        r = subprocess.run(['xmodmap', '-e', expr], env=self.h.env(),
                           capture_output=True, text=True, timeout=20,
                           stdin=subprocess.DEVNULL)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.h.sync()

    def test_no_super_key_is_one_log_line_and_alt_still_works(self):
        w = self.placed(200, 150, title='W')
        mark = len(self.log_lines())
        self.xmodmap('clear mod4')
        self.h.wait_until(lambda: any('no Super key' in l
                                      for l in self.log_lines()[mark:]),
                          message='the no-Super line')
        self.xmodmap('clear mod4')  # a second mapping change
        self.key('alt+F10')
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.key('super+Down')  # no Super: nothing happens
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        lines = [l for l in self.log_lines()[mark:] if 'no Super key' in l]
        self.assertEqual(len(lines), 1,
                         'expected the no-Super line once, got %r' % lines)
        self.assertTrue(self.purr.alive())


class MissingKeyTest(InputTestCase):
    """A binding to a keysym no key of this keyboard makes is reported
    with the file and line; the other bindings are grabbed."""
    config = ('[keybindings]\n'
              'minimize = Super+braille_dot_1\n'
              'close = Super+q\n')

    def test_missing_key_is_reported_with_its_line(self):
        lines = [l for l in self.log_lines()
                 if "no key on this keyboard makes 'braille_dot_1'" in l]
        self.assertEqual(len(lines), 1, self.log_lines())
        self.assertIn('%s:2:' % self.config_path, lines[0])
        w = self.placed(200, 150, title='W')
        self.key('super+q')
        self.assertEqual(len(self.deletes(w)), 1)


class KeyboardMoveResizeTest(InputTestCase):

    def test_alt_f7_arrows_return_moves_ten_pixels_per_arrow(self):
        w = self.placed(300, 250, title='W')
        x, y, fw, fh = self.frame(w)
        self.key('alt+F7', 'Right', 'Right', 'Down', 'Return')
        self.assertFrameIs(w, (x + 20, y + 10, fw, fh))

    def test_ctrl_arrow_moves_one_pixel(self):
        w = self.placed(300, 250, title='W')
        x, y, fw, fh = self.frame(w)
        self.key('alt+F7', 'ctrl+Left', 'ctrl+Left', 'ctrl+Up', 'Return')
        self.assertFrameIs(w, (x - 2, y - 1, fw, fh))

    def test_alt_f7_escape_restores_the_original_place(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        self.key('alt+F7', 'Right', 'Right', 'Down')
        self.assertEqual(self.frame(w)[:2], (before[0] + 20, before[1] + 10),
                         'the window does not follow the arrows')
        self.key('Escape')
        self.assertFrameIs(w, before, 'after Escape')

    def test_alt_f8_resizes_from_the_bottom_right_corner(self):
        w = self.placed(300, 250, title='W')
        cx, cy, cw, ch = self.client(w)
        self.key('alt+F8', 'Right', 'Right', 'Down', 'Return')
        self.assertEqual(self.client(w), (cx, cy, cw + 20, ch + 10))

    def test_alt_f8_escape_restores_the_size(self):
        w = self.placed(300, 250, title='W')
        before = self.client(w)
        self.key('alt+F8', 'Left', 'Up', 'Escape')
        self.assertEqual(self.client(w), before)

    def test_keyboard_move_ends_with_no_grab(self):
        w = self.placed(300, 250, title='W')
        self.assertFocused(w)
        self.key('alt+F7')
        self.assertNotEqual(self.grab_pair(), (0, 0),
                            'no grab during a keyboard move: the arrows '
                            'would go to the client')
        self.key('Right', 'Return')
        self.assertGrabsFree('after Return')
        self.key('alt+F8', 'Escape')
        self.assertGrabsFree('after Escape')

    def grab_pair(self):
        import input_helpers
        return input_helpers.grab_status(self.h.display_name)

    def test_window_destroyed_during_keyboard_move_leaves_no_grab(self):
        other = self.placed(100, 100, title='other')
        w = self.placed(300, 250, title='W')
        self.key('alt+F7', 'Right')
        w.destroy()
        self.h.sync()
        self.assertGrabsFree('after the moved window was destroyed')
        before = self.frame(other)
        self.key('Right', 'Return')
        self.assertEqual(self.frame(other), before,
                         'the arrows moved another window')
        self.assertTrue(self.purr.alive())

    def test_window_destroyed_during_keyboard_resize_leaves_no_grab(self):
        w = self.placed(300, 250, title='W')
        self.key('alt+F8', 'Right')
        w.destroy()
        self.h.sync()
        self.assertGrabsFree('after the resized window was destroyed')


class ConfigBindingsTest(InputTestCase):
    config = ('[keybindings]\n'
              'minimize = Super+h\n'
              'toggle-above = Super+a\n'
              'toggle-fullscreen = Super+f\n'
              'toggle-on-all-workspaces = Super+s\n'
              'toggle-shaded = Super+u\n'
              'switch-to-workspace-3 = Super+3\n'
              'move-to-workspace-2 = Super+2\n'
              'close =\n')

    def test_minimize_bound_in_config(self):
        a = self.placed(100, 100, title='A')
        w = self.placed(300, 250, title='W')
        self.key('super+h')
        self.assertTrue(self.is_minimized(w), 'Super+h did not minimize')
        self.assertFocused(a)

    def test_toggle_above_bound_in_config(self):
        w = self.placed(300, 250, title='W')
        self.key('super+a')
        self.assertIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(w))
        self.key('super+a')
        self.assertNotIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(w))

    def test_toggle_fullscreen_bound_in_config(self):
        w = self.placed(300, 250, title='W')
        self.key('super+f')
        self.assertIn('_NET_WM_STATE_FULLSCREEN', self.h.net_wm_state(w))
        g = self.h.geometry(self.h.root)
        self.assertEqual(self.client(w), (0, 0, g[2], g[3]))
        self.key('super+f')
        self.assertNotIn('_NET_WM_STATE_FULLSCREEN', self.h.net_wm_state(w))

    def test_toggle_on_all_workspaces_bound_in_config(self):
        w = self.placed(300, 250, title='W')
        self.key('super+s')
        self.assertEqual(self.h.wm_desktop(w), 0xFFFFFFFF)
        self.assertIn('_NET_WM_STATE_STICKY', self.h.net_wm_state(w))
        self.key('super+s')
        self.assertEqual(self.h.wm_desktop(w), 0)

    def test_toggle_shaded_bound_in_config(self):
        w = self.placed(300, 250, title='W')
        self.key('super+u')
        self.assertIn('_NET_WM_STATE_SHADED', self.h.net_wm_state(w))
        self.key('super+u')
        self.assertNotIn('_NET_WM_STATE_SHADED', self.h.net_wm_state(w))

    def test_switch_to_workspace_3_bound_in_config(self):
        self.placed(300, 250, title='W')
        self.key('super+3')
        self.assertEqual(self.h.current_desktop(), 2)

    def test_move_to_workspace_2_bound_in_config(self):
        w = self.placed(300, 250, title='W')
        self.key('super+2')
        self.assertEqual(self.h.wm_desktop(w), 1)
        self.assertEqual(self.h.current_desktop(), 1)
        self.assertFocused(w)

    def test_empty_value_unbinds_the_default(self):
        w = self.placed(300, 250, title='W')
        self.key('alt+F4')
        self.assertEqual(self.deletes(w), [], 'close = (empty) did not '
                         'unbind Alt+F4')
        self.assertManaged(w)

    def test_other_defaults_stay(self):
        w = self.placed(300, 250, title='W')
        self.key('alt+F10')
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))

    def test_no_error_lines_for_a_good_file(self):
        bad = [l for l in self.log_lines() if self.config_path in l
               or 'warning' in l]
        self.assertEqual(bad, [])


class ConfigReloadTest(InputTestCase):
    config = '[keybindings]\nclose = Super+q\n'

    def closes(self, combo):
        """Does combo close a fresh window? The window is gone after."""
        w = self.placed(300, 250, title='probe for %s' % combo)
        self.key(combo)
        n = len(self.deletes(w))
        w.destroy()
        self.h.sync()
        return n == 1

    def rewrite(self, text):
        before = self.reloads()
        self.write_config(text)
        self.wait_reloaded(before)

    def test_rebinding_takes_effect_when_the_file_changes(self):
        self.assertTrue(self.closes('super+q'), 'Super+q from --config')
        self.assertFalse(self.closes('alt+F4'),
                         'the file rebound close, Alt+F4 still closes')
        self.rewrite('[keybindings]\nclose = Super+w\n')
        self.assertTrue(self.closes('super+w'), 'Super+w after the reload')
        self.assertFalse(self.closes('super+q'), 'Super+q after the reload')

    def test_sighup_reloads_bindings(self):
        before = self.reloads()
        # Saved where the monitor may or may not see it first; SIGHUP
        # reloads in any case.
        self.write_config('[keybindings]\nclose = Super+e\n')
        self.purr.signal(signal.SIGHUP)
        self.wait_reloaded(before)
        self.assertTrue(self.closes('super+e'))
        self.assertFalse(self.closes('super+q'))

    def test_two_combos_for_one_action(self):
        self.rewrite('[keybindings]\nclose = Super+w;Alt+F4\n')
        self.assertTrue(self.closes('super+w'))
        self.assertTrue(self.closes('alt+F4'))

    def test_broken_file_names_each_error_once_and_keeps_last_good(self):
        self.rewrite('[keybindings]\nclose = Super+w\n')
        mark = len(self.log_lines())
        broken = ('[general]\n'                  # 1
                  'no-such-key = 1\n'            # 2
                  'focus-mode = banana\n'        # 3
                  '[keybindings]\n'              # 4
                  'no-such-action = Super+x\n'   # 5
                  'close = Alt+Tabb\n')          # 6
        before = self.reloads()
        self.write_config(broken)
        self.h.wait_until(
            lambda: (self.reloads() > before or any(
                '%s:6:' % self.config_path in l
                for l in self.log_lines()[mark:])),
            5, 'purr to read the broken file')
        self.h.sync()
        new = self.log_lines()[mark:]
        for line, word in ((2, 'no-such-key'), (3, 'banana'),
                           (5, 'no-such-action'), (6, 'Tabb')):
            tag = '%s:%d:' % (self.config_path, line)
            hits = [l for l in new if tag in l]
            self.assertEqual(len(hits), 1, 'expected one line naming %s, '
                             'got %r' % (tag, new))
            self.assertIn(word, hits[0])
            self.assertTrue(hits[0].startswith('purr: '), hits[0])
        self.assertTrue(self.purr.alive())
        self.assertTrue(self.closes('super+w'),
                        'the last good binding of close was lost')
        self.assertFalse(self.closes('alt+F4'))

        # The same file again: touched, then rewritten unchanged. There is
        # nothing purr answers to wait for, so the log is watched for a
        # bounded second (a negative check, not synchronisation).
        mark = len(self.log_lines())
        os.utime(self.config_path)
        self.write_config(broken)
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            self.assertEqual(self.log_lines()[mark:], [],
                             'an unchanged file logged again')
            time.sleep(0.05)
        self.h.sync()
        self.assertEqual(self.log_lines()[mark:], [],
                         'an unchanged file logged again')

        # Fixed again: the new binding works, no error lines.
        self.rewrite('[keybindings]\nclose = Super+e\n')
        self.assertEqual([l for l in self.log_lines()[mark:]
                          if self.config_path in l], [])
        self.assertTrue(self.closes('super+e'))

    def test_bad_value_in_general_keeps_last_good_focus_mode(self):
        # Sloppy first; a bad value must keep sloppy, not fall back to the
        # default (click).
        self.rewrite('[general]\nfocus-mode = sloppy\n')
        a = self.placed(100, 100, title='A')
        b = self.placed(600, 100, title='B')
        self.assertFocused(b)
        mark = len(self.log_lines())
        before = self.reloads()
        self.write_config('[general]\nfocus-mode = sideways\n')
        self.h.wait_until(
            lambda: self.reloads() > before or any(
                '%s:2:' % self.config_path in l
                for l in self.log_lines()[mark:]),
            5, 'purr to read the file')
        self.h.sync()
        self.move_pointer(*self.centre(a))
        self.assertFocused(a)


if __name__ == '__main__':
    harness.main()
