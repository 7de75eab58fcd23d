#!/usr/bin/python3
"""Regression tests: one per defect found in review, each named after it.

Every test here failed against the code before the fixes and passes after;
the overflow one fails there only through the sanitizer build beside the
purr under test (build-test/src/purr next to build/src/purr), when there is
one, since without UBSan the old arithmetic wrapped and the window stayed
reachable.

Clicks are real (XTEST, driven by xdotool); where a click must change
nothing, the clicked client selects ButtonPress and the test waits until the
click has reached it: purr replays a click only after it has handled it, so
a _PURR_SYNC after that sees everything the click did."""

import os
import signal
import subprocess

from Xlib import X
from Xlib.protocol import event as xevent

import harness
import testclient

# _MOTIF_WM_HINTS: flags bit 1 (value 2) says the decorations field counts.
MWM_HINTS_DECORATIONS = 2
# _NET_MOVERESIZE_WINDOW flags: bit 8 says x is given.
MOVERESIZE_X = 1 << 8
CLICK_MASK = testclient.WINDOW_EVENT_MASK | X.ButtonPressMask


def sanitizer_build():
    """A sanitizer build beside the purr under test (build-test/src/purr
    next to build/src/purr), or None."""
    purr = os.path.realpath(harness.purr_command()[0])
    src = os.path.dirname(purr)
    build = os.path.dirname(src)
    if os.path.basename(src) != 'src' or os.path.basename(build) != 'build':
        return None
    candidate = os.path.join(os.path.dirname(build), 'build-test', 'src',
                             'purr')
    if os.path.exists(candidate) and os.path.realpath(candidate) != purr:
        return candidate
    return None


class RegressionTest(harness.PurrTestCase):

    def run_tool(self, argv, timeout=10):
        r = subprocess.run(argv, env=self.h.env(), capture_output=True,
                           text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        self.assertEqual(r.returncode, 0, '%s failed (%d): %s%s' % (
            ' '.join(argv), r.returncode, r.stdout, r.stderr))
        return r.stdout

    def click(self, win):
        """Move the pointer to the middle of win and click button 1."""
        x, y, w, h = self.h.outer_rect(win)
        self.run_tool(['xdotool', 'mousemove', str(x + w // 2),
                       str(y + h // 2)])
        self.run_tool(['xdotool', 'click', '1'])

    def click_and_wait(self, win):
        """Click win (which selects ButtonPress) and wait until the click
        has reached it, then sync with purr."""
        start = len(win.client.events)
        self.click(win)
        got = win.client.wait_event(
            lambda e: e.type == X.ButtonPress and e.window.id == win.id,
            timeout=5, start=start)
        self.assertIsNotNone(got, 'the click never reached 0x%x' % win.id)
        self.h.sync()

    def check_window(self):
        return self.h.windows_prop(self.h.root, '_NET_SUPPORTING_WM_CHECK')[0]

    def context_switches(self, pid):
        total = 0
        with open('/proc/%d/status' % pid) as f:
            for line in f:
                if line.startswith(('voluntary_ctxt_switches',
                                    'nonvoluntary_ctxt_switches')):
                    total += int(line.split()[1])
        return total

    def replace_purr(self, argv=None, name='purr'):
        """Start a new purr with --replace, wait until the old one has
        left and the new one is ready; the new one is self.purr."""
        old = self.purr
        old.expected_exit = True
        if argv is None:
            new = self.h.start_purr(['--replace'], wait_ready=False)
        else:
            new = self.h.spawn(argv + ['--display', self.h.display_name,
                                       '--replace'], name=name)
        self.assertEqual(old.wait(10), 0, 'the old purr did not exit 0')
        self.h.wait_wm_ready(new)
        self.purr = new
        self.h.sync(proc=new)
        return new

    def assertReachable(self, win):
        # The frame as it shows: a compositor's shadow around it in the
        # frame window does not count.
        x, y, w, h = self.h.input_rect(self.h.frame_of(win))
        self.assertTrue(x < harness.SCREEN_W and x + w > 0
                        and y < harness.SCREEN_H and y + h > 0,
                        'frame of 0x%x at %r is off the screen'
                        % (win.id, (x, y, w, h)))


    def test_purr_sync_naming_purrs_own_window_is_ignored(self):
        w = self.window(title='framed')
        frame = self.assertManaged(w)
        for target in (self.check_window(), frame):
            self.h.send_message(self.h.root, '_PURR_SYNC', [target, 77])
        self.h.sync()
        pid = self.purr.pid
        last = [None]

        def idle():
            # Readings one poll interval apart (the first one only starts).
            now = self.context_switches(pid)
            quiet = now == last[0]
            last[0] = now
            return quiet
        # With nothing happening purr sleeps: its count of context switches
        # stops growing. A purr answering itself never sleeps.
        harness.wait_until(idle, 3, 'purr to go idle (it keeps running: '
                           'is it answering its own _PURR_SYNC?)',
                           interval=0.25)
        self.h.sync()


    def test_future_client_timestamp_does_not_poison_focus_stealing(self):
        a = self.window(title='a')
        self.assertFocused(a)
        future = (self.h.timestamp() + 0x7ff00000) & 0xFFFFFFFF
        self.h.activate(a, source=2, timestamp=future)
        self.h.sync()
        self.assertFocused(a)
        b = self.window(title='b', user_time=self.h.timestamp())
        self.assertFocused(b)


    def test_window_reparented_by_its_client_is_let_go(self):
        host = self.window(title='host', width=400, height=300)
        guest = self.window(title='guest', width=100, height=80)
        self.assertManaged(host)
        self.assertManaged(guest)
        guest.win.reparent(host.win, 10, 10)
        self.c.flush()
        self.h.sync()
        self.assertEqual(self.h.parent(guest), host.id,
                         'the guest was taken out of the window its client '
                         'put it in')
        self.assertEqual(self.h.map_state(guest), X.IsViewable)
        self.assertNotEqual(self.h.wm_state(guest), 0,
                            'the guest was marked Withdrawn')
        self.assertNotManaged(guest)
        self.assertManaged(host)
        self.assertStackingConsistent()


    def test_clicking_dock_or_desktop_window_switches_nothing(self):
        h = self.h
        with self.subTest('dock on desktop 0, clicked on desktop 2'):
            dock = self.window(title='dock', types=['DOCK'], desktop=0,
                               x=300, y=0, width=300, height=30,
                               event_mask=CLICK_MASK)
            self.window(title='on 2', desktop=2, x=100, y=300)
            h.set_current_desktop(2)
            h.sync()
            self.assertEqual(h.current_desktop(), 2)
            self.click_and_wait(dock)
            self.assertEqual(h.current_desktop(), 2,
                             'clicking the dock switched desktops')
        with self.subTest('desktop window while showing the desktop'):
            desk = self.window(title='desktop', types=['DESKTOP'], x=0,
                               y=0, width=harness.SCREEN_W,
                               height=harness.SCREEN_H,
                               event_mask=CLICK_MASK)
            h.send_message(h.root, '_NET_SHOWING_DESKTOP', [1])
            h.sync()
            self.assertEqual(h.cardinals(h.root, '_NET_SHOWING_DESKTOP'),
                             [1])
            self.click_and_wait(desk)
            self.assertEqual(h.cardinals(h.root, '_NET_SHOWING_DESKTOP'),
                             [1], 'clicking the desktop window ended '
                             '"show desktop"')


    def test_click_gives_focus_back_after_focus_was_taken_behind_purrs_back(
            self):
        # a takes its own clicks, as real programs do: only purr's grab
        # lets purr see them.
        a = self.window(title='a', x=200, y=200, width=300, height=200,
                        event_mask=CLICK_MASK)
        self.assertFocused(a)
        thief = self.h.client()
        thief.d.set_input_focus(X.PointerRoot, X.RevertToPointerRoot,
                                X.CurrentTime)
        thief.sync()
        self.h.sync()
        self.assertEqual(self.h.input_focus(), X.PointerRoot)
        self.click_and_wait(a)
        self.h.wait_until(lambda: self.h.input_focus() == a.id, 3,
                          'the click on 0x%x to give it the keyboard back'
                          % a.id)
        self.h.sync()
        self.assertFocused(a)


    def test_minimized_window_stays_minimized_across_replace(self):
        keep = self.window(title='visible')
        w = self.window(title='minimized')
        w.send_root_message('WM_CHANGE_STATE', [testclient.IconicState])
        self.h.sync()
        self.assertEqual(self.h.wm_state(w), testclient.IconicState)
        self.replace_purr()
        h = self.h
        self.assertIn(w.id, h.client_list())
        self.assertEqual(h.wm_state(w), testclient.IconicState)
        self.assertIn('_NET_WM_STATE_HIDDEN', h.net_wm_state(w))
        frame = h.frame_of(w)
        self.assertNotEqual(frame, w.id, 'not framed by the new purr')
        self.assertEqual(h.map_state(frame), X.IsUnmapped,
                         'the minimized window is shown again')
        self.assertManaged(keep)


    def test_synthetic_events_are_not_trusted(self):
        h = self.h
        a = self.window(title='a', x=50, y=50)
        b = self.window(title='b', x=400, y=300)
        self.assertFocused(b)
        with self.subTest('MapRequest for another client\'s window'):
            other = h.client()
            hidden = other.create_window(title='withdrawn', map=False)
            other.sync()
            ev = xevent.MapRequest(parent=self.c.root, window=hidden.id)
            self.c.root.send_event(ev, event_mask=X.SubstructureRedirectMask)
            self.c.flush()
            h.sync()
            self.assertNotManaged(hidden)
            self.assertEqual(h.map_state(hidden), X.IsUnmapped)
        with self.subTest('FocusIn on a window that does not have focus'):
            h.activate(b)
            h.sync()
            ev = xevent.FocusIn(window=a.win, detail=X.NotifyNonlinear,
                                mode=X.NotifyNormal)
            a.win.send_event(ev, event_mask=X.FocusChangeMask)
            self.c.flush()
            h.sync()
            self.assertFocused(b)
        with self.subTest('ButtonPress on a frame'):
            h.activate(b)
            h.sync()
            frame = h.frame_of(a)
            ev = xevent.ButtonPress(
                detail=1, time=X.CurrentTime, root=self.c.root,
                window=frame, child=X.NONE, root_x=60, root_y=60,
                event_x=5, event_y=5, state=0, same_screen=1)
            self.c.d.create_resource_object('window', frame).send_event(
                ev, event_mask=X.ButtonPressMask)
            self.c.flush()
            h.sync()
            self.assertFocused(b)
        with self.subTest('SelectionClear for WM_S0'):
            check = self.check_window()
            ev = xevent.SelectionClear(time=X.CurrentTime, window=check,
                                       atom=self.c.atom('WM_S0'))
            self.c.d.create_resource_object('window', check).send_event(
                ev, event_mask=0)
            self.c.flush()
            h.sync()
            self.assertTrue(self.purr.alive(), 'purr gave up and exited')
            self.assertEqual(h.wm_s0_owner(), check)
            self.assertManaged(a)


    def test_bad_wm_name_rewritten_is_logged_once(self):
        # WM_NAME is the title only without _NET_WM_NAME (else it is not read).
        w = self.window(title='good name', net_wm_name=False)
        self.assertManaged(w)
        for i in range(50):
            w.set_prop('WM_NAME', 'STRING', 32, [0x41414141, i])
        self.h.sync()
        tag = 'window 0x%x: WM_NAME' % w.id
        lines = [l for l in self.purr.stderr_lines() if tag in l]
        self.assertEqual(len(lines), 1, '\n'.join(lines[:5]))
        self.assertManaged(w)


    def test_desktop_names_from_a_pager_are_kept(self):
        self.run_tool(['xprop', '-root', '-format', '_NET_DESKTOP_NAMES',
                       '8u', '-set', '_NET_DESKTOP_NAMES', 'Mail'])
        self.h.sync()
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 1)
        names = self.h.prop(self.h.root, '_NET_DESKTOP_NAMES')
        self.assertIsNotNone(names)
        self.assertEqual(names[2].split(b'\0')[0], b'Mail',
                         'the pager\'s name was written over: %r'
                         % names[2])


    def test_moveresize_far_left_does_not_overflow(self):
        w = self.window(title='far', x=100, y=100)

        def far_left(proc):
            x = -2147483392
            self.h.send_message(w, '_NET_MOVERESIZE_WINDOW',
                                [MOVERESIZE_X, x & 0xFFFFFFFF, 0, 0, 0])
            self.h.sync(proc=proc)
            self.assertTrue(proc.alive())
            self.assertManaged(w)
            self.assertReachable(w)
            errors = [l for l in proc.stderr_lines() if 'runtime error' in l]
            self.assertEqual(errors, [], '%s: %s' % (proc.argv[0], errors))

        far_left(self.purr)
        sanitized = sanitizer_build()
        if sanitized:
            far_left(self.replace_purr([sanitized], name='purr-sanitizer'))


    def test_configure_request_changing_nothing_gets_configure_notify(self):
        w = self.window(title='w')
        self.c.sync()
        before = len(w.synthetic_configure_notifies())
        w.configure(border_width=3)
        self.h.sync()
        self.c.sync()
        after_border = len(w.synthetic_configure_notifies())
        self.assertGreater(after_border, before,
                           'no ConfigureNotify for a border_width request')
        self.assertEqual(self.h.client_list_stacking()[-1], w.id)
        w.configure(stack_mode=X.Above)
        self.h.sync()
        self.c.sync()
        self.assertGreater(len(w.synthetic_configure_notifies()),
                           after_border,
                           'no ConfigureNotify for a restack that changes '
                           'nothing')


    def test_dock_may_be_two_pixels_high(self):
        dock = self.window(title='panel', types=['DOCK'], x=0, y=0,
                           width=400, height=24)
        dock.configure(height=2)
        self.h.sync()
        self.assertEqual(self.h.geometry(dock)[3], 2)
        w = self.window(title='ordinary')
        lines_before = len(self.purr.stderr_lines())
        w.configure(height=2)
        self.h.sync()
        self.assertEqual(self.h.geometry(w)[3], 8)
        new_lines = self.purr.stderr_lines()[lines_before:]
        self.assertTrue(any('0x%x' % w.id in l and 'clamped' in l
                            for l in new_lines), new_lines)


    def test_undecorated_window_mapped_shaded_is_not_shaded(self):
        w = self.c.create_window(title='flat', x=100, y=100, width=300,
                                 height=200, states=['SHADED'], map=False)
        w.set_cardinals('_MOTIF_WM_HINTS',
                        [MWM_HINTS_DECORATIONS, 0, 0, 0, 0])
        w.map()
        self.h.sync()
        frame = self.assertManaged(w)
        self.assertNotIn('_NET_WM_STATE_SHADED', self.h.net_wm_state(w))
        fh = self.h.input_rect(frame)[3]
        self.assertGreaterEqual(fh, 200, 'the frame is %d px high' % fh)


    def test_deep_transient_chain_is_all_in_client_list_stacking(self):
        chain = []
        for i in range(40):
            chain.append(self.c.create_window(
                title='t%d' % i, x=20 + i * 5, y=20 + i * 5, width=120,
                height=80,
                transient_for=chain[-1] if chain else None))
        self.h.sync()
        listed = self.h.client_list_stacking()
        missing = [i for i, w in enumerate(chain) if w.id not in listed]
        self.assertEqual(missing, [], 'depths missing from '
                         '_NET_CLIENT_LIST_STACKING')
        self.assertStackingConsistent()


    def test_notification_and_splash_do_not_take_focus(self):
        a = self.window(title='typing here', x=50, y=50)
        self.assertFocused(a)
        note = self.window(title='note', types=['NOTIFICATION'], x=900,
                           y=20, width=300, height=80)
        self.assertFocused(a)
        splash = self.window(title='splash', types=['SPLASH'], x=400,
                             y=300, width=300, height=200)
        self.assertFocused(a)
        b = self.window(title='newer', x=850, y=0, width=400, height=300)
        self.assertFocused(b)
        order = self.h.clients_by_frame_stacking([note, b])
        self.assertEqual(order, [b.id, note.id],
                         'the notification is not above a newer window')
        self.assertIn(splash.id, self.h.client_list())


    def test_activating_parent_of_modal_dialog_focuses_dialog(self):
        parent = self.window(title='parent', x=50, y=50, width=400,
                             height=300)
        dialog = self.window(title='dialog', types=['DIALOG'],
                             states=['MODAL'], transient_for=parent,
                             x=100, y=100, width=200, height=100)
        self.assertFocused(dialog)
        other = self.window(title='other', x=600, y=400)
        self.h.activate(other)
        self.h.sync()
        self.assertFocused(other)
        self.h.activate(parent)
        self.h.sync()
        self.assertFocused(dialog)
        order = self.h.clients_by_frame_stacking([parent, dialog, other])
        self.assertEqual(order[-1], dialog.id)


    def test_click_gives_focus_back_after_a_popup_took_it(self):
        # a takes its own clicks, as real programs do: only purr's grab
        # lets purr see them.
        a = self.window(title='a', x=200, y=200, width=300, height=200,
                        event_mask=CLICK_MASK)
        self.assertFocused(a)
        # A popup purr does not manage takes the keyboard itself, away
        # from where the click will land.
        popup = self.c.create_window(title=None, wm_class=None,
                                     wm_hints=False, protocols=None,
                                     override_redirect=True, x=800, y=600,
                                     width=120, height=100)
        self.c.sync()
        popup.set_input_focus(X.CurrentTime)
        self.h.sync()
        self.assertEqual(self.h.input_focus(), popup.id)
        self.click_and_wait(a)
        self.h.wait_until(lambda: self.h.input_focus() == a.id, 3,
                          'the click on 0x%x to give it the keyboard back '
                          'from the popup' % a.id)
        self.h.sync()
        self.assertFocused(a)


    def test_activating_parent_of_nested_modal_dialogs_focuses_innermost(
            self):
        parent = self.window(title='parent', x=50, y=50, width=500,
                             height=400)
        outer = self.window(title='outer dialog', types=['DIALOG'],
                            states=['MODAL'], transient_for=parent,
                            x=100, y=100, width=300, height=200)
        inner = self.window(title='inner dialog', types=['DIALOG'],
                            states=['MODAL'], transient_for=outer,
                            x=150, y=150, width=200, height=100)
        self.assertFocused(inner)
        other = self.window(title='other', x=700, y=500)
        self.h.activate(other)
        self.h.sync()
        self.assertFocused(other)
        self.h.activate(parent)
        self.h.sync()
        self.assertFocused(inner)
        order = self.h.clients_by_frame_stacking([parent, outer, inner,
                                                  other])
        self.assertEqual(order[-1], inner.id)


    def test_activating_window_with_group_modal_dialog_focuses_dialog(self):
        # The group leader is an unmapped window of the application, as
        # toolkits make it.
        leader = self.c.create_window(title='leader', map=False)
        parent = self.window(title='parent', group=leader, x=50, y=50,
                             width=400, height=300)
        dialog = self.window(title='group dialog', types=['DIALOG'],
                             states=['MODAL'], group=leader,
                             transient_for=self.c.root.id, x=100, y=100,
                             width=200, height=100)
        other = self.window(title='other', x=600, y=400)
        self.h.activate(other)
        self.h.sync()
        self.assertFocused(other)
        self.h.activate(parent)
        self.h.sync()
        self.assertFocused(dialog)
        order = self.h.clients_by_frame_stacking([parent, dialog, other])
        self.assertEqual(order[-1], dialog.id)


    def test_minimized_window_reparented_by_its_client_is_let_go(self):
        host = self.window(title='host', width=400, height=300)
        guest = self.window(title='guest', width=100, height=80)
        self.assertManaged(host)
        self.assertManaged(guest)
        guest.send_root_message('WM_CHANGE_STATE', [testclient.IconicState])
        self.h.sync()
        self.assertEqual(self.h.wm_state(guest), testclient.IconicState)
        self.assertEqual(self.h.map_state(guest), X.IsUnmapped)
        guest.win.reparent(host.win, 10, 10)
        self.c.flush()
        self.h.sync()
        self.assertEqual(self.h.parent(guest), host.id)
        self.assertNotIn(guest.id, self.h.client_list(),
                         'the minimized guest is still managed after its '
                         'client moved it into another window')
        self.assertNotManaged(guest)
        self.h.activate(guest)
        self.h.sync()
        self.assertEqual(self.h.parent(guest), host.id,
                         'the guest was taken out of the window its client '
                         'put it in')
        self.assertEqual(self.h.map_state(guest), X.IsUnmapped,
                         'activating the let-go guest mapped it')
        self.assertNotManaged(guest)
        self.assertManaged(host)
        self.assertStackingConsistent()


class ConfigReloadRegressionTest(harness.PurrTestCase):
    """purr started here, with a configuration file of the test's own."""

    start_purr = False


    def test_sighup_with_broken_value_keeps_last_good_value(self):
        path = os.path.join(self.h.tmpdir, 'purr.conf')
        with open(path, 'w') as f:
            f.write('[workspaces]\ncount=8\n')
        self.purr = self.h.start_purr(['--config', path])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [8])
        with open(path, 'w') as f:
            f.write('[workspaces]\ncount=8x\n')
        self.purr.signal(signal.SIGHUP)
        self.h.wait_until(
            lambda: 'configuration reloaded' in self.purr.stderr(), 5,
            'purr to reload its configuration')
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [8])
        lines = [l for l in self.purr.stderr_lines()
                 if '%s:2:' % path in l]
        self.assertEqual(len(lines), 1, self.purr.stderr())
        self.assertIn('count', lines[0])


    def test_sighup_with_key_left_out_takes_default_again(self):
        path = os.path.join(self.h.tmpdir, 'purr.conf')
        with open(path, 'w') as f:
            f.write('[workspaces]\ncount=6\n')
        self.purr = self.h.start_purr(['--config', path])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [6])
        with open(path, 'w') as f:
            f.write('[workspaces]\n')
        self.purr.signal(signal.SIGHUP)
        self.h.wait_until(
            lambda: 'configuration reloaded' in self.purr.stderr(), 5,
            'purr to reload its configuration')
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [4],
                         'the count left out of the file kept its old '
                         'value instead of the default')


if __name__ == '__main__':
    harness.main()
